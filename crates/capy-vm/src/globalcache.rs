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
//!
//! A function's `LoadGlobal` first tries an inline cache kept in the
//! instruction's name ([`crate::attric::Name`]), validated the same way:
//! no hashing of the (globals, name) pair, one dict read for a global.

use crate::attric::{AttrIc, Name};
use crate::dict::Dict;
use crate::frame::Frame;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

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

impl Vm {
    /// `LoadGlobal` of name `i` of frame `f`: through the name's inline
    /// cache, filled on a miss.
    #[inline(always)]
    pub(crate) fn load_global_at(&mut self, f: &Frame, i: u32) -> PyResult {
        let Some(n) = f.names.get(i as usize) else {
            return self.load_global(f.globals, Value::None);
        };
        if let Some(v) = self.global_ic(f.globals, n) {
            return Ok(v);
        }
        self.load_global_fill(f.globals, n)
    }

    /// The value cached in `n` for `globals`, if the cached position
    /// still holds the name (see the module comment).
    #[inline(always)]
    fn global_ic(&self, globals: Gc, n: &Name) -> Option<Value> {
        match self.global_entry(n.ic.first(), globals, n) {
            Some(v) => Some(v),
            None if n.ic.rest().is_empty() => None,
            None => self.global_ic_rest(globals, n),
        }
    }

    #[inline(never)]
    fn global_ic_rest(&self, globals: Gc, n: &Name) -> Option<Value> {
        n.ic.rest()
            .iter()
            .find_map(|e| self.global_entry(e.get(), globals, n))
    }

    /// What entry `e` of `n`'s cache gives for the name in `globals`.
    #[inline(always)]
    fn global_entry(&self, e: AttrIc, globals: Gc, n: &Name) -> Option<Value> {
        match e {
            AttrIc::Global { globals: g, pos } if g == globals => {
                value_if_name_at(self.table(globals)?, pos, n.name)
            }
            AttrIc::Builtin {
                globals: g,
                pos,
                insertions,
            } if g == globals => {
                if self.table(globals)?.insertions() != insertions {
                    return None;
                }
                value_if_name_at(self.table(self.builtins)?, pos, n.name)
            }
            _ => None,
        }
    }

    /// The lookup of [`Self::load_global_at`] on a cache miss, recording
    /// where the name was found.
    #[inline(never)]
    fn load_global_fill(&mut self, globals: Gc, n: &Name) -> PyResult {
        use crate::dict::Probe;
        let v = self.load_global(globals, n.name)?;
        let Some(hash) = self.heap.pystr(n.name).map(|s| s.hash()) else {
            return Ok(v);
        };
        let Some(g) = self.table(globals) else {
            return Ok(v);
        };
        match g.probe(&self.heap, hash, n.name) {
            Probe::Found(pos) => n.ic.put(
                self.attr_cache.version(),
                AttrIc::Global {
                    globals,
                    pos: pos as u32,
                },
            ),
            // Only a name no key of the globals may equal is known absent.
            Probe::Missing => {
                let insertions = g.insertions();
                let found = self
                    .table(self.builtins)
                    .and_then(|b| b.probe_name(&self.heap, hash, n.name));
                if let Some(pos) = found {
                    let version = self.attr_cache.version();
                    n.ic.put(
                        version,
                        AttrIc::Builtin {
                            globals,
                            pos: pos as u32,
                            insertions,
                        },
                    );
                }
            }
            _ => {}
        }
        Ok(v)
    }
}

/// The value at `pos` of `d` if its key there is `name` (names are
/// interned: identity proves it is that name's entry).
#[inline(always)]
fn value_if_name_at(d: &Dict, pos: u32, name: Value) -> Option<Value> {
    let e = d.entry_at(pos as usize)?;
    match (e.key, name) {
        (Value::Obj(a), Value::Obj(b)) if a == b => Some(e.value),
        _ => None,
    }
}
