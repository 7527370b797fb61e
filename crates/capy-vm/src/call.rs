//! Calling: functions, natives, bound methods, classes and callables.
//!
//! Python-to-Python calls bind in place: the arguments already on the
//! stack become the callee's first locals (`bind.rs` handles keywords,
//! defaults, `*args` and `**kwargs` the same way, without allocating).

use crate::bind::KwNames;
use crate::dict::Dict;
use crate::errors::{ExcKind, PyErr};
use crate::eval::Exit;
use crate::frame::Frame;
use crate::framestack::Called;
use crate::obj::{Function, GenKind, GenState, Generator, Obj};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use capy_compiler::bytecode::code_flags;
use std::rc::Rc;

const ARG_BUF: usize = 8;

thread_local! {
    /// The defaults of every function without any: shared, as making an
    /// empty `Rc<[Value]>` allocates.
    static NO_DEFAULTS: Rc<[Value]> = Rc::from(Vec::new());
}

impl Vm {
    /// Calls the callable at `stack[len-n-1]` with the `n` values above it
    /// (the last `len(kwnames)` of them keyword arguments); pops them all.
    pub(crate) fn call_from_stack(&mut self, n: usize, kwnames: Option<Value>) -> PyResult {
        let len = self.stack.len();
        let fpos = len - n - 1;
        let callee = self.stack[fpos];
        if kwnames.is_none() {
            if let Value::Obj(h) = callee {
                match self.heap.get(h) {
                    Obj::Func(_) => return self.call_function_inplace(h, fpos, n),
                    Obj::Native(nf) => {
                        let f = nf.f;
                        return self.call_native_on_stack(f, fpos, n);
                    }
                    Obj::BoundMethod { this, func } => {
                        let (this, func) = (*this, *func);
                        self.stack[fpos] = func;
                        self.stack.insert(fpos + 1, this);
                        return self.call_from_stack(n + 1, None);
                    }
                    // A compartment handle: straight to the switcher.
                    Obj::Instance(i) if Some(i.class) == self.comp.handle_class && n <= ARG_BUF => {
                        if let Some(r) = crate::compartment::transfer::handle_ref(self, i) {
                            let mut buf = [Value::Null; ARG_BUF];
                            buf[..n].copy_from_slice(&self.stack[fpos + 1..]);
                            let r = crate::compartment::handle::call_positional(self, r, &buf[..n]);
                            self.stack.truncate(fpos);
                            return r;
                        }
                    }
                    _ => {}
                }
            }
        } else if let (Some(Value::Obj(t)), Value::Obj(h)) = (kwnames, callee) {
            match self.heap.get(h) {
                Obj::Func(_) => return self.call_function_kw(h, fpos, t),
                Obj::BoundMethod {
                    this,
                    func: func @ Value::Obj(fh),
                } if matches!(self.heap.get(*fh), Obj::Func(_)) => {
                    let (this, func, fh) = (*this, *func, *fh);
                    self.stack[fpos] = func;
                    self.stack.insert(fpos + 1, this);
                    return self.call_function_kw(fh, fpos, t);
                }
                _ => {}
            }
        }
        // Anything else given a few positional arguments (a class:
        // `tuple(xs)`, `range(n)`): from a buffer, not a new vector.
        if kwnames.is_none() && n <= ARG_BUF {
            let mut buf = [Value::Null; ARG_BUF];
            buf[..n].copy_from_slice(&self.stack[fpos + 1..]);
            let r = self.call(callee, &buf[..n], &[]);
            self.stack.truncate(fpos);
            return r;
        }
        let args = self.stack[fpos + 1..].to_vec();
        let kw: Vec<(Value, Value)> = match kwnames {
            Some(Value::Obj(t)) => match self.heap.get(t) {
                Obj::Tuple(names) => {
                    let npos = args.len().saturating_sub(names.len());
                    names
                        .iter()
                        .copied()
                        .zip(args[npos..].iter().copied())
                        .collect()
                }
                _ => return Err(self.type_error("keyword names must be a tuple")),
            },
            _ => Vec::new(),
        };
        let npos = args.len() - kw.len();
        let r = self.call(callee, &args[..npos], &kw);
        self.stack.truncate(fpos);
        r
    }

