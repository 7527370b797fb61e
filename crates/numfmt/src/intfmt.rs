//! Integer → text helpers and the small/big integer value type.

use crate::NumError;
use num_bigint::{BigInt, Sign};
use num_traits::{Signed, ToPrimitive, Zero};

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

fn prefixed(v: &BigInt, radix: u32, prefix: &str) -> String {
    let digits = if v.is_zero() { "0".to_string() } else { v.abs().to_str_radix(radix) };
    format!("{}{}{}", if v.is_negative() { "-" } else { "" }, prefix, digits)
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
    }
}
