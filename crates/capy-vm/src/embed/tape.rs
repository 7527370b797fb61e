//! What a sandbox reads from outside its own state, recorded so a host
//! can replay a sandbox's life exactly (the `capy` module's snapshots).
//!
//! Everything a sandbox computes follows from its code and its inputs,
//! except these readings: the clocks (`time.*`), OS entropy
//! (`os.urandom`, `_entropy`, so `secrets` and `uuid4`), the default seed
//! of `random`, and `os.getpid`/`os.cpu_count`. String hashes are not
//! salted and object ids are heap positions, so those are already
//! reproducible. When a sandbox records ([`super::Builder::record`]),
//! each reading is appended to its [`Tape`] as bytes; a sandbox given a
//! tape to replay ([`super::Builder::replay`]) takes its readings from
//! the tape, in order, until the tape runs out, and from the world
//! afterwards (recording those too).

use crate::vm::Vm;
use std::sync::{Arc, Mutex};

/// The readings of a sandbox, shared with its host (which may read it
/// from another thread while the sandbox waits for a host call).
#[derive(Clone, Default)]
pub struct Tape(Arc<Mutex<Reel>>);

#[derive(Default)]
struct Reel {
    /// Every reading so far, replayed ones included.
    bytes: Vec<u8>,
    /// How much of `bytes` was given to be replayed and is not read yet
    /// starts here (`bytes.len()` once replay is over).
    cursor: usize,
}

impl Tape {
    /// An empty tape (recording from the start).
    pub fn new() -> Tape {
        Tape::default()
    }

    /// A tape that replays `bytes` first.
    pub fn replaying(bytes: Vec<u8>) -> Tape {
        Tape(Arc::new(Mutex::new(Reel { bytes, cursor: 0 })))
    }

    /// Everything read so far (what a later replay needs).
    pub fn recorded(&self) -> Vec<u8> {
        let r = self.lock();
        r.bytes[..r.cursor.min(r.bytes.len())].to_vec()
    }

    /// Whether readings still come from the replayed part.
    pub fn replaying_now(&self) -> bool {
        let r = self.lock();
        r.cursor < r.bytes.len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Reel> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Fills `buf` from the replayed part if any is left, else with
    /// `real` and records it.
    fn take(&self, buf: &mut [u8], real: impl FnOnce(&mut [u8])) {
        let mut r = self.lock();
        let start = r.cursor;
        if start + buf.len() <= r.bytes.len() {
            buf.copy_from_slice(&r.bytes[start..start + buf.len()]);
            r.cursor += buf.len();
            return;
        }
        // A replay that ran short (it cannot, when the code is the same):
        // what is left is dropped and the world answers from here.
        r.bytes.truncate(start);
        real(buf);
        r.bytes.extend_from_slice(buf);
        r.cursor = r.bytes.len();
    }
}

/// The tape of the running instance, if its host records.
fn tape(vm: &Vm) -> Option<&Tape> {
    vm.comp.embed.as_ref()?.tape.as_ref()
}

/// `buf` filled by `real`, through the instance's tape when it has one.
pub(crate) fn bytes(vm: &Vm, buf: &mut [u8], real: impl FnOnce(&mut [u8])) {
    match tape(vm) {
        Some(t) => t.take(buf, real),
        None => real(buf),
    }
}

/// A 64-bit reading (a clock, a seed), through the instance's tape.
pub(crate) fn u64(vm: &Vm, real: impl FnOnce() -> u64) -> u64 {
    let mut b = [0u8; 8];
    bytes(vm, &mut b, |b| b.copy_from_slice(&real().to_le_bytes()));
    u64::from_le_bytes(b)
}

/// A duration reading (a clock) in whole nanoseconds, through the tape.
pub(crate) fn duration(vm: &Vm, real: impl FnOnce() -> std::time::Duration) -> std::time::Duration {
    std::time::Duration::from_nanos(u64(vm, || real().as_nanos() as u64))
}

/// Whether the running instance replays its readings now (a sleep then
/// has nothing to wait for: the clocks it would read are on the tape).
pub(crate) fn replaying(vm: &Vm) -> bool {
    tape(vm).is_some_and(Tape::replaying_now)
}
