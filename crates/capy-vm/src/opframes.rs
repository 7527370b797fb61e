//! Special methods run in the frame loop.
//!
//! An operator on instances of Python classes (`a + b`, `a < b`, `a[i]`,
//! `-a`, `a[i] = v`) and an attribute that is a property call Python code
//! that the program wrote. Called from Rust (`call_special`), each such
//! call recursed into a new `run_frame`, which cost several times a plain
//! call. Here the instruction instead lays out the method's frame on the
//! value stack and returns a [`Step`] to [`Vm::run_frame`]'s loop, as a
//! call instruction does (framestack.rs); what the method's result means
//! for the instruction is its [`Then`], done when the frame returns.
//!
//! Only the common case is taken: the method is found on the class, is a
//! plain Python function (`Function::plain_arity`) of the exact arity,
//! and no rule of the protocol that would have run before it applies
//! (a subclass's reflected method, `__getattribute__`, `__setattr__`, an
//! in-place method). Everything else returns None and the instruction
//! goes the long way, which does exactly what it always did. So tracebacks
//! (the method's frame is an ordinary frame of the loop), the recursion
//! limit and the time budget (checked on entering, as for a call) hold.

use crate::attric::{AttrIc, Name, NO_FUNC};
use crate::framestack::Step;
use crate::obj::Obj;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use capy_compiler::{BinOp, CmpOp, UnOp};

/// What the return of a frame run for an instruction does with its
/// result, instead of pushing it for the caller.
#[derive(Clone, Copy, Default)]
pub(crate) enum Then {
    /// The `__init__` of a class call: it must return None; the call's
    /// result is the instance left on the stack below the function.
    #[default]
    Init,
    /// The result is dropped (`__setitem__`, a property setter).
    Discard,
    /// The operands' method of binary operator `.0` (the reflected one of
    /// the right operand when `.1`), the operands below the function: a
    /// result replaces them, NotImplemented goes on with the protocol.
    Binary(BinOp, bool),
    /// The left operand's method of ordering comparison `.0`, as
    /// [`Then::Binary`].
    Order(CmpOp),
    /// The left operand's `__eq__` (`negate`: for `!=`, `from_eq`: in
    /// place of a `__ne__` the class does not define, so the result is
    /// inverted) or `__ne__`, as [`Then::Binary`].
    Eq { negate: bool, from_eq: bool },
}

impl Vm {
    /// Finishes the instruction whose method returned `v` (its frame has
    /// been left), as `then` says.
    pub(crate) fn finish(&mut self, then: Then, v: Value) -> PyResult<()> {
        // Rooted while the rest of the protocol may allocate.
        self.root_value(v);
        let not_impl = matches!(v, Value::NotImplemented);
        let r = match then {
            Then::Init if v.is_none() => return Ok(()),
            Then::Init => {
                let t = self.type_name(v);
                let msg = format!("__init__() should return None, not '{t}'");
                return Err(self.type_error(msg));
            }
            Then::Discard => return Ok(()),
            _ if !not_impl && !matches!(then, Then::Eq { from_eq: true, .. }) => v,
            Then::Eq { .. } if !not_impl => Value::Bool(!self.truthy(v)?),
            Then::Binary(op, reflected) => {
                let (a, b) = self.operands();
                self.binary_op_after(op, a, b, reflected)?
            }
            Then::Order(op) => {
                let (a, b) = self.operands();
                self.rich_order_after(op, a, b)?
            }
            Then::Eq { negate, .. } => {
                let (a, b) = self.operands();
                self.rich_eq_after(a, b, negate)?
            }
        };
        let len = self.stack.len().saturating_sub(2);
        self.stack.truncate(len);
        self.stack.push(r);
        Ok(())
    }

    /// The two operands an operator's method left on the stack.
    fn operands(&self) -> (Value, Value) {
        match self.stack.as_slice() {
            [.., a, b] => (*a, *b),
            _ => (Value::None, Value::None),
        }
    }

    /// The class of `v` when it is an instance of a Python class with no
    /// built-in base value (so no built-in behaviour comes before its
    /// special methods).
    fn plain_instance(&self, v: Value) -> Option<Gc> {
        match self.heap.get(v.as_obj()?) {
            Obj::Instance(i) if i.base.is_null() => Some(i.class),
            _ => None,
        }
    }

