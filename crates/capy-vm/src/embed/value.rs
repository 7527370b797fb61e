//! Values as a host sees them: [`HostValue`], owned and independent of any
//! heap, and the conversions between it and a sandbox's values.
//!
//! | sandbox | host |
//! | --- | --- |
//! | None, bool, int (any size), float, complex, str, bytes, bytearray | the same |
//! | list, tuple, dict, set, frozenset (exactly these types) | the same, item by item |
//! | anything else (functions, classes, instances, subclasses of the above, iterators, modules) | [`HostValue::Opaque`] |
//!
//! A container met again inside itself, or nested deeper than
//! [`MAX_DEPTH`], crosses as an opaque handle rather than failing: a
//! conversion out of the sandbox never fails.

use super::host::state_mut;
use crate::obj::Obj;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use num_bigint::BigInt;
use num_traits::ToPrimitive;

/// Nesting of containers a conversion follows; deeper ones cross as
/// opaque handles (out of the sandbox) or are refused (into it).
pub const MAX_DEPTH: usize = 200;

/// A value outside any sandbox heap: what [`super::Sandbox`] returns and
/// what host functions receive and return.
#[derive(Clone, Debug, PartialEq)]
pub enum HostValue {
    None,
    Bool(bool),
    /// An int of any size.
    Int(BigInt),
    Float(f64),
    /// Real and imaginary parts.
    Complex(f64, f64),
    Str(String),
    Bytes(Vec<u8>),
    ByteArray(Vec<u8>),
    List(Vec<HostValue>),
    Tuple(Vec<HostValue>),
    /// A dict's items in insertion order.
    Dict(Vec<(HostValue, HostValue)>),
    Set(Vec<HostValue>),
    FrozenSet(Vec<HostValue>),
    /// Any other sandbox object, by a handle the sandbox keeps alive until
    /// [`super::Sandbox::release`] or a reset; passed back in, it is the
    /// same object again.
    Opaque(u64),
}

impl HostValue {
    /// An int from anything that converts into a [`BigInt`].
    pub fn int(i: impl Into<BigInt>) -> HostValue {
        HostValue::Int(i.into())
    }

    pub fn str(s: impl Into<String>) -> HostValue {
        HostValue::Str(s.into())
    }

    /// The int as an `i64`, if it is an int that fits.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            HostValue::Int(i) => i.to_i64(),
            _ => None,
        }
    }

    /// The text, if it is a str.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            HostValue::Str(s) => Some(s),
            _ => None,
        }
    }
}

impl From<i64> for HostValue {
    fn from(i: i64) -> HostValue {
        HostValue::Int(i.into())
    }
}

impl From<&str> for HostValue {
    fn from(s: &str) -> HostValue {
        HostValue::Str(s.to_string())
    }
}

impl From<f64> for HostValue {
    fn from(f: f64) -> HostValue {
        HostValue::Float(f)
    }
}

impl From<bool> for HostValue {
    fn from(b: bool) -> HostValue {
        HostValue::Bool(b)
    }
}

/// `v` (a value of `vm`) as a host value; objects that do not convert are
/// kept in the sandbox's handle table.
pub(crate) fn to_host(vm: &mut Vm, v: Value) -> HostValue {
    let mut path = Vec::new();
    out_of(vm, v, &mut path)
}

