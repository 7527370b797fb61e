//! Reading the process's standard input (`input()`, `sys.stdin`) without
//! blocking past the instance's time budget or ignoring its interrupt flag.
//!
//! A read on fd 0 cannot be cancelled, so it is only started once poll(2)
//! says it will not block; until then the reader wakes in short slices to
//! check the budget and the flag. Bytes read but not yet consumed wait in
//! one buffer per process, because fd 0 is one per process: without it a
//! line read ahead by one call would be lost to the next (std's buffered
//! stdin cannot be used for this, as poll(2) cannot see what it holds).
//! Every reader of stdin in the process (the REPL included, when its input
//! is not a terminal) must go through here for the same reason.

use crate::vm::Vm;
use crate::PyResult;
use std::io::Read;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

/// Unconsumed input: `buf[pos..]`.
struct Pending {
    buf: Vec<u8>,
    pos: usize,
}

static PENDING: Mutex<Pending> = Mutex::new(Pending {
    buf: Vec::new(),
    pos: 0,
});

/// Bytes asked of the host per read.
const READ_SIZE: usize = 64 * 1024;

/// The longest a wait goes without looking at the interrupt flag.
const SLICE: Duration = Duration::from_millis(20);

fn pending() -> MutexGuard<'static, Pending> {
    // A panic elsewhere cannot leave the buffer inconsistent: it is only
    // changed by whole assignments below.
    PENDING.lock().unwrap_or_else(|e| e.into_inner())
}

/// Whether a read of fd 0 would return without blocking (data, end of
/// input or an error) within `wait`.
#[cfg(unix)]
fn ready_within(wait: Duration) -> bool {
    let mut fd = libc::pollfd {
        fd: 0,
        events: libc::POLLIN,
        revents: 0,
    };
    // Rounded up so a wait for the deadline does not end just before it.
    let ms = wait.as_micros().div_ceil(1000).min(i32::MAX as u128) as i32;
    // SAFETY: one valid pollfd, and its count, for the duration of the call.
    let r = unsafe { libc::poll(&mut fd, 1, ms) };
    // On failure (EINTR aside) the read itself reports what is wrong, or
    // blocks as it always did when stdin cannot be polled.
    r != 0 && !(r < 0 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted)
}

#[cfg(not(unix))]
fn ready_within(_wait: Duration) -> bool {
    true
}

