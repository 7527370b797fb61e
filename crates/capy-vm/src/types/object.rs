//! `object`, `type`, `int`, `float` and `property` methods, and computed
//! attributes (`__class__`, `__name__`, `__dict__`, ...).

use crate::obj::{Layout, Obj};
use crate::types::MethodDef;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

pub const OBJECT_METHODS: &[MethodDef] = &[
    ("__init__", object_init, true),
    ("__repr__", object_repr, false),
    ("__str__", object_str, false),
    ("__getattribute__", object_getattribute, false),
    ("__setattr__", object_setattr, false),
    ("__delattr__", object_delattr, false),
    ("__format__", object_format, false),
    ("__hash__", object_hash, false),
    ("__eq__", object_eq, false),
    ("__ne__", object_ne, false),
];

pub const OBJECT_STATICMETHODS: &[MethodDef] = &[("__new__", object_new, true)];

pub const OBJECT_CLASSMETHODS: &[MethodDef] = &[("__init_subclass__", object_init_subclass, true)];

pub const TYPE_METHODS: &[MethodDef] = &[
    ("mro", type_mro, false),
    ("__call__", type_call, true),
    ("__getattribute__", type_getattribute, false),
];

pub const TYPE_CLASSMETHODS: &[MethodDef] = &[("__prepare__", type_prepare, true)];

pub const PROPERTY_METHODS: &[MethodDef] = &[
    ("getter", prop_getter, false),
    ("setter", prop_setter, false),
    ("deleter", prop_deleter, false),
];

fn arg(a: &[Value], i: usize) -> Value {
    a.get(i).copied().unwrap_or(Value::None)
}

/// `object.__getattribute__(obj, name)`: the attribute by the rules
/// alone, what an override of `__getattribute__` calls to get the usual
/// behaviour.
fn object_getattribute(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let (obj, name) = (arg(a, 0), attr_name(vm, a)?);
    let found = match obj {
        // Classes, modules and super objects have no hook to bypass.
        Value::Obj(h)
            if matches!(
                vm.heap.get(h),
                Obj::Class(_) | Obj::Module(_) | Obj::Super { .. }
            ) =>
        {
            vm.getattr_opt(obj, name)?
        }
        _ => {
            let t = vm.type_of(obj);
            vm.getattr_generic(obj, t, name)?
        }
    };
    match found {
        Some(v) => Ok(v),
        None => {
            let n = vm.heap.str_of(name).unwrap_or("?").to_string();
            Err(vm.attribute_error(obj, &n))
        }
    }
}

/// `type.__getattribute__(cls, name)`.
fn type_getattribute(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let (obj, name) = (arg(a, 0), attr_name(vm, a)?);
    if !matches!(obj, Value::Obj(h) if matches!(vm.heap.get(h), Obj::Class(_))) {
        let t = vm.type_name(obj);
        return Err(vm.type_error(format!(
            "descriptor '__getattribute__' requires a 'type' object but received a '{t}'"
        )));
    }
    vm.getattr(obj, name)
}

fn object_init(_vm: &mut Vm, _a: &[Value], _: &[(Value, Value)]) -> PyResult {
    Ok(Value::None)
}
/// `object.__init_subclass__(cls)`: the end of the chain of hooks, which
/// accepts no class keywords (a keyword nobody consumed is an error).
fn object_init_subclass(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    let owner = match a.first() {
        Some(&c) => {
            let n = match c {
                Value::Obj(h) if matches!(vm.heap.get(h), Obj::Class(_)) => vm.class_name(h),
                _ => vm.type_name(c),
            };
            format!("{n}.__init_subclass__()")
        }
        None => "__init_subclass__()".to_string(),
    };
    if !kw.is_empty() {
        return Err(vm.type_error(format!("{owner} takes no keyword arguments")));
    }
    if a.len() > 1 {
        return Err(vm.type_error(format!(
            "{owner} takes no arguments ({} given)",
            a.len() - 1
        )));
    }
    Ok(Value::None)
}
/// `type.__prepare__(name, bases, **kw)`: a class body's namespace, a new
/// dict (a metaclass's own `__prepare__` may call it through `super()`).
fn type_prepare(vm: &mut Vm, _a: &[Value], _: &[(Value, Value)]) -> PyResult {
    vm.new_dict()
}
fn object_repr(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let v = arg(a, 0);
    // The built-in types inherit this method (`dict.__repr__`): for an
    // instance of a subclass (`super().__repr__()` in a `dict` subclass)
    // it is the built-in value's repr.
    let base = vm.derived_base(v);
    if !base.is(v) {
        let s = vm.repr(base)?;
        return vm.new_string(s);
    }
    let s = vm.default_object_repr(v);
    vm.new_string(s)
}
/// `int.__repr__`, `list.__repr__`, ...: each built-in value type has
/// its own (`dict.__repr__ is not list.__repr__`), the repr of the value,
/// or of the built-in value inside an instance of a subclass.
pub(crate) fn value_repr(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let v = arg(a, 0);
    let base = vm.derived_base(v);
    let s = if matches!(base, Value::Obj(h) if matches!(vm.heap.get(h), Obj::Instance(_))) {
        // A subclass instance whose value is not made yet.
        vm.default_object_repr(v)
    } else {
        vm.repr(base)?
    };
    vm.new_string(s)
}

