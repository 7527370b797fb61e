//! The value representation: small values inline, everything else a handle.
//!
//! `None`, booleans, integers that fit in 64 bits and floats are stored in
//! the [`Value`] itself, so arithmetic on them never touches the heap. Every
//! other object lives in the instance's [`Heap`](crate::heap::Heap) and is
//! named by a [`Gc`] handle: an arena index plus the slot's generation, so a
//! handle to a freed object can never reach the object that reuses its slot.

/// A handle to a heap object of one interpreter instance.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Gc {
    pub(crate) idx: u32,
    pub(crate) gen: u32,
}

/// A Python value.
#[derive(Clone, Copy, Debug)]
// A full-width tag puts every payload at offset 8, so a `Value` moves as two
// aligned words; with the default layout payloads sat at offsets 1, 4 and 8
// and copies became overlapping unaligned moves (fib ran ~30% slower).
#[repr(u64)]
pub enum Value {
    /// Not a Python value: an unbound local, an absent optional argument, or
    /// the "no self" marker of `LoadMethod`. Never visible to programs.
    Null,
    None,
    NotImplemented,
    Ellipsis,
    Bool(bool),
    Int(i64),
    Float(f64),
    Obj(Gc),
}

impl Value {
    #[inline]
    pub fn is_null(self) -> bool {
        matches!(self, Value::Null)
    }
    #[inline]
    pub fn is_none(self) -> bool {
        matches!(self, Value::None)
    }
    #[inline]
    pub fn as_obj(self) -> Option<Gc> {
        match self {
            Value::Obj(g) => Some(g),
            _ => None,
        }
    }
    /// Identity, as Python's `is`.
    #[inline]
    pub fn is(self, other: Value) -> bool {
        match (self, other) {
            (Value::Null, Value::Null)
            | (Value::None, Value::None)
            | (Value::NotImplemented, Value::NotImplemented)
            | (Value::Ellipsis, Value::Ellipsis) => true,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Int(a), Value::Int(b)) => a == b,
            (Value::Float(a), Value::Float(b)) => a.to_bits() == b.to_bits(),
            (Value::Obj(a), Value::Obj(b)) => a == b,
            _ => false,
        }
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}
impl From<i64> for Value {
    fn from(i: i64) -> Value {
        Value::Int(i)
    }
}
impl From<f64> for Value {
    fn from(f: f64) -> Value {
        Value::Float(f)
    }
}
impl From<Gc> for Value {
    fn from(g: Gc) -> Value {
        Value::Obj(g)
    }
}
