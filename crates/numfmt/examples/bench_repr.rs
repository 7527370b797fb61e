//! Rough throughput check: `cargo run --release --example bench_repr`.
use std::time::Instant;

fn main() {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let vals: Vec<f64> = (0..1_000_000)
        .map(|i| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if i % 2 == 0 {
                f64::from_bits(x)
            } else {
                (x % 100_000) as f64 / 100.0
            }
        })
        .collect();
    let t = Instant::now();
    let mut total = 0usize;
    for &v in &vals {
        total += format!("{:e}", v).len();
    }
    println!(
        "std {{:e}}: {:?} per value ({} bytes)",
        t.elapsed() / vals.len() as u32,
        total
    );
    let nice: Vec<f64> = vals.iter().skip(1).step_by(2).copied().collect();
    let t = Instant::now();
    for &v in &nice {
        total += numfmt::float_repr(v).len();
    }
    println!(
        "float_repr (short values): {:?} per value",
        t.elapsed() / nice.len() as u32
    );
    let t = Instant::now();
    for &v in &nice {
        total += format!("{:e}", v).len();
    }
    println!(
        "std {{:e}} (short values): {:?} per value",
        t.elapsed() / nice.len() as u32
    );
    let t = Instant::now();
    for &v in &vals {
        total += numfmt::float_repr(v).len();
    }
    println!(
        "float_repr: {:?} per value ({} bytes)",
        t.elapsed() / vals.len() as u32,
        total
    );
    let strs: Vec<String> = vals.iter().map(|&v| numfmt::float_repr(v)).collect();
    let t = Instant::now();
    let mut ok = 0usize;
    for s in &strs {
        ok += numfmt::parse_float(s).is_ok() as usize;
    }
    println!(
        "parse_float: {:?} per value ({} ok)",
        t.elapsed() / strs.len() as u32,
        ok
    );
    let t = Instant::now();
    for &v in &vals {
        total += numfmt::float_dunder_format(v, ",.2f")
            .map(|s| s.len())
            .unwrap_or(0);
    }
    println!(
        "format ',.2f': {:?} per value ({})",
        t.elapsed() / vals.len() as u32,
        total
    );
    let t = Instant::now();
    for i in 0..1_000_000i64 {
        total += numfmt::i64_dunder_format(i * 7919, "_x")
            .map(|s| s.len())
            .unwrap_or(0);
    }
    println!(
        "int format '_x': {:?} per value ({})",
        t.elapsed() / 1_000_000,
        total
    );
}
