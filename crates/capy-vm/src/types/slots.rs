//! The special methods of the built-in types as callable attributes:
//! `dict.__setitem__(self, k, v)`, `super().__init__(items)`,
//! `int.__add__(3, 4)`, `s.__contains__(x)`.
//!
//! The interpreter does not go through these to run `a + b` or `d[k]` on
//! built-in values: it has direct paths for those, and falls back to an
//! instance's built-in value when a subclass does not override a method.
//! These wrappers exist so that Python code can name and call the methods
//! explicitly, as it can in CPython. Each checks that `self` is an instance
//! of its type (the const parameter `T`, a `TypeId`) and then works on the
//! built-in value inside it.

use crate::errors::ExcKind;
use crate::obj::Obj;
use crate::types::{MethodDef, TypeId};
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;
use capy_compiler::{BinOp, CmpOp, UnOp};

type Kw<'a> = &'a [(Value, Value)];

/// The `TypeId` whose discriminant is `T`.
fn type_id<const T: u8>() -> TypeId {
    crate::types::ALL_TYPES
        .iter()
        .map(|e| e.0)
        .find(|&id| id as u8 == T)
        .unwrap_or(TypeId::Object)
}

/// The built-in value of `a[0]`, after checking it is an instance of type `T`.
fn this<const T: u8>(vm: &mut Vm, a: &[Value], name: &str) -> PyResult<Value> {
    let t = vm.types[T as usize];
    match a.first() {
        Some(&s) if vm.isinstance(s, t) => Ok(vm.builtin_base(s)),
        Some(&s) => {
            let (want, got) = (vm.class_name(t), vm.type_name(s));
            Err(vm.type_error(format!(
                "descriptor '{name}' for '{want}' objects doesn't apply to a '{got}' object"
            )))
        }
        None => {
            let want = vm.class_name(t);
            Err(vm.type_error(format!(
                "descriptor '{name}' of '{want}' object needs an argument"
            )))
        }
    }
}

/// TypeError unless exactly `n` arguments follow `self`.
fn arity(vm: &mut Vm, a: &[Value], n: usize, _name: &str) -> PyResult<()> {
    let got = a.len().saturating_sub(1);
    if got == n {
        return Ok(());
    }
    Err(vm.type_error(format!(
        "expected {n} argument{}, got {got}",
        if n == 1 { "" } else { "s" }
    )))
}

/// The other operand of a binary method of type `T`, or None when the
/// method does not know it and answers NotImplemented (leaving the other
/// operand's reflected method to run): an instance of a Python class with
/// no built-in value, or a number of a wider kind (`int.__add__(1, 2.5)`).
fn operand<const T: u8>(vm: &Vm, v: Value) -> Option<Value> {
    let b = vm.builtin_base(v);
    if b.is(v) && vm.is_user_instance(v) {
        return None;
    }
    let rank = |x: Value| match crate::types::num::as_num(&vm.heap, x) {
        Some(crate::types::num::Num::I(_) | crate::types::num::Num::B(_)) => Some(0),
        Some(crate::types::num::Num::F(_)) => Some(1),
        Some(crate::types::num::Num::C(..)) => Some(2),
        None => None,
    };
    let own = match T {
        x if x == TypeId::Int as u8 => Some(0),
        x if x == TypeId::Float as u8 => Some(1),
        x if x == TypeId::Complex as u8 => Some(2),
        _ => None,
    };
    match (own, rank(b)) {
        (Some(o), Some(r)) if r > o => None,
        (Some(_), None) => None,
        _ => Some(b),
    }
}

/// A TypeError from a built-in operation becomes NotImplemented.
fn or_not_implemented(vm: &Vm, r: PyResult) -> PyResult {
    match r {
        Err(e) if vm.err_is(e, ExcKind::TypeError) => Ok(Value::NotImplemented),
        r => r,
    }
}

fn binop<const T: u8, const OP: usize, const REFL: bool>(
    vm: &mut Vm,
    a: &[Value],
    _: Kw,
) -> PyResult {
    let op = BinOp::ALL[OP];
    let (f, r, _) = op.dunders();
    let name = if REFL { r } else { f };
    let s = this::<T>(vm, a, name)?;
    arity(vm, a, 1, name)?;
    let Some(o) = operand::<T>(vm, a[1]) else {
        return Ok(Value::NotImplemented);
    };
    let (x, y) = if REFL { (o, s) } else { (s, o) };
    let r = vm.binary_op(op, x, y);
    or_not_implemented(vm, r)
}

