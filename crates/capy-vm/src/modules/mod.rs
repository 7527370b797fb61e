//! Native modules: capy's own are listed in [`NATIVE`]; an embedder adds
//! more with [`Vm::register_module`].

pub mod array;
pub(crate) mod arrayitems;
pub mod atexit;
pub mod base64core;
pub mod binascii;
pub mod cheri;
pub mod cmath;
pub mod collections;
pub mod decnum;
pub mod deflate;
pub mod deque;
pub mod entropy;
pub mod errno;
pub mod file;
pub mod frozen;
pub mod hashlib;
pub mod heapq;
pub mod io;
pub mod json;
pub mod math;
pub mod os;
pub mod platform;
pub mod random;
pub mod re;
pub mod rx;
pub mod rxback;
pub mod schedule;
pub mod sizeof;
pub mod state;
pub mod stdin;
pub mod stdio;
pub mod struct_;
pub mod sys;
pub mod sysframe;
pub mod time;
pub mod traceback;
pub mod types;
pub mod uctypes;
pub(crate) mod uctypes_view;
pub mod zlib;

use crate::obj::Obj;
use crate::value::{Gc, Value};
use crate::vm::Vm;

/// capy's native modules: name and what makes the module object (on
/// first import, in each instance).
pub const NATIVE: &[(&str, crate::vm::ModuleInit)] = &[
    ("sys", sys::init),
    ("atexit", atexit::init),
    ("struct", struct_::init),
    ("binascii", binascii::init),
    ("_base64", base64core::init),
    ("_decnum", decnum::init),
    ("heapq", heapq::init),
    ("random", random::init),
    ("errno", errno::init),
    ("time", time::init),
    ("cmath", cmath::init),
    ("math", math::init),
    ("cheri", cheri::init),
    ("uctypes", uctypes::init),
    ("json", json::init),
    ("io", io::init),
    ("collections", collections::init),
    ("array", array::init),
    ("re", re::init),
    ("types", types::init),
    ("hashlib", hashlib::init),
    ("zlib", zlib::init),
    ("deflate", deflate::init),
    ("platform", platform::init),
    ("_entropy", entropy::init),
    ("_os", os::init),
    ("_traceback", traceback::init),
    ("asyncio", frozen::init_asyncio),
    ("builtins", sys::init_builtins),
    ("gc", sys::init_gc),
    ("micropython", sys::init_micropython),
    ("compartment", crate::compartment::api::init),
];

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
        // Natives of the shared base (inherited from a built-in type) keep
        // their owner.
        if matches!(vm.heap.get(target), Obj::Native(_)) && !vm.heap.is_base(target) {
            if let Obj::Native(n) = vm.heap.get_mut(target) {
                n.owner = Value::Obj(cls);
            }
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

/// Puts the native function `f` in module `m` as `name` (keyword
/// arguments allowed: `f` checks them).
pub(crate) fn add_func(
    vm: &mut Vm,
    m: crate::value::Gc,
    name: &'static str,
    f: crate::obj::NativeFn,
) -> crate::PyResult<()> {
    let v = crate::types::native(vm, name, f, true, crate::value::Value::Obj(m))?;
    let d = crate::import::module_dict(vm, m);
    vm.dict_set_str(d, name, v)
}
