//! The command line against CPython's: a program piped on standard input
//! with no script (or `-` as the script) is read whole and run as
//! `__main__` from `<stdin>`, without prompts or echo; `-i` asks for the
//! REPL instead, or after a program, in its namespace.
//!
//! Each case runs under capy and the real CPython with the same stdin and
//! compares stdout, exit status and, where capy's text is CPython's,
//! stderr. The REPL's banner differs, and capy's caret is one character
//! where CPython 3.11 sometimes underlines a range: those are compared by
//! their last stderr line.

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
fn syntax_errors_show_file_line_source_and_caret() {
    for (tag, src) in [
        ("unclosed-loc", "print('never')\nx = (\n"),
        ("invalid-loc", "print('never')\nx = 1 +* 2\n"),
    ] {
        let (capy, py) = both(tag, &[], src.as_bytes());
        assert_same_run(tag, &capy, &py, true);
        assert!(capy.stderr.contains("^\n"), "{tag}: {}", capy.stderr);
    }
    // The same block from `-c` and from a script (whose name CPython
    // makes absolute; capy shows it as given, as MicroPython does).
    let d = scratch("syntax-file");
    let capy = run_piped(&capy_exe(), &d, &["-c", "x = )"], b"");
    let py = run_piped(&cpython_exe(), &d, &["-c", "x = )"], b"");
    assert_same_run("syntax -c", &capy, &py, true);
    std::fs::write(d.join("bad.py"), "def f(:\n    pass\n").unwrap();
    let capy = run_piped(&capy_exe(), &d, &["bad.py"], b"");
    assert_eq!(
        capy.stderr,
        "  File \"bad.py\", line 1\n    def f(:\n          ^\nSyntaxError: invalid syntax\n"
    );
}

/// `-m`: a module on the search path, a package's `__main__`, relative
/// imports inside a package; `__file__` and `__package__` as CPython sets
/// them (CPython's absolute `__file__` is printed relative to the folder).
#[test]
fn dash_m_runs_modules_and_packages() {
    let d = scratch("dash-m");
    std::fs::create_dir_all(d.join("pkg/sub")).unwrap();
    std::fs::write(d.join("pkg/__init__.py"), "").unwrap();
    std::fs::write(d.join("pkg/sub/__init__.py"), "").unwrap();
    let show = "import os\nprint(__name__, repr(__package__), os_rel(__file__))\n";
    let show = show.replace(
        "import os\n",
        "def os_rel(f):\n    import sys\n    return f.rsplit('dash-m', 1)[-1]\n",
    );
    std::fs::write(
        d.join("pkg/__main__.py"),
        format!("print('pkg main')\n{show}"),
    )
    .unwrap();
    std::fs::write(d.join("pkg/sub/other.py"), "X = 5\n").unwrap();
    std::fs::write(
        d.join("pkg/sub/mod.py"),
        format!("from .other import X\nfrom .. import sub\nprint(X, sub.__name__)\n{show}"),
    )
    .unwrap();
    std::fs::write(d.join("top.py"), show.clone()).unwrap();
    for args in [
        &["-m", "pkg"][..],
        &["-m", "pkg.sub.mod"],
        &["-m", "top"],
        &["-m", "pkg.sub"],
        &["-m", "nowhere"],
    ] {
        let capy = run_piped(&capy_exe(), &d, args, b"");
        let py = run_piped(&cpython_exe(), &d, args, b"");
        assert_eq!(capy.stdout, py.stdout, "{args:?}\n{}", capy.stderr);
        assert_eq!(capy.code, py.code, "{args:?}\n{}", capy.stderr);
    }
    let capy = run_piped(&capy_exe(), &d, &["-m", "pkg.sub"], b"");
    assert!(
        capy.stderr
            .contains("'pkg.sub' is a package and cannot be directly executed"),
        "{}",
        capy.stderr
    );
}

/// `__file__` of a script is absolute, as CPython 3.9 and later make it;
/// a piped program's is `<stdin>`; `-c` has none.
#[test]
fn main_module_file_names() {
    let d = scratch("file");
    std::fs::write(
        d.join("s.py"),
        "print(__file__.endswith('/file/s.py'), __file__[0])\n",
    )
    .unwrap();
    let cases: [(&[&str], &[u8]); 3] = [
        (&["s.py"], b""),
        (&[], b"print(__file__)\n"),
        (&["-c", "print('__file__' in globals())"], b""),
    ];
    for (args, input) in cases {
        let capy = run_piped(&capy_exe(), &d, args, input);
        let py = run_piped(&cpython_exe(), &d, args, input);
        assert_same_run("__file__", &capy, &py, true);
    }
}

/// Mistakes on the command line: one line saying what is wrong, the
/// synopsis and a hint, status 2; no Rust error text.
#[test]
fn usage_errors_are_short_and_plain() {
    let d = scratch("usage");
    for args in [
        &["--bogus"][..],
        &["--recursion", "50000", "-c", "1"],
        &["--recursion", "0", "-c", "1"],
        &["--heap", "0", "-c", "1"],
        &["--timeout", "-1", "-c", "1"],
    ] {
        let capy = run_piped(&capy_exe(), &d, args, b"");
        assert_eq!(capy.code, Some(2), "{args:?}");
        assert_eq!(capy.stdout, "", "{args:?}");
        let lines: Vec<&str> = capy.stderr.lines().collect();
        assert_eq!(lines.len(), 3, "{args:?}: {}", capy.stderr);
        assert!(lines[0].starts_with("capy: "), "{}", capy.stderr);
        assert!(lines[2].contains("capy --help"), "{}", capy.stderr);
    }
    let missing = run_piped(&capy_exe(), &d, &["no_such_file.py"], b"");
    assert_eq!(missing.code, Some(2));
    assert_eq!(
        missing.stderr,
        "capy: can't open file 'no_such_file.py': [Errno 2] No such file or directory\n"
    );
    for flag in ["-V", "--version"] {
        let v = run_piped(&capy_exe(), &d, &[flag], b"");
        assert_eq!(v.code, Some(0));
        assert!(v.stdout.starts_with("capy "), "{}", v.stdout);
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

/// The REPL's statement ends as CPython's: a closing bracket on a
/// continuation line ends a simple statement, a compound one needs a blank
/// line or the end of input (Ctrl-D), and `exit`/`quit` are there.
#[test]
fn repl_statements_end_as_in_cpython() {
    let cases: [(&str, &[u8]); 6] = [
        ("bracket", b"x = (1,\n2)\nx\n"),
        ("eof-in-block", b"for i in range(2):\n    print(i)"),
        ("one-line-if", b"if True: print('one')\nprint('two')\n"),
        ("multi-line-def", b"def f(\n a):\n    return a\n\nf(4)\n"),
        ("exit", b"print('before')\nexit(3)\nprint('never')\n"),
        ("quit", b"quit()\nprint('never')\n"),
    ];
    for (tag, input) in cases {
        let (capy, py) = both(tag, &["-i"], input);
        assert_eq!(capy.stdout, py.stdout, "{tag}\n{}", capy.stderr);
        assert_eq!(capy.code, py.code, "{tag}\n{}", capy.stderr);
    }
}

#[test]
fn piped_repl_is_no_longer_the_default() {
    let (capy, _) = both("default", &[], b"1 + 1\n");
    assert_eq!(capy.stdout, "");
    assert_eq!(capy.stderr, "");
    assert_eq!(capy.code, Some(0));
}
