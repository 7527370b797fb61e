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

use super::switch::{cross, Args, Pass};
use super::transfer::{handle_ref, Seal};
use super::{NameRef, Sealed, Target};
use crate::errors::ExcKind;
use crate::heap::str_hash;
use crate::obj::{NativeFn, Obj};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use capy_compiler::{BinOp, CmpOp, UnOp};

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
    ("__format__", h_format),
    ("__hash__", h_hash),
    ("__eq__", h_eq),
    ("__ne__", h_ne),
    ("__lt__", h_lt),
    ("__le__", h_le),
    ("__gt__", h_gt),
    ("__ge__", h_ge),
    ("__neg__", h_neg),
    ("__pos__", h_pos),
    ("__invert__", h_invert),
    ("__abs__", h_abs),
    ("__int__", h_int),
    ("__float__", h_float),
    ("__index__", h_index),
    ("__enter__", h_enter),
    ("__exit__", h_exit),
];

/// The handle class of `vm`, made on first use.
pub fn class(vm: &mut Vm) -> PyResult<Gc> {
    if let Some(c) = vm.comp.handle_class {
        return Ok(c);
    }
    let mut methods = METHODS.to_vec();
    for &(op, f, r) in BINARY {
        let (fname, rname, _) = op.dunders();
        methods.push((fname, f));
        methods.push((rname, r));
    }
    let c = super::api::native_class(vm, "Handle", &methods, Some(h_new))?;
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
    match this.and_then(|&v| handle_of(vm, v)) {
        Some(r) => Ok(r),
        None => Err(vm.type_error("a compartment.Handle method needs a handle")),
    }
}

/// The owner's value behind `r` (run in the owner).
pub(super) fn open(vm: &mut Vm, r: Sealed) -> PyResult {
    match r.target {
        Target::Object(slot) => match vm.comp.exports.get(slot) {
            Some(v) => Ok(v),
            None => Err(vm.error(ExcKind::RuntimeError, "stale handle: the object is gone")),
        },
        Target::Global(i) | Target::Module(i) => {
            if let Some(Some(h)) = vm.comp.name_hits.get(i as usize) {
                if let Some(v) = cached(vm, h) {
                    return Ok(v);
                }
            }
            let Some(name) = vm.world.slot(r.owner).and_then(|s| s.names.get(i as usize)) else {
                return Err(vm.error(ExcKind::RuntimeError, "stale handle: no such name"));
            };
            if let Some((v, hit)) = lookup_hit(vm, name) {
                let hits = &mut vm.comp.name_hits;
                if hits.len() <= i as usize {
                    hits.resize(i as usize + 1, None);
                }
                hits[i as usize] = hit;
                return Ok(v);
            }
            // Not there: a module of the owner that is not loaded (yet, or
            // again after a reset) is imported in the owner, and the name
            // looked up again.
            let name = name.clone();
            if let Some(m) = &name.module {
                if lookup(
                    vm,
                    &NameRef {
                        module: Some(m.clone()),
                        attr: None,
                    },
                )
                .is_none()
                {
                    vm.import_dotted(m)?;
                }
            }
            match lookup(vm, &name) {
                Some(v) => Ok(v),
                None => Err(vm.error(ExcKind::NameError, format!("name '{name}' is not defined"))),
            }
        }
        Target::Exports => Ok(Value::Obj(main_of(vm)?)),
    }
}

/// The value `name` names in `vm` now, if any (nothing is imported).
pub fn lookup(vm: &Vm, name: &NameRef) -> Option<Value> {
    lookup_hit(vm, name).map(|(v, _)| v)
}

/// Where a by-name export was found in its owner, so the next use need
/// not hash and probe again. As the global cache does (globalcache.rs),
/// each use re-validates it: every position must still hold the very key
/// object found there, so a stale entry can only miss, never answer
/// wrongly; and each object is read only after what it was reached from
/// has been validated, so no stale handle is ever read.
#[derive(Clone, Copy)]
pub struct NameHit {
    /// The module's entry in `sys.modules` (position, key), for a global
    /// of a module; None for the main namespace.
    module: Option<(u32, Value)>,
    /// The namespace's dict, and the name's entry in it.
    dict: Gc,
    pos: u32,
    key: Value,
}

