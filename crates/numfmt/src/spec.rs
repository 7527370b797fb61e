//! The format-spec mini-language (`format(value, spec)` / `__format__`).

use crate::floatfmt::{format_abs, Mode, Style};
use crate::intfmt::{IntRef, DEFAULT_MAX_STR_DIGITS};
use crate::{NumError, MAX_FORMAT_SIZE};
use num_bigint::BigInt;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// `<`
    Left,
    /// `>`
    Right,
    /// `^`
    Center,
    /// `=`: padding between sign/prefix and digits
    AfterSign,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sign {
    /// `-` (the default)
    Minus,
    /// `+`
    Plus,
    /// ` `
    Space,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grouping {
    /// `,`
    Comma,
    /// `_`
    Underscore,
}

impl Grouping {
    fn ch(self) -> char {
        match self {
            Grouping::Comma => ',',
            Grouping::Underscore => '_',
        }
    }
}

/// A parsed `[[fill]align][sign][z][#][0][width][grouping][.precision][type]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatSpec {
    /// Explicit fill character (only together with an explicit align).
    pub fill: Option<char>,
    pub align: Option<Align>,
    pub sign: Option<Sign>,
    /// `z`: coerce negative zero to positive zero.
    pub no_neg_zero: bool,
    /// `#`
    pub alternate: bool,
    /// The `0` flag (zero padding) was given without an explicit fill.
    pub zero_pad: bool,
    pub width: Option<usize>,
    pub grouping: Option<Grouping>,
    pub precision: Option<usize>,
    /// Presentation type; `None` when empty.
    pub ty: Option<char>,
}

fn too_many_digits() -> NumError {
    NumError::value("Too many decimal digits in format string")
}

fn align_of(c: char) -> Option<Align> {
    match c {
        '<' => Some(Align::Left),
        '>' => Some(Align::Right),
        '^' => Some(Align::Center),
        '=' => Some(Align::AfterSign),
        _ => None,
    }
}

/// Parse a run of decimal digits (any Unicode Nd digits, as CPython); `None` if there are none.
fn parse_number(chars: &[char], pos: &mut usize) -> Result<Option<usize>, NumError> {
    let start = *pos;
    let mut acc: usize = 0;
    while let Some(d) = chars
        .get(*pos)
        .and_then(|&c| crate::unicode::decimal_value(c))
    {
        acc = acc
            .checked_mul(10)
            .and_then(|a| a.checked_add(d as usize))
            .filter(|&a| a <= MAX_FORMAT_SIZE)
            .ok_or_else(too_many_digits)?;
        *pos += 1;
    }
    Ok(if *pos == start { None } else { Some(acc) })
}

/// Parse a format spec. `type_name` is the Python type name used in the
/// "Invalid format specifier" message (e.g. "float", "int", "str").
///
/// Widths and precisions above [`MAX_FORMAT_SIZE`] are rejected with
/// "Too many decimal digits in format string".
pub fn parse_format_spec(spec: &str, type_name: &str) -> Result<FormatSpec, NumError> {
    let c: Vec<char> = spec.chars().collect();
    let mut pos = 0;
    let mut fs = FormatSpec {
        fill: None,
        align: None,
        sign: None,
        no_neg_zero: false,
        alternate: false,
        zero_pad: false,
        width: None,
        grouping: None,
        precision: None,
        ty: None,
    };
    if let Some(a) = c.get(1).and_then(|&ch| align_of(ch)) {
        fs.fill = Some(c[0]);
        fs.align = Some(a);
        pos = 2;
    } else if let Some(a) = c.first().and_then(|&ch| align_of(ch)) {
        fs.align = Some(a);
        pos = 1;
    }
    match c.get(pos) {
        Some('+') => fs.sign = Some(Sign::Plus),
        Some('-') => fs.sign = Some(Sign::Minus),
        Some(' ') => fs.sign = Some(Sign::Space),
        _ => {}
    }
    if fs.sign.is_some() {
        pos += 1;
    }
    if c.get(pos) == Some(&'z') {
        fs.no_neg_zero = true;
        pos += 1;
    }
    if c.get(pos) == Some(&'#') {
        fs.alternate = true;
        pos += 1;
    }
    if fs.fill.is_none() && c.get(pos) == Some(&'0') {
        fs.zero_pad = true;
        pos += 1;
    }
    fs.width = parse_number(&c, &mut pos)?;
    let both = || NumError::value("Cannot specify both ',' and '_'.");
    if c.get(pos) == Some(&',') {
        fs.grouping = Some(Grouping::Comma);
        pos += 1;
    }
    if c.get(pos) == Some(&'_') {
        if fs.grouping.is_some() {
            return Err(both());
        }
        fs.grouping = Some(Grouping::Underscore);
        pos += 1;
    }
    if c.get(pos) == Some(&',') && fs.grouping == Some(Grouping::Underscore) {
        return Err(both());
    }
    if c.get(pos) == Some(&'.') {
        pos += 1;
        fs.precision = parse_number(&c, &mut pos)?;
        if fs.precision.is_none() {
            return Err(NumError::value("Format specifier missing precision"));
        }
    }
    if c.len() - pos > 1 {
        // The spec between quotes as it is, not its repr (CPython).
        return Err(NumError::value(format!(
            "Invalid format specifier '{spec}' for object of type '{type_name}'"
        )));
    }
    fs.ty = c.get(pos).copied();
    Ok(fs)
}