/// `int.__repr__`: as [`value_repr`], but a bool is shown as the int it
/// is (`int.__repr__(True)` is `'1'`).
pub(crate) fn int_repr(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    match vm.derived_base(arg(a, 0)) {
        Value::Bool(b) => vm.new_str(if b { "1" } else { "0" }),
        _ => value_repr(vm, a, kw),
    }
}

/// `str.__str__`: the string itself (or the one inside a subclass).
pub(crate) fn str_str(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let v = vm.derived_base(arg(a, 0));
    match vm.heap.str_of(v) {
        Some(_) => Ok(v),
        None => object_str(vm, a, &[]),
    }
}

fn object_str(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let s = vm.repr(arg(a, 0))?;
    vm.new_string(s)
}
/// `object.__new__(cls, *args)`, for classes whose instances are plain
/// objects or exceptions; the built-in types have their own `__new__`
/// (types/slots.rs).
fn object_new(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    let c = match a.first() {
        Some(&Value::Obj(c)) if matches!(vm.heap.get(c), Obj::Class(_)) => c,
        Some(&v) => {
            let t = vm.type_name(v);
            return Err(vm.type_error(format!("object.__new__(X): X is not a type object ({t})")));
        }
        None => return Err(vm.type_error("object.__new__(): not enough arguments")),
    };
    let Obj::Class(cls) = vm.heap.get(c) else {
        return Ok(Value::None);
    };
    let (layout, builtin) = (cls.layout, cls.builtin);
    let rest = &a[1..];
    if layout == Layout::Builtin {
        let n = vm.class_name(c);
        let b = builtin.map_or(n.clone(), |t| vm.class_name(vm.type_obj(t)));
        return Err(vm.type_error(format!(
            "object.__new__({n}) is not safe, use {b}.__new__()"
        )));
    }
    if layout == Layout::Object && (!rest.is_empty() || !kw.is_empty()) {
        let new = vm.lookup_mro_str(c, "__new__");
        if new.is_some_and(|n| !vm.is_object_method(n) && !is_object_new(vm, n)) {
            return Err(vm.type_error(
                "object.__new__() takes exactly one argument (the type to instantiate)",
            ));
        }
        let init = vm.lookup_mro_str(c, "__init__");
        if init.is_none_or(|i| vm.is_object_method(i)) {
            let n = vm.class_name(c);
            return Err(vm.type_error(format!("{n}() takes no arguments")));
        }
    }
    vm.default_new(c, layout, builtin, rest, kw)
}

fn is_object_new(vm: &Vm, v: Value) -> bool {
    match v {
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::StaticMethod(f) => vm.is_object_method(*f),
            _ => false,
        },
        _ => false,
    }
}

