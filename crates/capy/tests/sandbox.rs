//! `capy --sandbox` and the `--allow-*` flags: what a sandboxed program
//! reaches of the file system, the environment and standard input, and
//! the errors it gets for the rest (PermissionError naming the path and
//! the flag). Symbolic links that lead out of a granted directory are
//! refused, from the command line and from a compartment.

mod common;

use common::{assert_clean, capy_exe, run, run_with_stdin_text, RunOutput};
use std::path::{Path, PathBuf};

/// A folder with `data/in.txt`, `out/`, and `secret.txt` beside them.
fn setup(tag: &str) -> PathBuf {
    let d = common::scratch_dir("sandbox", tag);
    std::fs::create_dir_all(d.join("data/sub")).unwrap();
    std::fs::create_dir_all(d.join("out")).unwrap();
    std::fs::write(d.join("data/in.txt"), "inside\n").unwrap();
    std::fs::write(d.join("secret.txt"), "secret\n").unwrap();
    d
}

fn capy(dir: &Path, args: &[&str]) -> RunOutput {
    let out = run(&capy_exe(), args, dir, &[("CAPY_SANDBOX_TEST", "visible")]);
    assert_clean(&format!("{args:?}"), &out);
    out
}

/// Runs `code` with `flags`; its stdout.
fn code(dir: &Path, flags: &[&str], code: &str) -> RunOutput {
    let mut args: Vec<&str> = flags.to_vec();
    args.extend(["-c", code]);
    capy(dir, &args)
}

const TRY: &str = "
import os, sys
def attempt(what, f):
    try:
        r = f()
        print(what, 'ok', r)
    except PermissionError as e:
        print(what, 'denied', e)
";

#[test]
fn without_the_flags_the_program_has_the_users_authority() {
    let d = setup("ambient");
    let o = code(
        &d,
        &[],
        "import os; print(open('secret.txt').read().strip(), os.environ['CAPY_SANDBOX_TEST'])",
    );
    assert_eq!(o.stdout, "secret visible\n", "{}", o.stderr);
}

#[test]
fn a_sandbox_reads_only_what_it_is_allowed() {
    let d = setup("read");
    let prog = format!(
        "{TRY}
attempt('in', lambda: open('data/in.txt').read().strip())
attempt('list', lambda: sorted(os.listdir('data')))
attempt('secret', lambda: open('secret.txt').read())
attempt('dotdot', lambda: open('data/../secret.txt').read())
attempt('abs', lambda: open('/etc/hostname').read())
attempt('write', lambda: open('data/new.txt', 'w'))
attempt('stat', lambda: os.stat('secret.txt'))
"
    );
    let o = code(&d, &["--allow-read=data"], &prog);
    let secret = d.join("secret.txt");
    let lines: Vec<&str> = o.stdout.lines().collect();
    assert_eq!(lines[0], "in ok inside", "{}", o.stderr);
    assert_eq!(lines[1], "list ok ['in.txt', 'sub']");
    let denied = format!(
        "secret denied [Errno 13] Permission denied (run capy with --allow-read={} to allow it): 'secret.txt'",
        secret.display()
    );
    assert_eq!(lines[2], denied);
    assert!(lines[3].starts_with("dotdot denied"), "{}", lines[3]);
    assert!(
        lines[4].contains("--allow-read=/etc/hostname"),
        "{}",
        lines[4]
    );
    assert!(lines[5].contains("--allow-write="), "{}", lines[5]);
    assert!(lines[6].starts_with("stat denied"), "{}", lines[6]);
    assert_eq!(o.code, Some(0));
}

#[test]
fn a_sandbox_writes_only_where_it_is_allowed() {
    let d = setup("write");
    let prog = format!(
        "{TRY}
attempt('make', lambda: open('out/made.txt', 'w').write('new'))
attempt('mkdir', lambda: os.mkdir('out/dir'))
attempt('readback', lambda: open('out/made.txt').read())
attempt('elsewhere', lambda: open('made.txt', 'w'))
attempt('remove', lambda: os.remove('secret.txt'))
"
    );
    let o = code(&d, &["--allow-write=out"], &prog);
    let lines: Vec<&str> = o.stdout.lines().collect();
    assert_eq!(lines[0], "make ok 3", "{}", o.stderr);
    assert_eq!(lines[1], "mkdir ok None");
    assert_eq!(lines[2], "readback ok new");
    assert!(lines[3].starts_with("elsewhere denied") && lines[3].contains("--allow-write="));
    assert!(lines[4].starts_with("remove denied"));
    assert!(d.join("out/made.txt").exists() && d.join("secret.txt").exists());
    assert!(!d.join("made.txt").exists());
}

#[test]
fn a_file_grant_reaches_that_file_and_nothing_beside_it() {
    let d = setup("file");
    let prog = format!(
        "{TRY}
attempt('file', lambda: open('data/in.txt').read().strip())
attempt('dir', lambda: os.listdir('data'))
"
    );
    let o = code(&d, &["--allow-read=data/in.txt"], &prog);
    let lines: Vec<&str> = o.stdout.lines().collect();
    assert_eq!(lines[0], "file ok inside", "{}", o.stderr);
    assert!(lines[1].starts_with("dir denied"), "{}", lines[1]);
}

