//! A cache of global-name lookups (`LoadGlobal`).
//!
//! A global name is looked up in the module's dict and, when absent there,
//! in the builtins: two hash probes for every `len(...)` in a loop. This
//! direct-mapped table remembers where each (globals dict, name) was found,
//! as an entry position, and re-validates it on every use:
//!
//! - found in the globals: the key at that position must still be the very
//!   name object (names are interned), which proves it is that name's entry;
//! - found in the builtins: likewise in the builtins dict, and the globals
//!   must have gained no key since (their insertion count is unchanged),
//!   which proves the name is still absent from them.
//!
//! No mutation anywhere needs to invalidate anything, and a stale entry can
//! only miss, never answer wrongly.

use crate::dict::Dict;
use crate::value::{Gc, Value};

const SIZE: usize = 1 << 9;

#[derive(Clone, Copy)]
enum Place {
    Globals(u32),
    /// Position in the builtins, and the globals' insertion count then.
    Builtins(u32, u64),
}

#[derive(Clone, Copy)]
struct Entry {
    globals: Gc,
    name: Gc,
    place: Place,
}

/// Empty until the first entry: an idle compartment does not pay for it.
#[derive(Default)]
pub struct GlobalCache {
    entries: Box<[Option<Entry>]>,
}

#[inline]
fn slot(globals: Gc, name: Gc) -> usize {
    let h = (globals.idx as u64 ^ ((name.idx as u64) << 20)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h >> 55) as usize & (SIZE - 1)
}

impl GlobalCache {
    /// The cached value of `name`, if the cached position still holds it.
    #[inline]
    /// `builtins` gives the builtins dict, asked only for a name found
    /// there (it is a base object: reaching it costs more).
    pub fn get<'d>(
        &self,
        globals: (Gc, &Dict),
        builtins: impl FnOnce() -> Option<&'d Dict>,
        name: Gc,
    ) -> Option<Value> {
        let e = (*self.entries.get(slot(globals.0, name))?)?;
        if e.globals != globals.0 || e.name != name {
            return None;
        }
        match e.place {
            Place::Globals(pos) => globals.1.value_if_key_at(pos as usize, Value::Obj(name)),
            Place::Builtins(pos, n) if n == globals.1.insertions() => {
                builtins()?.value_if_key_at(pos as usize, Value::Obj(name))
            }
            Place::Builtins(..) => None,
        }
    }

    pub fn put_global(&mut self, globals: Gc, name: Gc, pos: usize) {
        self.put(globals, name, Place::Globals(pos as u32));
    }

    /// `name` is absent from `globals`, which has had `insertions` keys
    /// added so far, and is at `pos` in the builtins.
    pub fn put_builtin(&mut self, globals: Gc, insertions: u64, name: Gc, pos: usize) {
        self.put(globals, name, Place::Builtins(pos as u32, insertions));
    }

    fn put(&mut self, globals: Gc, name: Gc, place: Place) {
        if self.entries.is_empty() {
            self.entries = vec![None; SIZE].into_boxed_slice();
        }
        self.entries[slot(globals, name)] = Some(Entry {
            globals,
            name,
            place,
        });
    }
}
