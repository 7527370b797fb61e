//! Shared machinery for the tests/py based integration tests
//! (conformance against CPython, bytecode round trip).
//!
//! No extra crates: std threads, std::process, polling for timeouts.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Per-program time limit.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// Root of the repository (two levels above crates/capy).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("..")
        .canonicalize()
        .expect("repo root")
}

pub fn tests_dir() -> PathBuf {
    repo_root().join("tests").join("py")
}

/// The capy binary built by cargo. `CAPY_TEST_BIN` overrides it (for
/// checking the harness itself against another interpreter).
pub fn capy_exe() -> PathBuf {
    match std::env::var("CAPY_TEST_BIN") {
        Ok(p) if !p.is_empty() => PathBuf::from(p),
        _ => PathBuf::from(env!("CARGO_BIN_EXE_capy")),
    }
}

/// The real CPython executable (not a pyenv shim). `CAPY_PYTHON` overrides.
/// Panics with a clear message when no python3 can be found: a missing
/// reference interpreter is an error, never a silent pass.
pub fn cpython_exe() -> PathBuf {
    if let Ok(p) = std::env::var("CAPY_PYTHON") {
        return PathBuf::from(p);
    }
    let out = Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output();
    match out {
        Ok(o) if o.status.success() => {
            let s = String::from_utf8_lossy(&o.stdout).trim().to_string();
            if s.is_empty() {
                panic!("python3 did not report sys.executable");
            }
            PathBuf::from(s)
        }
        Ok(o) => panic!(
            "python3 failed ({}): {}",
            o.status,
            String::from_utf8_lossy(&o.stderr)
        ),
        Err(e) => panic!("python3 is required for the conformance tests but could not be run: {e}"),
    }
}

/// Every test program under tests/py, as paths relative to tests/py with
/// forward slashes, sorted. Files or directories whose name starts with `_`
/// are helpers (modules imported by tests), not tests.
pub fn find_tests() -> Vec<String> {
    let root = tests_dir();
    let mut out = Vec::new();
    walk(&root, &root, &mut out);
    out.sort();
    out
}

fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in rd.flatten() {
        let p = entry.path();
        let name = entry.file_name().to_string_lossy().to_string();
        if name.starts_with('_') || name.starts_with('.') {
            continue;
        }
        if p.is_dir() {
            walk(root, &p, out);
        } else if name.ends_with(".py") {
            let rel = p.strip_prefix(root).unwrap();
            let rel: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().to_string())
                .collect();
            out.push(rel.join("/"));
        }
    }
}

/// Optional subset: `CAPY_CONFORMANCE_FILTER=substring`.
pub fn filter() -> Option<String> {
    std::env::var("CAPY_CONFORMANCE_FILTER")
        .ok()
        .filter(|s| !s.is_empty())
}

/// Directives read from the leading comment lines of a test program.
#[derive(Debug, Default, Clone)]
pub struct Directives {
    /// `# expect: exit=N` — the expected exit status; also turns on the
    /// comparison of the last stderr line (the exception line of the traceback).
    pub exit: Option<i32>,
    /// `# expect: stderr` — compare the last stderr line even with exit 0.
    pub stderr_last: bool,
    /// `# gc-stress: every=N` — the GC stress test collects at every N-th
    /// allocation instead of every one (for programs that allocate so much
    /// that a collection per allocation would take minutes).
    pub gc_stress_every: Option<u32>,
}

pub fn directives(src: &str) -> Directives {
    let mut d = Directives::default();
    for line in src.lines().take(10) {
        let line = line.trim();
        if !line.starts_with('#') {
            if line.is_empty() {
                continue;
            }
            break;
        }
        let body = line.trim_start_matches('#').trim();
        if let Some(rest) = body.strip_prefix("gc-stress:") {
            d.gc_stress_every = rest
                .split_whitespace()
                .next()
                .and_then(|t| t.strip_prefix("every="))
                .and_then(|n| n.parse().ok());
        }
        if let Some(rest) = body.strip_prefix("expect:") {
            for tok in rest.split_whitespace() {
                if let Some(v) = tok.strip_prefix("exit=") {
                    d.exit = v.parse().ok();
                    d.stderr_last = true;
                } else if tok == "stderr" {
                    d.stderr_last = true;
                }
            }
        }
    }
    d
}

