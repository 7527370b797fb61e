//! `range`.

use crate::obj::Obj;
use crate::types::MethodDef;
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;

pub fn range_len(start: i64, stop: i64, step: i64) -> i64 {
    let (start, stop, step) = (start as i128, stop as i128, step as i128);
    let n = if step > 0 && start < stop {
        (stop - start + step - 1) / step
    } else if step < 0 && start > stop {
        (start - stop - step - 1) / -step
    } else {
        0
    };
    n.min(i64::MAX as i128) as i64
}

pub const METHODS: &[MethodDef] = &[("index", range_index, false), ("count", range_count, false)];

fn parts(vm: &Vm, v: Value) -> Option<(i64, i64, i64)> {
    match v {
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::Range { start, stop, step } => Some((*start, *stop, *step)),
            _ => None,
        },
        _ => None,
    }
}

fn range_index(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let r = a.first().copied().unwrap_or(Value::None);
    let x = a.get(1).copied().unwrap_or(Value::None);
    if let (Some((start, _, step)), Value::Int(i)) = (parts(vm, r), x) {
        if vm.contains(r, x)? {
            return Ok(Value::Int((i - start) / step));
        }
    }
    let s = vm.repr(x)?;
    Err(vm.value_error(format!("{s} is not in range")))
}

fn range_count(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let r = a.first().copied().unwrap_or(Value::None);
    let x = a.get(1).copied().unwrap_or(Value::None);
    Ok(Value::Int(vm.contains(r, x)? as i64))
}
