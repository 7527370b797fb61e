//! `@compartment.isolate(**options)`: a function or class that runs in a
//! compartment of its own, made on first use.
//!
//! ```python
//! @compartment.isolate(heap="1M", timeout=1.0)
//! def parse(text): ...
//!
//! @compartment.isolate
//! class Cache:
//!     def __init__(self): self.d = {}
//!     def put(self, k, v): self.d[k] = v
//! ```
//!
//! Nothing of the host's heap goes in: the function's (or each method's)
//! code is copied, its defaults cross as arguments do, and it is rebuilt
//! in the compartment with the compartment's globals. A class is rebuilt
//! there from its methods (plain, static and class methods; zero-argument
//! `super()` works) and data attributes (values that cross as copies);
//! its bases must be built-in types. Calling the class makes an instance
//! in the compartment and gives the caller a handle; its other
//! attributes are the class's, through the handle.

use super::api::{classes, compartment_object, create, options, set_attr, Kw};
use super::switch::{cross, Pass};
use super::transfer::{is_copied, Seal};
use crate::dict::Dict;
use crate::obj::{Instance, Obj};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

/// `isolate(**options)`: a decorator; the options are checked now.
pub fn m_isolate(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    if let Some(&f) = a.first() {
        // `@isolate` without parentheses.
        let deco = m_isolate(vm, &[], kw)?;
        return iso_wrap(vm, &[deco, f], &[]);
    }
    options(vm, kw, &[])?;
    let class = classes(vm)?.isolator;
    let opts = vm.new_dict()?;
    for &(k, v) in kw {
        vm.dict_set(opts, k, v)?;
    }
    let obj = new_object(vm, class)?;
    set_attr(vm, obj, "options", opts)?;
    Ok(obj)
}

fn new_object(vm: &mut Vm, class: Gc) -> PyResult {
    Ok(Value::Obj(
        vm.alloc(Obj::Instance(Instance::new(class, Value::Null)))?,
    ))
}

/// The decorator applied to a function or class: an `Isolated` callable.
pub fn iso_wrap(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (Some(&deco), Some(&f)) = (a.first(), a.get(1)) else {
        return Err(vm.type_error("isolate() decorates a function or a class"));
    };
    recipe(vm, f)?;
    let opts = vm.getattr_str(deco, "options")?;
    let class = classes(vm)?.isolated;
    let obj = new_object(vm, class)?;
    set_attr(vm, obj, "options", opts)?;
    set_attr(vm, obj, "__wrapped__", f)?;
    set_attr(vm, obj, "compartment", Value::None)?;
    Ok(obj)
}

/// How one member of an isolated class is rebuilt in the compartment.
#[derive(Clone, Copy)]
enum Kind {
    Function = 0,
    StaticMethod = 1,
    ClassMethod = 2,
    Data = 3,
}

/// What crosses to rebuild `f` in a compartment, as values that cross as
/// copies: `(name, is_class, bases, members)` where each member is
/// `(name, kind, code or value, defaults)`; bases are names of built-in
/// types. Refuses what cannot be rebuilt, naming it.
fn recipe(vm: &mut Vm, f: Value) -> PyResult<Vec<Value>> {
    let Value::Obj(g) = f else {
        return Err(vm.type_error("isolate() decorates a function or a class"));
    };
    match vm.heap.get(g) {
        Obj::Func(_) => {
            let (name, member) = function_member(vm, g, Kind::Function, "the function")?;
            let none = vm.new_tuple(Vec::new())?;
            let members = vm.new_tuple(vec![member])?;
            Ok(vec![name, Value::Bool(false), none, members])
        }
        Obj::Class(_) => class_recipe(vm, g),
        _ => Err(vm.type_error("isolate() decorates a function or a class")),
    }
}

/// `(name, kind, code, defaults)` of function `g`; only a closure over the
/// class cell (`super()`) is allowed.
fn function_member(vm: &mut Vm, g: Gc, kind: Kind, what: &str) -> PyResult<(Value, Value)> {
    let (code, defaults, kwdefaults) = match vm.heap.get(g) {
        Obj::Func(func) => (func.code.clone(), func.defaults.to_vec(), func.kwdefaults),
        _ => return Err(vm.type_error(format!("isolate(): {what} is not a function"))),
    };
    if code.freevars.iter().any(|v| &**v != "__class__") {
        return Err(vm.type_error(format!(
            "isolate(): {what} uses variables of an enclosing function; \
             an isolated function can only use its own globals"
        )));
    }
    if !(kwdefaults.is_null() || kwdefaults.is_none()) {
        return Err(vm.type_error(format!(
            "isolate(): {what} has keyword-only defaults, which are not supported yet"
        )));
    }
    let name = vm.new_str(&code.name)?;
    let code_v = Value::Obj(vm.alloc(Obj::Code(code))?);
    let defaults = vm.new_tuple(defaults)?;
    let member = vm.new_tuple(vec![name, Value::Int(kind as i64), code_v, defaults])?;
    Ok((name, member))
}