#[derive(Debug, Clone)]
pub struct RunOutput {
    pub stdout: String,
    pub stderr: String,
    /// None when killed (timeout) or terminated by a signal.
    pub code: Option<i32>,
    pub timed_out: bool,
    pub spawn_error: Option<String>,
}

impl RunOutput {
    pub fn last_stderr_line(&self) -> String {
        self.stderr
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("")
            .trim_end()
            .to_string()
    }
    pub fn describe_status(&self) -> String {
        if let Some(e) = &self.spawn_error {
            return format!("could not run: {e}");
        }
        if self.timed_out {
            return format!("timed out after {}s (killed)", TIMEOUT.as_secs());
        }
        match self.code {
            Some(c) => format!("exit {c}"),
            None => "killed by a signal (crash)".to_string(),
        }
    }
}

/// Run a program with a time limit, capturing stdout and stderr.
pub fn run(exe: &Path, args: &[&str], cwd: &Path, extra_env: &[(&str, &str)]) -> RunOutput {
    run_full(exe, args, cwd, extra_env, Stdio::null(), TIMEOUT)
}

/// [`run`] with its own time limit.
pub fn run_timeout(
    exe: &Path,
    args: &[&str],
    cwd: &Path,
    extra_env: &[(&str, &str)],
    timeout: Duration,
) -> RunOutput {
    run_full(exe, args, cwd, extra_env, Stdio::null(), timeout)
}

/// [`run`] with the given stdin. A `Stdio::piped()` stdin is held open
/// (and never written) until the program ends: reading it blocks.
pub fn run_with_stdin(
    exe: &Path,
    args: &[&str],
    cwd: &Path,
    extra_env: &[(&str, &str)],
    stdin: Stdio,
) -> RunOutput {
    run_full(exe, args, cwd, extra_env, stdin, TIMEOUT)
}

/// [`run`] with `text` as standard input (through a temporary file).
pub fn run_with_stdin_text(exe: &Path, args: &[&str], cwd: &Path, text: &str) -> RunOutput {
    run_with_stdin_text_env(exe, args, cwd, text, &[])
}

/// [`run_with_stdin_text`] with extra environment variables.
pub fn run_with_stdin_text_env(
    exe: &Path,
    args: &[&str],
    cwd: &Path,
    text: &str,
    extra_env: &[(&str, &str)],
) -> RunOutput {
    static N: AtomicUsize = AtomicUsize::new(0);
    let path = std::env::temp_dir().join(format!(
        "capy-stdin-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::write(&path, text).expect("write a temporary stdin file");
    let file = std::fs::File::open(&path).expect("open the temporary stdin file");
    let out = run_full(exe, args, cwd, extra_env, Stdio::from(file), TIMEOUT);
    let _ = std::fs::remove_file(&path);
    out
}

fn run_full(
    exe: &Path,
    args: &[&str],
    cwd: &Path,
    extra_env: &[(&str, &str)],
    stdin: Stdio,
    timeout: Duration,
) -> RunOutput {
    let mut cmd = Command::new(exe);
    cmd.args(args)
        .current_dir(cwd)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env("PYTHONHASHSEED", "0")
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env("PYTHONIOENCODING", "utf-8")
        .env_remove("PYTHONPATH")
        .env_remove("PYTHONSTARTUP");
    for (k, v) in extra_env {
        cmd.env(k, v);
    }
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            return RunOutput {
                stdout: String::new(),
                stderr: String::new(),
                code: None,
                timed_out: false,
                spawn_error: Some(format!("{}: {e}", exe.display())),
            }
        }
    };
    let mut so = child.stdout.take().unwrap();
    let mut se = child.stderr.take().unwrap();
    // Readers on their own threads so a chatty child cannot block on a full pipe.
    // Output is capped to keep a runaway program from eating memory.
    const CAP: u64 = 8 << 20;
    let t_out = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = (&mut so).take(CAP).read_to_end(&mut b);
        // drain the rest without keeping it
        let _ = std::io::copy(&mut so, &mut std::io::sink());
        b
    });
    let t_err = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = (&mut se).take(CAP).read_to_end(&mut b);
        let _ = std::io::copy(&mut se, &mut std::io::sink());
        b
    });
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        match child.try_wait() {
            Ok(Some(st)) => break Some(st),
            Ok(None) => {
                if start.elapsed() > timeout {
                    timed_out = true;
                    let _ = child.kill();
                    break child.wait().ok();
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            Err(_) => break None,
        }
    };
    let stdout = String::from_utf8_lossy(&t_out.join().unwrap_or_default()).into_owned();
    let stderr = String::from_utf8_lossy(&t_err.join().unwrap_or_default()).into_owned();
    RunOutput {
        stdout,
        stderr,
        code: if timed_out {
            None
        } else {
            status.and_then(|s| s.code())
        },
        timed_out,
        spawn_error: None,
    }
}

