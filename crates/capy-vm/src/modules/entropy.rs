//! `_entropy`: bytes from the operating system's random source (the
//! `getrandom` crate), for the frozen `secrets` and `uuid` modules.
//!
//! Entropy is no authority (it reaches nothing outside the instance), so
//! compartments may import it. `urandom(n)` is charged to the heap quota
//! like any bytes object, and is checked against it before the bytes are
//! drawn.

use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

type Kw<'a> = &'a [(Value, Value)];

/// `urandom(n)`: n bytes of OS entropy.
fn urandom(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    if a.len() != 1 {
        return Err(vm.type_error(format!(
            "urandom() takes exactly one argument ({} given)",
            a.len()
        )));
    }
    let n = vm.index_value(a[0])?;
    if n < 0 {
        return Err(vm.value_error("negative argument not allowed"));
    }
    let n = n as usize;
    vm.reserve_temp(n)?;
    let mut buf = vec![0u8; n];
    let mut failed = None;
    crate::embed::tape::bytes(vm, &mut buf, |b| failed = getrandom::getrandom(b).err());
    if let Some(e) = failed {
        return Err(vm.error(
            crate::ExcKind::OSError,
            format!("no entropy from the operating system: {e}"),
        ));
    }
    crate::types::bytes::mk(vm, buf, false)
}

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("_entropy")?;
    let d = crate::import::module_dict(vm, m);
    let f = crate::types::native(vm, "urandom", urandom, false, Value::Obj(m))?;
    vm.dict_set_str(d, "urandom", f)?;
    Ok(m)
}
