//! printf-style `%` conversions for numbers (`'%5.2f' % x`, `'%#x' % n`).
//! Parsing the template, `*` widths and %c/%s/%r belong to the interpreter.

use crate::floatfmt::{format_abs, Mode, Style};
use crate::intfmt::{IntRef, DEFAULT_MAX_STR_DIGITS};
use crate::{NumError, MAX_FORMAT_SIZE};
use num_bigint::BigInt;

/// The conversion flags `-`, `+`, ` `, `#`, `0`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PercentFlags {
    /// `-`: left-justify (overrides `0`).
    pub left: bool,
    /// `+`: always print a sign (overrides ` `).
    pub plus: bool,
    /// ` `: blank before positive numbers.
    pub space: bool,
    /// `#`: alternate form.
    pub alt: bool,
    /// `0`: zero padding.
    pub zero: bool,
}

impl PercentFlags {
    /// Build from a string of flag characters such as `"-#0"`; other
    /// characters are ignored.
    pub fn from_chars(s: &str) -> PercentFlags {
        let mut f = PercentFlags::default();
        for c in s.chars() {
            match c {
                '-' => f.left = true,
                '+' => f.plus = true,
                ' ' => f.space = true,
                '#' => f.alt = true,
                '0' => f.zero = true,
                _ => {}
            }
        }
        f
    }
}

fn check_sizes(width: usize, precision: Option<usize>) -> Result<(), NumError> {
    if width > MAX_FORMAT_SIZE {
        return Err(NumError::value("width too big"));
    }
    if precision.unwrap_or(0) > MAX_FORMAT_SIZE {
        return Err(NumError::value("precision too big"));
    }
    Ok(())
}

fn unsupported(conv: char) -> NumError {
    NumError::value(format!(
        "unsupported format character '{}' (0x{:x})",
        conv, conv as u32
    ))
}

fn pad(sign: &str, prefix: &str, body: &str, flags: PercentFlags, width: usize) -> String {
    let len = sign.len() + prefix.len() + body.len();
    let n = width.saturating_sub(len);
    let mut out = String::with_capacity(len + n);
    if flags.left {
        out.push_str(sign);
        out.push_str(prefix);
        out.push_str(body);
        out.extend(std::iter::repeat(' ').take(n));
    } else if flags.zero {
        out.push_str(sign);
        out.push_str(prefix);
        out.extend(std::iter::repeat('0').take(n));
        out.push_str(body);
    } else {
        out.extend(std::iter::repeat(' ').take(n));
        out.push_str(sign);
        out.push_str(prefix);
        out.push_str(body);
    }
    out
}

fn sign_for(negative: bool, flags: PercentFlags) -> &'static str {
    if negative {
        "-"
    } else if flags.plus {
        "+"
    } else if flags.space {
        " "
    } else {
        ""
    }
}

fn int_impl(
    v: IntRef<'_>,
    flags: PercentFlags,
    width: usize,
    precision: Option<usize>,
    conv: char,
    limit: usize,
) -> Result<String, NumError> {
    check_sizes(width, precision)?;
    let (radix, prefix) = match conv {
        'd' | 'i' | 'u' => (10, ""),
        'o' => (8, "0o"),
        'x' => (16, "0x"),
        'X' => (16, "0X"),
        c => return Err(unsupported(c)),
    };
    let mut digits = v.abs_digits_checked(radix, limit)?;
    if conv == 'X' {
        digits.make_ascii_uppercase();
    }
    if let Some(p) = precision {
        if p > digits.len() {
            digits.insert_str(0, &"0".repeat(p - digits.len()));
        }
    }
    let prefix = if flags.alt { prefix } else { "" };
    Ok(pad(
        sign_for(v.is_negative(), flags),
        prefix,
        &digits,
        flags,
        width,
    ))
}

/// `'%<flags><width>.<precision><conv>' % v` for an int, conv in `d i u o x X`
/// (default 4300-digit limit for decimal output).
pub fn percent_format_int(
    v: &BigInt,
    flags: PercentFlags,
    width: usize,
    precision: Option<usize>,
    conv: char,
) -> Result<String, NumError> {
    percent_format_int_with_limit(v, flags, width, precision, conv, DEFAULT_MAX_STR_DIGITS)
}

/// [`percent_format_int`] with the interpreter's `sys.get_int_max_str_digits()`
/// (0 = unlimited).
pub fn percent_format_int_with_limit(
    v: &BigInt,
    flags: PercentFlags,
    width: usize,
    precision: Option<usize>,
    conv: char,
    max_str_digits: usize,
) -> Result<String, NumError> {
    int_impl(
        IntRef::Big(v),
        flags,
        width,
        precision,
        conv,
        max_str_digits,
    )
}

/// Like [`percent_format_int`] for a small int.
pub fn percent_format_i64(
    v: i64,
    flags: PercentFlags,
    width: usize,
    precision: Option<usize>,
    conv: char,
) -> Result<String, NumError> {
    int_impl(IntRef::Small(v), flags, width, precision, conv, 0)
}

/// `'%<flags><width>.<precision><conv>' % x` for a float, conv in `e E f F g G`.
pub fn percent_format_float(
    x: f64,
    flags: PercentFlags,
    width: usize,
    precision: Option<usize>,
    conv: char,
) -> Result<String, NumError> {
    check_sizes(width, precision)?;
    let p = precision.unwrap_or(6);
    let (mode, upper) = match conv {
        'e' => (Mode::Exp(p), false),
        'E' => (Mode::Exp(p), true),
        'f' => (Mode::Fixed(p), false),
        'F' => (Mode::Fixed(p), true),
        'g' => (Mode::General(p), false),
        'G' => (Mode::General(p), true),
        c => return Err(unsupported(c)),
    };
    let body = format_abs(
        x,
        Style {
            mode,
            upper,
            alt: flags.alt,
            add_dot_0: false,
        },
    );
    let negative = x.is_sign_negative() && !x.is_nan();
    Ok(pad(sign_for(negative, flags), "", &body, flags, width))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basics() {
        let f = PercentFlags::from_chars;
        assert_eq!(
            percent_format_i64(255, f("#"), 0, Some(3), 'x').unwrap(),
            "0x0ff"
        );
        assert_eq!(
            percent_format_i64(8, f("#0"), 10, None, 'o').unwrap(),
            "0o00000010"
        );
        assert_eq!(
            percent_format_i64(-3, f("+0"), 5, None, 'd').unwrap(),
            "-0003"
        );
        assert_eq!(
            percent_format_i64(-255, f("#"), 0, None, 'X').unwrap(),
            "-0XFF"
        );
        assert_eq!(
            percent_format_float(f64::INFINITY, f("0"), 10, None, 'f').unwrap(),
            "0000000inf"
        );
        assert_eq!(
            percent_format_float(f64::NAN, f("-0"), 10, None, 'f').unwrap(),
            "nan       "
        );
        assert_eq!(
            percent_format_float(1.0, f("#"), 0, None, 'g').unwrap(),
            "1.00000"
        );
        assert_eq!(
            percent_format_float(1.0, f("#"), 0, Some(0), 'f').unwrap(),
            "1."
        );
        assert_eq!(
            percent_format_float(0.5, f(""), 0, Some(0), 'e').unwrap(),
            "5e-01"
        );
    }
}
