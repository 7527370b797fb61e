//! `BaseExceptionGroup` and `ExceptionGroup` (PEP 654): an exception that
//! carries several, with `subgroup`, `split` and `derive`.
//!
//! Both are built-in exception classes (errors.rs); `ExceptionGroup` also
//! derives from `Exception`, so `except Exception` catches it. As in
//! CPython, `BaseExceptionGroup(msg, excs)` makes an `ExceptionGroup` when
//! every item is an `Exception`. A group keeps `message` and `exceptions`
//! (a tuple) as attributes; `args` is what it was given.
//! (`except*` is not compiled yet: groups are caught whole.)

use crate::errors::ExcKind;
use crate::obj::Obj;
use crate::types::MethodDef;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

type Kw<'a> = &'a [(Value, Value)];

const METHODS: &[MethodDef] = &[
    ("__init__", group_init, false),
    ("__str__", group_str, false),
    ("derive", group_derive, false),
    ("subgroup", group_subgroup, false),
    ("split", group_split, false),
];

pub fn init(vm: &mut Vm) {
    let base_group = vm.exc_class(ExcKind::BaseExceptionGroup);
    let group = vm.exc_class(ExcKind::ExceptionGroup);
    let exception = vm.exc_class(ExcKind::Exception);
    let exc_mro = match vm.heap.get(exception) {
        Obj::Class(c) => c.mro.clone(),
        _ => Vec::new(),
    };
    if let Obj::Class(c) = vm.heap.get_mut(group) {
        c.bases = vec![base_group, exception];
        // ExceptionGroup, BaseExceptionGroup, Exception, BaseException, object.
        let mut mro = vec![group, base_group];
        mro.extend(exc_mro);
        c.mro = mro;
    }
    vm.attr_cache.invalidate();
    for &(name, f, kw) in METHODS {
        let v = crate::types::boot_native(vm, name, f, kw, Value::Obj(base_group));
        let _ = vm.dict_set_str_class(base_group, name, v);
    }
}

fn this(a: &[Value]) -> Value {
    a.first().copied().unwrap_or(Value::None)
}

fn set(vm: &mut Vm, obj: Value, name: &str, v: Value) -> PyResult<()> {
    let n = vm.intern(name);
    vm.generic_setattr(obj, n, v)
}

fn get(vm: &mut Vm, obj: Value, name: &str) -> PyResult<Value> {
    vm.getattr_str(obj, name)
}

/// `BaseExceptionGroup(message, exceptions)`: checks both and picks the
/// class (`ExceptionGroup` when every item is an `Exception`).
fn group_init(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let me = this(a);
    let [_, message, excs] = a else {
        return Err(vm.type_error(format!(
            "BaseExceptionGroup.__new__() takes exactly 2 arguments ({} given)",
            a.len().saturating_sub(1)
        )));
    };
    if vm.heap.str_of(*message).is_none() {
        let t = vm.type_name(*message);
        return Err(vm.type_error(format!(
            "BaseExceptionGroup.__new__() argument 1 must be str, not {t}"
        )));
    }
    let items = match excs {
        Value::Obj(h) if matches!(vm.heap.get(*h), Obj::List(_) | Obj::Tuple(_)) => {
            vm.seq_items(*excs)?
        }
        _ => return Err(vm.type_error("second argument (exceptions) must be a sequence")),
    };
    if items.is_empty() {
        return Err(vm.value_error("second argument (exceptions) must be a non-empty sequence"));
    }
    let base = vm.exc_class(ExcKind::BaseException);
    let exception = vm.exc_class(ExcKind::Exception);
    let mut all_plain = true;
    for (i, &e) in items.iter().enumerate() {
        if !vm.isinstance(e, base) {
            return Err(vm.value_error(format!(
                "Item {i} of second argument (exceptions) is not an exception"
            )));
        }
        all_plain &= vm.isinstance(e, exception);
    }
    let group = vm.exc_class(ExcKind::ExceptionGroup);
    let base_group = vm.exc_class(ExcKind::BaseExceptionGroup);
    let class = vm.type_of(me);
    if vm.is_subclass(class, group) && !all_plain {
        return Err(vm.type_error("Cannot nest BaseExceptions in an ExceptionGroup"));
    }
    if class == base_group && all_plain {
        if let Value::Obj(h) = me {
            if let Obj::Exception(x) = vm.heap.get_mut(h) {
                x.class = group;
            }
        }
    }
    let args = vm.new_tuple(vec![*message, *excs])?;
    if let Value::Obj(h) = me {
        if let Obj::Exception(x) = vm.heap.get_mut(h) {
            x.args = args;
        }
    }
    set(vm, me, "message", *message)?;
    let t = vm.new_tuple(items)?;
    set(vm, me, "exceptions", t)?;
    Ok(Value::None)
}

