//! `--compartment-stats`: what each compartment of the process did, as
//! CheriBSD's `LD_COMPARTMENT_STATS` reports for library compartments.

use super::Slot;
use crate::vm::Vm;
use std::fmt::Write;

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
/// callee: the kernel's coarse monotonic clock, which is read from memory
/// without asking the processor's counter (a few nanoseconds, where the
/// precise clock costs a fifth of a crossing). It advances in ticks of a
/// few milliseconds, so one short crossing mostly reads zero and now and
/// then a whole tick: summed over many crossings, the count is right on
/// average (a crossing is as likely to contain a tick as its length is
/// long), and a single long one is right to a tick.
/// In nanoseconds, as a plain count: a crossing subtracts two and adds
/// the difference, cheaper than with `Duration`s.
#[cfg(target_os = "linux")]
pub fn coarse_now() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: a valid clock id and a pointer to a timespec that lives for
    // the call; the kernel writes only that timespec.
    let r = unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC_COARSE, &mut ts) };
    if r != 0 {
        return 0;
    }
    (ts.tv_sec.max(0) as u64)
        .saturating_mul(1_000_000_000)
        .saturating_add(ts.tv_nsec.max(0) as u64)
}

/// Elsewhere: the precise clock, from the first reading.
#[cfg(not(target_os = "linux"))]
pub fn coarse_now() -> u64 {
    use std::sync::OnceLock;
    static START: OnceLock<std::time::Instant> = OnceLock::new();
    let d = START.get_or_init(std::time::Instant::now).elapsed();
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
        std::thread::sleep(std::time::Duration::from_millis(30));
        let b = super::coarse_now();
        assert!(b > a, "{a} then {b}");
        assert!(b - a >= 20_000_000, "{a} ns then {b} ns");
    }
}
