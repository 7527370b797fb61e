//! Core float → text conversion (digits come from Rust's correctly rounded
//! `{:e}` / `{:.*e}` / `{:.*}` formatting) plus repr / round helpers.

use crate::NumError;
use num_bigint::BigInt;
use num_traits::{Signed, Zero};

/// How to render a non-negative finite float.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Mode {
    /// Shortest round-trip digits; scientific when exp < -4 or exp >= 16.
    Repr,
    /// 'e' with this many digits after the point.
    Exp(usize),
    /// 'f' with this many digits after the point.
    Fixed(usize),
    /// 'g' with this many significant digits (0 treated as 1).
    General(usize),
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Style {
    pub mode: Mode,
    pub upper: bool,
    /// '#': always a decimal point; 'g' keeps trailing zeros.
    pub alt: bool,
    /// Fixed-point results always show at least one digit after the point
    /// (repr / the empty presentation type). For `General` this also moves
    /// the switch to scientific notation one exponent earlier.
    pub add_dot_0: bool,
}

/// Split Rust's `d.ddde[-]x` output into (digits, decimal exponent).
fn split_exp(s: &str) -> (Vec<u8>, i64) {
    let (mant, exp) = s.split_once('e').unwrap_or((s, "0"));
    let digits: Vec<u8> = mant.bytes().filter(|b| b.is_ascii_digit()).collect();
    (digits, exp.parse().unwrap_or(0))
}

fn shortest_digits(x: f64) -> (Vec<u8>, i64) {
    let (d, e) = split_exp(&format!("{:e}", x.abs()));
    ties_to_even(x.abs(), d, e)
}

/// When the float lies exactly halfway between the two shortest digit
/// strings that read back as it (`1000000000000000.25` between `...0.2` and
/// `...0.3`), CPython's repr (David Gay's algorithm) takes the one ending
/// in an even digit; Rust's formatter takes the upper one. This picks as
/// CPython does. Only a float with few significant decimal digits can be
/// such a tie, which [`exact_digits`] finds out cheaply.
fn ties_to_even(x: f64, d: Vec<u8>, e: i64) -> (Vec<u8>, i64) {
    let n = d.len();
    let Some((exact, xe)) = exact_digits(x) else {
        return (d, e);
    };
    if exact.len() != n + 1 || exact.last() != Some(&b'5') {
        return (d, e);
    }
    let lower = exact[..n].to_vec();
    let even = |v: &[u8]| v.last().is_some_and(|c| (c - b'0') % 2 == 0);
    let pick = if even(&lower) {
        (lower, xe)
    } else {
        increment(lower, xe)
    };
    if (pick.0 == d && pick.1 == e) || reads_back(&pick, x) {
        pick
    } else {
        (d, e)
    }
}

/// The digits one unit in the last place up (`199` → `2`, exponent + 1).
fn increment(mut d: Vec<u8>, e: i64) -> (Vec<u8>, i64) {
    for i in (0..d.len()).rev() {
        if d[i] == b'9' {
            d[i] = b'0';
        } else {
            d[i] += 1;
            strip_trailing_zeros(&mut d);
            return (d, e);
        }
    }
    (vec![b'1'], e + 1)
}

fn reads_back(d: &(Vec<u8>, i64), x: f64) -> bool {
    let digits = String::from_utf8_lossy(&d.0);
    format!("0.{digits}e{}", d.1 + 1).parse::<f64>() == Ok(x)
}

