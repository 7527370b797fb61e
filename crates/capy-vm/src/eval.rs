//! The bytecode interpreter loop.
//!
//! `exec` runs one frame until it returns, yields, raises or calls a
//! Python function; `run_frame` (framestack.rs) wraps it with the
//! switching between frames and exception dispatch to their `try`
//! blocks. Operations whose result may allocate peek at their operands
//! and pop only after the operation finished, so operands stay rooted on
//! the stack meanwhile.

use crate::errors::{ExcKind, PyErr};
use crate::frame::{Block, Frame};
use crate::framestack::{Called, Step};
use crate::obj::{Obj, TbEntry};
use crate::types::excgroup;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use capy_compiler::bytecode::code_flags;
use capy_compiler::{CmpOp, Instr};

/// How a frame's execution ended.
pub enum Exit {
    Return(Value),
    Yield(Value),
}

/// Traceback entries an exception keeps whatever the heap quota (more
/// than the deepest recursion a traceback records).
const TB_ALWAYS: usize = 1100;

impl Vm {
    #[inline]
    pub(crate) fn pop(&mut self) -> Value {
        match self.stack.pop() {
            Some(v) => v,
            None => self.underflow(),
        }
    }
    #[inline]
    pub(crate) fn top(&self) -> Value {
        match self.stack.last() {
            Some(&v) => v,
            None => self.underflow(),
        }
    }
    #[inline]
    pub(crate) fn peek(&self, n: usize) -> Value {
        let len = self.stack.len();
        if n < len {
            self.stack[len - 1 - n]
        } else {
            self.underflow()
        }
    }
    /// The verifier proves every stack depth before code runs, so an empty
    /// stack here is a runtime bug: flagged (SystemError at the next
    /// check), with None standing in until then.
    #[cold]
    fn underflow(&self) -> Value {
        self.heap.flag_bug("the value stack underflowed");
        Value::None
    }
    /// The top two values when both are small ints. Reads through
    /// references, field by field: copying whole `Value`s here made the CPU
    /// stall on loads spanning the two stores that had just written them.
    #[inline(always)]
    fn top2_ints(&self) -> Option<(i64, i64)> {
        match self.stack.as_slice() {
            [.., Value::Int(a), Value::Int(b)] => Some((*a, *b)),
            _ => None,
        }
    }
    /// `a OP b` on the top two values, in place, when both are small ints
    /// or floats and the result needs no allocation or error; false (and
    /// nothing changed) otherwise.
    ///
    /// Each result is written straight into its stack slot as the variant
    /// it is. Merging the int and float results into one `Value` first made
    /// the compiler build it in a temporary with two 8-byte stores and copy
    /// it with one 16-byte load, which cannot be forwarded from those
    /// stores: a stall that was about 12% of `fib`.
    #[inline(always)]
    fn arith_in_place(&mut self, op: capy_compiler::BinOp) -> bool {
        let len = self.stack.len();
        if let Some((x, y)) = self.top2_ints() {
            if let Some(r) = crate::ops::int_fast_int(op, x, y) {
                self.stack.truncate(len - 1);
                self.stack[len - 2] = Value::Int(r);
                return true;
            }
            return match crate::ops::int_true_div(op, x, y) {
                Some(r) => {
                    self.stack.truncate(len - 1);
                    self.stack[len - 2] = Value::Float(r);
                    true
                }
                None => false,
            };
        }
        let Some((x, y)) = self.top2_floats() else {
            return false;
        };
        match crate::ops::float_fast_f64(op, x, y) {
            Some(r) => {
                self.stack.truncate(len - 1);
                self.stack[len - 2] = Value::Float(r);
                true
            }
            None => false,
        }
    }
    /// The truth of the top value when it is a bool, None or small int.
    #[inline(always)]
    fn top_truth(&self) -> Option<bool> {
        match self.stack.last() {
            Some(Value::Bool(b)) => Some(*b),
            Some(Value::Int(i)) => Some(*i != 0),
            Some(Value::None) => Some(false),
            _ => None,
        }
    }
    /// `seq[i]` for a list, tuple, bytes or bytearray and an in-range small
    /// int: no dispatch.
    #[inline(always)]
    fn subscr_fast(&self) -> Option<Value> {
        let [.., Value::Obj(h), Value::Int(i)] = self.stack.as_slice() else {
            return None;
        };
        let items: &[Value] = match self.heap.get(*h) {
            Obj::List(l) => l,
            Obj::Tuple(t) => t,
            Obj::ByteArray(b) => return byte_at(b, *i),
            Obj::Bytes(b) => return byte_at(b, *i),
            _ => return None,
        };
        items.get(wrap_index(*i, items.len())?).copied()
    }

    /// `list[i] = v` (or a bytearray's, of an int in 0..256) for an
    /// in-range small int; false to take the general path.
    #[inline(always)]
    fn store_subscr_fast(&mut self) -> bool {
        let [.., v, Value::Obj(h), Value::Int(i)] = *self.stack.as_slice() else {
            return false;
        };
        match self.heap.get_mut(h) {
            Obj::List(l) => match wrap_index(i, l.len()).and_then(|i| l.get_mut(i)) {
                Some(slot) => {
                    *slot = v;
                    true
                }
                None => false,
            },
            Obj::ByteArray(b) => {
                let Value::Int(x @ 0..=255) = v else {
                    return false;
                };
                match wrap_index(i, b.len()).and_then(|i| b.get_mut(i)) {
                    Some(slot) => {
                        *slot = x as u8;
                        true
                    }
                    None => false,
                }
            }
            _ => false,
        }
    }

