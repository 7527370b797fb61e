//! Frames run in one loop: a call from Python code to a Python function
//! does not recurse through Rust.
//!
//! `run_frame` runs its frame and every plain Python function that frame
//! calls (and they call, and so on) in one loop. A call binds the
//! arguments on the value stack as before, then the interpreter loop
//! returns [`Step::Enter`] instead of recursing: the caller's [`Frame`]
//! (its ip written back) waits in a list owned by this `run_frame`, and
//! the callee's becomes current. A return pops it again and pushes the
//! result onto the caller's stack; an exception no block of the callee
//! handles leaves the callee and goes on in the caller, which adds its own
//! traceback line, as the recursive path did.
//!
//! What stays recursive: natives calling Python (`Vm::call`), generators
//! and coroutines (made, and resumed, by their own `run_frame`), class
//! bodies, module code and compartment crossings.
//!
//! Nothing moves off the shared value stack: a waiting caller's values
//! stay there (the collector sees them), its globals and locals are in
//! `Vm::frames`, its constants and names in the code cache.

use crate::errors::{ExcKind, PyErr};
use crate::eval::Exit;
use crate::frame::Frame;
use crate::obj::{Function, Instance, Layout, Obj};
pub(crate) use crate::opframes::Then;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use std::rc::Rc;

/// How the interpreter loop stopped running a frame.
pub(crate) enum Step {
    Return(Value),
    Yield(Value),
    /// Run Python function `.0`, whose locals start at stack index `.1`
    /// (laid out: arguments bound, cells made), then resume this frame.
    Enter(Gc, usize),
    /// [`Step::Enter`] for a function whose result finishes an
    /// instruction in its own way (see [`Then`]): the `__init__` of a
    /// class call, an operator's special method, a property setter.
    Then(Gc, usize, Then),
}

/// What a call instruction got from [`Vm::call_or_enter`].
pub(crate) enum Called {
    /// The call ran (natives, classes, generators made, ...).
    Done(Value),
    /// A Python function for the loop to run: a [`Step::Enter`] or
    /// [`Step::Then`] to return.
    Enter(Step),
}

/// The frames one `run_frame` runs for the calls of its own frame that
/// have not returned, innermost (the current one) last.
///
/// A returned frame's slot is kept and overwritten field by field by the
/// next call at that depth: building a whole `Frame` and moving it into
/// the list copied it twice per call, a tenth of a call's cost (and a
/// recursive function finds its own code, constants and names there).
#[derive(Default)]
pub(crate) struct Callees {
    items: Vec<Frame>,
    len: usize,
    /// The depth (`len` with it current) of the innermost frame whose
    /// result finishes an instruction its own way ([`Then`]), 0 for none:
    /// a plain call's return only compares `len` with it.
    marked: usize,
    /// What the return of that frame does.
    then: Then,
    /// The depths and continuations of the outer such frames, innermost
    /// last.
    outer: Vec<(usize, Then)>,
}

impl Callees {
    #[inline]
    fn current(&mut self) -> Option<&mut Frame> {
        self.len.checked_sub(1).and_then(|i| self.items.get_mut(i))
    }

