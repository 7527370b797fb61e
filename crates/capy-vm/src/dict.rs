//! The hash table behind `dict`, `set`, `frozenset`, class and module
//! namespaces, and the attributes of exceptions and functions.
//!
//! Insertion-ordered: entries live in a vector (deleted ones become
//! tombstones until the next resize) and an open-addressing index maps hash
//! slots to entry positions. Key equality needs the interpreter in general
//! (a user `__eq__`), so lookups first try [`fast_eq`](crate::ops::fast_eq),
//! which decides every built-in key type using only the heap; when it cannot
//! decide, the lookup reports [`Probe::Slow`] and the caller compares the
//! candidates through the VM.

use crate::heap::Heap;
use crate::value::Value;

mod set_order;

const EMPTY: u32 = u32::MAX;
const DELETED: u32 = u32::MAX - 1;

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub hash: u64,
    /// `Value::Null` marks a deleted entry.
    pub key: Value,
    pub value: Value,
}

#[derive(Clone, Debug, Default)]
pub struct Dict {
    entries: Vec<Entry>,
    index: Vec<u32>,
    len: usize,
    /// Keys added over the table's life: lookup caches use it to know that
    /// a name absent before is still absent (globalcache.rs).
    insertions: u64,
    /// No live entry sits before this position (`pop_first` starts here);
    /// in a set table, where the next `pop` starts looking.
    first_live: usize,
    /// A set table (dict/set_order.rs): the entries are the slots of a
    /// table laid out as CPython lays out its sets, so iteration follows
    /// CPython's order; `index` is unused.
    hash_order: bool,
    /// In a set table: live keys and dummies.
    fill: usize,
}

/// The open-addressing probe sequence for a hash: every slot index is
/// eventually visited (the perturbation shifts all hash bits in, then the
/// `5i + 1` recurrence cycles through a power-of-two table).
struct ProbeSeq {
    i: usize,
    perturb: u64,
    mask: usize,
    started: bool,
}

impl ProbeSeq {
    fn new(hash: u64, mask: usize) -> ProbeSeq {
        ProbeSeq {
            i: (hash as usize) & mask,
            perturb: hash,
            mask,
            started: false,
        }
    }
}

impl Iterator for ProbeSeq {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.started {
            self.perturb >>= 5;
            self.i = (self
                .i
                .wrapping_mul(5)
                .wrapping_add(1)
                .wrapping_add(self.perturb as usize))
                & self.mask;
        }
        self.started = true;
        Some(self.i)
    }
}

/// Result of probing for a key.
pub enum Probe {
    /// The key is at this entry position.
    Found(usize),
    Missing,
    /// Some entry with the same hash needs a full `__eq__` to decide.
    Slow,
}

impl Dict {
    pub fn new() -> Dict {
        Dict::default()
    }