/// The exact decimal value of a positive finite `x` as significant digits
/// (no trailing zeros) and the exponent of the first, when it may have 18
/// or fewer of them (the most a tie of 17 shortest digits has); None when
/// it certainly has more.
fn exact_digits(x: f64) -> Option<(Vec<u8>, i64)> {
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1u64 << 52) - 1);
    let (mut m, mut k) = if biased == 0 {
        (frac, -1074)
    } else {
        (frac | (1u64 << 52), biased - 1075)
    };
    if m == 0 {
        return None;
    }
    let tz = m.trailing_zeros();
    m >>= tz;
    k += i64::from(tz);
    // x = m * 2^k with m odd.
    let (digits, shift) = if k < 0 {
        // x = m * 5^j / 10^j (j = -k), and m * 5^j, ending in a nonzero
        // digit, has at least as many digits as 5^j: more than 18 past
        // j = 25. Below that the product fits in 128 bits.
        if k < -25 {
            return None;
        }
        let j = (-k) as u32;
        let int = u128::from(m) * 5u128.pow(j);
        (int.to_string().into_bytes(), -(j as i64))
    } else if 64 - i64::from(m.leading_zeros()) + k <= 127 {
        ((u128::from(m) << k).to_string().into_bytes(), 0)
    } else {
        (
            (BigInt::from(m) << (k as usize)).to_string().into_bytes(),
            0,
        )
    };
    let mut digits = digits;
    let e = digits.len() as i64 - 1 + shift;
    strip_trailing_zeros(&mut digits);
    (digits.len() <= 18).then_some((digits, e))
}

/// Rust's formatter panics for precisions above u16::MAX. An f64's exact
/// decimal expansion has at most 767 significant digits and 1074 digits after
/// the point, so beyond these caps every further digit is zero.
const SIG_DIGITS_CAP: usize = 800;
const FRAC_DIGITS_CAP: usize = 1100;

fn exp_digits(x: f64, prec: usize) -> (Vec<u8>, i64) {
    if prec > SIG_DIGITS_CAP {
        let (mut d, e) = split_exp(&format!("{:.*e}", SIG_DIGITS_CAP, x.abs()));
        d.resize(prec.saturating_add(1), b'0');
        return (d, e);
    }
    split_exp(&format!("{:.*e}", prec, x.abs()))
}

fn fixed_digits(x: f64, prec: usize) -> String {
    if prec > FRAC_DIGITS_CAP {
        let mut s = format!("{:.*}", FRAC_DIGITS_CAP, x);
        s.extend(std::iter::repeat('0').take(prec - FRAC_DIGITS_CAP));
        return s;
    }
    format!("{:.*}", prec, x)
}

fn strip_trailing_zeros(d: &mut Vec<u8>) {
    while d.len() > 1 && d.last() == Some(&b'0') {
        d.pop();
    }
}

fn push_sci(out: &mut String, d: &[u8], exp: i64, alt: bool, upper: bool) {
    out.push(d.first().copied().unwrap_or(b'0') as char);
    if d.len() > 1 || alt {
        out.push('.');
        for &b in d.iter().skip(1) {
            out.push(b as char);
        }
    }
    out.push(if upper { 'E' } else { 'e' });
    out.push(if exp < 0 { '-' } else { '+' });
    let a = exp.unsigned_abs();
    if a < 10 {
        out.push('0');
    }
    out.push_str(&a.to_string());
}

/// Digits `d` with the decimal point after position `exp + 1`.
fn push_fixed(out: &mut String, d: &[u8], exp: i64, min_frac: usize, alt: bool) {
    let mut frac_len = 0usize;
    if exp >= 0 {
        let int_len = (exp as usize).saturating_add(1);
        for i in 0..int_len {
            out.push(*d.get(i).unwrap_or(&b'0') as char);
        }
        if d.len() > int_len {
            out.push('.');
            for &b in &d[int_len..] {
                out.push(b as char);
            }
            frac_len = d.len() - int_len;
        }
    } else {
        out.push_str("0.");
        let zeros = (-exp - 1) as usize;
        for _ in 0..zeros {
            out.push('0');
        }
        for &b in d {
            out.push(b as char);
        }
        frac_len = zeros + d.len();
    }
    if frac_len == 0 && (min_frac > 0 || alt) {
        out.push('.');
    }
    for _ in frac_len..min_frac {
        out.push('0');
    }
}