    /// Drops the current frame from the list, returning it and what its
    /// return must do besides pushing the result, if anything (its slot
    /// stays for reuse).
    #[inline]
    fn pop(&mut self) -> Option<(&Frame, Option<Then>)> {
        let then = if self.len == self.marked {
            let t = self.then;
            (self.marked, self.then) = self.outer.pop().unwrap_or((0, Then::Init));
            Some(t)
        } else {
            None
        };
        self.len = self.len.checked_sub(1)?;
        self.items.get(self.len).map(|f| (f, then))
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Makes a frame for `func` at `base` the current one.
    #[inline(always)]
    fn push(&mut self, func: &Function, base: usize, vm: &Vm, id: u64) {
        let Some(f) = self.items.get_mut(self.len) else {
            self.items.push(Frame {
                code: func.code.clone(),
                consts: func.consts.clone(),
                globals: func.globals,
                locals: Value::Null,
                base,
                ip: 0,
                block_base: vm.blocks.len(),
                id,
                saved_blocks: Vec::new(),
                names: func.names.clone(),
                handling_base: vm.handling.len(),
                temp_base: vm.temp_roots.len(),
            });
            self.len += 1;
            return;
        };
        if !Rc::ptr_eq(&f.code, &func.code) {
            f.code = func.code.clone();
            f.consts = func.consts.clone();
            f.names = func.names.clone();
        }
        f.globals = func.globals;
        f.base = base;
        f.ip = 0;
        f.block_base = vm.blocks.len();
        f.id = id;
        f.handling_base = vm.handling.len();
        f.temp_base = vm.temp_roots.len();
        self.len += 1;
    }

    /// Marks the current frame as one whose return does `then`.
    #[inline(never)]
    fn mark(&mut self, then: Then) {
        if self.marked != 0 {
            self.outer.push((self.marked, self.then));
        }
        self.marked = self.len;
        self.then = then;
    }

    /// Drops every frame, so none keeps its code alive once this
    /// `run_frame` has ended.
    fn clear(&mut self) {
        // `marked` and `outer` are back to none: every frame of this loop
        // was popped, marked ones included.
        self.items.clear();
        self.len = 0;
    }
}

impl Vm {
    /// Runs a frame to completion (or to its next yield), dispatching
    /// exceptions to its blocks; the Python functions it calls run in
    /// the same loop.
    pub fn run_frame(&mut self, f: &mut Frame) -> PyResult<Exit> {
        // A generator's resumption, and much code native calls run, gets
        // to its yield or return without calling a Python function: it
        // takes no frame list.
        let first = match self.exec(f) {
            Ok(Step::Return(v)) => return Ok(Exit::Return(v)),
            Ok(Step::Yield(v)) => return Ok(Exit::Yield(v)),
            other => other,
        };
        let mut callees = self.frame_lists.pop().unwrap_or_default();
        let r = self.run_frames(f, &mut callees, first);
        // Empty on every exit: a return or yield comes from `f` itself,
        // an exception left every callee on its way out.
        callees.clear();
        self.frame_lists.push(callees);
        r
    }

    /// The loop of [`Self::run_frame`], from `step`, what the base frame's
    /// first run ended with; `callees` holds the frames called from `base`
    /// that have not returned, innermost (the current) last.
    fn run_frames(
        &mut self,
        base: &mut Frame,
        callees: &mut Callees,
        mut step: PyResult<Step>,
    ) -> PyResult<Exit> {
        loop {
            let e = match step {
                Ok(Step::Enter(h, at)) => {
                    // An error is raised by the call instruction of the caller.
                    self.enter_inline(h, at, None, callees).err()
                }
                Ok(Step::Then(h, at, then)) => {
                    // An error is raised by the instruction of the caller.
                    self.enter_inline(h, at, Some(then), callees).err()
                }
                Ok(Step::Return(v)) => match callees.pop() {
                    Some((done, None)) => {
                        self.return_inline(done, v);
                        None
                    }
                    // Raised by the instruction of the caller.
                    Some((done, Some(then))) => {
                        self.leave_inline(done);
                        self.finish(then, v).err()
                    }
                    None => return Ok(Exit::Return(v)),
                },
                // Only generator code yields, and it never runs inline.
                Ok(Step::Yield(v)) if callees.is_empty() => return Ok(Exit::Yield(v)),
                Ok(Step::Yield(_)) => {
                    Some(self.error(ExcKind::SystemError, "yield from an inline frame"))
                }
                Err(e) => Some(e),
            };
            if let Some(e) = e {
                self.unwind(base, callees, e)?;
            }
            let f = match callees.current() {
                Some(f) => f,
                None => &mut *base,
            };
            step = self.exec(f);
        }
    }

    /// Dispatches `e`, raised in the current frame, to the innermost
    /// block that handles it, leaving the inline frames without one; the
    /// exception itself when none in this loop does.
    fn unwind(&mut self, base: &mut Frame, callees: &mut Callees, mut e: PyErr) -> PyResult<()> {
        loop {
            let f = match callees.current() {
                Some(f) => f,
                None => &mut *base,
            };
            e = match self.handle_in(f, e) {
                Ok(()) => return Ok(()),
                Err(e) => e,
            };
            let Some((done, _)) = callees.pop() else {
                return Err(e);
            };
            self.leave_inline(done);
            self.root_value(e.value());
        }
    }

    /// Records `e` in the traceback for frame `f` and jumps to the
    /// handler of `f`'s innermost block, if it has one.
    fn handle_in(&mut self, f: &mut Frame, mut e: PyErr) -> Result<(), PyErr> {
        self.note_raise(e, f);
        // Raising and catching in a loop need not pass a back-edge: poll
        // the time budget here too.
        if let Err(t) = self.poll_budget() {
            self.note_raise(t, f);
            e = t;
        }
        // Past the timeout's grace period nothing may catch.
        if self.blocks.len() <= f.block_base || self.budget.timeout_fatal() {
            return Err(e);
        }
        let Some(b) = self.blocks.pop() else {
            return Err(e);
        };
        self.stack.truncate(b.sp);
        self.handling.truncate(b.handling);
        self.stack.push(e.value());
        self.handling.push(e.value());
        f.ip = b.handler as usize;
        Ok(())
    }