/// The attribute name argument of `object.__setattr__`/`__delattr__`.
fn attr_name(vm: &mut Vm, a: &[Value]) -> PyResult<Value> {
    let name = arg(a, 1);
    if vm.heap.str_of(name).is_none() {
        let t = vm.type_name(name);
        return Err(vm.type_error(format!("attribute name must be string, not '{t}'")));
    }
    Ok(name)
}
fn object_setattr(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let name = attr_name(vm, a)?;
    vm.generic_setattr(arg(a, 0), name, arg(a, 2))?;
    Ok(Value::None)
}
fn object_delattr(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let name = attr_name(vm, a)?;
    vm.generic_delattr(arg(a, 0), name)?;
    Ok(Value::None)
}
fn object_format(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let spec = vm.heap.str_of(arg(a, 1)).unwrap_or("").to_string();
    // The built-in types share this method: `int.__format__(x, "03d")` on
    // an int (or an int subclass's instance) formats the built-in value.
    let base = vm.derived_base(arg(a, 0));
    let builtin = match base {
        Value::Obj(h) => !matches!(
            vm.heap.get(h),
            Obj::Instance(_) | Obj::Exception(_) | Obj::Class(_)
        ),
        _ => true,
    };
    if builtin {
        let s = vm.format(base, &spec)?;
        return vm.new_string(s);
    }
    if !spec.is_empty() {
        let t = vm.type_name(arg(a, 0));
        return Err(vm.type_error(format!(
            "unsupported format string passed to {t}.__format__"
        )));
    }
    vm.str_value(arg(a, 0))
}
fn object_hash(_vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    Ok(Value::Int(
        arg(a, 0)
            .as_obj()
            .map(crate::ops::identity_hash)
            .unwrap_or(0) as i64,
    ))
}
fn object_eq(_vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    Ok(if arg(a, 0).is(arg(a, 1)) {
        Value::Bool(true)
    } else {
        Value::NotImplemented
    })
}
fn object_ne(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let r = vm.compare(capy_compiler::CmpOp::Eq, arg(a, 0), arg(a, 1))?;
    Ok(Value::Bool(!vm.truthy(r)?))
}
/// `type.__call__(cls, *args, **kw)`: creates an instance as `cls(...)`
/// does without a metaclass hook (what `super().__call__` in a
/// metaclass's `__call__` reaches).
fn type_call(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    match a.first() {
        Some(&Value::Obj(c)) if matches!(vm.heap.get(c), Obj::Class(_)) => {
            vm.call_class(c, &a[1..], kw)
        }
        Some(&v) => {
            let t = vm.type_name(v);
            Err(vm.type_error(format!(
                "descriptor '__call__' requires a 'type' object but received a '{t}'"
            )))
        }
        None => Err(vm.type_error("descriptor '__call__' of 'type' object needs an argument")),
    }
}
fn type_mro(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let mro = match arg(a, 0) {
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::Class(c) => c.mro.iter().map(|g| Value::Obj(*g)).collect(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    };
    vm.new_list(mro)
}
fn prop_copy(vm: &mut Vm, a: &[Value], which: usize) -> PyResult {
    let (mut g, mut s, mut d, doc) = match arg(a, 0) {
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::Property {
                fget,
                fset,
                fdel,
                doc,
            } => (*fget, *fset, *fdel, *doc),
            _ => return Err(vm.type_error("descriptor requires a 'property' object")),
        },
        _ => return Err(vm.type_error("descriptor requires a 'property' object")),
    };
    match which {
        0 => g = arg(a, 1),
        1 => s = arg(a, 1),
        _ => d = arg(a, 1),
    }
    Ok(Value::Obj(vm.alloc(Obj::Property {
        fget: g,
        fset: s,
        fdel: d,
        doc,
    })?))
}
fn prop_getter(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    prop_copy(vm, a, 0)
}
fn prop_setter(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    prop_copy(vm, a, 1)
}
fn prop_deleter(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    prop_copy(vm, a, 2)
}

