//! The table of a `set` or `frozenset`: laid out as CPython 3.11 lays out
//! its sets, so they iterate (and print, and pop) in CPython's order.
//!
//! A program that prints `{3, 1, 2}` sees `{1, 2, 3}` in CPython because a
//! set is an open-addressing table walked slot by slot, and a small int's
//! hash is itself. Programs (and tests compared with CPython) depend on
//! that order, so a set here is the same kind of table, filled by the same
//! rules (behaviour observed and documented, not code):
//!
//! - the table has a power-of-two size, at least 8; a key goes to the
//!   first free slot of its probe sequence: slot `hash & mask`, then the
//!   next [`LINEAR_PROBES`] slots while they fit before the end, then a
//!   jump `i = 5i + 1 + perturb` with `perturb` shifted right by 5 bits at
//!   each jump (it starts as the whole hash);
//! - a removed key leaves a dummy that lookups walk past; a new key goes
//!   into the last dummy its sequence passes before a free slot, if any;
//!   dummies count towards the fill;
//! - when the fill reaches 3/5 of the mask, the table is rebuilt at the
//!   smallest size above 4 times the live keys (2 times past 50,000),
//!   re-inserting them in slot order;
//! - `pop` takes the first live slot from a finger left by the last pop.
//!
//! The entries vector is the table itself: an empty slot has a null key
//! and hash 0, a dummy a null key and hash `u64::MAX` (a real hash is
//! never -1, as in CPython). The index vector of insertion-ordered
//! tables is not used.

use super::{Dict, Entry, Probe};
use crate::heap::Heap;
use crate::value::Value;

/// Slots tried one after another before the probe sequence jumps.
const LINEAR_PROBES: usize = 9;
/// Bits of the hash brought in at each jump.
const PERTURB_SHIFT: u32 = 5;
/// The smallest table.
const MIN_SIZE: usize = 8;

const EMPTY: Entry = Entry {
    hash: 0,
    key: Value::Null,
    value: Value::Null,
};
const DUMMY_HASH: u64 = u64::MAX;

/// The slots a key with `hash` may sit in, in the order they are tried:
/// a run of up to [`LINEAR_PROBES`] + 1 neighbouring slots, then a jump
/// computed from where the run started.
struct Slots {
    start: usize,
    /// Position in the current run, and the run's extra length.
    off: usize,
    run: usize,
    perturb: u64,
    mask: usize,
    begun: bool,
}

impl Slots {
    fn new(hash: u64, mask: usize) -> Slots {
        Slots {
            start: hash as usize & mask,
            off: 0,
            run: 0,
            perturb: hash,
            mask,
            begun: false,
        }
    }

    fn begin_run(&mut self) -> usize {
        self.off = 0;
        self.run = if self.start + LINEAR_PROBES <= self.mask {
            LINEAR_PROBES
        } else {
            0
        };
        self.start
    }
}

impl Iterator for Slots {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if !self.begun {
            self.begun = true;
            return Some(self.begin_run());
        }
        if self.off < self.run {
            self.off += 1;
            return Some(self.start + self.off);
        }
        self.perturb >>= PERTURB_SHIFT;
        self.start = self
            .start
            .wrapping_mul(5)
            .wrapping_add(1)
            .wrapping_add(self.perturb as usize)
            & self.mask;
        Some(self.begin_run())
    }
}

fn live(e: &Entry) -> bool {
    !e.key.is_null()
}

fn free(e: &Entry) -> bool {
    e.key.is_null() && e.hash != DUMMY_HASH
}

impl Dict {
    /// An empty set table (see the module header).
    pub fn new_set() -> Dict {
        Dict {
            hash_order: true,
            ..Dict::default()
        }
    }

    fn set_mask(&self) -> usize {
        self.entries.len().max(MIN_SIZE) - 1
    }