    /// Calls native `f` at `stack[fpos]` with the `n` positional
    /// arguments above it, which it takes off the stack.
    #[inline(always)]
    pub(crate) fn call_native_on_stack(
        &mut self,
        f: crate::obj::NativeFn,
        fpos: usize,
        n: usize,
    ) -> PyResult {
        let r = if n <= ARG_BUF {
            let mut buf = [Value::Null; ARG_BUF];
            buf[..n].copy_from_slice(&self.stack[fpos + 1..]);
            self.call_native(f, &buf[..n], &[])
        } else {
            let args = self.stack[fpos + 1..].to_vec();
            self.call_native(f, &args, &[])
        };
        self.stack.truncate(fpos);
        r
    }

    fn call_native(
        &mut self,
        f: crate::obj::NativeFn,
        args: &[Value],
        kw: &[(Value, Value)],
    ) -> PyResult {
        // Natives that call back into Python (or into themselves, e.g. a
        // built-in method applied to a subclass instance) count towards the
        // recursion limit, so such cycles raise RecursionError instead of
        // overflowing the Rust stack.
        self.enter_recursion()?;
        let mark = self.temp_roots.len();
        let r = f(self, args, kw);
        self.temp_roots.truncate(mark);
        self.root_result(&r);
        self.leave_recursion();
        self.check_heap()?;
        r
    }

    /// `f(*args, **kwargs)` from the stack (CallEx).
    pub(crate) fn call_ex(&mut self, flags: u32) -> PyResult {
        let kwargs = if flags & 1 != 0 {
            Some(self.pop())
        } else {
            None
        };
        let args = self.top();
        let f = self.peek_at(1);
        let pos = self.iter_to_vec(args)?;
        let mut kw = Vec::new();
        if let Some(Value::Obj(h)) = kwargs {
            if let Obj::Dict(dict) = self.heap.get(h) {
                kw = dict.iter().collect();
            }
        }
        let r = self.call(f, &pos, &kw);
        self.stack.truncate(self.stack.len() - 2);
        r
    }

    fn peek_at(&self, n: usize) -> Value {
        let len = self.stack.len();
        self.stack
            .get(len.wrapping_sub(n + 1))
            .copied()
            .unwrap_or(Value::None)
    }

    /// Calls any callable. The result stays rooted until the calling native returns.
    /// The arguments are rooted for the call's duration: a native caller
    /// may pass values it holds nowhere else.
    pub fn call(&mut self, callee: Value, args: &[Value], kw: &[(Value, Value)]) -> PyResult {
        let mark = self.temp_roots.len();
        self.temp_roots.push(callee);
        self.temp_roots.extend_from_slice(args);
        for &(k, v) in kw {
            self.temp_roots.extend_from_slice(&[k, v]);
        }
        let r = self.call_inner(callee, args, kw);
        self.temp_roots.truncate(mark);
        self.root_result(&r);
        r
    }

    /// [`Vm::call`] for a caller whose `callee` and `args` are rooted
    /// already (the switcher's: an export of this instance, and values it
    /// moved into this instance's temporaries).
    pub(crate) fn call_rooted(
        &mut self,
        callee: Value,
        args: &[Value],
        kw: &[(Value, Value)],
    ) -> PyResult {
        let r = self.call_inner(callee, args, kw);
        self.root_result(&r);
        r
    }

    /// Roots a result (or the exception raised instead) in the caller's
    /// scope: once the callee's temporaries are dropped nothing else refers
    /// to it until the caller stores it.
    #[inline]
    pub(crate) fn root_result(&mut self, r: &PyResult) {
        match r {
            Ok(v) => self.root_value(*v),
            Err(e) => self.root_value(e.value()),
        }
    }

    #[inline]
    fn root_exit(&mut self, r: &PyResult<Exit>) {
        match r {
            Ok(Exit::Return(v) | Exit::Yield(v)) => self.root_value(*v),
            Err(e) => self.root_value(e.value()),
        }
    }

    /// Roots `v` in the current scope of `temp_roots` if it is a heap object.
    #[inline]
    pub(crate) fn root_value(&mut self, v: Value) {
        if let Value::Obj(_) = v {
            self.temp_roots.push(v);
        }
    }

    /// `K()` for a class with a metaclass: through the metaclass's
    /// `__call__` when Python code defines one (kept out of line, so the
    /// common call paths do not grow).
    #[inline(never)]
    fn call_class_meta(&mut self, c: Gc, args: &[Value], kw: &[(Value, Value)]) -> PyResult {
        let Some(m) = self.meta_method(c, "__call__") else {
            return self.call_class(c, args, kw);
        };
        let mut a = Vec::with_capacity(args.len() + 1);
        a.push(Value::Obj(c));
        a.extend_from_slice(args);
        self.call_inner(m, &a, kw)
    }

