//! The per-instance object arena and its mark-and-sweep collector.
//!
//! Objects are addressed by [`Gc`] handles (index + generation). Freeing a
//! slot bumps its generation, so a stale handle never reaches whatever
//! reuses the slot: a use-after-free is an error, never a confusion of
//! objects. Reading through a stale handle is a bug in the runtime (a value
//! that was not rooted across a collection): it panics in debug builds and
//! in release builds reads [`Obj::Dead`] and raises the heap's `stale`
//! flag, which the VM turns into a `SystemError` at its next check
//! ([`crate::Vm::check_heap`]) instead of letting the program compute with
//! a `None` that was never there.
//!
//! The heap does not count bytes: the instance's [`crate::budget::Memory`]
//! meter does, charged by [`crate::Vm::alloc`] and recounted from what
//! [`Heap::collect`] finds alive.
//!
//! # The frozen base
//!
//! Every heap of a thread sits on one [`Frozen`] base: the built-in types,
//! exception classes, functions and names, built once (base.rs) and shared
//! read-only. Handles below `base_len` name base slots; a heap's own slot
//! `i` is handle `base_len + i`. The collector never marks or frees base
//! slots (the base refers only to itself), and nothing writes to them:
//! [`Heap::get_mut`] on a base object first copies it into this heap
//! (copy on write), and from then on this heap reads its copy under the
//! same handle. So no instance can change what another sees, whatever
//! path the write takes (`builtins.print = f`, `int.__dict__`, ...).

use crate::obj::{Obj, PyStr, Tracer};
use crate::value::{Gc, Value};
use std::cell::Cell;
use std::rc::Rc;

struct Slot {
    gen: u32,
    /// Set by a collection's mark phase, cleared by its sweep. A `Cell`
    /// so marking needs only a shared borrow of the slots (the objects
    /// being traced are borrowed from them); it fits in the padding after
    /// `gen`, so slots are no bigger for it.
    marked: Cell<bool>,
    obj: Obj,
}

/// The slots of a frozen base heap (see the module comment).
pub struct Frozen {
    slots: Box<[Slot]>,
}

