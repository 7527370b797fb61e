//! Native modules, registered through [`Vm::register_module`]: the same
//! interface later parts (cheri, compartments, rpc, events) plug into.

pub mod array;
pub mod binascii;
pub mod cheri;
pub mod cmath;
pub mod collections;
pub mod deque;
pub mod errno;
pub mod frozen;
pub mod heapq;
pub mod io;
pub mod json;
pub mod math;
pub mod random;
pub mod re;
pub mod rx;
pub mod stdin;
pub mod stdio;
pub mod struct_;
pub mod sys;
pub mod time;
pub mod types;
pub mod uctypes;

use crate::obj::Obj;
use crate::value::{Gc, Value};
use crate::vm::Vm;

pub fn register_all(vm: &mut Vm) {
    vm.register_module("sys", sys::init);
    vm.register_module("struct", struct_::init);
    vm.register_module("binascii", binascii::init);
    vm.register_module("heapq", heapq::init);
    vm.register_module("random", random::init);
    vm.register_module("errno", errno::init);
    vm.register_module("time", time::init);
    vm.register_module("cmath", cmath::init);
    vm.register_module("math", math::init);
    vm.register_module("cheri", cheri::init);
    vm.register_module("uctypes", uctypes::init);
    vm.register_module("json", json::init);
    vm.register_module("io", io::init);
    vm.register_module("collections", collections::init);
    vm.register_module("array", array::init);
    vm.register_module("re", re::init);
    vm.register_module("types", types::init);
    vm.register_module("asyncio", frozen::init_asyncio);
    for &(name, init) in frozen::STDLIB {
        vm.register_module(name, init);
    }
    vm.register_module("builtins", sys::init_builtins);
    vm.register_module("gc", sys::init_gc);
    vm.register_module("micropython", sys::init_micropython);
    vm.register_module("compartment", crate::compartment::api::init);
}

/// Makes `cls` the owner of the natives in its namespace: the VM binds
/// `self` only for natives owned by a class.
pub(crate) fn adopt_natives(vm: &mut Vm, cls: Gc) {
    let vals: Vec<Value> = match vm.heap.get(cls) {
        Obj::Class(c) => c.dict.values().collect(),
        _ => Vec::new(),
    };
    for v in vals {
        let Value::Obj(h) = v else { continue };
        let target = match vm.heap.get(h) {
            Obj::StaticMethod(Value::Obj(f)) | Obj::ClassMethod(Value::Obj(f)) => *f,
            _ => h,
        };
        if let Obj::Native(n) = vm.heap.get_mut(target) {
            n.owner = Value::Obj(cls);
        }
    }
}

/// A module's own exception class `name`, deriving from `base`, with
/// `__module__` set to `module` (e.g. `binascii.Error`, `struct.error`).
pub(crate) fn module_exception(
    vm: &mut Vm,
    module: &str,
    name: &str,
    base: Gc,
) -> crate::PyResult<Gc> {
    let name = vm.new_str(name)?;
    let modname = vm.new_str(module)?;
    let key = vm.intern("__module__");
    let h = vm.hash(key)?;
    let mut ns = crate::dict::Dict::new();
    ns.insert_new(h, key, modname);
    vm.new_class(Value::None, name, vec![base], &ns)
}