/// In-place operators of the mutable types: mutate the built-in value and
/// return `self` (the subclass instance, not its built-in value).
fn inplace<const T: u8, const OP: usize>(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let op = BinOp::ALL[OP];
    let name = op.dunders().2;
    let s = this::<T>(vm, a, name)?;
    arity(vm, a, 1, name)?;
    let Some(o) = operand::<T>(vm, a[1]) else {
        return Ok(Value::NotImplemented);
    };
    match crate::types::inplace_builtin(vm, op, s, o) {
        Ok(Some(_)) => Ok(a[0]),
        Ok(None) => Ok(Value::NotImplemented),
        Err(e) => or_not_implemented(vm, Err(e)),
    }
}

const CMP_OPS: [(CmpOp, &str); 6] = [
    (CmpOp::Lt, "__lt__"),
    (CmpOp::Le, "__le__"),
    (CmpOp::Eq, "__eq__"),
    (CmpOp::Ne, "__ne__"),
    (CmpOp::Gt, "__gt__"),
    (CmpOp::Ge, "__ge__"),
];

fn compare<const T: u8, const OP: usize>(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (op, name) = CMP_OPS[OP];
    let s = this::<T>(vm, a, name)?;
    arity(vm, a, 1, name)?;
    let Some(o) = operand::<T>(vm, a[1]) else {
        return Ok(Value::NotImplemented);
    };
    let r = vm.compare(op, s, o);
    or_not_implemented(vm, r)
}

const UN_OPS: [(UnOp, &str); 3] = [
    (UnOp::Neg, "__neg__"),
    (UnOp::Pos, "__pos__"),
    (UnOp::Invert, "__invert__"),
];

fn unary<const T: u8, const OP: usize>(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (op, name) = UN_OPS[OP];
    let s = this::<T>(vm, a, name)?;
    arity(vm, a, 0, name)?;
    vm.unary_op(op, s)
}

fn abs<const T: u8>(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let s = this::<T>(vm, a, "__abs__")?;
    arity(vm, a, 0, "__abs__")?;
    crate::builtins::abs(vm, &[s], kw)
}

fn bool_<const T: u8>(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this::<T>(vm, a, "__bool__")?;
    arity(vm, a, 0, "__bool__")?;
    Ok(Value::Bool(vm.truthy(s)?))
}

fn hash<const T: u8>(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this::<T>(vm, a, "__hash__")?;
    arity(vm, a, 0, "__hash__")?;
    let h = vm.hash(s)?;
    // CPython's hashes are signed machine words.
    Ok(Value::Int(h as i64))
}

fn len<const T: u8>(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this::<T>(vm, a, "__len__")?;
    arity(vm, a, 0, "__len__")?;
    let n = vm.len(s)?;
    Ok(Value::Int(n as i64))
}

fn iter<const T: u8>(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this::<T>(vm, a, "__iter__")?;
    arity(vm, a, 0, "__iter__")?;
    vm.get_iter(s)
}

fn contains<const T: u8>(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this::<T>(vm, a, "__contains__")?;
    arity(vm, a, 1, "__contains__")?;
    Ok(Value::Bool(vm.contains(s, a[1])?))
}

fn getitem<const T: u8>(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this::<T>(vm, a, "__getitem__")?;
    arity(vm, a, 1, "__getitem__")?;
    match vm.getitem(s, a[1]) {
        // A dict subclass's `__missing__` answers for absent keys.
        Err(e) if T == TypeId::Dict as u8 && !s.is(a[0]) && vm.err_is(e, ExcKind::KeyError) => {
            match vm.lookup_type_attr(a[0], "__missing__") {
                Some(m) => vm.call(m, &[a[0], a[1]], &[]),
                None => Err(e),
            }
        }
        r => r,
    }
}

fn setitem<const T: u8>(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this::<T>(vm, a, "__setitem__")?;
    arity(vm, a, 2, "__setitem__")?;
    vm.setitem(s, a[1], a[2])?;
    Ok(Value::None)
}

