//! The command line against CPython's: a program piped on standard input
//! with no script (or `-` as the script) is read whole and run as
//! `__main__` from `<stdin>`, without prompts or echo; `-i` asks for the
//! REPL instead, or after a program, in its namespace.
//!
//! Each case runs under capy and the real CPython with the same stdin and
//! compares stdout, exit status and, where capy's text is CPython's,
//! stderr. The REPL's banner differs, and capy does not draw a
//! SyntaxError's location lines (for any source, not only stdin): those
//! are compared by their last stderr line.

mod common;

use common::{assert_clean, capy_exe, cpython_exe, run_with_stdin, RunOutput};
use std::path::{Path, PathBuf};

fn scratch(tag: &str) -> PathBuf {
    common::scratch_dir("cli", tag)
}

/// Runs `exe args` in `dir` with `input` as its standard input (a file,
/// so it reaches end of input as a pipe whose writer closed does).
fn run_piped(exe: &Path, dir: &Path, args: &[&str], input: &[u8]) -> RunOutput {
    let f = dir.join("stdin.txt");
    std::fs::write(&f, input).expect("write stdin");
    let stdin = std::fs::File::open(&f).expect("open stdin");
    run_with_stdin(exe, args, dir, &[], stdin.into())
}

/// Both interpreters on the same input: (capy, CPython).
fn both(tag: &str, args: &[&str], input: &[u8]) -> (RunOutput, RunOutput) {
    let d = scratch(tag);
    let capy = run_piped(&capy_exe(), &d, args, input);
    let py = run_piped(&cpython_exe(), &d, args, input);
    assert_clean(tag, &capy);
    assert!(py.code.is_some(), "{tag}: CPython {}", py.describe_status());
    (capy, py)
}

fn assert_same_run(tag: &str, capy: &RunOutput, py: &RunOutput, whole_stderr: bool) {
    assert_eq!(
        capy.stdout, py.stdout,
        "{tag}: stdout\nstderr: {}",
        capy.stderr
    );
    assert_eq!(
        capy.code, py.code,
        "{tag}: exit status\nstderr: {}",
        capy.stderr
    );
    if whole_stderr {
        assert_eq!(capy.stderr, py.stderr, "{tag}: stderr");
    } else {
        assert_eq!(
            capy.last_stderr_line(),
            py.last_stderr_line(),
            "{tag}: stderr"
        );
    }
}

/// Piped programs whose whole output, stderr included, is CPython's.
const PIPED: &[(&str, &str)] = &[
    (
        "argv",
        "import sys\nprint(sys.argv, __name__)\nif True:\n    print('block')\n",
    ),
    // Values of expression statements are not echoed, as in a file.
    ("no-echo", "1 + 1\n'text'\nx = 3\nx\nprint(x)\n"),
    (
        "traceback",
        "print('before')\ndef f():\n    return 1 / 0\nf()\nprint('after')\n",
    ),
    ("exit-code", "print('bye')\nraise SystemExit(3)\n"),
    ("exit-message", "import sys\nsys.exit('failed')\n"),
    // The program was read to its end: input() sees end of input, even
    // where more lines follow in the piped text.
    ("input-eof", "x = input()\nhello\nprint(x)\n"),
    (
        "input-caught",
        "import sys\ntry:\n    input('> ')\nexcept EOFError:\n    print('eof')\nprint(repr(sys.stdin.read()))\n",
    ),
    ("empty", ""),
    // The current folder is `''` on the search path, which programs (such
    // as MicroPython's perf_bench runner) remove by that name.
    (
        "search-path",
        "import sys\nprint(repr(sys.path[0]))\nsys.path.remove('')\n",
    ),
    ("no-newline", "print('last line')"),
];

#[test]
fn piped_program_runs_as_cpython_runs_it() {
    for (tag, src) in PIPED {
        let (capy, py) = both(tag, &[], src.as_bytes());
        assert_same_run(tag, &capy, &py, true);
    }
}

#[test]
fn dash_reads_the_program_from_stdin() {
    let src = "import sys\nprint(sys.argv)\n1 / 0\n";
    let (capy, py) = both("dash", &["-", "a", "-b"], src.as_bytes());
    assert_same_run("dash", &capy, &py, true);
    assert_eq!(capy.stdout, "['-', 'a', '-b']\n");
    assert!(
        capy.stderr.contains("File \"<stdin>\", line 3"),
        "{}",
        capy.stderr
    );
}

