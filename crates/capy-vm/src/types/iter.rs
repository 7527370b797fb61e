//! The iteration protocol and the built-in iterator objects.

use crate::errors::ExcKind;
use crate::obj::{DictView, IterState, Obj};
use crate::types::gendrive::Driven;
use crate::types::iterstep::DictStep;
use crate::types::MethodDef;
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;

pub const METHODS: &[MethodDef] = &[
    ("__next__", iter_next, false),
    ("__iter__", iter_self, false),
];

fn iter_next(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    // A subclass instance (`class M(map)`) steps its built-in iterator.
    let it = vm.builtin_base(a.first().copied().unwrap_or(Value::None));
    match vm.next_or_stop(it)? {
        Some(v) => Ok(v),
        None => Err(vm.stop_iteration(Value::None)),
    }
}

fn iter_self(_vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    Ok(a.first().copied().unwrap_or(Value::None))
}

/// What a [`Vm::for_each`] step asks for next.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Step {
    Continue,
    Stop,
}

/// A built-in iterator's step that needs the VM (`next_builtin`).
enum Act {
    Done(Option<Value>),
    Seq(Value, usize),
    GetItem(Value, i64),
    Dict(crate::value::Gc, usize, usize, DictView),
    Enumerate(Value, Value),
    Zip(Vec<Value>, bool),
    Map(Value, Vec<Value>),
    Filter(Value, Value),
    Reversed(Value, usize),
    Call(Value, Value),
    AsyncStep,
}

impl Vm {
    pub fn new_iter(&mut self, st: IterState) -> PyResult {
        Ok(Value::Obj(self.alloc(Obj::Iter(Box::new(st)))?))
    }

    /// `iter(v)`.
    #[inline]
    pub fn get_iter(&mut self, v: Value) -> PyResult {
        match self.try_get_iter(v)? {
            Some(it) => Ok(it),
            None => Err(self.not_iterable(v)),
        }
    }

    /// `iter(v)`, or None when `v` has no way to be iterated (no
    /// `__iter__`, and no `__getitem__` to index it by).
    fn try_get_iter(&mut self, v: Value) -> PyResult<Option<Value>> {
        if let Value::Obj(h) = v {
            let st = match self.heap.get(h) {
                Obj::List(_)
                | Obj::BigRange(_)
                | Obj::Tuple(_)
                | Obj::Str(_)
                | Obj::Bytes(_)
                | Obj::ByteArray(_)
                | Obj::Deque(_) => IterState::Seq { seq: v, idx: 0 },
                Obj::Range { start, stop, step } if stop.checked_add(*step).is_some() => {
                    IterState::Range {
                        cur: *start,
                        stop: *stop,
                        step: *step,
                    }
                }
                // Near the edge of 64 bits the step past the last item
                // would wrap (the loop's fast step adds without a check,
                // to stay cheap): stepped by index instead.
                Obj::Range { .. } => IterState::Seq { seq: v, idx: 0 },
                Obj::Dict(d) | Obj::Set(d) | Obj::FrozenSet(d) => IterState::Dict {
                    dict: h,
                    pos: 0,
                    len: d.len(),
                    view: DictView::Keys,
                },
                Obj::DictView { dict, view } => {
                    let (d, view) = (*dict, *view);
                    let len = match self.heap.get(d) {
                        Obj::Dict(t) => t.len(),
                        _ => 0,
                    };
                    IterState::Dict {
                        dict: d,
                        pos: 0,
                        len,
                        view,
                    }
                }
                Obj::Iter(_) | Obj::Generator(_) => return Ok(Some(v)),
                Obj::MemoryView { .. } => {
                    // Iterates a snapshot of the viewed items.
                    let seq = crate::types::memoryview::items_list(self, v)?;
                    IterState::Seq { seq, idx: 0 }
                }
                Obj::Instance(_) | Obj::Class(_) | Obj::Exception(_) => {
                    return self.get_iter_user(v)
                }
                _ => return Ok(None),
            };
            return self.new_iter(st).map(Some);
        }
        Ok(None)
    }

