//! `types.FunctionType(code, globals, name=None, argdefs=None,
//! closure=None)`: a function made from a code object (`f.__code__`) and
//! a globals dict, as CPython's function constructor makes one.

use crate::obj::Obj;
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;

type Kw<'a> = &'a [(Value, Value)];

const PARAMS: [&str; 5] = ["code", "globals", "name", "argdefs", "closure"];

/// The arguments by position or keyword, None where not given.
fn params(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult<[Option<Value>; 5]> {
    if a.len() > PARAMS.len() {
        return Err(vm.type_error(format!(
            "function() takes at most 5 arguments ({} given)",
            a.len()
        )));
    }
    let mut out = [None; 5];
    for (i, v) in a.iter().enumerate() {
        out[i] = Some(*v);
    }
    for &(k, v) in kw {
        let name = vm.heap.str_of(k).unwrap_or("").to_string();
        match PARAMS.iter().position(|p| *p == name) {
            Some(i) if out[i].is_none() => out[i] = Some(v),
            Some(_) => {
                return Err(vm.type_error(format!(
                    "argument for function() given by name ('{name}') and position"
                )))
            }
            None => {
                return Err(vm.type_error(format!(
                    "function() got an unexpected keyword argument '{name}'"
                )))
            }
        }
    }
    Ok(out)
}

fn must_be(vm: &mut Vm, what: &str, want: &str, v: Value) -> crate::PyErr {
    let t = vm.type_name(v);
    vm.type_error(format!(
        "function() argument '{what}' must be {want}, not {t}"
    ))
}

pub fn new(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let [code, globals, name, argdefs, closure] = params(vm, a, kw)?;
    let (Some(code), Some(globals)) = (code, globals) else {
        return Err(vm.type_error("function() missing required argument 'code' or 'globals'"));
    };
    let code_rc = match code {
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::Code(c) => Some(c.clone()),
            _ => None,
        },
        _ => None,
    };
    let Some(code_rc) = code_rc else {
        return Err(must_be(vm, "code", "code", code));
    };
    let globals_gc = match vm.builtin_base(globals) {
        Value::Obj(h) if matches!(vm.heap.get(h), Obj::Dict(_)) => h,
        _ => return Err(must_be(vm, "globals", "dict", globals)),
    };
    let name = name.filter(|v| !v.is_none());
    if let Some(n) = name {
        if vm.heap.str_of(n).is_none() {
            return Err(must_be(vm, "name", "str", n));
        }
    }
    let defaults = match argdefs.filter(|v| !v.is_none()) {
        None => Vec::new(),
        Some(v) if matches!(v, Value::Obj(h) if matches!(vm.heap.get(h), Obj::Tuple(_))) => {
            vm.seq_items(v)?
        }
        Some(v) => return Err(must_be(vm, "argdefs", "tuple or None", v)),
    };
    let closure = closure_cells(vm, closure, code_rc.freevars.len())?;
    let f = vm.new_function(code_rc, globals_gc, defaults, Value::Null, closure)?;
    if let (Some(n), Value::Obj(h)) = (name, f) {
        if let Obj::Func(func) = vm.heap.get_mut(h) {
            func.name = n;
        }
    }
    Ok(f)
}

/// The closure: a tuple of exactly as many cells as the code has free
/// variables (none without a closure).
fn closure_cells(vm: &mut Vm, closure: Option<Value>, want: usize) -> PyResult<Vec<Value>> {
    let cells = match closure.filter(|v| !v.is_none()) {
        None if want > 0 => return Err(vm.type_error("arg 5 (closure) must be tuple")),
        None => Vec::new(),
        Some(v) if matches!(v, Value::Obj(h) if matches!(vm.heap.get(h), Obj::Tuple(_))) => {
            vm.seq_items(v)?
        }
        Some(v) => return Err(must_be(vm, "closure", "tuple or None", v)),
    };
    let all_cells = cells
        .iter()
        .all(|c| matches!(c, Value::Obj(h) if matches!(vm.heap.get(*h), Obj::Cell(_))));
    if !all_cells {
        return Err(vm.type_error("closure: expected a tuple of cells"));
    }
    if cells.len() != want {
        return Err(vm.value_error(format!(
            "code object requires a closure of {want} cells, not {}",
            cells.len()
        )));
    }
    Ok(cells)
}
