//! Conformance: every tests/py/**/*.py program is run under capy and under
//! the real CPython executable; stdout and exit status must agree (and the
//! last stderr line, i.e. the exception line of the traceback, when the
//! program declares `# expect: exit=N` or `# expect: stderr`).
//!
//! Where MicroPython deliberately differs from CPython and capy follows
//! MicroPython, `NAME.py.exp` holds the expected stdout instead.
//!
//! Known failures: tests/py/xfail.txt (`path  # reason`).
//! Env: CAPY_CONFORMANCE_FILTER=substring   run a subset
//!      CAPY_CONFORMANCE_UPDATE_XFAIL=1     rewrite xfail.txt from this run
//!      CAPY_PYTHON=/path/to/python3        reference interpreter

mod common;

use common::*;
use std::path::Path;

fn check(name: &str, python: &Path) -> Outcome {
    let root = tests_dir();
    let path = root.join(name);
    let dir = path.parent().unwrap().to_path_buf();
    let file = path.file_name().unwrap().to_string_lossy().to_string();
    let src = std::fs::read_to_string(&path).unwrap_or_default();
    let d = directives(&src);
    let mut detail = String::new();

    // Expected behaviour.
    let exp_path = dir.join(format!("{file}.exp"));
    let (exp_stdout, exp_code, exp_last) = if exp_path.exists() {
        let s = std::fs::read_to_string(&exp_path).unwrap_or_default();
        (s, d.exit.unwrap_or(0), None)
    } else {
        let py = run(python, &[&file], &dir, &[]);
        let want = d.exit.unwrap_or(0);
        if py.code != Some(want) {
            detail.push_str(&format!(
                "    test is broken: CPython gave {} but the test expects exit {want}\n{}",
                py.describe_status(),
                tail(&py.stderr, 5)
            ));
            return Outcome {
                name: name.to_string(),
                ok: false,
                detail,
            };
        }
        let last = if d.stderr_last {
            Some(py.last_stderr_line())
        } else {
            None
        };
        (py.stdout, want, last)
    };

    let got = run(&capy_exe(), &[&file], &dir, &[]);
    let mut ok = true;
    if got.code != Some(exp_code) {
        ok = false;
        detail.push_str(&format!(
            "    status: expected exit {exp_code}, got {}\n",
            got.describe_status()
        ));
        if !got.stderr.trim().is_empty() {
            detail.push_str("    stderr (tail):\n");
            detail.push_str(&tail(&got.stderr, 4));
        }
    }
    if got.stdout != exp_stdout {
        ok = false;
        detail.push_str("    stdout differs:\n");
        detail.push_str(&short_diff(&exp_stdout, &got.stdout));
    }
    if let Some(want) = exp_last {
        let have = got.last_stderr_line();
        if have != want {
            ok = false;
            detail.push_str(&format!(
                "    last stderr line: expected {want:?}, got {have:?}\n"
            ));
        }
    }
    Outcome {
        name: name.to_string(),
        ok,
        detail,
    }
}

#[test]
fn conformance() {
    let python = cpython_exe();
    let what = format!("capy={} python={}", capy_exe().display(), python.display());
    let ok = run_suite("conformance", "xfail.txt", &what, |t| check(t, &python));
    assert!(ok, "conformance failures (see above)");
}
