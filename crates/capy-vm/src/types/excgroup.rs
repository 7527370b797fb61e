//! `BaseExceptionGroup` and `ExceptionGroup` (PEP 654): an exception that
//! carries several, with `subgroup`, `split` and `derive`.
//!
//! Both are built-in exception classes (errors.rs); `ExceptionGroup` also
//! derives from `Exception`, so `except Exception` catches it. As in
//! CPython, `BaseExceptionGroup(msg, excs)` makes an `ExceptionGroup` when
//! every item is an `Exception`. A group keeps `message` and `exceptions`
//! (a tuple) as attributes; `args` is what it was given.
//! `except*` (the `ExcStarMatch`/`ExcStarReraise` instructions) matches
//! and rebuilds groups with [`star_match`] and [`star_reraise`].

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
    /// These very exceptions (by identity): `except*`'s re-raised leaves.
    Leaves(Vec<Value>),
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
            Cond::Leaves(ls) => Ok(ls.iter().any(|l| l.is(e))),
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
    // `derive` is looked up on the group, so a subclass's own is used.
    let part = |vm: &mut Vm, items: Vec<Value>| -> PyResult<Option<Value>> {
        if items.is_empty() {
            return Ok(None);
        }
        let list = vm.new_list(items)?;
        let d = vm.call_method_by_name(eg, "derive", &[list])?;
        if !vm.isinstance(d, group) {
            return Err(vm.type_error("derive must return an instance of BaseExceptionGroup"));
        }
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

/// The classes an `except*` clause names: exception classes (or a tuple
/// of them) that are not exception groups.
fn star_classes(vm: &mut Vm, t: Value) -> PyResult<Vec<Gc>> {
    let items = match t {
        Value::Obj(h) if matches!(vm.heap.get(h), Obj::Tuple(_)) => vm.seq_items(t)?,
        _ => vec![t],
    };
    let base = vm.exc_class(ExcKind::BaseException);
    let group = vm.exc_class(ExcKind::BaseExceptionGroup);
    let mut classes = Vec::with_capacity(items.len());
    for c in items {
        match c {
            Value::Obj(h) if matches!(vm.heap.get(h), Obj::Class(_)) && vm.is_subclass(h, base) => {
                classes.push(h)
            }
            _ => {
                return Err(vm.type_error(
                    "catching classes that do not inherit from BaseException is not allowed",
                ))
            }
        }
    }
    if classes.iter().any(|&c| vm.is_subclass(c, group)) {
        return Err(vm.type_error(
            "catching ExceptionGroup with except* is not allowed. Use except instead.",
        ));
    }
    Ok(classes)
}

/// `except* T`: (the part of `exc` that `T` matches, the rest), each None
/// when empty. A naked exception that matches is wrapped in
/// `ExceptionGroup('', (exc,))` (with its traceback); a group that
/// matches only in part is split with its `split` method.
pub(crate) fn star_match(vm: &mut Vm, exc: Value, t: Value) -> PyResult<(Value, Value)> {
    let classes = star_classes(vm, t)?;
    if exc.is_none() {
        return Ok((Value::None, Value::None));
    }
    let group = vm.exc_class(ExcKind::BaseExceptionGroup);
    let is_group = vm.isinstance(exc, group);
    if classes.iter().any(|&c| vm.isinstance(exc, c)) {
        if is_group {
            return Ok((exc, Value::None));
        }
        let excs = vm.new_tuple(vec![exc])?;
        let empty = vm.new_string(String::new())?;
        let wrapped = vm.call(Value::Obj(group), &[empty, excs], &[])?;
        copy_traceback(vm, exc, wrapped);
        return Ok((wrapped, Value::None));
    }
    if !is_group {
        return Ok((Value::None, exc));
    }
    let pair = vm.call_method_by_name(exc, "split", &[t])?;
    match vm.seq_items(pair)?.as_slice() {
        &[m, r] => Ok((m, r)),
        _ => Err(vm.type_error("split must return a 2-tuple")),
    }
}

fn copy_traceback(vm: &mut Vm, from: Value, to: Value) {
    let (Value::Obj(f), Value::Obj(t)) = (from, to) else {
        return;
    };
    let tb = match vm.heap.get(f) {
        Obj::Exception(x) => x.traceback.clone(),
        _ => return,
    };
    if let Obj::Exception(y) = vm.heap.get_mut(t) {
        y.traceback = tb;
    }
}

/// What a `try`/`except*` raises once its clauses have run: `orig` is
/// what the body raised, `raised` what the clauses raised followed by
/// the unmatched rest (Nones skipped). The parts of `orig` raised again
/// (bare `raise`, or never matched: they carry `orig`'s traceback, cause,
/// context and notes, as `split` made them) are rebuilt in `orig`'s shape;
/// new exceptions join them in `ExceptionGroup('', [...])`.
pub(crate) fn star_reraise(vm: &mut Vm, orig: Value, raised: Value) -> PyResult<Option<Value>> {
    let items: Vec<Value> = vm
        .seq_items(raised)?
        .into_iter()
        .filter(|v| !v.is_none())
        .collect();
    let group = vm.exc_class(ExcKind::BaseExceptionGroup);
    if !vm.isinstance(orig, group) {
        // A naked exception: at most one clause ran, on its wrapped self.
        return Ok(items.first().copied());
    }
    let (mut new, mut again) = (Vec::new(), Vec::new());
    for e in items {
        if same_metadata(vm, e, orig)? {
            again.push(e);
        } else {
            new.push(e);
        }
    }
    let again = if again.is_empty() {
        None
    } else {
        let mut leaves = Vec::new();
        for e in again {
            collect_leaves(vm, e, &mut leaves, 0)?;
        }
        split(vm, orig, &Cond::Leaves(leaves))?.0
    };
    if new.is_empty() {
        return Ok(again);
    }
    new.extend(again);
    if new.len() == 1 {
        return Ok(new.pop());
    }
    let list = vm.new_list(new)?;
    let empty = vm.new_string(String::new())?;
    vm.call(Value::Obj(group), &[empty, list], &[]).map(Some)
}

/// Whether `e` carries `orig`'s traceback, cause, context and notes: a
/// part of `orig` raised again rather than a new exception.
fn same_metadata(vm: &mut Vm, e: Value, orig: Value) -> PyResult<bool> {
    let (Value::Obj(a), Value::Obj(b)) = (e, orig) else {
        return Ok(false);
    };
    let same = match (vm.heap.get(a), vm.heap.get(b)) {
        (Obj::Exception(x), Obj::Exception(y)) => {
            x.cause.is(y.cause)
                && x.context.is(y.context)
                && x.traceback.len() == y.traceback.len()
                && x.traceback
                    .iter()
                    .zip(&y.traceback)
                    .all(|(p, q)| p.frame_id == q.frame_id && p.line == q.line)
        }
        _ => false,
    };
    if !same {
        return Ok(false);
    }
    let key = vm.intern("__notes__");
    let n1 = vm.getattr_opt(e, key)?;
    let n2 = vm.getattr_opt(orig, key)?;
    Ok(match (n1, n2) {
        (Some(p), Some(q)) => p.is(q),
        (None, None) => true,
        _ => false,
    })
}

/// The non-group exceptions inside `e` (or `e` itself).
fn collect_leaves(vm: &mut Vm, e: Value, out: &mut Vec<Value>, depth: usize) -> PyResult<()> {
    let group = vm.exc_class(ExcKind::BaseExceptionGroup);
    if !vm.isinstance(e, group) {
        out.push(e);
        return Ok(());
    }
    if depth > 1000 {
        return Err(vm.error(
            ExcKind::RecursionError,
            "exception groups nested too deeply",
        ));
    }
    let excs = get(vm, e, "exceptions")?;
    for x in vm.seq_items(excs)? {
        collect_leaves(vm, x, out, depth + 1)?;
    }
    Ok(())
}
