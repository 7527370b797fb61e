//! Built-in types: one module per type, plus the table that creates their
//! type objects. Each type module exposes `methods()`: the native methods
//! placed in its type's dict, and optionally a constructor.

pub mod asyncgen;
pub mod bigcost;
pub mod bytes;
pub mod class;
pub mod code;
pub mod codec;
pub mod construct;
pub mod containers;
pub mod descr;
pub mod dict;
pub mod dictview;
pub mod exception;
pub mod excgroup;
pub mod funcnew;
pub mod gen;
pub mod genattr;
pub mod gendrive;
pub mod int;
pub mod iter;
pub mod iterstep;
pub mod list;
pub mod memoryview;
pub mod method;
pub mod num;
pub mod object;
pub mod range;
pub mod set;
pub mod slots;
pub mod str;
pub mod strbuf;
pub mod strsearch;
pub mod strwide;
pub mod titlecase;
pub mod tuple;
pub mod widecodec;

use crate::obj::{Class, ClassFlags, Layout, NativeFn, NativeFunc, Obj};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use capy_compiler::BinOp;

/// The built-in types, indexing `Vm::types`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum TypeId {
    Object,
    Type,
    NoneType,
    NotImplementedType,
    Ellipsis,
    Int,
    Bool,
    Float,
    Complex,
    Str,
    Bytes,
    ByteArray,
    Tuple,
    List,
    Dict,
    Set,
    FrozenSet,
    Range,
    Slice,
    Function,
    BuiltinFunction,
    Method,
    Module,
    Cell,
    Generator,
    Coroutine,
    AsyncGenerator,
    AsyncStep,
    Iterator,
    Enumerate,
    Zip,
    Map,
    Filter,
    Reversed,
    DictKeys,
    DictValues,
    DictItems,
    Property,
    ClassMethod,
    StaticMethod,
    Super,
    Code,
    Capability,
    CapMemory,
    MemoryView,
}

pub const ALL_TYPES: &[(TypeId, &str, TypeId)] = &[
    (TypeId::Object, "object", TypeId::Object),
    (TypeId::Type, "type", TypeId::Object),
    (TypeId::NoneType, "NoneType", TypeId::Object),
    (
        TypeId::NotImplementedType,
        "NotImplementedType",
        TypeId::Object,
    ),
    (TypeId::Ellipsis, "ellipsis", TypeId::Object),
    (TypeId::Int, "int", TypeId::Object),
    (TypeId::Bool, "bool", TypeId::Int),
    (TypeId::Float, "float", TypeId::Object),
    (TypeId::Complex, "complex", TypeId::Object),
    (TypeId::Str, "str", TypeId::Object),
    (TypeId::Bytes, "bytes", TypeId::Object),
    (TypeId::ByteArray, "bytearray", TypeId::Object),
    (TypeId::Tuple, "tuple", TypeId::Object),
    (TypeId::List, "list", TypeId::Object),
    (TypeId::Dict, "dict", TypeId::Object),
    (TypeId::Set, "set", TypeId::Object),
    (TypeId::FrozenSet, "frozenset", TypeId::Object),
    (TypeId::Range, "range", TypeId::Object),
    (TypeId::Slice, "slice", TypeId::Object),
    (TypeId::Function, "function", TypeId::Object),
    (
        TypeId::BuiltinFunction,
        "builtin_function_or_method",
        TypeId::Object,
    ),
    (TypeId::Method, "method", TypeId::Object),
    (TypeId::Module, "module", TypeId::Object),
    (TypeId::Cell, "cell", TypeId::Object),
    (TypeId::Generator, "generator", TypeId::Object),
    (TypeId::Coroutine, "coroutine", TypeId::Object),
    (TypeId::AsyncGenerator, "async_generator", TypeId::Object),
    (TypeId::AsyncStep, "async_generator_asend", TypeId::Object),
    (TypeId::Iterator, "iterator", TypeId::Object),
    (TypeId::Enumerate, "enumerate", TypeId::Object),
    (TypeId::Zip, "zip", TypeId::Object),
    (TypeId::Map, "map", TypeId::Object),
    (TypeId::Filter, "filter", TypeId::Object),
    (TypeId::Reversed, "reversed", TypeId::Object),
    (TypeId::DictKeys, "dict_keys", TypeId::Object),
    (TypeId::DictValues, "dict_values", TypeId::Object),
    (TypeId::DictItems, "dict_items", TypeId::Object),
    (TypeId::Property, "property", TypeId::Object),
    (TypeId::ClassMethod, "classmethod", TypeId::Object),
    (TypeId::StaticMethod, "staticmethod", TypeId::Object),
    (TypeId::Super, "super", TypeId::Object),
    (TypeId::Code, "code", TypeId::Object),
    (TypeId::Capability, "Capability", TypeId::Object),
    (TypeId::CapMemory, "Memory", TypeId::Object),
    (TypeId::MemoryView, "memoryview", TypeId::Object),
];