/// The value of `name` by its [`NameHit`], if that still holds.
#[inline(always)]
pub(super) fn cached(vm: &Vm, h: &NameHit) -> Option<Value> {
    if let Some((pos, key)) = h.module {
        let Obj::Dict(modules) = vm.heap.get(vm.modules) else {
            return None;
        };
        let Value::Obj(m) = modules.value_if_key_at(pos as usize, key)? else {
            return None;
        };
        if !matches!(vm.heap.get(m), Obj::Module(md) if md.dict == h.dict) {
            return None;
        }
    }
    let Obj::Dict(d) = vm.heap.get(h.dict) else {
        return None;
    };
    d.value_if_key_at(h.pos as usize, h.key)
}

/// `key` in the dict `d` (or a module's dict): its value, position and
/// key object.
fn find(vm: &Vm, d: Gc, key: &str) -> Option<(Value, u32, Value, Gc)> {
    let d = match vm.heap.get(d) {
        Obj::Module(m) => m.dict,
        _ => d,
    };
    let Obj::Dict(dict) = vm.heap.get(d) else {
        return None;
    };
    let pos = dict.probe_str(&vm.heap, str_hash(key), key)?;
    Some((dict.value_at(pos), pos as u32, dict.key_at(pos), d))
}

/// [`lookup`], with where the value was found (for a global).
fn lookup_hit(vm: &Vm, name: &NameRef) -> Option<(Value, Option<NameHit>)> {
    let (ns, module) = match &name.module {
        None => (vm.comp.main?, None),
        Some(m) => {
            let (module, pos, key, _) = find(vm, vm.modules, m)?;
            let Value::Obj(g) = module else { return None };
            match (&name.attr, vm.heap.get(g)) {
                (None, _) => return Some((module, None)),
                (Some(_), Obj::Module(md)) => (md.dict, Some((pos, key))),
                _ => return None,
            }
        }
    };
    let (v, pos, key, dict) = find(vm, ns, name.attr.as_deref()?)?;
    Some((
        v,
        Some(NameHit {
            module,
            dict,
            pos,
            key,
        }),
    ))
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
    forward_sealed(vm, r, inputs, f)
}

/// A call instruction's call of the handle at `vm.stack[fpos]` (an
/// instance of the handle class whose base is `sealed`) with the `n`
/// positional arguments above it, which it pops; None (nothing popped)
/// for a call the generic path must take (see
/// [`super::switch::call_immediate`]). The handle and the arguments stay
/// on the stack, rooted, until the crossing returns.
#[inline(never)]
pub(crate) fn call_stacked(vm: &mut Vm, fpos: usize, n: usize, sealed: Value) -> Option<PyResult> {
    let r = super::transfer::sealed_base(vm, sealed)?;
    let out = super::switch::call_immediate(vm, r, Args::Stack(fpos + 1, n))?;
    vm.stack.truncate(fpos);
    Some(out)
}

/// A call through handle `r` with positional arguments only: what the
/// interpreter does for `h(a, b)` (call.rs), without building a list.
pub fn call_positional(vm: &mut Vm, r: Sealed, args: &[Value]) -> PyResult {
    if let Some(result) = super::switch::call_immediate(vm, r, Args::Slice(args)) {
        return result;
    }
    forward_sealed(vm, r, args, |vm, obj, ins| vm.call_rooted(obj, ins, &[]))
}

/// [`forward`] for a handle already opened to its sealed reference.
fn forward_sealed(
    vm: &mut Vm,
    r: Sealed,
    inputs: &[Value],
    f: impl FnOnce(&mut Vm, Value, &[Value]) -> PyResult,
) -> PyResult {
    let gen = matches!(r.target, Target::Object(_)).then_some(r.gen);
    let seal = if r.read_only {
        Seal::ReadOnly
    } else {
        Seal::Object
    };
    cross(vm, r.owner, gen, inputs, Pass::Protocol, move |vm, ins| {
        let obj = open(vm, r)?;
        f(vm, obj, ins).map(|v| (v, seal))
    })
}

