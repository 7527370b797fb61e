//! Stamps the compiler with a hash of its own source (`CAPY_COMPILER_STAMP`,
//! read by `serialize::COMPILER_STAMP`). Bytecode compiled at build time for
//! the frozen standard library carries the stamp of the compiler that made
//! it, and is loaded only by a runtime whose compiler has the same stamp:
//! any change to the compiler, even one that keeps the file format, makes
//! an old image stale rather than silently wrong.

use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=build.rs");
    let root = Path::new("src");
    let mut files = Vec::new();
    collect(root, &mut files);
    // Sorted: the stamp must not depend on the order the directory lists in.
    files.sort();
    let mut h = Fnv::new();
    for f in &files {
        let rel = f.strip_prefix(root).unwrap_or(f);
        h.write(rel.to_string_lossy().as_bytes());
        h.write(&[0]);
        match std::fs::read(f) {
            Ok(bytes) => h.write(&bytes),
            Err(e) => fail(&format!("cannot read {}: {e}", f.display())),
        }
        h.write(&[0]);
    }
    println!("cargo:rustc-env=CAPY_COMPILER_STAMP={:016x}", h.0);
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => fail(&format!("cannot list {}: {e}", dir.display())),
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn fail(msg: &str) -> ! {
    eprintln!("capy-compiler build: {msg}");
    std::process::exit(1);
}

/// FNV-1a, 64 bits: fixed and simple, so the stamp is the same on every
/// build of the same source (std's hashers promise no such thing).
struct Fnv(u64);

impl Fnv {
    fn new() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}
