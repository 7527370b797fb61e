//! `a[i]` and `a[i] = v` for an `array.array` without a method call: the
//! interpreter's subscript instructions try these before looking up
//! `__getitem__` / `__setitem__`, which for an array is a native reached
//! through the special-method lookup, a bound call and the instance's
//! `typecode` attribute each time.
//!
//! Only the exact `array.array` class whose item methods nobody replaced
//! qualifies (its `ClassFlags::array`), only for an
//! in-range small int index and, when storing, a value that converts
//! without error. Everything else (slices, subclasses, `L`/`Q` items
//! beyond `i64`, out-of-range indices, wrong value types) answers None or
//! false and takes the general path, which raises what CPython raises.

use crate::obj::Obj;
use crate::value::{Gc, Value};
use crate::vm::Vm;

/// The typecode and byte buffer of array instance `h`, when it qualifies.
#[inline]
fn parts(vm: &Vm, h: Gc) -> Option<(u8, Gc)> {
    let Obj::Instance(i) = vm.heap.get(h) else {
        return None;
    };
    match vm.heap.get(i.class) {
        Obj::Class(c) if c.flags.array => {}
        _ => return None,
    }
    let Value::Obj(buf) = i.base else {
        return None;
    };
    // `typecode` is the first attribute an array is given (array.rs `make`);
    // an instance whose attributes changed shape since goes the long way.
    let (&(name, _), &tc) = (vm.shapes.names(i.shape()).first()?, i.slots().first()?);
    if vm.heap.plain_str_of(name) != Some("typecode") {
        return None;
    }
    let tc = *vm.heap.plain_str_of(tc)?.as_bytes().first()?;
    Some((tc, buf))
}

/// Item `i` of array `h` when that needs no allocation; None otherwise.
/// (Out of line: inlined into the interpreter loop's subscript arms it
/// made list-heavy code dearer, misc_aes +3.4% instructions.)
#[inline(never)]
pub(crate) fn get(vm: &Vm, h: Gc, i: i64) -> Option<Value> {
    let (tc, buf) = parts(vm, h)?;
    let Obj::ByteArray(b) = vm.heap.get(buf) else {
        return None;
    };
    let size = size_of(tc)?;
    let at = index(i, b.len() / size)? * size;
    let raw = b.get(at..at + size)?;
    let mut w = [0u8; 8];
    w[..size].copy_from_slice(raw);
    let q = u64::from_ne_bytes(w);
    let [b0, b1, b2, b3, ..] = w;
    Some(match tc {
        b'd' => Value::Float(f64::from_bits(q)),
        b'f' => Value::Float(f32::from_ne_bytes([b0, b1, b2, b3]) as f64),
        b'b' => Value::Int(b0 as i8 as i64),
        b'B' => Value::Int(b0 as i64),
        b'h' => Value::Int(i16::from_ne_bytes([b0, b1]) as i64),
        b'H' => Value::Int(u16::from_ne_bytes([b0, b1]) as i64),
        b'i' => Value::Int(i32::from_ne_bytes([b0, b1, b2, b3]) as i64),
        b'I' => Value::Int(u32::from_ne_bytes([b0, b1, b2, b3]) as i64),
        b'l' | b'q' => Value::Int(q as i64),
        // Unsigned 64-bit items above i64::MAX need a big int.
        b'L' | b'Q' => Value::Int(i64::try_from(q).ok()?),
        _ => return None,
    })
}

/// Stores `v` as item `i` of array `h`; false (nothing stored) when the
/// general path must do it. (Out of line, as [`get`].)
#[inline(never)]
pub(crate) fn set(vm: &mut Vm, h: Gc, i: i64, v: Value) -> bool {
    let Some((tc, buf)) = parts(vm, h) else {
        return false;
    };
    let Some(size) = size_of(tc) else {
        return false;
    };
    let Some(bytes) = encode(tc, v) else {
        return false;
    };
    let Obj::ByteArray(b) = vm.heap.get_mut(buf) else {
        return false;
    };
    let Some(at) = index(i, b.len() / size).map(|j| j * size) else {
        return false;
    };
    match b.get_mut(at..at + size) {
        Some(dst) => {
            // Native-endian: the item's bytes are the low-order `size`
            // bytes of the 8-byte form on little-endian machines.
            let src = if cfg!(target_endian = "little") {
                &bytes[..size]
            } else {
                &bytes[8 - size..]
            };
            dst.copy_from_slice(src);
            true
        }
        None => false,
    }
}

/// The 8-byte native form of `v` as an item of typecode `tc` (for `f`,
/// the low 4 bytes hold the f32), or None when `v` is no plain float or
/// int, or an int out of the item's range.
fn encode(tc: u8, v: Value) -> Option<[u8; 8]> {
    let n = match (tc, v) {
        (b'd', Value::Float(f)) => return Some(f.to_ne_bytes()),
        (b'd', Value::Int(n)) => return Some((n as f64).to_ne_bytes()),
        (b'f', Value::Float(f)) => return Some(f32_bytes(f as f32)),
        (b'f', Value::Int(n)) => return Some(f32_bytes(n as f64 as f32)),
        (_, Value::Int(n)) => n,
        (_, Value::Bool(b)) if tc != b'd' && tc != b'f' => b as i64,
        _ => return None,
    };
    let (lo, hi) = match tc {
        b'b' => (i8::MIN as i64, i8::MAX as i64),
        b'B' => (0, u8::MAX as i64),
        b'h' => (i16::MIN as i64, i16::MAX as i64),
        b'H' => (0, u16::MAX as i64),
        b'i' => (i32::MIN as i64, i32::MAX as i64),
        b'I' => (0, u32::MAX as i64),
        b'l' | b'q' => (i64::MIN, i64::MAX),
        b'L' | b'Q' => (0, i64::MAX),
        _ => return None,
    };
    if !(lo..=hi).contains(&n) {
        return None;
    }
    Some(n.to_ne_bytes())
}

fn f32_bytes(f: f32) -> [u8; 8] {
    let mut w = [0u8; 8];
    let b = f.to_ne_bytes();
    if cfg!(target_endian = "little") {
        w[..4].copy_from_slice(&b);
    } else {
        w[4..].copy_from_slice(&b);
    }
    w
}

fn size_of(tc: u8) -> Option<usize> {
    Some(match tc {
        b'b' | b'B' => 1,
        b'h' | b'H' => 2,
        b'i' | b'I' | b'f' => 4,
        b'l' | b'L' | b'q' | b'Q' | b'd' => 8,
        _ => return None,
    })
}

/// `i` as a position in a sequence of `len` items (negative counts from
/// the end), or None when out of range.
#[inline]
fn index(i: i64, len: usize) -> Option<usize> {
    let i = if i < 0 { i.checked_add(len as i64)? } else { i };
    usize::try_from(i).ok().filter(|&i| i < len)
}
