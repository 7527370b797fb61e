//! Exit functions: CPython's `atexit` module (`register`, `unregister`,
//! `_run_exitfuncs`, `_clear`, `_ncallbacks`) and MicroPython's
//! `sys.atexit(func)`, which share one list.
//!
//! The embedder runs the list once the main program has ended, however it
//! ended (see [`Vm::run_atexit`]): last registered first, as CPython, and
//! a function registered meanwhile does not run. An exception in one
//! function is reported as CPython reports it ("Exception ignored in atexit
//! callback") and the others still run; the exit status is not changed. `sys.atexit` keeps MicroPython's single slot: a new call
//! replaces the function it registered before (returning it), and None
//! only removes it.

use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

type Kw<'a> = &'a [(Value, Value)];

/// One registered function with the arguments it is called with.
struct Handler {
    func: Value,
    args: Vec<Value>,
    kwargs: Vec<(Value, Value)>,
    /// Registered by `sys.atexit` (its one slot), not by `atexit.register`.
    from_sys: bool,
}

/// The exit functions of one VM, in registration order.
#[derive(Default)]
pub struct Handlers(Vec<Handler>);

impl Handlers {
    /// Everything the list holds, for the collector's roots.
    pub(crate) fn roots(&self, out: &mut Vec<Value>) {
        roots_of(&self.0, out);
    }
}

fn roots_of(handlers: &[Handler], out: &mut Vec<Value>) {
    for h in handlers {
        out.push(h.func);
        out.extend_from_slice(&h.args);
        for &(k, v) in &h.kwargs {
            out.push(k);
            out.push(v);
        }
    }
}

use super::add_func as func;

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("atexit")?;
    func(vm, m, "register", register)?;
    func(vm, m, "unregister", unregister)?;
    func(vm, m, "_run_exitfuncs", run_exitfuncs)?;
    func(vm, m, "_clear", clear)?;
    func(vm, m, "_ncallbacks", ncallbacks)?;
    Ok(m)
}

fn check_callable(vm: &mut Vm, f: Option<Value>, what: &str) -> PyResult<Value> {
    match f {
        Some(f) if vm.is_callable(f) => Ok(f),
        _ => Err(vm.type_error(format!("{what} must be callable"))),
    }
}

/// `atexit.register(func, *args, **kwargs)`: returns `func`, so it also
/// serves as a decorator.
fn register(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let f = check_callable(vm, a.first().copied(), "the first argument")?;
    vm.atexit.0.push(Handler {
        func: f,
        args: a[1..].to_vec(),
        kwargs: kw.to_vec(),
        from_sys: false,
    });
    Ok(f)
}

/// `atexit.unregister(func)`: drops every registration of a function equal
/// to `func` (none is not an error).
fn unregister(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let [f] = a else {
        return Err(vm.type_error(format!(
            "unregister() takes exactly one argument ({} given)",
            a.len()
        )));
    };
    let mut i = 0;
    while i < vm.atexit.0.len() {
        let g = vm.atexit.0[i].func;
        if vm.eq(g, *f)? {
            vm.atexit.0.remove(i);
        } else {
            i += 1;
        }
    }
    Ok(Value::None)
}

fn run_exitfuncs(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    vm.run_atexit();
    Ok(Value::None)
}

fn clear(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    vm.atexit.0.clear();
    Ok(Value::None)
}

fn ncallbacks(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    Ok(Value::Int(vm.atexit.0.len() as i64))
}

/// `sys.atexit(func)` (MicroPython): registers `func` in place of the one
/// an earlier call registered, or none for None; returns the earlier one.
pub(crate) fn sys_atexit(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let [f] = a else {
        return Err(vm.type_error(format!(
            "atexit() takes exactly one argument ({} given)",
            a.len()
        )));
    };
    let f = if f.is_none() {
        Value::None
    } else {
        check_callable(vm, Some(*f), "atexit() argument")?
    };
    let list = &mut vm.atexit.0;
    let prev = match list.iter().position(|h| h.from_sys) {
        Some(i) => list.remove(i).func,
        None => Value::None,
    };
    if !f.is_none() {
        list.push(Handler {
            func: f,
            args: Vec::new(),
            kwargs: Vec::new(),
            from_sys: true,
        });
    }
    Ok(prev)
}

impl Vm {
    /// Runs the exit functions, last registered first, and empties the
    /// list; one registered while they run is dropped, as in CPython.
    /// Nothing more runs once the time budget is past its grace period:
    /// nothing could complete.
    pub fn run_atexit(&mut self) {
        let handlers = std::mem::take(&mut self.atexit.0);
        // Out of the rooted list: rooted here while they run.
        let mark = self.temp_roots.len();
        let mut held = Vec::new();
        roots_of(&handlers, &mut held);
        self.temp_roots.extend_from_slice(&held);
        for h in handlers.iter().rev() {
            if self.budget.timeout_fatal() {
                break;
            }
            if let Err(e) = self.call(h.func, &h.args, &h.kwargs) {
                self.report_atexit_error(h.func, e);
            }
        }
        self.temp_roots.truncate(mark);
        self.atexit.0.clear();
    }

    /// CPython's report of an exception an exit function raised.
    fn report_atexit_error(&mut self, func: Value, e: crate::PyErr) {
        self.flush();
        let r = self.repr(func).unwrap_or_else(|_| "?".to_string());
        let tb = self.format_exception_full(e);
        let _ = self.write_err(&format!("Exception ignored in atexit callback: {r}\n{tb}"));
    }
}