    /// `CallMethod` of a callee that is no method of its receiver
    /// (`[callee, NULL, args]` at `pos`): drops the NULL and calls, first
    /// checking the receiver of a built-in type's method called unbound
    /// (`bytes.find('x')`).
    #[inline]
    pub(crate) fn call_unbound(&mut self, pos: usize, n: usize) -> PyResult<Called> {
        self.stack.remove(pos);
        if let Some(&Value::Obj(h)) = self.stack.get(pos.wrapping_sub(1)) {
            if self.native_of_builtin_type(h) {
                let args = self.stack[pos..].to_vec();
                self.check_unbound_native(h, &args)?;
            }
        }
        self.call_or_enter(n, None)
    }

    fn call_inner(&mut self, callee: Value, args: &[Value], kw: &[(Value, Value)]) -> PyResult {
        let Value::Obj(h) = callee else {
            return Err(self.not_callable(callee));
        };
        match self.heap.get(h) {
            Obj::Func(_) if kw.is_empty() => self.call_function(h, args),
            Obj::Func(_) => {
                let fpos = self.stack.len();
                self.stack.push(callee);
                self.stack.extend_from_slice(args);
                self.stack.extend(kw.iter().map(|&(_, v)| v));
                let names: Vec<Value> = kw.iter().map(|&(k, _)| k).collect();
                self.bind_on_stack(h, fpos, KwNames::Slice(&names))?;
                self.enter_function(h, fpos + 1)
            }
            Obj::Native(_) => self.call_native_obj(h, args, kw, true),
            Obj::BoundMethod { this, func } => {
                let (this, func) = (*this, *func);
                let mut a = Vec::with_capacity(args.len() + 1);
                a.push(this);
                a.extend_from_slice(args);
                match func {
                    // Bound, so the receiver is the method's own: no check.
                    Value::Obj(fh) if matches!(self.heap.get(fh), Obj::Native(_)) => {
                        self.call_native_obj(fh, &a, kw, false)
                    }
                    _ => self.call_inner(func, &a, kw),
                }
            }
            Obj::Class(c) => {
                // Only a class with a metaclass pays for the hook lookup.
                if !c.metaclass.is_null() {
                    return self.call_class_meta(h, args, kw);
                }
                self.call_class(h, args, kw)
            }
            Obj::StaticMethod(f) => {
                let f = *f;
                self.call_inner(f, args, kw)
            }
            Obj::Instance(i) if Some(i.class) == self.comp.handle_class => {
                crate::compartment::handle::call(self, callee, args, kw)
            }
            _ => match self.lookup_type_attr(callee, "__call__") {
                // `__call__ = repr`: a builtin function is not bound.
                Some(Value::Obj(m)) if self.is_builtin_function(m) => {
                    self.call_inner(Value::Obj(m), args, kw)
                }
                Some(m) => {
                    let mut a = Vec::with_capacity(args.len() + 1);
                    a.push(callee);
                    a.extend_from_slice(args);
                    self.call_inner(m, &a, kw)
                }
                None => Err(self.not_callable(callee)),
            },
        }
    }

    /// Calls native `h`; `unbound` when nothing bound its receiver, which
    /// a built-in type's method then checks (`bytes.find('x')`).
    fn call_native_obj(
        &mut self,
        h: Gc,
        args: &[Value],
        kw: &[(Value, Value)],
        unbound: bool,
    ) -> PyResult {
        let Obj::Native(nf) = self.heap.get(h) else {
            return Err(self.type_error("not a native function"));
        };
        let (f, takes_kw, name) = (nf.f, nf.takes_kw, nf.name);
        if !kw.is_empty() && !takes_kw {
            return Err(self.type_error(format!("{name}() takes no keyword arguments")));
        }
        if unbound && self.native_of_builtin_type(h) {
            self.check_unbound_native(h, args)?;
        }
        self.call_native(f, args, kw)
    }

    fn not_callable(&mut self, v: Value) -> PyErr {
        let t = self.type_name(v);
        self.type_error(format!("'{t}' object is not callable"))
    }

    /// Calls the Python function `h` with positional `args`.
    pub(crate) fn call_function(&mut self, h: Gc, args: &[Value]) -> PyResult {
        let fpos = self.stack.len();
        self.stack.push(Value::Obj(h));
        self.stack.extend_from_slice(args);
        self.call_function_inplace(h, fpos, args.len())
    }

