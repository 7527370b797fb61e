//! Sealed handles as their holder sees them.
//!
//! A handle is an instance of the class `compartment.Handle`, made only by
//! the switcher (`Handle()` raises TypeError), whose `base` is an
//! [`Obj::Sealed`] naming the owner, the owner's incarnation and the
//! target. Its class forwards calls, attribute reads and writes and the
//! container and iterator protocols to the owner, each through the
//! switcher; the identity of a handle (`is`, `hash`, dict keys) is local.
//! Introspection (`type(h)`, `h.__class__`, `h.__dict__`) sees the handle,
//! never the object behind it.

use super::switch::{cross, Pass};
use super::transfer::{handle_ref, Seal};
use super::{Sealed, Target};
use crate::errors::ExcKind;
use crate::obj::{NativeFn, Obj};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

type Kw<'a> = &'a [(Value, Value)];

const METHODS: &[(&str, NativeFn)] = &[
    ("__call__", h_call),
    ("__getattr__", h_getattr),
    ("__setattr__", h_setattr),
    ("__delattr__", h_delattr),
    ("__len__", h_len),
    ("__getitem__", h_getitem),
    ("__setitem__", h_setitem),
    ("__delitem__", h_delitem),
    ("__contains__", h_contains),
    ("__iter__", h_iter),
    ("__next__", h_next),
    ("__bool__", h_bool),
    ("__repr__", h_repr),
    ("__str__", h_str),
];

/// The handle class of `vm`, made on first use.
pub fn class(vm: &mut Vm) -> PyResult<Gc> {
    if let Some(c) = vm.comp.handle_class {
        return Ok(c);
    }
    let c = super::api::native_class(vm, "Handle", METHODS, Some(h_new))?;
    vm.comp.handle_class = Some(c);
    Ok(c)
}

fn h_new(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    Err(vm.type_error(
        "cannot create 'compartment.Handle' instances: handles are made by the switcher",
    ))
}

/// The sealed reference of the handle `this`.
fn sealed(vm: &mut Vm, this: Option<&Value>) -> PyResult<Sealed> {
    if let Some(Value::Obj(h)) = this {
        if let Obj::Instance(i) = vm.heap.get(*h) {
            if let Some(r) = handle_ref(vm, i) {
                return Ok(r);
            }
        }
    }
    Err(vm.type_error("a compartment.Handle method needs a handle"))
}

/// The owner's value behind `r` (run in the owner).
pub(super) fn open(vm: &mut Vm, r: Sealed) -> PyResult {
    match r.target {
        Target::Object(slot) => match vm.comp.exports.get(slot) {
            Some(v) => Ok(v),
            None => Err(vm.error(ExcKind::RuntimeError, "stale handle: the object is gone")),
        },
        Target::Global(i) => {
            let name = vm
                .world
                .slot(r.owner)
                .and_then(|s| s.names.get(i as usize).cloned())
                .unwrap_or_else(|| "?".into());
            let main = main_of(vm)?;
            match vm.dict_get_str(main, &name) {
                Some(v) => Ok(v),
                None => Err(vm.error(ExcKind::NameError, format!("name '{name}' is not defined"))),
            }
        }
        Target::Exports => Ok(Value::Obj(main_of(vm)?)),
    }
}

fn main_of(vm: &mut Vm) -> PyResult<Gc> {
    vm.comp
        .main
        .ok_or_else(|| vm.error(ExcKind::RuntimeError, "compartment has no namespace"))
}

/// Crosses into the owner of `this` and runs `f` on the object behind it,
/// with `inputs` moved in; the result comes back sealed as a handle to
/// an object (or copied).
fn forward(
    vm: &mut Vm,
    a: &[Value],
    inputs: &[Value],
    f: impl FnOnce(&mut Vm, Value, &[Value]) -> PyResult,
) -> PyResult {
    let r = sealed(vm, a.first())?;
    let gen = matches!(r.target, Target::Object(_)).then_some(r.gen);
    cross(vm, r.owner, gen, inputs, Pass::Protocol, move |vm, ins| {
        let obj = open(vm, r)?;
        f(vm, obj, ins).map(|v| (v, Seal::Object))
    })
}

fn h_call(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    // Positional arguments, then keyword names and values, as one list.
    let mut inputs: Vec<Value> = a[1..].to_vec();
    let npos = inputs.len();
    for &(k, v) in kw {
        inputs.push(k);
        inputs.push(v);
    }
    forward(vm, a, &inputs, move |vm, obj, ins| {
        let (pos, rest) = ins.split_at(npos);
        let kw: Vec<(Value, Value)> = rest.chunks(2).map(|c| (c[0], c[1])).collect();
        vm.call(obj, pos, &kw)
    })
}

fn name_arg(vm: &mut Vm, a: &[Value]) -> PyResult<String> {
    match a.get(1).and_then(|&n| vm.heap.str_of(n)) {
        Some(s) => Ok(s.to_string()),
        None => Err(vm.type_error("attribute name must be a string")),
    }
}

/// Attributes no handle reaches: they lead out of the object to its
/// owner's namespaces, frames and code (a granted function's
/// `__globals__` would hand over every global of its compartment).
/// Dunder names other than a few descriptive ones are refused too.
fn forbidden(name: &str) -> bool {
    const FRAMES: &[&str] = &[
        "gi_frame",
        "gi_code",
        "gi_yieldfrom",
        "cr_frame",
        "cr_code",
        "cr_await",
        "ag_frame",
        "ag_code",
        "ag_await",
        "tb_frame",
        "tb_next",
        "f_back",
        "f_globals",
        "f_locals",
        "f_code",
        "f_builtins",
    ];
    const DESCRIPTIVE: &[&str] = &["__name__", "__qualname__", "__doc__", "__module__"];
    let dunder = name.len() > 4 && name.starts_with("__") && name.ends_with("__");
    (dunder && !DESCRIPTIVE.contains(&name)) || FRAMES.contains(&name)
}

