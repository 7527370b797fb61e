//! Print N random request lines for `capy cheri decode` or `setbounds`
//! (speed measurement input).
//!
//! Run: cargo run --release -p capy-cheri --example gen_requests -- 1000000 > /tmp/requests.txt

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    let mut out = String::with_capacity(1 << 20);
    use std::io::Write;
    let stdout = std::io::stdout();
    let mut lock = stdout.lock();
    for _ in 0..n {
        let (a, b) = (next(), next());
        out.push_str(&format!("{a:016x} {b:x}\n"));
        if out.len() > (1 << 20) - 64 {
            let _ = lock.write_all(out.as_bytes());
            out.clear();
        }
    }
    let _ = lock.write_all(out.as_bytes());
}
