//! Known-answer tests against vectors produced by CTSRD-CHERI's
//! cheri-compressed-cap (Morello format, `cheri_compressed_cap_128m.h`).
//! The header of testdata/morello_vectors.txt gives the line format and
//! provenance.
//!
//! `tests/testdata/morello_vectors.txt` is checked on every run. To check a
//! larger file generated the same way, set CHERI_REF_VECTORS=/path/to/file
//! and run `cargo test -p capy-cheri --release --test reference_vectors`.

use cheri::compress::{decode_bounds, extract_bounds_bits};
use cheri::{representable_alignment_mask, representable_length, Capability};

fn hex(s: &str) -> u128 {
    u128::from_str_radix(s, 16).unwrap_or_else(|_| panic!("bad hex {s:?}"))
}

/// Check one vector line; returns a description of the mismatch, if any.
fn check_line(line: &str) -> Option<String> {
    let (lhs, rhs) = line.split_once(" | ")?;
    let a: Vec<&str> = lhs.split_whitespace().collect();
    let r: Vec<u128> = rhs.split_whitespace().map(hex).collect();
    let got: Vec<u128> = match a[0] {
        "decode" => {
            let (p, c) = (hex(a[1]) as u64, hex(a[2]) as u64);
            let b = decode_bounds(p, c);
            let bits = extract_bounds_bits(p);
            vec![
                b.base.into(),
                b.top,
                b.valid.into(),
                bits.e.into(),
                bits.b.into(),
                bits.t.into(),
            ]
        }
        "setbounds" => {
            let cap = Capability::from_bits(hex(a[1]) as u64, hex(a[2]) as u64, a[3] == "1");
            let (out, exact) = cap.set_bounds_detail(hex(a[4]) as u64);
            vec![
                out.tag().into(),
                out.base().into(),
                out.top(),
                exact.into(),
                out.pesbt().into(),
            ]
        }
        "crrl" => {
            let len = hex(a[1]) as u64;
            vec![
                representable_length(len).into(),
                representable_alignment_mask(len).into(),
            ]
        }
        "setaddr" => {
            let cap = Capability::from_bits(hex(a[1]) as u64, hex(a[2]) as u64, a[3] == "1");
            let out = cap.set_address(hex(a[4]) as u64);
            vec![out.tag().into(), out.base().into(), out.top()]
        }
        op => return Some(format!("unknown op {op}")),
    };
    (got != r).then(|| {
        let g: Vec<String> = got.iter().map(|v| format!("{v:x}")).collect();
        format!("{line}\n   got {}", g.join(" "))
    })
}

fn check_file(text: &str) -> (usize, Vec<String>) {
    let mut n = 0;
    let mut bad = Vec::new();
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        n += 1;
        if let Some(m) = check_line(line) {
            bad.push(m);
        }
    }
    (n, bad)
}

#[test]
fn committed_vectors_match_reference() {
    let (n, bad) = check_file(include_str!("testdata/morello_vectors.txt"));
    assert!(n > 1000, "only {n} vectors");
    assert!(
        bad.is_empty(),
        "{} of {n} mismatches:\n{}",
        bad.len(),
        bad[..bad.len().min(20)].join("\n")
    );
}

#[test]
fn external_vectors_match_reference() {
    let Ok(path) = std::env::var("CHERI_REF_VECTORS") else {
        return;
    };
    let text = std::fs::read_to_string(&path).expect("read CHERI_REF_VECTORS");
    let (n, bad) = check_file(&text);
    eprintln!("{path}: {n} vectors, {} mismatches", bad.len());
    assert!(
        bad.is_empty(),
        "{} of {n} mismatches:\n{}",
        bad.len(),
        bad[..bad.len().min(20)].join("\n")
    );
}
