//! `_traceback`: what the frozen `traceback` module needs of an
//! exception's recorded entries (capy keeps file, line and function per
//! entry; there are no frame objects).

use crate::obj::{NativeFn, Obj};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

type Kw<'a> = &'a [(Value, Value)];

/// The exception argument, or TypeError.
fn exc_arg(vm: &mut Vm, a: &[Value]) -> PyResult<Gc> {
    match a.first() {
        Some(&Value::Obj(h)) if matches!(vm.heap.get(h), Obj::Exception(_)) => Ok(h),
        other => {
            let t = vm.type_name(other.copied().unwrap_or(Value::None));
            Err(vm.type_error(format!("an exception is required, not {t}")))
        }
    }
}

/// `format(exc)`: the text CPython prints for it uncaught, chain included.
fn format(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let e = exc_arg(vm, a)?;
    let text = vm.format_exception_full(crate::PyErr(e));
    vm.new_string(text)
}

/// `entries(exc)`: `[(filename, lineno, name, line), ...]`, outermost
/// first; `line` is the stripped source line, or None where capy did not
/// load the file itself.
fn entries(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let e = exc_arg(vm, a)?;
    let tb = vm.traceback_entries(crate::PyErr(e));
    let mut out = Vec::with_capacity(tb.len());
    for (file, line, name) in tb {
        let text = vm.loaded_source(&file).and_then(|s| {
            let n = (line as usize).checked_sub(1)?;
            s.split('\n').nth(n).map(|t| t.trim().to_string())
        });
        let f = vm.new_str(&file)?;
        let n = vm.new_str(&name)?;
        let t = match text {
            Some(t) => vm.new_string(t)?,
            None => Value::None,
        };
        vm.reserve_growth(&out)?;
        out.push(vm.new_tuple(vec![f, Value::Int(line as i64), n, t])?);
    }
    vm.new_list(out)
}

/// `source_line(filename, lineno)`: that line of a file capy loaded,
/// stripped, or None (no file is read for it).
fn source_line(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (Some(file), Some(&Value::Int(line))) =
        (a.first().and_then(|&v| vm.heap.str_of(v)), a.get(1))
    else {
        return Ok(Value::None);
    };
    let file = file.to_string();
    let text = vm.loaded_source(&file).and_then(|s| {
        let n = usize::try_from(line).ok()?.checked_sub(1)?;
        s.split('\n').nth(n).map(|t| t.trim().to_string())
    });
    match text {
        Some(t) => vm.new_string(t),
        None => Ok(Value::None),
    }
}

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("_traceback")?;
    let d = crate::import::module_dict(vm, m);
    let fns = [
        ("format", format as NativeFn),
        ("entries", entries),
        ("source_line", source_line),
        ("frames", crate::modules::sysframe::tb_records),
        ("caller", crate::modules::sysframe::caller),
    ];
    for (name, f) in fns {
        let v = crate::types::native(vm, name, f, false, Value::Obj(m))?;
        vm.dict_set_str(d, name, v)?;
    }
    Ok(m)
}
