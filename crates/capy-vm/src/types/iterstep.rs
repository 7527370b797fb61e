//! Steps of built-in iterators taken without the general `next` path: a
//! `for` loop's `ForIter` over a list, tuple or range, enumerate's source,
//! a dict iterator's entries, and `ForIterPair`'s pairs.
//!
//! `ForIterPair` (the compiler's `for a, b in ...`) pushes the pair of an
//! enumerate, a dict's items, a zip of two or a list of 2-tuples as two
//! values, making no tuple for the unpacking to take apart at once: the
//! tuple was most of such a loop's step (an allocation, and the
//! collections that allocation paces). No program can tell: the tuple is
//! new on each step and nothing but the unpacking ever holds it. (Session
//! 23 did this from a check in `ForIter`'s slow arm, which made every loop
//! 2-4% dearer; a separate instruction costs other loops nothing.)

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

    /// One step of `ForIterPair` over the iterator on top of the stack:
    /// true with the item's two values pushed (the first on top), false
    /// when exhausted. Whatever is not a pair fails as `UnpackSequence(2)`
    /// would, with the item on the stack.
    pub(crate) fn for_iter_pair(&mut self) -> PyResult<bool> {
        let it = self.top();
        let item = match self.for_iter_fast(it) {
            Some(Some(v)) => v,
            Some(None) => return Ok(false),
            None => match self.builtin_pair_step(it) {
                Ok(Some(more)) => return Ok(more),
                // A source's StopIteration ends the loop, as `next` makes it.
                Err(e) if self.err_is(e, ExcKind::StopIteration) => return Ok(false),
                Err(e) => return Err(e),
                Ok(None) => match self.next(it)? {
                    Some(v) => v,
                    None => return Ok(false),
                },
            },
        };
        self.stack.push(item);
        self.unpack_top(2)?;
        Ok(true)
    }

    /// `UnpackSequence(n)`: the sequence on top of the stack replaced by
    /// its `n` items, the first on top. A list or tuple of that length
    /// gives its items straight onto the stack, with no copy in between.
    #[inline(always)]
    pub(crate) fn unpack_top(&mut self, n: usize) -> PyResult<()> {
        let seq = self.top();
        if let Value::Obj(h) = seq {
            let items = match self.heap.get(h) {
                Obj::Tuple(t) if t.len() == n => Some(&t[..]),
                Obj::List(l) if l.len() == n => Some(&l[..]),
                _ => None,
            };
            if let Some(items) = items {
                self.stack.pop();
                self.stack.extend(items.iter().rev());
                return Ok(());
            }
        }
        let items = self.unpack(seq, n)?;
        self.stack.pop();
        self.stack.extend(items.into_iter().rev());
        Ok(())
    }

    /// A step of an enumerate (with a count in i64), a dict items
    /// iterator or a non-strict zip of two that pushes the pair's values
    /// instead of making its tuple, as `next` steps them; None (nothing
    /// stepped) for other iterators.
    fn builtin_pair_step(&mut self, it: Value) -> PyResult<Option<bool>> {
        enum Kind {
            Enumerate(Value, i64),
            Items(Gc, usize, usize),
            Zip(Value, Value),
        }
        let Value::Obj(h) = it else { return Ok(None) };
        let Obj::Iter(st) = self.heap.get(h) else {
            return Ok(None);
        };
        let kind = match &**st {
            // A count past i64 is a big int: the general path adds it.
            IterState::Enumerate {
                it: src,
                count: Value::Int(c),
            } if *c < i64::MAX => Kind::Enumerate(*src, *c),
            IterState::Dict {
                dict,
                pos,
                len,
                view: DictView::Items,
            } => Kind::Items(*dict, *pos, *len),
            IterState::Zip { its, strict: false } => match its[..] {
                [a, b] => Kind::Zip(a, b),
                _ => return Ok(None),
            },
            _ => return Ok(None),
        };
        match kind {
            Kind::Enumerate(src, c) => {
                let Some(v) = self.enumerate_source_next(src)? else {
                    return Ok(Some(false));
                };
                if let Obj::Iter(st) = self.heap.get_mut(h) {
                    if let IterState::Enumerate { count, .. } = &mut **st {
                        *count = Value::Int(c + 1);
                    }
                }
                self.stack.extend([v, Value::Int(c)]);
            }
            Kind::Items(d, pos, len) => {
                let (step, next) = self.dict_step(d, pos, len);
                let entry = match step {
                    DictStep::Entry(k, v) => Some((k, v)),
                    DictStep::End => None,
                    DictStep::Changed { is_dict } => return Err(self.dict_changed_error(is_dict)),
                };
                if let Obj::Iter(st) = self.heap.get_mut(h) {
                    match &mut **st {
                        IterState::Dict { pos, .. } if entry.is_some() => *pos = next,
                        st => *st = IterState::Exhausted,
                    }
                }
                let Some((k, v)) = entry else {
                    return Ok(Some(false));
                };
                self.stack.extend([v, k]);
            }
            // As zip's `next`: the second is not asked once the first ends,
            // and neither lets go of its source.
            Kind::Zip(a_src, b_src) => {
                let Some(a) = self.enumerate_source_next(a_src)? else {
                    return Ok(Some(false));
                };
                // Rooted on the stack while the second runs.
                self.stack.push(a);
                let b = self.enumerate_source_next(b_src);
                self.stack.pop();
                let Some(b) = b? else { return Ok(Some(false)) };
                self.stack.extend([b, a]);
            }
        }
        Ok(Some(true))
    }
}
