//! How the process ends and reacts to Ctrl-C, as CPython's does: Ctrl-C
//! raises KeyboardInterrupt in the running program; an uncaught one ends
//! the process by SIGINT; output that cannot be written at exit makes the
//! status 120.

use capy_vm::Vm;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// How the interpreter thread wants the process to end.
pub enum Status {
    Code(u8),
    /// An uncaught KeyboardInterrupt.
    Interrupted,
}

/// Ctrl-C sets the flag the VM polls at safe points, so the program gets
/// KeyboardInterrupt where it is (its `finally` blocks run). As CPython, a
/// process started with SIGINT ignored (`nohup`, a background job of a
/// script) leaves it ignored.
///
/// A read from stdin does not return on Ctrl-C (the handler restarts
/// system calls), so a program blocked there would never see the flag: a
/// second Ctrl-C while the first is still pending ends the process as an
/// uncaught KeyboardInterrupt does.
pub fn catch_sigint(flag: Arc<AtomicBool>) {
    if sigint_ignored() {
        return;
    }
    // Fails only if a handler is already set, which then serves.
    let _ = ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::Relaxed) {
            die_by_sigint();
        }
    });
}

#[cfg(unix)]
fn sigint_ignored() -> bool {
    // SAFETY: with a null new action, sigaction only stores the current
    // one into `old`, a plain C struct that all-zero bytes initialise.
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        libc::sigaction(libc::SIGINT, std::ptr::null(), &mut old) == 0
            && old.sa_sigaction == libc::SIG_IGN
    }
}

#[cfg(not(unix))]
fn sigint_ignored() -> bool {
    false
}

pub fn exit(status: Status) -> ExitCode {
    match status {
        Status::Code(c) => ExitCode::from(c),
        Status::Interrupted => die_by_sigint(),
    }
}

#[cfg(unix)]
fn die_by_sigint() -> ExitCode {
    // SAFETY: restoring the default action and raising the signal only
    // ends the process; the interpreter thread has finished and output
    // has been flushed.
    unsafe {
        libc::signal(libc::SIGINT, libc::SIG_DFL);
        libc::raise(libc::SIGINT);
    }
    ExitCode::from(130)
}

#[cfg(not(unix))]
fn die_by_sigint() -> ExitCode {
    ExitCode::from(130)
}

/// Runs the exit functions (`atexit`, `sys.atexit`), however the program
/// ended, then flushes stdout and stderr. Like CPython, a stdout that
/// cannot be flushed is reported as an exception ignored in `sys.stdout`
/// and, as an unflushable stderr, makes the status 120 whatever it was.
pub fn flush_at_exit(vm: &mut Vm, status: u8) -> u8 {
    let mut status = status;
    vm.run_atexit();
    if let Err(e) = vm.flush_out() {
        let text = vm.format_exception(e);
        let _ = vm.write_err(&format!(
            "Exception ignored in: <_io.TextIOWrapper name='<stdout>' mode='w' \
             encoding='utf-8'>\n{text}"
        ));
        status = 120;
    }
    if vm.flush_err().is_err() {
        status = 120;
    }
    status
}

/// Whether CPython would give stdin and stdout `errors='surrogateescape'`
/// here: when the locale the environment selects for LC_CTYPE (LC_ALL,
/// LC_CTYPE, LANG) is C or POSIX, one of their UTF-8 coercion targets,
/// or not installed (setlocale then leaves C in place). Asking libc, as
/// CPython does, is what tells an installed `en_US.UTF-8` (strict) from a
/// missing one (surrogateescape); LC_CTYPE is set back to "C" at once, so
/// nothing else in the process sees a locale.
#[cfg(unix)]
pub fn locale_wants_surrogateescape() -> bool {
    let var = |k| std::env::var_os(k).filter(|v| !v.is_empty());
    let chosen = var("LC_ALL")
        .or_else(|| var("LC_CTYPE"))
        .or_else(|| var("LANG"));
    if coerced_by_name(chosen.as_deref().and_then(|v| v.to_str())) {
        // Whether libc has it or not, the answer is yes: no need to load
        // the locale (its LC_CTYPE table and the gconv cache, 156 KB of
        // every start-up's resident set).
        return true;
    }
    // SAFETY: called at the start of `main`, before any other thread
    // exists (setlocale is not thread-safe); the arguments are
    // NUL-terminated literals, and the returned name is copied before the
    // next setlocale call can overwrite it.
    let name = unsafe {
        let p = libc::setlocale(libc::LC_CTYPE, c"".as_ptr());
        let name = if p.is_null() {
            None
        } else {
            Some(std::ffi::CStr::from_ptr(p).to_string_lossy().into_owned())
        };
        libc::setlocale(libc::LC_CTYPE, c"C".as_ptr());
        name
    };
    name.is_none_or(|n| matches!(n.as_str(), "C" | "POSIX" | "C.UTF-8" | "C.utf8" | "UTF-8"))
}

/// Whether the name the environment selects for LC_CTYPE (None: none,
/// so C) makes [`locale_wants_surrogateescape`] true whatever libc says:
/// setlocale answers with that same name, or with NULL when it is not
/// installed, and both mean surrogateescape.
#[cfg(unix)]
fn coerced_by_name(name: Option<&str>) -> bool {
    name.is_none_or(|n| matches!(n, "C" | "POSIX" | "C.UTF-8" | "C.utf8" | "UTF-8"))
}

#[cfg(not(unix))]
pub fn locale_wants_surrogateescape() -> bool {
    false
}

#[cfg(all(test, unix))]
mod tests {
    use super::coerced_by_name;

    #[test]
    fn c_and_its_utf8_coercions_need_no_setlocale() {
        for name in [
            None,
            Some("C"),
            Some("POSIX"),
            Some("C.UTF-8"),
            Some("C.utf8"),
        ] {
            assert!(coerced_by_name(name), "{name:?}");
        }
        // These depend on what libc has installed: asked, not assumed.
        for name in ["en_US.UTF-8", "de_DE", "c", "C.UTF-8@euro", ""] {
            assert!(!coerced_by_name(Some(name)), "{name:?}");
        }
    }
}