    /// Like `top2_floats`, but only where converting an int operand to
    /// float is exact (comparisons must not round).
    #[inline(always)]
    fn top2_floats_exact(&self) -> Option<(f64, f64)> {
        const EXACT: u64 = 1 << 53;
        match self.stack.as_slice() {
            [.., Value::Float(a), Value::Float(b)] => Some((*a, *b)),
            [.., Value::Int(a), Value::Float(b)] if a.unsigned_abs() <= EXACT => {
                Some((*a as f64, *b))
            }
            [.., Value::Float(a), Value::Int(b)] if b.unsigned_abs() <= EXACT => {
                Some((*a, *b as f64))
            }
            _ => None,
        }
    }
    #[inline(always)]
    fn top2_floats(&self) -> Option<(f64, f64)> {
        match self.stack.as_slice() {
            [.., Value::Float(a), Value::Float(b)] => Some((*a, *b)),
            [.., Value::Int(a), Value::Float(b)] => Some((*a as f64, *b)),
            [.., Value::Float(a), Value::Int(b)] => Some((*a, *b as f64)),
            _ => None,
        }
    }
    #[inline]
    fn set_top(&mut self, v: Value) {
        if let Some(t) = self.stack.last_mut() {
            *t = v;
        }
    }
    /// Replaces the top `n` values with `v`.
    #[inline]
    pub(crate) fn replace_top(&mut self, n: usize, v: Value) {
        let len = self.stack.len().saturating_sub(n);
        self.stack.truncate(len);
        self.stack.push(v);
    }

    /// Adds this frame to the exception's traceback and sets `__context__`
    /// from the exception being handled, the first time it passes here.
    pub(crate) fn note_raise(&mut self, e: PyErr, f: &Frame) {
        let line = f.code.line_at(f.ip.saturating_sub(1));
        let handling = self.handling.last().copied();
        let (fresh, new_frame) = match self.heap.get(e.0) {
            Obj::Exception(x) => (
                x.traceback.is_empty(),
                x.traceback.last().map(|t| t.frame_id) != Some(f.id),
            ),
            _ => (false, false),
        };
        if new_frame {
            self.push_tb_entry(e, f, line);
        }
        if let Obj::Exception(x) = self.heap.get_mut(e.0) {
            if fresh {
                if let Some(h) = handling {
                    if !h.is(e.value()) && x.context.is_none() {
                        x.context = h;
                    }
                }
            }
        }
    }

    /// `raise e` of an exception that already has a traceback (one caught
    /// earlier) adds an entry for this line even when the exception passed
    /// through this frame before, as CPython and MicroPython do; the
    /// implicit re-raise at the end of a `finally` or an unmatched handler
    /// does not (see [`Self::note_raise`]). A fresh exception is left to
    /// `note_raise`, which also sets its `__context__`.
    fn note_explicit_reraise(&mut self, e: PyErr, f: &Frame, ip: usize) {
        let line = f.code.line_at(ip.saturating_sub(1));
        if matches!(self.heap.get(e.0), Obj::Exception(x) if !x.traceback.is_empty()) {
            self.push_tb_entry(e, f, line);
        }
    }

    /// Adds a traceback entry for frame `f` at `line` to `e`, charged to
    /// the heap quota: one exception raised again and again in a loop
    /// grows its traceback with every raise and allocates nothing else,
    /// so nothing else would ever stop it. The first [`TB_ALWAYS`] entries
    /// are always kept (a MemoryError raised at the quota still shows
    /// where); past them an entry that does not fit the quota is left out
    /// (the traceback is a diagnosis; the raise goes on).
    fn push_tb_entry(&mut self, e: PyErr, f: &Frame, line: u32) {
        let len = match self.heap.get(e.0) {
            Obj::Exception(x) => x.traceback.len(),
            _ => return,
        };
        let size = std::mem::size_of::<TbEntry>();
        if len < TB_ALWAYS {
            self.budget.memory.charge_over(size);
        } else if self.budget.memory.charge(size).is_err() {
            return;
        }
        if let Obj::Exception(x) = self.heap.get_mut(e.0) {
            x.traceback.push(TbEntry {
                filename: f.code.filename.clone(),
                name: f.code.name.clone(),
                line,
                frame_id: f.id,
                code: f.code.clone(),
                globals: f.globals,
            });
        }
    }

    /// Runs `f` from `f.ip`. The instruction pointer lives in a local
    /// while running (a register, not a store per instruction) and is
    /// written back when the loop exits, however it exits.
    #[inline(always)]
    pub(crate) fn exec(&mut self, f: &mut Frame) -> PyResult<Step> {
        let mut ip = f.ip;
        let r = self.exec_loop(f, &mut ip);
        f.ip = ip;
        r
    }

