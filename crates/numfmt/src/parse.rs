//! `int(str, base)` and `float(str)`.

use crate::intfmt::{IntValue, DEFAULT_MAX_STR_DIGITS};
use crate::pyrepr::{py_str_repr, repr_truncated};
use crate::unicode::{decimal_value, is_unicode_space};
use crate::NumError;
use num_bigint::BigInt;

/// CPython first maps non-ASCII whitespace to ' ' and non-ASCII decimal
/// digits to ASCII digits; any other non-ASCII character makes the literal
/// invalid (we map it to '?').
fn to_ascii(s: &str) -> Vec<u8> {
    s.chars()
        .map(|c| {
            let u = c as u32;
            if u < 0x80 {
                u as u8
            } else if is_unicode_space(u) {
                b' '
            } else {
                match decimal_value(c) {
                    Some(d) => b'0' + d as u8,
                    None => b'?',
                }
            }
        })
        .collect()
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

fn trim(mut b: &[u8]) -> &[u8] {
    while let Some((&f, rest)) = b.split_first() {
        if !is_space(f) {
            break;
        }
        b = rest;
    }
    while let Some((&l, rest)) = b.split_last() {
        if !is_space(l) {
            break;
        }
        b = rest;
    }
    b
}

/// `int(s, base)` for a str, with CPython's default digit limit (4300).
pub fn parse_int(s: &str, base: u32) -> Result<IntValue, NumError> {
    parse_int_with_limit(s, base, DEFAULT_MAX_STR_DIGITS)
}

/// `int(s, base)`; `max_str_digits` is `sys.get_int_max_str_digits()`
/// (0 = unlimited; only applies to bases that are not powers of two).
pub fn parse_int_with_limit(
    s: &str,
    base: u32,
    max_str_digits: usize,
) -> Result<IntValue, NumError> {
    if base == 1 || base > 36 {
        return Err(NumError::value("int() base must be >= 2 and <= 36, or 0"));
    }
    let invalid = || {
        NumError::value(format!(
            "invalid literal for int() with base {}: {}",
            base,
            repr_truncated(s, 200)
        ))
    };
    let ascii = to_ascii(s);
    let mut b = &ascii[..];
    while let Some((&f, rest)) = b.split_first() {
        if !is_space(f) {
            break;
        }
        b = rest;
    }
    let negative = b.first() == Some(&b'-');
    if matches!(b.first(), Some(b'-' | b'+')) {
        b = &b[1..];
    }
    let lower1 = b.get(1).map(|c| c.to_ascii_lowercase());
    let mut radix = base;
    let mut must_be_zero = false;
    let mut prefixed = false;
    if b.first() == Some(&b'0') {
        let p = match lower1 {
            Some(b'x') => 16,
            Some(b'o') => 8,
            Some(b'b') => 2,
            _ => 0,
        };
        if base == 0 {
            if p != 0 {
                radix = p;
                prefixed = true;
            } else {
                radix = 10;
                must_be_zero = true;
            }
        } else if p == base {
            prefixed = true;
        }
    } else if base == 0 {
        radix = 10;
    }
    if prefixed {
        b = &b[2..];
        if b.first() == Some(&b'_') {
            b = &b[1..];
        }
    }
    // digits with single underscores between them
    let mut digits: Vec<u8> = Vec::with_capacity(b.len());
    let mut i = 0;
    let mut prev_underscore = true; // a leading '_' is invalid
    while i < b.len() {
        let c = b[i];
        if c == b'_' {
            if prev_underscore {
                return Err(invalid());
            }
            prev_underscore = true;
        } else if (c as char).is_digit(radix) {
            digits.push(c);
            prev_underscore = false;
        } else {
            break;
        }
        i += 1;
    }
    if digits.is_empty() || (prev_underscore && i > 0) {
        return Err(invalid());
    }
    if !radix.is_power_of_two() && max_str_digits > 0 && digits.len() > max_str_digits {
        return Err(NumError::value(format!(
            "Exceeds the limit ({} digits) for integer string conversion: value has {} digits; \
             use sys.set_int_max_str_digits() to increase the limit",
            max_str_digits,
            digits.len()
        )));
    }
    if !trim(&b[i..]).is_empty() {
        return Err(invalid());
    }
    if must_be_zero && digits.iter().any(|&d| d != b'0') {
        return Err(invalid());
    }
    // fast path
    let mut acc: u64 = 0;
    let mut fits = true;
    for &d in &digits {
        let v = (d as char).to_digit(radix).unwrap_or(0) as u64;
        match acc.checked_mul(radix as u64).and_then(|a| a.checked_add(v)) {
            Some(a) => acc = a,
            None => {
                fits = false;
                break;
            }
        }
    }
    if fits {
        if !negative && acc <= i64::MAX as u64 {
            return Ok(IntValue::Small(acc as i64));
        }
        if negative && acc <= 1u64 << 63 {
            return Ok(IntValue::Small((acc as i64).wrapping_neg()));
        }
    }
    let mag = BigInt::parse_bytes(&digits, radix).ok_or_else(invalid)?;
    Ok(IntValue::from_bigint(if negative { -mag } else { mag }))
}

/// Check CPython's rule for underscores in float literals: each '_' sits
/// between two ASCII digits.
fn underscores_ok(b: &[u8]) -> bool {
    b.iter().enumerate().all(|(i, &c)| {
        c != b'_'
            || (i > 0
                && b[i - 1].is_ascii_digit()
                && b.get(i + 1).is_some_and(|n| n.is_ascii_digit()))
    })
}

/// Is `b` a decimal float literal: digits [. digits] [e [sign] digits]?
fn is_decimal_literal(b: &[u8]) -> bool {
    let mut i = 0;
    let digits = |i: &mut usize| {
        let s = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - s
    };
    let mut n = digits(&mut i);
    if i < b.len() && b[i] == b'.' {
        i += 1;
        n += digits(&mut i);
    }
    if n == 0 {
        return false;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

/// `float(s)` for a str argument.
pub fn parse_float(s: &str) -> Result<f64, NumError> {
    let invalid = || {
        NumError::value(format!(
            "could not convert string to float: {}",
            py_str_repr(s)
        ))
    };
    let ascii = to_ascii(s);
    if !underscores_ok(&ascii) {
        return Err(invalid());
    }
    let cleaned: Vec<u8> = ascii.iter().copied().filter(|&c| c != b'_').collect();
    let b = trim(&cleaned);
    let (negative, body) = match b.first() {
        Some(b'-') => (true, &b[1..]),
        Some(b'+') => (false, &b[1..]),
        _ => (false, b),
    };
    let lower = body.to_ascii_lowercase();
    let mag = if lower == b"inf" || lower == b"infinity" {
        f64::INFINITY
    } else if lower == b"nan" {
        f64::NAN
    } else if is_decimal_literal(body) {
        std::str::from_utf8(body)
            .ok()
            .and_then(|t| t.parse::<f64>().ok())
            .ok_or_else(invalid)?
    } else {
        return Err(invalid());
    };
    Ok(if negative { -mag } else { mag })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pi(s: &str, b: u32) -> String {
        match parse_int(s, b) {
            Ok(IntValue::Small(v)) => v.to_string(),
            Ok(IntValue::Big(v)) => format!("big {}", v),
            Err(e) => format!("!{}", e),
        }
    }

    #[test]
    fn ints() {
        assert_eq!(pi(" 12 ", 10), "12");
        assert_eq!(
            pi("12a", 10),
            "!invalid literal for int() with base 10: '12a'"
        );
        assert_eq!(
            pi("010", 0),
            "!invalid literal for int() with base 0: '010'"
        );
        assert_eq!(pi("0_0", 0), "0");
        assert_eq!(pi("0x_1", 0), "1");
        assert_eq!(pi("0b1", 16), "177");
        assert_eq!(
            pi("1__0", 10),
            "!invalid literal for int() with base 10: '1__0'"
        );
        assert_eq!(pi("\u{663}", 10), "3");
        assert_eq!(pi("-9223372036854775808", 10), "-9223372036854775808");
        assert_eq!(pi("9223372036854775808", 10), "big 9223372036854775808");
        assert_eq!(pi("x", 37), "!int() base must be >= 2 and <= 36, or 0");
        assert_eq!(
            pi("\x1c12", 10),
            "!invalid literal for int() with base 10: '\\x1c12'"
        );
    }

    #[test]
    fn floats() {
        assert_eq!(parse_float(" 1_0.5 ").unwrap(), 10.5);
        assert!(parse_float("1_.5").is_err());
        assert!(parse_float(".").is_err());
        assert_eq!(parse_float("-iNfInItY").unwrap(), f64::NEG_INFINITY);
        assert!(parse_float("nan").unwrap().is_nan());
        assert_eq!(parse_float("1e1_0").unwrap(), 1e10);
        assert_eq!(
            parse_float("1e99999999999999999999").unwrap(),
            f64::INFINITY
        );
        assert_eq!(parse_float("1e-99999999999999999999").unwrap(), 0.0);
        assert_eq!(
            parse_float("x").unwrap_err().to_string(),
            "could not convert string to float: 'x'"
        );
    }
}
