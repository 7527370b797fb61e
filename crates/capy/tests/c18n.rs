//! The c18n mode (`--compartments=per-module`): an unmodified program of
//! several modules (tests/c18n) prints what CPython prints, with and
//! without the mode; what cannot cross fails naming both compartments;
//! `--compartment-stats` reports every compartment.

mod common;

use common::{capy_exe, cpython_exe, repo_root, run};
use std::path::PathBuf;

fn dir() -> PathBuf {
    repo_root().join("tests").join("c18n")
}

const MODE: &str = "--compartments=per-module";

#[test]
fn a_program_of_several_modules_prints_the_same_in_compartments() {
    let d = dir();
    let expected = run(&cpython_exe(), &["app.py"], &d, &[]);
    assert_eq!(expected.code, Some(0), "CPython: {}", expected.stderr);
    let plain = run(&capy_exe(), &["app.py"], &d, &[]);
    assert_eq!(plain.stdout, expected.stdout, "capy without the mode");
    let c18n = run(&capy_exe(), &[MODE, "app.py"], &d, &[]);
    assert_eq!(c18n.code, Some(0), "stderr: {}", c18n.stderr);
    assert_eq!(c18n.stdout, expected.stdout, "capy {MODE}");
    // The mode's other spelling, and under the collector's stress mode
    // (every crossing's values must stay rooted).
    let stressed = run(
        &capy_exe(),
        &["--compartments", "per-module", "app.py"],
        &d,
        &[("CAPY_GC_STRESS", "1")],
    );
    assert_eq!(
        stressed.stdout, expected.stdout,
        "{MODE} under CAPY_GC_STRESS"
    );
}

#[test]
fn what_cannot_cross_fails_naming_both_compartments() {
    let d = dir();
    let out = run(&capy_exe(), &[MODE, "errors.py"], &d, &[]);
    let expected = std::fs::read_to_string(d.join("errors.exp")).expect("errors.exp");
    assert_eq!(out.code, Some(1));
    assert_eq!(format!("{}{}", out.stdout, out.stderr), expected);
}

#[test]
fn stats_report_every_compartment() {
    let d = dir();
    let out = run(
        &capy_exe(),
        &[MODE, "--compartment-stats", "app.py"],
        &d,
        &[],
    );
    assert_eq!(out.code, Some(0), "stderr: {}", out.stderr);
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert!(lines[0].starts_with("compartment"), "{}", out.stderr);
    let names: Vec<&str> = lines[1..]
        .iter()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(names, ["__main__", "shapes", "store", "events", "util"]);
    for l in &lines[1..] {
        let cols: Vec<&str> = l.split_whitespace().collect();
        let calls_in: u64 = cols[1].parse().expect("calls in");
        let calls_out: u64 = cols[2].parse().expect("calls out");
        assert!(calls_in + calls_out > 0, "no crossings: {l}");
        assert_eq!(cols[5], "0", "no faults expected: {l}");
    }
    // Without the flag, nothing is reported.
    let quiet = run(&capy_exe(), &[MODE, "app.py"], &d, &[]);
    assert_eq!(quiet.stderr, "");
}

#[test]
fn a_bad_mode_is_a_usage_error() {
    let out = run(
        &capy_exe(),
        &["--compartments", "per-file", "app.py"],
        &dir(),
        &[],
    );
    assert_eq!(out.code, Some(2));
    assert!(
        out.stderr.contains("bad --compartments: per-file"),
        "{}",
        out.stderr
    );
}
