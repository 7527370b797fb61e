//! Generators and coroutines: a suspended frame whose values are parked in
//! the generator object and moved back onto the VM stack to resume.

use crate::errors::{ExcKind, PyErr};
use crate::eval::Exit;
use crate::frame::{Block, Frame};
use crate::obj::{GenKind, GenState, IterState, Obj};
use crate::types::MethodDef;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

pub const METHODS: &[MethodDef] = &[
    ("send", gen_send, false),
    ("throw", gen_throw, false),
    ("close", gen_close, false),
    ("__next__", gen_next, false),
    ("__iter__", gen_iter, false),
];

/// A coroutine is awaited, not iterated (as in CPython, where
/// `collections.abc` tells the two apart by these methods).
pub const COROUTINE_METHODS: &[MethodDef] = &[
    ("send", gen_send, false),
    ("throw", gen_throw, false),
    ("close", gen_close, false),
    ("__await__", gen_iter, false),
];

fn this(a: &[Value]) -> Value {
    a.first().copied().unwrap_or(Value::None)
}

fn gen_handle(vm: &mut Vm, v: Value) -> PyResult<Gc> {
    match v {
        Value::Obj(h) if matches!(vm.heap.get(h), Obj::Generator(_)) => Ok(h),
        _ => Err(vm.type_error("descriptor requires a generator")),
    }
}

fn finish(vm: &mut Vm, r: Result<Value, Value>) -> PyResult {
    match r {
        Ok(v) => Ok(v),
        Err(ret) => Err(vm.stop_iteration(ret)),
    }
}

fn gen_send(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let h = gen_handle(vm, this(a))?;
    let r = vm.resume(h, a.get(1).copied().unwrap_or(Value::None))?;
    finish(vm, r)
}

fn gen_next(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let h = gen_handle(vm, this(a))?;
    let r = vm.resume(h, Value::None)?;
    finish(vm, r)
}

fn gen_iter(_vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    Ok(this(a))
}

fn gen_throw(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let h = gen_handle(vm, this(a))?;
    vm.throw_raw(h, a.get(1..).unwrap_or_default())
}

fn gen_close(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let h = gen_handle(vm, this(a))?;
    vm.close_generator(h)?;
    Ok(Value::None)
}

/// What `throw()` resumes a generator with.
#[derive(Clone, Copy)]
pub(super) enum Thrown {
    /// An exception raised at the suspension point (handed to a `yield
    /// from` sub-iterator first).
    Exc(PyErr),
    /// The delegated sub-iterator's `throw()` already ran and raised this:
    /// a StopIteration ends the delegation with its value, anything else is
    /// raised in the frame.
    SubErr(PyErr),
    /// The delegated sub-generator (resumed directly, see
    /// [`Vm::resume_chain`]) returned this: the `yield from` ends with it.
    SubReturn(Value),
}

/// A generator's frame taken out of it to run (see
/// [`Vm::begin_frame`]): its values start at `base` on the stack.
pub(super) struct Live {
    pub(super) frame: Box<Frame>,
    pub(super) base: usize,
    kind: GenKind,
}

impl Vm {
    /// `gen.throw(*raw)`. While the generator is delegating (`yield from`),
    /// the arguments are handed unchanged to the sub-iterator's `throw()`
    /// (so a class or even a non-exception reaches a user `throw` method);
    /// otherwise they are made into an exception raised at the suspension
    /// point. An invalid exception leaves the generator untouched.
    pub(crate) fn throw_raw(&mut self, h: Gc, raw: &[Value]) -> PyResult {
        let exc0 = raw.first().copied().unwrap_or(Value::None);
        let plain_instance = raw.len() == 1
            && matches!(exc0, Value::Obj(x) if matches!(self.heap.get(x), Obj::Exception(_)));
        if !plain_instance {
            if let Some(r) = self.throw_delegated_raw(h, raw) {
                return r;
            }
        }
        let mut exc = exc0;
        if let Some(&val) = raw.get(1) {
            // throw(type, value): an instance of type is thrown as it is.
            let is_inst = matches!(exc, Value::Obj(c) if matches!(self.heap.get(c), Obj::Class(_)) && self.isinstance(val, c));
            if is_inst {
                exc = val;
            } else if !val.is_none() {
                exc = self.call(exc, &[val], &[])?;
            }
        }
        let base = self.exc_class(ExcKind::BaseException);
        let valid = match exc {
            Value::Obj(x) => match self.heap.get(x) {
                Obj::Exception(_) => true,
                Obj::Class(_) => self.is_subclass(x, base),
                _ => false,
            },
            _ => false,
        };
        if !valid {
            let t = self.type_name(exc);
            return Err(self.type_error(format!(
                "exceptions must be classes or instances deriving from BaseException, not {t}"
            )));
        }
        let e = self.make_exception(exc)?;
        let r = self.resume_with(h, Value::None, Some(e))?;
        finish(self, r)
    }