    /// Makes the frame of Python function `h`, whose locals are laid out
    /// from `base`, the current one and registers it as running (the
    /// recursion limit and the time budget are checked here, as for any
    /// call).
    #[inline(always)]
    fn enter_inline(
        &mut self,
        h: Gc,
        base: usize,
        then: Option<Then>,
        callees: &mut Callees,
    ) -> PyResult<()> {
        if let Err(e) = self.may_enter_inline() {
            self.stack.truncate(base - 1);
            return Err(e);
        }
        let id = self.new_frame_id();
        let Obj::Func(func) = self.heap.get(h) else {
            self.stack.truncate(base - 1);
            return Err(self.type_error("not a function"));
        };
        callees.push(func, base, self, id);
        if let Some(then) = then {
            callees.mark(then);
        }
        if let Some(f) = callees.current() {
            self.push_frame_info(f);
        }
        Ok(())
    }

    /// The checks of `may_enter_frame` for a frame that takes no host
    /// stack: the recursion limit and the time budget (calls are safe
    /// points: recursion-heavy code may have no loop back-edges).
    #[inline]
    fn may_enter_inline(&mut self) -> PyResult<()> {
        if let Err(e) = self.budget.may_nest() {
            return Err(self.exceeded(e));
        }
        self.poll_budget()
    }

    /// Unregisters inline frame `done` and drops its values, callee
    /// included, and its temporary roots.
    #[inline]
    pub(crate) fn leave_inline(&mut self, done: &Frame) {
        self.leave_frame(done);
        self.temp_roots.truncate(done.temp_base);
        self.stack.truncate(done.base - 1);
    }

    /// Ends inline frame `done` with result `v`, pushed for its caller
    /// (and rooted until the caller's next instruction, as a call's is).
    #[inline]
    fn return_inline(&mut self, done: &Frame, v: Value) {
        self.leave_inline(done);
        self.root_value(v);
        self.stack.push(v);
    }

    /// A call instruction: the callable at `stack[len-n-1]` with the `n`
    /// values above it (the last `len(kwnames)` keyword arguments). A
    /// Python function that is not a generator is only bound, to be run
    /// by the loop; anything else is called as by `call_from_stack`.
    #[inline(always)]
    pub(crate) fn call_or_enter(&mut self, n: usize, kwnames: Option<Value>) -> PyResult<Called> {
        // The common case inline: a plain function given exactly its
        // positional arguments (see `Function::plain_arity`).
        let fpos = self.stack.len().wrapping_sub(n + 1);
        if let (None, Some(&Value::Obj(h))) = (kwnames, self.stack.get(fpos)) {
            // A built-in (a base object) goes to the slow path without
            // being read here.
            if let Some(Obj::Func(func)) = self.heap.get_own(h) {
                if func.plain_arity as usize == n {
                    let end = fpos + 1 + func.code.varnames.len();
                    if end > self.stack.len() {
                        self.stack.resize(end, Value::Null);
                    }
                    return Ok(Called::Enter(Step::Enter(h, fpos + 1)));
                }
            }
        }
        self.call_or_enter_slow(n, kwnames)
    }

    /// [`Self::call_or_enter`] for the other callables.
    #[inline(never)]
    fn call_or_enter_slow(&mut self, n: usize, kwnames: Option<Value>) -> PyResult<Called> {
        // A compartment handle, first: straight to the switcher, which
        // takes the arguments from the stack. (Tested in `call_or_enter`
        // itself, the plain call grew 1-2%: that code is inlined into
        // every call instruction.)
        // A native (a built-in method called by `CallMethod`, say) is
        // called from here too: the object is looked up once. (A built-in
        // lives in the base heap, whose reads are out of line.)
        if kwnames.is_none() {
            if let Some(Value::Obj(h)) = self.stack.len().checked_sub(n + 1).map(|i| self.stack[i])
            {
                let fpos = self.stack.len() - n - 1;
                match self.heap.get(h) {
                    Obj::Native(nf) => {
                        let f = nf.f;
                        return self.call_native_on_stack(f, fpos, n).map(Called::Done);
                    }
                    Obj::Instance(i) if Some(i.class) == self.comp.handle_class => {
                        let sealed = i.base;
                        if let Some(r) =
                            crate::compartment::handle::call_stacked(self, fpos, n, sealed)
                        {
                            return r.map(Called::Done);
                        }
                    }
                    _ => {}
                }
            }
        }
        let kw = match kwnames {
            None => None,
            Some(Value::Obj(t)) => Some(t),
            Some(_) => return self.call_from_stack(n, kwnames).map(Called::Done),
        };
        let fpos = self.stack.len() - n - 1;
        if let Value::Obj(h) = self.stack[fpos] {
            match self.heap.get(h) {
                Obj::Func(_) => return self.bind_to_enter(h, fpos, n, kw),
                Obj::BoundMethod {
                    this,
                    func: Value::Obj(fh),
                } if matches!(self.heap.get(*fh), Obj::Func(_)) => {
                    let (this, fh) = (*this, *fh);
                    self.stack[fpos] = Value::Obj(fh);
                    self.stack.insert(fpos + 1, this);
                    return self.bind_to_enter(fh, fpos, n + 1, kw);
                }
                Obj::Class(_) => {
                    if let Some(init) = self.plain_init(h) {
                        return self.enter_init(h, init, fpos, n, kw);
                    }
                }
                Obj::Instance(_) => {
                    if let Some(m) = self.python_call_method(h) {
                        // `obj(args)` is `type(obj).__call__(obj, args)`.
                        self.stack[fpos] = Value::Obj(m);
                        self.stack.insert(fpos + 1, Value::Obj(h));
                        return self.bind_to_enter(m, fpos, n + 1, kw);
                    }
                }
                _ => {}
            }
        }
        self.call_from_stack(n, kwnames).map(Called::Done)
    }

