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
    if vm.scheduled.waiting.len() >= DEPTH {
        return Err(vm.error(crate::ExcKind::RuntimeError, "schedule queue full"));
    }
    vm.scheduled.waiting.push_back((func, arg));
    // Make the next safe point look (it otherwise looks every few
    // thousand steps).
    vm.budget.check_soon();
    Ok(Value::None)
}

/// Runs the waiting callbacks now if any wait and none is running: from
/// natives that wait (`time.sleep`), between two of their steps.
pub(crate) fn run_due(vm: &mut Vm) -> PyResult<()> {
    if vm.scheduled.due() {
        run(vm, None)?;
    }
    Ok(())
}

/// Runs the waiting callbacks, oldest first (those they schedule too),
/// from the safe point of `current`, whose values are rooted meanwhile.
pub(crate) fn run(vm: &mut Vm, current: Option<&Frame>) -> PyResult<()> {
    let base = vm.temp_roots.len();
    if let Some(f) = current {
        let mut held = Vec::new();
        f.trace(&mut held);
        vm.temp_roots.extend(held);
    }
    vm.scheduled.running = true;
    let mut result = Ok(());
    while let Some((func, arg)) = vm.scheduled.waiting.pop_front() {
        vm.temp_roots.extend_from_slice(&[func, arg]);
        if let Err(e) = vm.call(func, &[arg], &[]) {
            let ordinary = vm.exc_class(crate::ExcKind::Exception);
            if !vm.isinstance(e.value(), ordinary) {
                result = Err(e);
                break;
            }
            vm.flush();
            let tb = vm.format_exception_full(e);
            let _ = vm.write_err(&tb);
        }
    }
    vm.scheduled.running = false;
    vm.temp_roots.truncate(base);
    result
}
