//! The `capy` process as a whole behaves like CPython's: source files that
//! are not UTF-8, failed writes to stdout/stderr (broken pipes, full
//! disks) and Ctrl-C. Expected texts and statuses are CPython 3.11's on
//! Linux, checked by hand against `python3` (whose paths differ: it shows
//! the script's absolute path, capy the path as given).

mod common;

use common::{run, RunOutput};
use std::path::{Path, PathBuf};

fn capy() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_capy"))
}

fn scratch(tag: &str) -> PathBuf {
    common::scratch_dir("process", tag)
}

/// Ended by itself, without a Rust panic or internal error.
fn assert_clean(what: &str, o: &RunOutput) {
    assert!(
        o.spawn_error.is_none() && !o.timed_out && o.code.is_some(),
        "{what}: {}\nstderr: {}",
        o.describe_status(),
        o.stderr
    );
    assert!(
        !o.stderr.contains("panicked") && !o.stderr.contains("internal error"),
        "{what}: the runtime panicked:\n{}",
        o.stderr
    );
}

fn run_in(dir: &Path, args: &[&str]) -> RunOutput {
    run(&capy(), args, dir, &[])
}

// ---- source files that are not UTF-8

const NON_UTF8: &[u8] = b"x = 1\ny = \"abc\xff\xfedef\"\nprint(y)\n";

#[test]
fn non_utf8_script_is_a_syntax_error() {
    let d = scratch("utf8-script");
    std::fs::write(d.join("bad.py"), NON_UTF8).unwrap();
    let o = run_in(&d, &["bad.py"]);
    assert_clean("non-UTF-8 script", &o);
    assert_eq!(o.code, Some(1), "stderr: {}", o.stderr);
    assert_eq!(
        o.stderr,
        "SyntaxError: Non-UTF-8 code starting with '\\xff' in file bad.py on line 2, \
         but no encoding declared; see https://peps.python.org/pep-0263/ for details\n"
    );
    assert_eq!(o.stdout, "");
}

#[test]
fn non_utf8_module_is_a_catchable_syntax_error() {
    let d = scratch("utf8-import");
    std::fs::write(d.join("bad.py"), NON_UTF8).unwrap();
    // Imports decode token by token: a bad byte in a comment goes unnoticed.
    std::fs::write(d.join("comment.py"), b"# caf\xe9\nprint('comment ok')\n").unwrap();
    std::fs::write(
        d.join("latin.py"),
        b"# -*- coding: latin-1 -*-\nprint(ascii('caf\xe9'))\n",
    )
    .unwrap();
    let src = "\
import comment
import latin
try:
    import bad
except SyntaxError as e:
    print(type(e).__name__, e.msg, e.lineno, e.filename.endswith('bad.py'))
import bad
";
    std::fs::write(d.join("main.py"), src).unwrap();
    let o = run_in(&d, &["main.py"]);
    assert_clean("import a non-UTF-8 module", &o);
    let msg = "(unicode error) 'utf-8' codec can't decode byte 0xff in position 3: \
               invalid start byte";
    assert_eq!(
        o.stdout,
        format!("comment ok\n'caf\\xe9'\nSyntaxError {msg} 2 True\n")
    );
    assert_eq!(o.code, Some(1));
    assert_eq!(o.last_stderr_line(), format!("SyntaxError: {msg}"));
    assert!(o.stderr.starts_with("Traceback"), "{}", o.stderr);
    // `-m` reads the module as an import does.
    let o = run_in(&d, &["-m", "bad"]);
    assert_clean("-m a non-UTF-8 module", &o);
    assert_eq!(o.code, Some(1));
    assert_eq!(o.last_stderr_line(), format!("SyntaxError: {msg}"));
}

#[cfg(unix)]
#[test]
fn non_utf8_command_is_refused() {
    use std::os::unix::ffi::OsStrExt;
    let d = scratch("utf8-c");
    let code = std::ffi::OsStr::from_bytes(b"print('ab\xff')");
    let o = std::process::Command::new(capy())
        .arg("-c")
        .arg(code)
        .current_dir(&d)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{stderr}");
    assert_eq!(
        stderr,
        "Unable to decode the command from the command line:\n\
         UnicodeEncodeError: 'utf-8' codec can't encode character '\\udcff' in position 9: \
         surrogates not allowed\n"
    );
}