    /// `m` when it is a plain Python function of `arity` parameters.
    fn plain_method(&self, m: Option<Value>, arity: u32) -> Option<Gc> {
        let h = m?.as_obj()?;
        match self.heap.get(h) {
            Obj::Func(f) if f.plain_arity == arity => Some(h),
            _ => None,
        }
    }

    /// The special method `name` of `v`'s class when it is a plain Python
    /// function of `arity` parameters.
    fn special_plain(&mut self, v: Value, name: &'static str, arity: u32) -> Option<Gc> {
        let m = self.lookup_override(v, name);
        self.plain_method(m, arity)
    }

    /// The `__call__` of instance `h`'s class when it is a Python function
    /// (not for compartment handles, which are called their own way).
    pub(crate) fn python_call_method(&mut self, h: Gc) -> Option<Gc> {
        match self.heap.get(h) {
            Obj::Instance(i) if Some(i.class) != self.comp.handle_class => {}
            _ => return None,
        }
        let m = self.lookup_type_attr(Value::Obj(h), "__call__")?.as_obj()?;
        matches!(self.heap.get(m), Obj::Func(_)).then_some(m)
    }

    /// Makes room for the locals of plain function `m`, at `stack[fpos]`
    /// with its arguments above it.
    fn frame_at(&mut self, m: Gc, fpos: usize) -> usize {
        if let Obj::Func(f) = self.heap.get(m) {
            let end = fpos + 1 + f.code.varnames.len();
            if end > self.stack.len() {
                self.stack.resize(end, Value::Null);
            }
        }
        fpos + 1
    }

    /// Pushes `m` and its arguments above the operands, which stay for
    /// the rest of the protocol.
    fn push_call(&mut self, m: Gc, args: [Value; 2], then: Then) -> Step {
        let fpos = self.stack.len();
        self.stack.push(Value::Obj(m));
        self.stack.extend_from_slice(&args);
        Step::Then(m, self.frame_at(m, fpos), then)
    }

    /// `a op b` (`a op= b` when `inplace`), the operands on top of the
    /// stack, when its first method is a plain Python function.
    pub(crate) fn enter_binary(
        &mut self,
        op: BinOp,
        a: Value,
        b: Value,
        inplace: bool,
    ) -> Option<Step> {
        let (fname, rname, iname) = op.dunders();
        if let Some(ta) = self.plain_instance(a) {
            // Any other right operand may be a built-in the protocol
            // handles before the methods (a set, a dict view).
            if !matches!(b, Value::Int(_) | Value::Float(_) | Value::None)
                && !matches!(self.heap.get(b.as_obj()?), Obj::Instance(_))
            {
                return None;
            }
            if inplace && self.lookup_override(a, iname).is_some() {
                return None;
            }
            let tb = self.type_of(b);
            if ta != tb && self.is_subclass(tb, ta) && self.lookup_override(b, rname).is_some() {
                return None;
            }
            let m = self.special_plain(a, fname, 2)?;
            return Some(self.push_call(m, [a, b], Then::Binary(op, false)));
        }
        // `2 * v`: a number's operator never knows a Python class, so the
        // right operand's reflected method is the first one tried.
        if !matches!(a, Value::Int(_) | Value::Float(_)) {
            return None;
        }
        let tb = self.plain_instance(b)?;
        if self.is_subclass(tb, self.type_of(a)) {
            return None;
        }
        let m = self.special_plain(b, rname, 2)?;
        Some(self.push_call(m, [b, a], Then::Binary(op, true)))
    }

