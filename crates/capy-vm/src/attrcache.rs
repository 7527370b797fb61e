//! A cache of class attribute lookups.
//!
//! Resolving `obj.name` walks the method resolution order of `obj`'s class
//! and probes each class dict: for a method three levels up that is three
//! hash probes on every call. This direct-mapped table remembers the result
//! of each (class, name) walk, absent names included.
//!
//! Validity rests on one counter: every change to any class dict (or to a
//! class's MRO) bumps [`AttrCache::invalidate`], which voids every entry at
//! once. Such changes are rare after start-up, so a global counter costs
//! less than per-class bookkeeping. Keys are generation-checked handles, so
//! an entry for a collected class or name can never match the object that
//! reuses its slot; and a cached value is kept alive by the class dict that
//! holds it for as long as the entry is valid.

use crate::value::{Gc, Value};
use std::cell::{Cell, OnceCell};

const SIZE: usize = 1 << 10;

#[derive(Clone, Copy)]
struct Entry {
    class: Gc,
    name: Gc,
    version: u64,
    value: Option<Value>,
}

const EMPTY: Entry = Entry {
    class: Gc {
        idx: u32::MAX,
        gen: u32::MAX,
    },
    name: Gc {
        idx: u32::MAX,
        gen: u32::MAX,
    },
    version: 0,
    value: None,
};

type Table = [Cell<Entry>; SIZE];

pub struct AttrCache {
    // Cells, so that lookups through `&Vm` can fill the cache. Made on the
    // first entry: an instance that never runs code (an idle compartment)
    // does not pay its 40 KB.
    entries: OnceCell<Box<Table>>,
    version: u64,
}

impl Default for AttrCache {
    fn default() -> Self {
        AttrCache {
            entries: OnceCell::new(),
            version: 1,
        }
    }
}

#[inline]
fn index(class: Gc, name: Gc) -> usize {
    let h = (class.idx as u64)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(name.idx as u64)
        .wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    (h >> 54) as usize & (SIZE - 1)
}

impl AttrCache {
    /// The cached result of looking `name` up along `class`'s MRO: `None`
    /// on a miss, `Some(None)` when the name is known to be absent.
    #[inline]
    pub fn get(&self, class: Gc, name: Gc) -> Option<Option<Value>> {
        let e = self.entries.get()?[index(class, name)].get();
        (e.version == self.version && e.class == class && e.name == name).then_some(e.value)
    }

    #[inline]
    pub fn put(&self, class: Gc, name: Gc, value: Option<Value>) {
        let table = self
            .entries
            .get_or_init(|| Box::new(std::array::from_fn(|_| Cell::new(EMPTY))));
        table[index(class, name)].set(Entry {
            class,
            name,
            version: self.version,
            value,
        });
    }

    /// The current version: changes whenever any class dict or MRO does.
    #[inline]
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Voids every entry: call after any change to a class dict or MRO.
    #[inline]
    pub fn invalidate(&mut self) {
        self.version += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gc(idx: u32, gen: u32) -> Gc {
        Gc { idx, gen }
    }

    #[test]
    fn hit_miss_and_invalidation() {
        let mut c = AttrCache::default();
        let (k, n) = (gc(3, 1), gc(7, 1));
        assert_eq!(c.get(k, n).map(|v| v.is_some()), None);
        c.put(k, n, Some(Value::Int(5)));
        assert!(matches!(c.get(k, n), Some(Some(Value::Int(5)))));
        // Same slot index, other generation: a different object.
        assert!(c.get(gc(3, 2), n).is_none());
        c.put(k, gc(8, 1), None);
        assert!(matches!(c.get(k, gc(8, 1)), Some(None)));
        c.invalidate();
        assert!(c.get(k, n).is_none());
        assert!(c.get(k, gc(8, 1)).is_none());
    }
}