/// A native method table entry: name, function, accepts keywords.
pub type MethodDef = (&'static str, NativeFn, bool);

/// Creates the type objects and the exception hierarchy.
pub fn init_types(vm: &mut Vm) {
    let mut types: Vec<Gc> = Vec::with_capacity(ALL_TYPES.len());
    for &(id, name, base) in ALL_TYPES {
        let name_v = vm.intern(name);
        let mut bases = Vec::new();
        let mut mro = Vec::new();
        if id != TypeId::Object {
            let b = types[base as usize];
            bases.push(b);
            if let Obj::Class(bc) = vm.heap.get(b) {
                mro.extend_from_slice(&bc.mro);
            }
        }
        let class = Class {
            name: name_v,
            qualname: name_v,
            bases,
            mro: Vec::new(),
            dict: Default::default(),
            layout: if id == TypeId::Object {
                Layout::Object
            } else if id == TypeId::Type {
                Layout::Type
            } else {
                Layout::Builtin
            },
            builtin: Some(id),
            metaclass: Value::Null,
            flags: ClassFlags::default(),
        };
        let g = vm.alloc(Obj::Class(Box::new(class))).unwrap_or(vm.builtins);
        mro.insert(0, g);
        if let Obj::Class(c) = vm.heap.get_mut(g) {
            c.mro = mro;
        }
        vm.attr_cache.invalidate();
        types.push(g);
    }
    vm.types = types.into();
    for &(id, _, _) in ALL_TYPES {
        let defs = methods_of(id);
        let owner = Value::Obj(vm.types[id as usize]);
        // Special methods first, so a type's own table can replace one.
        let slots = slots::slots_of(id).iter().flat_map(|t| t.iter());
        for &(name, f, takes_kw) in slots.chain(defs).chain(extra_methods_of(id)) {
            let v = boot_native(vm, name, f, takes_kw, owner);
            let g = vm.types[id as usize];
            let _ = vm.dict_set_str_class(g, name, v);
        }
        // Class and static methods are wrapped so attribute lookup binds
        // them to the type (or not at all).
        for (defs, is_static) in [
            (classmethods_of(id), false),
            (staticmethods_of(id), true),
            (slots::new_of(id), true),
        ] {
            for &(name, f, takes_kw) in defs {
                let v = boot_native(vm, name, f, takes_kw, owner);
                let wrapped = if is_static {
                    Obj::StaticMethod(v)
                } else {
                    Obj::ClassMethod(v)
                };
                let Ok(w) = vm.alloc(wrapped) else {
                    continue;
                };
                let g = vm.types[id as usize];
                let _ = vm.dict_set_str_class(g, name, Value::Obj(w));
            }
        }
    }
    // The value types' own `__repr__` (and `str.__str__`), where they
    // would otherwise inherit `object`'s.
    for &id in VALUE_REPR_TYPES {
        let owner = Value::Obj(vm.types[id as usize]);
        let repr: crate::obj::NativeFn = if id == TypeId::Int {
            object::int_repr
        } else {
            object::value_repr
        };
        let mut defs: Vec<MethodDef> = vec![("__repr__", repr, false)];
        if id == TypeId::Str {
            defs.push(("__str__", object::str_str, false));
        }
        for (name, f, takes_kw) in defs {
            let g = vm.types[id as usize];
            if vm
                .lookup_mro_str(g, name)
                .is_some_and(|m| !vm.is_object_method(m))
            {
                continue;
            }
            let v = boot_native(vm, name, f, takes_kw, owner);
            let _ = vm.dict_set_str_class(g, name, v);
        }
    }
    // The mutable containers and the set-like dict views are unhashable: their
    // `__hash__` is None, as in CPython (`list.__hash__ is None`, which
    // dataclasses and collections.abc.Hashable check).
    for id in [
        TypeId::List,
        TypeId::Dict,
        TypeId::Set,
        TypeId::ByteArray,
        TypeId::DictKeys,
        TypeId::DictItems,
    ] {
        let g = vm.types[id as usize];
        let _ = vm.dict_set_str_class(g, "__hash__", Value::None);
    }
    exception::init_exceptions(vm);
    if let Ok(t) = vm.alloc(Obj::Tuple(Box::new([]))) {
        vm.empty_tuple = Some(t);
    }
}

/// [`native`] while the instance is being built: no limit applies then, so
/// the allocation cannot fail; if it ever did, the bug is flagged.
pub fn boot_native(
    vm: &mut Vm,
    name: &'static str,
    f: NativeFn,
    takes_kw: bool,
    owner: Value,
) -> Value {
    match native(vm, name, f, takes_kw, owner) {
        Ok(v) => v,
        Err(_) => {
            vm.heap
                .flag_bug("a built-in function could not be allocated at start-up");
            Value::None
        }
    }
}

/// Makes a native function object.
pub fn native(
    vm: &mut Vm,
    name: &'static str,
    f: NativeFn,
    takes_kw: bool,
    owner: Value,
) -> PyResult {
    let g = vm.alloc(Obj::Native(Box::new(NativeFunc {
        name,
        f,
        takes_kw,
        owner,
    })))?;
    Ok(Value::Obj(g))
}

/// The built-in value types whose repr is their value's. `bool` comes
/// before `int`, so that it gets its own `__repr__` instead of inheriting
/// `int.__repr__` (which shows a bool as the int it is).
const VALUE_REPR_TYPES: &[TypeId] = &[
    TypeId::Bool,
    TypeId::Int,
    TypeId::Float,
    TypeId::Complex,
    TypeId::Str,
    TypeId::Bytes,
    TypeId::ByteArray,
    TypeId::List,
    TypeId::Tuple,
    TypeId::Dict,
    TypeId::Set,
    TypeId::FrozenSet,
    TypeId::Range,
];

fn methods_of(id: TypeId) -> &'static [MethodDef] {
    match id {
        TypeId::Object => object::OBJECT_METHODS,
        TypeId::Type => object::TYPE_METHODS,
        TypeId::Str => str::METHODS,
        TypeId::List => list::METHODS,
        TypeId::Dict => dict::METHODS,
        TypeId::Tuple => list::TUPLE_METHODS,
        TypeId::Set => set::SET_METHODS,
        TypeId::FrozenSet => set::FROZENSET_METHODS,
        TypeId::Generator => gen::METHODS,
        TypeId::Coroutine => gen::COROUTINE_METHODS,
        TypeId::AsyncGenerator => asyncgen::AGEN_METHODS,
        TypeId::AsyncStep => asyncgen::STEP_METHODS,
        TypeId::Int | TypeId::Bool => int::INT_METHODS,
        TypeId::Float => int::FLOAT_METHODS,
        TypeId::Iterator
        | TypeId::Enumerate
        | TypeId::Zip
        | TypeId::Map
        | TypeId::Filter
        | TypeId::Reversed => iter::METHODS,
        TypeId::Range => range::METHODS,
        TypeId::Slice => list::SLICE_METHODS,
        TypeId::Property => object::PROPERTY_METHODS,
        TypeId::Capability => crate::modules::cheri::CAP_METHODS,
        TypeId::Bytes | TypeId::ByteArray => bytes::BYTES_METHODS,
        TypeId::MemoryView => memoryview::METHODS,
        TypeId::Complex => int::COMPLEX_METHODS,
        TypeId::DictKeys | TypeId::DictItems => dictview::SETLIKE_METHODS,
        _ => &[],
    }
}