    /// `a op b` for a comparison, the operands on top of the stack, when
    /// the left operand's method is a plain Python function.
    pub(crate) fn enter_compare(&mut self, op: CmpOp, a: Value, b: Value) -> Option<Step> {
        // `is`, `in` and exception matching run no method of `a`'s; `==`
        // runs none unless the class defines `__eq__` (the flag is set for
        // it and every subclass, and never cleared).
        use CmpOp::*;
        if !matches!(op, Lt | Le | Gt | Ge | Eq | Ne) {
            return None;
        }
        let ta = self.plain_instance(a)?;
        if op == Eq && !self.class_flags(ta).user_eq {
            return None;
        }
        let tb = self.type_of(b);
        // A subclass's reflected method may come first.
        if ta != tb && self.is_subclass(tb, ta) {
            return None;
        }
        let (fname, then) = match op {
            CmpOp::Lt => ("__lt__", Then::Order(op)),
            CmpOp::Le => ("__le__", Then::Order(op)),
            CmpOp::Gt => ("__gt__", Then::Order(op)),
            CmpOp::Ge => ("__ge__", Then::Order(op)),
            CmpOp::Eq => (
                "__eq__",
                Then::Eq {
                    negate: false,
                    from_eq: false,
                },
            ),
            CmpOp::Ne => match self.lookup_override(a, "__ne__") {
                Some(_) => (
                    "__ne__",
                    Then::Eq {
                        negate: true,
                        from_eq: false,
                    },
                ),
                None => (
                    "__eq__",
                    Then::Eq {
                        negate: true,
                        from_eq: true,
                    },
                ),
            },
            _ => return None,
        };
        let m = self.special_plain(a, fname, 2)?;
        Some(self.push_call(m, [a, b], then))
    }

    /// `-a`, `+a`, `~a` on top of the stack when the method is a plain
    /// Python function: its result is the operation's.
    pub(crate) fn enter_unary(&mut self, op: UnOp, a: Value) -> Option<Step> {
        let name = match op {
            UnOp::Neg => "__neg__",
            UnOp::Pos => "__pos__",
            UnOp::Invert => "__invert__",
            UnOp::Not => return None,
        };
        if !matches!(self.heap.get(a.as_obj()?), Obj::Instance(_)) {
            return None;
        }
        let m = self.special_plain(a, name, 1)?;
        Some(self.insert_call(m, 1))
    }

    /// Puts `m` below the top `n` values, its arguments: its result takes
    /// their place.
    fn insert_call(&mut self, m: Gc, n: usize) -> Step {
        let fpos = self.stack.len() - n;
        self.stack.insert(fpos, Value::Obj(m));
        Step::Enter(m, self.frame_at(m, fpos))
    }

    /// `obj[key]` (on top of the stack) past the interpreter loop's list
    /// and tuple case: an array's item read in place, a subclass of a
    /// built-in type without item methods of its own indexed as its
    /// built-in value, a plain Python `__getitem__` entered as a frame (the
    /// step returned), else the general protocol. Out of the loop, so the
    /// loop's own code stays small (inside it, these arms made list-heavy
    /// code 1-4% dearer: misc_aes +3.9% instructions).
    #[inline(never)]
    pub(crate) fn subscr_slow(&mut self) -> PyResult<Option<Step>> {
        let (obj, key) = (self.peek(1), self.peek(0));
        if self.is_instance_obj(obj) {
            if let (Value::Obj(h), Value::Int(i)) = (obj, key) {
                if let Some(v) = crate::modules::arrayitems::get(self, h, i) {
                    self.replace_top(2, v);
                    return Ok(None);
                }
            }
            if !self.builtin_items(obj) {
                if let Some(s) = self.enter_getitem(obj) {
                    return Ok(Some(s));
                }
            }
        }
        let v = self.getitem(obj, key)?;
        self.replace_top(2, v);
        Ok(None)
    }

    /// `obj[key] = v` (the stack ends `v, obj, key`) past the loop's list
    /// case, as [`Self::subscr_slow`].
    #[inline(never)]
    pub(crate) fn store_subscr_slow(&mut self) -> PyResult<Option<Step>> {
        let (v, obj, key) = (self.peek(2), self.peek(1), self.peek(0));
        if self.is_instance_obj(obj) {
            if let (Value::Obj(h), Value::Int(i)) = (obj, key) {
                if crate::modules::arrayitems::set(self, h, i, v) {
                    self.stack.truncate(self.stack.len() - 3);
                    return Ok(None);
                }
            }
            if !self.builtin_items(obj) {
                if let Some(s) = self.enter_setitem(obj) {
                    return Ok(Some(s));
                }
            }
        }
        self.setitem(obj, key, v)?;
        self.stack.truncate(self.stack.len() - 3);
        Ok(None)
    }