    /// The interpreter loop proper (inlined into [`Self::exec`]). Code it
    /// calls that reads the position gets it from `sync_ip`.
    #[inline(always)]
    fn exec_loop(&mut self, f: &Frame, ip: &mut usize) -> PyResult<Step> {
        let code = &*f.code;
        let instrs = &code.instrs[..];
        let base = f.base;
        let nlocals = code.varnames.len();
        let temp_base = f.temp_base;
        loop {
            // What the previous instruction allocated is on the value stack
            // or stored by now: its temporary roots die here, so garbage
            // made by straight-line code is collectable (see `Vm::alloc`).
            if self.temp_roots.len() > temp_base {
                self.temp_roots.truncate(temp_base);
            }
            let Some(&instr) = instrs.get(*ip) else {
                return Err(self.error(ExcKind::SystemError, "bytecode ran off the end"));
            };
            *ip += 1;
            match instr {
                Instr::Nop => {}
                Instr::LoadConst(i) => {
                    let v = f.consts.get(i as usize).copied().unwrap_or(Value::None);
                    self.stack.push(v);
                }
                Instr::LoadNone => self.stack.push(Value::None),
                Instr::LoadBool(b) => self.stack.push(Value::Bool(b)),
                Instr::LoadSmallInt(i) => self.stack.push(Value::Int(i as i64)),
                Instr::Pop => {
                    self.stack.pop();
                }
                Instr::Dup => {
                    let v = self.top();
                    self.stack.push(v);
                }
                Instr::Dup2 => {
                    let a = self.peek(1);
                    let b = self.peek(0);
                    self.stack.push(a);
                    self.stack.push(b);
                }
                Instr::Rot2 => {
                    let len = self.stack.len();
                    if len >= 2 {
                        self.stack.swap(len - 1, len - 2);
                    }
                }
                Instr::Rot3 => self.rotate(3),
                Instr::Rot4 => self.rotate(4),
                Instr::LoadFast(i) => {
                    let v = self
                        .stack
                        .get(base + i as usize)
                        .copied()
                        .unwrap_or(Value::Null);
                    if v.is_null() {
                        return Err(self.unbound_local(code, i as usize));
                    }
                    self.stack.push(v);
                }
                Instr::StoreFast(i) => {
                    let v = self.pop();
                    if let Some(slot) = self.stack.get_mut(base + i as usize) {
                        *slot = v;
                    }
                }
                Instr::DeleteFast(i) => {
                    let slot = base + i as usize;
                    if self.stack.get(slot).is_none_or(|v| v.is_null()) {
                        return Err(self.unbound_local(code, i as usize));
                    }
                    self.stack[slot] = Value::Null;
                }
                Instr::LoadDeref(i) => {
                    let v = self.load_deref(code, base + nlocals, i as usize)?;
                    self.stack.push(v);
                }
                Instr::StoreDeref(i) => {
                    let v = self.pop();
                    self.store_deref(base + nlocals + i as usize, v);
                }
                Instr::DeleteDeref(i) => {
                    self.load_deref(code, base + nlocals, i as usize)?;
                    self.store_deref(base + nlocals + i as usize, Value::Null);
                }
                Instr::LoadClosure(i) => {
                    let v = self
                        .stack
                        .get(base + nlocals + i as usize)
                        .copied()
                        .unwrap_or(Value::None);
                    self.stack.push(v);
                }
                Instr::LoadClassDeref(i) => {
                    let name = code
                        .cell_name(i as usize)
                        .cloned()
                        .unwrap_or_else(|| "?".into());
                    let found = match f.locals {
                        Value::Obj(d) => self.dict_get_str(d, &name),
                        _ => None,
                    };
                    let v = match found {
                        Some(v) => v,
                        None => self.load_deref(code, base + nlocals, i as usize)?,
                    };
                    self.stack.push(v);
                }
                Instr::LoadGlobal(i) => {
                    let v = self.load_global_at(f, i)?;
                    self.stack.push(v);
                }
                Instr::StoreGlobal(i) => {
                    let name = name_at(f, i);
                    let v = self.top();
                    self.dict_set(Value::Obj(f.globals), name, v)?;
                    self.stack.pop();
                }
                Instr::DeleteGlobal(i) => {
                    let name = name_at(f, i);
                    if !self.dict_del(Value::Obj(f.globals), name)? {
                        return Err(self.name_error(name));
                    }
                }
                Instr::LoadName(i) => {
                    let name = name_at(f, i);
                    let v = self.load_name(f, name)?;
                    self.stack.push(v);
                }
                Instr::StoreName(i) => {
                    let name = name_at(f, i);
                    let v = self.top();
                    let ns = if f.locals.is_null() {
                        Value::Obj(f.globals)
                    } else {
                        f.locals
                    };
                    self.setitem(ns, name, v)?;
                    self.stack.pop();
                }
                Instr::DeleteName(i) => {
                    let name = name_at(f, i);
                    let ns = if f.locals.is_null() {
                        Value::Obj(f.globals)
                    } else {
                        f.locals
                    };
                    if self.delitem(ns, name).is_err() {
                        return Err(self.name_error(name));
                    }
                }
                Instr::LoadAttr(i) => {
                    let obj = self.top();
                    let n = name_slot(f, i).ok_or_else(|| self.bad_name_index())?;
                    if let Some(v) = self.load_attr_ic(obj, n) {
                        self.set_top(v);
                        continue;
                    }
                    // A miss may run a property or `__getattr__`: frames
                    // it inspects (`sys._getframe`) see this line.
                    self.sync_ip(*ip);
                    if let Some(s) = self.enter_getter(obj, n) {
                        return Ok(s);
                    }
                    let v = self.getattr(obj, n.name)?;
                    self.fill_load_ic(obj, n);
                    self.set_top(v);
                }
                Instr::StoreAttr(i) => {
                    let obj = self.peek(0);
                    let v = self.peek(1);
                    let n = name_slot(f, i).ok_or_else(|| self.bad_name_index())?;
                    if !self.store_attr_ic(obj, n, v) {
                        if let Some(s) = self.enter_setter(obj, n) {
                            return Ok(s);
                        }
                        self.setattr(obj, n.name, v)?;
                        self.fill_store_ic(obj, n);
                    }
                    self.stack.truncate(self.stack.len() - 2);
                }
                Instr::DeleteAttr(i) => {
                    let obj = self.top();
                    self.delattr(obj, name_at(f, i))?;
                    self.stack.pop();
                }
                Instr::LoadMethod(i) => {
                    let obj = self.top();
                    let n = name_slot(f, i).ok_or_else(|| self.bad_name_index())?;
                    if let Some((m, this)) = self.load_method_ic(obj, n) {
                        self.set_top(m);
                        self.stack.push(this);
                        continue;
                    }
                    let (meth, this) = self.load_method(obj, n.name)?;
                    self.fill_method_ic(obj, n, meth, this);
                    self.set_top(meth);
                    self.stack.push(this);
                }
                Instr::CallMethod(n) => {
                    self.sync_ip(*ip);
                    let n = n as usize;
                    let len = self.stack.len();
                    let this = self.stack[len - n - 1];
                    let called = if this.is_null() {
                        self.call_unbound(len - n - 1, n)?
                    } else {
                        self.call_or_enter(n + 1, None)?
                    };
                    match called {
                        Called::Done(r) => self.stack.push(r),
                        Called::Enter(s) => return Ok(s),
                    }
                }
                Instr::Subscr => {
                    if let Some(v) = self.subscr_fast() {
                        self.replace_top(2, v);
                        continue;
                    }
                    if let Some(s) = self.subscr_slow()? {
                        return Ok(s);
                    }
                }
                Instr::StoreSubscr => {
                    if self.store_subscr_fast() {
                        self.stack.truncate(self.stack.len() - 3);
                        continue;
                    }
                    if let Some(s) = self.store_subscr_slow()? {
                        return Ok(s);
                    }
                }
                Instr::DeleteSubscr => {
                    let (obj, key) = (self.peek(1), self.peek(0));
                    self.delitem(obj, key)?;
                    self.stack.truncate(self.stack.len() - 2);
                }
                Instr::BuildSlice(n) => {
                    let step = if n == 3 { self.pop() } else { Value::None };
                    let stop = self.pop();
                    let start = self.pop();
                    let s = self.alloc(Obj::Slice(start, stop, step))?;
                    self.stack.push(Value::Obj(s));
                }
                Instr::BinaryOp(op) => {
                    if self.arith_in_place(op) {
                        continue;
                    }
                    let (a, b) = (self.peek(1), self.peek(0));
                    self.sync_ip(*ip);
                    if let Some(s) = self.enter_binary(op, a, b, false) {
                        return Ok(s);
                    }
                    let r = self.binary_op(op, a, b)?;
                    self.replace_top(2, r);
                }
                Instr::InplaceOp(op) => {
                    if self.arith_in_place(op) {
                        continue;
                    }
                    let (a, b) = (self.peek(1), self.peek(0));
                    self.sync_ip(*ip);
                    if let Some(s) = self.enter_binary(op, a, b, true) {
                        return Ok(s);
                    }
                    let r = self.inplace_op(op, a, b)?;
                    self.replace_top(2, r);
                }
                Instr::UnaryOp(op) => {
                    let a = self.top();
                    if let Some(s) = self.enter_unary(op, a) {
                        return Ok(s);
                    }
                    let r = self.unary_op(op, a)?;
                    self.set_top(r);
                }
                Instr::Compare(op) => {
                    if let Some(r) = self
                        .top2_ints()
                        .and_then(|(x, y)| ordered_compare(op, x, y))
                    {
                        self.replace_top(2, Value::Bool(r));
                        continue;
                    }
                    if let Some(r) = self
                        .top2_floats_exact()
                        .and_then(|(x, y)| ordered_compare(op, x, y))
                    {
                        self.replace_top(2, Value::Bool(r));
                        continue;
                    }
                    let (a, b) = (self.peek(1), self.peek(0));
                    self.sync_ip(*ip);
                    if let Some(s) = self.enter_compare(op, a, b) {
                        return Ok(s);
                    }
                    let r = self.compare(op, a, b)?;
                    self.replace_top(2, r);
                }
                Instr::Jump(t) => {
                    if (t as usize) < *ip {
                        self.safe_point(Some(f))?;
                    }
                    *ip = t as usize;
                }
                Instr::PopJumpIfFalse(t) => {
                    let truth = match self.top_truth() {
                        Some(b) => {
                            self.stack.pop();
                            b
                        }
                        None => {
                            let v = self.pop();
                            self.truthy(v)?
                        }
                    };
                    if !truth {
                        // Hand-made bytecode may loop with conditional jumps.
                        if (t as usize) < *ip {
                            self.safe_point(Some(f))?;
                        }
                        *ip = t as usize;
                    }
                }
                Instr::PopJumpIfTrue(t) => {
                    let truth = match self.top_truth() {
                        Some(b) => {
                            self.stack.pop();
                            b
                        }
                        None => {
                            let v = self.pop();
                            self.truthy(v)?
                        }
                    };
                    if truth {
                        // Hand-made bytecode may loop with conditional jumps.
                        if (t as usize) < *ip {
                            self.safe_point(Some(f))?;
                        }
                        *ip = t as usize;
                    }
                }
                Instr::JumpIfFalseOrPop(t) => {
                    let v = self.top();
                    if !self.truthy_fast(v)? {
                        // Hand-made bytecode may loop with conditional jumps.
                        if (t as usize) < *ip {
                            self.safe_point(Some(f))?;
                        }
                        *ip = t as usize;
                    } else {
                        self.stack.pop();
                    }
                }
                Instr::JumpIfTrueOrPop(t) => {
                    let v = self.top();
                    if self.truthy_fast(v)? {
                        // Hand-made bytecode may loop with conditional jumps.
                        if (t as usize) < *ip {
                            self.safe_point(Some(f))?;
                        }
                        *ip = t as usize;
                    } else {
                        self.stack.pop();
                    }
                }
                Instr::GetIter => {
                    let v = self.top();
                    let it = self.get_iter(v)?;
                    self.set_top(it);
                }
                Instr::ForIter(t) => {
                    let it = self.top();
                    match self.for_iter_fast(it) {
                        Some(Some(v)) => self.stack.push(v),
                        Some(None) => {
                            self.stack.pop();
                            *ip = t as usize;
                        }
                        None => {
                            self.sync_ip(*ip);
                            match self.next(it)? {
                                Some(v) => self.stack.push(v),
                                None => {
                                    self.stack.pop();
                                    *ip = t as usize;
                                }
                            }
                        }
                    }
                }
                Instr::ForIterPair(t) => {
                    self.sync_ip(*ip);
                    if !self.for_iter_pair()? {
                        self.stack.pop();
                        *ip = t as usize;
                    }
                }
                Instr::BuildTuple(n) => {
                    let items = self.take_top(n as usize);
                    let t = self.new_tuple(items)?;
                    self.stack.push(t);
                }
                Instr::BuildList(n) => {
                    // `new_list` charges the list and, if it must collect
                    // first, roots the items it is given.
                    let items = self.take_top(n as usize);
                    let l = self.new_list(items)?;
                    self.stack.push(l);
                }
                Instr::BuildSet(n) => {
                    let s = self.new_set(Vec::new())?;
                    let len = self.stack.len();
                    for k in len - n as usize..len {
                        let item = self.stack[k];
                        self.set_add(s, item)?;
                    }
                    self.replace_top(n as usize, s);
                }
                Instr::BuildConstSet(n) => {
                    let s = self.const_set_display(n as usize)?;
                    self.replace_top(n as usize, s);
                }
                Instr::BuildMap(n) => {
                    let d = self.new_dict()?;
                    let len = self.stack.len();
                    let start = len - 2 * n as usize;
                    for k in 0..n as usize {
                        let (key, v) = (self.stack[start + 2 * k], self.stack[start + 2 * k + 1]);
                        self.dict_set(d, key, v)?;
                    }
                    self.replace_top(2 * n as usize, d);
                }
                Instr::BuildString(n) => {
                    let len = self.stack.len();
                    let parts = len - n as usize..len;
                    // Pieces with lone surrogates keep them (the slow path).
                    let wide = parts.clone().any(|k| {
                        self.heap
                            .pystr(self.stack[k])
                            .is_some_and(|p| p.has_surrogates())
                    });
                    let v = if wide {
                        let pieces = self.stack[parts].to_vec();
                        crate::types::strbuf::concat(self, &pieces)?
                    } else {
                        let mut s = String::new();
                        for k in parts {
                            s.push_str(self.heap.str_of(self.stack[k]).unwrap_or(""));
                        }
                        self.new_string(s)?
                    };
                    self.replace_top(n as usize, v);
                }
                Instr::ListAppend(d) => {
                    let v = self.pop();
                    let l = self.peek(d as usize - 1);
                    self.list_append(l, v)?;
                }
                Instr::SetAdd(d) => {
                    let v = self.top();
                    let s = self.peek(d as usize);
                    self.set_add(s, v)?;
                    self.stack.pop();
                }
                Instr::MapAdd(d) => {
                    let (k, v) = (self.peek(1), self.peek(0));
                    let m = self.peek(d as usize + 1);
                    self.dict_set(m, k, v)?;
                    self.stack.truncate(self.stack.len() - 2);
                }
                Instr::ListExtend => {
                    let (l, it) = (self.peek(1), self.peek(0));
                    self.list_extend(l, it)?;
                    self.stack.pop();
                }
                Instr::SetUpdate => {
                    let (s, it) = (self.peek(1), self.peek(0));
                    self.set_update(s, it)?;
                    self.stack.pop();
                }
                Instr::DictUpdate => {
                    let (d, m) = (self.peek(1), self.peek(0));
                    self.dict_update(d, m, false)?;
                    self.stack.pop();
                }
                Instr::DictMerge => {
                    let (d, m) = (self.peek(1), self.peek(0));
                    self.dict_update(d, m, true)?;
                    self.stack.pop();
                }
                Instr::ListToTuple => {
                    let l = self.top();
                    let items = self.seq_items(l)?;
                    let t = self.new_tuple(items)?;
                    self.set_top(t);
                }
                Instr::UnpackSequence(n) => self.unpack_top(n as usize)?,
                Instr::UnpackEx(arg) => {
                    let seq = self.top();
                    let (before, after) = ((arg & 0xffff) as usize, (arg >> 16) as usize);
                    let items = self.iter_to_vec(seq)?;
                    if items.len() < before + after {
                        let msg = format!(
                            "not enough values to unpack (expected at least {}, got {})",
                            before + after,
                            items.len()
                        );
                        return Err(self.value_error(msg));
                    }
                    let mid = items[before..items.len() - after].to_vec();
                    let mid = self.new_list(mid)?;
                    self.stack.pop();
                    for v in items[items.len() - after..].iter().rev() {
                        self.stack.push(*v);
                    }
                    self.stack.push(mid);
                    for v in items[..before].iter().rev() {
                        self.stack.push(*v);
                    }
                }
                Instr::MatchSequence | Instr::MatchMapping | Instr::GetLen => {
                    self.sync_ip(*ip);
                    let v = self.top();
                    let r = match instr {
                        Instr::MatchSequence => Value::Bool(self.match_sequence(v)?),
                        Instr::MatchMapping => Value::Bool(self.match_mapping(v)?),
                        _ => Value::Int(self.len(v)? as i64),
                    };
                    self.stack.push(r);
                }
                Instr::MatchKeys => {
                    self.sync_ip(*ip);
                    let (map, keys) = (self.peek(1), self.peek(0));
                    let r = self.match_keys(map, keys)?;
                    self.stack.push(r);
                }
                Instr::MatchRest => {
                    self.sync_ip(*ip);
                    let (map, keys) = (self.peek(1), self.peek(0));
                    let r = self.match_rest(map, keys)?;
                    self.replace_top(2, r);
                }
                Instr::MatchClass(n) => {
                    self.sync_ip(*ip);
                    let (v, cls, names) = (self.peek(2), self.peek(1), self.peek(0));
                    let r = self.match_class(v, cls, names, n as usize)?;
                    self.replace_top(3, r);
                }
                Instr::Call(n) => {
                    self.sync_ip(*ip);
                    match self.call_or_enter(n as usize, None)? {
                        Called::Done(r) => self.stack.push(r),
                        Called::Enter(s) => return Ok(s),
                    }
                }
                Instr::CallKw(n) => {
                    self.sync_ip(*ip);
                    let names = self.pop();
                    match self.call_or_enter(n as usize, Some(names))? {
                        Called::Done(r) => self.stack.push(r),
                        Called::Enter(s) => return Ok(s),
                    }
                }
                Instr::CallEx(flags) => {
                    self.sync_ip(*ip);
                    let r = self.call_ex(flags)?;
                    self.stack.push(r);
                }
                Instr::MakeFunction(flags) => {
                    let func = self.make_function(f, flags)?;
                    self.stack.push(func);
                }
                Instr::LoadBuildClass => {
                    let v = self.builtin_value("__build_class__");
                    self.stack.push(v);
                }
                Instr::ReturnValue => {
                    let v = self.pop();
                    return Ok(Step::Return(v));
                }
                Instr::YieldValue => {
                    let v = self.pop();
                    return Ok(Step::Yield(v));
                }
                Instr::GetYieldFromIter => {
                    let v = self.top();
                    let it = self.yield_from_iter(v)?;
                    self.set_top(it);
                }
                Instr::YieldFrom => {
                    self.sync_ip(*ip);
                    let (it, sent) = (self.peek(1), self.peek(0));
                    match self.delegate(it, sent)? {
                        Ok(yielded) => {
                            // Stay on this instruction: resume re-enters it with the sent value.
                            self.stack.pop();
                            *ip -= 1;
                            return Ok(Step::Yield(yielded));
                        }
                        Err(ret) => self.replace_top(2, ret),
                    }
                }
                Instr::GetAwaitable => {
                    let v = self.top();
                    let it = self.get_awaitable(v)?;
                    self.set_top(it);
                }
                Instr::GetAIter => {
                    let v = self.top();
                    let it = self.call_method_by_name(v, "__aiter__", &[])?;
                    self.set_top(it);
                }
                Instr::GetANext => {
                    let aw = self.get_anext(self.top())?;
                    self.stack.push(aw);
                }
                Instr::EndAsyncFor(t) => {
                    let exc = self.pop();
                    self.stack.pop();
                    let e = PyErr(exc.as_obj().unwrap_or(self.prealloc_memory_error));
                    if self.err_is(e, ExcKind::StopAsyncIteration) {
                        self.handling.pop();
                        *ip = t as usize;
                    } else {
                        return Err(e);
                    }
                }
                Instr::SetupWith(t) | Instr::SetupAsyncWith(t) => {
                    let mgr = self.top();
                    let is_async = matches!(instr, Instr::SetupAsyncWith(_));
                    let (exit_name, enter_name) = if is_async {
                        ("__aexit__", "__aenter__")
                    } else {
                        ("__exit__", "__enter__")
                    };
                    let exit = self.getattr_str(mgr, exit_name)?;
                    let entered = self.call_method_by_name(mgr, enter_name, &[])?;
                    self.set_top(exit);
                    // `async with` pushes its block after awaiting
                    // `__aenter__` (PushWithBlock).
                    let entered = if is_async {
                        self.get_awaitable(entered)?
                    } else {
                        self.blocks.push(Block {
                            handler: t,
                            sp: self.stack.len(),
                            handling: self.handling.len(),
                        });
                        entered
                    };
                    self.stack.push(entered);
                }
                Instr::PushWithBlock(t) => {
                    self.blocks.push(Block {
                        handler: t,
                        sp: self.stack.len().saturating_sub(1),
                        handling: self.handling.len(),
                    });
                }
                Instr::SetupExcept(t) => {
                    self.blocks.push(Block {
                        handler: t,
                        sp: self.stack.len(),
                        handling: self.handling.len(),
                    });
                }
                Instr::PopBlock => {
                    if self.blocks.len() > f.block_base {
                        self.blocks.pop();
                    }
                }
                Instr::PopExcept => {
                    if self.handling.len() > f.handling_base {
                        self.handling.pop();
                    }
                }
                Instr::Raise(n) => {
                    let e = self.do_raise(n)?;
                    if n > 0 {
                        self.note_explicit_reraise(e, f, *ip);
                    }
                    return Err(e);
                }
                Instr::Reraise => {
                    let v = self.pop();
                    return Err(self.as_exception(v)?);
                }
                Instr::WithExitNormal => {
                    let exit = self.top();
                    self.call(exit, &[Value::None, Value::None, Value::None], &[])?;
                    self.stack.pop();
                }
                Instr::WithExitExc => {
                    let (exit, exc) = (self.peek(1), self.peek(0));
                    let t = Value::Obj(self.type_of(exc));
                    // The traceback argument is the exception itself, as
                    // `e.__traceback__` is (capy keeps no frame objects).
                    let r = self.call(exit, &[t, exc, exc], &[])?;
                    if self.truthy(r)? {
                        self.stack.truncate(self.stack.len() - 2);
                        if self.handling.len() > f.handling_base {
                            self.handling.pop();
                        }
                    } else {
                        return Err(self.as_exception(exc)?);
                    }
                }
                Instr::AsyncWithExitNormal => {
                    let exit = self.top();
                    let r = self.call(exit, &[Value::None, Value::None, Value::None], &[])?;
                    let aw = self.get_awaitable(r)?;
                    self.set_top(aw);
                }
                Instr::AsyncWithExitExc => {
                    let (exit, exc) = (self.peek(1), self.peek(0));
                    let t = Value::Obj(self.type_of(exc));
                    // The traceback argument is the exception itself, as
                    // `e.__traceback__` is (capy keeps no frame objects).
                    let r = self.call(exit, &[t, exc, exc], &[])?;
                    let aw = self.get_awaitable(r)?;
                    self.stack.truncate(self.stack.len() - 2);
                    self.stack.push(exc);
                    self.stack.push(aw);
                }
                Instr::AsyncWithExitEnd => {
                    let (exc, r) = (self.peek(1), self.peek(0));
                    if self.truthy(r)? {
                        self.stack.truncate(self.stack.len() - 2);
                        if self.handling.len() > f.handling_base {
                            self.handling.pop();
                        }
                    } else {
                        return Err(self.as_exception(exc)?);
                    }
                }
                Instr::LoadAssertionError => {
                    let c = self.exc_class(ExcKind::AssertionError);
                    self.stack.push(Value::Obj(c));
                }
                Instr::ImportName(i) => {
                    self.sync_ip(*ip);
                    let (level, fromlist) = (self.peek(1), self.peek(0));
                    let m = self.import_name(f.globals, name_at(f, i), level, fromlist)?;
                    self.replace_top(2, m);
                }
                Instr::ImportFrom(i) => {
                    let m = self.top();
                    let v = self.import_from(m, name_at(f, i))?;
                    self.stack.push(v);
                }
                Instr::ImportStar => {
                    let m = self.top();
                    let ns = if f.locals.is_null() {
                        Value::Obj(f.globals)
                    } else {
                        f.locals
                    };
                    self.import_star(m, ns)?;
                    self.stack.pop();
                }
                Instr::FormatValue(flags) => {
                    let (v, spec) = if flags & 4 != 0 {
                        (self.peek(1), self.peek(0))
                    } else {
                        (self.top(), Value::Null)
                    };
                    let s = self.format_value(v, flags & 3, spec)?;
                    if flags & 4 != 0 {
                        self.stack.pop();
                    }
                    self.set_top(s);
                }
                Instr::ExcStarMatch(t) => {
                    let (rest, ty) = (self.peek(1), self.peek(0));
                    let (matched, rest) = excgroup::star_match(self, rest, ty)?;
                    self.stack.pop();
                    if matched.is_none() {
                        *ip = t as usize;
                    } else {
                        self.set_top(rest);
                        self.stack.push(matched);
                        if self.handling.len() > f.handling_base {
                            self.handling.pop();
                            self.handling.push(matched);
                        }
                    }
                }
                Instr::ExcStarReraise => {
                    let (orig, raised) = (self.peek(1), self.peek(0));
                    let left = excgroup::star_reraise(self, orig, raised)?;
                    self.stack.truncate(self.stack.len() - 2);
                    if let Some(v) = left {
                        let e = self.as_exception(v)?;
                        // A group made here is re-raised, not raised: this
                        // frame's entry, and no __context__ (CPython).
                        if matches!(self.heap.get(e.0), Obj::Exception(x) if x.traceback.is_empty())
                        {
                            let line = f.code.line_at(ip.saturating_sub(1));
                            self.push_tb_entry(e, f, line);
                        }
                        return Err(e);
                    }
                }
                Instr::PrintExpr => {
                    let v = self.top();
                    if !v.is_none() {
                        let s = self.repr(v)?;
                        self.write_out(&s)?;
                        self.write_out("\n")?;
                        let underscore = self.intern("_");
                        self.dict_set(Value::Obj(self.builtins), underscore, v)?;
                    }
                    self.stack.pop();
                }
            }
        }
    }