/// `'x'` or `'\x1'` as CPython prints a presentation-type character.
fn code_repr(c: char) -> String {
    let u = c as u32;
    if u > 32 && u < 128 {
        c.to_string()
    } else {
        format!("\\x{:x}", u)
    }
}

fn unknown_code(c: char, type_name: &str) -> NumError {
    NumError::value(format!(
        "Unknown format code '{}' for object of type '{}'",
        code_repr(c),
        type_name
    ))
}

/// The thousands-separator / presentation-type compatibility check CPython
/// performs while parsing (with the type's default presentation type).
fn check_grouping(fs: &FormatSpec, default_ty: Option<char>) -> Result<(), NumError> {
    let Some(g) = fs.grouping else { return Ok(()) };
    let ty = fs.ty.or(default_ty);
    let ok = match ty {
        None | Some('d' | 'e' | 'f' | 'g' | 'E' | 'G' | '%' | 'F') => true,
        Some('b' | 'o' | 'x' | 'X') => g == Grouping::Underscore,
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(NumError::value(format!(
            "Cannot specify '{}' with '{}'.",
            g.ch(),
            code_repr(ty.unwrap_or('\0'))
        )))
    }
}

/// Insert separators every `group` digits; when `min_width > 0` the digits
/// are left-padded with zeros (and separators) up to at least that width.
fn group_digits(digits: &str, sep: char, group: usize, min_width: usize) -> String {
    // `digits` is ASCII and `sep` is ',' or '_'; build the result backwards.
    let d = digits.as_bytes();
    let sep = sep as u8;
    let mut remaining = d.len() as isize;
    let mut min_w = min_width as isize;
    let g = group as isize;
    let mut out: Vec<u8> = Vec::with_capacity(d.len() + d.len() / group + min_width + 1);
    let mut first = true;
    loop {
        let l = g.min(remaining.max(min_w).max(1));
        let n_chars = remaining.min(l).max(0);
        let n_zeros = (l - remaining).max(0);
        if !first {
            out.push(sep);
        }
        first = false;
        for i in 0..n_chars {
            out.push(d[(remaining - 1 - i) as usize]);
        }
        out.extend(std::iter::repeat(b'0').take(n_zeros as usize));
        remaining -= n_chars;
        min_w -= g;
        if remaining <= 0 && min_w <= 0 {
            break;
        }
        min_w -= 1;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// Assemble `[sign][prefix][digits][rest]` with grouping and padding.
#[allow(clippy::too_many_arguments)]
fn layout(
    sign: &str,
    prefix: &str,
    digits: &str,
    rest: &str,
    grouping: Option<(char, usize)>,
    fill: char,
    align: Align,
    width: usize,
) -> String {
    let fixed_len = sign.chars().count() + prefix.chars().count() + rest.chars().count();
    let number = match grouping {
        Some((sep, n)) => {
            let min_w = if fill == '0' && align == Align::AfterSign {
                width.saturating_sub(fixed_len)
            } else {
                0
            };
            group_digits(digits, sep, n, min_w)
        }
        None => digits.to_string(),
    };
    let len = fixed_len + number.chars().count();
    let pad = width.saturating_sub(len);
    let fills = |n: usize| std::iter::repeat(fill).take(n).collect::<String>();
    let mut out = String::with_capacity(len + pad * fill.len_utf8());
    let (left, mid, right) = match align {
        Align::Left => (0, 0, pad),
        Align::Right => (pad, 0, 0),
        Align::Center => (pad / 2, 0, pad - pad / 2),
        Align::AfterSign => (0, pad, 0),
    };
    out.push_str(&fills(left));
    out.push_str(sign);
    out.push_str(prefix);
    out.push_str(&fills(mid));
    out.push_str(&number);
    out.push_str(rest);
    out.push_str(&fills(right));
    out
}

fn fill_align(fs: &FormatSpec, default_align: Align) -> (char, Align) {
    let fill = fs.fill.unwrap_or(if fs.zero_pad { '0' } else { ' ' });
    let align = fs
        .align
        .unwrap_or(if fs.zero_pad && default_align == Align::Right {
            Align::AfterSign
        } else {
            default_align
        });
    (fill, align)
}

fn sign_str(negative: bool, sign: Option<Sign>) -> &'static str {
    if negative {
        "-"
    } else {
        match sign {
            Some(Sign::Plus) => "+",
            Some(Sign::Space) => " ",
            _ => "",
        }
    }
}

/// Split "1234.5e+06" into ("1234", ".5e+06").
fn split_leading_digits(body: &str) -> (&str, &str) {
    let n = body.bytes().take_while(|b| b.is_ascii_digit()).count();
    body.split_at(n)
}

fn float_core(x: f64, fs: &FormatSpec, type_name: &str) -> Result<String, NumError> {
    let ty = fs.ty;
    let prec = fs.precision;
    let (mode, upper, add_dot_0, percent) = match ty {
        None => match prec {
            None => (Mode::Repr, false, true, false),
            Some(p) => (Mode::General(p), false, true, false),
        },
        Some('e') => (Mode::Exp(prec.unwrap_or(6)), false, false, false),
        Some('E') => (Mode::Exp(prec.unwrap_or(6)), true, false, false),
        Some('f') => (Mode::Fixed(prec.unwrap_or(6)), false, false, false),
        Some('F') => (Mode::Fixed(prec.unwrap_or(6)), true, false, false),
        Some('g' | 'n') => (Mode::General(prec.unwrap_or(6)), false, false, false),
        Some('G') => (Mode::General(prec.unwrap_or(6)), true, false, false),
        Some('%') => (Mode::Fixed(prec.unwrap_or(6)), false, false, true),
        Some(c) => return Err(unknown_code(c, type_name)),
    };
    let val = if percent { x * 100.0 } else { x };
    let mut body = format_abs(
        val,
        Style {
            mode,
            upper,
            alt: fs.alternate,
            add_dot_0,
        },
    );
    if percent {
        body.push('%');
    }
    let mut negative = val.is_sign_negative() && !val.is_nan();
    if negative && fs.no_neg_zero && val.is_finite() {
        let mantissa = body.split(['e', 'E']).next().unwrap_or("");
        if !mantissa.bytes().any(|b| (b'1'..=b'9').contains(&b)) {
            negative = false;
        }
    }
    let (fill, align) = fill_align(fs, Align::Right);
    let (digits, rest) = split_leading_digits(&body);
    // inf and nan are never grouped (nor zero-filled through the grouping)
    let grouping = fs.grouping.filter(|_| val.is_finite()).map(|g| (g.ch(), 3));
    Ok(layout(
        sign_str(negative, fs.sign),
        "",
        digits,
        rest,
        grouping,
        fill,
        align,
        fs.width.unwrap_or(0),
    ))
}

/// `format(x, spec)` for a float, with an already-parsed spec.
pub fn format_float(x: f64, fs: &FormatSpec) -> Result<String, NumError> {
    check_grouping(fs, None)?;
    float_core(x, fs, "float")
}

fn int_core(v: IntRef<'_>, fs: &FormatSpec, limit: usize) -> Result<String, NumError> {
    let ty = fs.ty.unwrap_or('d');
    let (radix, prefix) = match ty {
        'd' | 'n' => (10, ""),
        'b' => (2, "0b"),
        'o' => (8, "0o"),
        'x' => (16, "0x"),
        'X' => (16, "0X"),
        'c' => (0, ""),
        'e' | 'E' | 'f' | 'F' | 'g' | 'G' | '%' => {
            let x = v.to_f64()?;
            return float_core(x, fs, "int");
        }
        c => return Err(unknown_code(c, "int")),
    };
    if fs.precision.is_some() {
        return Err(NumError::value(
            "Precision not allowed in integer format specifier",
        ));
    }
    if fs.no_neg_zero {
        return Err(NumError::value(
            "Negative zero coercion (z) not allowed in integer format specifier",
        ));
    }
    let (fill, align) = fill_align(fs, Align::Right);
    let width = fs.width.unwrap_or(0);
    if ty == 'c' {
        if fs.sign.is_some() {
            return Err(NumError::value(
                "Sign not allowed with integer format specifier 'c'",
            ));
        }
        if fs.alternate {
            return Err(NumError::value(
                "Alternate form (#) not allowed with integer format specifier 'c'",
            ));
        }
        let code = v
            .to_i64()
            .ok_or_else(|| NumError::overflow("Python int too large to convert to C long"))?;
        let ch = u32::try_from(code)
            .ok()
            .filter(|&u| u <= 0x10ffff)
            .ok_or_else(|| NumError::overflow("%c arg not in range(0x110000)"))?;
        // Lone surrogates cannot live in a Rust string; U+FFFD stands in.
        let ch = char::from_u32(ch).unwrap_or('\u{fffd}');
        return Ok(layout(
            "",
            "",
            "",
            &ch.to_string(),
            None,
            fill,
            align,
            width,
        ));
    }
    let mut digits = v.abs_digits_checked(radix, limit)?;
    if ty == 'X' {
        digits.make_ascii_uppercase();
    }
    let grouping = fs
        .grouping
        .map(|g| (g.ch(), if radix == 10 { 3 } else { 4 }));
    Ok(layout(
        sign_str(v.is_negative(), fs.sign),
        if fs.alternate { prefix } else { "" },
        &digits,
        "",
        grouping,
        fill,
        align,
        width,
    ))
}

/// `format(v, spec)` for an int that fits in i64.
pub fn format_int_i64(v: i64, fs: &FormatSpec) -> Result<String, NumError> {
    check_grouping(fs, Some('d'))?;
    int_core(IntRef::Small(v), fs, 0)
}

/// `format(v, spec)` for an arbitrary int (default 4300-digit limit for
/// decimal output).
pub fn format_bigint(v: &BigInt, fs: &FormatSpec) -> Result<String, NumError> {
    format_bigint_with_limit(v, fs, DEFAULT_MAX_STR_DIGITS)
}

/// `format(v, spec)` with the interpreter's `sys.get_int_max_str_digits()`
/// (0 = unlimited).
pub fn format_bigint_with_limit(
    v: &BigInt,
    fs: &FormatSpec,
    max_str_digits: usize,
) -> Result<String, NumError> {
    check_grouping(fs, Some('d'))?;
    int_core(IntRef::Big(v), fs, max_str_digits)
}

/// `format(s, spec)` for a str.
pub fn format_str(s: &str, fs: &FormatSpec) -> Result<String, NumError> {
    check_grouping(fs, Some('s'))?;
    match fs.ty {
        None | Some('s') => {}
        Some(c) => return Err(unknown_code(c, "str")),
    }
    match fs.sign {
        Some(Sign::Space) => {
            return Err(NumError::value(
                "Space not allowed in string format specifier",
            ))
        }
        Some(_) => {
            return Err(NumError::value(
                "Sign not allowed in string format specifier",
            ))
        }
        None => {}
    }
    if fs.no_neg_zero {
        return Err(NumError::value(
            "Negative zero coercion (z) not allowed in string format specifier",
        ));
    }
    if fs.alternate {
        return Err(NumError::value(
            "Alternate form (#) not allowed in string format specifier",
        ));
    }
    if fs.align == Some(Align::AfterSign) {
        return Err(NumError::value(
            "'=' alignment not allowed in string format specifier",
        ));
    }
    let (fill, align) = fill_align(fs, Align::Left);
    let text: String = match fs.precision {
        Some(p) => s.chars().take(p).collect(),
        None => s.to_string(),
    };
    Ok(layout(
        "",
        "",
        "",
        &text,
        None,
        fill,
        align,
        fs.width.unwrap_or(0),
    ))
}

/// `format(complex(re, im), spec)`.
pub fn format_complex(re: f64, im: f64, fs: &FormatSpec) -> Result<String, NumError> {
    check_grouping(fs, None)?;
    let mut ty = match fs.ty {
        None => 'r',
        Some(c @ ('e' | 'E' | 'f' | 'F' | 'g' | 'G' | 'n')) => c,
        Some(c) => return Err(unknown_code(c, "complex")),
    };
    let (fill, align) = fill_align(fs, Align::Right);
    if fill == '0' {
        return Err(NumError::value(
            "Zero padding is not allowed in complex format specifier",
        ));
    }
    if align == Align::AfterSign {
        return Err(NumError::value(
            "'=' alignment flag is not allowed in complex format specifier",
        ));
    }
    // With no presentation type this is str(z): the real part is omitted when
    // it is +0.0, otherwise the result is parenthesised.
    let skip_re = fs.ty.is_none() && re == 0.0 && re.is_sign_positive();
    let parens = fs.ty.is_none() && !skip_re;
    if ty == 'n' {
        ty = 'g';
    }
    if ty == 'r' && fs.precision.is_some() {
        ty = 'g';
    }
    let p = fs.precision.unwrap_or(6);
    let mode = match ty.to_ascii_lowercase() {
        'e' => Mode::Exp(p),
        'f' => Mode::Fixed(p),
        'g' => Mode::General(p),
        _ => Mode::Repr,
    };
    let style = Style {
        mode,
        upper: ty.is_ascii_uppercase(),
        alt: fs.alternate,
        add_dot_0: false,
    };
    let part = |x: f64| -> (bool, String) {
        let body = format_abs(x, style);
        let mut negative = x.is_sign_negative() && !x.is_nan();
        if negative && fs.no_neg_zero && x.is_finite() {
            let mantissa = body.split(['e', 'E']).next().unwrap_or("");
            if !mantissa.bytes().any(|b| (b'1'..=b'9').contains(&b)) {
                negative = false;
            }
        }
        let body = match fs.grouping {
            Some(g) if x.is_finite() => {
                let (digits, rest) = split_leading_digits(&body);
                format!("{}{}", group_digits(digits, g.ch(), 3, 0), rest)
            }
            _ => body,
        };
        (negative, body)
    };
    let mut text = String::new();
    if parens {
        text.push('(');
    }
    let (im_neg, im_body) = part(im);
    if skip_re {
        text.push_str(sign_str(im_neg, fs.sign));
    } else {
        let (re_neg, re_body) = part(re);
        text.push_str(sign_str(re_neg, fs.sign));
        text.push_str(&re_body);
        text.push(if im_neg { '-' } else { '+' });
    }
    text.push_str(&im_body);
    text.push('j');
    if parens {
        text.push(')');
    }
    Ok(layout(
        "",
        "",
        "",
        &text,
        None,
        fill,
        align,
        fs.width.unwrap_or(0),
    ))
}

/// `complex.__format__(z, spec)`.
pub fn complex_dunder_format(re: f64, im: f64, spec: &str) -> Result<String, NumError> {
    format_complex(re, im, &parse_format_spec(spec, "complex")?)
}

/// `float.__format__(x, spec)`.
pub fn float_dunder_format(x: f64, spec: &str) -> Result<String, NumError> {
    format_float(x, &parse_format_spec(spec, "float")?)
}

/// `int.__format__(v, spec)` (default 4300-digit limit).
pub fn int_dunder_format(v: &BigInt, spec: &str) -> Result<String, NumError> {
    int_dunder_format_with_limit(v, spec, DEFAULT_MAX_STR_DIGITS)
}

/// `int.__format__(v, spec)` with an explicit digit limit (0 = unlimited).
pub fn int_dunder_format_with_limit(
    v: &BigInt,
    spec: &str,
    max_str_digits: usize,
) -> Result<String, NumError> {
    if spec.is_empty() {
        return crate::int_to_decimal_string(v, max_str_digits);
    }
    format_bigint_with_limit(v, &parse_format_spec(spec, "int")?, max_str_digits)
}

/// `int.__format__(v, spec)` for a small int.
pub fn i64_dunder_format(v: i64, spec: &str) -> Result<String, NumError> {
    if spec.is_empty() {
        return Ok(v.to_string());
    }
    format_int_i64(v, &parse_format_spec(spec, "int")?)
}

/// `str.__format__(s, spec)`.
pub fn str_dunder_format(s: &str, spec: &str) -> Result<String, NumError> {
    if spec.is_empty() {
        return Ok(s.to_string());
    }
    format_str(s, &parse_format_spec(spec, "str")?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ff(x: f64, s: &str) -> String {
        float_dunder_format(x, s).unwrap_or_else(|e| format!("!{}", e))
    }
    fn fi(x: i64, s: &str) -> String {
        i64_dunder_format(x, s).unwrap_or_else(|e| format!("!{}", e))
    }

    #[test]
    fn floats() {
        assert_eq!(ff(1234.0, ".4"), "1.234e+03");
        assert_eq!(ff(1.5, ".0"), "2e+00");
        assert_eq!(ff(0.5, ".0"), "0.5");
        assert_eq!(ff(1e16, "#"), "1.e+16");
        assert_eq!(ff(1.0, "#"), "1.0");
        assert_eq!(ff(0.125, ".2f"), "0.12");
        assert_eq!(ff(-0.0001, "z.2f"), "0.00");
        assert_eq!(ff(f64::INFINITY, "010"), "0000000inf");
        assert_eq!(ff(1234567.891, ",.2f"), "1,234,567.89");
        assert_eq!(ff(0.5, "%"), "50.000000%");
        assert_eq!(
            ff(1.5, "q"),
            "!Unknown format code 'q' for object of type 'float'"
        );
    }

    #[test]
    fn ints() {
        assert_eq!(fi(1, "0=8,"), "0,000,001");
        assert_eq!(fi(1234, "08,"), "0,001,234");
        assert_eq!(fi(65, "05c"), "0000A");
        assert_eq!(fi(255, "#_b"), "0b1111_1111");
        assert_eq!(fi(-255, "#X"), "-0XFF");
        assert_eq!(fi(1, ",x"), "!Cannot specify ',' with 'x'.");
        assert_eq!(
            fi(1, "abc"),
            "!Invalid format specifier 'abc' for object of type 'int'"
        );
        assert_eq!(
            fi(1, "\u{e9}"),
            "!Unknown format code '\\xe9' for object of type 'int'"
        );
        assert_eq!(
            fi(1, "99999999999999999999"),
            "!Too many decimal digits in format string"
        );
        assert_eq!(fi(1, "%"), "100.000000%");
    }

    #[test]
    fn strs() {
        assert_eq!(str_dunder_format("a", "05").unwrap(), "a0000");
        assert_eq!(str_dunder_format("abc", "^7.2").unwrap(), "  ab   ");
        assert!(str_dunder_format("a", "=5").is_err());
    }
}