    /// An insertion-ordered table for about `n` keys.
    pub fn with_capacity(n: usize) -> Dict {
        let mut d = Dict::default();
        if n > 0 {
            d.entries.reserve(n);
            d.rebuild_index((n * 3 / 2).next_power_of_two().max(8));
        }
        d
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Approximate bytes held, for the heap quota.
    pub fn bytes(&self) -> usize {
        self.entries.capacity() * std::mem::size_of::<Entry>() + self.index.capacity() * 4
    }

    /// Entry positions in insertion order may contain holes: use these to
    /// iterate by position (iterators survive unrelated insertions).
    pub fn entry_at(&self, pos: usize) -> Option<&Entry> {
        self.entries.get(pos)
    }
    pub fn entries_len(&self) -> usize {
        self.entries.len()
    }

    pub fn iter(&self) -> impl Iterator<Item = (Value, Value)> + '_ {
        self.entries
            .iter()
            .filter(|e| !e.key.is_null())
            .map(|e| (e.key, e.value))
    }
    /// Live keys with their stored hashes, in iteration order.
    pub fn hashed_keys(&self) -> impl Iterator<Item = (u64, Value)> + '_ {
        self.entries
            .iter()
            .filter(|e| !e.key.is_null())
            .map(|e| (e.hash, e.key))
    }
    pub fn keys(&self) -> impl Iterator<Item = Value> + '_ {
        self.iter().map(|(k, _)| k)
    }
    pub fn values(&self) -> impl Iterator<Item = Value> + '_ {
        self.iter().map(|(_, v)| v)
    }

    fn mask(&self) -> usize {
        self.index.len().wrapping_sub(1)
    }

    /// Probes for `key` deciding equality with `fast_eq` only.
    pub fn probe(&self, heap: &Heap, hash: u64, key: Value) -> Probe {
        if self.hash_order {
            return self.set_probe(heap, hash, key);
        }
        if self.index.is_empty() {
            return Probe::Missing;
        }
        let mask = self.mask();
        let mut slow = false;
        for i in ProbeSeq::new(hash, mask) {
            let slot = self.index[i];
            if slot == EMPTY {
                return if slow { Probe::Slow } else { Probe::Missing };
            }
            if slot != DELETED {
                let e = &self.entries[slot as usize];
                if e.hash == hash {
                    if e.key.is(key) {
                        return Probe::Found(slot as usize);
                    }
                    match crate::ops::fast_eq(heap, e.key, key) {
                        Some(true) => return Probe::Found(slot as usize),
                        Some(false) => {}
                        None => slow = true,
                    }
                }
            }
        }
        // Unreachable in practice: the index is never full (load < 2/3),
        // so an EMPTY slot ends the probe above.
        Probe::Missing
    }

    /// Looks up a `str` key by its contents, without needing a heap string.
    pub fn probe_str(&self, heap: &Heap, hash: u64, key: &str) -> Option<usize> {
        if self.hash_order {
            return self
                .set_candidates(hash)
                .into_iter()
                .find(|&i| heap.plain_str_of(self.entries[i].key) == Some(key));
        }
        if self.index.is_empty() {
            return None;
        }
        let mask = self.mask();
        for i in ProbeSeq::new(hash, mask) {
            let slot = self.index[i];
            if slot == EMPTY {
                return None;
            }
            if slot != DELETED {
                let e = &self.entries[slot as usize];
                if e.hash == hash && heap.plain_str_of(e.key) == Some(key) {
                    return Some(slot as usize);
                }
            }
        }
        // Unreachable in practice: the index is never full (load < 2/3),
        // so an EMPTY slot ends the probe above.
        None
    }

    /// Looks up a `str` key given as a heap value: identity first (names
    /// are interned, so this is the common hit), then contents.
    #[inline]
    pub fn probe_name(&self, heap: &Heap, hash: u64, key: Value) -> Option<usize> {
        if self.hash_order {
            return match self.set_probe(heap, hash, key) {
                Probe::Found(i) => Some(i),
                _ => None,
            };
        }
        if self.index.is_empty() {
            return None;
        }
        let mask = self.mask();
        for i in ProbeSeq::new(hash, mask) {
            let slot = self.index[i];
            if slot == EMPTY {
                return None;
            }
            if slot != DELETED {
                let e = &self.entries[slot as usize];
                if e.hash == hash
                    && (e.key.is(key)
                        || matches!((heap.pystr(e.key), heap.pystr(key)), (Some(x), Some(y)) if x.same(y)))
                {
                    return Some(slot as usize);
                }
            }
        }
        // Unreachable in practice: the index is never full (load < 2/3),
        // so an EMPTY slot ends the probe above.
        None
    }

    /// Entry positions whose hash equals `hash` (for the slow path), in
    /// probe order. Every entry with this hash was placed on this hash's
    /// probe sequence before its first EMPTY slot (removals leave DELETED,
    /// never EMPTY), so walking that sequence finds them all without
    /// scanning the whole table.
    pub fn candidates(&self, hash: u64) -> Vec<usize> {
        if self.hash_order {
            return self.set_candidates(hash);
        }
        let mut out = Vec::new();
        if self.index.is_empty() {
            return out;
        }
        for i in ProbeSeq::new(hash, self.mask()) {
            let slot = self.index[i];
            if slot == EMPTY {
                break;
            }
            if slot != DELETED {
                let e = &self.entries[slot as usize];
                if e.hash == hash && !e.key.is_null() {
                    out.push(slot as usize);
                }
            }
        }
        out
    }

    pub fn value_at(&self, pos: usize) -> Value {
        self.entries.get(pos).map_or(Value::Null, |e| e.value)
    }
    /// The value at `pos` if the key there is `key` itself (identity).
    #[inline(always)]
    pub fn value_if_key_at(&self, pos: usize, key: Value) -> Option<Value> {
        let e = self.entries.get(pos)?;
        // (A str key, the common case, compared without `is`'s call.)
        let same = match (e.key, key) {
            (Value::Obj(a), Value::Obj(b)) => a == b,
            (k, key) => k.is(key),
        };
        same.then_some(e.value)
    }
    #[inline]
    pub fn insertions(&self) -> u64 {
        self.insertions
    }
    pub fn key_at(&self, pos: usize) -> Value {
        self.entries.get(pos).map_or(Value::Null, |e| e.key)
    }
    pub fn set_value_at(&mut self, pos: usize, v: Value) {
        if let Some(e) = self.entries.get_mut(pos) {
            e.value = v;
        }
    }

    /// Appends a key known to be absent.
    pub fn insert_new(&mut self, hash: u64, key: Value, value: Value) {
        if self.hash_order {
            return self.set_insert_new(hash, key, value);
        }
        if (self.entries.len() + 1) * 3 >= self.index.len() * 2 {
            self.grow();
        }
        let pos = self.entries.len() as u32;
        self.entries.push(Entry { hash, key, value });
        self.len += 1;
        self.insertions += 1;
        let mask = self.mask();
        for i in ProbeSeq::new(hash, mask) {
            let slot = self.index[i];
            if slot == EMPTY || slot == DELETED {
                self.index[i] = pos;
                return;
            }
        }
    }

    /// Removes the entry at `pos`, returning it.
    pub fn remove_at(&mut self, pos: usize) -> Option<Entry> {
        if self.hash_order {
            return self.set_remove_at(pos);
        }
        let e = *self.entries.get(pos)?;
        if e.key.is_null() {
            return None;
        }
        let mask = self.mask();
        for i in ProbeSeq::new(e.hash, mask) {
            let slot = self.index[i];
            if slot == EMPTY {
                break;
            }
            if slot as usize == pos {
                self.index[i] = DELETED;
                break;
            }
        }
        self.entries[pos].key = Value::Null;
        self.entries[pos].value = Value::Null;
        self.len -= 1;
        if self.len == 0 {
            self.clear();
        }
        Some(e)
    }

    /// Removes and returns the most recently inserted entry.
    pub fn pop_last(&mut self) -> Option<Entry> {
        if self.hash_order {
            return self.set_pop();
        }
        let pos = self.entries.iter().rposition(|e| !e.key.is_null())?;
        let e = self.remove_at(pos);
        // Drop the dead tail so that popping everything stays linear (no
        // index slot refers to a removed position).
        let live = self.entries.iter().rposition(|e| !e.key.is_null());
        self.entries.truncate(live.map_or(0, |p| p + 1));
        e
    }

    /// Removes and returns the oldest entry (`set.pop()`, which, like
    /// CPython's for small ints, takes the first element in iteration order).
    pub fn pop_first(&mut self) -> Option<Entry> {
        if self.hash_order {
            return self.set_pop();
        }
        let start = self.first_live.min(self.entries.len());
        let pos = start
            + self.entries[start..]
                .iter()
                .position(|e| !e.key.is_null())?;
        let e = self.remove_at(pos);
        self.first_live = if self.len == 0 { 0 } else { pos + 1 };
        e
    }

    pub fn clear(&mut self) {
        if self.hash_order {
            return self.set_clear();
        }
        self.first_live = 0;
        self.entries.clear();
        self.index.clear();
        self.len = 0;
    }

    fn grow(&mut self) {
        let want = ((self.len + 1) * 3).next_power_of_two().max(8);
        self.first_live = 0;
        self.entries.retain(|e| !e.key.is_null());
        self.rebuild_index(want);
    }

    fn rebuild_index(&mut self, size: usize) {
        self.index = vec![EMPTY; size];
        let mask = size - 1;
        for (pos, e) in self.entries.iter().enumerate() {
            if let Some(i) = ProbeSeq::new(e.hash, mask).find(|&i| self.index[i] == EMPTY) {
                self.index[i] = pos as u32;
            }
        }
    }
}