/// A short line diff: the first differing line with a little context.
pub fn short_diff(expected: &str, actual: &str) -> String {
    let e: Vec<&str> = expected.lines().collect();
    let a: Vec<&str> = actual.lines().collect();
    let mut i = 0;
    while i < e.len() && i < a.len() && e[i] == a[i] {
        i += 1;
    }
    if i == e.len() && i == a.len() {
        // Only trailing newline / line-ending differences.
        return format!(
            "    (outputs differ only in line endings or a trailing newline: expected {} bytes, got {})\n",
            expected.len(),
            actual.len()
        );
    }
    let mut s = String::new();
    let from = i.saturating_sub(2);
    s.push_str(&format!("    first difference at line {}:\n", i + 1));
    for (k, line) in e.iter().enumerate().skip(from).take(2) {
        if k < i {
            s.push_str(&format!("      {}\n", clip(line)));
        }
    }
    for line in e.iter().skip(i).take(5) {
        s.push_str(&format!("    - {}\n", clip(line)));
    }
    if e.len() > i + 5 {
        s.push_str(&format!(
            "    - ... ({} more expected lines)\n",
            e.len() - i - 5
        ));
    }
    for line in a.iter().skip(i).take(5) {
        s.push_str(&format!("    + {}\n", clip(line)));
    }
    if a.len() > i + 5 {
        s.push_str(&format!(
            "    + ... ({} more actual lines)\n",
            a.len() - i - 5
        ));
    }
    s
}

fn clip(s: &str) -> String {
    if s.chars().count() > 160 {
        let t: String = s.chars().take(160).collect();
        format!("{t}…")
    } else {
        s.to_string()
    }
}

pub fn tail(s: &str, n: usize) -> String {
    let lines: Vec<&str> = s.lines().collect();
    let from = lines.len().saturating_sub(n);
    lines[from..]
        .iter()
        .map(|l| format!("    | {}\n", clip(l)))
        .collect()
}

/// An xfail list: path -> reason, plus the leading comment block kept verbatim.
#[derive(Debug, Default)]
pub struct XfailList {
    pub header: Vec<String>,
    pub entries: BTreeMap<String, String>,
}

pub fn read_xfail(path: &Path) -> XfailList {
    let mut list = XfailList::default();
    let Ok(text) = std::fs::read_to_string(path) else {
        return list;
    };
    let mut in_header = true;
    for line in text.lines() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            if in_header {
                list.header.push(line.to_string());
            }
            continue;
        }
        in_header = false;
        let (p, reason) = match t.find('#') {
            Some(i) => (t[..i].trim(), t[i + 1..].trim()),
            None => (t, "unknown"),
        };
        let reason = if reason.is_empty() { "unknown" } else { reason };
        list.entries.insert(p.to_string(), reason.to_string());
    }
    list
}

