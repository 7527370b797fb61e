//! What a sandbox keeps for its host: the granted host functions, callable
//! from the sandbox's code as objects of class `HostFunction`, and the
//! table of objects the host holds opaque handles to.

use super::value::{to_host, to_vm};
use super::{HostError, HostFn};
use crate::errors::ExcKind;
use crate::obj::{Instance, Obj};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use std::collections::HashMap;
use std::rc::Rc;

thread_local! {
    /// Set by a host function whose call suspended the run ([`suspended`]).
    static SUSPENDED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Called by a host function (on the sandbox's thread) whose call
/// suspended the run until the host answered: the time it waited is not
/// charged to the run's time budget.
pub fn suspended() {
    SUSPENDED.with(|s| s.set(true));
}

/// The embedding state of an instance (in its compartment state, so that
/// the collector sees its roots).
#[derive(Default)]
pub struct State {
    /// Granted host functions, by the index their objects carry.
    fns: Vec<(Rc<str>, HostFn)>,
    /// The class of host function objects (made on first use).
    class: Option<Gc>,
    /// Objects the host holds opaque handles to, by handle id.
    kept: HashMap<u64, Value>,
    /// The handle id of each kept heap object, so an object keeps one id.
    ids: HashMap<Gc, u64>,
    next: u64,
    /// Where readings of the world go (or come from), if the host records.
    pub(crate) tape: Option<super::tape::Tape>,
}

impl State {
    pub fn roots(&self, out: &mut Vec<Value>) {
        out.extend(self.class.map(Value::Obj));
        out.extend(self.kept.values().copied());
    }

    /// The handle id of `v`, kept alive until released.
    pub(crate) fn keep(&mut self, v: Value) -> u64 {
        if let Some(id) = v.as_obj().and_then(|g| self.ids.get(&g)) {
            return *id;
        }
        self.next += 1;
        self.kept.insert(self.next, v);
        if let Value::Obj(g) = v {
            self.ids.insert(g, self.next);
        }
        self.next
    }

    pub(crate) fn kept(&self, id: u64) -> Option<Value> {
        self.kept.get(&id).copied()
    }

    /// Lets go of handle `id`; false if it was not held.
    pub(crate) fn release(&mut self, id: u64) -> bool {
        match self.kept.remove(&id) {
            Some(v) => {
                if let Value::Obj(g) = v {
                    self.ids.remove(&g);
                }
                true
            }
            None => false,
        }
    }

    pub(crate) fn next_id(&self) -> u64 {
        self.next
    }

    pub(crate) fn continue_from(&mut self, next: u64) {
        self.next = self.next.max(next);
    }

    pub(crate) fn handles(&self) -> usize {
        self.kept.len()
    }
}

/// The embedding state of `vm`, made on first use.
pub(crate) fn state_mut(vm: &mut Vm) -> &mut State {
    vm.comp.embed.get_or_insert_with(Default::default)
}

/// A `HostFunction` object calling `f`, which the sandbox sees as `name`.
pub(crate) fn function(vm: &mut Vm, name: &str, f: HostFn) -> PyResult {
    let class = class(vm)?;
    let st = state_mut(vm);
    st.fns.push((Rc::from(name), f));
    let index = (st.fns.len() - 1) as i64;
    let obj = vm.alloc(Obj::Instance(Instance::new(class, Value::Int(index))))?;
    Ok(Value::Obj(obj))
}

fn class(vm: &mut Vm) -> PyResult<Gc> {
    if let Some(c) = state_mut(vm).class {
        return Ok(c);
    }
    let c = crate::compartment::api::native_class(
        vm,
        "HostFunction",
        &[("__call__", call), ("__repr__", repr)],
        None,
    )?;
    state_mut(vm).class = Some(c);
    Ok(c)
}

/// The host function a `HostFunction` object stands for.
fn target(vm: &mut Vm, a: &[Value]) -> PyResult<(Rc<str>, HostFn)> {
    let index = match a.first() {
        Some(Value::Obj(g)) => match vm.heap.get(*g) {
            Obj::Instance(i) => match i.base {
                Value::Int(n) => Some(n as usize),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    };
    let found = index.and_then(|i| vm.comp.embed.as_ref()?.fns.get(i).cloned());
    found.ok_or_else(|| vm.type_error("not a host function"))
}

/// Calling a host function: the arguments leave the sandbox as host
/// values, the result comes back in; an error comes back as the built-in
/// exception it names, with its message and nothing else.
fn call(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    let (_, f) = target(vm, a)?;
    let args: Vec<_> = a[1..].iter().map(|&v| to_host(vm, v)).collect();
    let mut kwargs = Vec::with_capacity(kw.len());
    for &(k, v) in kw {
        let k = vm.heap.str_of(k).unwrap_or("").to_string();
        kwargs.push((k, to_host(vm, v)));
    }
    let began = std::time::Instant::now();
    let r = f(&args, &kwargs);
    if SUSPENDED.with(|s| s.replace(false)) {
        // The run was suspended in this call (the host answers when it
        // likes): the wait is not the run's time.
        vm.budget.postpone_deadline(began.elapsed());
    }
    // The host may have taken its time: the sandbox's clock still holds.
    vm.check_deadline()?;
    match r {
        Ok(v) => to_vm(vm, &v),
        Err(e) => Err(raise(vm, &e)),
    }
}

fn repr(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let (name, _) = target(vm, a)?;
    vm.new_string(format!("<host function {name}>"))
}

/// The exception a host error becomes: the built-in type it names when
/// that is an `Exception` (never `SystemExit`, `KeyboardInterrupt` or
/// `GeneratorExit`, which would stop more than the call), else RuntimeError
/// with the name kept in the message.
pub(crate) fn raise(vm: &mut Vm, e: &HostError) -> crate::PyErr {
    match builtin_exception(&e.kind) {
        Some(k) => vm.error(k, &e.message),
        None if e.message.is_empty() => vm.error(ExcKind::RuntimeError, &e.kind),
        None => vm.error(ExcKind::RuntimeError, format!("{}: {}", e.kind, e.message)),
    }
}

/// The built-in subclass of `Exception` called `name`.
pub fn builtin_exception(name: &str) -> Option<ExcKind> {
    let k = *ExcKind::ALL.iter().find(|k| k.name() == name)?;
    let mut up = k;
    loop {
        if up == ExcKind::Exception {
            return Some(k);
        }
        if up == up.parent() {
            return None;
        }
        up = up.parent();
    }
}