    pub(super) fn set_probe(&self, heap: &Heap, hash: u64, key: Value) -> Probe {
        if self.entries.is_empty() {
            return Probe::Missing;
        }
        let mut slow = false;
        for i in Slots::new(hash, self.set_mask()) {
            let e = &self.entries[i];
            if free(e) {
                break;
            }
            if live(e) && e.hash == hash {
                if e.key.is(key) {
                    return Probe::Found(i);
                }
                match crate::ops::fast_eq(heap, e.key, key) {
                    Some(true) => return Probe::Found(i),
                    Some(false) => {}
                    None => slow = true,
                }
            }
        }
        if slow {
            Probe::Slow
        } else {
            Probe::Missing
        }
    }

    /// Live slots with `hash` on its probe sequence (the slow path's
    /// candidates, in probe order).
    pub(super) fn set_candidates(&self, hash: u64) -> Vec<usize> {
        let mut out = Vec::new();
        if self.entries.is_empty() {
            return out;
        }
        for i in Slots::new(hash, self.set_mask()) {
            let e = &self.entries[i];
            if free(e) {
                break;
            }
            if live(e) && e.hash == hash {
                out.push(i);
            }
        }
        out
    }

    /// Adds a key known to be absent: into the last dummy its sequence
    /// passes before a free slot, else into that free slot, then a rebuild
    /// if the table is 3/5 full.
    pub(super) fn set_insert_new(&mut self, hash: u64, key: Value, value: Value) {
        if self.entries.is_empty() {
            self.entries = vec![EMPTY; MIN_SIZE];
        }
        let mask = self.set_mask();
        let mut dummy = None;
        let mut slot = None;
        for i in Slots::new(hash, mask) {
            let e = &self.entries[i];
            if free(e) {
                slot = Some(i);
                break;
            }
            if !live(e) {
                dummy = Some(i);
            }
        }
        let e = Entry { hash, key, value };
        self.len += 1;
        self.insertions += 1;
        if let Some(d) = dummy {
            self.entries[d] = e;
            return;
        }
        if let Some(i) = slot {
            self.entries[i] = e;
        }
        self.fill += 1;
        if self.fill * 5 >= mask * 3 {
            let live = self.len;
            self.set_resize(if live > 50_000 { live * 2 } else { live * 4 });
        }
    }

    /// Puts `e` in the first free slot of its sequence.
    fn place(&mut self, e: Entry) {
        let mask = self.set_mask();
        if let Some(i) = Slots::new(e.hash, mask).find(|&i| free(&self.entries[i])) {
            self.entries[i] = e;
        }
    }

    /// Rebuilds the table at the smallest size above `min_used`, the live
    /// keys re-inserted in slot order (dummies dropped).
    pub(super) fn set_resize(&mut self, min_used: usize) {
        let mut size = MIN_SIZE;
        while size <= min_used {
            size <<= 1;
        }
        let old = std::mem::replace(&mut self.entries, vec![EMPTY; size]);
        self.fill = self.len;
        for e in old.into_iter().filter(live) {
            self.place(e);
        }
    }

    pub(super) fn set_remove_at(&mut self, pos: usize) -> Option<Entry> {
        let e = *self.entries.get(pos)?;
        if !live(&e) {
            return None;
        }
        self.entries[pos] = Entry {
            hash: DUMMY_HASH,
            key: Value::Null,
            value: Value::Null,
        };
        self.len -= 1;
        Some(e)
    }

    /// `set.pop()`: the first live slot at or after the finger the last
    /// pop left (wrapping around).
    pub(super) fn set_pop(&mut self) -> Option<Entry> {
        if self.len == 0 {
            return None;
        }
        let mask = self.set_mask();
        let mut i = self.first_live & mask;
        while !live(&self.entries[i]) {
            i = (i + 1) & mask;
        }
        let e = self.set_remove_at(i);
        self.first_live = i + 1;
        e
    }

    pub(super) fn set_clear(&mut self) {
        self.entries = Vec::new();
        self.len = 0;
        self.fill = 0;
    }

