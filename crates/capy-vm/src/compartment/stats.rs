//! `--compartment-stats`: what each compartment of the process did, as
//! CheriBSD's `LD_COMPARTMENT_STATS` reports for library compartments.

use super::Slot;
use crate::vm::Vm;
use std::fmt::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Once, OnceLock};
use std::time::Instant;

/// One compartment's line of the report.
struct Row {
    name: String,
    calls_in: u64,
    calls_out: u64,
    heap_peak: usize,
    faults: u64,
    resets: u64,
    steps: u64,
    seconds: f64,
}

impl Row {
    fn of(slot: &Slot, active: Option<&Vm>) -> Row {
        let inst = active.or(slot.vm.get());
        let peak = inst.map_or(0, |v| v.budget.memory.peak());
        Row {
            name: slot.name.to_string(),
            calls_in: slot.stats.calls_in,
            calls_out: slot.stats.calls_out,
            heap_peak: peak.max(slot.stats.peak_before),
            faults: slot.stats.faults,
            resets: slot.stats.resets,
            steps: slot.stats.steps,
            seconds: slot.stats.seconds(),
        }
    }
}

/// The report for the world of the active instance `vm` (a table, one
/// line per compartment, in the order they were made).
pub fn report(vm: &Vm) -> String {
    let active = vm.world.active;
    let rows: Vec<Row> = vm
        .world
        .slots
        .iter()
        .enumerate()
        .map(|(i, s)| Row::of(s, (i as u32 == active).then_some(vm)))
        .collect();
    let width = rows.iter().map(|r| r.name.len()).max().unwrap_or(0).max(11);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<width$}  {:>9}  {:>9}  {:>10}  {:>6}  {:>6}  {:>10}  {:>9}",
        "compartment", "calls in", "calls out", "heap peak", "faults", "resets", "steps", "time"
    );
    for r in &rows {
        let _ = writeln!(
            out,
            "{:<width$}  {:>9}  {:>9}  {:>10}  {:>6}  {:>6}  {:>10}  {:>8.3}s",
            r.name,
            r.calls_in,
            r.calls_out,
            human(r.heap_peak),
            r.faults,
            r.resets,
            r.steps,
            r.seconds
        );
    }
    out
}

/// The clock each crossing reads twice to count the time spent in its
/// callee: a count of nanoseconds that a thread of its own (started by
/// the first reading) brings up to date every [`TICK`], so a reading is
/// one load from memory, where even the kernel's coarse clock cost a tenth
/// of a crossing. One short crossing mostly reads no change and now and
/// then a whole tick: summed over many crossings the count is right on
/// average (a crossing is as likely to contain a tick as its length is
/// long), and a single long one is right to a tick. Where the thread
/// cannot be started, the precise clock is read instead.
#[inline]
pub fn coarse_now() -> u64 {
    // Ticking already (every reading but the first few): one load, not
    // the `Once` check too.
    if TICKING.load(Ordering::Relaxed) {
        return TICKS.load(Ordering::Relaxed);
    }
    coarse_now_first()
}

/// [`coarse_now`] before the ticker runs: starts it.
#[cold]
#[inline(never)]
fn coarse_now_first() -> u64 {
    TICKER.call_once(start_ticker);
    if TICKING.load(Ordering::Relaxed) {
        TICKS.load(Ordering::Relaxed)
    } else {
        elapsed_ns()
    }
}

/// How often the ticker brings [`TICKS`] up to date: the coarse clock's
/// own resolution on Linux (250 wake-ups a second, while the process
/// lives, once a compartment has been crossed into).
const TICK: std::time::Duration = std::time::Duration::from_millis(4);

static TICKER: Once = Once::new();
static TICKING: AtomicBool = AtomicBool::new(false);
static TICKS: AtomicU64 = AtomicU64::new(0);

fn start_ticker() {
    let started = std::thread::Builder::new()
        .name("capy-clock".into())
        .spawn(|| loop {
            TICKS.store(elapsed_ns(), Ordering::Relaxed);
            std::thread::sleep(TICK);
        });
    if started.is_ok() {
        TICKS.store(elapsed_ns(), Ordering::Relaxed);
        TICKING.store(true, Ordering::Relaxed);
    }
}

/// Nanoseconds since the first reading of the precise clock.
fn elapsed_ns() -> u64 {
    static START: OnceLock<Instant> = OnceLock::new();
    let d = START.get_or_init(Instant::now).elapsed();
    u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
}

/// Bytes as a short size: `512 B`, `64.0 KiB`, `1.5 MiB`.
fn human(n: usize) -> String {
    const KIB: f64 = 1024.0;
    let f = n as f64;
    if f < KIB {
        format!("{n} B")
    } else if f < KIB * KIB {
        format!("{:.1} KiB", f / KIB)
    } else {
        format!("{:.1} MiB", f / (KIB * KIB))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(super::human(512), "512 B");
        assert_eq!(super::human(64 * 1024), "64.0 KiB");
        assert_eq!(super::human(3 << 19), "1.5 MiB");
    }

    #[test]
    fn the_coarse_clock_moves_forward() {
        let a = super::coarse_now();
        std::thread::sleep(std::time::Duration::from_millis(60));
        let b = super::coarse_now();
        assert!(b > a, "{a} then {b}");
        // At least the sleep, less a tick or two the ticker may lag by.
        assert!(b - a >= 40_000_000, "{a} ns then {b} ns");
    }
}
