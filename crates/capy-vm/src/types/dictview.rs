//! The dict views `dict_keys`, `dict_values` and `dict_items`.
//!
//! Keys and items views are set-like, as in CPython: they compare with
//! sets, frozensets and other keys/items views (`==`, `!=`, `<`, `<=`,
//! `>`, `>=` by inclusion) and take the set operators `&`, `|`, `-`, `^`
//! with any iterable, giving a `set`. Values views are not set-like: they
//! compare by identity. Keys and items views are unhashable; a values
//! view hashes by identity.
//!
//! An items view whose dict holds unhashable values still iterates,
//! measures and tests membership (`(k, v) in d.items()` looks `k` up and
//! compares `v`); only the operators that build a set of its items need
//! hashable items, and raise TypeError otherwise, as CPython does.

use crate::obj::{DictView, Obj};
use crate::types::MethodDef;
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;
use capy_compiler::{BinOp, CmpOp};

/// Methods of `dict_keys` and `dict_items`.
pub const SETLIKE_METHODS: &[MethodDef] = &[("isdisjoint", view_isdisjoint, false)];

/// The view kind of `v`, if it is a dict view.
pub fn view_kind(vm: &Vm, v: Value) -> Option<DictView> {
    match v {
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::DictView { view, .. } => Some(*view),
            _ => None,
        },
        _ => None,
    }
}

/// Whether `v` is a keys or items view.
pub fn is_setlike_view(vm: &Vm, v: Value) -> bool {
    matches!(view_kind(vm, v), Some(DictView::Keys | DictView::Items))
}

/// The size of `v` when it is set-like for comparisons: a set, a
/// frozenset, or a keys or items view.
fn setlike_len(vm: &mut Vm, v: Value) -> PyResult<Option<usize>> {
    let Value::Obj(h) = v else { return Ok(None) };
    match vm.heap.get(h) {
        Obj::Set(t) | Obj::FrozenSet(t) => Ok(Some(t.len())),
        Obj::DictView {
            view: DictView::Keys | DictView::Items,
            ..
        } => Ok(Some(vm.len(v)?)),
        _ => Ok(None),
    }
}

/// Whether every item of `a` is in `b`.
fn all_contained(vm: &mut Vm, a: Value, b: Value) -> PyResult<bool> {
    for x in vm.iter_to_vec(a)? {
        if !vm.contains(b, x)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `a == b` where at least one side is a dict view (identity has already
/// been checked by the caller).
pub fn view_eq(vm: &mut Vm, a: Value, b: Value) -> PyResult<bool> {
    if !is_setlike_view(vm, a) && !is_setlike_view(vm, b) {
        // Values views compare by identity.
        return Ok(a.is(b));
    }
    let (Some(la), Some(lb)) = (setlike_len(vm, a)?, setlike_len(vm, b)?) else {
        return Ok(false);
    };
    if la != lb {
        return Ok(false);
    }
    vm.enter_recursion()?;
    let r = all_contained(vm, a, b);
    vm.leave_recursion();
    r
}

/// `<`, `<=`, `>`, `>=` where at least one side is a dict view: set
/// inclusion. None when the other side is not set-like (TypeError).
pub fn view_order(vm: &mut Vm, op: CmpOp, a: Value, b: Value) -> PyResult<Option<bool>> {
    if !is_setlike_view(vm, a) && !is_setlike_view(vm, b) {
        return Ok(None);
    }
    let (Some(la), Some(lb)) = (setlike_len(vm, a)?, setlike_len(vm, b)?) else {
        return Ok(None);
    };
    let (size_ok, sub, sup) = match op {
        CmpOp::Lt => (la < lb, a, b),
        CmpOp::Le => (la <= lb, a, b),
        CmpOp::Gt => (la > lb, b, a),
        CmpOp::Ge => (la >= lb, b, a),
        _ => return Ok(None),
    };
    if !size_ok {
        return Ok(Some(false));
    }
    vm.enter_recursion()?;
    let r = all_contained(vm, sub, sup);
    vm.leave_recursion();
    r.map(Some)
}

/// `(k, v) in d.items()`: looks `k` up (TypeError if unhashable, as in
/// CPython) and compares the value.
pub fn items_contains(vm: &mut Vm, dict: Value, item: Value) -> PyResult<bool> {
    let pair = match item {
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::Tuple(t) if t.len() == 2 => (t[0], t[1]),
            _ => return Ok(false),
        },
        _ => return Ok(false),
    };
    match vm.dict_get(dict, pair.0)? {
        Some(v) => Ok(v.is(pair.1) || vm.eq(v, pair.1)?),
        None => Ok(false),
    }
}

/// `&`, `|`, `-`, `^` with a keys or items view on either side; None when
/// neither side is one (or when the left side is a user object, whose own
/// operator method comes first).
pub fn view_binop(vm: &mut Vm, op: BinOp, a: Value, b: Value) -> PyResult<Option<Value>> {
    if !matches!(op, BinOp::And | BinOp::Or | BinOp::Sub | BinOp::Xor) {
        return Ok(None);
    }
    let left_view = is_setlike_view(vm, a);
    // A view on either side, unless only the right one is and the left
    // is a user object (whose own reflected method goes first).
    let right_view = is_setlike_view(vm, b) && !vm.is_user_instance(a);
    if !left_view && !right_view {
        return Ok(None);
    }
    if op == BinOp::And {
        // Iterate the side that is not the view (or the smaller view) and
        // keep what the view contains: no set of the view's own items is
        // built, so items with unhashable values that do not match are fine.
        let right_is_view = !left_view || (is_setlike_view(vm, b) && vm.len(b)? > vm.len(a)?);
        let (view, other) = if right_is_view { (b, a) } else { (a, b) };
        let result = vm.new_set(Vec::new())?;
        for x in vm.iter_to_vec(other)? {
            if vm.contains(view, x)? {
                vm.set_add(result, x)?;
            }
        }
        return Ok(Some(result));
    }
    // The result starts as a set of the left operand's items.
    let xs = vm.iter_to_vec(a)?;
    let result = vm.new_set(xs)?;
    let ys = vm.iter_to_vec(b)?;
    match op {
        BinOp::Or => {
            for y in ys {
                vm.set_add(result, y)?;
            }
        }
        BinOp::Sub => {
            for y in ys {
                vm.dict_del(result, y)?;
            }
        }
        _ => {
            // Symmetric difference: each distinct item of `b` toggles.
            let others = vm.new_set(ys)?;
            for y in vm.iter_to_vec(others)? {
                if !vm.dict_del(result, y)? {
                    vm.set_add(result, y)?;
                }
            }
        }
    }
    Ok(Some(result))
}

fn view_isdisjoint(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let (this, other) = match a {
        [this, other] => (*this, *other),
        _ => {
            return Err(vm.type_error(format!(
                "isdisjoint() takes exactly one argument ({} given)",
                a.len().saturating_sub(1)
            )))
        }
    };
    for x in vm.iter_to_vec(other)? {
        if vm.contains(this, x)? {
            return Ok(Value::Bool(false));
        }
    }
    Ok(Value::Bool(true))
}