    /// Whether `v` is an instance of a class (arrays, subclasses of
    /// built-in types and classes with item methods are): the others go
    /// straight to the general protocol.
    #[inline(always)]
    fn is_instance_obj(&self, v: Value) -> bool {
        matches!(v, Value::Obj(h) if matches!(self.heap.get(h), Obj::Instance(_)))
    }

    /// `obj[key]` (on top of the stack) when `__getitem__` is a plain
    /// Python function.
    pub(crate) fn enter_getitem(&mut self, obj: Value) -> Option<Step> {
        if !matches!(self.heap.get(obj.as_obj()?), Obj::Instance(_)) {
            return None;
        }
        let m = self.special_plain(obj, "__getitem__", 2)?;
        Some(self.insert_call(m, 2))
    }

    /// `obj[key] = v` (the stack ends `v, obj, key`) when `__setitem__`
    /// is a plain Python function.
    pub(crate) fn enter_setitem(&mut self, obj: Value) -> Option<Step> {
        if !matches!(self.heap.get(obj.as_obj()?), Obj::Instance(_)) {
            return None;
        }
        let m = self.special_plain(obj, "__setitem__", 3)?;
        // `v, obj, key` becomes `m, obj, key, v`.
        let at = self.stack.len() - 3;
        self.stack.insert(at, Value::Obj(m));
        self.stack[at + 1..].rotate_left(1);
        Some(Step::Then(m, self.frame_at(m, at), Then::Discard))
    }

    /// The cache entry for property `name` of `class` (attric.rs), with
    /// its getter and setter when they are plain Python functions that no
    /// hook of the class (`__getattribute__`, `__setattr__`) overrides.
    pub(crate) fn property_ic(&mut self, class: Gc, name: Value) -> Option<AttrIc> {
        let a = self.lookup_mro(class, name)?.as_obj()?;
        let Obj::Property { fget, fset, .. } = self.heap.get(a) else {
            return None;
        };
        let (fget, fset) = (*fget, *fset);
        let mut get = self.plain_method(Some(fget), 1).unwrap_or(NO_FUNC);
        let mut set = self.plain_method(Some(fset), 2).unwrap_or(NO_FUNC);
        if self.class_flags(class).user_getattribute {
            get = NO_FUNC;
        }
        let sa = self.lookup_mro_str(class, "__setattr__");
        if sa.is_some_and(|m| !self.is_default_method(m)) {
            set = NO_FUNC;
        }
        Some(AttrIc::Property { class, get, set })
    }

    /// The getter, or setter when `set`, of property `n` of instance
    /// `obj`, from the cache: a property's first use goes the long way
    /// and fills it.
    fn property_method(&self, obj: Value, n: &Name, set: bool) -> Option<Gc> {
        let Obj::Instance(i) = self.heap.get(obj.as_obj()?) else {
            return None;
        };
        if !n.ic.fresh(self.attr_cache.version()) {
            return None;
        }
        let f = n.ic.find(|e| match e {
            AttrIc::Property {
                class,
                get,
                set: setter,
            } if class == i.class => Some(if set { setter } else { get }),
            _ => None,
        })?;
        (f != NO_FUNC).then_some(f)
    }

    /// `obj.name` (`obj` on top of the stack) when it is a property whose
    /// getter is a plain Python function: its result is the attribute.
    /// Out of line: inlined into the frame loop (as unrelated edits made
    /// the compiler choose), it cost every other instruction there 1-3%.
    #[inline(never)]
    pub(crate) fn enter_getter(&mut self, obj: Value, n: &Name) -> Option<Step> {
        let m = self.property_method(obj, n, false)?;
        Some(self.insert_call(m, 1))
    }

    /// `obj.name = v` (the stack ends `v, obj`) when it is a property
    /// whose setter is a plain Python function.
    pub(crate) fn enter_setter(&mut self, obj: Value, n: &Name) -> Option<Step> {
        let m = self.property_method(obj, n, true)?;
        // `v, obj` becomes `m, obj, v`.
        let at = self.stack.len() - 2;
        self.stack.insert(at, Value::Obj(m));
        self.stack.swap(at + 1, at + 2);
        Some(Step::Then(m, self.frame_at(m, at), Then::Discard))
    }
}