    /// `throw_raw` for a generator suspended in `yield from`: None when it
    /// is not delegating, the thrown value is a GeneratorExit, or the
    /// sub-iterator is not a generator and has no `throw()`.
    fn throw_delegated_raw(&mut self, h: Gc, raw: &[Value]) -> Option<PyResult> {
        let sub = match self.heap.get(h) {
            Obj::Generator(g) if g.state == GenState::Suspended => match &g.frame {
                Some(f)
                    if matches!(
                        f.code.instrs.get(f.ip),
                        Some(capy_compiler::Instr::YieldFrom)
                    ) =>
                {
                    g.saved.last().copied()?
                }
                _ => return None,
            },
            _ => return None,
        };
        let exc0 = raw.first().copied().unwrap_or(Value::None);
        let ge = self.exc_class(ExcKind::GeneratorExit);
        let is_exit = match exc0 {
            Value::Obj(x) => match self.heap.get(x) {
                Obj::Class(_) => self.is_subclass(x, ge),
                Obj::Exception(_) => self.isinstance(exc0, ge),
                _ => false,
            },
            _ => false,
        };
        if is_exit {
            return None;
        }
        let sub_gen = match sub {
            Value::Obj(sh) if matches!(self.heap.get(sh), Obj::Generator(_)) => Some(sh),
            _ => None,
        };
        let meth = match sub_gen {
            Some(_) => None,
            None => Some(self.lookup_type_attr(sub, "throw")?),
        };
        self.set_gen_state(h, GenState::Suspended, GenState::Running);
        let r = match (sub_gen, meth) {
            (Some(sh), _) => self.throw_raw(sh, raw),
            (None, Some(m)) => {
                let mut args = Vec::with_capacity(raw.len() + 1);
                args.push(sub);
                args.extend_from_slice(raw);
                self.call(m, &args, &[])
            }
            (None, None) => Ok(Value::None),
        };
        self.set_gen_state(h, GenState::Running, GenState::Suspended);
        Some(match r {
            Ok(y) => Ok(y),
            Err(e) => match self.resume_inner(h, Value::None, Some(Thrown::SubErr(e))) {
                Ok(r) => finish(self, r),
                Err(e) => Err(e),
            },
        })
    }

    fn set_gen_state(&mut self, h: Gc, from: GenState, to: GenState) {
        if let Obj::Generator(g) = self.heap.get_mut(h) {
            if g.state == from && g.frame.is_some() {
                g.state = to;
            }
        }
    }

    /// Resumes generator `h` with `sent`: Ok(yielded) or Err(returned).
    pub fn resume(&mut self, h: Gc, sent: Value) -> PyResult<Result<Value, Value>> {
        self.resume_with(h, sent, None)
    }

    pub fn close_generator(&mut self, h: Gc) -> PyResult<()> {
        let state = match self.heap.get(h) {
            Obj::Generator(g) => g.state,
            _ => return Ok(()),
        };
        if state == GenState::Running {
            return Err(self.value_error("generator already executing"));
        }
        if state != GenState::Suspended {
            if let Obj::Generator(g) = self.heap.get_mut(h) {
                g.state = GenState::Done;
                g.frame = None;
                g.saved.clear();
            }
            return Ok(());
        }
        let ge = self.exc_class(ExcKind::GeneratorExit);
        let e = self.new_exception(ge, vec![]);
        match self.resume_with(h, Value::None, Some(e)) {
            Ok(Ok(_)) => Err(self.runtime_error("generator ignored GeneratorExit")),
            Ok(Err(_)) => Ok(()),
            Err(x)
                if self.err_is(x, ExcKind::GeneratorExit)
                    || self.err_is(x, ExcKind::StopIteration) =>
            {
                Ok(())
            }
            Err(x) => Err(x),
        }
    }