fn refuse_forbidden(vm: &mut Vm, name: &str) -> PyResult<()> {
    if forbidden(name) {
        return Err(vm.error(
            ExcKind::AttributeError,
            format!("'{name}' is not reachable through a compartment handle"),
        ));
    }
    Ok(())
}

fn h_getattr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let name = name_arg(vm, a)?;
    refuse_forbidden(vm, &name)?;
    let r = sealed(vm, a.first())?;
    if r.target == Target::Exports {
        return exports_getattr(vm, r, name);
    }
    forward(vm, a, &[], move |vm, obj, _| vm.getattr_str(obj, &name))
}

/// An attribute of a loaded module: only its exports (`__all__`, else the
/// names not starting with `_`), each as a handle to the global by name,
/// so it keeps working after the compartment restarts.
fn exports_getattr(vm: &mut Vm, r: Sealed, name: String) -> PyResult {
    cross(vm, r.owner, None, &[], Pass::Protocol, move |vm, _| {
        let main = main_of(vm)?;
        let found = if is_export(vm, main, &name) {
            vm.dict_get_str(main, &name).ok_or("attribute")
        } else {
            Err("export")
        };
        let v = match found {
            Ok(v) => v,
            Err(what) => {
                let m = vm
                    .world
                    .slot(vm.comp.id)
                    .map(|s| s.name.clone())
                    .unwrap_or_default();
                return Err(vm.error(
                    ExcKind::AttributeError,
                    format!("module '{m}' has no {what} '{name}'"),
                ));
            }
        };
        if super::transfer::is_copied(vm, v) {
            return Ok((v, Seal::Object));
        }
        let id = vm.comp.id;
        let slot = vm.world.name_slot(id, &name);
        Ok((v, Seal::Global(slot)))
    })
}

/// Whether `name` is an export of the namespace `main`.
pub fn is_export(vm: &mut Vm, main: Gc, name: &str) -> bool {
    match vm.dict_get_str(main, "__all__") {
        Some(all) => match vm.iter_to_vec(all) {
            Ok(names) => names.iter().any(|&n| vm.heap.str_of(n) == Some(name)),
            Err(_) => false,
        },
        None => !name.starts_with('_'),
    }
}

fn h_setattr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let name = name_arg(vm, a)?;
    refuse_forbidden(vm, &name)?;
    refuse_exports(vm, a, "assign to")?;
    forward(vm, a, &[arg(a, 2)], move |vm, obj, ins| {
        let n = vm.intern(&name);
        vm.setattr(obj, n, ins[0]).map(|_| Value::None)
    })
}

fn h_delattr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let name = name_arg(vm, a)?;
    refuse_forbidden(vm, &name)?;
    refuse_exports(vm, a, "delete")?;
    forward(vm, a, &[], move |vm, obj, _| {
        let n = vm.intern(&name);
        vm.delattr(obj, n).map(|_| Value::None)
    })
}

/// A loaded module's globals belong to it: no other compartment rebinds them.
fn refuse_exports(vm: &mut Vm, a: &[Value], what: &str) -> PyResult<()> {
    let r = sealed(vm, a.first())?;
    if r.target == Target::Exports {
        let owner = vm
            .world
            .slot(r.owner)
            .map(|s| s.name.clone())
            .unwrap_or_default();
        let me = vm
            .world
            .slot(vm.comp.id)
            .map(|s| s.name.clone())
            .unwrap_or_default();
        return Err(vm.error(
            ExcKind::AttributeError,
            format!("compartment '{me}' cannot {what} a global of compartment '{owner}'"),
        ));
    }
    Ok(())
}

fn h_len(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    forward(vm, a, &[], |vm, obj, _| Ok(Value::Int(vm.len(obj)? as i64)))
}

/// Argument `i` of a special method (the interpreter passes them all).
fn arg(a: &[Value], i: usize) -> Value {
    a.get(i).copied().unwrap_or(Value::None)
}

fn h_getitem(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    forward(vm, a, &[arg(a, 1)], |vm, obj, ins| vm.getitem(obj, ins[0]))
}

fn h_setitem(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    forward(vm, a, &[arg(a, 1), arg(a, 2)], |vm, obj, ins| {
        vm.setitem(obj, ins[0], ins[1]).map(|_| Value::None)
    })
}

fn h_delitem(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    forward(vm, a, &[arg(a, 1)], |vm, obj, ins| {
        vm.delitem(obj, ins[0]).map(|_| Value::None)
    })
}

fn h_contains(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    forward(vm, a, &[arg(a, 1)], |vm, obj, ins| {
        vm.contains(obj, ins[0]).map(Value::Bool)
    })
}

fn h_iter(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    forward(vm, a, &[], |vm, obj, _| vm.get_iter(obj))
}

fn h_next(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    forward(vm, a, &[], |vm, obj, _| match vm.next(obj)? {
        Some(v) => Ok(v),
        None => Err(vm.stop_iteration(Value::None)),
    })
}

fn h_bool(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    forward(vm, a, &[], |vm, obj, _| vm.truthy(obj).map(Value::Bool))
}

fn h_repr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    forward(vm, a, &[], |vm, obj, _| {
        let s = vm.repr(obj)?;
        vm.new_string(s)
    })
}

fn h_str(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    forward(vm, a, &[], |vm, obj, _| {
        let s = vm.to_str(obj)?;
        vm.new_string(s)
    })
}
