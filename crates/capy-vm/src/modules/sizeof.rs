//! `sys.getsizeof`: the sizes CPython 3.11 reports on a 64-bit machine,
//! computed from each value's contents. Programs print these numbers (to
//! compare representations, to show memory use); capy's own layout is
//! different and its real costs are in `gc.mem_alloc()` and the heap
//! statistics, so the one useful answer here is CPython's.
//!
//! Containers whose CPython size depends on their allocation history (a
//! list grown by `append`, a dict after deletions) are given the size of
//! the same container built at once.

use crate::obj::Obj;
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;

/// The GC header CPython adds to objects the collector tracks.
const GC_HEADER: i64 = 16;

pub fn getsizeof(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    let Some(&v) = a.first() else {
        return Err(vm.type_error("getsizeof() missing required argument 'object' (pos 1)"));
    };
    let default = a.get(1).copied().or_else(|| {
        kw.iter()
            .find(|(k, _)| vm.heap.str_of(*k) == Some("default"))
            .map(|(_, v)| *v)
    });
    if let Some(n) = builtin_size(vm, v) {
        return Ok(Value::Int(n));
    }
    // A class of the program's: its `__sizeof__`, plus the GC header and,
    // unless the class has `__slots__`, the pointers to its dict.
    match vm.lookup_type_attr(v, "__sizeof__") {
        Some(m) if !vm.is_default_method(m) => {
            let r = vm.call(m, &[v], &[])?;
            let n = vm.index_value(r)?;
            if n < 0 {
                return Err(vm.value_error("__sizeof__() should return >= 0"));
            }
            let slotted = match vm.heap.get(vm.type_of(v)) {
                Obj::Class(c) => c.flags.slotted,
                _ => false,
            };
            let extra = if slotted { GC_HEADER } else { GC_HEADER + 16 };
            Ok(Value::Int(n + extra))
        }
        _ => Ok(default.unwrap_or(Value::Int(56))),
    }
}

/// CPython's size of a built-in value, None for instances of classes.
fn builtin_size(vm: &Vm, v: Value) -> Option<i64> {
    Some(match v {
        Value::None | Value::NotImplemented | Value::Ellipsis | Value::Null => 16,
        Value::Bool(_) => 28,
        Value::Int(i) => int_size(64 - i.unsigned_abs().leading_zeros() as u64),
        Value::Float(_) => 24,
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::Str(s) => str_size(&s.s),
            Obj::Bytes(b) => 33 + b.len() as i64,
            Obj::ByteArray(b) if b.is_empty() => 56,
            Obj::ByteArray(b) => 57 + b.len() as i64,
            Obj::BigInt(b) => int_size(b.bits()),
            Obj::Complex(..) => 32,
            Obj::Tuple(t) => 40 + 8 * t.len() as i64,
            Obj::List(l) => 56 + 8 * l.len() as i64,
            Obj::Dict(d) => {
                let str_keys = d.keys().all(|k| vm.heap.str_of(k).is_some());
                dict_size(d.len(), str_keys)
            }
            Obj::Set(d) | Obj::FrozenSet(d) => set_size(d.len()),
            Obj::Range { .. } | Obj::BigRange(_) => 48,
            Obj::Func(_) => 152,
            Obj::Class(_) => 1688,
            Obj::Module(_) => 72,
            _ => return None,
        },
    })
}

/// 24 bytes of header and a 30-bit digit per 30 bits (at least one).
fn int_size(bits: u64) -> i64 {
    24 + 4 * bits.div_ceil(30).max(1) as i64
}

/// CPython stores a str in 1, 2 or 4 bytes a character, by its widest one.
fn str_size(s: &str) -> i64 {
    let n = s.chars().count() as i64;
    match s.chars().map(u32::from).max().unwrap_or(0) {
        0..=0x7f => 49 + n,
        0x80..=0xff => 73 + n,
        0x100..=0xffff => 74 + 2 * n,
        _ => 76 + 4 * n,
    }
}

/// A dict built at once: an index table of a power of two (8 or more)
/// with room for two thirds of it in entries of 24 bytes (16 when every
/// key is a str: the hash is the string's own).
fn dict_size(n: usize, str_keys: bool) -> i64 {
    if n == 0 {
        return 64;
    }
    let mut slots = 8usize;
    while slots * 2 / 3 < n {
        slots *= 2;
    }
    let index_bytes = match slots {
        0..=128 => 1,
        129..=32768 => 2,
        _ => 4,
    };
    let entry = if str_keys { 16 } else { 24 };
    96 + (slots * index_bytes) as i64 + (slots * 2 / 3 * entry) as i64
}

/// A set: eight entries inline; a larger table (16 bytes an entry) once
/// more than three fifths of them are taken.
fn set_size(n: usize) -> i64 {
    let mut slots = 8usize;
    while n * 5 >= slots * 3 {
        slots *= 4;
    }
    if slots == 8 {
        216
    } else {
        216 + 16 * slots as i64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_cpython_311s() {
        assert_eq!(int_size(0), 28);
        assert_eq!(int_size(31), 32);
        assert_eq!(int_size(333), 72);
        assert_eq!(str_size(""), 49);
        assert_eq!(str_size("é"), 74);
        assert_eq!(str_size("€"), 76);
        assert_eq!(str_size("😀😀"), 84);
        assert_eq!(dict_size(1, false), 224);
        assert_eq!(dict_size(10, false), 352);
        assert_eq!(dict_size(100, false), 4688);
        assert_eq!(dict_size(1, true), 184);
        assert_eq!(set_size(4), 216);
        assert_eq!(set_size(5), 728);
        assert_eq!(set_size(100), 8408);
    }
}