    /// Resumes with a value, or by raising `throw` at the suspension point.
    pub fn resume_with(
        &mut self,
        h: Gc,
        sent: Value,
        throw: Option<PyErr>,
    ) -> PyResult<Result<Value, Value>> {
        let r = self.resume_inner(h, sent, throw.map(Thrown::Exc));
        // The yielded or returned value left the generator's stack: root
        // it in the caller's scope until the caller stores it.
        match &r {
            Ok(Ok(v) | Err(v)) => self.root_value(*v),
            Err(e) => self.root_value(e.value()),
        }
        r
    }

    fn resume_inner(
        &mut self,
        h: Gc,
        sent: Value,
        throw: Option<Thrown>,
    ) -> PyResult<Result<Value, Value>> {
        if throw.is_none() && self.delegated_to(h).is_some() {
            return self.resume_chain(h, sent);
        }
        self.resume_frame(h, sent, throw)
    }

    /// The generator that suspended generator `h` is delegating to (parked
    /// on a `yield from` or `await` of it), when that one is suspended too.
    #[inline]
    fn delegated_to(&self, h: Gc) -> Option<Gc> {
        let Obj::Generator(g) = self.heap.get(h) else {
            return None;
        };
        if g.state != GenState::Suspended {
            return None;
        }
        let f = g.frame.as_ref()?;
        if !matches!(
            f.code.instrs.get(f.ip),
            Some(capy_compiler::Instr::YieldFrom)
        ) {
            return None;
        }
        let Some(&Value::Obj(sub)) = g.saved.last() else {
            return None;
        };
        match self.heap.get(sub) {
            Obj::Generator(s) if s.state == GenState::Suspended && s.frame.is_some() => Some(sub),
            _ => None,
        }
    }

    /// Resumes a chain of generators delegating to one another (`yield
    /// from` / `await`) from its innermost one: a delegating frame would
    /// only hand the sent value down and the yielded one up unchanged, so
    /// it is not run at all while its sub-generator yields. The chain's
    /// generators are marked running meanwhile (resuming one is refused,
    /// as it would be in the middle of its `yield from`) and held on the
    /// stack (rooted). When a sub-generator returns or raises, its
    /// delegating generator is resumed with that outcome, outward, until
    /// one yields or the outermost ends. Nothing recurses per level.
    fn resume_chain(&mut self, h: Gc, sent: Value) -> PyResult<Result<Value, Value>> {
        let start = self.stack.len();
        let mut cur = h;
        while let Some(sub) = self.delegated_to(cur) {
            self.stack.push(Value::Obj(cur));
            self.set_gen_state(cur, GenState::Suspended, GenState::Running);
            cur = sub;
        }
        let mut r = self.resume_frame(cur, sent, None);
        while self.stack.len() > start {
            let Some(&Value::Obj(parent)) = self.stack.last() else {
                break;
            };
            self.set_gen_state(parent, GenState::Running, GenState::Suspended);
            r = match r {
                Ok(Ok(y)) => Ok(Ok(y)),
                Ok(Err(ret)) => {
                    self.root_value(ret);
                    self.resume_frame(parent, Value::None, Some(Thrown::SubReturn(ret)))
                }
                Err(e) => {
                    self.root_value(e.value());
                    self.resume_frame(parent, Value::None, Some(Thrown::SubErr(e)))
                }
            };
            self.stack.pop();
        }
        r
    }

    /// Runs generator `h`'s own frame from its suspension point.
    fn resume_frame(
        &mut self,
        h: Gc,
        sent: Value,
        throw: Option<Thrown>,
    ) -> PyResult<Result<Value, Value>> {
        let mut live = match self.begin_frame(h, sent, throw.as_ref()) {
            Ok(live) => live,
            Err(early) => return early,
        };
        let r = match throw {
            Some(e) => self.run_frame_throw(&mut live.frame, e),
            None => self.run_frame(&mut live.frame),
        };
        self.end_frame(h, live, r)
    }