/// Computed attributes.
pub fn special_attr(vm: &mut Vm, obj: Value, name: &str) -> PyResult<Option<Value>> {
    if name == "__class__" {
        return Ok(Some(Value::Obj(vm.type_of(obj))));
    }
    let Value::Obj(h) = obj else {
        return Ok(match (obj, name) {
            (Value::Int(i), "real" | "numerator") => Some(Value::Int(i)),
            (Value::Int(_), "imag") => Some(Value::Int(0)),
            (Value::Int(_), "denominator") => Some(Value::Int(1)),
            (Value::Float(f), "real") => Some(Value::Float(f)),
            (Value::Float(_), "imag") => Some(Value::Float(0.0)),
            (Value::Bool(b), "real") => Some(Value::Int(b as i64)),
            _ => None,
        });
    };
    Ok(match (vm.heap.get(h), name) {
        (Obj::Class(c), "__name__") => Some(c.name),
        (Obj::Class(c), "__qualname__") => Some(c.qualname),
        (Obj::Class(c), "__mro__") => {
            let m: Vec<Value> = c.mro.iter().map(|g| Value::Obj(*g)).collect();
            Some(vm.new_tuple(m)?)
        }
        (Obj::Class(c), "__bases__") => {
            let b: Vec<Value> = c.bases.iter().map(|g| Value::Obj(*g)).collect();
            Some(vm.new_tuple(b)?)
        }
        (Obj::Class(c), "__base__") => Some(
            c.bases
                .first()
                .map(|g| Value::Obj(*g))
                .unwrap_or(Value::None),
        ),
        (Obj::Class(c), "__dict__") => {
            let items: Vec<(Value, Value)> = c.dict.iter().collect();
            let d = vm.new_dict()?;
            for (k, v) in items {
                vm.dict_set(d, k, v)?;
            }
            Some(d)
        }
        (Obj::Class(_), "__module__") => Some(vm.intern("builtins")),
        (Obj::Func(f), "__doc__") => Some(f.doc),
        (Obj::Class(_) | Obj::Module(_), "__doc__") => Some(Value::None),
        // Created on first access and kept, so that changes to the dict
        // stick (a function, class or module with no annotations has {}).
        (Obj::Func(_) | Obj::Class(_) | Obj::Module(_), "__annotations__") => {
            let d = vm.new_dict()?;
            let n = vm.intern("__annotations__");
            // A built-in type has none (and cannot be given one).
            match vm.generic_setattr(obj, n, d) {
                Ok(()) => Some(d),
                Err(_) => None,
            }
        }
        (Obj::Func(_), "__dict__") => Some(func_dict(vm, h)?),
        (Obj::ClassMethod(f) | Obj::StaticMethod(f), "__func__" | "__wrapped__") => Some(*f),
        // A slotted instance has no attribute dict (`hasattr(o, "__dict__")`
        // is False, as in CPython).
        (Obj::Instance(i), "__dict__") if matches!(vm.heap.get(i.class), Obj::Class(c) if c.flags.slotted) => {
            None
        }
        (Obj::Instance(_), "__dict__") => Some(Value::Obj(vm.inst_dict(h)?)),
        (Obj::Module(m), "__dict__") => Some(Value::Obj(m.dict)),
        (Obj::Func(f), "__name__") => Some(f.name),
        (Obj::Func(f), "__qualname__") => Some(f.qualname),
        (Obj::Func(f), "__module__") => Some(f.module),
        (Obj::Func(f), "__defaults__") => {
            let d = f.defaults.to_vec();
            if d.is_empty() {
                Some(Value::None)
            } else {
                Some(vm.new_tuple(d)?)
            }
        }
        (Obj::Func(f), "__globals__") => Some(Value::Obj(f.globals)),
        (Obj::Func(f), "__code__") => {
            let c = f.code.clone();
            Some(super::code::wrap(vm, &c)?)
        }
        (Obj::Code(c), n) if n.starts_with("co_") => {
            let c = c.clone();
            super::code::attr(vm, &c, n)?
        }
        (Obj::Func(f), "__closure__") => {
            let cells = f.closure.to_vec();
            if cells.is_empty() {
                Some(Value::None)
            } else {
                Some(vm.new_tuple(cells)?)
            }
        }
        (Obj::Func(f), "__kwdefaults__") => match f.kwdefaults {
            Value::Null => Some(Value::None),
            d => Some(d),
        },
        (Obj::Cell(v), "cell_contents") => match *v {
            Value::Null => return Err(vm.value_error("Cell is empty")),
            v => Some(v),
        },
        (Obj::Native(n), "__name__") => {
            let n = n.name;
            Some(vm.intern(n))
        }
        // A method of a built-in type is `type.name`; a function of a
        // module belongs to it, a built-in to `builtins`.
        (Obj::Native(n), "__qualname__") => {
            let (name, owner) = (n.name, n.owner);
            match owner {
                Value::Obj(c) if matches!(vm.heap.get(c), Obj::Class(_)) => {
                    let q = format!("{}.{name}", vm.class_name(c));
                    Some(vm.new_string(q)?)
                }
                _ => Some(vm.intern(name)),
            }
        }
        (Obj::Native(n), "__module__") => match n.owner {
            Value::Obj(m) => match vm.heap.get(m) {
                Obj::Module(md) => Some(md.name),
                _ => Some(Value::None),
            },
            _ => Some(vm.intern("builtins")),
        },
        (Obj::BoundMethod { this, .. }, "__self__") => Some(*this),
        (Obj::BoundMethod { func, .. }, "__func__") => Some(*func),
        (Obj::BoundMethod { func, .. }, "__doc__") => {
            let f = *func;
            let n = vm.intern("__doc__");
            vm.getattr_opt(f, n)?
        }
        (
            Obj::BoundMethod { func, .. },
            "__name__" | "__qualname__" | "__module__" | "__code__" | "__defaults__"
            | "__kwdefaults__" | "__globals__" | "__closure__" | "__annotations__",
        ) => {
            let f = *func;
            let n = vm.intern(name);
            vm.getattr_opt(f, n)?
        }
        // Other attributes are the function's (`A().m.flag` after
        // `A.m.flag = 1`), as CPython's method objects forward them.
        (Obj::BoundMethod { func, .. }, n) if !n.starts_with("__") => {
            let f = *func;
            let n = vm.intern(n);
            vm.getattr_opt(f, n)?
        }
        (Obj::Exception(e), "args") => Some(e.args),
        (Obj::Exception(e), "__cause__") => Some(e.cause),
        (Obj::Exception(e), "__context__") => Some(e.context),
        (Obj::Exception(e), "__suppress_context__") => Some(Value::Bool(e.suppress_context)),
        (Obj::Exception(e), "__traceback__") => Some(if e.traceback.is_empty() {
            Value::None
        } else {
            // A traceback object over the exception's entries (_frame.py).
            let m = vm.import_dotted("_frame")?;
            let f = vm.getattr_str(m, "tb_of")?;
            vm.call(f, &[obj], &[])?
        }),
        (Obj::Exception(e), "value") => {
            let _ = e;
            let c = vm.exc_class(crate::ExcKind::StopIteration);
            if vm.isinstance(obj, c) {
                Some(vm.err_arg0(crate::PyErr(h)))
            } else {
                None
            }
        }
        (Obj::Exception(e), "code") => {
            let _ = e;
            let c = vm.exc_class(crate::ExcKind::SystemExit);
            if vm.isinstance(obj, c) {
                Some(vm.err_arg0(crate::PyErr(h)))
            } else {
                None
            }
        }
        (Obj::Complex(re, _), "real") => Some(Value::Float(*re)),
        (Obj::Complex(_, im), "imag") => Some(Value::Float(*im)),
        (Obj::Range { start, .. }, "start") => Some(Value::Int(*start)),
        (Obj::Range { stop, .. }, "stop") => Some(Value::Int(*stop)),
        (Obj::Range { step, .. }, "step") => Some(Value::Int(*step)),
        (Obj::BigRange(r), "start" | "stop" | "step") => {
            let b = match name {
                "start" => r.start.clone(),
                "stop" => r.stop.clone(),
                _ => r.step.clone(),
            };
            Some(vm.new_bigint(b)?)
        }
        (Obj::Slice(a, _, _), "start") => Some(*a),
        (Obj::Slice(_, b, _), "stop") => Some(*b),
        (Obj::Slice(_, _, c), "step") => Some(*c),
        (Obj::Property { fget, doc, .. }, "__doc__") => {
            let (fget, doc) = (*fget, *doc);
            if doc.is_none() || doc.is_null() {
                let n = vm.intern("__doc__");
                vm.getattr_opt(fget, n)?.or(Some(Value::None))
            } else {
                Some(doc)
            }
        }
        (Obj::Property { fget, .. }, "fget") => Some(*fget),
        (Obj::Property { fset, .. }, "fset") => Some(*fset),
        (Obj::Property { fdel, .. }, "fdel") => Some(*fdel),
        (Obj::Generator(g), "__name__") => Some(g.name),
        (Obj::Generator(g), "__qualname__") => Some(g.qualname),
        (Obj::Generator(_), n) if n.len() > 3 && n.as_bytes()[2] == b'_' => {
            return crate::types::genattr::get(vm, obj, n)
        }
        (Obj::BigInt(_), "real" | "numerator") => Some(obj),
        (Obj::BigInt(_), "imag") => Some(Value::Int(0)),
        (Obj::BigInt(_), "denominator") => Some(Value::Int(1)),
        (Obj::MemoryView { .. }, _) => return crate::types::memoryview::mv_attr(vm, obj, name),
        _ => None,
    })
}

