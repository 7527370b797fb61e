//! Native modules, registered through [`Vm::register_module`]: the same
//! interface later parts (cheri, compartments, rpc, events) plug into.

pub mod sys;
pub mod cheri;
pub mod uctypes;

use crate::vm::Vm;

pub fn register_all(vm: &mut Vm) {
    vm.register_module("sys", sys::init);
    vm.register_module("cheri", cheri::init);
    vm.register_module("uctypes", uctypes::init);
    vm.register_module("builtins", sys::init_builtins);
    vm.register_module("gc", sys::init_gc);
    vm.register_module("micropython", sys::init_micropython);
}