#[test]
fn the_environment_is_given_back_by_name() {
    let d = setup("env");
    let prog = format!(
        "{TRY}
attempt('named', lambda: os.environ['CAPY_SANDBOX_TEST'])
attempt('other', lambda: os.environ['HOME'])
attempt('getenv', lambda: os.getenv('PATH'))
attempt('listed', lambda: sorted(os.environ))
"
    );
    let o = code(&d, &["--allow-env=CAPY_SANDBOX_TEST"], &prog);
    let lines: Vec<&str> = o.stdout.lines().collect();
    assert_eq!(lines[0], "named ok visible", "{}", o.stderr);
    assert!(lines[1].contains("--allow-env=HOME"), "{}", lines[1]);
    assert!(lines[2].contains("--allow-env=PATH"), "{}", lines[2]);
    assert_eq!(lines[3], "listed ok ['CAPY_SANDBOX_TEST']");
    let none = code(&d, &["--sandbox"], &prog);
    assert!(none.stdout.starts_with("named denied"), "{}", none.stdout);
    let all = code(&d, &["--sandbox", "--allow-env"], &prog);
    assert!(all.stdout.contains("other ok"), "{}", all.stdout);
}

#[test]
fn standard_input_is_given_back_by_its_flag() {
    let d = setup("stdin");
    let prog = "try:\n    print(input())\nexcept PermissionError as e:\n    print('denied', e)";
    let denied = run_with_stdin_text(&capy_exe(), &["--sandbox", "-c", prog], &d, "typed\n");
    assert!(
        denied.stdout.starts_with("denied") && denied.stdout.contains("--allow-stdin"),
        "{}",
        denied.stdout
    );
    let args = ["--sandbox", "--allow-stdin", "-c", prog];
    let allowed = run_with_stdin_text(&capy_exe(), &args, &d, "typed\n");
    assert_eq!(allowed.stdout, "typed\n", "{}", allowed.stderr);
}

#[cfg(unix)]
#[test]
fn symbolic_links_out_of_a_grant_are_refused() {
    let d = setup("links");
    std::os::unix::fs::symlink(d.join("secret.txt"), d.join("data/abs")).unwrap();
    std::os::unix::fs::symlink("../secret.txt", d.join("data/rel")).unwrap();
    std::os::unix::fs::symlink("in.txt", d.join("data/inner")).unwrap();
    let prog = format!(
        "{TRY}
for name in ['abs', 'rel', 'inner']:
    attempt(name, lambda: open('data/' + name).read().strip())
import compartment
c = compartment.Compartment('c', grants={{'data': compartment.fs('data')}})
for name in ['abs', 'rel', 'inner']:
    try:
        print(name, 'ok', c.eval('open(%r).read().strip()' % name))
    except compartment.CompartmentError as e:
        print(name, 'refused', e.kind)
"
    );
    let o = code(&d, &["--allow-read=data"], &prog);
    let lines: Vec<&str> = o.stdout.lines().collect();
    assert_eq!(lines.len(), 6, "{}\n{}", o.stdout, o.stderr);
    assert!(lines[0].starts_with("abs denied"), "{}", lines[0]);
    assert!(lines[1].starts_with("rel denied"), "{}", lines[1]);
    assert_eq!(lines[2], "inner ok inside");
    assert_eq!(lines[3], "abs refused PermissionError");
    assert_eq!(lines[4], "rel refused PermissionError");
    assert_eq!(lines[5], "inner ok inside");
}

#[test]
fn a_sandbox_cannot_grant_a_compartment_more_than_it_holds() {
    let d = setup("attenuate");
    let prog = format!(
        "{TRY}
import compartment
attempt('outside', lambda: compartment.fs('.'))
attempt('write', lambda: compartment.fs('data', write=True))
d = compartment.fs('data/sub')
print(d.writable, d.listdir())
"
    );
    let o = code(&d, &["--allow-read=data"], &prog);
    let lines: Vec<&str> = o.stdout.lines().collect();
    assert!(lines[0].starts_with("outside denied"), "{}", o.stdout);
    assert!(lines[1].starts_with("write denied"), "{}", o.stdout);
    assert_eq!(lines[2], "False []");
}

#[test]
fn bad_flags_are_usage_errors() {
    let d = setup("flags");
    for (args, want) in [
        (
            &["--allow-read=missing", "-c", "pass"][..],
            "--allow-read=missing: No such file or directory",
        ),
        (
            &["--allow-env=", "-c", "pass"][..],
            "bad --allow-env: an empty name",
        ),
        (
            &["--allow-stdin=x", "-c", "pass"][..],
            "unknown option --allow-stdin=x",
        ),
        (
            &["--allow-everything", "-c", "pass"][..],
            "unknown option --allow-everything",
        ),
    ] {
        let o = capy(&d, args);
        assert_eq!(o.code, Some(2), "{args:?}: {}", o.stderr);
        assert!(o.stderr.contains(want), "{args:?}: {}", o.stderr);
    }
}

/// `sys.path` is the program's to change, but under `--sandbox` an entry
/// added at run time finds nothing: imports read files too, and must not
/// read past `--allow-read`.
#[test]
fn a_sandbox_cannot_widen_its_import_path() {
    let d = setup("syspath");
    std::fs::create_dir_all(d.join("lib")).unwrap();
    std::fs::write(d.join("lib/outside.py"), "print('outside ran')\n").unwrap();
    let lib = d.join("lib");
    let prog = format!(
        "import sys\nsys.path.append({:?})\ntry:\n    import outside\nexcept ImportError as e:\n    print(type(e).__name__, e)\n",
        lib.to_str().unwrap()
    );
    let o = code(&d, &[], &prog);
    assert_eq!(o.stdout, "outside ran\n", "{}", o.stderr);
    let o = code(&d, &["--allow-read=data"], &prog);
    assert_eq!(
        o.stdout, "ModuleNotFoundError No module named 'outside'\n",
        "{}",
        o.stderr
    );
}