fn class_recipe(vm: &mut Vm, c: Gc) -> PyResult<Vec<Value>> {
    let object = vm.type_obj(crate::types::TypeId::Object);
    let (name, bases, attrs) = match vm.heap.get(c) {
        Obj::Class(k) => (k.name, k.bases.clone(), k.dict.iter().collect::<Vec<_>>()),
        _ => return Err(vm.type_error("not a class")),
    };
    let class_name = vm.heap.str_of(name).unwrap_or("?").to_string();
    let mut base_names = Vec::new();
    for b in bases {
        let builtin = matches!(vm.heap.get(b), Obj::Class(k) if k.builtin.is_some());
        if b != object && !builtin {
            let n = vm.class_name(b);
            return Err(vm.type_error(format!(
                "isolate(): class '{class_name}' derives from '{n}', which is not a built-in type; \
                 put the classes in a module and use compartment.load()"
            )));
        }
        let n = vm.class_name(b);
        base_names.push(vm.new_string(n)?);
    }
    let mut members = Vec::new();
    for (k, v) in attrs {
        let key = vm.heap.str_of(k).unwrap_or("?").to_string();
        if matches!(
            key.as_str(),
            "__module__" | "__qualname__" | "__dict__" | "__classcell__"
        ) {
            continue;
        }
        let what = format!("'{class_name}.{key}'");
        let inner = |vm: &Vm, v: Value| match v {
            Value::Obj(h) => match vm.heap.get(h) {
                Obj::Func(_) => Some((h, Kind::Function)),
                Obj::StaticMethod(Value::Obj(f)) if matches!(vm.heap.get(*f), Obj::Func(_)) => {
                    Some((*f, Kind::StaticMethod))
                }
                Obj::ClassMethod(Value::Obj(f)) if matches!(vm.heap.get(*f), Obj::Func(_)) => {
                    Some((*f, Kind::ClassMethod))
                }
                _ => None,
            },
            _ => None,
        };
        let member = match inner(vm, v) {
            Some((f, kind)) => function_member(vm, f, kind, &what)?.1,
            None if is_copied(vm, v) => vm.new_tuple(vec![k, Value::Int(Kind::Data as i64), v])?,
            None => {
                let t = vm.type_name(v);
                return Err(vm.type_error(format!(
                    "isolate(): {what} is a '{t}', which cannot be copied into a compartment \
                     (methods, static and class methods, and immutable values can)"
                )));
            }
        };
        members.push(member);
    }
    let bases = vm.new_tuple(base_names)?;
    let members = vm.new_tuple(members)?;
    Ok(vec![name, Value::Bool(true), bases, members])
}

/// Calling an isolated function or class: the first call makes its
/// compartment and rebuilds it there; every call crosses.
pub fn iso_call(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let Some(&this) = a.first() else {
        return Err(vm.type_error("Isolated.__call__ needs its instance"));
    };
    let h = target(vm, this)?;
    vm.call(h, &a[1..], kw)
}

/// Another attribute of an isolated class (a class attribute, a static
/// method): the rebuilt class's, through its handle.
pub fn iso_getattr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (Some(&this), Some(&name)) = (a.first(), a.get(1)) else {
        return Err(vm.type_error("Isolated.__getattr__ needs a name"));
    };
    if vm
        .heap
        .str_of(name)
        .is_some_and(|n| matches!(n, "__target__" | "__wrapped__" | "options" | "compartment"))
    {
        let n = vm.heap.str_of(name).unwrap_or("?").to_string();
        return Err(vm.error(
            crate::errors::ExcKind::AttributeError,
            format!("'Isolated' object has no attribute '{n}'"),
        ));
    }
    let h = target(vm, this)?;
    vm.getattr(h, name)
}

