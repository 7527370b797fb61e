//! Differential check of one program: capy (in process, [`run_capture`])
//! against CPython (a subprocess), for the `differential` fuzz target and
//! the `diffgen` example.
//!
//! Compared: stdout line by line, and whether the program ended with an
//! uncaught exception (and of which type). Lines printed by the generated
//! handlers, `~exc TYPE MESSAGE`, and the uncaught exception's last
//! traceback line are compared by type always and by message according to
//! [`message_rule`].
//!
//! Skipped (not compared): capy hit its heap or time limit (a MemoryError
//! or TimeoutError anywhere in its output, or its run took the whole time
//! budget), or CPython did not finish within [`CPYTHON_TIMEOUT`].

use crate::{run_capture, CapyRun};
use capy_vm::Limits;
use std::fmt;
use std::io::Read;
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// capy's time budget per program.
pub const CAPY_TIMEOUT: Duration = Duration::from_secs(1);
/// capy's heap quota per program.
pub const CAPY_HEAP: usize = 32 << 20;
/// CPython's time per program (it only runs what capy finished in time).
pub const CPYTHON_TIMEOUT: Duration = Duration::from_secs(10);

/// Start of the lines the generated exception handlers print.
pub const EXC_MARK: &str = "~exc ";

/// How the messages of one exception type are compared.
#[derive(Debug, PartialEq, Eq)]
pub enum MsgRule {
    /// Messages must be equal.
    Exact,
    /// Equal after [`normalize_arg_count`].
    ArgCount,
    /// Only the type name is compared.
    TypeOnly,
}

/// The comparison rule for messages of exception type `name`.
///
/// Messages are compared exactly where they are data or where capy gives
/// CPython's text: exceptions the program raises itself (its own classes,
/// RuntimeError, AssertionError, KeyError whose message is the key's repr),
/// NameError, AttributeError, StopIteration. The exceptions built-in
/// operations raise with wording that capy does not reproduce in every
/// variant (TypeError, ValueError, IndexError, ZeroDivisionError,
/// OverflowError, the Unicode errors, RecursionError) are compared by
/// type only: the first fuzzing runs found a dozen message-only
/// differences there ("integer modulo by zero", "bytes index out of
/// range", "can only concatenate str ...", "X is not in list", ...) that
/// would hide everything else (and which operands a TypeError of a
/// failed comparison names depends on the order `sorted` compares in,
/// which for a set follows its iteration order, a deliberate difference).
/// `CAPY_DIFF_MESSAGES=exact` compares every message (for triaging those).
/// In both modes the "takes N positional arguments but M were given" of a
/// TypeError matches "was given": capy keeps MicroPython's "were" for M = 1 on purpose (its test
/// runner keys on it, docs/conformance.md). SyntaxError never comes from a
/// valid generated program; its type still must agree.
pub fn message_rule(name: &str) -> MsgRule {
    static EXACT: OnceLock<bool> = OnceLock::new();
    let exact =
        *EXACT.get_or_init(|| std::env::var("CAPY_DIFF_MESSAGES").is_ok_and(|v| v == "exact"));
    match name {
        "TypeError" if exact => MsgRule::ArgCount,
        _ if exact => MsgRule::Exact,
        "TypeError" | "ValueError" | "IndexError" | "ZeroDivisionError" | "OverflowError"
        | "UnicodeDecodeError" | "UnicodeEncodeError" | "UnicodeError" | "SyntaxError"
        | "RecursionError" => MsgRule::TypeOnly,
        _ => MsgRule::Exact,
    }
}

/// "takes 1 positional argument but 2 was given" and "... were given" are
/// the same message here.
fn normalize_arg_count(msg: &str) -> String {
    msg.replace(" was given", " were given")
}

fn messages_match(name: &str, a: &str, b: &str) -> bool {
    match message_rule(name) {
        MsgRule::Exact => a == b,
        MsgRule::ArgCount => normalize_arg_count(a) == normalize_arg_count(b),
        MsgRule::TypeOnly => true,
    }
}

/// Splits `TYPE MESSAGE` (handler line after the mark) at the first space.
fn split_handler(rest: &str) -> (&str, &str) {
    match rest.split_once(' ') {
        Some((t, m)) => (t, m),
        None => (rest, ""),
    }
}

