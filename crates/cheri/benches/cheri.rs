//! Throughput of the hot operations. Run with
//! `cargo bench -p capy-cheri` (release profile). Plain `Instant` timing:
//! each benchmark runs its loop a few times and reports the best rate.
//!
//! Targets (from the issue): decode and encode >= 50 M/s each; a checked
//! 8-byte load or store through a capability <= 5 ns; `capy cheri decode`
//! over standard input >= 1 M lines/s (measured in-process here; for the
//! binary see docs/capabilities.md, "Speed").

use cheri::compress::{decode_bounds, encode_bounds};
use cheri::{Capability, Memory};
use std::hint::black_box;
use std::io::Cursor;
use std::time::Instant;

/// xorshift64*: deterministic inputs without a dependency.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// Nanoseconds this thread has spent on a CPU (Linux schedstat), so that
/// the rate can be reported independently of other load on the machine.
fn cpu_ns() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok()
}

/// Run `f` (which performs `n` operations) several times; print the best
/// wall-clock rate and the best on-CPU rate.
fn bench(name: &str, n: u64, mut f: impl FnMut()) {
    // `cargo bench -p capy-cheri -- WORD` runs only names containing WORD.
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    if !filter.is_empty() && !filter.iter().any(|w| name.contains(w.as_str())) {
        return;
    }
    let (mut best, mut best_cpu) = (f64::MAX, f64::MAX);
    for _ in 0..5 {
        let c0 = cpu_ns();
        let t = Instant::now();
        f();
        best = best.min(t.elapsed().as_secs_f64());
        if let (Some(a), Some(b)) = (c0, cpu_ns()) {
            best_cpu = best_cpu.min((b - a) as f64 * 1e-9);
        }
    }
    let per = best / n as f64;
    let per_cpu = best_cpu / n as f64;
    println!(
        "{name:<48} {:>8.2} ns/op {:>8.1} M/s   on-CPU: {:>8.2} ns/op {:>8.1} M/s",
        per * 1e9,
        1e-6 / per,
        per_cpu * 1e9,
        1e-6 / per_cpu
    );
}

fn main() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    const N: usize = 1 << 20;

    // Realistic encodings: bounds from set-bounds on the root, random perms.
    let caps: Vec<(u64, u64)> = (0..N)
        .map(|_| {
            let base = rng.next() >> (rng.next() % 16 + 8);
            let len = rng.next() >> (rng.next() % 64);
            let c = Capability::root().set_address(base).set_bounds(len);
            (c.pesbt() ^ (rng.next() << 46), base.wrapping_add(len / 2))
        })
        .collect();
    let reqs: Vec<(u64, u128)> = (0..N)
        .map(|_| {
            let base = rng.next() >> (rng.next() % 16 + 8);
            let len = rng.next() >> (rng.next() % 64);
            (base, u128::from(base) + u128::from(len))
        })
        .collect();

    bench("decode (compress::decode_bounds)", N as u64, || {
        let mut acc = 0u128;
        for &(p, c) in black_box(&caps) {
            let b = decode_bounds(p, c);
            acc ^= u128::from(b.base) ^ b.top;
        }
        black_box(acc);
    });
    // The same on 1024 capabilities (cache-resident), repeated.
    let small = &caps[..1024];
    bench(
        "decode, 1024 cached inputs (compress::decode_bounds)",
        N as u64,
        || {
            let mut acc = 0u128;
            for _ in 0..N / 1024 {
                for &(p, c) in black_box(small) {
                    let b = decode_bounds(p, c);
                    acc ^= u128::from(b.base) ^ b.top;
                }
            }
            black_box(acc);
        },
    );
    bench("decode (Capability::from_bits)", N as u64, || {
        let mut acc = 0u128;
        for &(p, c) in black_box(&caps) {
            let cap = Capability::from_bits(p, c, true);
            acc ^= u128::from(cap.base()) ^ cap.top();
        }
        black_box(acc);
    });
    bench("encode (compress::encode_bounds)", N as u64, || {
        let mut acc = 0u64;
        for &(b, t) in black_box(&reqs) {
            acc ^= encode_bounds(b, t).ebt;
        }
        black_box(acc);
    });
    bench("set_bounds (CSetBounds incl. decode)", N as u64, || {
        let root = black_box(Capability::root());
        let mut acc = 0u64;
        for &(b, t) in black_box(&reqs) {
            acc ^= root
                .set_address(b)
                .set_bounds((t - u128::from(b)) as u64)
                .pesbt();
        }
        black_box(acc);
    });

    let mut mem = Memory::new(1 << 16).unwrap();
    let buf = mem.root().set_address(0x1000).set_bounds(0x8000);
    const M: u64 = 1 << 24;
    bench("checked load_u64 through a capability", M, || {
        let m = black_box(&mem);
        let c = black_box(&buf);
        let mut acc = 0u64;
        for i in 0..M {
            acc = acc.wrapping_add(m.load_u64(c, (i * 8) & 0x7ff8).unwrap_or(0));
        }
        black_box(acc);
    });
    bench("checked store_u64 through a capability", M, || {
        let c = *black_box(&buf);
        let mut ok = 0u64;
        for i in 0..M {
            ok += u64::from(mem.store_u64(&c, (i * 8) & 0x7ff8, i).is_ok());
        }
        black_box(ok);
        black_box(&mem);
    });

    // The CLI filter, in-process, over 1M random `PESBT CURSOR` lines.
    let mut input = Vec::new();
    for &(p, c) in caps.iter().take(1_000_000) {
        input.extend_from_slice(format!("{p:016x} {c:x}\n").as_bytes());
    }
    let mut out = Vec::with_capacity(400 << 20);
    bench("cli decode, per stdin line (in-process)", 1_000_000, || {
        out.clear();
        let code = cheri::cli::run(
            &["decode".to_string()],
            &mut Cursor::new(&input),
            &mut out,
            &mut Vec::new(),
        );
        assert_eq!(code, 0);
    });
    bench(
        "cli decode --json, per stdin line (in-process)",
        1_000_000,
        || {
            out.clear();
            let args = ["decode".to_string(), "--json".to_string()];
            let code = cheri::cli::run(&args, &mut Cursor::new(&input), &mut out, &mut Vec::new());
            assert_eq!(code, 0);
        },
    );
}