fn delitem<const T: u8>(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this::<T>(vm, a, "__delitem__")?;
    arity(vm, a, 1, "__delitem__")?;
    vm.delitem(s, a[1])?;
    Ok(Value::None)
}

/// `list.__init__(self, iterable=())` and the same for set and bytearray:
/// replace the contents. `dict.__init__` updates instead, as in CPython.
fn init<const T: u8>(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let s = this::<T>(vm, a, "__init__")?;
    let t = type_id::<T>();
    let tobj = vm.types[T as usize];
    let fresh = crate::builtins::construct(vm, t, tobj, &a[1..], kw)?;
    if t == TypeId::Dict {
        vm.dict_update(s, fresh, false)?;
        return Ok(Value::None);
    }
    let (Value::Obj(dst), Value::Obj(src)) = (s, fresh) else {
        return Ok(Value::None);
    };
    // `fresh` is garbage after this: move its contents instead of copying.
    let contents = match vm.heap.get_mut(src) {
        Obj::List(l) => Obj::List(std::mem::take(l)),
        Obj::Set(d) => Obj::Set(std::mem::take(d)),
        Obj::ByteArray(b) => Obj::ByteArray(std::mem::take(b)),
        _ => return Ok(Value::None),
    };
    let dst = vm.heap.get_mut(dst);
    if std::mem::discriminant(dst) == std::mem::discriminant(&contents) {
        *dst = contents;
    }
    Ok(Value::None)
}

/// `T.__new__(cls, *args)`: builds an instance of `cls`, a subclass of
/// built-in type `T` (or `T` itself), from the arguments.
fn new<const T: u8>(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let t = vm.types[T as usize];
    let tname = vm.class_name(t);
    let cls = match a.first() {
        Some(&Value::Obj(c)) if matches!(vm.heap.get(c), Obj::Class(_)) => c,
        Some(&v) => {
            let n = vm.type_name(v);
            return Err(vm.type_error(format!("{tname}.__new__(X): X is not a type object ({n})")));
        }
        None => return Err(vm.type_error(format!("{tname}.__new__(): not enough arguments"))),
    };
    if !vm.is_subclass(cls, t) {
        let n = vm.class_name(cls);
        return Err(vm.type_error(format!(
            "{tname}.__new__({n}): {n} is not a subtype of {tname}"
        )));
    }
    let Obj::Class(c) = vm.heap.get(cls) else {
        return Ok(Value::None);
    };
    let (layout, builtin) = (c.layout, c.builtin);
    if cls == t {
        return crate::builtins::construct(vm, type_id::<T>(), t, &a[1..], kw);
    }
    vm.default_new(cls, layout, builtin, &a[1..], kw)
}

/// The `__new__` static methods of the built-in types that have one.
pub fn new_of(id: TypeId) -> &'static [MethodDef] {
    use TypeId as T;
    macro_rules! new {
        ($t:expr) => {
            &[("__new__", new::<{ $t as u8 }>, true)]
        };
    }
    match id {
        T::Int => new!(T::Int),
        T::Bool => new!(T::Bool),
        T::Float => new!(T::Float),
        T::Complex => new!(T::Complex),
        T::Str => new!(T::Str),
        T::Bytes => new!(T::Bytes),
        T::ByteArray => new!(T::ByteArray),
        T::Tuple => new!(T::Tuple),
        T::List => new!(T::List),
        T::Dict => new!(T::Dict),
        T::Set => new!(T::Set),
        T::FrozenSet => new!(T::FrozenSet),
        T::Range => new!(T::Range),
        _ => &[],
    }
}

/// `(name, reflected name, BinOp::ALL index)` triples of type `$t` as
/// method-table entries, the forward and the reflected method of each.
macro_rules! binops {
    ($t:expr; $(($f:literal, $r:literal, $op:literal)),* $(,)?) => {
        &[$(
            ($f, binop::<{ $t as u8 }, $op, false>, false),
            ($r, binop::<{ $t as u8 }, $op, true>, false),
        )*]
    };
}

