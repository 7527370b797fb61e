//! Bound methods (`method`): equality and hash.
//!
//! As in CPython 3.8+, two bound methods are equal when they bind the same
//! object (by identity) to the same function, and the hash follows that
//! identity, so `a.f == a.f` and `hash(a.f) == hash(a.f)` although each
//! attribute access makes a new bound method object.

use crate::value::Value;

/// A hash of a value's identity (inline values by their bits).
fn identity_bits(v: Value) -> u64 {
    match v {
        Value::Obj(h) => crate::ops::identity_hash(h),
        Value::Int(i) => i as u64,
        Value::Float(f) => f.to_bits(),
        Value::Bool(b) => b as u64 + 0x3b,
        Value::None => 0x9e37_79b9,
        Value::NotImplemented => 0x5eee,
        Value::Ellipsis => 0x5eed,
        Value::Null => 0,
    }
}

/// Whether two bound methods (their `__self__` and `__func__`) are equal.
pub fn method_eq(this1: Value, func1: Value, this2: Value, func2: Value) -> bool {
    this1.is(this2) && func1.is(func2)
}

/// `hash(m)` for a bound method: consistent with [`method_eq`].
pub fn method_hash(this: Value, func: Value) -> u64 {
    let h = identity_bits(this) ^ identity_bits(func).rotate_left(29);
    // -1 is not a hash value in CPython.
    if h == u64::MAX {
        h - 1
    } else {
        h
    }
}