    /// Takes generator `h`'s frame out to run it: its values moved onto
    /// the stack, its blocks restored, the frame registered (the value
    /// sent pushed, unless something is thrown). Err with the outcome
    /// when the frame does not run (finished, refused, already running).
    pub(super) fn begin_frame(
        &mut self,
        h: Gc,
        sent: Value,
        throw: Option<&Thrown>,
    ) -> Result<Live, PyResult<Result<Value, Value>>> {
        let (state, kind) = match self.heap.get(h) {
            Obj::Generator(g) => match g.state {
                GenState::Running => {
                    return Err(Err(self.value_error("generator already executing")));
                }
                GenState::Done => {
                    if let Some(Thrown::Exc(e) | Thrown::SubErr(e)) = throw {
                        return Err(Err(*e));
                    }
                    return Err(Ok(Err(Value::None)));
                }
                _ if g.frame.is_none() => return Err(Ok(Err(Value::None))),
                st => (st, g.kind),
            },
            _ => return Err(Err(self.type_error("not a generator"))),
        };
        if state == GenState::Created && throw.is_none() && !sent.is_none() {
            return Err(Err(self.type_error(
                "can't send non-None value to a just-started generator",
            )));
        }
        if state == GenState::Created {
            if let Some(Thrown::Exc(e) | Thrown::SubErr(e)) = throw {
                self.finish_gen(h);
                return Err(Err(*e));
            }
        }
        // A resumption refused here (recursion limit, interrupt, timeout)
        // runs none of the generator's code and leaves it as it was.
        if let Err(e) = self.may_enter_frame() {
            return Err(Err(e));
        }
        let base = self.stack.len();
        let Obj::Generator(g) = self.heap.get_mut(h) else {
            return Err(Err(self.type_error("not a generator")));
        };
        let Some(mut frame) = g.frame.take() else {
            return Err(Ok(Err(Value::None)));
        };
        g.state = GenState::Running;
        // The values move onto the stack; the emptied vector stays in the
        // generator to take them back at the next yield, so a generator
        // in a loop allocates (and moves) nothing per resumption.
        self.stack.extend_from_slice(&g.saved);
        g.saved.clear();
        frame.base = base;
        frame.block_base = self.blocks.len();
        frame.handling_base = self.handling.len();
        frame.temp_base = self.temp_roots.len();
        if !frame.saved_blocks.is_empty() {
            for b in frame.saved_blocks.drain(..) {
                self.blocks.push(Block {
                    handler: b.handler,
                    sp: b.sp + base,
                    handling: b.handling + frame.handling_base,
                });
            }
        }
        if state == GenState::Suspended && throw.is_none() {
            self.stack.push(sent);
        }
        self.push_frame_info(&frame);
        Ok(Live { frame, base, kind })
    }

    /// What generator `h`'s frame, taken out by [`Self::begin_frame`],
    /// ran to: parked again at a yield, or finished (a StopIteration
    /// raised inside becomes a RuntimeError).
    pub(super) fn end_frame(
        &mut self,
        h: Gc,
        live: Live,
        r: PyResult<Exit>,
    ) -> PyResult<Result<Value, Value>> {
        let Live { frame, base, kind } = live;
        match r {
            Ok(Exit::Yield(v)) => {
                self.suspend(h, frame, base);
                Ok(Ok(v))
            }
            Ok(Exit::Return(v)) => {
                self.leave_frame(&frame);
                self.finish_gen(h);
                Ok(Err(v))
            }
            Err(e) => {
                self.leave_frame(&frame);
                self.finish_gen(h);
                if self.err_is(e, ExcKind::StopIteration) {
                    let msg = match kind {
                        GenKind::Generator => "generator raised StopIteration",
                        GenKind::Coroutine => "coroutine raised StopIteration",
                        GenKind::AsyncGenerator => "async generator raised StopIteration",
                    };
                    // The StopIteration becomes the cause: it must live
                    // through the RuntimeError's allocation.
                    self.root_value(e.value());
                    let re = self.runtime_error(msg);
                    if let Obj::Exception(x) = self.heap.get_mut(re.0) {
                        x.cause = e.value();
                        x.suppress_context = true;
                    }
                    return Err(re);
                }
                Err(e)
            }
        }
    }

