//! The exception hierarchy's class objects and `BaseException` methods.

use crate::errors::ExcKind;
use crate::obj::{Class, ClassFlags, Layout, Obj};
use crate::types::MethodDef;
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;

const METHODS: &[MethodDef] = &[
    ("__init__", exc_init, true),
    ("with_traceback", exc_with_traceback, false),
];

/// Creates the built-in exception classes (parents before children).
pub fn init_exceptions(vm: &mut Vm) {
    let object = vm.type_obj(crate::types::TypeId::Object);
    for &kind in ExcKind::ALL {
        let name = vm.intern(kind.name());
        let parent = if kind == ExcKind::BaseException {
            object
        } else {
            vm.exc_classes[kind.parent() as usize]
        };
        let mut mro = match vm.heap.get(parent) {
            Obj::Class(c) => c.mro.clone(),
            _ => vec![object],
        };
        let class = Class {
            name,
            qualname: name,
            bases: vec![parent],
            mro: Vec::new(),
            dict: Default::default(),
            layout: Layout::Exception,
            builtin: None,
            metaclass: Value::Null,
            flags: ClassFlags::default(),
        };
        let g = match vm.heap.alloc(Obj::Class(Box::new(class))) {
            Ok(g) => g,
            Err(_) => object,
        };
        mro.insert(0, g);
        if let Obj::Class(c) = vm.heap.get_mut(g) {
            c.mro = mro;
        }
        vm.exc_classes.push(g);
    }
    let base = vm.exc_classes[ExcKind::BaseException as usize];
    for &(name, f, kw) in METHODS {
        let v = crate::types::native(vm, name, f, kw, Value::Obj(base));
        let _ = vm.dict_set_str_class(base, name, v);
    }
}

fn exc_init(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let Some(&this) = a.first() else {
        return Ok(Value::None);
    };
    let t = vm.new_tuple(a[1..].to_vec())?;
    if let Value::Obj(h) = this {
        if let Obj::Exception(e) = vm.heap.get_mut(h) {
            e.args = t;
        }
    }
    Ok(Value::None)
}

fn exc_with_traceback(_vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    Ok(a.first().copied().unwrap_or(Value::None))
}