/// `message (N sub-exceptions)`.
fn group_str(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let me = this(a);
    let message = get(vm, me, "message")?;
    let message = vm.to_str(message)?;
    let excs = get(vm, me, "exceptions")?;
    let n = vm.seq_items(excs)?.len();
    let s = if n == 1 { "" } else { "s" };
    vm.new_string(format!("{message} ({n} sub-exception{s})"))
}

/// A new group of the same message holding `excs` (the class chosen as
/// the constructor chooses it).
fn group_derive(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let me = this(a);
    let excs = a.get(1).copied().unwrap_or(Value::None);
    derive(vm, me, excs)
}

fn derive(vm: &mut Vm, me: Value, excs: Value) -> PyResult {
    let message = get(vm, me, "message")?;
    let class = Value::Obj(vm.exc_class(ExcKind::BaseExceptionGroup));
    vm.call(class, &[message, excs], &[])
}

fn group_subgroup(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let me = this(a);
    let cond = Cond::new(vm, a.get(1).copied().unwrap_or(Value::None))?;
    Ok(split(vm, me, &cond)?.0.unwrap_or(Value::None))
}

fn group_split(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let me = this(a);
    let cond = Cond::new(vm, a.get(1).copied().unwrap_or(Value::None))?;
    let (matched, rest) = split(vm, me, &cond)?;
    vm.new_tuple(vec![
        matched.unwrap_or(Value::None),
        rest.unwrap_or(Value::None),
    ])
}

/// What `split`/`subgroup` select by: exception classes, or a predicate.
enum Cond {
    Classes(Vec<Gc>),
    Predicate(Value),
}

impl Cond {
    fn new(vm: &mut Vm, v: Value) -> PyResult<Cond> {
        let base = vm.exc_class(ExcKind::BaseException);
        let is_exc_class = |vm: &Vm, c: Value| matches!(c, Value::Obj(h) if matches!(vm.heap.get(h), Obj::Class(_)) && vm.is_subclass(h, base));
        if is_exc_class(vm, v) {
            return Ok(Cond::Classes(vec![v.as_obj().unwrap_or(base)]));
        }
        if let Value::Obj(h) = v {
            if matches!(vm.heap.get(h), Obj::Tuple(_)) {
                let items = vm.seq_items(v)?;
                if items.iter().all(|&c| is_exc_class(vm, c)) {
                    return Ok(Cond::Classes(
                        items.iter().filter_map(|c| c.as_obj()).collect(),
                    ));
                }
            }
        }
        if vm.is_callable(v) {
            return Ok(Cond::Predicate(v));
        }
        Err(vm.type_error("expected a function, exception type or tuple of exception types"))
    }

    fn test(&self, vm: &mut Vm, e: Value) -> PyResult<bool> {
        match self {
            Cond::Classes(cs) => Ok(cs.iter().any(|&c| vm.isinstance(e, c))),
            Cond::Predicate(f) => {
                let r = vm.call(*f, &[e], &[])?;
                vm.truthy(r)
            }
        }
    }
}

/// (the part that matches, the rest) of group `eg`, each None when empty;
/// nested groups are split in turn and keep their structure. Derived
/// groups carry the original's traceback, cause, context and notes.
fn split(vm: &mut Vm, eg: Value, cond: &Cond) -> PyResult<(Option<Value>, Option<Value>)> {
    if cond.test(vm, eg)? {
        return Ok((Some(eg), None));
    }
    let excs = get(vm, eg, "exceptions")?;
    let items = vm.seq_items(excs)?;
    let group = vm.exc_class(ExcKind::BaseExceptionGroup);
    let (mut matched, mut rest) = (Vec::new(), Vec::new());
    for e in items {
        if vm.isinstance(e, group) {
            let (m, r) = split(vm, e, cond)?;
            matched.extend(m);
            rest.extend(r);
        } else if cond.test(vm, e)? {
            matched.push(e);
        } else {
            rest.push(e);
        }
    }
    let part = |vm: &mut Vm, items: Vec<Value>| -> PyResult<Option<Value>> {
        if items.is_empty() {
            return Ok(None);
        }
        let list = vm.new_list(items)?;
        let d = derive(vm, eg, list)?;
        copy_metadata(vm, eg, d)?;
        Ok(Some(d))
    };
    let m = part(vm, matched)?;
    let r = part(vm, rest)?;
    Ok((m, r))
}

fn copy_metadata(vm: &mut Vm, from: Value, to: Value) -> PyResult<()> {
    let (Value::Obj(f), Value::Obj(t)) = (from, to) else {
        return Ok(());
    };
    let Obj::Exception(x) = vm.heap.get(f) else {
        return Ok(());
    };
    let (tb, cause, context, suppress) =
        (x.traceback.clone(), x.cause, x.context, x.suppress_context);
    if let Obj::Exception(y) = vm.heap.get_mut(t) {
        y.traceback = tb;
        y.cause = cause;
        y.context = context;
        y.suppress_context = suppress;
    }
    let key = vm.intern("__notes__");
    if let Some(notes) = vm.getattr_opt(from, key)? {
        vm.generic_setattr(to, key, notes)?;
    }
    Ok(())
}
