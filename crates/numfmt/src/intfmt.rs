//! Integer → text helpers and the small/big integer value type.

use crate::NumError;
use num_bigint::{BigInt, Sign};
use num_traits::{Signed, ToPrimitive, Zero};

/// CPython's default `sys.get_int_max_str_digits()`. This crate keeps no
/// global state: each interpreter passes its own limit to the `_with_limit`
/// functions; the plain variants use this default.
pub const DEFAULT_MAX_STR_DIGITS: usize = 4300;

/// Validate a value for `sys.set_int_max_str_digits(n)`: 0 (no limit) or
/// at least 640.
pub fn check_int_max_str_digits(n: i64) -> Result<usize, NumError> {
    if n == 0 || n >= 640 {
        usize::try_from(n)
            .map_err(|_| NumError::overflow("Python int too large to convert to C ssize_t"))
    } else {
        Err(NumError::value("maxdigits must be 0 or larger than 640"))
    }
}

fn str_limit_error(limit: usize) -> NumError {
    NumError::value(format!(
        "Exceeds the limit ({} digits) for integer string conversion; \
         use sys.set_int_max_str_digits() to increase the limit",
        limit
    ))
}

/// Decimal digits of |v|, honouring the global digit limit.
fn abs_decimal_checked(v: &BigInt, limit: usize) -> Result<String, NumError> {
    // cheap pre-check so huge values are refused without converting
    if limit > 0 && (v.bits() as f64) * std::f64::consts::LOG10_2 > limit as f64 + 1.0 {
        return Err(str_limit_error(limit));
    }
    let s = v.magnitude().to_str_radix(10);
    if limit > 0 && s.len() > limit {
        return Err(str_limit_error(limit));
    }
    Ok(s)
}

/// `str(v)` / `repr(v)` for an int, with CPython's digit limit
/// `max_str_digits` (0 = none; ValueError "Exceeds the limit (4300 digits) ...").
pub fn int_to_decimal_string(v: &BigInt, max_str_digits: usize) -> Result<String, NumError> {
    let digits = abs_decimal_checked(v, max_str_digits)?;
    Ok(if v.sign() == Sign::Minus {
        format!("-{}", digits)
    } else {
        digits
    })
}

/// A parsed Python int: `Small` whenever the value fits in an `i64`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IntValue {
    Small(i64),
    Big(BigInt),
}

impl IntValue {
    /// Normalising constructor: `Small` if it fits.
    pub fn from_bigint(v: BigInt) -> IntValue {
        match v.to_i64() {
            Some(i) => IntValue::Small(i),
            None => IntValue::Big(v),
        }
    }
    pub fn to_bigint(&self) -> BigInt {
        match self {
            IntValue::Small(i) => BigInt::from(*i),
            IntValue::Big(b) => b.clone(),
        }
    }
}

/// Borrowed view of an int, so i64 callers do not need to allocate.
#[derive(Clone, Copy)]
pub(crate) enum IntRef<'a> {
    Small(i64),
    Big(&'a BigInt),
}

impl IntRef<'_> {
    pub(crate) fn is_negative(&self) -> bool {
        match self {
            IntRef::Small(i) => *i < 0,
            IntRef::Big(b) => b.sign() == Sign::Minus,
        }
    }
    /// Digits of |v| in `radix` (2..=36), lowercase.
    pub(crate) fn abs_digits(&self, radix: u32) -> String {
        match self {
            IntRef::Small(i) => u64_to_radix(i.unsigned_abs(), radix),
            IntRef::Big(b) => b.magnitude().to_str_radix(radix),
        }
    }
    /// Like `abs_digits`, but base 10 honours the global digit limit.
    pub(crate) fn abs_digits_checked(&self, radix: u32, limit: usize) -> Result<String, NumError> {
        match self {
            IntRef::Big(b) if radix == 10 => abs_decimal_checked(b, limit),
            _ => Ok(self.abs_digits(radix)),
        }
    }
    pub(crate) fn to_i64(self) -> Option<i64> {
        match self {
            IntRef::Small(i) => Some(i),
            IntRef::Big(b) => b.to_i64(),
        }
    }
    /// Python's `float(int)`: correctly rounded, OverflowError if too big.
    pub(crate) fn to_f64(self) -> Result<f64, NumError> {
        let err = || NumError::overflow("int too large to convert to float");
        match self {
            IntRef::Small(i) => Ok(i as f64), // correctly rounded (round-half-even)
            IntRef::Big(b) => {
                if b.bits() > 1025 {
                    return Err(err());
                }
                let f: f64 = b.to_string().parse().map_err(|_| err())?;
                if f.is_finite() {
                    Ok(f)
                } else {
                    Err(err())
                }
            }
        }
    }
}

fn u64_to_radix(mut v: u64, radix: u32) -> String {
    let radix = radix.clamp(2, 36) as u64;
    if v == 0 {
        return "0".into();
    }
    let mut buf = Vec::with_capacity(64);
    while v > 0 {
        let d = (v % radix) as u32;
        buf.push(std::char::from_digit(d, 36).unwrap_or('?') as u8);
        v /= radix;
    }
    buf.reverse();
    String::from_utf8(buf).unwrap_or_default()
}

