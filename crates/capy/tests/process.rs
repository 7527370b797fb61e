//! The `capy` process as a whole behaves like CPython's: source files that
//! are not UTF-8, failed writes to stdout/stderr (broken pipes, full
//! disks) and Ctrl-C. Expected texts and statuses are CPython 3.11's on
//! Linux, checked by hand against `python3` (whose paths differ: it shows
//! the script's absolute path, capy the path as given).

mod common;

use common::{assert_clean, run, RunOutput};
use std::path::{Path, PathBuf};

fn capy() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_capy"))
}

fn scratch(tag: &str) -> PathBuf {
    common::scratch_dir("process", tag)
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
fn compile_refuses_non_utf8_source() {
    let d = scratch("utf8-compile");
    std::fs::write(d.join("bad.py"), NON_UTF8).unwrap();
    let o = run_in(&d, &["compile", "bad.py"]);
    assert_clean("capy compile of non-UTF-8 source", &o);
    assert_eq!(o.code, Some(1));
    assert!(
        o.stderr
            .starts_with("SyntaxError: Non-UTF-8 code starting with '\\xff' in file bad.py"),
        "{}",
        o.stderr
    );
    assert!(!d.join("bad.capyc").exists());
    std::fs::write(
        d.join("latin.py"),
        b"# coding: latin-1\nprint(ascii('caf\xe9'))\n",
    )
    .unwrap();
    let o = run_in(&d, &["compile", "latin.py"]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let o = run_in(&d, &["latin.capyc"]);
    assert_eq!(o.stdout, "'caf\\xe9'\n");
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

// ---- failed writes

/// A running `capy` with its output pipes, for tests that act on it.
struct Child {
    child: std::process::Child,
    stdout: Option<std::process::ChildStdout>,
    stderr: std::thread::JoinHandle<String>,
}

/// Starts `capy args` in `dir` with stdout piped (unless `stdout` is
/// given) and stderr collected.
fn spawn(dir: &Path, args: &[&str], stdout: Option<std::process::Stdio>) -> Child {
    use std::io::Read;
    use std::process::Stdio;
    let mut cmd = std::process::Command::new(capy());
    cmd.args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(stdout.unwrap_or_else(Stdio::piped))
        .stderr(Stdio::piped());
    default_sigint(&mut cmd);
    let mut child = cmd.spawn().expect("spawn capy");
    let mut err = child.stderr.take().unwrap();
    let stderr = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    Child {
        stdout: child.stdout.take(),
        child,
        stderr,
    }
}

/// The tests may run where SIGINT is ignored (a background job of a
/// script), which capy, as CPython, would inherit and keep.
fn default_sigint(cmd: &mut std::process::Command) {
    #[cfg(unix)]
    unsafe {
        use std::os::unix::process::CommandExt;
        // SAFETY: signal() is async-signal-safe, as pre_exec requires.
        cmd.pre_exec(|| {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            Ok(())
        });
    }
    #[cfg(not(unix))]
    let _ = cmd;
}

impl Child {
    /// Waits (10 s at most, then kills) for the exit status and stderr.
    fn finish(mut self) -> (std::process::ExitStatus, String) {
        drop(self.stdout.take());
        let start = std::time::Instant::now();
        let status = loop {
            if let Some(st) = self.child.try_wait().unwrap() {
                break st;
            }
            if start.elapsed() > common::TIMEOUT {
                let _ = self.child.kill();
                let st = self.child.wait().unwrap();
                panic!(
                    "capy hung (killed: {st}); stderr: {}",
                    self.stderr.join().unwrap()
                );
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        };
        (status, self.stderr.join().unwrap())
    }

    /// The first line the program printed.
    fn first_line(&mut self) -> String {
        use std::io::BufRead;
        let mut r = std::io::BufReader::new(self.stdout.as_mut().unwrap());
        let mut line = String::new();
        r.read_line(&mut line).unwrap();
        line
    }
}

const EXC_IGNORED: &str =
    "Exception ignored in: <_io.TextIOWrapper name='<stdout>' mode='w' encoding='utf-8'>\n";

/// `capy -c 'while True: print("x")' | head -1` ends: the print that
/// meets the closed pipe raises BrokenPipeError (a chunk that fails is
/// dropped, so nothing is left to fail again at exit: status 1).
#[test]
fn broken_pipe_ends_a_print_loop() {
    let d = scratch("epipe-loop");
    let mut c = spawn(&d, &["-c", "while True: print('x')"], None);
    assert_eq!(c.first_line(), "x\n");
    let (status, stderr) = c.finish();
    assert_eq!(status.code(), Some(1), "stderr: {stderr}");
    assert!(
        stderr.starts_with("Traceback (most recent call last):\n")
            && stderr.ends_with("BrokenPipeError: [Errno 32] Broken pipe\n")
            && !stderr.contains("Exception ignored"),
        "stderr: {stderr}"
    );
}

#[test]
fn broken_pipe_can_be_caught() {
    let d = scratch("epipe-catch");
    let src = "\
import sys
try:
    while True:
        print('x')
except BrokenPipeError as e:
    sys.stderr.write('caught %d %s %s\\n' % (e.errno, isinstance(e, ConnectionError), e))
";
    let mut c = spawn(&d, &["-c", src], None);
    assert_eq!(c.first_line(), "x\n");
    let (status, stderr) = c.finish();
    assert_eq!(stderr, "caught 32 True [Errno 32] Broken pipe\n");
    assert_eq!(status.code(), Some(0));
}

/// Text still buffered at exit meets the closed pipe: reported as an
/// exception ignored in sys.stdout, status 120 (whatever sys.exit said).
#[test]
fn broken_pipe_at_exit_is_status_120() {
    let d = scratch("epipe-exit");
    let src = "import sys, time\ntime.sleep(0.3)\nprint('late')\nsys.exit(3)\n";
    let mut c = spawn(&d, &["-c", src], None);
    drop(c.stdout.take());
    let (status, stderr) = c.finish();
    assert_eq!(status.code(), Some(120), "stderr: {stderr}");
    assert_eq!(
        stderr,
        format!("{EXC_IGNORED}BrokenPipeError: [Errno 32] Broken pipe\n")
    );
}

/// Runs `capy -c src` with stdout on /dev/full (ENOSPC on every write).
fn run_to_full_disk(tag: &str, src: &str) -> Option<(Option<i32>, String)> {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .ok()?;
    let d = scratch(tag);
    let c = spawn(&d, &["-c", src], Some(full.into()));
    let (status, stderr) = c.finish();
    Some((status.code(), stderr))
}

#[test]
fn full_disk() {
    let enospc = "OSError: [Errno 28] No space left on device\n";
    // Buffered until exit.
    let Some(o) = run_to_full_disk("full-exit", "print(1)") else {
        eprintln!("no /dev/full: skipped");
        return;
    };
    assert_eq!(o, (Some(120), format!("{EXC_IGNORED}{enospc}")));
    let o = run_to_full_disk("full-sysexit", "import sys\nprint(1)\nsys.exit(3)").unwrap();
    assert_eq!(o, (Some(120), format!("{EXC_IGNORED}{enospc}")));
    // More than a chunk fails in print itself; the chunk is gone.
    let o = run_to_full_disk("full-big", "print('x' * 10000)").unwrap();
    assert_eq!(o.0, Some(1), "{}", o.1);
    assert!(
        o.1.starts_with("Traceback") && o.1.ends_with(enospc),
        "{}",
        o.1
    );
    // A failed flush keeps the text, which fails again at exit.
    let src = "\
import sys
try:
    print(1, flush=True)
except OSError as e:
    print(type(e).__name__, e.errno, e.strerror, file=sys.stderr)
sys.stdout.write('more')
try:
    sys.stdout.flush()
except OSError as e:
    print('flush', e.errno, file=sys.stderr)
";
    let o = run_to_full_disk("full-flush", src).unwrap();
    assert_eq!(
        o,
        (
            Some(120),
            format!("OSError 28 No space left on device\nflush 28\n{EXC_IGNORED}{enospc}")
        )
    );
    // An uncaught exception keeps its traceback; the status is still 120.
    let o = run_to_full_disk("full-exc", "print(1)\n1/0").unwrap();
    assert_eq!(o.0, Some(120));
    assert!(
        o.1.contains("ZeroDivisionError: division by zero\n")
            && o.1.ends_with(&format!("{EXC_IGNORED}{enospc}")),
        "{}",
        o.1
    );
}

/// stderr that cannot be written: the write raises, and the text still
/// pending at exit makes the status 120.
#[test]
fn stderr_full_disk() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    let d = scratch("full-stderr");
    let src = "\
import sys
try:
    sys.stderr.write('x\\n')
except OSError as e:
    print('caught', e.errno)
";
    let o = std::process::Command::new(capy())
        .args(["-c", src])
        .current_dir(&d)
        .stderr(full)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&o.stdout), "caught 28\n");
    assert_eq!(o.status.code(), Some(120));
}

/// Output to a pipe is block buffered, yet stdout is flushed before
/// anything goes to stderr, so the two come out in order when they go to
/// one place (in CPython the traceback would overtake "a" and "c").
#[test]
fn stdout_and_stderr_interleave_in_order() {
    let d = scratch("order");
    let src = "import sys\nprint('a')\nsys.stderr.write('b\\n')\nprint('c')\n1/0\n";
    let o = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("'{}' -c \"$0\" 2>&1", capy().display()))
        .arg(src)
        .current_dir(&d)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.starts_with("a\nb\nc\nTraceback"), "{out}");
    assert_eq!(o.status.code(), Some(1));
}

