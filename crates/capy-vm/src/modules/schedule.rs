//! `micropython.schedule(func, arg)`: MicroPython's scheduler. The call
//! only queues `func(arg)`; the interpreter runs it soon after, at its
//! next safe point (a loop's back edge), between two instructions of the
//! code that was running, as MicroPython runs scheduled callbacks between
//! bytecodes; `time.sleep` runs them too, as MicroPython's does.
//! Callbacks run one at a time: one scheduled from inside a
//! callback waits until that callback returns. The queue holds
//! [`DEPTH`] callbacks (MicroPython's default); scheduling more raises
//! `RuntimeError`. An `Exception` a callback raises is reported (its
//! traceback, on stderr) and the program goes on, as MicroPython does;
//! others (KeyboardInterrupt, SystemExit) propagate from where it ran.

use std::collections::VecDeque;

use crate::frame::Frame;
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;

type Kw<'a> = &'a [(Value, Value)];

/// How many callbacks may wait at once.
const DEPTH: usize = 4;

/// The callbacks waiting to run, and whether one is running now.
#[derive(Default)]
pub struct Queue {
    waiting: VecDeque<(Value, Value)>,
    running: bool,
}

impl Queue {
    /// Whether a callback waits and none is running (the safe point's
    /// test, made only when it looks at the clock anyway).
    pub(crate) fn due(&self) -> bool {
        !self.running && !self.waiting.is_empty()
    }

    /// The queued callbacks and their arguments, for the collector.
    pub(crate) fn roots(&self, out: &mut Vec<Value>) {
        for &(f, a) in &self.waiting {
            out.extend_from_slice(&[f, a]);
        }
    }
}

/// Whether `vm` has a callback to run now (see [`Queue::due`]).
pub(crate) fn due(vm: &Vm) -> bool {
    vm.scheduled.as_deref().is_some_and(Queue::due)
}

fn set_running(vm: &mut Vm, on: bool) {
    if let Some(q) = vm.scheduled.as_deref_mut() {
        q.running = on;
    }
}

/// `micropython.schedule(func, arg)`.
pub fn schedule(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let &[func, arg] = a else {
        return Err(vm.type_error(format!(
            "schedule() takes 2 positional arguments but {} were given",
            a.len()
        )));
    };
    if !vm.is_callable(func) {
        let t = vm.type_name(func);
        return Err(vm.type_error(format!("'{t}' object is not callable")));
    }
    let q = vm.scheduled.get_or_insert_with(Default::default);
    if q.waiting.len() >= DEPTH {
        return Err(vm.error(crate::ExcKind::RuntimeError, "schedule queue full"));
    }
    q.waiting.push_back((func, arg));
    // Make the next safe point look (it otherwise looks every few
    // thousand steps).
    vm.budget.check_soon();
    Ok(Value::None)
}

/// `micropython._scheduled()`: how many callbacks wait (asyncio's idle
/// loop keeps going while some do: one may wake a task).
pub fn waiting(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    Ok(Value::Int(
        vm.scheduled.as_deref().map_or(0, |q| q.waiting.len()) as i64,
    ))
}

/// Runs the oldest waiting callback now if one waits and none is running: from
/// natives that wait (`time.sleep`), between two of their steps.
pub(crate) fn run_due(vm: &mut Vm) -> PyResult<()> {
    if due(vm) {
        run(vm, None)?;
    }
    Ok(())
}

/// Runs the oldest waiting callback (one per safe point, as MicroPython
/// runs one per check: a callback that schedules itself again cannot hold
/// the program up), from the safe point of `current`, whose values are
/// rooted meanwhile.
pub(crate) fn run(vm: &mut Vm, current: Option<&Frame>) -> PyResult<()> {
    let Some(q) = vm.scheduled.as_deref_mut() else {
        return Ok(());
    };
    let Some((func, arg)) = q.waiting.pop_front() else {
        return Ok(());
    };
    let base = vm.temp_roots.len();
    if let Some(f) = current {
        let mut held = Vec::new();
        f.trace(&mut held);
        vm.temp_roots.extend(held);
    }
    vm.temp_roots.extend_from_slice(&[func, arg]);
    set_running(vm, true);
    let r = vm.call(func, &[arg], &[]);
    set_running(vm, false);
    vm.temp_roots.truncate(base);
    if vm
        .scheduled
        .as_deref()
        .is_some_and(|q| !q.waiting.is_empty())
    {
        vm.budget.check_soon();
    }
    match r {
        Ok(_) => Ok(()),
        Err(e) => {
            let ordinary = vm.exc_class(crate::ExcKind::Exception);
            if !vm.isinstance(e.value(), ordinary) {
                return Err(e);
            }
            vm.flush();
            let tb = vm.format_exception_full(e);
            let _ = vm.write_err(&tb);
            Ok(())
        }
    }
}