#[test]
fn options_apply_to_a_piped_program() {
    let (capy, _) = both(
        "timeout",
        &["--timeout", "0.5", "-"],
        b"while True:\n    pass\n",
    );
    assert_eq!(capy.code, Some(1));
    assert!(
        capy.last_stderr_line().starts_with("TimeoutError"),
        "{}",
        capy.stderr
    );
}

#[test]
fn piped_syntax_error_runs_nothing() {
    for (tag, src) in [
        ("unclosed", "print('never')\nx = (\n"),
        ("invalid", "print('never')\nx = 1 +* 2\n"),
        ("indent", "print('never')\n  y = 2\n"),
    ] {
        let (capy, py) = both(tag, &[], src.as_bytes());
        assert_same_run(tag, &capy, &py, false);
        assert_eq!(capy.stdout, "", "{tag}");
    }
}

#[test]
fn non_utf8_piped_program_is_a_syntax_error() {
    let src: &[u8] = b"x = 1\ny = \"abc\xff\xfedef\"\nprint(y)\n";
    let (capy, py) = both("utf8", &[], src);
    assert_same_run("non-UTF-8 stdin", &capy, &py, true);
    assert_eq!(
        capy.stderr,
        "SyntaxError: Non-UTF-8 code starting with '\\xff' in file <stdin> on line 2, \
         but no encoding declared; see https://peps.python.org/pep-0263/ for details\n"
    );
    // A declared encoding is honoured, as for a file.
    let latin: &[u8] = b"# coding: latin-1\nprint(ascii('caf\xe9'))\n";
    let (capy, py) = both("latin", &[], latin);
    assert_same_run("latin-1 stdin", &capy, &py, true);
}

#[test]
fn interactive_flag_reads_statements_and_echoes() {
    // Prompts and the banner go to stderr; stdout is the echo and output.
    let src = "1 + 1\nprint(2)\nfor i in range(2):\n    i\n\nx = 5\nx\n1 / 0\nx * 2\n";
    let (capy, py) = both("repl", &["-i"], src.as_bytes());
    assert_eq!(capy.stdout, py.stdout);
    assert_eq!(capy.stdout, "2\n2\n0\n1\n5\n10\n");
    assert_eq!(capy.code, Some(0));
    assert!(
        capy.stderr
            .contains("ZeroDivisionError: division by zero\n>>> "),
        "{}",
        capy.stderr
    );
    assert!(capy.stderr.ends_with(">>> \n"), "{:?}", capy.stderr);

    let (capy, py) = both(
        "repl-exit",
        &["-i"],
        b"print('x')\nraise SystemExit(4)\nprint('y')\n",
    );
    assert_same_run("SystemExit in the REPL", &capy, &py, false);

    let (capy, py) = both("repl-dash", &["-i", "-", "arg"], b"import sys\nsys.argv\n");
    assert_eq!(capy.stdout, py.stdout);
    assert_eq!(capy.stdout, "['-', 'arg']\n");
}

#[test]
fn interactive_flag_after_a_program_goes_on_in_its_namespace() {
    // What the program ends with, SystemExit included, is printed and the
    // REPL starts without a banner.
    for (tag, code) in [
        ("ok", "x = 5"),
        ("raises", "x = 5; 1 / 0"),
        ("exits", "x = 5; raise SystemExit(3)"),
    ] {
        let (capy, py) = both(tag, &["-i", "-c", code], b"print(x * 2)\nx\n");
        assert_same_run(tag, &capy, &py, true);
        assert_eq!(capy.stdout, "10\n5\n", "{tag}");
    }
    let d = scratch("script");
    std::fs::write(d.join("s.py"), "import sys\nargs = sys.argv\n").unwrap();
    let capy = run_piped(&capy_exe(), &d, &["-i", "s.py", "a"], b"args\n");
    let py = run_piped(&cpython_exe(), &d, &["-i", "s.py", "a"], b"args\n");
    assert_same_run("-i FILE", &capy, &py, true);
    assert_eq!(capy.stdout, "['s.py', 'a']\n");
}

#[test]
fn piped_repl_is_no_longer_the_default() {
    let (capy, _) = both("default", &[], b"1 + 1\n");
    assert_eq!(capy.stdout, "");
    assert_eq!(capy.stderr, "");
    assert_eq!(capy.code, Some(0));
}
