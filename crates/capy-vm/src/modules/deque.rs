//! `collections.deque`: a plain class (so it can be subclassed) whose
//! instances keep their items in an [`Obj::Deque`] as their `base`: a ring
//! buffer (`VecDeque`), so appending and popping at either end cost O(1),
//! as CPython's do. `maxlen` and MicroPython's overflow flag (the third
//! `deque()` argument: a full deque then raises IndexError instead of
//! dropping an item at the other end) live beside the items; `maxlen` is
//! also an instance attribute, for reading.

use super::collections::{arg, cls_arg, is_collections_class, kwarg, new_instance};
use crate::obj::{DequeItems, NativeFn, Obj};
use crate::types::TypeId;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use capy_compiler::CmpOp;
use std::collections::VecDeque;

type Kw<'a> = &'a [(Value, Value)];

/// The methods of the `deque` class (its `__new__` is [`dq_new`]).
pub(super) const METHODS: &[(&str, NativeFn)] = &[
    ("append", dq_append),
    ("appendleft", dq_appendleft),
    ("pop", dq_pop),
    ("popleft", dq_popleft),
    ("extend", dq_extend),
    ("extendleft", dq_extendleft),
    ("rotate", dq_rotate),
    ("clear", dq_clear),
    ("copy", dq_copy),
    ("count", dq_count),
    ("remove", dq_remove),
    ("index", dq_index),
    ("insert", dq_insert),
    ("reverse", dq_reverse),
    ("__len__", dq_len),
    ("__iter__", dq_iter),
    ("__reversed__", dq_reversed),
    ("__getitem__", dq_getitem),
    ("__setitem__", dq_setitem),
    ("__contains__", dq_contains),
    ("__repr__", dq_repr),
    ("__delitem__", dq_delitem),
    ("__iadd__", dq_iadd),
    ("__eq__", dq_eq),
    ("__ne__", dq_ne),
    ("__lt__", dq_lt),
    ("__le__", dq_le),
    ("__gt__", dq_gt),
    ("__ge__", dq_ge),
];

/// The items object of `v`, when `v` is a deque (or a subclass instance).
fn items_of(vm: &Vm, v: Value) -> Option<Gc> {
    let Value::Obj(h) = v else { return None };
    let Obj::Instance(i) = vm.heap.get(h) else {
        return None;
    };
    match i.base {
        Value::Obj(b) if matches!(vm.heap.get(b), Obj::Deque(_)) => Some(b),
        _ => None,
    }
}

fn dq(vm: &mut Vm, this: Value) -> PyResult<Gc> {
    match items_of(vm, this) {
        Some(g) => Ok(g),
        None => {
            let t = vm.type_name(this);
            Err(vm.type_error(format!(
                "descriptor requires a 'collections.deque' object but received a '{t}'"
            )))
        }
    }
}

/// The items behind a handle [`dq`] returned. The instance holds them and
/// is an argument of the running call, so they are alive; a stale read
/// would be flagged by the heap and show as an empty deque meanwhile.
fn items(vm: &Vm, g: Gc) -> Option<&DequeItems> {
    match vm.heap.get(g) {
        Obj::Deque(d) => Some(d),
        _ => None,
    }
}

fn items_mut(vm: &mut Vm, g: Gc) -> Option<&mut DequeItems> {
    match vm.heap.get_mut(g) {
        Obj::Deque(d) => Some(d),
        _ => None,
    }
}

fn snapshot(vm: &Vm, g: Gc) -> Vec<Value> {
    items(vm, g).map_or_else(Vec::new, |d| d.items.iter().copied().collect())
}

fn len_of(vm: &Vm, g: Gc) -> usize {
    items(vm, g).map_or(0, |d| d.items.len())
}

pub(super) fn dq_new(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let cls = cls_arg(vm, a)?;
    if a.len() > 4 {
        return Err(vm.type_error(format!(
            "deque() takes at most 3 arguments ({} given)",
            a.len() - 1
        )));
    }
    let iterable = a.get(1).copied().or_else(|| kwarg(vm, kw, "iterable"));
    let maxlen_v = a
        .get(2)
        .copied()
        .or_else(|| kwarg(vm, kw, "maxlen"))
        .unwrap_or(Value::None);
    let strict = match a.get(3) {
        Some(&f) => vm.truthy(f)?,
        None => false,
    };
    let maxlen = if maxlen_v.is_none() {
        None
    } else {
        let n = vm.index_value(maxlen_v)?;
        if n < 0 {
            return Err(vm.value_error("maxlen must be non-negative"));
        }
        Some(n as usize)
    };
    let mut items: VecDeque<Value> = match iterable {
        Some(it) if !it.is_none() => vm.iter_to_vec(it)?.into(),
        _ => VecDeque::new(),
    };
    if let Some(m) = maxlen {
        if items.len() > m {
            if strict {
                return Err(vm.index_error("full"));
            }
            items.drain(..items.len() - m);
        }
    }
    let store = vm.alloc(Obj::Deque(Box::new(DequeItems {
        items,
        maxlen,
        strict,
    })))?;
    let obj = new_instance(vm, cls, Value::Obj(store))?;
    let ml = maxlen.map_or(Value::None, |m| Value::Int(m as i64));
    let k = vm.intern("maxlen");
    vm.generic_setattr(obj, k, ml)?;
    Ok(obj)
}