    /// Calls a Python function whose `n` positional arguments sit on the
    /// stack above it at `fpos`; pops callee and arguments.
    pub(crate) fn call_function_inplace(&mut self, h: Gc, fpos: usize, n: usize) -> PyResult {
        let Obj::Func(func) = self.heap.get(h) else {
            return Err(self.type_error("not a function"));
        };
        if func.plain_arity as usize == n {
            return self.call_plain(h, fpos);
        }
        self.bind_args(h, fpos, n, None)?;
        self.enter_function(h, fpos + 1)
    }

    /// Binds the `n` arguments above Python function `h` at `fpos` (the
    /// last `len(kw)` of them named by the tuple `kw`) into its fast locals.
    pub(crate) fn bind_args(
        &mut self,
        h: Gc,
        fpos: usize,
        n: usize,
        kw: Option<Gc>,
    ) -> PyResult<()> {
        if let Some(t) = kw {
            return self.bind_on_stack(h, fpos, KwNames::Tuple(t));
        }
        let Obj::Func(func) = self.heap.get(h) else {
            return Err(self.type_error("not a function"));
        };
        let code = &func.code;
        let simple = code.argcount as usize == n
            && code.kwonlyargcount == 0
            && code.flags & (code_flags::VARARGS | code_flags::VARKEYWORDS) == 0;
        if !simple {
            if let Some(r) = self.bind_star_positional(h, fpos + 1, n) {
                return r;
            }
            return self.bind_on_stack(h, fpos, KwNames::None);
        }
        let nlocals = code.varnames.len();
        self.stack.resize(fpos + 1 + nlocals, Value::Null);
        Ok(())
    }

    /// Calls Python function `h` at `stack[fpos]` with the arguments above
    /// it, the last `len(names)` of them named by the tuple `names`.
    pub(crate) fn call_function_kw(&mut self, h: Gc, fpos: usize, names: Gc) -> PyResult {
        self.bind_on_stack(h, fpos, KwNames::Tuple(names))?;
        self.enter_function(h, fpos + 1)
    }

    /// The fast path of [`Self::call_function_inplace`] for a plain
    /// function (see `Function::plain_arity`) given exactly its arguments:
    /// no binding, no cells, one read of the function object. Also the
    /// switcher's call of a function behind a handle
    /// (compartment/switch.rs): the result stays rooted.
    pub(crate) fn call_plain(&mut self, h: Gc, fpos: usize) -> PyResult {
        let Obj::Func(func) = self.heap.get(h) else {
            return Err(self.type_error("not a function"));
        };
        let base = fpos + 1;
        let mut frame = Frame {
            consts: func.consts.clone(),
            names: func.names.clone(),
            globals: func.globals,
            locals: Value::Null,
            base,
            ip: 0,
            block_base: self.blocks.len(),
            id: 0,
            saved_blocks: Vec::new(),
            handling_base: self.handling.len(),
            temp_base: self.temp_roots.len(),
            code: func.code.clone(),
        };
        frame.id = self.new_frame_id();
        self.stack
            .resize(base + frame.code.varnames.len(), Value::Null);
        if let Err(e) = self.enter_frame(&frame) {
            self.stack.truncate(fpos);
            return Err(e);
        }
        let r = self.run_frame(&mut frame);
        self.leave_frame(&frame);
        self.temp_roots.truncate(frame.temp_base);
        self.root_exit(&r);
        self.stack.truncate(fpos);
        match r? {
            Exit::Return(v) | Exit::Yield(v) => Ok(v),
        }
    }

