//! `capy audit` against golden files, through the built binary.
//!
//! Each folder of `tests/policy/` is one case, run from inside it as
//! `capy audit app.toml`:
//! - an audit case (`clean`, `violations`, `packages`): a policy, its
//!   program and modules; `expected.txt` and `expected.json` are the text
//!   and `--json` reports, and the exit status is in [`AUDITS`];
//! - `malformed-*`: a policy that must be refused with exit 2, nothing on
//!   stdout and exactly `expected.txt` (`FILE:LINE:COL: message`) on stderr;
//! - `run`: a policy run with `capy --policy app.toml`, its output in
//!   `expected.txt` (quotas, grants, denied names, restart).
//!
//! `CAPY_POLICY_BLESS=1` rewrites the golden files from the current output;
//! review every line of the diff before committing it.

mod common;

use common::{assert_clean, capy_exe, repo_root, run, short_diff, RunOutput};
use std::path::{Path, PathBuf};

/// The audit cases and their exit status.
const AUDITS: &[(&str, i32)] = &[("clean", 0), ("violations", 1), ("packages", 1)];

fn cases_dir() -> PathBuf {
    repo_root().join("tests").join("policy")
}

fn bless() -> bool {
    matches!(
        std::env::var("CAPY_POLICY_BLESS").as_deref(),
        Ok("1") | Ok("true") | Ok("yes")
    )
}

fn audit(dir: &Path, args: &[&str]) -> RunOutput {
    let mut all = vec!["audit"];
    all.extend_from_slice(args);
    let o = run(&capy_exe(), &all, dir, &[]);
    assert_clean(&format!("capy {}", all.join(" ")), &o);
    o
}

/// Compares `actual` with the golden file `path` (or writes it when blessing).
fn golden(path: &Path, actual: &str) -> Result<(), String> {
    if bless() {
        std::fs::write(path, actual).map_err(|e| format!("{}: {e}", path.display()))?;
        return Ok(());
    }
    let expected = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if expected == actual {
        Ok(())
    } else {
        Err(format!(
            "{} differs:\n{}",
            path.display(),
            short_diff(&expected, actual)
        ))
    }
}

#[test]
fn every_case_folder_is_known() {
    let mut names: Vec<String> = std::fs::read_dir(cases_dir())
        .expect("tests/policy")
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    for n in &names {
        assert!(
            n.starts_with("malformed-") || n == "run" || AUDITS.iter().any(|(a, _)| a == n),
            "tests/policy/{n} is neither an audit case in AUDITS nor malformed-*"
        );
    }
    assert!(names.iter().filter(|n| n.starts_with("malformed-")).count() >= 6);
}