impl Frozen {
    /// An empty base, for the heap that builds the real one.
    pub fn empty() -> Frozen {
        Frozen {
            slots: Box::new([]),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// How many objects the base holds.
    pub fn len(&self) -> usize {
        self.slots.len()
    }
}

pub struct Heap {
    /// This heap's own slots: slot `i` is handle `base_len + i`.
    slots: Vec<Slot>,
    base_len: u32,
    base: Rc<Frozen>,
    /// Base objects this heap has written to: (base handle index, own
    /// slot of the copy). Few (the builtins dict, a class dict reached
    /// through `__dict__`), so a list; the copies are roots.
    cow: Vec<(u32, u32)>,
    /// Free slots below `top`, the lowest last (it is taken first).
    free: Vec<u32>,
    /// Every slot from here on is free. Allocation takes the lowest free
    /// slot, so objects stay packed at the front, and a sweep visits only
    /// the slots below `top`: after a phase that grew the heap, a program
    /// that keeps 400 objects alive and makes 300 more per collection
    /// sweeps 700 slots, not the thousands the heap grew to.
    top: u32,
    dead: Obj,
    pub collections: u64,
    gc_enabled: bool,
    /// Set when a stale handle was read (see the module comment), or
    /// another runtime bug was detected ([`Heap::flag_bug`]): what it was.
    bug: Cell<Option<&'static str>>,
    /// The generation new slots start at, different for every heap of the
    /// process: a handle from another instance (a foreign handle) then
    /// almost surely fails the generation check, and is caught as stale,
    /// instead of naming whatever this heap keeps in that slot.
    first_gen: u32,
    /// Stress mode: collect at every `stress_every`-th allocation (0: off).
    stress_every: u32,
    stress_count: u32,
    /// With `CAPY_STALE_PANIC=trace`: where each freed slot was freed, so a
    /// stale read names the collection (and so the allocation) that found
    /// the value unrooted. A diagnostic for rooting bugs, off by default.
    freed_at: FreedAt,
}

impl Default for Heap {
    fn default() -> Heap {
        Heap::new()
    }
}

impl Heap {
    /// A heap on an empty base (what builds the base, and unit tests).
    pub fn new() -> Heap {
        Heap::on(Rc::new(Frozen::empty()))
    }

    /// An empty heap with room for `n` slots before its first growth
    /// (what builds the base: its ~1,200 objects would otherwise cost ten
    /// doublings of the slot vector, each a copy of all of it).
    pub fn with_capacity(n: usize) -> Heap {
        let mut h = Heap::new();
        h.slots.reserve_exact(n);
        h
    }

    /// A heap on `base`, holding nothing of its own yet.
    pub fn on(base: Rc<Frozen>) -> Heap {
        Heap {
            base_len: base.slots.len() as u32,
            base,
            cow: Vec::new(),
            slots: Vec::new(),
            free: Vec::new(),
            top: 0,
            dead: Obj::Dead,
            collections: 0,
            gc_enabled: true,
            bug: Cell::new(None),
            first_gen: next_first_gen(),
            stress_every: 0,
            stress_count: 0,
            freed_at: stale_trace().then(Default::default),
        }
    }

    /// Makes this heap's objects a base for other heaps. Handles to them
    /// stay valid: a base slot's handle is its index, as here (this heap
    /// must sit on an empty base).
    pub fn freeze(self) -> Frozen {
        debug_assert!(self.base_len == 0, "a base on a base");
        Frozen {
            slots: self.slots.into_boxed_slice(),
        }
    }

    /// Whether `h` names an object of the shared base.
    #[inline]
    pub fn is_base(&self, h: Gc) -> bool {
        h.idx < self.base_len
    }

    /// Turns the stress mode on (`every` > 0: a full collection at every
    /// `every`-th allocation or growth) or off (0).
    pub fn set_stress(&mut self, every: u32) {
        self.stress_every = every;
        self.stress_count = 0;
    }

    /// Whether the stress mode is on (one load: for hot paths that then
    /// ask [`Self::stress_due`] out of line).
    #[inline(always)]
    pub fn stressed(&self) -> bool {
        self.stress_every != 0
    }

    /// Whether the stress mode wants a collection now (counts the call).
    #[inline]
    pub fn stress_due(&mut self) -> bool {
        if self.stress_every == 0 || !self.gc_enabled {
            return false;
        }
        self.stress_count += 1;
        if self.stress_count >= self.stress_every {
            self.stress_count = 0;
            return true;
        }
        false
    }

    /// Whether a stale handle has been read (or another bug flagged)
    /// since the last call (clears it).
    #[cfg(test)]
    pub fn take_stale(&self) -> bool {
        self.take_bug().is_some()
    }

    /// What bug was detected since the last call, if any (clears it).
    pub fn take_bug(&self) -> Option<&'static str> {
        self.bug.replace(None)
    }

    /// Records a runtime bug that has no better place to fail (a value
    /// stack underflow, a bootstrap allocation that failed): a panic in
    /// debug builds and with `CAPY_STALE_PANIC`, otherwise a SystemError
    /// at the VM's next check instead of going on with a placeholder.
    #[cold]
    pub fn flag_bug(&self, what: &'static str) {
        if cfg!(debug_assertions) || stale_panics() {
            panic!("internal error: {what}");
        }
        self.bug.set(Some(what));
    }

    pub fn set_gc_enabled(&mut self, on: bool) {
        self.gc_enabled = on;
    }
    pub fn gc_enabled(&self) -> bool {
        self.gc_enabled
    }
    /// Objects of this heap's own (the base's are not counted).
    pub fn live_objects(&self) -> usize {
        self.top as usize - self.free.len()
    }

    /// The handle of own slot `pos`.
    #[inline]
    fn handle(&self, pos: u32, gen: u32) -> Gc {
        Gc {
            idx: self.base_len + pos,
            gen,
        }
    }

    /// The own slot `h` names, if it is not a base handle. (A base index
    /// wraps around to a position far past the end.)
    #[inline]
    fn pos(&self, h: Gc) -> usize {
        h.idx.wrapping_sub(self.base_len) as usize
    }

    /// Places an object without rooting it: the caller must store the
    /// handle somewhere the collector sees before anything else allocates.
    /// Everything but the VM's own bookkeeping (interned names) goes
    /// through [`crate::Vm::alloc`], which roots what it returns.
    /// The caller has charged `obj.size()` to the instance's budget.
    pub fn alloc_unrooted(&mut self, obj: Obj) -> Gc {
        let pos = match self.free.pop() {
            Some(pos) => pos,
            None if (self.top as usize) < self.slots.len() => {
                self.top += 1;
                self.top - 1
            }
            None => {
                let pos = self.slots.len() as u32;
                let gen = self.first_gen;
                self.slots.push(Slot {
                    gen,
                    marked: Cell::new(false),
                    obj,
                });
                self.top = pos + 1;
                return self.handle(pos, gen);
            }
        };
        let slot = &mut self.slots[pos as usize];
        overwrite(&mut slot.obj, obj);
        let gen = slot.gen;
        self.handle(pos, gen)
    }

    #[inline]
    pub fn get(&self, h: Gc) -> &Obj {
        match self.slots.get(self.pos(h)) {
            Some(s) if s.gen == h.gen => &s.obj,
            _ => self.get_base(h),
        }
    }

    /// The object of `h` when it is one of this heap's own (not a base
    /// object): None, without the out-of-line base read, for the
    /// built-in types and functions.
    #[inline(always)]
    pub fn get_own(&self, h: Gc) -> Option<&Obj> {
        match self.slots.get(self.pos(h)) {
            Some(s) if s.gen == h.gen => Some(&s.obj),
            _ => None,
        }
    }

    /// [`Self::get`] of a base object (this heap's copy, if it wrote to
    /// it), or of a stale handle. Out of line: `get` stays small enough to
    /// inline everywhere.
    #[inline(never)]
    fn get_base(&self, h: Gc) -> &Obj {
        if h.idx < self.base_len {
            if !self.cow.is_empty() {
                if let Some(pos) = self.copy_of(h.idx) {
                    return &self.slots[pos].obj;
                }
            }
            if let Some(s) = self.base.slots.get(h.idx as usize) {
                if s.gen == h.gen {
                    return &s.obj;
                }
            }
        }
        stale_read(&self.bug, &self.freed_at, h);
        &self.dead
    }

    /// Whether `h` names a base object this heap has not copied (reads
    /// of it here see the base itself).
    pub fn is_pristine_base(&self, h: Gc) -> bool {
        self.is_base(h) && self.is_live(h) && self.copy_of(h.idx).is_none()
    }

    /// The own slot holding this heap's copy of base object `idx`.
    fn copy_of(&self, idx: u32) -> Option<usize> {
        self.cow
            .iter()
            .find(|&&(b, _)| b == idx)
            .map(|&(_, pos)| pos as usize)
    }

    #[inline]
    pub fn get_mut(&mut self, h: Gc) -> &mut Obj {
        let pos = self.pos(h);
        if matches!(self.slots.get(pos), Some(s) if s.gen == h.gen) {
            return &mut self.slots[pos].obj;
        }
        self.get_mut_base(h)
    }

    /// [`Self::get_mut`] of a base object: copies it into this heap first
    /// (see the module comment).
    #[cold]
    fn get_mut_base(&mut self, h: Gc) -> &mut Obj {
        let live = h.idx < self.base_len
            && matches!(self.base.slots.get(h.idx as usize), Some(s) if s.gen == h.gen);
        if !live {
            stale_read(&self.bug, &self.freed_at, h);
            self.dead = Obj::Dead;
            return &mut self.dead;
        }
        let pos = match self.copy_of(h.idx) {
            Some(pos) => pos,
            None => {
                let original = &self.base.slots[h.idx as usize].obj;
                let Some(copy) = original.copy_for_write() else {
                    // An immutable object (a name, the empty tuple): no
                    // write can change it, and callers that ask for one
                    // mean to match a mutable kind, which this is not.
                    self.dead = Obj::Dead;
                    return &mut self.dead;
                };
                let copy = self.alloc_unrooted(copy);
                let pos = self.pos(copy);
                self.cow.push((h.idx, pos as u32));
                pos
            }
        };
        &mut self.slots[pos].obj
    }

    /// Calls `f` on every class object of this heap (a whole-heap walk:
    /// for rare events). Base classes are immutable, and never a subclass
    /// of one of this heap's.
    pub fn for_each_class_mut(&mut self, mut f: impl FnMut(&mut crate::obj::Class)) {
        for s in &mut self.slots {
            if let Obj::Class(c) = &mut s.obj {
                f(c);
            }
        }
    }

    /// Whether `h` still names a live object.
    pub fn is_live(&self, h: Gc) -> bool {
        if h.idx < self.base_len {
            return matches!(self.base.slots.get(h.idx as usize), Some(s) if s.gen == h.gen);
        }
        matches!(self.slots.get(self.pos(h)), Some(s) if s.gen == h.gen && !matches!(s.obj, Obj::Free))
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

    /// The contents of a `str` value without lone surrogates (for
    /// lookups by text, which such a str never equals).
    #[inline]
    pub fn plain_str_of(&self, v: Value) -> Option<&str> {
        match v {
            Value::Obj(h) => match self.get(h) {
                Obj::Str(s) if !s.has_surrogates() => Some(&s.s),
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

    /// Mark from `roots`, then free everything unmarked; returns the bytes
    /// of the objects left alive. Base objects are neither marked nor
    /// freed; this heap's copies of them are roots.
    pub fn collect(&mut self, roots: impl IntoIterator<Item = Value>) -> usize {
        let mut marker = Marker {
            slots: &self.slots,
            base_len: self.base_len,
            stack: Vec::new(),
            live_bytes: 0,
        };
        for v in roots {
            marker.value(v);
        }
        for &(_, pos) in &self.cow {
            let gen = self.slots[pos as usize].gen;
            marker.value(Value::Obj(self.handle(pos, gen)));
        }
        marker.drain();
        let live_bytes = marker.live_bytes;
        let trace = self
            .freed_at
            .is_some()
            .then(|| std::rc::Rc::new(std::backtrace::Backtrace::force_capture()));
        // From the top down, so that the free list ends with the lowest
        // slot; the slots above the highest one left alive join the free
        // tail instead of the list.
        let top = self.top as usize;
        let mut new_top = 0;
        self.free.clear();
        for (i, slot) in self.slots[..top].iter_mut().enumerate().rev() {
            let marked = slot.marked.get_mut();
            if *marked {
                *marked = false;
                if new_top == 0 {
                    new_top = i + 1;
                }
                continue;
            }
            if !matches!(slot.obj, Obj::Free) {
                overwrite(&mut slot.obj, Obj::Free);
                slot.gen = slot.gen.wrapping_add(1);
                if let (Some(m), Some(t)) = (self.freed_at.as_mut(), &trace) {
                    m.insert(self.base_len + i as u32, t.clone());
                }
            }
            if new_top != 0 {
                self.free.push(i as u32);
            }
        }
        self.top = new_top as u32;
        self.collections += 1;
        live_bytes
    }
}

/// Stores `obj` in `place`, dropping what was there; without the call
/// to the drop glue when that owns nothing (see [`Obj::owns_nothing`]),
/// as a free slot and most short-lived objects do.
#[inline]
fn overwrite(place: &mut Obj, obj: Obj) {
    if place.owns_nothing() {
        // Checked before the replace, so the old value is never copied.
        std::mem::forget(std::mem::replace(place, obj));
    } else {
        *place = obj;
    }
}

/// The mark phase: an object is marked when a reference to it is first
/// handed over, and its position stacked to be traced in turn, so each
/// live object is stacked once and values that are not this heap's
/// objects (numbers, base objects) never are; nor are objects that refer
/// to nothing (strs, bytes, big ints), which are counted on the spot.
struct Marker<'a> {
    slots: &'a [Slot],
    base_len: u32,
    /// Marked objects not traced yet (positions in `slots`).
    stack: Vec<u32>,
    /// The bytes of the objects marked so far.
    live_bytes: usize,
}

impl Tracer for Marker<'_> {
    #[inline]
    fn value(&mut self, v: Value) {
        if let Value::Obj(h) = v {
            // A base handle wraps around to a position past the end.
            let pos = h.idx.wrapping_sub(self.base_len);
            if let Some(s) = self.slots.get(pos as usize) {
                if s.gen == h.gen && !s.marked.get() {
                    s.marked.set(true);
                    if s.obj.traces_nothing() {
                        self.live_bytes += s.obj.size();
                    } else {
                        self.stack.push(pos);
                    }
                }
            }
        }
    }
}

impl Marker<'_> {
    /// Traces every stacked object until none is left.
    fn drain(&mut self) {
        let slots = self.slots;
        while let Some(pos) = self.stack.pop() {
            let obj = &slots[pos as usize].obj;
            self.live_bytes += obj.size();
            obj.trace(self);
        }
    }
}

type FreedAt = Option<std::collections::HashMap<u32, std::rc::Rc<std::backtrace::Backtrace>>>;

/// A handle whose object was freed (or that never named one) was used:
/// raise the heap's `stale` flag, or panic where panics are asked for.
/// A free function of the two fields it needs, so `get_mut` can call it
/// while the slot vector is borrowed.
#[cold]
#[inline(never)]
fn stale_read(bug: &Cell<Option<&'static str>>, freed_at: &FreedAt, h: Gc) {
    if cfg!(debug_assertions) || stale_panics() {
        let at = match freed_at.as_ref().and_then(|m| m.get(&h.idx)) {
            Some(bt) => format!("\nthe collection that freed it:\n{bt}"),
            None => String::new(),
        };
        panic!(
            "stale heap handle {}:{} (a value was not rooted across a collection){at}",
            h.idx, h.gen
        );
    }
    bug.set(Some("an object was used after the collector freed it"));
}

/// `CAPY_STALE_PANIC=1` makes a stale handle panic in release builds too
/// (the stress-mode test runs set it, so a rooting bug fails loudly there).
fn stale_panics() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("CAPY_STALE_PANIC").is_some_and(|v| v != "0"))
}