/// The six comparisons of type `$t`, in `CMP_OPS` order.
macro_rules! comparisons {
    ($t:expr) => {
        &[
            ("__lt__", compare::<{ $t as u8 }, 0>, false),
            ("__le__", compare::<{ $t as u8 }, 1>, false),
            ("__eq__", compare::<{ $t as u8 }, 2>, false),
            ("__ne__", compare::<{ $t as u8 }, 3>, false),
            ("__gt__", compare::<{ $t as u8 }, 4>, false),
            ("__ge__", compare::<{ $t as u8 }, 5>, false),
        ]
    };
}

/// Arithmetic of the number types.
macro_rules! arithmetic {
    ($t:expr) => {
        binops!($t;
            ("__add__", "__radd__", 0),
            ("__sub__", "__rsub__", 1),
            ("__mul__", "__rmul__", 2),
            ("__truediv__", "__rtruediv__", 4),
            ("__floordiv__", "__rfloordiv__", 5),
            ("__mod__", "__rmod__", 6),
            ("__pow__", "__rpow__", 7),
        )
    };
}

/// Unary operators, truth and hash of the number types.
macro_rules! number {
    ($t:expr) => {
        &[
            ("__neg__", unary::<{ $t as u8 }, 0>, false),
            ("__pos__", unary::<{ $t as u8 }, 1>, false),
            ("__abs__", abs::<{ $t as u8 }>, false),
            ("__bool__", bool_::<{ $t as u8 }>, false),
            ("__hash__", hash::<{ $t as u8 }>, false),
        ]
    };
}

const INT_SLOTS: &[MethodDef] = binops!(TypeId::Int;
    ("__lshift__", "__rlshift__", 8),
    ("__rshift__", "__rrshift__", 9),
    ("__and__", "__rand__", 10),
    ("__or__", "__ror__", 11),
    ("__xor__", "__rxor__", 12),
);
const INT_INVERT: &[MethodDef] = &[("__invert__", unary::<{ TypeId::Int as u8 }, 2>, false)];

/// `__len__`, `__iter__` and `__contains__`.
macro_rules! collection_slots {
    ($t:expr) => {
        &[
            ("__len__", len::<{ $t as u8 }>, false),
            ("__iter__", iter::<{ $t as u8 }>, false),
            ("__contains__", contains::<{ $t as u8 }>, false),
        ]
    };
}

/// Indexing and concatenation of the sequences.
macro_rules! sequence_slots {
    ($t:expr) => {
        &[
            ("__getitem__", getitem::<{ $t as u8 }>, false),
            ("__add__", binop::<{ $t as u8 }, 0, false>, false),
            ("__mul__", binop::<{ $t as u8 }, 2, false>, false),
            ("__rmul__", binop::<{ $t as u8 }, 2, true>, false),
        ]
    };
}

macro_rules! mutable_slots {
    ($t:expr) => {
        &[
            ("__setitem__", setitem::<{ $t as u8 }>, false),
            ("__delitem__", delitem::<{ $t as u8 }>, false),
            ("__iadd__", inplace::<{ $t as u8 }, 0>, false),
            ("__imul__", inplace::<{ $t as u8 }, 2>, false),
            ("__init__", init::<{ $t as u8 }>, true),
        ]
    };
}

macro_rules! set_slots {
    ($t:expr) => {
        binops!($t;
            ("__sub__", "__rsub__", 1),
            ("__and__", "__rand__", 10),
            ("__or__", "__ror__", 11),
            ("__xor__", "__rxor__", 12),
        )
    };
}

const SET_MUTATORS: &[MethodDef] = &[
    ("__isub__", inplace::<{ TypeId::Set as u8 }, 1>, false),
    ("__iand__", inplace::<{ TypeId::Set as u8 }, 10>, false),
    ("__ior__", inplace::<{ TypeId::Set as u8 }, 11>, false),
    ("__ixor__", inplace::<{ TypeId::Set as u8 }, 12>, false),
    ("__init__", init::<{ TypeId::Set as u8 }>, true),
];

const DICT_SLOTS: &[MethodDef] = &[
    ("__getitem__", getitem::<{ TypeId::Dict as u8 }>, false),
    ("__setitem__", setitem::<{ TypeId::Dict as u8 }>, false),
    ("__delitem__", delitem::<{ TypeId::Dict as u8 }>, false),
    ("__or__", binop::<{ TypeId::Dict as u8 }, 11, false>, false),
    ("__ror__", binop::<{ TypeId::Dict as u8 }, 11, true>, false),
    ("__ior__", inplace::<{ TypeId::Dict as u8 }, 11>, false),
    ("__init__", init::<{ TypeId::Dict as u8 }>, true),
];