    fn get_iter_user(&mut self, v: Value) -> PyResult<Option<Value>> {
        if let Some(m) = self.lookup_type_attr(v, "__iter__") {
            let it = self.call(m, &[v], &[])?;
            if self.lookup_type_attr(it, "__next__").is_none()
                && !matches!(it, Value::Obj(h) if matches!(self.heap.get(h), Obj::Iter(_) | Obj::Generator(_)))
            {
                let t = self.type_name(it);
                return Err(self.type_error(format!("iter() returned non-iterator of type '{t}'")));
            }
            return Ok(Some(it));
        }
        // A subclass of a built-in iterable inherits the built-in's
        // `__iter__`, even when it overrides `__getitem__`.
        let base = self.builtin_base(v);
        if !base.is(v) {
            return self.try_get_iter(base);
        }
        if self.lookup_type_attr(v, "__getitem__").is_some() {
            return self
                .new_iter(IterState::GetItem { obj: v, idx: 0 })
                .map(Some);
        }
        Ok(None)
    }

    fn not_iterable(&mut self, v: Value) -> crate::PyErr {
        let t = self.type_name(v);
        self.type_error(format!("'{t}' object is not iterable"))
    }

    /// `next(it)`: Some(value), or None when exhausted (any
    /// `StopIteration` is swallowed).
    pub fn next(&mut self, it: Value) -> PyResult<Option<Value>> {
        match self.next_or_stop(it) {
            Err(e) if self.err_is(e, ExcKind::StopIteration) => Ok(None),
            r => r,
        }
    }

    /// Like `next`, but a `StopIteration` raised while stepping (by a user
    /// `__next__`, or a generator returning a value) propagates as the
    /// same exception object; `Ok(None)` means a plain exhaustion.
    pub fn next_or_stop(&mut self, it: Value) -> PyResult<Option<Value>> {
        let Value::Obj(h) = it else {
            return Err(self.not_iterator(it));
        };
        match self.heap.get(h) {
            Obj::Iter(_) => self.next_builtin(h),
            Obj::Generator(_) => self.next_gen(h),
            _ => match self.lookup_type_attr(it, "__next__") {
                Some(m) => self.call(m, &[it], &[]).map(Some),
                None => Err(self.not_iterator(it)),
            },
        }
    }

    fn not_iterator(&mut self, v: Value) -> crate::PyErr {
        let t = self.type_name(v);
        self.type_error(format!("'{t}' object is not an iterator"))
    }

