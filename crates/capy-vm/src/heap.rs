//! The per-instance object arena and its mark-and-sweep collector.
//!
//! Objects are addressed by [`Gc`] handles (index + generation). Freeing a
//! slot bumps its generation, so a stale handle reads [`Obj::Dead`] instead
//! of whatever reuses the slot: a use-after-free is an error, never a
//! confusion of objects. Every allocation and every growth of a container
//! is charged to the heap's byte count, which is capped by `limit`.

use crate::obj::{Obj, PyStr};
use crate::value::{Gc, Value};

struct Slot {
    gen: u32,
    obj: Obj,
}

/// Allocation would exceed the heap limit.
#[derive(Debug, Clone, Copy)]
pub struct OutOfMemory;

pub struct Heap {
    slots: Vec<Slot>,
    free: Vec<u32>,
    /// Bytes currently charged (live objects plus garbage not yet swept).
    bytes: usize,
    limit: usize,
    /// Bytes allocated since the last collection; a collection is due when
    /// this passes `threshold`.
    since_gc: usize,
    threshold: usize,
    dead: Obj,
    pub collections: u64,
    gc_enabled: bool,
}

impl Heap {
    pub fn new(limit: usize) -> Heap {
        Heap {
            slots: Vec::new(),
            free: Vec::new(),
            bytes: 0,
            limit,
            since_gc: 0,
            threshold: 8 << 20,
            dead: Obj::Dead,
            collections: 0,
            gc_enabled: true,
        }
    }

    pub fn bytes(&self) -> usize {
        self.bytes
    }
    pub fn limit(&self) -> usize {
        self.limit
    }
    pub fn set_limit(&mut self, limit: usize) {
        self.limit = limit;
    }
    pub fn set_gc_enabled(&mut self, on: bool) {
        self.gc_enabled = on;
    }
    pub fn gc_enabled(&self) -> bool {
        self.gc_enabled
    }
    pub fn live_objects(&self) -> usize {
        self.slots.len() - self.free.len()
    }

    /// Whether a collection should run at the next safe point.
    #[inline]
    pub fn collection_due(&self) -> bool {
        self.since_gc > self.threshold && self.gc_enabled
    }

    /// Whether `extra` more bytes would exceed the limit.
    #[inline]
    pub fn would_exceed(&self, extra: usize) -> bool {
        self.bytes.saturating_add(extra) > self.limit
    }

    /// Charges `extra` bytes of growth of an existing object.
    #[inline]
    pub fn charge(&mut self, extra: usize) -> Result<(), OutOfMemory> {
        if self.would_exceed(extra) {
            return Err(OutOfMemory);
        }
        self.bytes += extra;
        self.since_gc += extra;
        Ok(())
    }

    pub fn alloc(&mut self, obj: Obj) -> Result<Gc, OutOfMemory> {
        let size = obj.size();
        self.alloc_sized(obj, size)
    }

    /// `alloc` for a caller that already knows `obj.size()`.
    #[inline]
    pub fn alloc_sized(&mut self, obj: Obj, size: usize) -> Result<Gc, OutOfMemory> {
        self.charge(size)?;
        Ok(self.place(obj))
    }

    fn place(&mut self, obj: Obj) -> Gc {
        if let Some(idx) = self.free.pop() {
            let slot = &mut self.slots[idx as usize];
            slot.obj = obj;
            Gc { idx, gen: slot.gen }
        } else {
            let idx = self.slots.len() as u32;
            self.slots.push(Slot { gen: 0, obj });
            Gc { idx, gen: 0 }
        }
    }

    #[inline]
    pub fn get(&self, h: Gc) -> &Obj {
        match self.slots.get(h.idx as usize) {
            Some(s) if s.gen == h.gen => &s.obj,
            _ => &self.dead,
        }
    }

    #[inline]
    pub fn get_mut(&mut self, h: Gc) -> &mut Obj {
        match self.slots.get_mut(h.idx as usize) {
            Some(s) if s.gen == h.gen => &mut s.obj,
            _ => {
                self.dead = Obj::Dead;
                &mut self.dead
            }
        }
    }

    /// Calls `f` on every class object (a whole-heap walk: for rare events).
    pub fn for_each_class_mut(&mut self, mut f: impl FnMut(&mut crate::obj::Class)) {
        for s in &mut self.slots {
            if let Obj::Class(c) = &mut s.obj {
                f(c);
            }
        }
    }

    /// Whether `h` still names a live object.
    pub fn is_live(&self, h: Gc) -> bool {
        matches!(self.slots.get(h.idx as usize), Some(s) if s.gen == h.gen && !matches!(s.obj, Obj::Free))
    }

    /// The contents of a `str` value, if it is one.
    #[inline]
    pub fn str_of(&self, v: Value) -> Option<&str> {
        match v {
            Value::Obj(h) => match self.get(h) {
                Obj::Str(s) => Some(&s.s),
                _ => None,
            },
            _ => None,
        }
    }

    pub fn pystr(&self, v: Value) -> Option<&PyStr> {
        match v {
            Value::Obj(h) => match self.get(h) {
                Obj::Str(s) => Some(s),
                _ => None,
            },
            _ => None,
        }
    }

    /// Mark from `roots`, then free everything unmarked.
    pub fn collect(&mut self, roots: impl IntoIterator<Item = Value>) {
        let mut marks = vec![false; self.slots.len()];
        let mut stack: Vec<Value> = roots.into_iter().collect();
        while let Some(v) = stack.pop() {
            if let Value::Obj(h) = v {
                let i = h.idx as usize;
                match self.slots.get(i) {
                    Some(s) if s.gen == h.gen && !marks[i] => {
                        marks[i] = true;
                        s.obj.trace(&mut stack);
                    }
                    _ => {}
                }
            }
        }
        let mut live_bytes = 0usize;
        for (i, slot) in self.slots.iter_mut().enumerate() {
            if matches!(slot.obj, Obj::Free) {
                continue;
            }
            if marks[i] {
                live_bytes += slot.obj.size();
            } else {
                slot.obj = Obj::Free;
                slot.gen = slot.gen.wrapping_add(1);
                self.free.push(i as u32);
            }
        }
        self.bytes = live_bytes;
        self.since_gc = 0;
        // Collect again after allocating as much as is live now (at least
        // 8 MiB), so collection cost stays proportional to allocation.
        self.threshold = live_bytes.max(8 << 20);
        self.collections += 1;
    }
}

/// The hash of a string's contents (FNV-1a over 8-byte words; not keyed,
/// like MicroPython's, so iteration order is reproducible).
pub fn str_hash(s: &str) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    let bytes = s.as_bytes();
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        h = (h ^ u64::from_le_bytes(w)).wrapping_mul(0x100000001b3);
        h ^= h >> 29;
    }
    for &b in chunks.remainder() {
        h = (h ^ b as u64).wrapping_mul(0x100000001b3);
    }
    // Python never hashes to -1; keep the same invariant for `hash()`.
    if h == u64::MAX {
        h = u64::MAX - 1;
    }
    h
}