    /// Parks generator `h`'s frame at a yield: its values (from `base` on
    /// the stack) and blocks move back into the generator.
    pub(super) fn suspend(&mut self, h: Gc, mut frame: Box<Frame>, base: usize) {
        if self.blocks.len() > frame.block_base {
            let handling_base = frame.handling_base;
            frame
                .saved_blocks
                .extend(self.blocks.drain(frame.block_base..).map(|b| Block {
                    handler: b.handler,
                    sp: b.sp - base,
                    handling: b.handling.saturating_sub(handling_base),
                }));
        }
        self.handling.truncate(frame.handling_base);
        self.budget.leave();
        self.frames.pop();
        if let Obj::Generator(g) = self.heap.get_mut(h) {
            g.saved
                .extend_from_slice(self.stack.get(base..).unwrap_or_default());
            g.frame = Some(frame);
            g.state = GenState::Suspended;
        }
        self.stack.truncate(base);
    }

    fn finish_gen(&mut self, h: Gc) {
        if let Obj::Generator(g) = self.heap.get_mut(h) {
            g.state = GenState::Done;
            g.frame = None;
            g.saved.clear();
        }
    }

    /// Runs a resumed frame starting by raising `e` at its current point;
    /// if the frame is delegating (`yield from`), the sub-iterator gets it first.
    fn run_frame_throw(&mut self, f: &mut crate::frame::Frame, thrown: Thrown) -> PyResult<Exit> {
        let e = match thrown {
            Thrown::Exc(e) => e,
            Thrown::SubReturn(ret) => {
                self.stack.pop();
                self.stack.push(ret);
                f.ip += 1;
                return self.run_frame(f);
            }
            Thrown::SubErr(e2) => {
                // The sub-iterator (on top of the stack) already handled
                // the throw.
                if self.err_is(e2, ExcKind::StopIteration) {
                    let ret = self.err_arg0(e2);
                    self.stack.pop();
                    self.stack.push(ret);
                    f.ip += 1;
                    return self.run_frame(f);
                }
                return self.run_frame_err(f, e2);
            }
        };
        let delegating = matches!(
            f.code.instrs.get(f.ip),
            Some(capy_compiler::Instr::YieldFrom)
        );
        if delegating {
            let sub = self.stack.last().copied().unwrap_or(Value::None);
            if let Value::Obj(sh) = sub {
                if matches!(self.heap.get(sh), Obj::Generator(_)) {
                    let is_exit = self.err_is(e, ExcKind::GeneratorExit);
                    let r = if is_exit {
                        self.close_generator(sh).map(|_| Err(Value::None))
                    } else {
                        self.resume_with(sh, Value::None, Some(e))
                    };
                    match r {
                        Ok(Ok(y)) => return Ok(Exit::Yield(y)),
                        Ok(Err(ret)) if !is_exit => {
                            self.stack.pop();
                            self.stack.push(ret);
                            f.ip += 1;
                            return self.run_frame(f);
                        }
                        Ok(Err(_)) => return self.run_frame_err(f, e),
                        Err(e2) => return self.run_frame_err(f, e2),
                    }
                }
                if let Some(r) = self.throw_into_iter(sub, e) {
                    return match r {
                        Ok(y) => Ok(Exit::Yield(y)),
                        Err(e2) if self.err_is(e2, ExcKind::StopIteration) => {
                            let ret = self.err_arg0(e2);
                            self.stack.pop();
                            self.stack.push(ret);
                            f.ip += 1;
                            self.run_frame(f)
                        }
                        Err(e2) => self.run_frame_err(f, e2),
                    };
                }
            }
        }
        self.run_frame_err(f, e)
    }

    /// Hands an exception thrown into a `yield from` to a non-generator
    /// sub-iterator: GeneratorExit calls its `close()` (if any) and is then
    /// re-raised; other exceptions go to its `throw()` (if any). None when
    /// the sub-iterator has no such method and `e` is raised in the frame.
    fn throw_into_iter(&mut self, sub: Value, e: PyErr) -> Option<PyResult> {
        if self.err_is(e, ExcKind::GeneratorExit) {
            let close = self.lookup_type_attr(sub, "close")?;
            return Some(match self.call(close, &[sub], &[]) {
                Ok(_) => Err(e),
                Err(e2) => Err(e2),
            });
        }
        let throw = self.lookup_type_attr(sub, "throw")?;
        Some(self.call(throw, &[sub, e.value()], &[]))
    }