    fn next_builtin(&mut self, h: crate::value::Gc) -> PyResult<Option<Value>> {
        // Step the state under a short borrow; anything that needs the VM
        // becomes an `Act` performed afterwards.
        let act = {
            let Obj::Iter(st) = self.heap.get_mut(h) else {
                return Ok(None);
            };
            match &mut **st {
                IterState::Exhausted => Act::Done(None),
                IterState::Range { cur, stop, step } => {
                    let c = *cur;
                    if (*step > 0 && c < *stop) || (*step < 0 && c > *stop) {
                        // Past the edge of 64 bits the next item is past
                        // the stop too.
                        *cur = c.checked_add(*step).unwrap_or(*stop);
                        Act::Done(Some(Value::Int(c)))
                    } else {
                        Act::Done(None)
                    }
                }
                IterState::Seq { seq, idx } => {
                    *idx += 1;
                    Act::Seq(*seq, *idx - 1)
                }
                IterState::GetItem { obj, idx } => {
                    *idx += 1;
                    Act::GetItem(*obj, *idx - 1)
                }
                IterState::Dict {
                    dict,
                    pos,
                    len,
                    view,
                } => Act::Dict(*dict, *pos, *len, *view),
                IterState::Enumerate { it, count } => Act::Enumerate(*it, *count),
                IterState::Zip { its, strict } => Act::Zip(its.clone(), *strict),
                IterState::Map { f, its } => Act::Map(*f, its.clone()),
                IterState::Filter { f, it } => Act::Filter(*f, *it),
                IterState::Reversed { seq, idx } => {
                    if *idx == 0 {
                        Act::Done(None)
                    } else {
                        *idx -= 1;
                        Act::Reversed(*seq, *idx)
                    }
                }
                IterState::CallIter { f, sentinel } => Act::Call(*f, *sentinel),
                IterState::AsyncStep { .. } => Act::AsyncStep,
            }
        };
        // As CPython's, enumerate, zip, map and filter keep their sources
        // once exhausted (each later `next` asks them again, so nesting
        // them deepens every time, as in the MicroPython stress test
        // recursive_iternext); the others let go.
        let keeps = matches!(
            act,
            Act::Enumerate(..) | Act::Zip(..) | Act::Map(..) | Act::Filter(..)
        );
        let r = match act {
            Act::Done(r) => r,
            Act::Seq(seq, i) => crate::types::list::seq_item_at(self, seq, i)?,
            Act::GetItem(obj, i) => match self.getitem(obj, Value::Int(i)) {
                Ok(v) => Some(v),
                Err(e)
                    if self.err_is(e, ExcKind::IndexError)
                        || self.err_is(e, ExcKind::StopIteration) =>
                {
                    None
                }
                Err(e) => return Err(e),
            },
            Act::Dict(d, pos, len0, view) => {
                let (step, p) = self.dict_step(d, pos, len0);
                let (k, v) = match step {
                    DictStep::Entry(k, v) => (k, v),
                    DictStep::End => (Value::Null, Value::Null),
                    DictStep::Changed { is_dict } => return Err(self.dict_changed_error(is_dict)),
                };
                if let Obj::Iter(st) = self.heap.get_mut(h) {
                    if let IterState::Dict { pos, .. } = &mut **st {
                        *pos = p;
                    }
                }
                match view {
                    _ if k.is_null() => None,
                    DictView::Keys => Some(k),
                    DictView::Values => Some(v),
                    DictView::Items => Some(self.new_tuple(vec![k, v])?),
                }
            }
            Act::Enumerate(it, count) => match self.enumerate_source_next(it)? {
                Some(v) => {
                    let next_count = match count {
                        Value::Int(c) if c < i64::MAX => Value::Int(c + 1),
                        _ => self.binary_op(capy_compiler::BinOp::Add, count, Value::Int(1))?,
                    };
                    if let Obj::Iter(st) = self.heap.get_mut(h) {
                        if let IterState::Enumerate { count, .. } = &mut **st {
                            *count = next_count;
                        }
                    }
                    Some(self.new_tuple(vec![count, v])?)
                }
                None => None,
            },
            Act::Zip(its, strict) => self.zip_next(&its, strict)?,
            Act::AsyncStep => Some(self.async_step(h, Value::None, None)?),
            Act::Map(f, its) => {
                let mut args = Vec::with_capacity(its.len());
                let mut done = false;
                for it in its {
                    match self.next_source(it)? {
                        Some(v) => args.push(v),
                        None => {
                            done = true;
                            break;
                        }
                    }
                }
                if done {
                    None
                } else {
                    Some(self.call(f, &args, &[])?)
                }
            }
            Act::Filter(f, it) => loop {
                // A filter that rejects everything of an endless iterator
                // never returns to the interpreter loop: poll here.
                self.poll_budget()?;
                match self.next_source(it)? {
                    Some(v) => {
                        let keep = if f.is_none() {
                            v
                        } else {
                            self.call(f, &[v], &[])?
                        };
                        if self.truthy(keep)? {
                            break Some(v);
                        }
                    }
                    None => break None,
                }
            },
            Act::Reversed(seq, i) => Some(self.getitem(seq, Value::Int(i as i64))?),
            Act::Call(f, sentinel) => match self.call(f, &[], &[]) {
                // A StopIteration from the callable ends the iteration.
                Err(e) if self.err_is(e, ExcKind::StopIteration) => None,
                Err(e) => return Err(e),
                Ok(v) => {
                    if self.eq(v, sentinel)? {
                        None
                    } else {
                        Some(v)
                    }
                }
            },
        };
        if r.is_none() && !keeps {
            if let Obj::Iter(st) = self.heap.get_mut(h) {
                **st = IterState::Exhausted;
            }
        }
        Ok(r)
    }