/// Whether `obj` is an instance with an attribute dict (not a slotted
/// one, not a bare `object()`).
pub fn has_instance_dict(vm: &Vm, obj: Value) -> bool {
    let Value::Obj(h) = obj else { return false };
    match vm.heap.get(h) {
        Obj::Instance(i) => {
            i.class != vm.type_obj(crate::types::TypeId::Object)
                && !matches!(vm.heap.get(i.class), Obj::Class(c) if c.flags.slotted)
        }
        _ => false,
    }
}

/// `obj.__dict__ = d`: the instance's attributes become the dict `d`
/// itself (CPython's rule: a dict, or a TypeError).
pub fn set_instance_dict(vm: &mut Vm, obj: Value, v: Value) -> PyResult<()> {
    let (Value::Obj(h), Value::Obj(d)) = (obj, v) else {
        return Err(dict_required(vm, v));
    };
    if !matches!(vm.heap.get(d), Obj::Dict(_))
        || vm.type_of(v) != vm.type_obj(crate::types::TypeId::Dict)
    {
        return Err(dict_required(vm, v));
    }
    // Cached attribute positions into the old table stop matching by
    // themselves (they check the key at the position).
    if let Obj::Instance(i) = vm.heap.get_mut(h) {
        i.set_external(d);
    }
    Ok(())
}