/// Appends one read's worth of input to the buffer; false at end of input.
fn read_more() -> std::io::Result<bool> {
    let mut chunk = vec![0u8; READ_SIZE];
    let n = loop {
        match std::io::stdin().lock().read(&mut chunk) {
            Ok(n) => break n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    };
    let mut p = pending();
    if p.pos == p.buf.len() {
        p.buf.clear();
        p.pos = 0;
    }
    p.buf.extend_from_slice(&chunk[..n]);
    Ok(n > 0)
}

fn has_pending() -> bool {
    let p = pending();
    p.pos < p.buf.len()
}

/// Makes input available for an instance: false at end of input.
fn fill(vm: &mut Vm) -> PyResult<bool> {
    loop {
        vm.check_deadline()?;
        if has_pending() {
            return Ok(true);
        }
        let mut wait = SLICE;
        if let Some(left) = vm.remaining_time() {
            wait = wait.min(left);
        }
        if ready_within(wait) {
            return read_more().map_err(|e| vm.error(crate::ExcKind::OSError, e.to_string()));
        }
    }
}

/// The length in bytes of the UTF-8 sequence that starts with `b`.
fn utf8_len(b: u8) -> usize {
    match b {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => 1,
    }
}

/// Takes up to `max` characters (all when None) from the input, stopping
/// after a newline when `line` is set. `more` is called whenever the
/// buffer runs dry, with the number of bytes taken so far; it returns
/// false at end of input.
fn take_text<E>(
    max: Option<usize>,
    line: bool,
    mut more: impl FnMut(usize) -> Result<bool, E>,
) -> Result<Vec<u8>, E> {
    let mut out = Vec::new();
    let mut chars = 0usize;
    // Continuation bytes still expected for the last character taken.
    let mut cont = 0usize;
    let mut done = max == Some(0);
    while !done {
        if !has_pending() && !more(out.len())? {
            break;
        }
        let mut p = pending();
        let start = p.pos;
        let mut i = start;
        while i < p.buf.len() {
            let b = p.buf[i];
            if cont > 0 && b & 0xC0 == 0x80 {
                cont -= 1;
                i += 1;
                continue;
            }
            cont = 0;
            if max.is_some_and(|m| chars >= m) {
                done = true;
                break;
            }
            chars += 1;
            cont = utf8_len(b) - 1;
            i += 1;
            if line && b == b'\n' {
                done = true;
                break;
            }
        }
        // The last character is complete: stop without waiting for more.
        if cont == 0 && max.is_some_and(|m| chars >= m) {
            done = true;
        }
        out.extend_from_slice(&p.buf[start..i]);
        p.pos = i;
    }
    Ok(out)
}

/// Up to `max` characters (all when None) of stdin, or one line when
/// `line` is set, as a str: decoded as UTF-8 with the stream's error
/// handler (`stdstream::stdio_errors`), so undecodable bytes raise
/// UnicodeDecodeError or, under the C locale, become lone surrogates, as
/// in CPython.
pub fn read_text(vm: &mut Vm, max: Option<usize>, line: bool) -> PyResult {
    let bytes = read_text_bytes(vm, max, line)?;
    decode(vm, &bytes)
}

/// The bytes of stdin text as [`read_text`] takes them, undecoded. Waits
/// within the instance's budget; what is read must keep fitting beside the
/// heap as it arrives, so a huge input raises MemoryError. (Charging it
/// to the heap was forgotten by every collection.)
pub fn read_text_bytes(vm: &mut Vm, max: Option<usize>, line: bool) -> PyResult<Vec<u8>> {
    crate::compartment::authority::require(vm, crate::compartment::authority::Authority::Stdin)?;
    take_text(max, line, |taken| {
        vm.reserve_temp(taken + READ_SIZE)?;
        fill(vm)
    })
}

/// Text read from stdin, decoded as `sys.stdin` decodes it.
pub fn decode(vm: &mut Vm, bytes: &[u8]) -> PyResult {
    let errors = crate::stdstream::stdio_errors();
    crate::types::codec::decode_value(vm, bytes, "utf-8", errors)
}

/// Up to `max` bytes (all when None) of stdin as they are, or one line
/// when `line` is set: `sys.stdin.buffer`. Waits and is charged as
/// [`read_text`] is.
pub fn read_bytes(vm: &mut Vm, max: Option<usize>, line: bool) -> PyResult<Vec<u8>> {
    crate::compartment::authority::require(vm, crate::compartment::authority::Authority::Stdin)?;
    let mut out = Vec::new();
    while max.is_none_or(|m| out.len() < m) {
        if !has_pending() {
            vm.reserve_temp(out.len() + READ_SIZE)?;
            if !fill(vm)? {
                break;
            }
        }
        let mut p = pending();
        let start = p.pos;
        let room = max.map_or(usize::MAX, |m| m - out.len());
        let mut end = p.buf.len().min(start.saturating_add(room));
        if line {
            if let Some(nl) = memchr::memchr(b'\n', &p.buf[start..end]) {
                end = start + nl + 1;
            }
        }
        out.extend_from_slice(&p.buf[start..end]);
        p.pos = end;
        if line && out.last() == Some(&b'\n') {
            break;
        }
    }
    Ok(out)
}

/// One line of stdin (with its newline), or None at end of input, waiting
/// as long as it takes: for the REPL between statements, where no budget
/// runs.
pub fn read_line_blocking() -> std::io::Result<Option<String>> {
    let bytes = take_text(None, true, |_| read_more())?;
    if bytes.is_empty() {
        return Ok(None);
    }
    Ok(Some(String::from_utf8_lossy(&bytes).into_owned()))
}

/// All of stdin's remaining bytes, as they are (the caller decodes them),
/// waiting as long as it takes: for a program piped to `capy` on stdin,
/// read before it starts. Taken from the shared buffer so that whatever
/// was read ahead stays in order and a later `sys.stdin` read sees the
/// end of input, as in CPython.
pub fn read_all_blocking() -> std::io::Result<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        {
            let mut p = pending();
            let start = p.pos;
            out.extend_from_slice(&p.buf[start..]);
            p.buf.clear();
            p.pos = 0;
        }
        if !read_more()? {
            return Ok(out);
        }
    }
}