#[test]
fn audit_reports_match_golden_files() {
    let mut failures = Vec::new();
    for (case, status) in AUDITS {
        let dir = cases_dir().join(case);
        let text = audit(&dir, &["app.toml"]);
        let json = audit(&dir, &["app.toml", "--json"]);
        for (what, o) in [("text", &text), ("json", &json)] {
            if o.code != Some(*status) {
                failures.push(format!(
                    "{case} ({what}): exit {:?}, expected {status}\nstderr: {}",
                    o.code, o.stderr
                ));
            }
            if !o.stderr.is_empty() {
                failures.push(format!("{case} ({what}): stderr: {}", o.stderr));
            }
        }
        for (file, o) in [("expected.txt", &text), ("expected.json", &json)] {
            if let Err(e) = golden(&dir.join(file), &o.stdout) {
                failures.push(format!("{case}: {e}"));
            }
        }
        // The JSON is JSON, and says what the exit status says.
        match serde_json::from_str::<serde_json::Value>(&json.stdout) {
            Ok(v) => {
                if v["ok"] != serde_json::Value::Bool(*status == 0) {
                    failures.push(format!("{case}: \"ok\" is {} with exit {status}", v["ok"]));
                }
            }
            Err(e) => failures.push(format!("{case}: --json output is not JSON: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn malformed_policies_name_file_line_and_column() {
    let mut failures = Vec::new();
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(cases_dir())
        .expect("tests/policy")
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("malformed-"))
        })
        .collect();
    dirs.sort();
    for dir in dirs {
        let case = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        for args in [&["app.toml"][..], &["app.toml", "--json"][..]] {
            let o = audit(&dir, args);
            if o.code != Some(2) || !o.stdout.is_empty() {
                failures.push(format!(
                    "{case} {args:?}: exit {:?} (expected 2), stdout {:?}",
                    o.code, o.stdout
                ));
            }
            if let Err(e) = golden(&dir.join("expected.txt"), &o.stderr) {
                failures.push(format!("{case}: {e}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Paths in a report are relative to the policy's folder wherever
/// `capy audit` runs: only the policy's own name (as given) changes.
#[test]
fn reports_do_not_depend_on_the_working_folder() {
    let dir = cases_dir().join("violations");
    let here = audit(&dir, &["app.toml"]);
    let from_root = audit(&repo_root(), &["tests/policy/violations/app.toml"]);
    assert_eq!(from_root.code, here.code);
    let normal = from_root
        .stdout
        .replace("tests/policy/violations/app.toml", "app.toml");
    assert_eq!(normal, here.stdout);
}

#[test]
fn usage_and_missing_files() {
    let d = common::scratch_dir("policy", "usage");
    let o = audit(&d, &[]);
    assert_eq!(o.code, Some(2));
    assert!(
        o.stderr.contains("usage: capy audit POLICY.toml [--json]"),
        "{}",
        o.stderr
    );
    let o = audit(&d, &["a.toml", "b.toml"]);
    assert_eq!(o.code, Some(2));
    assert!(
        o.stderr
            .starts_with("capy audit: unexpected argument b.toml"),
        "{}",
        o.stderr
    );
    let o = audit(&d, &["--yaml", "a.toml"]);
    assert_eq!(o.code, Some(2));
    assert!(
        o.stderr.starts_with("capy audit: unknown option --yaml"),
        "{}",
        o.stderr
    );
    let o = audit(&d, &["nope.toml"]);
    assert_eq!(o.code, Some(2));
    assert!(
        o.stderr.starts_with("nope.toml: can't read the policy: "),
        "{}",
        o.stderr
    );
    let o = audit(&d, &["--help"]);
    assert_eq!(o.code, Some(0));
    assert!(o.stdout.contains("Exit status"), "{}", o.stdout);
    // Not UTF-8.
    std::fs::write(d.join("bin.toml"), b"[app]\nmain = \"\xff\"\n").expect("write");
    let o = audit(&d, &["bin.toml"]);
    assert_eq!(o.code, Some(2));
    assert_eq!(o.stderr, "bin.toml:2:9: the policy is not UTF-8 text\n");
}

/// Modules that cannot be read or compiled are errors of the report (exit
/// 1), the audit goes on with the others, and nothing panics or hangs.
#[test]
fn hostile_modules_are_reported_not_fatal() {
    let d = common::scratch_dir("policy", "hostile");
    let w = |name: &str, data: &[u8]| std::fs::write(d.join(name), data).expect("write");
    w(
        "app.toml",
        b"[app]\nmain = \"app.py\"\n[compartments.odd]\nmodules = [\"latin\", \"deep\", \"empty\", \"cyc_a\", \"cyc_b\", \"nul\"]\n",
    );
    w(
        "app.py",
        b"import latin, deep, empty, cyc_a, missing_mod, adir\nfrom . import nothing\nimport app\n",
    );
    w("latin.py", b"x = '\xe9'\n");
    let deep = format!("x = {}1{}\n", "(".repeat(5000), ")".repeat(5000));
    w("deep.py", deep.as_bytes());
    w("empty.py", b"");
    w("cyc_a.py", b"import cyc_b\ncyc_b.f()\n");
    w(
        "cyc_b.py",
        b"import cyc_a\nfrom cyc_b import g\ndef f(): return cyc_a\n",
    );
    w("nul.py", b"x = 1\x00\n");
    std::fs::create_dir_all(d.join("adir.py")).expect("mkdir");
    for args in [&["app.toml"][..], &["app.toml", "--json"][..]] {
        let o = audit(&d, args);
        assert_eq!(o.code, Some(1), "{args:?}\n{}\n{}", o.stdout, o.stderr);
    }
    let o = audit(&d, &["app.toml"]);
    let errors = o.stdout.split("\nERRORS").nth(1).unwrap_or_default();
    assert!(errors.contains("latin: latin.py"), "{}", o.stdout);
    assert!(errors.contains("deep: deep.py"), "{}", o.stdout);
    assert!(
        o.stdout
            .contains("relative import with no known parent package"),
        "{}",
        o.stdout
    );
    assert!(o.stdout.contains("missing_mod  not found"), "{}", o.stdout);
}

#[test]
fn a_policy_runs_its_program_in_its_compartments() {
    let dir = cases_dir().join("run");
    let o = common::run_with_stdin_text(
        &capy_exe(),
        &["--policy", "app.toml"],
        &dir,
        "line from stdin\n",
    );
    assert_eq!(o.code, Some(0), "stderr: {}", o.stderr);
    if let Err(e) = golden(&dir.join("expected.txt"), &o.stdout) {
        panic!("{e}");
    }
    // The clean audit case runs too, and prints what CPython prints with
    // the policy's path as its module path.
    let clean = cases_dir().join("clean");
    let text = "the cat saw the dog\nthe end\n";
    let capy = common::run_with_stdin_text(&capy_exe(), &["--policy", "app.toml"], &clean, text);
    let lib = clean.join("lib");
    let lib = lib.to_string_lossy();
    let cpython = common::run_with_stdin_text_env(
        &common::cpython_exe(),
        &["app.py"],
        &clean,
        text,
        &[("PYTHONPATH", &lib)],
    );
    assert_eq!(cpython.code, Some(0), "CPython: {}", cpython.stderr);
    assert_eq!(capy.code, Some(0), "stderr: {}", capy.stderr);
    assert!(capy.stdout.contains("the "), "{}", capy.stdout);
    assert_eq!(capy.stdout, cpython.stdout);
}

#[test]
fn a_policy_refuses_an_import_no_rule_allows() {
    let o = run(
        &capy_exe(),
        &["--policy", "app.toml"],
        &cases_dir().join("violations"),
        &[],
    );
    assert_eq!(o.code, Some(1));
    assert!(
        o.stderr.ends_with(
            "PermissionError: policy app.toml: no [[allow]] rule lets 'main' import anything of 'util'\n"
        ),
        "{}",
        o.stderr
    );
    let bad = run(
        &capy_exe(),
        &["--policy", "no-such.toml"],
        &cases_dir(),
        &[],
    );
    assert_eq!(bad.code, Some(2));
    assert!(
        bad.stderr.starts_with("capy: no-such.toml"),
        "{}",
        bad.stderr
    );
}
