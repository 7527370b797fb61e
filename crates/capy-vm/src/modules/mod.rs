//! Native modules, registered through [`Vm::register_module`]: the same
//! interface later parts (cheri, compartments, rpc, events) plug into.

pub mod sys;
pub mod cheri;
pub mod uctypes;
pub mod json;
pub mod io;
pub mod collections;
pub mod array;
pub mod re;

use crate::vm::Vm;

pub fn register_all(vm: &mut Vm) {
    vm.register_module("sys", sys::init);
    vm.register_module("cheri", cheri::init);
    vm.register_module("uctypes", uctypes::init);
    vm.register_module("json", json::init);
    vm.register_module("io", io::init);
    vm.register_module("collections", collections::init);
    vm.register_module("array", array::init);
    vm.register_module("re", re::init);
    vm.register_module("builtins", sys::init_builtins);
    vm.register_module("gc", sys::init_gc);
    vm.register_module("micropython", sys::init_micropython);
}
