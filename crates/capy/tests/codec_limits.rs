//! The resource limits of hashlib, zlib, gzip, deflate and secrets, through the
//! `capy` binary: what a program can make large (decompressed output,
//! entropy, derived keys) is bounded by the heap quota, and long work
//! (hashing, (de)compressing, key stretching) by the time budget, each
//! surfacing as a Python exception.

mod common;

use common::{assert_clean, run, RunOutput};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn capy() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_capy"))
}

fn scratch(tag: &str) -> PathBuf {
    common::scratch_dir("codec-limits", tag)
}

fn run_py(dir: &Path, src: &str, opts: &[&str]) -> RunOutput {
    std::fs::write(dir.join("p.py"), src).expect("write program");
    let mut args: Vec<&str> = opts.to_vec();
    args.push("p.py");
    run(&capy(), &args, dir, &[])
}

/// A bomb: 64 MiB of zeros deflated (about 64 KiB), built by the program
/// itself so nothing large is stored in the test.
const BOMB: &str = "\
import zlib
c = zlib.compressobj(9)
z = b''.join([c.compress(bytes(1 << 20)) for _ in range(64)]) + c.flush()
";

#[cfg(target_os = "linux")]
#[test]
fn decompression_bombs_meet_the_quota() {
    // Output is checked against the quota as it grows: MemoryError, and
    // the process never holds much more than the quota.
    let d = scratch("bomb");
    for tail in [
        "zlib.decompress(z)\n",
        "zlib.decompressobj().decompress(z)\n",
        "zlib.decompress(z, bufsize=1 << 30)\n",
        "import gzip\ngzip.decompress(zlib.compress(bytes(1), 1, 31)[:10] + z[2:-4] + bytes(8))\n",
        "import deflate, io\ndeflate.DeflateIO(io.BytesIO(z)).read()\n",
    ] {
        let src = format!("{BOMB}{tail}");
        std::fs::write(d.join("p.py"), &src).unwrap();
        let (code, stderr, peak_kib) = common::run_peak_rss(
            &capy(),
            &d,
            &["--heap", "16M", "p.py"],
            std::process::Stdio::null(),
        );
        assert_eq!(code, Some(1), "{tail:?}: {stderr}");
        assert!(
            stderr.trim_end().ends_with("MemoryError"),
            "{tail:?}: {stderr}"
        );
        assert!(peak_kib < 128 << 10, "{tail:?}: peak RSS {peak_kib} KiB");
    }
}

#[test]
fn bounded_decompression_of_a_bomb_fits() {
    // max_length takes the same output a piece at a time within the quota.
    let d = scratch("bounded");
    let src = format!(
        "{BOMB}\
d = zlib.decompressobj()
n = 0
data = z
while True:
    piece = d.decompress(data, 1 << 20)
    data = d.unconsumed_tail
    if not piece:
        break
    n += len(piece)
print(n, d.eof)
"
    );
    let o = run_py(&d, &src, &["--heap", "16M"]);
    assert_clean("bounded decompression", &o);
    assert_eq!(o.stdout, "67108864 True\n", "stderr: {}", o.stderr);
}

#[test]
fn memory_error_in_decompression_is_recoverable() {
    let d = scratch("recover");
    let src = format!(
        "{BOMB}\
try:
    zlib.decompress(z)
except MemoryError:
    print('caught')
print(zlib.decompress(zlib.compress(b'still works')))
"
    );
    let o = run_py(&d, &src, &["--heap", "16M"]);
    assert_clean("recover", &o);
    assert_eq!(o.stdout, "caught\nb'still works'\n", "stderr: {}", o.stderr);
}

#[test]
fn large_requests_meet_the_quota() {
    let d = scratch("requests");
    for src in [
        "import secrets\nsecrets.token_bytes(1 << 30)\n",
        "import hashlib\nhashlib.pbkdf2_hmac('sha256', b'p', b's', 1, 1 << 30)\n",
    ] {
        let o = run_py(&d, src, &["--heap", "16M"]);
        assert_clean(src, &o);
        assert_eq!(o.code, Some(1), "{src:?}: {}", o.stderr);
        assert!(
            o.last_stderr_line().starts_with("MemoryError"),
            "{src:?}: {}",
            o.stderr
        );
    }
}

/// The run must stop at its 1 s budget with TimeoutError (or, for work
/// on data built first, MemoryError), well before it would finish.
fn assert_stops_at_budget(src: &str) {
    let d = scratch("budget");
    let start = Instant::now();
    let o = run_py(&d, src, &["--timeout", "1"]);
    let took = start.elapsed();
    assert_clean(src, &o);
    assert_eq!(o.code, Some(1), "{src:?}: {}", o.stderr);
    let last = o.last_stderr_line();
    assert!(
        last.starts_with("TimeoutError") || last.starts_with("MemoryError"),
        "{src:?}: {last:?}"
    );
    assert!(took < Duration::from_secs(5), "{src:?}: took {took:?}");
}

#[test]
fn long_work_stops_at_the_time_budget() {
    for src in [
        // Each call alone would take many seconds.
        "import hashlib\nd = bytes(1 << 28)\nwhile True:\n    hashlib.md5(d)\n",
        "import hashlib\nhashlib.pbkdf2_hmac('sha512', b'p', b's', 2 ** 31 - 1)\n",
        "import zlib\nd = bytes(range(256)) * (1 << 20)\nwhile True:\n    zlib.compress(d, 9)\n",
        "import zlib\nz = zlib.compress(bytes(1 << 28))\nwhile True:\n    zlib.decompress(z)\n",
        "import zlib\nd = bytes(1 << 28)\nwhile True:\n    zlib.crc32(d)\n",
    ] {
        assert_stops_at_budget(src);
    }
}

#[test]
fn steps_bound_native_work_too() {
    // One step per MiB of native work: hashing 256 MiB passes 256 steps.
    let d = scratch("steps");
    let src = "import hashlib\nd = bytes(1 << 28)\nhashlib.sha1(d)\nprint('done')\n";
    let o = run_py(&d, src, &["--steps", "100000"]);
    assert_clean("steps", &o);
    assert_eq!(o.stdout, "done\n", "{}", o.stderr);
    let o = run_py(&d, src, &["--steps", "50"]);
    assert_clean("steps", &o);
    assert!(
        o.last_stderr_line().starts_with("TimeoutError"),
        "{}",
        o.stderr
    );
}