/// The handle to the rebuilt function or class, made on first use.
fn target(vm: &mut Vm, this: Value) -> PyResult {
    // Read from the instance itself: a missing attribute would go to
    // `iso_getattr`, which needs the target.
    let made = match this {
        Value::Obj(g) => match vm.heap.get(g) {
            Obj::Instance(i) => vm.inst_get_str(i, "__target__"),
            _ => None,
        },
        _ => None,
    };
    if let Some(t) = made {
        return Ok(t);
    }
    let f = vm.getattr_str(this, "__wrapped__")?;
    let opts = vm.getattr_str(this, "options")?;
    let kw_opts: Vec<(Value, Value)> = match opts {
        Value::Obj(d) => match vm.heap.get(d) {
            Obj::Dict(t) => t.iter().collect(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    };
    let o = options(vm, &kw_opts, &[])?;
    let inputs = recipe(vm, f)?;
    let name = vm.heap.str_of(inputs[0]).unwrap_or("isolated").to_string();
    let id = create(vm, &name, o.config(None), o.grants)?;
    let cobj = compartment_object(vm, id, &name);
    // The object keeps it from here on.
    vm.world.unhold(id);
    let cobj = cobj?;
    set_attr(vm, this, "compartment", cobj)?;
    cross(vm, id, None, &inputs, Pass::Nothing, |vm, ins| {
        rebuild(vm, ins).map(|_| (Value::None, Seal::Object))
    })?;
    let n = vm.new_str(&name)?;
    let h = super::api::c_get(vm, &[cobj, n], &[])?;
    set_attr(vm, this, "__target__", h)?;
    Ok(h)
}

/// In the compartment: rebuilds the function or class from its recipe and
/// binds it in the main namespace under its name.
fn rebuild(vm: &mut Vm, ins: &[Value]) -> PyResult<()> {
    let main = vm
        .comp
        .main
        .ok_or_else(|| vm.runtime_error("no namespace"))?;
    let (name, is_class) = (ins[0], matches!(ins[1], Value::Bool(true)));
    let bases = vm.iter_to_vec(ins[2])?;
    let members = vm.iter_to_vec(ins[3])?;
    // The class cell, filled once the class exists (`super()`).
    let cell = Value::Obj(vm.alloc(Obj::Cell(Value::Null))?);
    let mut ns = Dict::new();
    let mut single = Value::None;
    for m in members {
        let parts = vm.iter_to_vec(m)?;
        let kind = match parts.get(1) {
            Some(Value::Int(k)) => *k,
            _ => return Err(vm.type_error("bad recipe")),
        };
        let value = if kind == Kind::Data as i64 {
            parts[2]
        } else {
            let code = match parts[2] {
                Value::Obj(c) => match vm.heap.get(c) {
                    Obj::Code(code) => code.clone(),
                    _ => return Err(vm.type_error("bad recipe")),
                },
                _ => return Err(vm.type_error("bad recipe")),
            };
            let defaults = vm.iter_to_vec(parts[3])?;
            let closure = if code.freevars.is_empty() {
                vec![]
            } else {
                vec![cell]
            };
            let f = vm.new_function(code, main, defaults, Value::Null, closure)?;
            match kind {
                k if k == Kind::StaticMethod as i64 => Value::Obj(vm.alloc(Obj::StaticMethod(f))?),
                k if k == Kind::ClassMethod as i64 => Value::Obj(vm.alloc(Obj::ClassMethod(f))?),
                _ => f,
            }
        };
        single = value;
        let h = vm.hash(parts[0])?;
        ns.insert_new(h, parts[0], value);
    }
    let result = if is_class {
        let mut base_gcs = Vec::new();
        for b in bases {
            let n = vm.heap.str_of(b).unwrap_or("").to_string();
            match vm.dict_get_str(vm.builtins, &n) {
                Some(Value::Obj(g)) if matches!(vm.heap.get(g), Obj::Class(_)) => base_gcs.push(g),
                _ => return Err(vm.type_error(format!("no built-in type '{n}'"))),
            }
        }
        let module = vm.dict_get_str(main, "__name__").unwrap_or(Value::None);
        let key = vm.intern("__module__");
        let h = vm.hash(key)?;
        ns.insert_new(h, key, module);
        let meta = Value::Obj(vm.type_obj(crate::types::TypeId::Type));
        let c = vm.new_class(meta, name, base_gcs, &ns)?;
        if let Value::Obj(cg) = cell {
            *vm.heap.get_mut(cg) = Obj::Cell(Value::Obj(c));
        }
        Value::Obj(c)
    } else {
        single
    };
    let n = vm.heap.str_of(name).unwrap_or("").to_string();
    vm.dict_set_str(main, &n, result)
}