/// Render a float without its sign. inf/nan become "inf"/"nan" ("INF"/"NAN").
pub(crate) fn format_abs(x: f64, st: Style) -> String {
    if !x.is_finite() {
        let s = if x.is_nan() { "nan" } else { "inf" };
        return if st.upper {
            s.to_ascii_uppercase()
        } else {
            s.to_string()
        };
    }
    let x = x.abs();
    let min_frac = usize::from(st.add_dot_0);
    let mut out = String::new();
    match st.mode {
        Mode::Repr => {
            let (d, e) = shortest_digits(x);
            if !(-4..16).contains(&e) {
                push_sci(&mut out, &d, e, st.alt, st.upper);
            } else {
                push_fixed(&mut out, &d, e, min_frac, st.alt);
            }
        }
        Mode::Exp(p) => {
            let (d, e) = exp_digits(x, p);
            push_sci(&mut out, &d, e, st.alt, st.upper);
        }
        Mode::Fixed(p) => {
            out = fixed_digits(x, p);
            if st.alt && p == 0 {
                out.push('.');
            }
        }
        Mode::General(p) => {
            let p = p.max(1);
            let (mut d, e) = exp_digits(x, p - 1);
            if !st.alt {
                strip_trailing_zeros(&mut d);
            }
            let limit = if st.add_dot_0 { p as i64 - 1 } else { p as i64 };
            if e < -4 || e >= limit {
                push_sci(&mut out, &d, e, st.alt, st.upper);
            } else {
                push_fixed(&mut out, &d, e, min_frac, st.alt);
            }
        }
    }
    out
}

/// Python's `repr(float)` / `str(float)`.
pub fn float_repr(x: f64) -> String {
    let body = format_abs(
        x,
        Style {
            mode: Mode::Repr,
            upper: false,
            alt: false,
            add_dot_0: true,
        },
    );
    if x.is_sign_negative() && !x.is_nan() {
        format!("-{}", body)
    } else {
        body
    }
}

/// repr of one component of a complex: like float repr but no forced ".0".
fn complex_part(x: f64) -> String {
    format_abs(
        x,
        Style {
            mode: Mode::Repr,
            upper: false,
            alt: false,
            add_dot_0: false,
        },
    )
}

/// Python's `repr(complex(re, im))`, e.g. `(1+2j)`, `2j`, `(-0-1j)`.
pub fn complex_repr(re: f64, im: f64) -> String {
    let im_neg = im.is_sign_negative() && !im.is_nan();
    let im_body = complex_part(im);
    if re == 0.0 && re.is_sign_positive() {
        format!("{}{}j", if im_neg { "-" } else { "" }, im_body)
    } else {
        let re_neg = re.is_sign_negative() && !re.is_nan();
        format!(
            "({}{}{}{}j)",
            if re_neg { "-" } else { "" },
            complex_part(re),
            if im_neg { '-' } else { '+' },
            im_body
        )
    }
}

/// `float.is_integer()`.
pub fn float_is_integer(x: f64) -> bool {
    x.is_finite() && x.trunc() == x
}

/// Round to the nearest integer, ties to even (Python's `round(x)` before
/// conversion to int). inf/nan are returned unchanged.
pub fn round_half_even(x: f64) -> f64 {
    if !x.is_finite() {
        return x;
    }
    let r = x.round(); // ties away from zero
    if (x - x.trunc()).abs() == 0.5 {
        // exact tie: pick the even neighbour
        let t = x.trunc();
        if (t / 2.0).trunc() * 2.0 == t {
            t
        } else {
            r
        }
    } else {
        r
    }
}

/// Exact integer part of a finite |x| and whether a fractional part exists.
fn trunc_exact(x: f64) -> (BigInt, bool) {
    let x = x.abs();
    let t = x.trunc();
    let digits = format!("{:.0}", t); // exact for integral values
    let n: BigInt = digits.parse().unwrap_or_else(|_| BigInt::zero());
    (n, t != x)
}

