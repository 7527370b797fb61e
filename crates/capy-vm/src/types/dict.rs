//! `dict` methods.

use crate::obj::{DictView, Obj};
use crate::types::MethodDef;
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;

pub const METHODS: &[MethodDef] = &[
    ("get", dict_get, false),
    ("keys", dict_keys, false),
    ("values", dict_values, false),
    ("items", dict_items, false),
    ("pop", dict_pop, false),
    ("popitem", dict_popitem, false),
    ("setdefault", dict_setdefault, false),
    ("update", dict_update, true),
    ("clear", dict_clear, false),
    ("copy", dict_copy, false),
];

pub const CLASSMETHODS: &[MethodDef] = &[("fromkeys", dict_fromkeys, false)];

fn arg(a: &[Value], i: usize) -> Value {
    a.get(i).copied().unwrap_or(Value::None)
}

fn this(vm: &Vm, a: &[Value]) -> Value {
    vm.builtin_base(arg(a, 0))
}

fn dict_get(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let d = this(vm, a);
    Ok(vm.dict_get(d, arg(a, 1))?.unwrap_or(arg(a, 2)))
}

fn view(vm: &mut Vm, a: &[Value], view: DictView) -> PyResult {
    match this(vm, a) {
        Value::Obj(d) => Ok(Value::Obj(vm.alloc(Obj::DictView { dict: d, view })?)),
        _ => Err(vm.type_error("descriptor requires a 'dict' object")),
    }
}
fn dict_keys(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    view(vm, a, DictView::Keys)
}
fn dict_values(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    view(vm, a, DictView::Values)
}
fn dict_items(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    view(vm, a, DictView::Items)
}

fn dict_pop(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let d = this(vm, a);
    match vm.dict_pop(d, arg(a, 1))? {
        Some(v) => Ok(v),
        None if a.len() > 2 => Ok(a[2]),
        None => Err(vm.key_error(arg(a, 1))),
    }
}

fn dict_popitem(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let d = this(vm, a);
    let e = match d {
        Value::Obj(h) => match vm.heap.get_mut(h) {
            Obj::Dict(t) => t.pop_last(),
            _ => None,
        },
        _ => None,
    };
    match e {
        Some(e) => vm.new_tuple(vec![e.key, e.value]),
        None => Err(vm.error(crate::ExcKind::KeyError, "popitem(): dictionary is empty")),
    }
}

fn dict_setdefault(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let d = this(vm, a);
    if let Some(v) = vm.dict_get(d, arg(a, 1))? {
        return Ok(v);
    }
    vm.dict_set(d, arg(a, 1), arg(a, 2))?;
    Ok(arg(a, 2))
}

fn dict_update(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    let d = this(vm, a);
    if a.len() > 1 {
        vm.dict_update(d, a[1], false)?;
    }
    for &(k, v) in kw {
        vm.dict_set(d, k, v)?;
    }
    Ok(Value::None)
}

fn dict_clear(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    if let Value::Obj(h) = this(vm, a) {
        if let Obj::Dict(t) = vm.heap.get_mut(h) {
            t.clear();
        }
    }
    Ok(Value::None)
}

fn dict_copy(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let d = this(vm, a);
    let n = vm.new_dict()?;
    vm.dict_update(n, d, false)?;
    Ok(n)
}

fn dict_fromkeys(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    // A class method: a[0] is dict or a subclass, whose instance is filled.
    if a.len() < 2 || a.len() > 3 {
        return Err(vm.type_error(format!(
            "fromkeys expected at least 1 argument, got {}",
            a.len().saturating_sub(1)
        )));
    }
    let (cls, keys, value) = (a[0], a[1], arg(a, 2));
    let n = if vm
        .type_obj(crate::types::TypeId::Dict)
        .eq(&cls.as_obj().unwrap_or(vm.builtins))
    {
        vm.new_dict()?
    } else {
        vm.call(cls, &[], &[])?
    };
    for k in vm.iter_to_vec(keys)? {
        vm.setitem(n, k, value)?;
    }
    Ok(n)
}