    /// `next_or_stop` of the source of a built-in iterator over another.
    /// It runs on the host stack, so nesting such iterators deepens as calls
    /// do: each level draws on the recursion limit and the native stack
    /// guard (RecursionError, never an overflow).
    pub(crate) fn next_source(&mut self, it: Value) -> PyResult<Option<Value>> {
        self.enter_recursion()?;
        let r = self.next_or_stop(it);
        self.leave_recursion();
        r
    }

    /// Collects any iterable into a vector. The items stay rooted in the
    /// caller's scope (a native call's, or the current instruction's): the
    /// vector is a copy the collector cannot see, and the source may drop
    /// them (a list cleared by a key function, a generator's values).
    pub fn iter_to_vec(&mut self, v: Value) -> PyResult<Vec<Value>> {
        if let Value::Obj(h) = v {
            let direct = match self.heap.get(h) {
                Obj::List(l) => Some(l.clone()),
                Obj::Tuple(t) => Some(t.to_vec()),
                _ => None,
            };
            if let Some(items) = direct {
                self.temp_roots.extend_from_slice(&items);
                return Ok(items);
            }
        }
        const ITEM: usize = 2 * std::mem::size_of::<Value>();
        if let Value::Obj(h) = v {
            if let Obj::Range { start, stop, step } = self.heap.get(h) {
                let n = crate::types::range::range_len(*start, *stop, *step).max(0) as usize;
                self.reserve_temp(n.saturating_mul(ITEM))?;
            }
        }
        let it = self.get_iter(v)?;
        self.temp_roots.push(it);
        let mark = self.temp_roots.len();
        if let Some(h) = self.drivable(it) {
            // Collecting runs no Python code: nothing is ever deferred.
            self.drive_gen(h, |vm, x| {
                vm.temp_roots.push(x);
                Some(vm.collected(mark))
            })?;
            return Ok(self.temp_roots[mark..].to_vec());
        }
        loop {
            // `next` roots each item; only the items are kept above `mark`.
            let before = self.temp_roots.len();
            let x = self.next(it)?;
            // Drop whatever stepping rooted (a StopIteration, say).
            self.temp_roots.truncate(before);
            let Some(x) = x else { break };
            self.temp_roots.push(x);
            self.collected(mark)?;
        }
        Ok(self.temp_roots[mark..].to_vec())
    }

    /// After [`Self::iter_to_vec`] rooted one more item above `mark`: a
    /// safe point for the clock, and the quota's check for the copy the
    /// items will make, every 1024 items.
    fn collected(&mut self, mark: usize) -> PyResult<Step> {
        const ITEM: usize = 2 * std::mem::size_of::<Value>();
        self.poll_budget()?;
        let n = self.temp_roots.len() - mark;
        if n % 1024 == 1023 {
            self.reserve_temp((n + 1) * ITEM)?;
        }
        Ok(Step::Continue)
    }

    /// Steps through an iterable, calling `f` on each item until it says
    /// [`Step::Stop`] or the items run out: the loop of every native that
    /// consumes an iterator (`sum`, `any`, `min`, ...).
    ///
    /// The iterator is rooted throughout and each item during its step;
    /// whatever a step allocates dies with the step, so an endless iterator
    /// holds O(1) roots. A value `f` keeps across steps must live in a root
    /// slot made before the loop ([`Vm::root_slot`]). Each step draws on
    /// the time budget, so `sum(iter(int, 1))` stops at the deadline.
    pub fn for_each(
        &mut self,
        iterable: Value,
        mut f: impl FnMut(&mut Vm, Value) -> PyResult<Step>,
    ) -> PyResult<()> {
        let it = self.get_iter(iterable)?;
        self.temp_roots.push(it);
        let mark = self.temp_roots.len();
        while let Some(x) = self.next(it)? {
            let step = f(self, x);
            self.temp_roots.truncate(mark);
            match step {
                Ok(Step::Continue) => {}
                Ok(Step::Stop) => break,
                Err(e) => {
                    self.temp_roots.push(e.value());
                    return Err(e);
                }
            }
            self.poll_budget()?;
        }
        Ok(())
    }