    /// Records the current instruction of frame `f` so tracebacks of
    /// callees and `super()` can find it.
    #[inline]
    #[cold]
    fn bad_name_index(&mut self) -> PyErr {
        self.error(ExcKind::SystemError, "bad name index")
    }

    fn sync_ip(&mut self, ip: usize) {
        if let Some(info) = self.frames.last_mut() {
            info.ip = ip;
        }
    }

    fn rotate(&mut self, n: usize) {
        let len = self.stack.len();
        if len >= n {
            self.stack[len - n..].rotate_right(1);
        }
    }

    /// Pops the top `n` values in stack order.
    pub(crate) fn take_top(&mut self, n: usize) -> Vec<Value> {
        let len = self.stack.len();
        self.stack.split_off(len.saturating_sub(n))
    }

    fn unbound_local(&mut self, code: &capy_compiler::Code, i: usize) -> PyErr {
        let name = code
            .varnames
            .get(i)
            .map(|s| s.to_string())
            .unwrap_or_default();
        self.error(
            ExcKind::UnboundLocalError,
            format!(
                "cannot access local variable '{name}' where it is not associated with a value"
            ),
        )
    }

    fn load_deref(&mut self, code: &capy_compiler::Code, cells: usize, i: usize) -> PyResult {
        let cell = self.stack.get(cells + i).copied().unwrap_or(Value::None);
        let v = match cell {
            Value::Obj(c) => match self.heap.get(c) {
                Obj::Cell(v) => *v,
                _ => Value::Null,
            },
            _ => Value::Null,
        };
        if v.is_null() {
            let name = code.cell_name(i).map(|s| s.to_string()).unwrap_or_default();
            let msg = if i < code.cellvars.len() {
                format!(
                    "cannot access local variable '{name}' where it is not associated with a value"
                )
            } else {
                format!("cannot access free variable '{name}' where it is not associated with a value in enclosing scope")
            };
            let kind = if i < code.cellvars.len() {
                ExcKind::UnboundLocalError
            } else {
                ExcKind::NameError
            };
            return Err(self.error(kind, msg));
        }
        Ok(v)
    }