/// Splits a traceback's last line `TYPE: MESSAGE` (or `TYPE`).
fn split_uncaught(line: &str) -> (&str, &str) {
    let (t, m) = match line.split_once(": ") {
        Some((t, m)) => (t, m),
        None => (line, ""),
    };
    (t.strip_prefix("__main__.").unwrap_or(t), m)
}

/// True if two stdout lines are the same under the message rules.
fn lines_match(a: &str, b: &str) -> bool {
    if a == b {
        return true;
    }
    match (a.find(EXC_MARK), b.find(EXC_MARK)) {
        (Some(i), Some(j)) if a[..i] == b[..j] => {
            let (ta, ma) = split_handler(&a[i + EXC_MARK.len()..]);
            let (tb, mb) = split_handler(&b[j + EXC_MARK.len()..]);
            ta == tb && messages_match(ta, ma, mb)
        }
        _ => false,
    }
}

/// What one interpreter did with a program, normalised for comparison.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub stdout: String,
    /// Last line of the traceback of an uncaught exception.
    pub uncaught: Option<String>,
}

/// A difference: the program and both outcomes.
pub struct Report {
    pub program: String,
    pub capy: Outcome,
    pub cpython: Outcome,
    /// The first differing line (1-based) or "uncaught exception".
    pub what: String,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn cut(s: &str) -> &str {
            match s.char_indices().nth(6000) {
                Some((i, _)) => &s[..i],
                None => s,
            }
        }
        writeln!(f, "capy and CPython differ ({})", self.what)?;
        writeln!(f, "==== program\n{}", self.program)?;
        writeln!(f, "==== capy stdout\n{}", cut(&self.capy.stdout))?;
        writeln!(f, "==== capy uncaught: {:?}", self.capy.uncaught)?;
        writeln!(f, "==== CPython stdout\n{}", cut(&self.cpython.stdout))?;
        writeln!(f, "==== CPython uncaught: {:?}", self.cpython.uncaught)
    }
}

pub enum Verdict {
    Same,
    /// Not comparable (a limit was hit); the reason.
    Skip(String),
    Differ(Box<Report>),
}

/// Compares two outcomes; `None` if they agree.
pub fn compare(capy: &Outcome, cpy: &Outcome) -> Option<String> {
    let a: Vec<&str> = capy.stdout.split('\n').collect();
    let b: Vec<&str> = cpy.stdout.split('\n').collect();
    for (i, (x, y)) in a.iter().zip(b.iter()).enumerate() {
        if !lines_match(x, y) {
            return Some(format!("stdout line {}: {x:?} vs {y:?}", i + 1));
        }
    }
    if a.len() != b.len() {
        return Some(format!("stdout has {} vs {} lines", a.len(), b.len()));
    }
    match (&capy.uncaught, &cpy.uncaught) {
        (None, None) => None,
        (Some(x), Some(y)) => {
            let (tx, mx) = split_uncaught(x);
            let (ty, my) = split_uncaught(y);
            if tx == ty && messages_match(tx, mx, my) {
                None
            } else {
                Some(format!("uncaught exception: {x:?} vs {y:?}"))
            }
        }
        (x, y) => Some(format!("uncaught exception: {x:?} vs {y:?}")),
    }
}

fn last_line(s: &str) -> Option<String> {
    s.lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .map(|l| l.to_string())
}

/// capy's outcome, or why it is not comparable.
pub fn run_capy(program: &str) -> Result<Outcome, String> {
    let limits = Limits {
        heap_bytes: CAPY_HEAP,
        recursion: 1000,
        timeout: Some(CAPY_TIMEOUT),
        ..Limits::default()
    };
    let Some(CapyRun {
        stdout,
        uncaught,
        elapsed,
    }) = run_capture(program.to_string(), limits)
    else {
        return Err("cannot start a thread".into());
    };
    let o = Outcome {
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        uncaught: uncaught.as_deref().and_then(last_line),
    };
    let hit = |s: &str| s.contains("MemoryError") || s.contains("TimeoutError");
    if hit(&o.stdout) || o.uncaught.as_deref().is_some_and(hit) {
        return Err("capy hit its heap or time limit".into());
    }
    if elapsed >= CAPY_TIMEOUT {
        return Err("capy used its whole time budget".into());
    }
    Ok(o)
}

