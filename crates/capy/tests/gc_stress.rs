//! The collector never frees a live object: every tests/py program is run
//! again with `CAPY_GC_STRESS` set (a full collection at every allocation,
//! or every N-th where the program says `# gc-stress: every=N`) and
//! `CAPY_STALE_PANIC=1` (reading a freed object aborts the run instead of
//! raising SystemError). Stdout and exit status must equal a normal run's;
//! the conformance test already compares that run with CPython.
//!
//! A value that native code forgot to root is freed by the very next
//! allocation here, so this is the test that finds rooting bugs. To see
//! where such an object was freed, rerun the program by hand with
//! `CAPY_GC_STRESS=1 CAPY_STALE_PANIC=trace`.
//!
//! Known failures: tests/py/xfail_gc_stress.txt.
//! Env: CAPY_CONFORMANCE_FILTER, CAPY_CONFORMANCE_UPDATE_XFAIL as for
//! the conformance test.

mod common;

use common::*;
use std::time::Duration;

/// A stressed run is slower by the number of collections times the heap
/// size: give it more time than a normal one.
const STRESS_TIMEOUT: Duration = Duration::from_secs(60);

fn check(name: &str) -> Outcome {
    let path = tests_dir().join(name);
    let dir = path.parent().unwrap().to_path_buf();
    let file = path.file_name().unwrap().to_string_lossy().to_string();
    let src = std::fs::read_to_string(&path).unwrap_or_default();
    let every = directives(&src).gc_stress_every.unwrap_or(1).to_string();
    let capy = capy_exe();
    let normal = run(&capy, &[&file], &dir, &[]);
    let stressed = run_timeout(
        &capy,
        &[&file],
        &dir,
        &[
            ("CAPY_GC_STRESS", every.as_str()),
            ("CAPY_STALE_PANIC", "1"),
        ],
        STRESS_TIMEOUT,
    );
    let mut detail = String::new();
    if stressed.code != normal.code || stressed.timed_out {
        detail.push_str(&format!(
            "    status: normal {}, under GC stress (every={every}) {}\n{}",
            normal.describe_status(),
            stressed.describe_status(),
            tail(&stressed.stderr, 6)
        ));
    }
    if stressed.stdout != normal.stdout {
        detail.push_str("    stdout differs (expected = normal run, actual = under GC stress):\n");
        detail.push_str(&short_diff(&normal.stdout, &stressed.stdout));
    }
    if stressed.last_stderr_line() != normal.last_stderr_line() {
        detail.push_str(&format!(
            "    last stderr line: normal {:?}, under GC stress {:?}\n",
            normal.last_stderr_line(),
            stressed.last_stderr_line()
        ));
    }
    Outcome {
        name: name.to_string(),
        ok: detail.is_empty(),
        detail,
    }
}

#[test]
fn gc_stress() {
    let what = format!("capy={}", capy_exe().display());
    let ok = run_suite("gc_stress", "xfail_gc_stress.txt", &what, check);
    assert!(ok, "failures under GC stress (see above)");
}
