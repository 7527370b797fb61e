//! Modules written in Python and frozen into the binary: their source is
//! compiled on first import (nothing is paid at start-up) and run in a fresh
//! module, as an imported `.py` file would be.

use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

/// `asyncio`: the coroutine scheduler (see the header of `asyncio.py`).
const ASYNCIO: &str = include_str!("asyncio.py");

pub fn init_asyncio(vm: &mut Vm) -> PyResult<Gc> {
    load(vm, "asyncio", ASYNCIO)
}

fn load(vm: &mut Vm, name: &str, source: &str) -> PyResult<Gc> {
    let code = vm.compile_file(source, &format!("<frozen {name}>"))?;
    let m = vm.new_module(name)?;
    let d = crate::import::module_dict(vm, m);
    let b = Value::Obj(vm.builtins);
    vm.dict_set_str(d, "__builtins__", b)?;
    vm.run_code(&code, d, Value::Null)?;
    Ok(m)
}