    /// Binds the arguments of Python function `h` (at `stack[fpos]`, `n`
    /// values above it, the last named by tuple `kw`) into its locals.
    fn bind_to_enter(&mut self, h: Gc, fpos: usize, n: usize, kw: Option<Gc>) -> PyResult<Called> {
        let Obj::Func(func) = self.heap.get(h) else {
            return Err(self.type_error("not a function"));
        };
        if kw.is_none() && func.plain_arity as usize == n {
            let nlocals = func.code.varnames.len();
            self.stack.resize(fpos + 1 + nlocals, Value::Null);
            return Ok(Called::Enter(Step::Enter(h, fpos + 1)));
        }
        // A generator's frame is made now and runs when resumed.
        if Vm::is_generator_code(&func.code) {
            let r = match kw {
                None => self.call_function_inplace(h, fpos, n),
                Some(t) => self.call_function_kw(h, fpos, t),
            };
            return r.map(Called::Done);
        }
        self.bind_args(h, fpos, n, kw)?;
        self.lay_out_cells(h, fpos + 1)?;
        Ok(Called::Enter(Step::Enter(h, fpos + 1)))
    }

    /// The `__init__` of class `c` when a call of `c` may run it in the
    /// loop: `c` is a plain Python class (no metaclass, instances made by
    /// `object.__new__`) whose `__init__` is a Python function that is
    /// not a generator. What `call_class` does for it is then exactly:
    /// make the instance, call `__init__`, check it returned None.
    fn plain_init(&mut self, c: Gc) -> Option<Gc> {
        let Obj::Class(cls) = self.heap.get(c) else {
            return None;
        };
        let exact_builtin = cls.builtin.is_some_and(|t| self.type_obj(t) == c);
        if !cls.metaclass.is_null() || cls.layout != Layout::Object || exact_builtin {
            return None;
        }
        if self.user_new(c).is_some() {
            return None;
        }
        match self.lookup_mro_str(c, "__init__")? {
            Value::Obj(i) => match self.heap.get(i) {
                Obj::Func(f) if !Vm::is_generator_code(&f.code) => Some(i),
                _ => None,
            },
            _ => None,
        }
    }

    /// Calls class `c` at `stack[fpos]` (`n` arguments above it, the last
    /// named by `kw`), whose `__init__` is Python function `init` (see
    /// [`Self::plain_init`]): makes the instance and leaves `__init__` to
    /// the loop. The stack becomes `instance, init, instance, args...`,
    /// so once `__init__` returns the instance is the call's result.
    fn enter_init(
        &mut self,
        c: Gc,
        init: Gc,
        fpos: usize,
        n: usize,
        kw: Option<Gc>,
    ) -> PyResult<Called> {
        let this = Value::Obj(self.alloc(Obj::Instance(Instance::new(c, Value::Null)))?);
        self.stack[fpos] = this;
        let at = fpos + 1;
        self.stack.splice(at..at, [Value::Obj(init), this]);
        match self.bind_to_enter(init, at, n + 1, kw)? {
            Called::Enter(Step::Enter(h, base)) => {
                Ok(Called::Enter(Step::Then(h, base, Then::Init)))
            }
            // Not reached: `plain_init` excludes generators.
            _ => Err(self.error(ExcKind::SystemError, "__init__ ran outside the loop")),
        }
    }
}
