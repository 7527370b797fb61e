//! Bytecode round trip: for each tests/py program,
//! `capy compile FILE -o OUT.capyc` must succeed and `capy OUT.capyc` must
//! print the same stdout and exit with the same status as `capy FILE`
//! (both run with cwd = the test's folder).
//!
//! Known failures: tests/py/xfail_bytecode.txt.
//! Env: CAPY_CONFORMANCE_FILTER, CAPY_CONFORMANCE_UPDATE_XFAIL as for
//! the conformance test.

mod common;

use common::*;
use std::path::{Path, PathBuf};

fn check(name: &str, outdir: &Path) -> Outcome {
    let path = tests_dir().join(name);
    let dir = path.parent().unwrap().to_path_buf();
    let file = path.file_name().unwrap().to_string_lossy().to_string();
    let capy = capy_exe();
    let mut detail = String::new();

    let src_run = run(&capy, &[&file], &dir, &[]);

    let out: PathBuf = outdir.join(format!("{}.capyc", name.replace('/', "__")));
    let _ = std::fs::remove_file(&out);
    let out_s = out.to_string_lossy().to_string();
    let comp = run(&capy, &["compile", &file, "-o", &out_s], &dir, &[]);
    if comp.code != Some(0) || !out.exists() {
        detail.push_str(&format!(
            "    `capy compile {file} -o {out_s}` failed: {}{}\n{}",
            comp.describe_status(),
            if out.exists() { "" } else { ", no output file" },
            tail(&comp.stderr, 4)
        ));
        return Outcome {
            name: name.to_string(),
            ok: false,
            detail,
        };
    }
    // The bytecode file lives elsewhere, so its folder is not the program's:
    // point the module search path at the source folder, as a user would.
    let dir_s = dir.to_string_lossy().to_string();
    let bc_run = run(&capy, &[&out_s], &dir, &[("MICROPYPATH", dir_s.as_str())]);
    let mut ok = true;
    if bc_run.code != src_run.code || bc_run.timed_out != src_run.timed_out {
        ok = false;
        detail.push_str(&format!(
            "    status: from source {}, from bytecode {}\n{}",
            src_run.describe_status(),
            bc_run.describe_status(),
            tail(&bc_run.stderr, 4)
        ));
    }
    if bc_run.stdout != src_run.stdout {
        ok = false;
        detail.push_str(
            "    stdout differs (expected = run from source, actual = run from bytecode):\n",
        );
        detail.push_str(&short_diff(&src_run.stdout, &bc_run.stdout));
    }
    if src_run.stderr.trim().is_empty() != bc_run.stderr.trim().is_empty()
        || src_run.last_stderr_line() != bc_run.last_stderr_line()
    {
        ok = false;
        detail.push_str(&format!(
            "    last stderr line: from source {:?}, from bytecode {:?}\n",
            src_run.last_stderr_line(),
            bc_run.last_stderr_line()
        ));
    }
    let _ = std::fs::remove_file(&out);
    Outcome {
        name: name.to_string(),
        ok,
        detail,
    }
}

#[test]
fn bytecode_roundtrip() {
    let outdir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("capyc-roundtrip");
    std::fs::create_dir_all(&outdir).expect("create temp dir");
    let what = format!("capy={}", capy_exe().display());
    let ok = run_suite("bytecode", "xfail_bytecode.txt", &what, |t| {
        check(t, &outdir)
    });
    assert!(ok, "bytecode round-trip failures (see above)");
}