/// The CPython executable: `$CAPY_DIFF_PYTHON`, else what `python3`
/// reports as `sys.executable` (found once).
pub fn python() -> &'static str {
    static PY: OnceLock<String> = OnceLock::new();
    PY.get_or_init(|| {
        if let Ok(p) = std::env::var("CAPY_DIFF_PYTHON") {
            if !p.is_empty() {
                return p;
            }
        }
        let out = Command::new("python3")
            .args(["-c", "import sys; print(sys.executable)"])
            .output()
            .expect("differential: cannot run python3 (set CAPY_DIFF_PYTHON)");
        let p = String::from_utf8_lossy(&out.stdout).trim().to_string();
        assert!(
            !p.is_empty(),
            "differential: python3 did not report sys.executable (set CAPY_DIFF_PYTHON)"
        );
        p
    })
}

/// CPython's outcome, or why it is not comparable.
pub fn run_cpython(program: &str) -> Result<Outcome, String> {
    // -S: no site (startup 16 ms instead of 60); -E: no PYTHON* variables;
    // UTF-8 stdio; no limit on int → str conversion (capy has none).
    let mut child = Command::new(python())
        .args(["-S", "-E", "-X", "utf8", "-X", "int_max_str_digits=0", "-c"])
        .arg(program)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", python()))?;
    let mut so = child.stdout.take().ok_or("no stdout pipe")?;
    let mut se = child.stderr.take().ok_or("no stderr pipe")?;
    let out_t = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = so.read_to_end(&mut v);
        v
    });
    let err_t = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = se.read_to_end(&mut v);
        v
    });
    let start = Instant::now();
    let mut nap = Duration::from_micros(200);
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) if start.elapsed() >= CPYTHON_TIMEOUT => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            Ok(None) => {
                std::thread::sleep(nap);
                nap = (nap * 2).min(Duration::from_millis(5));
            }
            Err(e) => return Err(format!("waiting for CPython: {e}")),
        }
    };
    let stdout = out_t.join().unwrap_or_default();
    let stderr = err_t.join().unwrap_or_default();
    let Some(status) = status else {
        return Err("CPython timed out".into());
    };
    let stderr = String::from_utf8_lossy(&stderr);
    let uncaught = if status.success() {
        None
    } else {
        match last_line(&stderr) {
            Some(l) => Some(l),
            None => return Err(format!("CPython failed without a traceback ({status})")),
        }
    };
    Ok(Outcome {
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        uncaught,
    })
}

/// Runs `program` in both and compares.
pub fn check(program: &str) -> Verdict {
    let capy = match run_capy(program) {
        Ok(o) => o,
        Err(why) => return Verdict::Skip(why),
    };
    let cpython = match run_cpython(program) {
        Ok(o) => o,
        Err(why) => return Verdict::Skip(why),
    };
    match compare(&capy, &cpython) {
        None => Verdict::Same,
        Some(what) => Verdict::Differ(Box::new(Report {
            program: program.to_string(),
            capy,
            cpython,
            what,
        })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn o(s: &str, u: Option<&str>) -> Outcome {
        Outcome {
            stdout: s.into(),
            uncaught: u.map(|x| x.into()),
        }
    }

    #[test]
    fn rules() {
        assert!(compare(&o("a\n", None), &o("a\n", None)).is_none());
        assert!(compare(&o("a\n", None), &o("b\n", None)).is_some());
        assert_eq!(
            normalize_arg_count("f() takes 1 positional argument but 1 was given"),
            normalize_arg_count("f() takes 1 positional argument but 1 were given")
        );
        let x = "~exc KeyError 'bad'\n";
        let y = "~exc KeyError 'good'\n";
        assert!(compare(&o(x, None), &o(y, None)).is_some());
        let x = "~exc UnicodeDecodeError a\n";
        let y = "~exc UnicodeDecodeError b\n";
        assert!(compare(&o(x, None), &o(y, None)).is_none());
        let x = "~exc IndexError a\n";
        let y = "~exc KeyError a\n";
        assert!(compare(&o(x, None), &o(y, None)).is_some());
        assert!(compare(&o("", Some("E1: x")), &o("", Some("__main__.E1: x"))).is_none());
        assert!(compare(&o("", Some("E1: x")), &o("", None)).is_some());
    }
}
