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
        let inst = active.or(slot.vm.as_deref());
        let peak = inst.map_or(0, |v| v.budget.memory.peak());
        Row {
            name: slot.name.to_string(),
            calls_in: slot.stats.calls_in,
            calls_out: slot.stats.calls_out,
            heap_peak: peak.max(slot.stats.peak_before),
            faults: slot.stats.faults,
            resets: slot.stats.resets,
            steps: slot.stats.steps,
            seconds: slot.stats.time.as_secs_f64(),
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
}