    /// [`Vm::for_each`] for a consumer that can take some items without
    /// running Python code (`sum` of numbers, `any` of ints): `f(vm, item,
    /// quick)` with `quick` true takes the item that way or returns None;
    /// the item then comes again with `quick` false, when `f` may run
    /// anything and must return Some. A generator is stepped with its
    /// frame kept live while `f` takes items quickly (see gendrive.rs).
    pub fn for_each_quick(
        &mut self,
        iterable: Value,
        mut f: impl FnMut(&mut Vm, Value, bool) -> Option<PyResult<Step>>,
    ) -> PyResult<()> {
        let it = self.get_iter(iterable)?;
        self.temp_roots.push(it);
        let mark = self.temp_roots.len();
        while let Some(h) = self.drivable(it) {
            let driven = self.drive_gen(h, |vm, x| {
                let step = f(vm, x, true)?;
                Some(vm.stepped(mark, step))
            })?;
            let Driven::Deferred(x) = driven else {
                return Ok(());
            };
            let step = f(self, x, false).unwrap_or(Ok(Step::Continue));
            if self.stepped(mark, step)? == Step::Stop {
                return Ok(());
            }
        }
        while let Some(x) = self.next(it)? {
            let step = f(self, x, false).unwrap_or(Ok(Step::Continue));
            if self.stepped(mark, step)? == Step::Stop {
                break;
            }
        }
        Ok(())
    }

    /// After a [`Vm::for_each_quick`] step: what it rooted above `mark`
    /// dies (an error stays rooted), and the clock is looked at.
    #[inline(always)]
    fn stepped(&mut self, mark: usize, step: PyResult<Step>) -> PyResult<Step> {
        self.temp_roots.truncate(mark);
        match step {
            Ok(Step::Continue) => {
                self.poll_budget()?;
                Ok(Step::Continue)
            }
            Ok(Step::Stop) => Ok(Step::Stop),
            Err(e) => {
                self.temp_roots.push(e.value());
                Err(e)
            }
        }
    }

    /// Undoes the step `for_iter_fast` (eval.rs) made of sequence
    /// iterator `h` before finding a sequence it does not read: None, for
    /// the generic path to take that step.
    #[cold]
    pub(crate) fn unstep_seq(&mut self, h: crate::value::Gc) -> Option<Option<Value>> {
        if let Obj::Iter(st) = self.heap.get_mut(h) {
            if let IterState::Seq { idx, .. } = &mut **st {
                *idx -= 1;
            }
        }
        None
    }

    /// A root slot in the current scope, holding `v` until overwritten
    /// with [`Vm::set_root`] or until the scope ends.
    pub fn root_slot(&mut self, v: Value) -> usize {
        self.temp_roots.push(v);
        self.temp_roots.len() - 1
    }

    #[inline]
    pub fn set_root(&mut self, slot: usize, v: Value) {
        if let Some(s) = self.temp_roots.get_mut(slot) {
            *s = v;
        }
    }

    /// The items of a list or tuple (or any iterable).
    pub fn seq_items(&mut self, v: Value) -> PyResult<Vec<Value>> {
        self.iter_to_vec(v)
    }