    /// Runs a frame as if the instruction at its ip had raised `e`.
    fn run_frame_err(&mut self, f: &mut crate::frame::Frame, e: PyErr) -> PyResult<Exit> {
        f.ip += 1;
        // Past the timeout's grace period nothing may catch.
        let handler = if self.blocks.len() > f.block_base && !self.budget.timeout_fatal() {
            self.blocks.pop()
        } else {
            None
        };
        if let Some(b) = handler {
            self.note_raise(e, f);
            self.stack.truncate(b.sp);
            self.handling.truncate(b.handling);
            self.stack.push(e.value());
            self.handling.push(e.value());
            f.ip = b.handler as usize;
            return self.run_frame(f);
        }
        self.note_raise(e, f);
        Err(e)
    }

    /// `yield from` delegation step: Ok(yielded) or Err(return value).
    pub(crate) fn delegate(&mut self, it: Value, sent: Value) -> PyResult<Result<Value, Value>> {
        if let Value::Obj(h) = it {
            match self.heap.get(h) {
                Obj::Generator(_) => return self.resume(h, sent),
                // `await agen.__anext__()`: its result with no StopIteration.
                Obj::Iter(st) if matches!(**st, IterState::AsyncStep { .. }) => {
                    return match self.async_step_value(h, sent, None) {
                        // `anext(it, default)`'s step ends with one.
                        Err(e) if self.err_is(e, ExcKind::StopIteration) => {
                            Ok(Err(self.err_arg0(e)))
                        }
                        r => r,
                    };
                }
                _ => {}
            }
        }
        if sent.is_none() {
            return match self.next_with_value(it)? {
                Ok(v) => Ok(Ok(v)),
                Err(ret) => Ok(Err(ret)),
            };
        }
        match self.call_method_by_name(it, "send", &[sent]) {
            Ok(v) => Ok(Ok(v)),
            Err(e) if self.err_is(e, ExcKind::StopIteration) => Ok(Err(self.err_arg0(e))),
            Err(e) => Err(e),
        }
    }

    /// Like `next`, but keeps StopIteration's value.
    fn next_with_value(&mut self, it: Value) -> PyResult<Result<Value, Value>> {
        if let Value::Obj(h) = it {
            if matches!(self.heap.get(h), Obj::Iter(_)) {
                // A StopIteration raised inside (e.g. by map's function)
                // ends the delegation with its value, as in CPython.
                return match self.next_or_stop(it) {
                    Ok(Some(v)) => Ok(Ok(v)),
                    Ok(None) => Ok(Err(Value::None)),
                    Err(e) if self.err_is(e, ExcKind::StopIteration) => Ok(Err(self.err_arg0(e))),
                    Err(e) => Err(e),
                };
            }
        }
        match self.lookup_type_attr(it, "__next__") {
            Some(m) => match self.call(m, &[it], &[]) {
                Ok(v) => Ok(Ok(v)),
                Err(e) if self.err_is(e, ExcKind::StopIteration) => Ok(Err(self.err_arg0(e))),
                Err(e) => Err(e),
            },
            None => {
                let t = self.type_name(it);
                Err(self.type_error(format!("'{t}' object is not an iterator")))
            }
        }
    }

    pub(crate) fn yield_from_iter(&mut self, v: Value) -> PyResult {
        if let Value::Obj(h) = v {
            if matches!(self.heap.get(h), Obj::Generator(_)) {
                return Ok(v);
            }
        }
        self.get_iter(v)
    }

    /// The iterator behind `await v`.
    pub(crate) fn get_awaitable(&mut self, v: Value) -> PyResult {
        if let Value::Obj(h) = v {
            match self.heap.get(h) {
                // A generator, or an async generator's step (whose
                // `__await__` is itself).
                Obj::Generator(_) => return Ok(v),
                Obj::Iter(st) if matches!(**st, IterState::AsyncStep { .. }) => return Ok(v),
                _ => {}
            }
        }
        match self.lookup_type_attr(v, "__await__") {
            Some(m) => self.call(m, &[v], &[]),
            None => {
                let t = self.type_name(v);
                Err(self.type_error(format!("object {t} can't be used in 'await' expression")))
            }
        }
    }
}