    /// Runs function `h` whose fast locals are already at `stack[base..]`
    /// (callee at `base - 1`); sets up cells, then runs or makes a generator.
    fn enter_function(&mut self, h: Gc, base: usize) -> PyResult {
        self.lay_out_cells(h, base)?;
        let Obj::Func(func) = self.heap.get(h) else {
            return Err(self.type_error("not a function"));
        };
        let code = func.code.clone();
        let consts = func.consts.clone();
        let names = func.names.clone();
        let globals = func.globals;
        let id = self.new_frame_id();
        let is_generator = Vm::is_generator_code(&code);
        let mut frame = Frame {
            code,
            consts,
            names,
            globals,
            locals: Value::Null,
            base,
            ip: 0,
            block_base: self.blocks.len(),
            id,
            saved_blocks: Vec::new(),
            handling_base: self.handling.len(),
            temp_base: self.temp_roots.len(),
        };
        if is_generator {
            let saved = self.stack.split_off(base);
            self.stack.truncate(base - 1);
            let flags = frame.code.flags;
            let kind = if flags & code_flags::ASYNC_GENERATOR != 0 {
                GenKind::AsyncGenerator
            } else if flags & code_flags::COROUTINE != 0 {
                GenKind::Coroutine
            } else {
                GenKind::Generator
            };
            frame.base = 0;
            let (name, qualname) = match self.heap.get(h) {
                Obj::Func(f) => (f.name, f.qualname),
                _ => (Value::None, Value::None),
            };
            let code = frame.code.clone();
            let g = self.alloc(Obj::Generator(Box::new(Generator {
                frame: Some(Box::new(frame)),
                saved,
                state: GenState::Created,
                kind,
                name,
                qualname,
                code,
                frame_id: id,
            })))?;
            return Ok(Value::Obj(g));
        }
        if let Err(e) = self.enter_frame(&frame) {
            self.stack.truncate(base - 1);
            return Err(e);
        }
        let r = self.run_frame(&mut frame);
        self.leave_frame(&frame);
        self.temp_roots.truncate(frame.temp_base);
        self.root_exit(&r);
        self.stack.truncate(base - 1);
        match r? {
            Exit::Return(v) | Exit::Yield(v) => Ok(v),
        }
    }

    /// Completes the frame layout of function `h` above its fast locals
    /// at `stack[base..]`: its cells (made, from their arguments when
    /// they are), then its closure's cells. On failure the callee and its
    /// values are dropped.
    pub(crate) fn lay_out_cells(&mut self, h: Gc, base: usize) -> PyResult<()> {
        let Obj::Func(func) = self.heap.get(h) else {
            return Err(self.type_error("not a function"));
        };
        // Most functions have neither: their locals are all there is.
        if func.code.cellvars.is_empty() && func.code.freevars.is_empty() {
            let nlocals = func.code.varnames.len();
            self.stack.resize(base + nlocals, Value::Null);
            return Ok(());
        }
        let code = func.code.clone();
        let nlocals = code.varnames.len();
        self.stack.truncate(base + nlocals);
        self.stack.resize(base + nlocals, Value::Null);
        for i in 0..code.cellvars.len() {
            let init = match code.cell2arg.get(i).copied().flatten() {
                Some(a) => self
                    .stack
                    .get(base + a as usize)
                    .copied()
                    .unwrap_or(Value::Null),
                None => Value::Null,
            };
            let c = match self.alloc(Obj::Cell(init)) {
                Ok(c) => c,
                Err(e) => {
                    self.stack.truncate(base - 1);
                    return Err(e);
                }
            };
            self.stack.push(Value::Obj(c));
        }
        if let Obj::Func(func) = self.heap.get(h) {
            let closure = &func.closure[..code.freevars.len().min(func.closure.len())];
            self.stack.extend_from_slice(closure);
        }
        let missing = base + nlocals + code.cellvars.len() + code.freevars.len();
        self.stack.resize(missing, Value::Null);
        Ok(())
    }

    /// MakeFunction: builds a function object from the stack.
    pub(crate) fn make_function(&mut self, f: &Frame, flags: u32) -> PyResult {
        let code_v = self.pop();
        let code = match code_v {
            Value::Obj(h) => match self.heap.get(h) {
                Obj::Code(c) => c.clone(),
                _ => return Err(self.error(ExcKind::SystemError, "MakeFunction without code")),
            },
            _ => return Err(self.error(ExcKind::SystemError, "MakeFunction without code")),
        };
        let closure = if flags & 4 != 0 {
            self.pop()
        } else {
            Value::None
        };
        let kwdefaults = if flags & 2 != 0 {
            self.pop()
        } else {
            Value::Null
        };
        let defaults = if flags & 1 != 0 {
            self.pop()
        } else {
            Value::None
        };
        // Off the stack now, and the function is built with allocations.
        self.temp_roots
            .extend_from_slice(&[code_v, closure, kwdefaults, defaults]);
        let defaults = if defaults.is_none() {
            Vec::new()
        } else {
            self.seq_items(defaults)?
        };
        let closure = if closure.is_none() {
            Vec::new()
        } else {
            self.seq_items(closure)?
        };
        self.new_function(code, f.globals, defaults, kwdefaults, closure)
    }

    /// A function of `code` with `globals` (an isolated function's copy in
    /// its compartment: compartment/api.rs).
    pub fn function_from_code(
        &mut self,
        code: &std::rc::Rc<capy_compiler::Code>,
        globals: Gc,
        defaults: Vec<Value>,
    ) -> PyResult {
        self.new_function(code.clone(), globals, defaults, Value::Null, Vec::new())
    }

