//! Steps of built-in iterators taken without the general `next` path: a
//! `for` loop's `ForIter` over a list, tuple or range, and the pairs that
//! `for a, b in enumerate(xs)` or `for k, v in d.items()` unpack.
//!
//! A pair goes onto the value stack as two values, with no tuple made for
//! the `UnpackSequence` that would take it apart at once: the tuple was
//! two thirds of such a loop's step (an allocation, and the collections
//! that allocation paces). No program can tell: the tuple is new on each
//! step and nothing but the unpacking ever holds it.

use crate::errors::ExcKind;
use crate::obj::{DictView, IterState, Obj};
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

    /// One step of `it` as the two values a 2-tuple item would unpack to,
    /// for a `ForIter` followed by `UnpackSequence(2)`: Ok(None) when `it`
    /// is not an iterator this handles (the caller takes the general
    /// path, nothing stepped), Ok(Some(None)) when it is exhausted.
    pub(crate) fn next_pair(&mut self, it: Value) -> PyResult<Option<Option<(Value, Value)>>> {
        let Value::Obj(h) = it else { return Ok(None) };
        let Obj::Iter(st) = self.heap.get(h) else {
            return Ok(None);
        };
        match **st {
            // A count past i64 is a big int: the general path adds it.
            IterState::Enumerate {
                it: src,
                count: Value::Int(c),
            } if c < i64::MAX => {
                let v = match self.enumerate_source_next(src) {
                    Ok(Some(v)) => v,
                    Ok(None) => return Ok(Some(None)),
                    Err(e) if self.err_is(e, ExcKind::StopIteration) => return Ok(Some(None)),
                    Err(e) => return Err(e),
                };
                if let Obj::Iter(st) = self.heap.get_mut(h) {
                    if let IterState::Enumerate { count, .. } = &mut **st {
                        *count = Value::Int(c + 1);
                    }
                }
                Ok(Some(Some((Value::Int(c), v))))
            }
            IterState::Dict {
                dict,
                pos,
                len,
                view: DictView::Items,
            } => {
                let (step, next) = self.dict_step(dict, pos, len);
                let r = match step {
                    DictStep::Entry(k, v) => Some((k, v)),
                    DictStep::End => None,
                    DictStep::Changed { is_dict } => return Err(self.dict_changed_error(is_dict)),
                };
                if let Obj::Iter(st) = self.heap.get_mut(h) {
                    match &mut **st {
                        IterState::Dict { pos, .. } if r.is_some() => *pos = next,
                        st => *st = IterState::Exhausted,
                    }
                }
                Ok(Some(r))
            }
            _ => Ok(None),
        }
    }
}
