//! `tuple` hashing (tuple's methods share `list.rs` with list's).
//!
//! `hash(t)` gives what CPython 3.8+ gives: the item hashes are mixed
//! into a 64-bit accumulator xxHash-style (each is multiplied by one
//! prime, added, the accumulator rotated left by 31 bits and multiplied
//! by another prime), the length is folded in at the end, and -1 (which
//! CPython reserves for errors) becomes 1546275796. With CPython's
//! numeric hash for ints and floats (`num.rs`), tuples of numbers hash
//! exactly as in CPython.

use crate::obj::Obj;
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;

const PRIME_1: u64 = 11400714785074694791;
const PRIME_2: u64 = 14029467366897019727;
const PRIME_5: u64 = 2870177450012600261;

/// Mixes item hashes (as the two's-complement bits of Python's signed
/// hash values) into the hash of a tuple of `len` items.
pub struct TupleHasher {
    acc: u64,
}

impl Default for TupleHasher {
    fn default() -> Self {
        TupleHasher { acc: PRIME_5 }
    }
}

impl TupleHasher {
    pub fn add(&mut self, item_hash: u64) {
        let acc = self.acc.wrapping_add(item_hash.wrapping_mul(PRIME_2));
        self.acc = acc.rotate_left(31).wrapping_mul(PRIME_1);
    }

    pub fn finish(self, len: usize) -> u64 {
        let acc = self.acc.wrapping_add((len as u64) ^ (PRIME_5 ^ 3527539));
        if acc == u64::MAX {
            1546275796
        } else {
            acc
        }
    }
}

fn not_a_tuple(vm: &mut Vm) -> crate::PyErr {
    vm.type_error("descriptor '__hash__' requires a 'tuple' object")
}

/// `hash(t)` for a tuple `t` (its items' hashes, then mixed). Raises
/// TypeError for an unhashable item and RecursionError for deep nesting.
pub fn tuple_hash(vm: &mut Vm, t: Value) -> PyResult<u64> {
    let Value::Obj(h) = t else {
        return Err(not_a_tuple(vm));
    };
    let Obj::Tuple(items) = vm.heap.get(h) else {
        return Err(not_a_tuple(vm));
    };
    let len = items.len();
    let mut hasher = TupleHasher::default();
    // Items that hash without the VM, straight from the tuple (most
    // tuples hold only such items and finish here).
    let mut i = fast_items(vm, h, 0, &mut hasher);
    if i < len {
        vm.enter_recursion()?;
        let r = slow_items(vm, h, i, &mut hasher);
        vm.leave_recursion();
        i = r?;
    }
    debug_assert_eq!(i, len);
    Ok(hasher.finish(len))
}

/// Adds the hashes of tuple `h`'s items from `i` on that need no VM;
/// returns the position of the first that does (or the length).
fn fast_items(vm: &Vm, h: crate::value::Gc, mut i: usize, hasher: &mut TupleHasher) -> usize {
    if let Obj::Tuple(items) = vm.heap.get(h) {
        while let Some(x) = items
            .get(i)
            .and_then(|&it| crate::ops::fast_hash(&vm.heap, it))
        {
            hasher.add(x);
            i += 1;
        }
    }
    i
}

/// Adds the hashes of tuple `h`'s items from `i` on, running Python code
/// where an item needs it. Items are read out by index between calls: a
/// tuple never changes, and the caller roots it.
fn slow_items(
    vm: &mut Vm,
    h: crate::value::Gc,
    mut i: usize,
    hasher: &mut TupleHasher,
) -> PyResult<usize> {
    loop {
        let it = match vm.heap.get(h) {
            Obj::Tuple(items) if i < items.len() => items[i],
            _ => return Ok(i),
        };
        hasher.add(vm.hash(it)?);
        i = fast_items(vm, h, i + 1, hasher);
    }
}

#[cfg(test)]
mod tests {
    use super::TupleHasher;
    use crate::types::num::{hash_f64, hash_i64};

    fn of(hashes: &[u64]) -> i64 {
        let mut h = TupleHasher::default();
        for &x in hashes {
            h.add(x);
        }
        h.finish(hashes.len()) as i64
    }

    /// Values printed by CPython 3.11 (`hash(())`, `hash((1, 2))`, ...).
    #[test]
    fn matches_cpython() {
        assert_eq!(of(&[]), 5740354900026072187);
        assert_eq!(of(&[hash_i64(1)]), -6644214454873602895);
        assert_eq!(of(&[hash_i64(1), hash_i64(2)]), -3550055125485641917);
        // (-1, 2**70): hash(-1) is -2 and 2**70 reduces to 2**9 mod 2**61-1.
        assert_eq!(of(&[hash_i64(-1), hash_i64(512)]), -1106163820957201816);
        let inner = of(&[hash_i64(1), hash_i64(2)]) as u64;
        assert_eq!(of(&[inner, hash_i64(3)]), -333907151259015829);
        assert_eq!(of(&[hash_f64(1.5)]), 1701133413810848945);
    }
}
