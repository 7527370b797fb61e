//! `types`: names for the built-in types that have no builtin name
//! (`FunctionType`, `GeneratorType`, `MethodType`, `ModuleType`, ...), and
//! `coroutine`.
//!
//! `types.coroutine(f)` returns `f` itself: capy, like MicroPython, lets
//! `await` take a plain generator, which is what CPython's decorator
//! arranges for a generator function.

use crate::types::TypeId;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

const TYPES: &[(&str, TypeId)] = &[
    ("FunctionType", TypeId::Function),
    ("LambdaType", TypeId::Function),
    ("BuiltinFunctionType", TypeId::BuiltinFunction),
    ("BuiltinMethodType", TypeId::BuiltinFunction),
    ("MethodType", TypeId::Method),
    ("ModuleType", TypeId::Module),
    ("GeneratorType", TypeId::Generator),
    ("CoroutineType", TypeId::Coroutine),
    ("AsyncGeneratorType", TypeId::AsyncGenerator),
    ("CodeType", TypeId::Code),
    ("CellType", TypeId::Cell),
    ("NoneType", TypeId::NoneType),
    ("EllipsisType", TypeId::Ellipsis),
    ("NotImplementedType", TypeId::NotImplementedType),
];

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("types")?;
    let d = crate::import::module_dict(vm, m);
    for &(name, id) in TYPES {
        let t = Value::Obj(vm.type_obj(id));
        vm.dict_set_str(d, name, t)?;
    }
    let f = crate::types::native(vm, "coroutine", coroutine, false, Value::Obj(m))?;
    vm.dict_set_str(d, "coroutine", f)?;
    Ok(m)
}

fn coroutine(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let [f] = a else {
        return Err(vm.type_error(format!(
            "coroutine() takes exactly one argument ({} given)",
            a.len()
        )));
    };
    let callable = vm.lookup_type_attr(*f, "__call__").is_some()
        || matches!(f, Value::Obj(h) if matches!(
            vm.heap.get(*h),
            crate::obj::Obj::Func(_) | crate::obj::Obj::Native(_)
                | crate::obj::Obj::BoundMethod { .. } | crate::obj::Obj::Class(_)
        ));
    if !callable {
        return Err(vm.type_error("types.coroutine() expects a callable"));
    }
    Ok(*f)
}