/// The methods of the built-in containers a read-only handle reaches:
/// the ones that do not change them.
const READ_ONLY_METHODS: &[&str] = &[
    "get",
    "keys",
    "values",
    "items",
    "copy",
    "count",
    "index",
    "union",
    "intersection",
    "difference",
    "symmetric_difference",
    "issubset",
    "issuperset",
    "isdisjoint",
    "decode",
    "hex",
    "find",
    "rfind",
    "startswith",
    "endswith",
    "fromkeys",
];

/// TypeError for a change through the read-only handle `r`.
fn refuse_read_only(vm: &mut Vm, a: &[Value], what: &str) -> PyResult<()> {
    if sealed(vm, a.first())?.read_only {
        return Err(vm.type_error(format!(
            "cannot {what} through a read-only handle (a container granted as data)"
        )));
    }
    Ok(())
}

fn h_call(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    match a.split_first() {
        Some((&this, args)) => call(vm, this, args, kw),
        None => Err(vm.type_error("a compartment.Handle method needs a handle")),
    }
}

/// Calls the handle `this`: the call runs in the owner (the interpreter
/// comes here straight from a call of a handle, without looking up
/// `__call__`).
pub fn call(vm: &mut Vm, this: Value, args: &[Value], kw: Kw) -> PyResult {
    let this = [this];
    if kw.is_empty() {
        let r = sealed(vm, this.first())?;
        return call_positional(vm, r, args);
    }
    // Positional arguments, then keyword names and values, as one list.
    let mut inputs: Vec<Value> = args.to_vec();
    let npos = inputs.len();
    for &(k, v) in kw {
        inputs.push(k);
        inputs.push(v);
    }
    forward(vm, &this, &inputs, move |vm, obj, ins| {
        let (pos, rest) = ins.split_at(npos);
        let kw: Vec<(Value, Value)> = rest.chunks(2).map(|c| (c[0], c[1])).collect();
        vm.call_rooted(obj, pos, &kw)
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
    let r = sealed(vm, a.first())?;
    if !(matches!(r.target, Target::Module(_)) && super::library::readable(&name)) {
        refuse_forbidden(vm, &name)?;
    }
    match r.target {
        Target::Exports => exports_getattr(vm, r, name),
        Target::Module(_) => super::library::module_getattr(vm, r, name),
        _ if r.read_only => forward(vm, a, &[], move |vm, obj, _| {
            if super::transfer::is_container(vm, obj) && !READ_ONLY_METHODS.contains(&name.as_str())
            {
                let t = vm.type_name(obj);
                return Err(vm.error(
                    ExcKind::AttributeError,
                    format!("'{t}' object is read-only here: '{name}' is not reachable"),
                ));
            }
            vm.getattr_str(obj, &name)
        }),
        _ => forward(vm, a, &[], move |vm, obj, _| vm.getattr_str(obj, &name)),
    }
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
        let slot = vm.world.name_slot(id, NameRef::global(&name));
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
    refuse_read_only(vm, a, "set an attribute")?;
    forward(vm, a, &[arg(a, 2)], move |vm, obj, ins| {
        let n = vm.intern(&name);
        vm.setattr(obj, n, ins[0]).map(|_| Value::None)
    })
}

fn h_delattr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let name = name_arg(vm, a)?;
    refuse_forbidden(vm, &name)?;
    refuse_exports(vm, a, "delete")?;
    refuse_read_only(vm, a, "delete an attribute")?;
    forward(vm, a, &[], move |vm, obj, _| {
        let n = vm.intern(&name);
        vm.delattr(obj, n).map(|_| Value::None)
    })
}

/// A loaded module's globals belong to it: no other compartment rebinds them.
fn refuse_exports(vm: &mut Vm, a: &[Value], what: &str) -> PyResult<()> {
    let r = sealed(vm, a.first())?;
    if matches!(r.target, Target::Exports | Target::Module(_)) {
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
        let name = name_arg(vm, a)?;
        return Err(vm.error(
            ExcKind::AttributeError,
            format!("compartment '{me}' cannot {what} '{name}', a global of compartment '{owner}'"),
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
    refuse_read_only(vm, a, "set an item")?;
    forward(vm, a, &[arg(a, 1), arg(a, 2)], |vm, obj, ins| {
        vm.setitem(obj, ins[0], ins[1]).map(|_| Value::None)
    })
}

fn h_delitem(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    refuse_read_only(vm, a, "delete an item")?;
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

/// The sealed reference of `v`, if it is a handle.
fn handle_of(vm: &Vm, v: Value) -> Option<Sealed> {
    match v {
        Value::Obj(g) => match vm.heap.get(g) {
            Obj::Instance(i) => handle_ref(vm, i),
            _ => None,
        },
        _ => None,
    }
}

/// `isinstance(v, spec)` (or `issubclass` when `sub`) when `spec` is, or
/// holds, a handle to a class of another compartment: asked of the owner
/// when `v` is a handle to an object of the same owner; false for
/// anything else (a compartment's objects are never instances of another
/// compartment's classes: classes are not subclassed across compartments).
/// None when no handle is involved.
pub fn class_check(vm: &mut Vm, v: Value, spec: Value, sub: bool) -> PyResult<Option<bool>> {
    if let Some(r) = handle_of(vm, spec) {
        if handle_of(vm, v).is_none_or(|o| o.owner != r.owner) {
            return Ok(Some(false));
        }
        let gen = matches!(r.target, Target::Object(_)).then_some(r.gen);
        let b = cross(
            vm,
            r.owner,
            gen,
            &[v, spec],
            Pass::Protocol,
            move |vm, ins| {
                let f = if sub { "issubclass" } else { "isinstance" };
                let r = call_builtin(vm, f, &[ins[0], ins[1]])?;
                Ok((r, Seal::Object))
            },
        )?;
        return Ok(Some(matches!(b, Value::Bool(true))));
    }
    let items = match spec {
        Value::Obj(g) => match vm.heap.get(g) {
            Obj::Tuple(items) if items.iter().any(|&i| handle_of(vm, i).is_some()) => {
                items.to_vec()
            }
            _ => return Ok(None),
        },
        _ => return Ok(None),
    };
    for item in items {
        let f = if sub { "issubclass" } else { "isinstance" };
        let r = match class_check(vm, v, item, sub)? {
            Some(r) => r,
            None => {
                let r = call_builtin(vm, f, &[v, item])?;
                vm.truthy(r)?
            }
        };
        if r {
            return Ok(Some(true));
        }
    }
    Ok(Some(false))
}

/// The error for a class statement whose base `b` is a handle: a class
/// cannot span compartments (its methods would run in one and its
/// instances live in another).
pub fn foreign_base(vm: &mut Vm, b: Value, class: &str) -> Option<crate::PyErr> {
    let r = handle_of(vm, b)?;
    let owner = vm.world.name_of(r.owner);
    let me = vm.world.name_of(vm.comp.id);
    let base = vm
        .getattr_str(b, "__name__")
        .ok()
        .and_then(|n| vm.heap.str_of(n).map(str::to_string))
        .unwrap_or_else(|| "?".into());
    Some(vm.type_error(format!(
        "class '{class}' in compartment '{me}' cannot subclass '{base}' of compartment '{owner}': \
         a class cannot span compartments"
    )))
}

fn h_format(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    forward(vm, a, &[arg(a, 1)], |vm, obj, ins| {
        let f = vm.getattr_str(obj, "__format__")?;
        vm.call(f, &[ins[0]], &[])
    })
}

fn h_hash(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    forward(vm, a, &[], |vm, obj, _| {
        Ok(Value::Int(vm.hash(obj)? as i64))
    })
}

/// Whether the owner cannot combine its `obj` with `other`: a built-in
/// value never understands another compartment's object, and asking that
/// object's reflected method would cross back, again and again.
fn foreign_operand(vm: &Vm, obj: Value, other: Value) -> bool {
    handle_of(vm, other).is_some() && !vm.is_user_instance(obj)
}

fn unsupported(vm: &mut Vm, symbol: &str, obj: Value) -> crate::PyErr {
    let t = vm.type_name(obj);
    vm.type_error(format!(
        "unsupported operand type(s) for {symbol}: '{t}' and an object of another compartment"
    ))
}

/// A comparison, made in the owner with the other operand moved in.
fn compare(vm: &mut Vm, a: &[Value], op: CmpOp) -> PyResult {
    forward(vm, a, &[arg(a, 1)], move |vm, obj, ins| {
        if foreign_operand(vm, obj, ins[0]) {
            return match op {
                CmpOp::Eq => Ok(Value::Bool(false)),
                CmpOp::Ne => Ok(Value::Bool(true)),
                _ => Err(unsupported(vm, "comparison", obj)),
            };
        }
        vm.compare(op, obj, ins[0])
    })
}

fn h_eq(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    compare(vm, a, CmpOp::Eq)
}
fn h_ne(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    compare(vm, a, CmpOp::Ne)
}
fn h_lt(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    compare(vm, a, CmpOp::Lt)
}
fn h_le(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    compare(vm, a, CmpOp::Le)
}
fn h_gt(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    compare(vm, a, CmpOp::Gt)
}
fn h_ge(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    compare(vm, a, CmpOp::Ge)
}

/// A unary operator or conversion, applied in the owner.
fn unary(vm: &mut Vm, a: &[Value], f: fn(&mut Vm, Value) -> PyResult) -> PyResult {
    forward(vm, a, &[], move |vm, obj, _| f(vm, obj))
}

fn h_neg(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    unary(vm, a, |vm, o| vm.unary_op(UnOp::Neg, o))
}
fn h_pos(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    unary(vm, a, |vm, o| vm.unary_op(UnOp::Pos, o))
}
fn h_invert(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    unary(vm, a, |vm, o| vm.unary_op(UnOp::Invert, o))
}
fn h_abs(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    unary(vm, a, |vm, o| call_builtin(vm, "abs", &[o]))
}
fn h_int(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    unary(vm, a, |vm, o| call_builtin(vm, "int", &[o]))
}
fn h_float(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    unary(vm, a, |vm, o| call_builtin(vm, "float", &[o]))
}
fn h_index(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    unary(vm, a, |vm, o| {
        let f = vm.getattr_str(o, "__index__")?;
        vm.call(f, &[], &[])
    })
}

/// The running instance's built-in `name` applied to `args` (as `abs(h)`
/// would be, in the owner).
fn call_builtin(vm: &mut Vm, name: &str, args: &[Value]) -> PyResult {
    match vm.dict_get_str(vm.builtins, name) {
        Some(f) => vm.call(f, args, &[]),
        None => Err(vm.error(ExcKind::NameError, format!("name '{name}' is not defined"))),
    }
}

/// `with handle:` enters and leaves the owner's context manager.
fn h_enter(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    unary(vm, a, |vm, o| {
        let f = vm.getattr_str(o, "__enter__")?;
        vm.call(f, &[], &[])
    })
}

fn h_exit(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    forward(vm, a, &[arg(a, 1), arg(a, 2), arg(a, 3)], |vm, obj, ins| {
        let f = vm.getattr_str(obj, "__exit__")?;
        vm.call(f, ins, &[])
    })
}

/// A binary operator, applied in the owner with the other operand moved
/// in (`reflected`: the handle was the right operand).
fn binary(vm: &mut Vm, a: &[Value], op: BinOp, reflected: bool) -> PyResult {
    forward(vm, a, &[arg(a, 1)], move |vm, obj, ins| {
        if foreign_operand(vm, obj, ins[0]) {
            return Err(unsupported(vm, op.symbol(), obj));
        }
        if reflected {
            vm.binary_op(op, ins[0], obj)
        } else {
            vm.binary_op(op, obj, ins[0])
        }
    })
}

/// One forward and one reflected native per binary operator.
macro_rules! binary_natives {
    ($($op:ident: $f:ident, $r:ident;)*) => {
        $(
            fn $f(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
                binary(vm, a, BinOp::$op, false)
            }
            fn $r(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
                binary(vm, a, BinOp::$op, true)
            }
        )*
        const BINARY: &[(BinOp, NativeFn, NativeFn)] = &[$((BinOp::$op, $f, $r)),*];
    };
}

binary_natives! {
    Add: h_add, h_radd;
    Sub: h_sub, h_rsub;
    Mul: h_mul, h_rmul;
    MatMul: h_matmul, h_rmatmul;
    TrueDiv: h_truediv, h_rtruediv;
    FloorDiv: h_floordiv, h_rfloordiv;
    Mod: h_mod, h_rmod;
    Pow: h_pow, h_rpow;
    LShift: h_lshift, h_rlshift;
    RShift: h_rshift, h_rrshift;
    And: h_and, h_rand;
    Or: h_or, h_ror;
    Xor: h_xor, h_rxor;
}