// ---- Ctrl-C

/// Sends SIGINT to the child once it has printed its first line, and
/// returns that line and how the child ended.
#[cfg(unix)]
fn interrupt(dir: &Path, args: &[&str]) -> (String, std::process::ExitStatus, String) {
    let mut c = spawn(dir, args, None);
    let first = c.first_line();
    let pid = c.child.id().to_string();
    let kill = std::process::Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .expect("run kill");
    assert!(kill.success());
    let mut rest = String::new();
    if let Some(mut out) = c.stdout.take() {
        use std::io::Read;
        let _ = out.read_to_string(&mut rest);
    }
    let (status, stderr) = c.finish();
    (first + &rest, status, stderr)
}

const SPIN: &str = "\
print('start', flush=True)
try:
    n = 0
    while True:
        n += 1
finally:
    print('finally ran')
";

/// Ctrl-C raises KeyboardInterrupt in a running script: `finally` runs,
/// the traceback is printed, and the process ends by SIGINT as CPython's
/// does (a shell sees status 130).
#[cfg(unix)]
#[test]
fn ctrl_c_interrupts_a_script() {
    use std::os::unix::process::ExitStatusExt;
    let d = scratch("sigint");
    std::fs::write(d.join("spin.py"), SPIN).unwrap();
    let (out, status, stderr) = interrupt(&d, &["spin.py"]);
    assert_eq!(out, "start\nfinally ran\n");
    assert_eq!(status.signal(), Some(2), "{status}; stderr: {stderr}");
    assert!(
        stderr.starts_with("Traceback (most recent call last):\n")
            && stderr.ends_with("\nKeyboardInterrupt\n"),
        "stderr: {stderr}"
    );
}