pub fn write_xfail(path: &Path, list: &XfailList) {
    let mut s = String::new();
    for h in &list.header {
        s.push_str(h);
        s.push('\n');
    }
    if !list.header.is_empty()
        && !list
            .header
            .last()
            .map(|l| l.trim().is_empty())
            .unwrap_or(true)
    {
        s.push('\n');
    }
    for (p, r) in &list.entries {
        s.push_str(&format!("{p}  # {r}\n"));
    }
    std::fs::write(path, s).expect("write xfail list");
}

/// Outcome of one test.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub name: String,
    pub ok: bool,
    /// Why it failed (multi-line, indented), empty when ok.
    pub detail: String,
}

/// Run `check` over every test on all available cores with std threads.
pub fn run_parallel<F>(tests: &[String], check: F) -> Vec<Outcome>
where
    F: Fn(&str) -> Outcome + Sync,
{
    let n = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(2)
        .min(tests.len().max(1));
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(tests.len()));
    std::thread::scope(|s| {
        for _ in 0..n {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= tests.len() {
                    break;
                }
                let o = check(&tests[i]);
                results.lock().unwrap().push(o);
            });
        }
    });
    let mut v = results.into_inner().unwrap();
    v.sort_by(|a, b| a.name.cmp(&b.name));
    v
}

/// Turn outcomes + an xfail list into a report; returns true when the cargo
/// test should pass. Prints the closing line
/// `<label>: N passed, M failed, K xfail`.
/// With `update` set, rewrites the xfail list instead of failing: tests that
/// ran and failed are listed (existing reasons kept, "unknown" for new ones),
/// tests that ran and passed are removed, tests that did not run keep their
/// entry, entries for vanished tests are dropped.
pub fn report(
    label: &str,
    outcomes: &[Outcome],
    all_tests: &[String],
    xfail_path: &Path,
    update: bool,
) -> bool {
    let xfail = read_xfail(xfail_path);
    let mut passed = 0;
    let mut failed = 0;
    let mut xfailed = 0;
    let mut xpass = Vec::new();
    let mut failures = Vec::new();
    for o in outcomes {
        let is_x = xfail.entries.contains_key(&o.name);
        match (o.ok, is_x) {
            (true, false) => passed += 1,
            (true, true) => {
                failed += 1;
                xpass.push(o.name.clone());
            }
            (false, true) => xfailed += 1,
            (false, false) => {
                failed += 1;
                failures.push(o);
            }
        }
    }
    for o in &failures {
        println!("FAIL {}\n{}", o.name, o.detail);
    }
    for n in &xpass {
        println!(
            "XPASS {n} — remove from {}",
            xfail_path.file_name().unwrap().to_string_lossy()
        );
    }
    let unknown: Vec<&String> = xfail
        .entries
        .keys()
        .filter(|k| !all_tests.contains(k))
        .collect();
    for k in &unknown {
        println!(
            "note: {} lists {k}, which is not a test",
            xfail_path.display()
        );
    }
    println!("{label}: {passed} passed, {failed} failed, {xfailed} xfail");

    if update {
        let mut new = XfailList {
            header: xfail.header.clone(),
            entries: BTreeMap::new(),
        };
        let ran: std::collections::HashMap<&str, bool> =
            outcomes.iter().map(|o| (o.name.as_str(), o.ok)).collect();
        for t in all_tests {
            match ran.get(t.as_str()) {
                Some(true) => {}
                Some(false) => {
                    let r = xfail
                        .entries
                        .get(t)
                        .cloned()
                        .unwrap_or_else(|| "unknown".into());
                    new.entries.insert(t.clone(), r);
                }
                None => {
                    if let Some(r) = xfail.entries.get(t) {
                        new.entries.insert(t.clone(), r.clone());
                    }
                }
            }
        }
        write_xfail(xfail_path, &new);
        println!(
            "{label}: rewrote {} ({} entries)",
            xfail_path.display(),
            new.entries.len()
        );
        return true;
    }
    failed == 0
}

