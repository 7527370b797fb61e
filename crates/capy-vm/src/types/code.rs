//! Code objects as Python sees them: `f.__code__`, a frame's `f_code`,
//! what `compile()` returns. Read-only; the `co_*` attributes describe
//! the compiled function (its names, parameters and place in the source),
//! never its instructions (capy's bytecode is its own, so there is no
//! `co_code` to offer).

use crate::obj::Obj;
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;
use capy_compiler::bytecode::code_flags;
use capy_compiler::Code;
use std::rc::Rc;

/// CPython's `co_flags` bits (the `inspect.CO_*` values programs test).
mod cpython_flags {
    pub const OPTIMIZED: u32 = 0x1;
    pub const NEWLOCALS: u32 = 0x2;
    pub const VARARGS: u32 = 0x4;
    pub const VARKEYWORDS: u32 = 0x8;
    pub const NESTED: u32 = 0x10;
    pub const GENERATOR: u32 = 0x20;
    pub const NOFREE: u32 = 0x40;
    pub const COROUTINE: u32 = 0x80;
    pub const ASYNC_GENERATOR: u32 = 0x200;
}

/// `co_flags` in CPython's encoding, so `inspect`-style tests of
/// `co_flags & 0x20` (a generator function) mean what they mean there.
fn cpython_co_flags(c: &Code) -> u32 {
    use cpython_flags as cp;
    let f = c.flags;
    let mut out = 0;
    if f & (code_flags::MODULE | code_flags::CLASS_BODY) == 0 {
        out |= cp::OPTIMIZED | cp::NEWLOCALS;
    }
    let map = [
        (code_flags::VARARGS, cp::VARARGS),
        (code_flags::VARKEYWORDS, cp::VARKEYWORDS),
        (code_flags::GENERATOR, cp::GENERATOR),
        (code_flags::COROUTINE, cp::COROUTINE),
        (code_flags::ASYNC_GENERATOR, cp::ASYNC_GENERATOR),
    ];
    for (ours, theirs) in map {
        if f & ours != 0 {
            out |= theirs;
        }
    }
    if !c.freevars.is_empty() {
        out |= cp::NESTED;
    }
    if c.freevars.is_empty() && c.cellvars.is_empty() {
        out |= cp::NOFREE;
    }
    out
}

fn names_tuple(vm: &mut Vm, names: &[Rc<str>]) -> PyResult {
    let mut items = Vec::with_capacity(names.len());
    for n in names {
        items.push(vm.new_str(n)?);
    }
    vm.new_tuple(items)
}

/// A `co_*` attribute of a code object; None for any other name.
pub fn attr(vm: &mut Vm, c: &Code, name: &str) -> PyResult<Option<Value>> {
    Ok(Some(match name {
        "co_name" => vm.new_str(&c.name)?,
        "co_qualname" => vm.new_str(&c.qualname)?,
        "co_filename" => vm.new_str(&c.filename)?,
        "co_firstlineno" => Value::Int(c.first_line.into()),
        "co_argcount" => Value::Int(c.argcount.into()),
        "co_posonlyargcount" => Value::Int(c.posonlyargcount.into()),
        "co_kwonlyargcount" => Value::Int(c.kwonlyargcount.into()),
        "co_nlocals" => Value::Int(c.varnames.len() as i64),
        "co_varnames" => names_tuple(vm, &c.varnames)?,
        "co_cellvars" => names_tuple(vm, &c.cellvars)?,
        "co_freevars" => names_tuple(vm, &c.freevars)?,
        "co_names" => names_tuple(vm, &c.names)?,
        "co_flags" => Value::Int(cpython_co_flags(c).into()),
        _ => return Ok(None),
    }))
}

/// A new code object for `code` (each `f.__code__` is a fresh object
/// over the same shared code; equal code objects compare equal).
pub fn wrap(vm: &mut Vm, code: &Rc<Code>) -> PyResult {
    Ok(Value::Obj(vm.alloc(Obj::Code(code.clone()))?))
}