#[cfg(unix)]
#[test]
fn ctrl_c_can_be_caught() {
    let d = scratch("sigint-catch");
    let src = "\
import sys
print('start', flush=True)
try:
    while True:
        pass
except KeyboardInterrupt:
    print('caught')
    sys.exit(5)
";
    let (out, status, stderr) = interrupt(&d, &["-c", src]);
    assert_eq!(out, "start\ncaught\n");
    assert_eq!(status.code(), Some(5), "stderr: {stderr}");
    assert_eq!(stderr, "");
}

/// A process started with SIGINT ignored keeps ignoring it (`nohup`, a
/// background job of a script), as CPython: only the timeout ends this one.
#[cfg(unix)]
#[test]
fn ignored_sigint_stays_ignored() {
    let d = scratch("sigint-ignored");
    std::fs::write(d.join("spin.py"), SPIN).unwrap();
    let script = format!(
        "trap '' INT; exec '{}' --timeout 1 spin.py",
        capy().display()
    );
    let mut cmd = std::process::Command::new("sh");
    cmd.args(["-c", &script])
        .current_dir(&d)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    std::io::BufRead::read_line(&mut out, &mut first).unwrap();
    assert_eq!(first, "start\n");
    let pid = child.id().to_string();
    std::process::Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .unwrap();
    let o = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "stderr: {stderr}");
    assert!(
        stderr.ends_with("TimeoutError: execution time limit exceeded\n"),
        "{stderr}"
    );
}

/// A program blocked reading stdin does not reach a safe point: the second
/// Ctrl-C ends it as an uncaught KeyboardInterrupt would.
#[cfg(unix)]
#[test]
fn second_ctrl_c_ends_a_blocked_read() {
    use std::os::unix::process::ExitStatusExt;
    let d = scratch("sigint-read");
    let src = "import sys\nprint('start', flush=True)\nsys.stdin.readline()\n";
    let mut cmd = std::process::Command::new(capy());
    cmd.args(["-c", src])
        .current_dir(&d)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped());
    default_sigint(&mut cmd);
    let mut child = cmd.spawn().unwrap();
    let _stdin = child.stdin.take();
    let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    std::io::BufRead::read_line(&mut out, &mut first).unwrap();
    assert_eq!(first, "start\n");
    let pid = child.id().to_string();
    for _ in 0..2 {
        std::process::Command::new("kill")
            .args(["-INT", &pid])
            .status()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break st;
        }
        if start.elapsed() > common::TIMEOUT {
            let _ = child.kill();
            panic!("a blocked read survived two Ctrl-C");
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    };
    assert_eq!(status.signal(), Some(2), "{status}");
}
