//! No input may panic: throw random and extreme inputs at every entry point.

use num_bigint::BigInt;
use numfmt::*;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const PIECES: &[&str] = &[
    "<",
    ">",
    "^",
    "=",
    "+",
    "-",
    " ",
    "z",
    "#",
    "0",
    "1",
    "9",
    "25",
    ",",
    "_",
    ".",
    ".3",
    "e",
    "f",
    "g",
    "%",
    "n",
    "c",
    "x",
    "X",
    "b",
    "o",
    "d",
    "s",
    "é",
    "\u{10ffff}",
    "\0",
    "999999999",
    "99999999999999999999999",
    "0x",
    "p",
    "P",
    "inf",
    "nan",
    "i",
    "_",
    "1_0",
    "\u{663}",
    "\u{2003}",
];

fn random_text(rng: &mut Rng) -> String {
    (0..rng.below(8))
        .map(|_| PIECES[rng.below(PIECES.len())])
        .collect()
}

#[test]
fn random_inputs_do_not_panic() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let big = (BigInt::from(1u8) << 5000usize) + 12345;
    let iters: usize = std::env::var("NUMFMT_FUZZ_ITERS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_000);
    for _ in 0..iters {
        let s = random_text(&mut rng);
        let x = f64::from_bits(rng.next());
        let _ = float_dunder_format(x, &s);
        let _ = i64_dunder_format(rng.next() as i64, &s);
        let _ = int_dunder_format(&big, &s);
        let _ = str_dunder_format(&s, &s);
        let _ = parse_int(&s, rng.below(40) as u32);
        let _ = parse_float(&s);
        let _ = float_fromhex(&s);
        let _ = round_float(x, rng.next() as i64 % 700);
        let _ = py_str_repr(&s);
    }
}

#[test]
fn extreme_sizes_are_errors_not_panics() {
    assert!(float_dunder_format(1.0, "99999999999999999999999").is_err());
    assert!(float_dunder_format(1.0, ".99999999").is_err());
    assert!(i64_dunder_format(1, "10000001").is_err());
    let f = PercentFlags::default();
    assert!(percent_format_float(1.0, f, usize::MAX, None, 'f').is_err());
    assert!(percent_format_float(1.0, f, 0, Some(usize::MAX), 'f').is_err());
    assert!(percent_format_i64(1, f, 0, Some(usize::MAX), 'd').is_err());
    assert_eq!(round_float(1.0, i64::MAX).unwrap(), 1.0);
    assert_eq!(round_float(1.0, i64::MIN).unwrap(), 0.0);
    // the largest accepted sizes work
    assert_eq!(
        float_dunder_format(1.0, "10000000").unwrap().len(),
        10_000_000
    );
    assert_eq!(
        float_dunder_format(1e308, ".100000f").unwrap().len(),
        309 + 1 + 100_000
    );
}

#[test]
fn digit_limit_setting() {
    let n = BigInt::from(10u8).pow(5000);
    assert!(int_to_decimal_string(&n, DEFAULT_MAX_STR_DIGITS).is_err());
    assert!(check_int_max_str_digits(100).is_err());
    assert_eq!(check_int_max_str_digits(0).unwrap(), 0);
    assert_eq!(int_to_decimal_string(&n, 0).unwrap().len(), 5001);
    assert_eq!(int_to_decimal_string(&n, 5001).unwrap().len(), 5001);
    assert!(int_to_decimal_string(&n, 5000).is_err());
    assert!(int_dunder_format_with_limit(&n, ",", 0).is_ok());
    assert!(int_dunder_format(&n, ",").is_err());
    assert!(percent_format_int(&n, PercentFlags::default(), 0, None, 'd').is_err());
    let f = PercentFlags::default();
    assert!(percent_format_int_with_limit(&n, f, 0, None, 'd', 0).is_ok());
    assert!(parse_int(&"1".repeat(5000), 10).is_err());
    assert!(parse_int_with_limit(&"1".repeat(5000), 10, 0).is_ok());
}