    fn store_deref(&mut self, slot: usize, v: Value) {
        if let Some(Value::Obj(c)) = self.stack.get(slot).copied() {
            if let Obj::Cell(x) = self.heap.get_mut(c) {
                *x = v;
            }
        }
    }

    pub(crate) fn name_error(&mut self, name: Value) -> PyErr {
        let n = self.heap.str_of(name).unwrap_or("?").to_string();
        self.error(ExcKind::NameError, format!("name '{n}' is not defined"))
    }

    pub(crate) fn load_global(&mut self, globals: Gc, name: Value) -> PyResult {
        let Value::Obj(n) = name else {
            return Err(self.name_error(name));
        };
        if let Some(g) = self.table(globals) {
            let builtins = || self.table(self.builtins);
            if let Some(v) = self.global_cache.get((globals, g), builtins, n) {
                return Ok(v);
            }
        }
        self.load_global_slow(globals, name, n)
    }

    #[inline(never)]
    fn load_global_slow(&mut self, globals: Gc, name: Value, n: Gc) -> PyResult {
        use crate::dict::Probe;
        let Some(hash) = self.heap.pystr(name).map(|s| s.hash()) else {
            return Err(self.name_error(name));
        };
        let in_globals = self
            .table(globals)
            .map(|g| (g.probe(&self.heap, hash, name), g.insertions()));
        match in_globals {
            Some((Probe::Found(p), _)) => {
                self.global_cache.put_global(globals, n, p);
                return Ok(self.table(globals).map_or(Value::Null, |g| g.value_at(p)));
            }
            Some((Probe::Missing, inserted)) => {
                let found = self
                    .table(self.builtins)
                    .and_then(|b| b.probe_name(&self.heap, hash, name));
                if let Some(p) = found {
                    self.global_cache.put_builtin(globals, inserted, n, p);
                    return Ok(self
                        .table(self.builtins)
                        .map_or(Value::Null, |b| b.value_at(p)));
                }
            }
            _ => {}
        }
        if let Some(v) = self.dict_lookup_str_hash(globals, name, hash) {
            return Ok(v);
        }
        if let Some(v) = self.dict_lookup_str_hash(self.builtins, name, hash) {
            return Ok(v);
        }
        Err(self.name_error(name))
    }