fn dict_required(vm: &mut Vm, v: Value) -> crate::PyErr {
    let t = vm.type_name(v);
    vm.type_error(format!("__dict__ must be set to a dictionary, not a '{t}'"))
}

/// The dunders a function answers itself (`__name__`, `__doc__`, ...):
/// when set they stay in its inline dict, out of its `__dict__`, as
/// CPython keeps them in the function's own fields.
pub(crate) fn func_slot_name(heap: &crate::heap::Heap, name: Value) -> bool {
    matches!(
        heap.str_of(name),
        Some(
            "__name__"
                | "__qualname__"
                | "__doc__"
                | "__module__"
                | "__annotations__"
                | "__defaults__"
                | "__kwdefaults__"
                | "__code__"
                | "__globals__"
                | "__closure__"
                | "__builtins__"
                | "__type_params__"
        )
    )
}

/// A function's `__dict__`: made from its attributes on first read, then
/// where they live (attr.rs and attric.rs look there), so it stays live.
fn func_dict(vm: &mut Vm, h: Gc) -> PyResult {
    let items: Vec<(Value, Value)> = match vm.heap.get(h) {
        Obj::Func(f) => match f.ext_dict {
            Some(d) => return Ok(Value::Obj(d)),
            None => f
                .dict
                .iter()
                .filter(|&(k, _)| !func_slot_name(&vm.heap, k))
                .collect(),
        },
        _ => Vec::new(),
    };
    let d = vm.new_dict()?;
    vm.root_value(d);
    for &(k, v) in &items {
        vm.dict_set(d, k, v)?;
    }
    // Moved: only the function's own dunders stay inline.
    for (k, _) in items {
        let hash = vm.hash(k)?;
        let pos = match vm.heap.get(h) {
            Obj::Func(f) => match f.dict.probe(&vm.heap, hash, k) {
                crate::dict::Probe::Found(p) => Some(p),
                _ => None,
            },
            _ => None,
        };
        if let (Some(p), Obj::Func(f)) = (pos, vm.heap.get_mut(h)) {
            f.dict.remove_at(p);
        }
    }
    if let (Obj::Func(f), Value::Obj(g)) = (vm.heap.get_mut(h), d) {
        f.ext_dict = Some(g);
    }
    Ok(d)
}
