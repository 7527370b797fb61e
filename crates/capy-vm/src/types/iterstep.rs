//! Steps of built-in iterators taken without the general `next` path: a
//! `for` loop's `ForIter` over a list, tuple or range, enumerate's source,
//! and a dict iterator's entries.
//!
//! (Session 23 also pushed the pair of `for a, b in enumerate(xs)` and
//! `for k, v in d.items()` without its tuple, from a check in `ForIter`'s
//! slow arm: btree −35% instructions, but every loop of the interpreter
//! 2–4% dearer (bm_fft +4%, an empty `for` loop +3.7%) by what the check
//! did to the loop's code; taken out again.)

use crate::obj::{IterState, Obj};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

/// What one step of a dict iterator found.
pub(crate) enum DictStep {
    Entry(Value, Value),
    End,
    /// The dict or set changed size since the iterator began.
    Changed {
        is_dict: bool,
    },
}

impl Vm {
    /// Advances a list, tuple or range iterator in place; None when the
    /// generic path is needed.
    #[inline]
    pub(crate) fn for_iter_fast(&mut self, it: Value) -> Option<Option<Value>> {
        let Value::Obj(h) = it else { return None };
        let (seq, idx) = match self.heap.get_mut(h) {
            Obj::Iter(st) => match &mut **st {
                IterState::Range { cur, stop, step } => {
                    let c = *cur;
                    if (*step > 0 && c < *stop) || (*step < 0 && c > *stop) {
                        *cur = c.wrapping_add(*step);
                        return Some(Some(Value::Int(c)));
                    }
                    return Some(None);
                }
                // Stepped at once (one lookup of the iterator): a
                // sequence this loop does not read is stepped back.
                IterState::Seq { seq, idx } => {
                    *idx += 1;
                    (*seq, *idx - 1)
                }
                _ => return None,
            },
            _ => return None,
        };
        let Value::Obj(s) = seq else { return None };
        // Only lists and tuples are handled here; strings etc. allocate.
        let item = match self.heap.get(s) {
            Obj::List(v) => v.get(idx).copied(),
            Obj::Tuple(v) => v.get(idx).copied(),
            _ => return self.unstep_seq(h),
        };
        if item.is_none() {
            if let Obj::Iter(st) = self.heap.get_mut(h) {
                **st = IterState::Exhausted;
            }
        }
        Some(item)
    }

    /// The next item of the source of an enumerate: straight from a list,
    /// tuple or range, else by the general (recursion-guarded) step.
    #[inline]
    pub(crate) fn enumerate_source_next(&mut self, src: Value) -> PyResult<Option<Value>> {
        match self.for_iter_fast(src) {
            Some(r) => Ok(r),
            None => self.next_source(src),
        }
    }

    /// The entry at or after `pos` of dict (or set) `d`, checking that its
    /// size is still `len0`; returns where the next step starts.
    pub(crate) fn dict_step(&self, d: Gc, pos: usize, len0: usize) -> (DictStep, usize) {
        let mut p = pos;
        let (t, is_dict) = match self.heap.get(d) {
            Obj::Dict(t) => (t, true),
            Obj::Set(t) | Obj::FrozenSet(t) => (t, false),
            _ => return (DictStep::End, p),
        };
        if t.len() != len0 {
            return (DictStep::Changed { is_dict }, p);
        }
        while p < t.entries_len() {
            let e = t.entry_at(p);
            p += 1;
            if let Some(e) = e {
                if !e.key.is_null() {
                    return (DictStep::Entry(e.key, e.value), p);
                }
            }
        }
        (DictStep::End, p)
    }

    pub(crate) fn dict_changed_error(&mut self, is_dict: bool) -> crate::PyErr {
        self.runtime_error(if is_dict {
            "dictionary changed size during iteration"
        } else {
            "Set changed size during iteration"
        })
    }
}