    fn load_name(&mut self, f: &Frame, name: Value) -> PyResult {
        if let Value::Obj(l) = f.locals {
            if matches!(self.heap.get(l), Obj::Dict(_)) {
                if let Some(v) = self.dict_get(f.locals, name)? {
                    return Ok(v);
                }
            } else if let Ok(v) = self.getitem(f.locals, name) {
                return Ok(v);
            }
        }
        self.load_global(f.globals, name)
    }

    pub fn builtin_value(&self, name: &str) -> Value {
        self.dict_get_str(self.builtins, name)
            .unwrap_or(Value::None)
    }

    /// Fast truth test for the common cases.
    #[inline]
    fn truthy_fast(&mut self, v: Value) -> PyResult<bool> {
        match v {
            Value::Bool(b) => Ok(b),
            Value::None => Ok(false),
            Value::Int(i) => Ok(i != 0),
            _ => self.truthy(v),
        }
    }

    fn do_raise(&mut self, n: u32) -> PyResult<PyErr> {
        match n {
            0 => match self.handling.last().copied() {
                Some(v) => self.as_exception(v),
                None => Ok(self.runtime_error("No active exception to reraise")),
            },
            _ => {
                let cause = if n == 2 { Some(self.pop()) } else { None };
                let v = self.pop();
                let e = self.make_exception(v)?;
                if let Some(c) = cause {
                    let c = if c.is_none() {
                        Value::None
                    } else {
                        self.make_exception(c)?.value()
                    };
                    if let Obj::Exception(x) = self.heap.get_mut(e.0) {
                        x.cause = c;
                        x.suppress_context = true;
                    }
                }
                Ok(e)
            }
        }
    }