    /// Unpacks exactly `n` values.
    pub fn unpack(&mut self, seq: Value, n: usize) -> PyResult<Vec<Value>> {
        if let Value::Obj(h) = seq {
            let direct = match self.heap.get(h) {
                Obj::List(l) => Some(l.clone()),
                Obj::Tuple(t) => Some(t.to_vec()),
                _ => None,
            };
            if let Some(items) = direct {
                return self.check_unpack(items, n);
            }
        }
        let Some(it) = self.try_get_iter(seq)? else {
            let t = self.type_name(seq);
            return Err(self.type_error(format!("cannot unpack non-iterable {t} object")));
        };
        let mut out = Vec::with_capacity(n);
        while let Some(x) = self.next(it)? {
            out.push(x);
            if out.len() > n {
                return Err(self.value_error(format!("too many values to unpack (expected {n})")));
            }
        }
        self.check_unpack(out, n)
    }

    fn check_unpack(&mut self, items: Vec<Value>, n: usize) -> PyResult<Vec<Value>> {
        if items.len() < n {
            return Err(self.value_error(format!(
                "not enough values to unpack (expected {n}, got {})",
                items.len()
            )));
        }
        if items.len() > n {
            return Err(self.value_error(format!("too many values to unpack (expected {n})")));
        }
        Ok(items)
    }

    /// `operator.index(v)` as a big int: an int of any size, or what
    /// `__index__` gives.
    pub fn index_bigint(&mut self, v: Value) -> PyResult<num_bigint::BigInt> {
        use crate::types::num::{as_num, Num};
        match as_num(&self.heap, v) {
            Some(Num::I(i)) => return Ok(i.into()),
            Some(Num::B(b)) => return Ok(b),
            _ => {}
        }
        if self.is_user_instance(v) {
            if let Some(m) = self.lookup_type_attr(v, "__index__") {
                let r = self.call(m, &[v], &[])?;
                if let Some(Num::I(_) | Num::B(_)) = as_num(&self.heap, r) {
                    return self.index_bigint(r);
                }
                let t = self.type_name(r);
                return Err(self.type_error(format!("__index__ returned non-int (type {t})")));
            }
        }
        let t = self.type_name(v);
        Err(self.type_error(format!("'{t}' object cannot be interpreted as an integer")))
    }

    /// An integer index from an int-like value (`__index__`).
    pub fn index_value(&mut self, v: Value) -> PyResult<i64> {
        match v {
            Value::Int(i) => Ok(i),
            Value::Bool(b) => Ok(b as i64),
            Value::Obj(h) if matches!(self.heap.get(h), Obj::BigInt(_)) => Err(self.error(
                ExcKind::IndexError,
                "cannot fit 'int' into an index-sized integer",
            )),
            _ => {
                if self.is_user_instance(v) {
                    if let Some(m) = self.lookup_type_attr(v, "__index__") {
                        let r = self.call(m, &[v], &[])?;
                        return self.index_value(r);
                    }
                    let base = self.builtin_base(v);
                    if !base.is(v) {
                        return self.index_value(base);
                    }
                }
                let t = self.type_name(v);
                Err(self.type_error(format!("'{t}' object cannot be interpreted as an integer")))
            }
        }
    }
}

impl Vm {
    /// The next tuple of `zip(*its)`; with `strict`, iterables of unequal
    /// length are a ValueError naming the first that ended early or late.
    fn zip_next(&mut self, its: &[Value], strict: bool) -> PyResult<Option<Value>> {
        let mut out = Vec::with_capacity(its.len());
        for (i, &it) in its.iter().enumerate() {
            match self.next_source(it)? {
                Some(v) => out.push(v),
                None if !strict => return Ok(None),
                None if i > 0 => return Err(self.zip_mismatch(i, "shorter")),
                None => {
                    for (j, &later) in its.iter().enumerate().skip(1) {
                        if self.next_source(later)?.is_some() {
                            return Err(self.zip_mismatch(j, "longer"));
                        }
                    }
                    return Ok(None);
                }
            }
        }
        if out.is_empty() {
            return Ok(None);
        }
        Ok(Some(self.new_tuple(out)?))
    }

    fn zip_mismatch(&mut self, i: usize, how: &str) -> crate::PyErr {
        let before = if i == 1 {
            "argument 1".to_string()
        } else {
            format!("arguments 1-{i}")
        };
        self.value_error(format!("zip() argument {} is {how} than {before}", i + 1))
    }
}