fn dq_push(vm: &mut Vm, this: Value, v: Value, left: bool) -> PyResult<()> {
    let g = dq(vm, this)?;
    vm.charge_holding(std::mem::size_of::<Value>(), &[v])?;
    let Some((full, strict, zero)) = items(vm, g).map(|d| {
        let full = d.maxlen.is_some_and(|m| d.items.len() >= m);
        (full, d.strict, d.maxlen == Some(0))
    }) else {
        return Ok(());
    };
    if full && strict {
        return Err(vm.index_error("full"));
    }
    let Some(d) = items_mut(vm, g).filter(|_| !zero) else {
        return Ok(());
    };
    if left {
        if full {
            d.items.pop_back();
        }
        d.items.push_front(v);
    } else {
        if full {
            d.items.pop_front();
        }
        d.items.push_back(v);
    }
    Ok(())
}

fn dq_append(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    dq_push(vm, arg(a, 0), arg(a, 1), false)?;
    Ok(Value::None)
}

fn dq_appendleft(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    dq_push(vm, arg(a, 0), arg(a, 1), true)?;
    Ok(Value::None)
}

fn extend(vm: &mut Vm, a: &[Value], left: bool) -> PyResult {
    // A snapshot first, so `d.extend(d)` ends.
    let new = vm.iter_to_vec(arg(a, 1))?;
    for v in new {
        dq_push(vm, arg(a, 0), v, left)?;
    }
    Ok(Value::None)
}

fn dq_extend(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    extend(vm, a, false)
}

fn dq_extendleft(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    extend(vm, a, true)
}

fn take(vm: &mut Vm, a: &[Value], left: bool) -> PyResult {
    let g = dq(vm, arg(a, 0))?;
    let v = items_mut(vm, g).and_then(|d| {
        if left {
            d.items.pop_front()
        } else {
            d.items.pop_back()
        }
    });
    match v {
        Some(v) => Ok(v),
        None => Err(vm.index_error("pop from an empty deque")),
    }
}

fn dq_pop(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    take(vm, a, false)
}

fn dq_popleft(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    take(vm, a, true)
}

fn dq_rotate(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let g = dq(vm, arg(a, 0))?;
    let n = match a.get(1) {
        Some(&v) => vm.index_value(v)?,
        None => 1,
    };
    if let Some(d) = items_mut(vm, g) {
        if !d.items.is_empty() {
            let k = n.rem_euclid(d.items.len() as i64) as usize;
            d.items.rotate_right(k);
        }
    }
    Ok(Value::None)
}

fn dq_clear(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let g = dq(vm, arg(a, 0))?;
    if let Some(d) = items_mut(vm, g) {
        d.items.clear();
    }
    Ok(Value::None)
}

fn dq_copy(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let this = arg(a, 0);
    let g = dq(vm, this)?;
    let (maxlen, strict) = items(vm, g).map_or((None, false), |d| (d.maxlen, d.strict));
    let list = snapshot(vm, g);
    let list = vm.new_list(list)?;
    let cls = Value::Obj(vm.type_of(this));
    let ml = maxlen.map_or(Value::None, |m| Value::Int(m as i64));
    if strict {
        return dq_new(vm, &[cls, list, ml, Value::Bool(true)], &[]);
    }
    dq_new(vm, &[cls, list, ml], &[])
}