/// `CAPY_STALE_PANIC=trace`: also remember where each object was freed.
fn stale_trace() -> bool {
    std::env::var_os("CAPY_STALE_PANIC").is_some_and(|v| v == "trace")
}

/// A first generation for a new heap: spread over the 32-bit space (a
/// counter times an odd constant, so no two of the first 2**32 heaps share
/// one), far from the few generations a slot goes through.
fn next_first_gen() -> u32 {
    use std::sync::atomic::{AtomicU32, Ordering};
    static HEAPS: AtomicU32 = AtomicU32::new(0);
    HEAPS
        .fetch_add(1, Ordering::Relaxed)
        .wrapping_mul(0x9E37_79B9)
}

/// The hash of a str with lone surrogates: the text's (which holds
/// U+FFFD for each) mixed with every (index, surrogate), so `'\ud800'`
/// and `'\ufffd'` differ.
pub fn str_hash_with(s: &str, sur: &[(u32, u16)]) -> u64 {
    let mut h = str_hash(s);
    for &(at, u) in sur {
        h = (h ^ ((at as u64) << 16 | u as u64)).wrapping_mul(0x100000001b3);
        h ^= h >> 29;
    }
    if h == u64::MAX {
        h = u64::MAX - 1;
    }
    h
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

#[cfg(test)]
mod tests {
    use super::*;

    fn heap_with_freed_object() -> (Heap, Gc) {
        let mut h = Heap::new();
        let g = h.alloc_unrooted(Obj::List(vec![Value::Int(1)]));
        h.collect(std::iter::empty());
        (h, g)
    }

    #[test]
    fn objects_that_refer_to_nothing_are_kept_and_counted() {
        // Strs, bytes and big ints are counted where the
        // marker finds them instead of being stacked: they must still be
        // kept alive, counted once each, and freed when unreached.
        let mut h = Heap::new();
        let texts = ["s1", "a text of another length"];
        let mut items = Vec::new();
        let mut sizes = 0;
        for t in texts {
            let o = Obj::Str(PyStr::new(t.into(), str_hash(t)));
            sizes += o.size();
            items.push(Value::Obj(h.alloc_unrooted(o)));
        }
        let big = Obj::BigInt(Box::new(num_bigint::BigInt::from(1u8) << 200u32));
        sizes += big.size();
        items.push(Value::Obj(h.alloc_unrooted(big)));
        let b = Obj::Bytes(b"xyz".to_vec().into_boxed_slice());
        sizes += b.size();
        items.push(Value::Obj(h.alloc_unrooted(b)));
        // The same str twice: counted once.
        items.push(items[0]);
        let dropped = h.alloc_unrooted(Obj::Str(PyStr::new("gone".into(), str_hash("gone"))));
        let list = Obj::List(items.clone());
        sizes += list.size();
        let kept = h.alloc_unrooted(list);
        assert_eq!(h.collect([Value::Obj(kept)]), sizes);
        for v in &items {
            assert!(h.is_live(v.as_obj().unwrap()));
        }
        assert!(!h.is_live(dropped));
        // Marks were cleared: a second collection finds the same.
        assert_eq!(h.collect([Value::Obj(kept)]), sizes);
        match h.get(items[1].as_obj().unwrap()) {
            Obj::Str(s) => assert_eq!(&*s.s, texts[1]),
            _ => panic!("not a str"),
        }
    }

    #[test]
    fn collection_frees_what_no_root_reaches_and_keeps_the_rest() {
        let mut h = Heap::new();
        let kept = h.alloc_unrooted(Obj::List(vec![]));
        let inner = h.alloc_unrooted(Obj::List(vec![]));
        if let Obj::List(l) = h.get_mut(kept) {
            l.push(Value::Obj(inner));
        }
        let dropped = h.alloc_unrooted(Obj::List(vec![]));
        let live = h.collect([Value::Obj(kept)]);
        assert!(live > 0, "the two lists left alive are counted");
        assert!(h.is_live(kept) && h.is_live(inner));
        assert!(!h.is_live(dropped));
        // The freed slot is reused under a new generation.
        let again = h.alloc_unrooted(Obj::List(vec![]));
        assert_eq!(again.idx, dropped.idx);
        assert_ne!(again.gen, dropped.gen);
    }

    #[cfg(not(debug_assertions))]
    #[test]
    fn a_stale_read_is_flagged_never_silent() {
        if stale_panics() {
            return; // CAPY_STALE_PANIC set for this run: it would panic.
        }
        let (h, g) = heap_with_freed_object();
        assert!(!h.take_stale());
        assert!(matches!(h.get(g), Obj::Dead));
        assert!(h.take_stale(), "the stale read must raise the flag");
        assert!(!h.take_stale(), "taking the flag clears it");
    }

    #[cfg(debug_assertions)]
    #[test]
    #[should_panic(expected = "stale heap handle")]
    fn a_stale_read_panics_in_debug_builds() {
        let (h, g) = heap_with_freed_object();
        let _ = h.get(g);
    }

    #[cfg(not(debug_assertions))]
    #[test]
    fn a_foreign_handle_is_caught_as_stale() {
        if stale_panics() {
            return;
        }
        let mut a = Heap::new();
        let mut b = Heap::new();
        let ga = a.alloc_unrooted(Obj::List(vec![Value::Int(1)]));
        let _gb = b.alloc_unrooted(Obj::List(vec![Value::Int(2)]));
        assert_eq!(ga.idx, _gb.idx, "the same slot index in both heaps");
        assert!(
            matches!(b.get(ga), Obj::Dead),
            "a's handle must not reach b's object"
        );
        assert!(b.take_stale());
    }

    /// A base holding a dict (index 0) and a string (index 1), as
    /// base.rs freezes them, and two heaps on it.
    fn two_heaps_on_a_base() -> (Heap, Heap, Gc, Gc) {
        let mut b = Heap::new();
        let dict = b.alloc_unrooted(Obj::Dict(Box::default()));
        let name = b.alloc_unrooted(Obj::Str(PyStr::new("n".into(), str_hash("n"))));
        let base = Rc::new(b.freeze());
        (Heap::on(base.clone()), Heap::on(base), dict, name)
    }

    fn dict_len(h: &Heap, g: Gc) -> usize {
        match h.get(g) {
            Obj::Dict(d) => d.len(),
            _ => usize::MAX,
        }
    }

    #[test]
    fn base_objects_are_read_under_their_own_handles() {
        let (mut a, _, dict, name) = two_heaps_on_a_base();
        assert!(a.is_base(dict) && a.is_live(dict));
        assert_eq!(a.str_of(Value::Obj(name)), Some("n"));
        // A heap's own objects come after the base's.
        let own = a.alloc_unrooted(Obj::List(vec![]));
        assert!(!a.is_base(own));
        assert_eq!(a.live_objects(), 1);
        assert!(matches!(a.get(own), Obj::List(_)));
    }

    #[test]
    fn a_write_to_a_base_object_changes_only_the_writers_copy() {
        let (mut a, b, dict, _) = two_heaps_on_a_base();
        if let Obj::Dict(d) = a.get_mut(dict) {
            d.insert_new(1, Value::Int(1), Value::Int(2));
        }
        assert_eq!(dict_len(&a, dict), 1, "the writer reads its copy");
        assert_eq!(dict_len(&b, dict), 0, "the other heap still reads the base");
        assert_eq!(a.live_objects(), 1, "the copy lives in the writer's heap");
        // The copy is a root: a collection with no roots keeps it, and
        // what it refers to.
        let kept = a.alloc_unrooted(Obj::List(vec![]));
        if let Obj::Dict(d) = a.get_mut(dict) {
            d.insert_new(2, Value::Int(3), Value::Obj(kept));
        }
        a.collect(std::iter::empty());
        assert_eq!(dict_len(&a, dict), 2);
        assert!(a.is_live(kept));
        assert_eq!(dict_len(&b, dict), 0);
    }

    #[test]
    fn immutable_base_objects_are_never_copied() {
        let (mut a, _, _, name) = two_heaps_on_a_base();
        assert!(matches!(a.get_mut(name), Obj::Dead));
        assert_eq!(a.live_objects(), 0);
        assert_eq!(a.str_of(Value::Obj(name)), Some("n"));
        assert!(a.take_bug().is_none());
    }

    #[cfg(not(debug_assertions))]
    #[test]
    fn a_handle_of_one_heap_on_the_base_is_stale_in_another() {
        if stale_panics() {
            return;
        }
        let (mut a, mut b, _, _) = two_heaps_on_a_base();
        let ga = a.alloc_unrooted(Obj::List(vec![Value::Int(1)]));
        let gb = b.alloc_unrooted(Obj::List(vec![Value::Int(2)]));
        assert_eq!(ga.idx, gb.idx, "the same slot in both heaps");
        assert!(matches!(b.get(ga), Obj::Dead));
        assert!(b.take_stale());
    }

    #[test]
    fn allocation_takes_the_lowest_free_slot_and_sweeps_stop_at_the_top() {
        let mut h = Heap::new();
        let all: Vec<Gc> = (0..10)
            .map(|i| h.alloc_unrooted(Obj::List(vec![Value::Int(i)])))
            .collect();
        // Keep slots 2 and 5: 0, 1, 3, 4 are free below the top (6), and
        // 6..10 form the free tail.
        let kept = [all[2], all[5]];
        h.collect(kept.iter().map(|&g| Value::Obj(g)));
        assert_eq!(h.live_objects(), 2);
        assert_eq!(h.top, 6);
        let again: Vec<usize> = (0..6)
            .map(|_| {
                let g = h.alloc_unrooted(Obj::List(vec![]));
                h.pos(g)
            })
            .collect();
        assert_eq!(again, [0, 1, 3, 4, 6, 7], "lowest first, then the tail");
        assert_eq!(h.live_objects(), 8);
        // Nothing kept: every slot joins the tail, and old handles into
        // it stay stale when the tail is handed out again.
        h.collect(std::iter::empty());
        assert_eq!((h.top, h.live_objects()), (0, 0));
        let reused = h.alloc_unrooted(Obj::List(vec![]));
        assert_eq!(h.pos(reused), 0);
        assert!(h.is_live(reused) && !h.is_live(all[0]) && !h.is_live(all[9]));
        assert_eq!(h.slots.len(), 10, "no slot is ever given back");
    }

    #[test]
    fn freed_objects_release_what_they_own_and_marks_are_cleared() {
        let code =
            capy_compiler::compile("x = 1\n", "<t>", capy_compiler::Mode::Exec).expect("compiles");
        let mut h = Heap::new();
        let held = h.alloc_unrooted(Obj::Code(code.clone()));
        let dropped = h.alloc_unrooted(Obj::Code(code.clone()));
        assert_eq!(Rc::strong_count(&code), 3);
        h.collect([Value::Obj(held)]);
        assert_eq!(
            Rc::strong_count(&code),
            2,
            "the sweep dropped the unreached one"
        );
        assert!(h.is_live(held) && !h.is_live(dropped));
        // The survivor's mark was cleared: unreached now, it is freed.
        h.collect(std::iter::empty());
        assert_eq!(Rc::strong_count(&code), 1);
        assert!(!h.is_live(held));
    }

    #[test]
    fn stress_mode_asks_for_a_collection_every_n_allocations() {
        let mut h = Heap::new();
        assert!(!h.stress_due());
        h.set_stress(3);
        let due: Vec<bool> = (0..6).map(|_| h.stress_due()).collect();
        assert_eq!(due, [false, false, true, false, false, true]);
    }
}
