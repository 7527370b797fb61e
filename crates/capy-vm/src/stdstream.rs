//! The process's standard output and error as an instance writes them
//! (see [`crate::vm::Output`]), buffered as CPython buffers them, with
//! failed writes reported instead of dropped: a closed pipe or a full disk
//! becomes an `OSError` in the program, and a failure that is still pending
//! at exit makes the status 120 (the CLI's business).
//!
//! Buffering decides *when* a failure shows, and programs see the
//! difference (`print(1)` to a full disk fails only at exit in CPython, a
//! long run of prints fails at a `print`), so CPython's is followed:
//! - stdout is line buffered on a terminal and otherwise written in chunks
//!   of [`CHUNK`] bytes; stderr is line buffered;
//! - a chunk written because the buffer filled up is forgotten when the
//!   write fails (CPython hands it to the OS and loses it); a failed
//!   explicit flush or line flush keeps the text (up to a chunk) for the
//!   next attempt, which is why `print(1, flush=True)` to a full disk also
//!   fails at exit.

use crate::errors::ExcKind;
use crate::vm::Vm;
use crate::PyErr;
use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether stdin and stdout use `errors='surrogateescape'` rather than
/// `'strict'`: CPython's choice under the C and POSIX locales and their
/// UTF-8 coercion targets (C.UTF-8), so undecodable input bytes round-trip
/// to output. Process-wide, as the streams are; the CLI sets it from the
/// locale at startup, and an embedder keeps strict.
static SURROGATE_ESCAPE: AtomicBool = AtomicBool::new(false);

pub fn set_surrogateescape(on: bool) {
    SURROGATE_ESCAPE.store(on, Ordering::Relaxed);
}

/// The error handler of `sys.stdin` and `sys.stdout` (`sys.stderr`'s is
/// always `backslashreplace`).
pub fn stdio_errors() -> &'static str {
    if SURROGATE_ESCAPE.load(Ordering::Relaxed) {
        "surrogateescape"
    } else {
        "strict"
    }
}

/// CPython's text layer chunk size.
pub const CHUNK: usize = 8192;

pub struct StdStream {
    /// None when the descriptor was closed at startup: writes vanish, as
    /// CPython then sets `sys.stdout` to None and `print` does nothing.
    sink: Option<Box<dyn Write + Send>>,
    buf: Vec<u8>,
    line_buffered: bool,
}

impl StdStream {
    pub fn stdout() -> StdStream {
        let line_buffered = io::stdout().is_terminal();
        StdStream::new(raw_stdout(), line_buffered)
    }

    pub fn stderr() -> StdStream {
        StdStream::new(raw_stderr(), true)
    }

    fn new(sink: Option<Box<dyn Write + Send>>, line_buffered: bool) -> StdStream {
        StdStream {
            sink,
            buf: Vec::new(),
            line_buffered,
        }
    }

    /// Writes out the buffer. On failure the unwritten rest is kept when
    /// `keep` is set and it is at most a chunk (so a stream that keeps
    /// failing cannot grow without bound), and dropped otherwise.
    fn drain(&mut self, keep: bool) -> io::Result<()> {
        let Some(sink) = self.sink.as_mut() else {
            self.buf.clear();
            return Ok(());
        };
        let mut done = 0;
        let r = loop {
            if done == self.buf.len() {
                break sink.flush();
            }
            match sink.write(&self.buf[done..]) {
                Ok(0) => break Err(io::ErrorKind::WriteZero.into()),
                Ok(n) => done += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => break Err(e),
            }
        };
        if r.is_ok() || !keep || self.buf.len() - done > CHUNK {
            self.buf.clear();
        } else {
            self.buf.drain(..done);
        }
        r
    }
}

impl Write for StdStream {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.buf.extend_from_slice(data);
        if self.line_buffered && data.contains(&b'\n') {
            self.drain(true)?;
        } else if self.buf.len() >= CHUNK {
            self.drain(false)?;
        }
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.drain(true)
    }
}

impl Drop for StdStream {
    /// An instance dropped without the CLI's exit flush (an embedder, a
    /// panic) still writes what it buffered; there is no one to tell of a
    /// failure then.
    fn drop(&mut self) {
        let _ = self.drain(false);
    }
}