/// Python's `round(x, ndigits)` for floats: the exact binary value rounded
/// half-to-even at the given decimal position (so `round(2.675, 2) == 2.67`).
/// Errors with OverflowError when the result does not fit in a float.
pub fn round_float(x: f64, ndigits: i64) -> Result<f64, NumError> {
    const NDIGITS_MAX: i64 = 323;
    const NDIGITS_MIN: i64 = -308;
    if !x.is_finite() || x == 0.0 || ndigits > NDIGITS_MAX {
        return Ok(x);
    }
    if ndigits < NDIGITS_MIN {
        return Ok(0.0 * x);
    }
    let rounded = if ndigits >= 0 {
        fixed_digits(x, ndigits as usize)
            .parse::<f64>()
            .unwrap_or(f64::NAN)
    } else {
        let k = (-ndigits) as u32;
        let (n, has_frac) = trunc_exact(x);
        let unit = BigInt::from(10u32).pow(k);
        let mut q = &n / &unit;
        let r = &n % &unit;
        let twice = &r * 2u32;
        let up = match twice.cmp(&unit) {
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Less => false,
            std::cmp::Ordering::Equal => has_frac || q.bit(0),
        };
        if up {
            q += 1u32;
        }
        let mag: f64 = if q.is_zero() {
            0.0
        } else {
            format!("{}e{}", q.abs(), k)
                .parse()
                .unwrap_or(f64::INFINITY)
        };
        if x < 0.0 {
            -mag
        } else {
            mag
        }
    };
    if !rounded.is_finite() {
        return Err(NumError::overflow("rounded value too large to represent"));
    }
    Ok(rounded)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repr_basics() {
        assert_eq!(float_repr(1e16), "1e+16");
        assert_eq!(float_repr(1e-5), "1e-05");
        assert_eq!(float_repr(1.5e300), "1.5e+300");
        assert_eq!(float_repr(0.0001), "0.0001");
        assert_eq!(float_repr(123456789012345.0), "123456789012345.0");
        assert_eq!(float_repr(-0.0), "-0.0");
        assert_eq!(float_repr(f64::INFINITY), "inf");
        assert_eq!(float_repr(f64::NEG_INFINITY), "-inf");
        assert_eq!(float_repr(f64::NAN), "nan");
        assert_eq!(float_repr(5e-324), "5e-324");
        assert_eq!(
            float_repr(1.7976931348623157e308),
            "1.7976931348623157e+308"
        );
        assert_eq!(float_repr(0.1), "0.1");
        assert_eq!(float_repr(1e15), "1000000000000000.0");
    }

    #[test]
    fn repr_ties_to_even() {
        // Exactly halfway between two shortest candidates: the even one.
        assert_eq!(float_repr(1e15 + 0.3), "1000000000000000.2");
        assert_eq!(float_repr(208175579169765.0 + 0.125), "208175579169765.12");
        assert_eq!(float_repr(0.5), "0.5");
        assert_eq!(float_repr(2.5), "2.5");
        assert_eq!(float_repr(1e23), "1e+23");
        assert_eq!(float_repr(9007199254740993.0), "9007199254740992.0");
    }

    #[test]
    fn complex() {
        assert_eq!(complex_repr(1.0, 2.0), "(1+2j)");
        assert_eq!(complex_repr(0.0, 2.0), "2j");
        assert_eq!(complex_repr(-0.0, -1.0), "(-0-1j)");
        assert_eq!(complex_repr(f64::NAN, f64::INFINITY), "(nan+infj)");
        assert_eq!(complex_repr(0.0, 1e16), "1e+16j");
    }

    #[test]
    fn huge_precision() {
        let st = |mode| Style {
            mode,
            upper: false,
            alt: false,
            add_dot_0: false,
        };
        let f = format_abs(0.1, st(Mode::Fixed(70_000)));
        assert_eq!(f.len(), 70_002);
        assert!(f.starts_with("0.1000000000000000055511151231257827"));
        let e = format_abs(5e-324, st(Mode::Exp(70_000)));
        assert!(e.starts_with("4.94065645841246544176568792868221372365059802614324764425"));
        assert!(e[900..]
            .trim_end_matches("e-324")
            .bytes()
            .all(|b| b == b'0'));
        assert_eq!(e.len(), 70_002 + 5);
    }

    #[test]
    fn rounding() {
        assert_eq!(round_float(2.675, 2).unwrap(), 2.67);
        assert_eq!(round_float(25.0, -1).unwrap(), 20.0);
        assert_eq!(round_float(35.0, -1).unwrap(), 40.0);
        assert!(round_float(-0.4, 0).unwrap().is_sign_negative());
        assert!(round_float(1.7e308, -308).is_err());
        assert_eq!(round_half_even(0.5), 0.0);
        assert_eq!(round_half_even(1.5), 2.0);
        assert_eq!(round_half_even(2.5), 2.0);
        assert_eq!(round_half_even(-2.5), -2.0);
        assert_eq!(round_half_even(2.6), 3.0);
    }
}