fn out_of(vm: &mut Vm, v: Value, path: &mut Vec<Gc>) -> HostValue {
    let g = match v {
        Value::None => return HostValue::None,
        Value::Bool(b) => return HostValue::Bool(b),
        Value::Int(i) => return HostValue::Int(i.into()),
        Value::Float(f) => return HostValue::Float(f),
        Value::Obj(g) => g,
        Value::Null | Value::NotImplemented | Value::Ellipsis => return opaque(vm, v),
    };
    enum Items {
        List(Vec<Value>),
        Tuple(Vec<Value>),
        Dict(Vec<(Value, Value)>),
        Set(Vec<Value>, bool),
    }
    let items = match vm.heap.get(g) {
        Obj::Str(s) => return HostValue::Str(s.s.to_string()),
        Obj::Bytes(b) => return HostValue::Bytes(b.to_vec()),
        Obj::ByteArray(b) => return HostValue::ByteArray(b.clone()),
        Obj::BigInt(b) => return HostValue::Int((**b).clone()),
        Obj::Complex(re, im) => return HostValue::Complex(*re, *im),
        // Containers are followed unless met again inside themselves.
        _ if path.len() >= MAX_DEPTH || path.contains(&g) => return opaque(vm, v),
        Obj::List(items) => Items::List(items.clone()),
        Obj::Tuple(items) => Items::Tuple(items.to_vec()),
        Obj::Dict(d) => Items::Dict(d.iter().collect()),
        Obj::Set(d) => Items::Set(d.iter().map(|(k, _)| k).collect(), false),
        Obj::FrozenSet(d) => Items::Set(d.iter().map(|(k, _)| k).collect(), true),
        _ => return opaque(vm, v),
    };
    path.push(g);
    let mut each = |vs: Vec<Value>| -> Vec<HostValue> {
        vs.into_iter().map(|x| out_of(vm, x, path)).collect()
    };
    let r = match items {
        Items::List(vs) => HostValue::List(each(vs)),
        Items::Tuple(vs) => HostValue::Tuple(each(vs)),
        Items::Set(vs, false) => HostValue::Set(each(vs)),
        Items::Set(vs, true) => HostValue::FrozenSet(each(vs)),
        Items::Dict(kvs) => HostValue::Dict(
            kvs.into_iter()
                .map(|(k, x)| (out_of(vm, k, path), out_of(vm, x, path)))
                .collect(),
        ),
    };
    path.pop();
    r
}

fn opaque(vm: &mut Vm, v: Value) -> HostValue {
    HostValue::Opaque(state_mut(vm).keep(v))
}

/// `h` as a value of `vm` (allocated there, rooted until the caller's
/// scope of temporary roots ends). A dict key or set item that is not
/// hashable is a TypeError; an opaque handle the sandbox does not know,
/// a ValueError.
pub(crate) fn to_vm(vm: &mut Vm, h: &HostValue) -> PyResult {
    into(vm, h, 0)
}

fn into(vm: &mut Vm, h: &HostValue, depth: usize) -> PyResult {
    if depth > MAX_DEPTH {
        return Err(vm.value_error(format!(
            "a value nested more than {MAX_DEPTH} deep cannot enter the sandbox"
        )));
    }
    let d = depth + 1;
    let items = |vm: &mut Vm, xs: &[HostValue]| -> PyResult<Vec<Value>> {
        xs.iter().map(|x| into(vm, x, d)).collect()
    };
    Ok(match h {
        HostValue::None => Value::None,
        HostValue::Bool(b) => Value::Bool(*b),
        HostValue::Int(i) => vm.new_bigint(i.clone())?,
        HostValue::Float(f) => Value::Float(*f),
        HostValue::Complex(re, im) => Value::Obj(vm.alloc(Obj::Complex(*re, *im))?),
        HostValue::Str(s) => vm.new_str(s)?,
        HostValue::Bytes(b) => Value::Obj(vm.alloc(Obj::Bytes(b.clone().into()))?),
        HostValue::ByteArray(b) => Value::Obj(vm.alloc(Obj::ByteArray(b.clone()))?),
        HostValue::List(xs) => {
            let vs = items(vm, xs)?;
            vm.new_list(vs)?
        }
        HostValue::Tuple(xs) => {
            let vs = items(vm, xs)?;
            vm.new_tuple(vs)?
        }
        HostValue::Set(xs) => {
            let vs = items(vm, xs)?;
            vm.new_set(vs)?
        }
        HostValue::FrozenSet(xs) => {
            let vs = items(vm, xs)?;
            frozenset(vm, vs)?
        }
        HostValue::Dict(kvs) => {
            let dict = vm.new_dict()?;
            for (k, x) in kvs {
                let k = into(vm, k, d)?;
                let x = into(vm, x, d)?;
                vm.dict_set(dict, k, x)?;
            }
            dict
        }
        HostValue::Opaque(id) => match state_mut(vm).kept(*id) {
            Some(v) => v,
            None => {
                return Err(vm.value_error(format!(
                    "opaque handle {id} is not known to this sandbox (released, reset, or another sandbox's)"
                )))
            }
        },
    })
}

fn frozenset(vm: &mut Vm, items: Vec<Value>) -> PyResult {
    let s = vm.new_set(items)?;
    if let Value::Obj(h) = s {
        if let Obj::Set(tb) = vm.heap.get_mut(h) {
            let tb = std::mem::take(tb);
            *vm.heap.get_mut(h) = Obj::FrozenSet(tb);
        }
    }
    Ok(s)
}