    /// Before adding up to `extra` keys at once (an update from another
    /// set or a dict): one rebuild now, at twice the keys there will be,
    /// if the fill would pass 3/5 of the mask.
    pub fn set_reserve(&mut self, extra: usize) {
        if (self.fill + extra) * 5 >= self.set_mask() * 3 {
            self.set_resize((self.len + extra) * 2);
        }
    }

    /// Whether nothing was ever put in this table since it was made or
    /// cleared (no keys, no dummies).
    pub fn set_untouched(&self) -> bool {
        self.fill == 0
    }

    /// Fills an untouched table from `other` (another set table): slot for
    /// slot when both have the same size and `other` has no dummies, else
    /// each key in `other`'s slot order into the first free slot.
    pub fn set_fill_from(&mut self, other: &Dict) {
        if self.entries.is_empty() {
            self.entries = vec![EMPTY; MIN_SIZE];
        }
        if self.entries.len() == other.entries.len() && other.fill == other.len {
            self.entries.clone_from(&other.entries);
        } else {
            for e in other.entries.iter().filter(|e| live(e)) {
                self.place(*e);
            }
        }
        self.len = other.len;
        self.fill = other.len;
        self.insertions += other.len as u64;
    }

    /// After removing keys in bulk: a rebuild if more than a quarter of
    /// the slots are dummies.
    pub fn set_purge_dummies(&mut self) {
        if self.fill - self.len > self.set_mask() / 4 {
            let live = self.len;
            self.set_resize(if live > 50_000 { live * 2 } else { live * 4 });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(d: &Dict) -> Vec<i64> {
        d.keys()
            .map(|k| match k {
                Value::Int(i) => i,
                _ => -999,
            })
            .collect()
    }

    fn hash(i: i64) -> u64 {
        crate::ops::fast_hash(&Heap::new(), Value::Int(i)).unwrap_or(0)
    }

    fn add(d: &mut Dict, i: i64) {
        let h = hash(i);
        let heap = Heap::new();
        if matches!(d.set_probe(&heap, h, Value::Int(i)), Probe::Missing) {
            d.set_insert_new(h, Value::Int(i), Value::None);
        }
    }

    #[test]
    fn small_ints_sit_in_their_own_slots() {
        let mut d = Dict::new_set();
        for i in [3, 1, 2] {
            add(&mut d, i);
        }
        assert_eq!(order(&d), [1, 2, 3]);
    }

    #[test]
    fn collisions_probe_linearly_then_the_table_grows() {
        // CPython 3.11: {0, 32, 24, 40} after adding 0, 8, 16, 24,
        // discarding 8 and 16, adding 32 and 40.
        let mut d = Dict::new_set();
        for i in [0, 8, 16, 24] {
            add(&mut d, i);
        }
        for i in [8, 16] {
            let h = hash(i);
            if let Probe::Found(p) = d.set_probe(&Heap::new(), h, Value::Int(i)) {
                d.set_remove_at(p);
            }
        }
        add(&mut d, 32);
        add(&mut d, 40);
        assert_eq!(order(&d), [0, 32, 24, 40]);
    }

    #[test]
    fn a_new_key_takes_the_last_dummy_on_its_way() {
        // CPython 3.11: {0, 128, 96, 16, 48}.
        let mut d = Dict::new_set();
        for i in [0, 16, 32, 48, 64] {
            add(&mut d, i);
        }
        for i in [32, 64] {
            if let Probe::Found(p) = d.set_probe(&Heap::new(), hash(i), Value::Int(i)) {
                d.set_remove_at(p);
            }
        }
        add(&mut d, 96);
        add(&mut d, 128);
        assert_eq!(order(&d), [0, 128, 96, 16, 48]);
    }

    #[test]
    fn range_in_reverse_comes_out_sorted() {
        // CPython 3.11: set(range(20, 0, -3)) == {2, 5, 8, 11, 14, 17, 20}
        let mut d = Dict::new_set();
        for i in (1..=20).rev().step_by(3) {
            add(&mut d, i);
        }
        assert_eq!(order(&d), [2, 5, 8, 11, 14, 17, 20]);
    }
}
