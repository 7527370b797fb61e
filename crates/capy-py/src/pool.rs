//! Parked compartment threads, reused by the next compartments.
//!
//! Starting a thread costs tens of microseconds, and each thread builds
//! its own frozen base of built-ins on first use (capy-vm's base.rs),
//! which costs more. So a thread whose compartment closed parks here and
//! runs the next compartment made, up to [`parked_bound`] parked threads
//! (any more end). Nothing of a closed compartment survives on its thread:
//! its interpreter (heap, globals, modules, output) was dropped when its
//! job loop ended, and its grants lived in that interpreter; what the next
//! one shares with it is only the frozen base, which no instance can
//! change (a write lands in a copy of the writer's own).

use std::sync::mpsc::{channel, Sender};
use std::sync::{Mutex, OnceLock};

/// A compartment's life on a thread: make it, serve its jobs, drop it.
/// It returns its end signal, dropped once the thread is parked again, so
/// a host closing a compartment and making the next finds the thread
/// parked.
pub type Task = Box<dyn FnOnce() -> Sender<()> + Send>;

/// The native stack of a compartment's thread: deep recursion up to the
/// highest recursion limit ends in RecursionError, never an overflow
/// (reserved address space; only what is used is backed by memory).
const STACK_BYTES: usize = 256 << 20;

/// The parked threads, each waiting for its next task on its channel.
static PARKED: Mutex<Vec<Sender<Task>>> = Mutex::new(Vec::new());

/// The most threads kept parked: one per core (what can run at once).
/// Asked once: the question reads the cgroup files, which costs more
/// than the rest of making a compartment.
fn parked_bound() -> usize {
    static BOUND: OnceLock<usize> = OnceLock::new();
    *BOUND.get_or_init(|| std::thread::available_parallelism().map_or(2, |n| n.get()))
}

/// Runs `task` on a parked thread, or on a new one if none is parked.
pub fn run(mut task: Task) -> std::io::Result<()> {
    loop {
        let parked = PARKED.lock().unwrap_or_else(|p| p.into_inner()).pop();
        let Some(tx) = parked else { break };
        match tx.send(task) {
            Ok(()) => return Ok(()),
            // That thread is gone: the next one, or a new one.
            Err(e) => task = e.0,
        }
    }
    std::thread::Builder::new()
        .name("capy".to_string())
        .stack_size(STACK_BYTES)
        .spawn(move || serve(task))?;
    Ok(())
}

/// A pooled thread: runs tasks, parking between them, until the pool is
/// full when it would park.
fn serve(mut task: Task) {
    loop {
        let ended = task();
        let (tx, rx) = channel();
        {
            let mut parked = PARKED.lock().unwrap_or_else(|p| p.into_inner());
            if parked.len() >= parked_bound() {
                return;
            }
            parked.push(tx);
        }
        drop(ended);
        // A host making compartments in a loop sends the next one soon.
        match crate::worker::recv_soon(&rx, None) {
            Ok(t) => task = t,
            Err(_) => return,
        }
    }
}
