//! Generators stepped by native consumers (`tuple(x for x in xs)`,
//! `sum(...)`, `"".join(...)`): the generator's frame stays on the value
//! stack from one item to the next instead of being parked in the
//! generator and taken out again for every item, which cost more than
//! running a small generator body.
//!
//! Only consumers that run no Python code while they take an item drive a
//! generator this way: Python code run then would see the generator
//! running, where between two `next()` calls it is suspended. A consumer
//! that would run some for an item defers it: the generator is parked,
//! the consumer takes the item, and drives the generator again.
//!
//! `next()` of such a generator (what a `for` loop over one does) also
//! goes straight to its frame ([`Vm::next_gen`]).
//!
//! Measured against resuming the frame per item (callgrind): 20,000
//! `tuple(x for x in seven_items)` 260.4M -> 182.4M instructions. Running
//! a `for` loop's generator in the loop's own frame list instead (as calls
//! are, framestack.rs) was tried and cost more: it leaves and re-enters
//! the caller's instruction loop twice per item, which costs more than
//! the Rust call it saves.

use crate::eval::Exit;
use crate::obj::{GenKind, GenState, Obj};
use crate::types::iter::Step;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

/// How [`Vm::drive_gen`] ended.
pub(crate) enum Driven {
    /// The generator finished: it returned (whatever value).
    Done,
    /// The consumer said [`Step::Stop`]: the generator is parked after
    /// its last yield, as `next()` leaves it.
    Stopped,
    /// The consumer could not take this item with the generator running:
    /// the generator is parked after yielding it, and the item (rooted in
    /// the caller's scope) is the caller's to take.
    Deferred(Value),
}

impl Vm {
    /// Iterator `it` as a generator a native consumer may drive: a plain
    /// generator (not a coroutine), not running or finished, and not
    /// parked in a `yield from` of another generator (resumed by
    /// `resume_chain`, which runs only the innermost frame).
    #[inline]
    pub(crate) fn drivable(&self, it: Value) -> Option<Gc> {
        let Value::Obj(h) = it else {
            return None;
        };
        let Obj::Generator(g) = self.heap.get(h) else {
            return None;
        };
        let ready = matches!(g.state, GenState::Created | GenState::Suspended);
        if !ready || g.kind != GenKind::Generator {
            return None;
        }
        let f = g.frame.as_ref()?;
        if matches!(
            f.code.instrs.get(f.ip),
            Some(capy_compiler::Instr::YieldFrom)
        ) {
            return None;
        }
        Some(h)
    }

    /// `next()` of generator `h`: Some(yielded), None when it returned
    /// None; a StopIteration with any other value returned.
    ///
    /// A generator that [`Self::drivable`] accepts (what a `for` loop
    /// over a generator steps) is resumed straight: `resume`'s layers
    /// (a value sent, an exception thrown, a delegation) cost as much as
    /// a small generator body.
    pub(crate) fn next_gen(&mut self, h: Gc) -> PyResult<Option<Value>> {
        let r = if self.drivable(Value::Obj(h)).is_some() {
            let r = match self.begin_frame(h, Value::None, None) {
                Ok(mut live) => {
                    let r = self.run_frame(&mut live.frame);
                    self.end_frame(h, live, r)
                }
                Err(early) => early,
            };
            // Out of the generator's stack: rooted until the caller
            // stores it, as `resume` does.
            match &r {
                Ok(Ok(v) | Err(v)) => self.root_value(*v),
                Err(e) => self.root_value(e.value()),
            }
            r?
        } else {
            self.resume(h, Value::None)?
        };
        match r {
            Ok(v) => Ok(Some(v)),
            Err(ret) if ret.is_none() => Ok(None),
            Err(ret) => Err(self.stop_iteration(ret)),
        }
    }

    /// Runs generator `h` (see [`Self::drivable`]) and hands each value it
    /// yields to `take`, resuming it with None after each, until it
    /// finishes, `take` says [`Step::Stop`] or fails, or `take` returns
    /// None (the item is deferred: [`Driven::Deferred`]).
    ///
    /// `take` gets the value unrooted and must root it (or be done with
    /// it) before it allocates. It runs with the generator's frame
    /// registered and its values on the stack: it must leave the stack
    /// as it found it and run no Python code.
    pub(crate) fn drive_gen(
        &mut self,
        h: Gc,
        mut take: impl FnMut(&mut Vm, Value) -> Option<PyResult<Step>>,
    ) -> PyResult<Driven> {
        let mut live = match self.begin_frame(h, Value::None, None) {
            Ok(live) => live,
            Err(early) => {
                return match early? {
                    Ok(v) => {
                        self.root_value(v);
                        Ok(Driven::Deferred(v))
                    }
                    Err(_) => Ok(Driven::Done),
                }
            }
        };
        loop {
            let v = match self.run_frame(&mut live.frame) {
                Ok(Exit::Yield(v)) => v,
                r => {
                    // Returned (its value is not wanted) or raised.
                    let _returned = self.end_frame(h, live, r)?;
                    return Ok(Driven::Done);
                }
            };
            // What the frame's last instruction rooted (a `yield from`
            // roots the value its sub-generator yielded) is not the
            // consumer's to keep: `take` roots `v` itself.
            self.temp_roots.truncate(live.frame.temp_base);
            let step = take(self, v);
            if let Some(Ok(Step::Continue)) = step {
                // What the `yield` evaluates to; what `take` rooted stays
                // below the frame's own temporary roots.
                self.stack.push(Value::None);
                live.frame.temp_base = self.temp_roots.len();
                continue;
            }
            // Parked again: the item was yielded.
            let _yielded = self.end_frame(h, live, Ok(Exit::Yield(v)))?;
            return match step {
                Some(Ok(_)) => Ok(Driven::Stopped),
                Some(Err(e)) => Err(e),
                None => {
                    self.root_value(v);
                    Ok(Driven::Deferred(v))
                }
            };
        }
    }
}
