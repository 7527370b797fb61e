//! The frozen base: what every instance of a thread shares.
//!
//! The built-in types with their methods, the built-in exception classes,
//! the builtins namespace, the empty tuple and the names these use are
//! the same in every instance and never change (built-in types refuse new
//! attributes, and a write that does reach a base object lands in a copy
//! private to the writing instance: heap.rs). So they are built once per
//! thread, on first use, and frozen; each instance's heap sits on top of
//! them ([`crate::heap::Heap::on`]). Making an instance then costs a few
//! small objects of its own instead of the whole bootstrap, which is what
//! lets a program hold a million compartments.
//!
//! Per thread, not per process: objects hold `Rc`s (code objects), and a
//! `Vm` never moves between threads.

use crate::heap::{Frozen, Heap};
use crate::value::{Gc, Value};
use crate::vm::{NameHasher, Vm};
use std::cell::{Cell, OnceCell};
use std::collections::HashMap;
use std::rc::Rc;

/// Slots reserved for building the base: a little more than it holds
/// (the test `base_fits_its_reservation` says if it outgrows them; it
/// would still work, growing the vector by copies as before).
const BASE_SLOTS: usize = 1280;

/// How many `intern_static` names the base remembers by address.
const STATIC_NAMES: usize = 64;

/// (address, length) of a `&'static str`, and its interned string.
type StaticName = ((usize, usize), Value);

pub struct Base {
    pub(crate) heap: Rc<Frozen>,
    /// The base's interned names (an instance interns only what is not
    /// here).
    pub(crate) interned: HashMap<Box<str>, Gc, NameHasher>,
    pub(crate) types: Rc<[Gc]>,
    pub(crate) exc_classes: Rc<[Gc]>,
    /// The builtins namespace (a dict: an instance that writes to it gets
    /// its own copy).
    pub(crate) builtins: Gc,
    pub(crate) empty_tuple: Option<Gc>,
    /// `intern_static`'s memo: (address, length) of a `&'static str` → its
    /// interned base string. In the base so that no instance pays for it.
    static_names: [Cell<Option<StaticName>>; STATIC_NAMES],
}

thread_local! {
    static SHARED: OnceCell<Rc<Base>> = const { OnceCell::new() };
}

impl Base {
    /// The thread's base, built on first use.
    pub fn shared() -> Rc<Base> {
        SHARED.with(|b| b.get_or_init(|| Rc::new(Base::build())).clone())
    }

    /// A base with nothing in it: what the instance that builds the real
    /// one stands on.
    pub(crate) fn empty() -> Base {
        Base {
            heap: Rc::new(Frozen::empty()),
            interned: HashMap::default(),
            types: Rc::new([]),
            exc_classes: Rc::new([]),
            builtins: Gc { idx: 0, gen: 0 },
            empty_tuple: None,
            static_names: std::array::from_fn(|_| Cell::new(None)),
        }
    }

    /// Runs the bootstrap in a scratch instance, then freezes what it made.
    fn build() -> Base {
        let budget = crate::budget::Budget::new(crate::budget::Limits::default());
        let out = crate::vm::Output::discard();
        let heap = Heap::with_capacity(BASE_SLOTS);
        let mut vm = Vm::blank(heap, Rc::new(Base::empty()), budget, out, 0);
        crate::types::init_types(&mut vm);
        crate::builtins::init(&mut vm);
        for name in PRE_INTERNED {
            vm.intern(name);
        }
        vm.into_base()
    }

    /// The memo of `intern_static`: the base string of `key`, if known.
    #[inline]
    pub(crate) fn static_name(&self, key: (usize, usize)) -> Option<Value> {
        match self.static_names[slot_of(key)].get() {
            Some((k, v)) if k == key => Some(v),
            _ => None,
        }
    }

    pub(crate) fn remember_static(&self, key: (usize, usize), v: Value) {
        self.static_names[slot_of(key)].set(Some((key, v)));
    }
}

fn slot_of(key: (usize, usize)) -> usize {
    (key.0 >> 3 ^ key.1) & (STATIC_NAMES - 1)
}

/// Names nearly every instance interns when it runs code: interned in the
/// base, they cost an instance nothing.
const PRE_INTERNED: &[&str] = &[
    "__main__",
    "__name__",
    "__builtins__",
    "__file__",
    "__doc__",
    "__module__",
    "__qualname__",
    "__path__",
    "__all__",
    "__class__",
    "__dict__",
    "__annotations__",
    "self",
    "args",
    "kwargs",
    "sys",
    "",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_fits_its_reservation() {
        let n = Base::shared().heap.len();
        // Not a limit, a reminder: past it the base's bootstrap grows its
        // slot vector by copying, and start-up pays for it.
        assert!(
            n <= BASE_SLOTS,
            "the base holds {n} objects: raise BASE_SLOTS"
        );
        // Nor far below it: the rest of the reservation is untouched
        // memory, but a figure that no longer says what the base holds.
        assert!(
            n > BASE_SLOTS / 2,
            "the base holds {n} objects: lower BASE_SLOTS"
        );
    }
}