/// `v` in base `radix` (2..=36, clamped), lowercase, with a leading '-' if
/// negative and no prefix.
pub fn int_to_str_radix(v: &BigInt, radix: u32) -> String {
    v.to_str_radix(radix.clamp(2, 36))
}

/// Python's `round(n, ndigits)` for an int: half-to-even at 10**-ndigits.
pub fn round_int(v: &BigInt, ndigits: i64) -> BigInt {
    if ndigits >= 0 {
        return v.clone();
    }
    let k = ndigits.unsigned_abs();
    // |v| < 10**k / 2 whenever 10**(k-1) exceeds it: result is 0
    if (k as f64 - 1.0) > (v.bits() as f64) * std::f64::consts::LOG10_2 + 1.0 {
        return BigInt::zero();
    }
    let Ok(k) = u32::try_from(k) else {
        return BigInt::zero();
    };
    let unit = BigInt::from(10u32).pow(k);
    let mag = v.abs();
    let mut q = &mag / &unit;
    let twice = (&mag % &unit) * 2u32;
    if twice > unit || (twice == unit && q.bit(0)) {
        q += 1u32;
    }
    let r = q * unit;
    if v.is_negative() {
        -r
    } else {
        r
    }
}

/// Python's `int(x)` for a float (truncation toward zero).
/// inf → OverflowError, nan → ValueError, as CPython.
pub fn float_to_bigint(x: f64) -> Result<BigInt, NumError> {
    if x.is_nan() {
        return Err(NumError::value("cannot convert float NaN to integer"));
    }
    if x.is_infinite() {
        return Err(NumError::overflow(
            "cannot convert float infinity to integer",
        ));
    }
    let (m, e) = decompose(x.trunc());
    let mag = if e >= 0 {
        BigInt::from(m) << e as usize
    } else {
        BigInt::from(m >> (-e).min(63) as u32)
    };
    Ok(if x < 0.0 { -mag } else { mag })
}

/// |x| = m * 2^e exactly, for finite x.
fn decompose(x: f64) -> (u64, i64) {
    let bits = x.abs().to_bits();
    let frac = bits & ((1u64 << 52) - 1);
    let biased = ((bits >> 52) & 0x7ff) as i64;
    if biased == 0 {
        (frac, -1074)
    } else {
        (frac | (1u64 << 52), biased - 1075)
    }
}

/// Python's `float.as_integer_ratio()`: the lowest-terms (numerator,
/// denominator) with a positive denominator.
pub fn float_as_integer_ratio(x: f64) -> Result<(BigInt, BigInt), NumError> {
    if x.is_nan() {
        return Err(NumError::value("cannot convert NaN to integer ratio"));
    }
    if x.is_infinite() {
        return Err(NumError::overflow(
            "cannot convert Infinity to integer ratio",
        ));
    }
    let (m, e) = decompose(x);
    if m == 0 {
        return Ok((BigInt::zero(), BigInt::from(1u8)));
    }
    let (num, den) = if e >= 0 {
        (BigInt::from(m) << e as usize, BigInt::from(1u8))
    } else {
        let tz = (m.trailing_zeros() as i64).min(-e);
        (
            BigInt::from(m >> tz),
            BigInt::from(1u8) << (-e - tz) as usize,
        )
    };
    Ok((if x < 0.0 { -num } else { num }, den))
}

/// Python's `float(v)` for an int: correctly rounded (half to even);
/// OverflowError "int too large to convert to float" beyond the f64 range.
pub fn bigint_to_f64(v: &BigInt) -> Result<f64, NumError> {
    IntRef::Big(v).to_f64()
}

fn prefixed(v: &BigInt, radix: u32, prefix: &str) -> String {
    let digits = if v.is_zero() {
        "0".to_string()
    } else {
        v.abs().to_str_radix(radix)
    };
    format!(
        "{}{}{}",
        if v.is_negative() { "-" } else { "" },
        prefix,
        digits
    )
}

/// Python's `bin(v)`, e.g. `-0b101`.
pub fn int_bin(v: &BigInt) -> String {
    prefixed(v, 2, "0b")
}

/// Python's `oct(v)`, e.g. `0o17`.
pub fn int_oct(v: &BigInt) -> String {
    prefixed(v, 8, "0o")
}

/// Python's `hex(v)`, e.g. `-0x1f`.
pub fn int_hex(v: &BigInt) -> String {
    prefixed(v, 16, "0x")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes() {
        assert_eq!(int_hex(&BigInt::from(-31)), "-0x1f");
        assert_eq!(int_bin(&BigInt::from(5)), "0b101");
        assert_eq!(int_oct(&BigInt::from(0)), "0o0");
        assert_eq!(IntRef::Small(i64::MIN).abs_digits(16), "8000000000000000");
        assert_eq!(int_to_str_radix(&BigInt::from(-35), 36), "-z");
        let r = |n: i64, d: i64| round_int(&BigInt::from(n), d).to_string();
        assert_eq!(r(12345, -2), "12300");
        assert_eq!(r(12350, -2), "12400");
        assert_eq!(r(12250, -2), "12200");
        assert_eq!(r(-12250, -2), "-12200");
        assert_eq!(r(5, -1), "0");
        assert_eq!(r(15, -1), "20");
        assert_eq!(r(7, 3), "7");
        assert_eq!(r(7, i64::MIN), "0");
    }
}