/// A descriptor of its own for fd 1/2, so writes bypass Rust's `Stdout`
/// buffer (which would keep a second copy of text that failed to go out).
#[cfg(unix)]
fn raw_stdout() -> Option<Box<dyn Write + Send>> {
    use std::os::fd::AsFd;
    let fd = io::stdout().as_fd().try_clone_to_owned().ok()?;
    Some(Box::new(std::fs::File::from(fd)))
}

#[cfg(unix)]
fn raw_stderr() -> Option<Box<dyn Write + Send>> {
    use std::os::fd::AsFd;
    let fd = io::stderr().as_fd().try_clone_to_owned().ok()?;
    Some(Box::new(std::fs::File::from(fd)))
}

#[cfg(not(unix))]
fn raw_stdout() -> Option<Box<dyn Write + Send>> {
    Some(Box::new(io::stdout()))
}

#[cfg(not(unix))]
fn raw_stderr() -> Option<Box<dyn Write + Send>> {
    Some(Box::new(io::stderr()))
}

/// The Python exception for a failed write: `OSError(errno, strerror)`,
/// or the subclass CPython picks for the errno (`BrokenPipeError`).
pub fn write_error(vm: &mut Vm, e: &io::Error) -> PyErr {
    let Some(code) = e.raw_os_error() else {
        return vm.error(ExcKind::OSError, e.to_string());
    };
    let kind = match code {
        // EPIPE, ESHUTDOWN (Linux numbers, as the errno module's).
        32 | 108 => ExcKind::BrokenPipeError,
        _ => ExcKind::OSError,
    };
    // Display is "strerror (os error N)"; Python shows strerror alone.
    let text = e.to_string();
    let strerror = text
        .strip_suffix(&format!(" (os error {code})"))
        .unwrap_or(&text)
        .to_string();
    let class = vm.exc_class(kind);
    match vm.new_str(&strerror) {
        Ok(s) => vm.new_exception(class, vec![crate::Value::Int(code.into()), s]),
        Err(e) => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// A sink that fails while `fail` is set, and records what it took.
    #[derive(Clone, Default)]
    struct Probe {
        fail: Arc<Mutex<bool>>,
        got: Arc<Mutex<Vec<u8>>>,
        writes: Arc<Mutex<usize>>,
    }

    impl Write for Probe {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            *self.writes.lock().unwrap() += 1;
            if *self.fail.lock().unwrap() {
                return Err(io::Error::from_raw_os_error(32));
            }
            self.got.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn stream(line: bool) -> (StdStream, Probe) {
        let p = Probe::default();
        (StdStream::new(Some(Box::new(p.clone())), line), p)
    }

    #[test]
    fn block_buffered_writes_in_chunks() {
        let (mut s, p) = stream(false);
        for _ in 0..CHUNK / 2 - 1 {
            s.write_all(b"x\n").unwrap();
        }
        assert_eq!(*p.writes.lock().unwrap(), 0);
        s.write_all(b"x\n").unwrap();
        assert_eq!(p.got.lock().unwrap().len(), CHUNK);
        s.write_all(b"tail").unwrap();
        s.flush().unwrap();
        assert!(p.got.lock().unwrap().ends_with(b"x\ntail"));
    }

    #[test]
    fn failed_chunk_is_dropped_failed_flush_is_kept() {
        let (mut s, p) = stream(false);
        *p.fail.lock().unwrap() = true;
        s.write_all(b"kept").unwrap();
        assert!(s.flush().is_err());
        assert!(s.flush().is_err(), "the text is still pending");
        *p.fail.lock().unwrap() = false;
        s.flush().unwrap();
        assert_eq!(&*p.got.lock().unwrap(), b"kept");
        *p.fail.lock().unwrap() = true;
        let big = vec![b'y'; CHUNK];
        assert!(s.write_all(&big).is_err());
        *p.fail.lock().unwrap() = false;
        s.flush().unwrap();
        assert_eq!(&*p.got.lock().unwrap(), b"kept", "the chunk was dropped");
    }

    #[test]
    fn line_buffered_flushes_at_newlines() {
        let (mut s, p) = stream(true);
        s.write_all(b"a").unwrap();
        assert!(p.got.lock().unwrap().is_empty());
        s.write_all(b"b\nc").unwrap();
        assert_eq!(&*p.got.lock().unwrap(), b"ab\nc");
    }
}