const RANGE_SLOTS: &[MethodDef] = &[
    ("__getitem__", getitem::<{ TypeId::Range as u8 }>, false),
    ("__len__", len::<{ TypeId::Range as u8 }>, false),
    ("__iter__", iter::<{ TypeId::Range as u8 }>, false),
    ("__contains__", contains::<{ TypeId::Range as u8 }>, false),
    ("__eq__", compare::<{ TypeId::Range as u8 }, 2>, false),
    ("__ne__", compare::<{ TypeId::Range as u8 }, 3>, false),
    ("__hash__", hash::<{ TypeId::Range as u8 }>, false),
];

const MEMORYVIEW_SLOTS: &[MethodDef] = &[
    (
        "__getitem__",
        getitem::<{ TypeId::MemoryView as u8 }>,
        false,
    ),
    (
        "__setitem__",
        setitem::<{ TypeId::MemoryView as u8 }>,
        false,
    ),
    ("__len__", len::<{ TypeId::MemoryView as u8 }>, false),
    ("__iter__", iter::<{ TypeId::MemoryView as u8 }>, false),
    ("__eq__", compare::<{ TypeId::MemoryView as u8 }, 2>, false),
    ("__ne__", compare::<{ TypeId::MemoryView as u8 }, 3>, false),
];

const STR_MOD: &[MethodDef] = &[("__mod__", binop::<{ TypeId::Str as u8 }, 6, false>, false)];
const BYTES_MOD: &[MethodDef] = &[("__mod__", binop::<{ TypeId::Bytes as u8 }, 6, false>, false)];

/// The special-method tables of built-in type `id`, in the order they are
/// stored (later tables do not replace earlier names: none repeat).
pub fn slots_of(id: TypeId) -> &'static [&'static [MethodDef]] {
    use TypeId as T;
    match id {
        T::Int => &[
            arithmetic!(T::Int),
            number!(T::Int),
            comparisons!(T::Int),
            INT_SLOTS,
            INT_INVERT,
        ],
        T::Float => &[
            arithmetic!(T::Float),
            number!(T::Float),
            comparisons!(T::Float),
        ],
        T::Complex => &[
            arithmetic!(T::Complex),
            number!(T::Complex),
            comparisons!(T::Complex),
        ],
        T::Str => &[
            collection_slots!(T::Str),
            comparisons!(T::Str),
            sequence_slots!(T::Str),
            STR_MOD,
            &[("__hash__", hash::<{ T::Str as u8 }>, false)],
        ],
        T::Bytes => &[
            collection_slots!(T::Bytes),
            comparisons!(T::Bytes),
            sequence_slots!(T::Bytes),
            BYTES_MOD,
            &[("__hash__", hash::<{ T::Bytes as u8 }>, false)],
        ],
        T::ByteArray => &[
            collection_slots!(T::ByteArray),
            comparisons!(T::ByteArray),
            sequence_slots!(T::ByteArray),
            mutable_slots!(T::ByteArray),
        ],
        T::Tuple => &[
            collection_slots!(T::Tuple),
            comparisons!(T::Tuple),
            sequence_slots!(T::Tuple),
            &[("__hash__", hash::<{ T::Tuple as u8 }>, false)],
        ],
        T::List => &[
            collection_slots!(T::List),
            comparisons!(T::List),
            sequence_slots!(T::List),
            mutable_slots!(T::List),
        ],
        T::Dict => &[
            collection_slots!(T::Dict),
            comparisons!(T::Dict),
            DICT_SLOTS,
        ],
        T::Set => &[
            collection_slots!(T::Set),
            comparisons!(T::Set),
            set_slots!(T::Set),
            SET_MUTATORS,
        ],
        T::FrozenSet => &[
            collection_slots!(T::FrozenSet),
            comparisons!(T::FrozenSet),
            set_slots!(T::FrozenSet),
            &[("__hash__", hash::<{ T::FrozenSet as u8 }>, false)],
        ],
        T::Range => &[RANGE_SLOTS],
        T::MemoryView => &[MEMORYVIEW_SLOTS],
        _ => &[],
    }
}