/// Runs `check` over every tests/py program (or those matching
/// `CAPY_CONFORMANCE_FILTER`), prints the report against `xfail_file`
/// (a file in tests/py) and returns whether the cargo test should pass.
/// `what` names the interpreters in the opening line.
pub fn run_suite<F>(label: &str, xfail_file: &str, what: &str, check: F) -> bool
where
    F: Fn(&str) -> Outcome + Sync,
{
    let all = find_tests();
    assert!(
        !all.is_empty(),
        "no tests found under {}",
        tests_dir().display()
    );
    let selected: Vec<String> = match filter() {
        Some(f) => all.iter().filter(|t| t.contains(&f)).cloned().collect(),
        None => all.clone(),
    };
    println!(
        "{label}: running {} of {} programs with {what}",
        selected.len(),
        all.len()
    );
    let outcomes = run_parallel(&selected, check);
    report(
        label,
        &outcomes,
        &all,
        &tests_dir().join(xfail_file),
        update_requested(),
    )
}

pub fn update_requested() -> bool {
    matches!(
        std::env::var("CAPY_CONFORMANCE_UPDATE_XFAIL").as_deref(),
        Ok("1") | Ok("true") | Ok("yes")
    )
}

/// A fresh, empty scratch directory, unique per process, `prefix` and call.
pub fn scratch_dir(prefix: &str, tag: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let d = std::env::temp_dir().join(format!(
        "capy-{prefix}-{}-{tag}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("create scratch dir");
    d
}

/// The process ended by itself (no signal, no kill by the harness) and no
/// Rust panic or internal error reached stderr.
pub fn assert_clean(what: &str, o: &RunOutput) {
    assert!(o.spawn_error.is_none(), "{what}: {}", o.describe_status());
    assert!(
        !o.timed_out,
        "{what}: hung ({})\nstdout: {}",
        o.describe_status(),
        tail(&o.stdout, 8)
    );
    assert!(
        o.code.is_some(),
        "{what}: crashed ({})\nstderr: {}",
        o.describe_status(),
        tail(&o.stderr, 8)
    );
    assert!(
        !o.stderr.contains("panicked") && !o.stderr.contains("internal error"),
        "{what}: the runtime panicked:\n{}",
        tail(&o.stderr, 8)
    );
    assert_ne!(
        o.code,
        Some(70),
        "{what}: internal error exit status\n{}",
        tail(&o.stderr, 8)
    );
}

/// Runs capy with `args` in `dir`; returns its exit status, its stderr
/// and the peak resident memory in KiB it was seen to reach (VmHWM of
/// /proc/PID/status, read every few milliseconds while it runs: wait4's
/// figure also counts the test process itself, whose memory the child
/// shares until it execs).
#[cfg(target_os = "linux")]
pub fn run_peak_rss(
    exe: &Path,
    dir: &Path,
    args: &[&str],
    stdin: Stdio,
) -> (Option<i32>, String, u64) {
    let err_path = dir.join("stderr.txt");
    let err = std::fs::File::create(&err_path).expect("stderr file");
    let mut child = Command::new(exe)
        .args(args)
        .current_dir(dir)
        .stdin(stdin)
        .stdout(Stdio::null())
        .stderr(err)
        .spawn()
        .expect("spawn capy");
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak = 0u64;
    let start = Instant::now();
    let status = loop {
        // Only once the child runs capy: before its exec the figures
        // are the test process's.
        let is_capy = std::fs::read_link(format!("/proc/{}/exe", child.id()))
            .is_ok_and(|p| p.file_name() == exe.file_name());
        if is_capy {
            if let Ok(text) = std::fs::read_to_string(&status_file) {
                let hwm = text
                    .lines()
                    .find_map(|l| l.strip_prefix("VmHWM:"))
                    .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok());
                peak = peak.max(hwm.unwrap_or(0));
            }
        }
        match child.try_wait().expect("wait") {
            Some(st) => break st,
            None if start.elapsed() > TIMEOUT => {
                let _ = child.kill();
                break child.wait().expect("wait");
            }
            None => std::thread::sleep(Duration::from_millis(2)),
        }
    };
    let stderr = std::fs::read_to_string(&err_path).unwrap_or_default();
    (status.code(), stderr, peak)
}