    /// `raise X`: X may be an exception instance or class.
    pub fn make_exception(&mut self, v: Value) -> PyResult<PyErr> {
        if let Value::Obj(h) = v {
            match self.heap.get(h) {
                Obj::Exception(_) => return Ok(PyErr(h)),
                Obj::Class(_) => {
                    let base = self.exc_class(ExcKind::BaseException);
                    if self.is_subclass(h, base) {
                        let inst = self.call(v, &[], &[])?;
                        if let Value::Obj(i) = inst {
                            if matches!(self.heap.get(i), Obj::Exception(_)) {
                                return Ok(PyErr(i));
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        Err(self.type_error("exceptions must derive from BaseException"))
    }

    fn as_exception(&mut self, v: Value) -> PyResult<PyErr> {
        match v {
            Value::Obj(h) if matches!(self.heap.get(h), Obj::Exception(_)) => Ok(PyErr(h)),
            _ => Err(self.error(ExcKind::SystemError, "re-raise of a non-exception")),
        }
    }

    /// Runs module-level code in `globals`.
    pub fn run_code(
        &mut self,
        code: &std::rc::Rc<capy_compiler::Code>,
        globals: crate::value::Gc,
        locals: Value,
    ) -> PyResult {
        self.reserve_stack();
        let (consts, names) = self.code_cache(code)?;
        let base = self.stack.len();
        let nslots = code.varnames.len() + code.cellvars.len() + code.freevars.len();
        self.stack.resize(base + nslots, Value::Null);
        let id = self.new_frame_id();
        let mut frame = Frame {
            code: code.clone(),
            consts,
            names,
            globals,
            locals,
            base,
            ip: 0,
            block_base: self.blocks.len(),
            id,
            saved_blocks: Vec::new(),
            handling_base: self.handling.len(),
            temp_base: self.temp_roots.len(),
        };
        for i in 0..code.cellvars.len() {
            let c = self.alloc(Obj::Cell(Value::Null))?;
            self.stack[base + code.varnames.len() + i] = Value::Obj(c);
        }
        self.enter_frame(&frame)?;
        let r = self.run_frame(&mut frame);
        self.leave_frame(&frame);
        match r? {
            Exit::Return(v) | Exit::Yield(v) => Ok(v),
        }
    }

    /// Registers a frame as active (recursion check, traceback info, GC roots).
    pub(crate) fn enter_frame(&mut self, f: &Frame) -> PyResult<()> {
        if let Err(e) = self.may_enter_frame() {
            self.stack.truncate(f.base);
            return Err(e);
        }
        self.push_frame_info(f);
        Ok(())
    }

    /// The checks of [`Self::enter_frame`] alone, which change nothing when
    /// they fail: a generator runs them before moving its parked values
    /// onto the stack, so a refused resumption leaves it resumable.
    #[inline]
    pub(crate) fn may_enter_frame(&mut self) -> PyResult<()> {
        if let Err(e) = self.budget.may_enter() {
            return Err(self.exceeded(e));
        }
        // Calls are safe points for the time budget: recursion-heavy code
        // (e.g. naive fib) has no loop back-edges to be stopped at.
        self.poll_budget()
    }

    /// Registers a frame that passed [`Self::may_enter_frame`].
    #[inline]
    pub(crate) fn push_frame_info(&mut self, f: &Frame) {
        self.budget.enter_unchecked();
        self.frames
            .push(&f.code, f.id, f.base, f.globals, f.locals, f.ip);
        if self.budget.memory.collection_due() || self.heap.stressed() {
            self.collect_entering(f);
        }
    }

    /// Unregisters a frame and drops its values, blocks and handler state.
    pub(crate) fn leave_frame(&mut self, f: &Frame) {
        self.budget.leave();
        self.frames.pop();
        self.stack.truncate(f.base);
        self.blocks.truncate(f.block_base);
        self.handling.truncate(f.handling_base);
    }

    /// Whether the code is a generator, coroutine or async generator.
    pub fn is_generator_code(code: &capy_compiler::Code) -> bool {
        code.flags & (code_flags::GENERATOR | code_flags::COROUTINE | code_flags::ASYNC_GENERATOR)
            != 0
    }
}

/// `x OP y` for a comparison operator on plain numbers (`None` for `is`,
/// `in` and the like). IEEE rules are Python's for floats: NaN compares
/// false, `!=` true.
#[inline]
fn ordered_compare<T: PartialOrd>(op: CmpOp, x: T, y: T) -> Option<bool> {
    Some(match op {
        CmpOp::Lt => x < y,
        CmpOp::Le => x <= y,
        CmpOp::Gt => x > y,
        CmpOp::Ge => x >= y,
        CmpOp::Eq => x == y,
        CmpOp::Ne => x != y,
        _ => return None,
    })
}

/// A Python index (negative counts from the end) as a position, if in range.
#[inline]
fn wrap_index(i: i64, len: usize) -> Option<usize> {
    let i = if i < 0 { i.checked_add(len as i64)? } else { i };
    usize::try_from(i).ok().filter(|&i| i < len)
}

/// Item `i` of a bytes or bytearray, as an int, if in range.
#[inline(always)]
fn byte_at(b: &[u8], i: i64) -> Option<Value> {
    b.get(wrap_index(i, b.len())?)
        .map(|&x| Value::Int(i64::from(x)))
}

/// Name `i` of the frame's code with its attribute cache (the verifier
/// checks indices of loaded bytecode; this guards hand-made code objects).
#[inline]
fn name_slot(f: &Frame, i: u32) -> Option<&crate::attric::Name> {
    f.names.get(i as usize)
}

#[inline]
fn name_at(f: &Frame, i: u32) -> Value {
    f.names.get(i as usize).map_or(Value::None, |n| n.name)
}