    pub(crate) fn new_function(
        &mut self,
        code: std::rc::Rc<capy_compiler::Code>,
        globals: Gc,
        defaults: Vec<Value>,
        kwdefaults: Value,
        closure: Vec<Value>,
    ) -> PyResult {
        let c = self.code_entry(&code)?;
        let (consts, names, name, qualname) =
            (c.consts.clone(), c.names.clone(), c.name, c.qualname);
        let doc = match &code.doc {
            Some(d) => self.new_str(d)?,
            None => Value::None,
        };
        let module = self.globals_name(globals);
        let plain = code.kwonlyargcount == 0
            && code.cellvars.is_empty()
            && code.freevars.is_empty()
            && code.flags
                & (code_flags::VARARGS
                    | code_flags::VARKEYWORDS
                    | code_flags::GENERATOR
                    | code_flags::COROUTINE
                    | code_flags::ASYNC_GENERATOR)
                == 0;
        let plain_arity = if plain { code.argcount } else { u32::MAX };
        let func = Function {
            plain_arity,
            code,
            consts,
            names,
            globals,
            defaults: if defaults.is_empty() {
                NO_DEFAULTS.with(Rc::clone)
            } else {
                defaults.into()
            },
            kwdefaults,
            closure: closure.into_boxed_slice(),
            name,
            qualname,
            doc,
            module,
            dict: Dict::new(),
            ext_dict: None,
        };
        Ok(Value::Obj(self.alloc(Obj::Func(Box::new(func)))?))
    }

    /// `globals["__name__"]` (a new function's `__module__`), found by
    /// the interned name and its stored hash: hashing and comparing the
    /// text was a tenth of making a function.
    fn globals_name(&mut self, globals: Gc) -> Value {
        let k = self.intern_static("__name__");
        let hash = self.heap.pystr(k).map(|s| s.hash());
        if let (Some(hash), Obj::Dict(d)) = (hash, self.heap.get(globals)) {
            if let crate::dict::Probe::Found(p) = d.probe(&self.heap, hash, k) {
                return d.value_at(p);
            }
        }
        self.dict_get_str(globals, "__name__")
            .unwrap_or(Value::None)
    }

    /// Runs a class body function with `ns` as its namespace.
    pub(crate) fn run_class_body(&mut self, body: Value, ns: Value) -> PyResult {
        let Value::Obj(h) = body else {
            return Err(self.type_error("__build_class__: func must be a function"));
        };
        let (code, globals, closure) = match self.heap.get(h) {
            Obj::Func(f) => (f.code.clone(), f.globals, f.closure.to_vec()),
            _ => return Err(self.type_error("__build_class__: func must be a function")),
        };
        let (consts, names) = self.code_cache(&code)?;
        let base = self.stack.len();
        self.stack.resize(base + code.varnames.len(), Value::Null);
        for _ in 0..code.cellvars.len() {
            let c = self.alloc(Obj::Cell(Value::Null))?;
            self.stack.push(Value::Obj(c));
        }
        for j in 0..code.freevars.len() {
            self.stack
                .push(closure.get(j).copied().unwrap_or(Value::Null));
        }
        let id = self.new_frame_id();
        let mut frame = Frame {
            code: code.clone(),
            consts,
            names,
            globals,
            locals: ns,
            base,
            ip: 0,
            block_base: self.blocks.len(),
            id,
            saved_blocks: Vec::new(),
            handling_base: self.handling.len(),
            temp_base: self.temp_roots.len(),
        };
        self.enter_frame(&frame)?;
        let r = self.run_frame(&mut frame);
        self.leave_frame(&frame);
        match r? {
            Exit::Return(v) | Exit::Yield(v) => Ok(v),
        }
    }

    /// Calls `obj.name(*args)`.
    pub fn call_method_by_name(&mut self, obj: Value, name: &str, args: &[Value]) -> PyResult {
        let m = self.getattr_str(obj, name)?;
        self.call(m, args, &[])
    }

    /// A function's code, if `v` is a Python function.
    pub fn function_code(&self, v: Value) -> Option<Rc<capy_compiler::Code>> {
        match v {
            Value::Obj(h) => match self.heap.get(h) {
                Obj::Func(f) => Some(f.code.clone()),
                _ => None,
            },
            _ => None,
        }
    }
}
