//! The shape of the traceback printed for an uncaught exception, compared
//! with CPython's whole stderr (not only its last line, which is all the
//! tests/py conformance programs check): `File "...", line N, in NAME`
//! entries, each followed by the stripped source line when the file is
//! one the runtime loaded (the script, an imported module), none for
//! `-c` code or `exec` strings, runs of identical entries cut after three
//! with `[Previous line repeated N more times]`, and exception chains.
//!
//! CPython runs with `PYTHONNODEBUGRANGES=1`: capy records lines, not
//! columns, so it does not draw CPython 3.11's `^^^^` markers. CPython
//! prints the script's absolute path where capy prints the path it was
//! given; file names are compared by their last component.

mod common;

use common::{capy_exe, cpython_exe, run, RunOutput};
use std::path::{Path, PathBuf};

fn scratch(tag: &str) -> PathBuf {
    common::scratch_dir("traceback", tag)
}

/// `File "/some/dir/x.py"` → `File "x.py"`.
fn normalise(stderr: &str) -> String {
    let mut out = String::new();
    for line in stderr.lines() {
        match line.strip_prefix("  File \"") {
            Some(rest) => {
                let (path, tail) = rest.split_once('"').unwrap_or((rest, ""));
                let name = if path.starts_with('<') {
                    path
                } else {
                    path.rsplit('/').next().unwrap_or(path)
                };
                out.push_str(&format!("  File \"{name}\"{tail}\n"));
            }
            None => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

fn both(dir: &Path, args: &[&str]) -> (RunOutput, RunOutput) {
    let py = run(&cpython_exe(), args, dir, &[("PYTHONNODEBUGRANGES", "1")]);
    let capy = run(&capy_exe(), args, dir, &[]);
    (py, capy)
}

/// Runs `args` in `dir` under both and compares exit status and stderr.
fn same_traceback(what: &str, dir: &Path, args: &[&str]) -> String {
    let (py, capy) = both(dir, args);
    assert_eq!(py.code, Some(1), "{what}: CPython: {}", py.stderr);
    assert_eq!(capy.code, Some(1), "{what}: capy: {}", capy.stderr);
    let (want, got) = (normalise(&py.stderr), normalise(&capy.stderr));
    assert_eq!(got, want, "{what}: traceback differs from CPython's");
    got
}

const MODULE: &str = "\
def divide(x):
    # a comment
    return 1 / x   \n";

const MAIN: &str = "\
import helper

def walk(n):
    if n == 0:
        helper.divide(0)
    walk(n - 1)

def outer():
    try:
        walk(8)  # deep\t
    except ZeroDivisionError as e:
        raise ValueError('bad') from e

print('start')
outer()
";

#[test]
fn script_and_module_lines_are_quoted() {
    let d = scratch("script");
    std::fs::write(d.join("helper.py"), MODULE).unwrap();
    std::fs::write(d.join("main.py"), MAIN).unwrap();
    let got = same_traceback("script", &d, &["main.py"]);
    // The shape itself, independent of the comparison above.
    for want in [
        "  File \"main.py\", line 15, in <module>\n    outer()\n",
        "  File \"main.py\", line 6, in walk\n    walk(n - 1)\n",
        "  [Previous line repeated 5 more times]\n",
        "  File \"helper.py\", line 3, in divide\n    return 1 / x   \n",
        "\nThe above exception was the direct cause of the following exception:\n",
    ] {
        assert!(got.contains(want), "missing {want:?} in:\n{got}");
    }
}

/// Python calls run in their caller's loop (framestack.rs): the frames an
/// exception leaves, through handlers for other types, `finally`, `with`,
/// methods and keyword calls, each add their line, innermost last.
const THROUGH: &str = "\
class Ctx:
    def __enter__(self):
        return self
    def __exit__(self, *a):
        return False

class K:
    def meth(self, x, scale=1):
        return 10 // (x - x) * scale

def in_with(k):
    with Ctx():
        return k.meth(3, scale=2)

def in_finally(k):
    try:
        return in_with(k)
    finally:
        pass

def wrong_handler(k):
    try:
        return in_finally(k) + 1
    except KeyError:
        return 0

def handled_then_raise():
    try:
        wrong_handler(K())
    except ZeroDivisionError:
        pass
    return wrong_handler(K())

handled_then_raise()
";

#[test]
fn exceptions_leave_inline_frames_in_order() {
    let d = scratch("through");
    std::fs::write(d.join("t.py"), THROUGH).unwrap();
    let got = same_traceback("through", &d, &["t.py"]);
    assert!(got.contains("line 9, in meth\n"), "{got}");
}

#[test]
fn no_lines_for_code_strings() {
    let d = scratch("strings");
    // -c: CPython quotes nothing.
    same_traceback("-c", &d, &["-c", "def f():\n    1/0\nf()"]);
    // exec of a string inside a script: the script's lines only.
    std::fs::write(
        d.join("ex.py"),
        "src = 'def g():\\n    return [][1]\\ng()'\nexec(src)\n",
    )
    .unwrap();
    let got = same_traceback("exec", &d, &["ex.py"]);
    assert!(got.contains("  File \"ex.py\", line 2, in <module>\n    exec(src)\n"));
    assert!(got.contains("  File \"<string>\", line 2, in g\nIndexError"));
}

/// Frozen modules are loaded from bytecode compiled at build time, which
/// carries no source: their frames still quote the embedded source's line
/// (the one the entry's line number names), in an uncaught traceback and
/// through the `traceback` module.
#[test]
fn frozen_module_lines_are_quoted() {
    let d = scratch("frozen");
    let source = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../capy-vm/src/modules/stdlib/fractions.py"),
    )
    .unwrap();
    let prog = "import fractions\nfractions.Fraction(1, 0)\n";
    std::fs::write(d.join("fz.py"), prog).unwrap();
    let caught = "import traceback, fractions\ntry:\n    fractions.Fraction(1, 0)\n\
                  except ZeroDivisionError:\n    traceback.print_exc()\n";
    std::fs::write(d.join("fzc.py"), caught).unwrap();
    for script in ["fz.py", "fzc.py"] {
        let out = run(&capy_exe(), &[script], &d, &[]);
        let mut lines = out.stderr.lines();
        let entry = lines
            .find(|l| l.starts_with("  File \"<frozen fractions>\", line "))
            .unwrap_or_else(|| panic!("{script}: no frozen frame in:\n{}", out.stderr));
        let n: usize = entry["  File \"<frozen fractions>\", line ".len()..]
            .split(',')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap();
        let want = source.lines().nth(n - 1).unwrap().trim();
        assert!(
            want.starts_with("raise ZeroDivisionError"),
            "line {n}: {want}"
        );
        assert_eq!(
            lines.next().map(str::trim),
            Some(want),
            "{script}:\n{}",
            out.stderr
        );
    }
}

#[test]
fn long_recursion_is_summarised() {
    let d = scratch("recursion");
    std::fs::write(
        d.join("rec.py"),
        "def down(n):\n    if n:\n        return down(n - 1)\n    raise KeyError(n)\n\ndown(50)\n",
    )
    .unwrap();
    let got = same_traceback("recursion", &d, &["rec.py"]);
    assert!(got.contains("  [Previous line repeated 47 more times]\n"));
    assert!(got.lines().count() < 20, "not summarised:\n{got}");
}

#[test]
fn print_exception_keeps_micropython_format() {
    // sys.print_exception is MicroPython's: no source lines.
    let d = scratch("print_exception");
    std::fs::write(
        d.join("pe.py"),
        "import sys\ndef f():\n    raise OSError(5)\ntry:\n    f()\nexcept OSError as e:\n    sys.print_exception(e)\n",
    )
    .unwrap();
    let o = run(&capy_exe(), &["pe.py"], &d, &[]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert_eq!(
        o.stdout,
        "Traceback (most recent call last):\n  File \"pe.py\", line 5, in <module>\n  File \"pe.py\", line 3, in f\nOSError: 5\n"
    );
}

const LIMITED: &str = "\
import sys
sys.tracebacklimit = LIMIT

def f0():
    raise ValueError('deep')

def f1():
    f0()

def f2():
    f1()

f2()
";

#[test]
fn tracebacklimit_keeps_the_innermost_entries() {
    let d = scratch("limit");
    for limit in ["2", "1", "0", "-3", "100", "'x'"] {
        std::fs::write(d.join("lim.py"), LIMITED.replace("LIMIT", limit)).unwrap();
        let got = same_traceback(&format!("tracebacklimit={limit}"), &d, &["lim.py"]);
        if limit == "2" {
            assert!(got.starts_with(
                "Traceback (most recent call last):\n  File \"lim.py\", line 8, in f1\n"
            ));
        }
        if limit == "0" {
            assert_eq!(got, "ValueError: deep\n");
        }
    }
}

#[test]
fn print_exception_honours_tracebacklimit() {
    // MicroPython's print_exception keeps the outermost entries.
    let d = scratch("pe_limit");
    let src = "import sys, io\n\
        def f0():\n    raise ValueError('v')\n\
        def f1():\n    f0()\n\
        def f2():\n    f1()\n\
        for limit in (2, 0):\n    sys.tracebacklimit = limit\n\
        \x20   try:\n        f2()\n    except ValueError as e:\n\
        \x20       sys.print_exception(e)\n\
        del sys.tracebacklimit\n\
        print(hasattr(sys, 'tracebacklimit'))\n";
    std::fs::write(d.join("pel.py"), src).unwrap();
    let o = run(&capy_exe(), &["pel.py"], &d, &[]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert_eq!(
        o.stdout,
        "Traceback (most recent call last):\n  File \"pel.py\", line 11, in <module>\n  File \"pel.py\", line 7, in f2\nValueError: v\nValueError: v\nFalse\n"
    );
}