/// The positions in `from..to` of the items equal to `x`, the first `max`
/// of them, each compared against the live deque: `__eq__` runs Python
/// code, and a deque it changed (another length, another item where the
/// compared one was) gets `mutated`'s error, as CPython's does. (A
/// snapshot compared instead held items the deque had let go, unrooted.)
fn positions(
    vm: &mut Vm,
    g: Gc,
    x: Value,
    (from, to): (usize, usize),
    max: usize,
    mutated: fn(&mut Vm) -> crate::PyErr,
) -> PyResult<Vec<usize>> {
    let mut found = Vec::new();
    let len = len_of(vm, g);
    let item = |vm: &Vm, i: usize| items(vm, g).and_then(|d| d.items.get(i).copied());
    for i in from..to.min(len) {
        if found.len() == max {
            break;
        }
        let Some(y) = item(vm, i) else { break };
        let same = vm.item_eq(y, x)?;
        if len_of(vm, g) != len || !item(vm, i).is_some_and(|z| z.is(y)) {
            return Err(mutated(vm));
        }
        if same {
            found.push(i);
        }
    }
    Ok(found)
}

fn mutated_iterating(vm: &mut Vm) -> crate::PyErr {
    vm.runtime_error("deque mutated during iteration")
}

fn find(vm: &mut Vm, g: Gc, x: Value) -> PyResult<Option<usize>> {
    Ok(positions(vm, g, x, (0, usize::MAX), 1, mutated_iterating)?
        .first()
        .copied())
}

fn dq_count(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let g = dq(vm, arg(a, 0))?;
    let n = positions(
        vm,
        g,
        arg(a, 1),
        (0, usize::MAX),
        usize::MAX,
        mutated_iterating,
    )?
    .len();
    Ok(Value::Int(n as i64))
}

fn dq_remove(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let g = dq(vm, arg(a, 0))?;
    let mutated = |vm: &mut Vm| vm.index_error("deque mutated during iteration");
    match positions(vm, g, arg(a, 1), (0, usize::MAX), 1, mutated)?.first() {
        Some(&i) => {
            if let Some(d) = items_mut(vm, g) {
                d.items.remove(i);
            }
            Ok(Value::None)
        }
        None => Err(vm.value_error("deque.remove(x): x not in deque")),
    }
}

/// `d.index(x[, start[, stop]])`.
fn dq_index(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let g = dq(vm, arg(a, 0))?;
    let len = len_of(vm, g) as i64;
    let (start, stop) = crate::types::list::index_bounds(vm, a, len)?;
    let span = (start.max(0) as usize, stop.max(0) as usize);
    if let Some(&i) = positions(vm, g, arg(a, 1), span, 1, mutated_iterating)?.first() {
        return Ok(Value::Int(i as i64));
    }
    let r = vm.repr(arg(a, 1))?;
    Err(vm.value_error(format!("{r} is not in deque")))
}

/// `d.insert(i, x)`: IndexError when a bounded deque is full.
fn dq_insert(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let g = dq(vm, arg(a, 0))?;
    let i = vm.index_value(arg(a, 1))?;
    let x = arg(a, 2);
    vm.charge_holding(std::mem::size_of::<Value>(), &[x])?;
    let full = items(vm, g).is_some_and(|d| d.maxlen.is_some_and(|m| d.items.len() >= m));
    if full {
        return Err(vm.index_error("deque already at its maximum size"));
    }
    if let Some(d) = items_mut(vm, g) {
        let len = d.items.len() as i64;
        let at = if i < 0 { (i + len).max(0) } else { i.min(len) };
        d.items.insert(at as usize, x);
    }
    Ok(Value::None)
}

fn dq_contains(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let g = dq(vm, arg(a, 0))?;
    Ok(Value::Bool(find(vm, g, arg(a, 1))?.is_some()))
}

fn dq_reverse(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let g = dq(vm, arg(a, 0))?;
    if let Some(d) = items_mut(vm, g) {
        d.items.make_contiguous().reverse();
    }
    Ok(Value::None)
}

fn dq_len(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let g = dq(vm, arg(a, 0))?;
    Ok(Value::Int(len_of(vm, g) as i64))
}

fn dq_iter(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let g = dq(vm, arg(a, 0))?;
    vm.get_iter(Value::Obj(g))
}

fn dq_reversed(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    // Reversed iteration indexes its sequence: the deque itself.
    let g = dq(vm, arg(a, 0))?;
    let idx = len_of(vm, g);
    vm.new_iter(crate::obj::IterState::Reversed {
        seq: arg(a, 0),
        idx,
    })
}

/// A valid position from an index argument (negative counts from the end).
fn position(vm: &mut Vm, g: Gc, key: Value) -> PyResult<usize> {
    let len = len_of(vm, g) as i64;
    let i = match key {
        Value::Int(_) | Value::Bool(_) => vm.index_value(key)?,
        _ if vm.is_type(key, TypeId::Int) => vm.index_value(key)?,
        _ => {
            let t = vm.type_name(key);
            return Err(vm.type_error(format!("sequence index must be integer, not '{t}'")));
        }
    };
    let j = if i < 0 { i + len } else { i };
    if !(0..len).contains(&j) {
        return Err(vm.index_error("deque index out of range"));
    }
    Ok(j as usize)
}