/// Methods a type has beyond its main table (bytearray's mutators).
fn extra_methods_of(id: TypeId) -> &'static [MethodDef] {
    match id {
        TypeId::ByteArray => bytes::BYTEARRAY_METHODS,
        _ => &[],
    }
}

fn classmethods_of(id: TypeId) -> &'static [MethodDef] {
    match id {
        TypeId::Bytes | TypeId::ByteArray => bytes::BYTES_CLASSMETHODS,
        TypeId::Int => int::INT_CLASSMETHODS,
        TypeId::Float => int::FLOAT_CLASSMETHODS,
        TypeId::Dict => dict::CLASSMETHODS,
        TypeId::Object => object::OBJECT_CLASSMETHODS,
        TypeId::Type => object::TYPE_CLASSMETHODS,
        _ => &[],
    }
}

fn staticmethods_of(id: TypeId) -> &'static [MethodDef] {
    match id {
        TypeId::Str => str::STATICMETHODS,
        TypeId::Bytes | TypeId::ByteArray => bytes::STATICMETHODS,
        TypeId::Object => object::OBJECT_STATICMETHODS,
        _ => &[],
    }
}

/// The built-in type of a heap object that is not an instance of a user class.
pub fn type_id_of(o: &Obj) -> TypeId {
    match o {
        Obj::Free | Obj::Dead => TypeId::NoneType,
        Obj::Str(_) => TypeId::Str,
        Obj::Bytes(_) => TypeId::Bytes,
        Obj::ByteArray(_) => TypeId::ByteArray,
        Obj::BigInt(_) => TypeId::Int,
        Obj::Complex(..) => TypeId::Complex,
        Obj::Tuple(_) => TypeId::Tuple,
        Obj::List(_) => TypeId::List,
        Obj::Dict(_) => TypeId::Dict,
        Obj::Set(_) => TypeId::Set,
        Obj::FrozenSet(_) => TypeId::FrozenSet,
        Obj::Range { .. } | Obj::BigRange(_) => TypeId::Range,
        Obj::Slice(..) => TypeId::Slice,
        Obj::Func(_) => TypeId::Function,
        Obj::Native(_) => TypeId::BuiltinFunction,
        Obj::BoundMethod { .. } => TypeId::Method,
        Obj::Class(_) => TypeId::Type,
        // A deque's items are reached only through its instance.
        Obj::Instance(_) | Obj::Exception(_) | Obj::Deque(_) => TypeId::Object,
        // Reached only through their handle or Compartment instance.
        Obj::Sealed(_) | Obj::Compartment(_) => TypeId::Object,
        // Reached only through its hashlib/zlib instance.
        Obj::State(_) => TypeId::Object,
        Obj::Module(_) => TypeId::Module,
        Obj::Cell(_) => TypeId::Cell,
        Obj::Generator(g) => match g.kind {
            crate::obj::GenKind::Generator => TypeId::Generator,
            crate::obj::GenKind::Coroutine => TypeId::Coroutine,
            crate::obj::GenKind::AsyncGenerator => TypeId::AsyncGenerator,
        },
        Obj::Iter(it) => match **it {
            crate::obj::IterState::Enumerate { .. } => TypeId::Enumerate,
            crate::obj::IterState::Zip { .. } => TypeId::Zip,
            crate::obj::IterState::Map { .. } => TypeId::Map,
            crate::obj::IterState::Filter { .. } => TypeId::Filter,
            crate::obj::IterState::Reversed { .. } => TypeId::Reversed,
            crate::obj::IterState::AsyncStep { .. } => TypeId::AsyncStep,
            _ => TypeId::Iterator,
        },
        Obj::DictView { view, .. } => match view {
            crate::obj::DictView::Keys => TypeId::DictKeys,
            crate::obj::DictView::Values => TypeId::DictValues,
            crate::obj::DictView::Items => TypeId::DictItems,
        },
        Obj::Property { .. } => TypeId::Property,
        Obj::ClassMethod(_) => TypeId::ClassMethod,
        Obj::StaticMethod(_) => TypeId::StaticMethod,
        Obj::Super { .. } => TypeId::Super,
        Obj::Code(_) => TypeId::Code,
        Obj::Capability(_) => TypeId::Capability,
        Obj::CapMemory(_) => TypeId::CapMemory,
        Obj::MemoryView { .. } => TypeId::MemoryView,
    }
}

/// Attributes computed rather than stored (`__class__`, `__name__`, ...).
pub fn special_attr(vm: &mut Vm, obj: Value, name: Value) -> PyResult<Option<Value>> {
    let Some(n) = vm.heap.str_of(name).map(|s| s.to_string()) else {
        return Ok(None);
    };
    object::special_attr(vm, obj, &n)
}

/// Sequence and set operators on built-in values; None if not applicable.
pub fn seq_binop(vm: &mut Vm, op: BinOp, a: Value, b: Value) -> PyResult<Option<Value>> {
    containers::seq_binop(vm, op, a, b)
}

/// In-place operators that mutate built-in containers.
pub fn inplace_builtin(vm: &mut Vm, op: BinOp, a: Value, b: Value) -> PyResult<Option<Value>> {
    containers::inplace_builtin(vm, op, a, b)
}
