//! `float.hex()` and `float.fromhex()`.

use crate::NumError;

/// Python's `float.hex(x)`, e.g. `0x1.8000000000000p+0`.
pub fn float_hex(x: f64) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    let sign = if x.is_sign_negative() { "-" } else { "" };
    if x.is_infinite() {
        return format!("{}inf", sign);
    }
    if x == 0.0 {
        return format!("{}0x0.0p+0", sign);
    }
    let bits = x.to_bits();
    let frac = bits & ((1u64 << 52) - 1);
    let biased = ((bits >> 52) & 0x7ff) as i64;
    let (lead, exp) = if biased == 0 {
        (0, -1022)
    } else {
        (1, biased - 1023)
    };
    format!(
        "{}0x{}.{:013x}p{}{}",
        sign,
        lead,
        frac,
        if exp < 0 { "-" } else { "+" },
        exp.abs()
    )
}

fn invalid() -> NumError {
    NumError::value("invalid hexadecimal floating-point string")
}

fn too_large() -> NumError {
    NumError::overflow("hexadecimal value too large to represent as a float")
}

fn is_ascii_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// Python's `float.fromhex(s)`: correctly rounded (half to even).
pub fn float_fromhex(s: &str) -> Result<f64, NumError> {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() && is_ascii_space(b[i]) {
        i += 1;
    }
    let mut end = b.len();
    while end > i && is_ascii_space(b[end - 1]) {
        end -= 1;
    }
    let b = &b[i..end];
    let (neg, b) = match b.first() {
        Some(b'-') => (true, &b[1..]),
        Some(b'+') => (false, &b[1..]),
        _ => (false, b),
    };
    let lower: Vec<u8> = b.iter().map(|c| c.to_ascii_lowercase()).collect();
    let signed = |v: f64| if neg { -v } else { v };
    if lower == b"inf" || lower == b"infinity" {
        return Ok(signed(f64::INFINITY));
    }
    if lower == b"nan" {
        return Ok(f64::NAN);
    }
    let mut b = &lower[..];
    if b.starts_with(b"0x") {
        b = &b[2..];
    }
    // mantissa digits
    let mut digits: Vec<u8> = Vec::new();
    let mut frac_digits: i64 = 0;
    let mut seen_point = false;
    let mut k = 0;
    while k < b.len() {
        let c = b[k];
        if let Some(v) = (c as char).to_digit(16) {
            digits.push(v as u8);
            if seen_point {
                frac_digits += 1;
            }
        } else if c == b'.' && !seen_point {
            seen_point = true;
        } else {
            break;
        }
        k += 1;
    }
    if digits.is_empty() {
        return Err(invalid());
    }
    // exponent
    let mut exp: i64 = 0;
    if k < b.len() && b[k] == b'p' {
        k += 1;
        let mut eneg = false;
        if k < b.len() && (b[k] == b'+' || b[k] == b'-') {
            eneg = b[k] == b'-';
            k += 1;
        }
        let start = k;
        while k < b.len() && b[k].is_ascii_digit() {
            exp = (exp * 10 + (b[k] - b'0') as i64).min(1 << 40);
            k += 1;
        }
        if k == start {
            return Err(invalid());
        }
        if eneg {
            exp = -exp;
        }
    }
    if k != b.len() {
        return Err(invalid());
    }
    // value = int(digits, 16) * 2^(exp - 4*frac_digits)
    let first = match digits.iter().position(|&d| d != 0) {
        Some(p) => p,
        None => return Ok(signed(0.0)),
    };
    let sig = &digits[first..];
    let take = sig.len().min(15); // 60 bits
    let mut m: u64 = 0;
    for &d in &sig[..take] {
        m = (m << 4) | d as u64;
    }
    let sticky = sig[take..].iter().any(|&d| d != 0);
    let e2 = exp - 4 * frac_digits + 4 * (sig.len() - take) as i64;
    // value ≈ (m + sticky) * 2^e2, m != 0
    let bitlen = 64 - m.leading_zeros() as i64;
    let top = e2 + bitlen - 1; // exponent of the leading bit
    if top > 1024 {
        return Err(too_large());
    }
    if top < -1080 {
        return Ok(signed(0.0));
    }
    let mut lsb = (top - 52).max(-1074);
    let shift = lsb - e2;
    let mut q: u64;
    if shift <= 0 {
        q = m << (-shift) as u32; // fits: at most 53 bits
    } else {
        let shift = shift as u32;
        if shift >= 64 {
            q = 0;
            // m < 2^60 <= 2^(shift-1) so below half
        } else {
            q = m >> shift;
            let rem = m & ((1u64 << shift) - 1);
            let half = 1u64 << (shift - 1);
            if rem > half || (rem == half && (sticky || q & 1 == 1)) {
                q += 1;
            }
        }
    }
    if q >= 1 << 53 {
        q >>= 1;
        lsb += 1;
    }
    if q == 0 {
        return Ok(signed(0.0));
    }
    let bits = if q < 1 << 52 {
        q // subnormal, lsb == -1074
    } else {
        let biased = lsb + 1075;
        if biased >= 2047 {
            return Err(too_large());
        }
        ((biased as u64) << 52) | (q & ((1u64 << 52) - 1))
    };
    Ok(signed(f64::from_bits(bits)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_roundtrip() {
        assert_eq!(float_hex(1.0), "0x1.0000000000000p+0");
        assert_eq!(float_hex(5e-324), "0x0.0000000000001p-1022");
        assert_eq!(float_hex(-0.0), "-0x0.0p+0");
        for &x in &[
            1.0,
            0.1,
            5e-324,
            2.2250738585072014e-308,
            1.7976931348623157e308,
            -3.5,
        ] {
            assert_eq!(float_fromhex(&float_hex(x)).unwrap(), x);
        }
        assert!(float_fromhex("0x1.fffffffffffff8p1023").is_err());
        assert_eq!(float_fromhex("0X1P+1").unwrap(), 2.0);
        assert!(float_fromhex("0x").is_err());
        assert!(float_fromhex("0x.p1").is_err());
        assert_eq!(float_fromhex("0x1p-99999999999999999999").unwrap(), 0.0);
    }
}
