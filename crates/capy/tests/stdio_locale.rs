//! Lone surrogates on the standard streams under each locale setting,
//! against the real CPython: stdin and stdout use `surrogateescape` under
//! the C and POSIX locales, C.UTF-8 and a locale that is not installed,
//! `strict` under an installed UTF-8 locale (a `UnicodeEncodeError` with
//! exit status 1); stderr always `backslashreplace`. `sys.stdout.errors`
//! and friends report the same. Outputs are compared as bytes, since the
//! point is which bytes a surrogate becomes.
//!
//! An installed non-C locale is made with `localedef` into a scratch
//! directory named by LOCPATH (honoured by glibc in both interpreters);
//! where `localedef` is missing, those cases are left out.

mod common;

use common::{capy_exe, cpython_exe, scratch_dir};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const PROGRAM: &str = r#"
import sys
print(sys.stdout.encoding, sys.stdout.errors, sys.stderr.errors, sys.stdin.encoding, sys.stdin.errors)
sys.stderr.write('e' + chr(0xdc80) + chr(0xd800) + '\n')
print('ok', chr(0xdcff) + 'x')
n = sys.stdout.write('w' + chr(0xdc81) + '\n')
print(n)
try:
    print('a', chr(0xd800), 'b')
except UnicodeEncodeError as e:
    print(file=sys.stderr)
    print(repr(e), file=sys.stderr)
sys.stdout.flush()
line = sys.stdin.readline()
print(ascii(line))
print(ascii(input()))
print('end', chr(0xdc80))
"#;

/// Reads invalid UTF-8: a surrogate escape, or UnicodeDecodeError.
const READER: &str = "import sys\nprint(ascii(sys.stdin.readline()))\n";

struct Out {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    code: Option<i32>,
}

fn run(exe: &Path, dir: &Path, script: &str, env: &[(&str, &str)]) -> Out {
    let prog = dir.join("prog.py");
    std::fs::write(&prog, script).expect("write the program");
    let input = dir.join("stdin.txt");
    std::fs::write(&input, b"a\xff\n\xfeb\n").expect("write stdin");
    let mut cmd = Command::new(exe);
    cmd.arg(&prog)
        .current_dir(dir)
        .stdin(std::fs::File::open(&input).expect("open stdin"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for k in [
        "LC_ALL",
        "LC_CTYPE",
        "LANG",
        "LOCPATH",
        "PYTHONIOENCODING",
        "PYTHONUTF8",
        "PYTHONCOERCECLOCALE",
    ] {
        cmd.env_remove(k);
    }
    cmd.envs(env.iter().copied());
    let o = cmd.output().expect("run the interpreter");
    Out {
        stdout: o.stdout,
        stderr: o.stderr,
        code: o.status.code(),
    }
}

/// A directory holding an installed `en_US.UTF-8`, if `localedef` can
/// make one.
fn installed_locale() -> Option<PathBuf> {
    let d = scratch_dir("locale", "def");
    let ok = Command::new("localedef")
        .args(["-i", "en_US", "-f", "UTF-8"])
        .arg(d.join("en_US.UTF-8"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    ok.then_some(d)
}

fn last_line(b: &[u8]) -> String {
    let s = String::from_utf8_lossy(b);
    s.lines().last().unwrap_or("").to_string()
}

fn compare(tag: &str, script: &str, env: &[(&str, &str)], whole_stderr: bool) {
    let d = scratch_dir("locale", tag);
    let capy = run(&capy_exe(), &d, script, env);
    let py = run(&cpython_exe(), &d, script, env);
    let show = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    assert_eq!(
        capy.stdout,
        py.stdout,
        "{tag}: stdout\ncapy: {}\nCPython: {}\ncapy stderr: {}",
        show(&capy.stdout),
        show(&py.stdout),
        show(&capy.stderr)
    );
    assert_eq!(
        capy.code,
        py.code,
        "{tag}: exit status\n{}",
        show(&capy.stderr)
    );
    if whole_stderr {
        assert_eq!(
            capy.stderr,
            py.stderr,
            "{tag}: stderr\n{}",
            show(&capy.stderr)
        );
    } else {
        assert_eq!(
            last_line(&capy.stderr),
            last_line(&py.stderr),
            "{tag}: stderr"
        );
    }
}

#[test]
fn surrogates_on_standard_streams_follow_the_locale() {
    let cases: &[(&str, &[(&str, &str)])] = &[
        ("unset", &[]),
        ("c", &[("LC_ALL", "C")]),
        ("posix", &[("LC_ALL", "POSIX")]),
        ("c_utf8", &[("LC_ALL", "C.UTF-8")]),
        ("lang_c_utf8", &[("LANG", "C.UTF-8")]),
        ("lc_ctype_c", &[("LC_CTYPE", "C"), ("LANG", "C.UTF-8")]),
        ("missing", &[("LC_ALL", "xx_YY.UTF-8")]),
    ];
    for (tag, env) in cases {
        compare(tag, PROGRAM, env, true);
        compare(&format!("{tag}_reader"), READER, env, true);
    }
}

#[test]
fn an_installed_utf8_locale_is_strict() {
    let Some(dir) = installed_locale() else {
        eprintln!("localedef could not make en_US.UTF-8: cases left out");
        return;
    };
    let loc = dir.to_string_lossy().into_owned();
    let cases: &[(&str, &[(&str, &str)])] = &[
        ("lc_all", &[("LC_ALL", "en_US.UTF-8")]),
        ("lang", &[("LANG", "en_US.UTF-8")]),
        ("lc_ctype", &[("LC_CTYPE", "en_US.UTF-8"), ("LANG", "C")]),
        // LC_ALL wins over LC_CTYPE.
        ("lc_all_c", &[("LC_ALL", "C"), ("LC_CTYPE", "en_US.UTF-8")]),
    ];
    for (tag, env) in cases {
        let mut env = env.to_vec();
        env.push(("LOCPATH", &loc));
        compare(tag, PROGRAM, &env, true);
        // CPython's traceback passes through its codecs module here.
        compare(&format!("{tag}_reader"), READER, &env, false);
    }
}