fn dq_getitem(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let g = dq(vm, arg(a, 0))?;
    let i = position(vm, g, arg(a, 1))?;
    match items(vm, g).and_then(|d| d.items.get(i).copied()) {
        Some(v) => Ok(v),
        None => Err(vm.index_error("deque index out of range")),
    }
}

fn dq_setitem(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let g = dq(vm, arg(a, 0))?;
    let i = position(vm, g, arg(a, 1))?;
    if let Some(slot) = items_mut(vm, g).and_then(|d| d.items.get_mut(i)) {
        *slot = arg(a, 2);
    }
    Ok(Value::None)
}

/// `del d[i]` (slices raise TypeError, as CPython).
fn dq_delitem(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let g = dq(vm, arg(a, 0))?;
    let i = position(vm, g, arg(a, 1))?;
    if let Some(d) = items_mut(vm, g) {
        d.items.remove(i);
    }
    Ok(Value::None)
}

/// `d += iterable` extends in place (respecting maxlen).
fn dq_iadd(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    extend(vm, a, false)?;
    Ok(arg(a, 0))
}

fn dq_repr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let g = dq(vm, arg(a, 0))?;
    let name = vm.type_name(arg(a, 0));
    let maxlen = items(vm, g).and_then(|d| d.maxlen);
    let list = snapshot(vm, g);
    let list = vm.new_list(list)?;
    // (Called as `d.__repr__()`, the deque is not in the guard yet.)
    let enter = match arg(a, 0) {
        Value::Obj(this) if !vm.repr_guard.contains(&this) => {
            vm.repr_guard.push(this);
            true
        }
        _ => false,
    };
    let r = vm.repr(list);
    if enter {
        vm.repr_guard.pop();
    }
    let r = r?;
    let s = match maxlen {
        Some(m) => format!("{name}({r}, maxlen={m})"),
        None => format!("{name}({r})"),
    };
    vm.new_string(s)
}

/// Compares two deques as lists of their items. Against anything else:
/// equal never, ordering a TypeError, unless the other side defines the
/// reflected method in Python (then NotImplemented lets it answer).
fn compare(vm: &mut Vm, a: &[Value], op: CmpOp, reflected: &'static str) -> PyResult {
    let (this, other) = (arg(a, 0), arg(a, 1));
    let Some(mine) = items_of(vm, this) else {
        return Ok(Value::NotImplemented);
    };
    if let Some(theirs) = items_of(vm, other) {
        let x = snapshot(vm, mine);
        let x = vm.new_list(x)?;
        let y = snapshot(vm, theirs);
        let y = vm.new_list(y)?;
        return vm.compare(op, x, y);
    }
    let custom = vm.lookup_type_attr(other, reflected).is_some_and(|m| {
        m.as_obj()
            .is_some_and(|h| matches!(vm.heap.get(h), Obj::Func(_)))
    });
    match op {
        _ if custom => Ok(Value::NotImplemented),
        CmpOp::Eq => Ok(Value::Bool(false)),
        CmpOp::Ne => Ok(Value::Bool(true)),
        _ => {
            let sym = match op {
                CmpOp::Lt => "<",
                CmpOp::Le => "<=",
                CmpOp::Gt => ">",
                _ => ">=",
            };
            let (na, nb) = (type_name(vm, this), vm.type_name(other));
            Err(vm.type_error(format!(
                "'{sym}' not supported between instances of '{na}' and '{nb}'"
            )))
        }
    }
}

/// `collections.deque` for deque itself (CPython's tp_name), else the
/// subclass name.
fn type_name(vm: &mut Vm, v: Value) -> String {
    let t = vm.type_of(v);
    if is_collections_class(vm, t, "deque") {
        return "collections.deque".into();
    }
    vm.type_name(v)
}

fn dq_eq(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    compare(vm, a, CmpOp::Eq, "__eq__")
}
fn dq_ne(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    compare(vm, a, CmpOp::Ne, "__ne__")
}
fn dq_lt(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    compare(vm, a, CmpOp::Lt, "__gt__")
}
fn dq_le(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    compare(vm, a, CmpOp::Le, "__ge__")
}
fn dq_gt(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    compare(vm, a, CmpOp::Gt, "__lt__")
}
fn dq_ge(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    compare(vm, a, CmpOp::Ge, "__le__")
}
