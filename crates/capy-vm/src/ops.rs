//! Operators: arithmetic dispatch, comparison, equality, hashing, truth.
//!
//! Built-in types are handled directly in Rust; instances of user classes
//! go through their special methods (`__add__`, `__radd__`, ...).

use crate::errors::ExcKind;
use crate::heap::Heap;
use crate::obj::{Layout, Obj};
use crate::types::num::{self, Num};
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;
use capy_compiler::{BinOp, CmpOp, UnOp};
use std::cmp::Ordering;

/// Integer arithmetic whose result is an int that fits in i64 (every
/// operator but `/`); None means "take the slow path".
#[inline(always)]
pub fn int_fast_int(op: BinOp, x: i64, y: i64) -> Option<i64> {
    Some(match op {
        BinOp::Add => x.checked_add(y)?,
        BinOp::Sub => x.checked_sub(y)?,
        BinOp::Mul => x.checked_mul(y)?,
        BinOp::FloorDiv if y != 0 && !(x == i64::MIN && y == -1) => {
            x.div_euclid(y) - if y < 0 && x.rem_euclid(y) != 0 { 1 } else { 0 }
        }
        BinOp::Mod if y != 0 && !(x == i64::MIN && y == -1) => {
            let r = x % y;
            if r != 0 && ((r < 0) != (y < 0)) {
                r + y
            } else {
                r
            }
        }
        BinOp::And => x & y,
        BinOp::Or => x | y,
        BinOp::Xor => x ^ y,
        BinOp::RShift if (0..64).contains(&y) => x >> y,
        BinOp::RShift if y >= 64 => {
            if x < 0 {
                -1
            } else {
                0
            }
        }
        BinOp::LShift if (0..63).contains(&y) => {
            let r = x.checked_shl(y as u32)?;
            if r >> y != x {
                return None;
            }
            r
        }
        _ => return None,
    })
}

/// `x / y` on ints when both convert to float exactly (so one rounding,
/// as CPython's correctly rounded int division gives).
#[inline(always)]
pub fn int_true_div(op: BinOp, x: i64, y: i64) -> Option<f64> {
    (op == BinOp::TrueDiv && y != 0 && x.unsigned_abs() < (1 << 53) && y.unsigned_abs() < (1 << 53))
        .then(|| x as f64 / y as f64)
}

/// Float arithmetic without errors; None for division by zero, `**` and
/// anything else needing the full path.
#[inline(always)]
pub fn float_fast_f64(op: BinOp, x: f64, y: f64) -> Option<f64> {
    Some(match op {
        BinOp::Add => x + y,
        BinOp::Sub => x - y,
        BinOp::Mul => x * y,
        BinOp::TrueDiv if y != 0.0 => x / y,
        _ => return None,
    })
}

impl Vm {
    pub fn binary_op(&mut self, op: BinOp, a: Value, b: Value) -> PyResult {
        // `str % args` (formatting, not arithmetic): straight to the
        // formatter, past the numeric attempts below, which all decline a
        // str on the left.
        if let (BinOp::Mod, Value::Obj(h)) = (op, a) {
            if let Obj::Str(_) = self.heap.get(h) {
                // A str subclass on the right with its own __rmod__ goes
                // first, as a subclass's reflected method does.
                if self.is_user_instance(b) {
                    let base = self.builtin_base(b);
                    if self.heap.pystr(base).is_some() {
                        if let Some(m) = self.lookup_override(b, "__rmod__") {
                            let r = self.call_special(m, b, &[a])?;
                            if !matches!(r, Value::NotImplemented) {
                                return Ok(r);
                            }
                        }
                    }
                }
                return crate::types::str::percent_format(self, a, b);
            }
        }
        // bool's own `&`, `|` and `^` give a bool; everything else on bools
        // is int arithmetic.
        if let (Value::Bool(x), Value::Bool(y)) = (a, b) {
            match op {
                BinOp::And => return Ok(Value::Bool(x & y)),
                BinOp::Or => return Ok(Value::Bool(x | y)),
                BinOp::Xor => return Ok(Value::Bool(x ^ y)),
                _ => {}
            }
        }
        // Native callers (enumerate's counter, sum, ...) reach here without
        // the interpreter's in-place int path; without this check a small
        // int sum went through two BigInts (~450 instructions).
        if let (Value::Int(x), Value::Int(y)) = (a, b) {
            if let Some(r) = int_fast_int(op, x, y) {
                return Ok(Value::Int(r));
            }
        }
        if let (Value::Obj(_), _) | (_, Value::Obj(_)) = (a, b) {
            if let Some(r) = num::heap_num_binop(self, op, a, b) {
                return r;
            }
        }
        if let (Some(x), Some(y)) = (num::as_num(&self.heap, a), num::as_num(&self.heap, b)) {
            return num::binop(self, op, x, y);
        }
        if let Some(r) = crate::types::seq_binop(self, op, a, b)? {
            return Ok(r);
        }
        self.binary_op_dunder(op, a, b, false)
    }

    pub fn inplace_op(&mut self, op: BinOp, a: Value, b: Value) -> PyResult {
        // Mutable built-ins update in place: list +=, set |= etc.
        if let Some(r) = crate::types::inplace_builtin(self, op, a, b)? {
            return Ok(r);
        }
        if self.is_user_instance(a) {
            let (_, _, iname) = op.dunders();
            if let Some(m) = self.lookup_override(a, iname) {
                let r = self.call_special(m, a, &[b])?;
                if !matches!(r, Value::NotImplemented) {
                    return Ok(r);
                }
            }
            // A subclass of a mutable built-in updates its value in place
            // and stays the same object.
            let base = self.builtin_base(a);
            if !base.is(a) {
                let other = self.builtin_base(b);
                if crate::types::inplace_builtin(self, op, base, other)?.is_some() {
                    return Ok(a);
                }
            }
        }
        self.binary_op(op, a, b)
    }

    /// An operator's methods of the program's classes, tried as CPython
    /// tries them: `a.fname(b)`, then `b.rname(a)` (first instead when
    /// `b`'s type is a subclass of `a`'s that overrides it). None when
    /// neither is defined or both return NotImplemented.
    pub(crate) fn operator_dunders(
        &mut self,
        a: Value,
        b: Value,
        fname: &'static str,
        rname: &'static str,
    ) -> PyResult<Option<Value>> {
        let ta = self.type_of(a);
        let tb = self.type_of(b);
        // A subclass's reflected method wins (so overriding works as in CPython).
        let b_first =
            ta != tb && self.is_subclass(tb, ta) && self.lookup_override(b, rname).is_some();
        if b_first {
            if let Some(r) = self.try_dunder(b, rname, a)? {
                return Ok(Some(r));
            }
        }
        if self.is_user_instance(a) {
            if let Some(r) = self.try_dunder(a, fname, b)? {
                return Ok(Some(r));
            }
        }
        if !b_first && ta != tb && self.is_user_instance(b) {
            return self.try_dunder(b, rname, a);
        }
        Ok(None)
    }

    fn binary_op_dunder(&mut self, op: BinOp, a: Value, b: Value, _inplace: bool) -> PyResult {
        let (fname, rname, _) = op.dunders();
        if let Some(r) = self.operator_dunders(a, b, fname, rname)? {
            return Ok(r);
        }
        self.binary_op_fallback(op, a, b)
    }

    /// The rest of `a op b` once its first method, run in the frame loop
    /// (opframes.rs), returned NotImplemented: the right operand's
    /// reflected method (unless that was the one run, `reflected`), then
    /// what follows the methods.
    pub(crate) fn binary_op_after(
        &mut self,
        op: BinOp,
        a: Value,
        b: Value,
        reflected: bool,
    ) -> PyResult {
        let (_, rname, _) = op.dunders();
        if !reflected && self.type_of(a) != self.type_of(b) && self.is_user_instance(b) {
            if let Some(r) = self.try_dunder(b, rname, a)? {
                return Ok(r);
            }
        }
        self.binary_op_fallback(op, a, b)
    }

    /// `a op b` when no special method gave a result.
    fn binary_op_fallback(&mut self, op: BinOp, a: Value, b: Value) -> PyResult {
        // Subclasses of built-ins fall back to their built-in value.
        let (ba, bb) = (self.builtin_base(a), self.builtin_base(b));
        if !ba.is(a) || !bb.is(b) {
            // When the built-in values cannot be combined either, the
            // error names the operands' own types (`'Counter' and 'dict'`).
            match self.binary_op(op, ba, bb) {
                Err(e) if self.is_operand_error(e) => {}
                r => return r,
            }
        }
        // `int | str`, `int | None`: a union of types.
        if op == BinOp::Or {
            if let Some(u) = self.type_union(a, b)? {
                return Ok(u);
            }
        }
        let (na, nb) = (self.type_name(a), self.type_name(b));
        if op == BinOp::Add {
            if let Some(msg) = self.concat_error(a, &na, &nb) {
                return Err(self.type_error(msg));
            }
        }
        if op == BinOp::Mul {
            // A sequence times something that is not an int.
            let seq = |vm: &Vm, v: Value| {
                matches!(vm.builtin_base(v), Value::Obj(h) if matches!(
                    vm.heap.get(h),
                    Obj::Str(_) | Obj::Bytes(_) | Obj::ByteArray(_) | Obj::List(_) | Obj::Tuple(_)
                ))
            };
            let other = match (seq(self, a), seq(self, b)) {
                (true, _) => Some((&nb, a, b)),
                (false, true) => Some((&na, b, a)),
                _ => None,
            };
            if let Some((t, s, n)) = other {
                // A count that is not an int but has `__index__`.
                if self.is_user_instance(n) && self.lookup_type_attr(n, "__index__").is_some() {
                    let k = self.index_value(n)?;
                    return self.binary_op(BinOp::Mul, s, Value::Int(k));
                }
                return Err(
                    self.type_error(format!("can't multiply sequence by non-int of type '{t}'"))
                );
            }
        }
        Err(self.type_error(format!(
            "unsupported operand type(s) for {}: '{na}' and '{nb}'",
            op.symbol()
        )))
    }

    /// Whether `e` is the TypeError of an operator whose operands do not
    /// support it (made below).
    fn is_operand_error(&mut self, e: crate::PyErr) -> bool {
        if !self.err_is(e, crate::errors::ExcKind::TypeError) {
            return false;
        }
        let msg = self.to_str(e.value()).unwrap_or_default();
        [
            "unsupported operand type(s)",
            "can only concatenate",
            "can't concat",
        ]
        .iter()
        .any(|p| msg.starts_with(p))
    }

    /// CPython's words for `+` of a sequence and something it cannot
    /// concatenate (`can only concatenate str (not "int") to str`).
    fn concat_error(&self, a: Value, na: &str, nb: &str) -> Option<String> {
        let Value::Obj(h) = a else { return None };
        match self.heap.get(h) {
            Obj::Str(_) | Obj::List(_) | Obj::Tuple(_) => {
                Some(format!("can only concatenate {na} (not \"{nb}\") to {na}"))
            }
            Obj::Bytes(_) | Obj::ByteArray(_) => Some(format!("can't concat {nb} to {na}")),
            _ => None,
        }
    }

    pub(crate) fn try_dunder(
        &mut self,
        obj: Value,
        name: &'static str,
        other: Value,
    ) -> PyResult<Option<Value>> {
        match self.lookup_override(obj, name) {
            Some(m) => {
                let r = self.call_special(m, obj, &[other])?;
                Ok(if matches!(r, Value::NotImplemented) {
                    None
                } else {
                    Some(r)
                })
            }
            None => Ok(None),
        }
    }

    /// Whether `v` is an instance of a class defined in Python.
    pub fn is_user_instance(&self, v: Value) -> bool {
        match v {
            Value::Obj(h) => match self.heap.get(h) {
                Obj::Instance(_) => true,
                Obj::Exception(_) => true,
                Obj::Class(c) => !c.metaclass.is_none() && !c.metaclass.is_null(),
                _ => false,
            },
            _ => false,
        }
    }

    /// Like `builtin_base`, but only for a class that derives from the
    /// value's type: a native class keeping its data in a built-in value
    /// (`array.array` in a bytearray) does not compare as that value.
    pub fn derived_base(&self, v: Value) -> Value {
        let b = self.builtin_base(v);
        if !b.is(v) && !self.is_subclass(self.type_of(v), self.type_of(b)) {
            return v;
        }
        b
    }

    /// For an instance of a subclass of a built-in type, its built-in value.
    pub fn builtin_base(&self, v: Value) -> Value {
        match v {
            Value::Obj(h) => match self.heap.get(h) {
                Obj::Instance(i) if !i.base.is_null() => i.base,
                _ => v,
            },
            _ => v,
        }
    }

    pub fn unary_op(&mut self, op: UnOp, a: Value) -> PyResult {
        if op == UnOp::Not {
            return Ok(Value::Bool(!self.truthy(a)?));
        }
        if let Some(x) = num::as_num(&self.heap, a) {
            return num::unop(self, op, x);
        }
        let name = match op {
            UnOp::Neg => "__neg__",
            UnOp::Pos => "__pos__",
            UnOp::Invert => "__invert__",
            UnOp::Not => "__bool__",
        };
        if let Some(m) = self.lookup_override(a, name) {
            return self.call_special(m, a, &[]);
        }
        let base = self.builtin_base(a);
        if !base.is(a) {
            return self.unary_op(op, base);
        }
        let sym = match op {
            UnOp::Neg => "-",
            UnOp::Pos => "+",
            _ => "~",
        };
        let t = self.type_name(a);
        Err(self.type_error(format!("bad operand type for unary {sym}: '{t}'")))
    }

    pub fn compare(&mut self, op: CmpOp, a: Value, b: Value) -> PyResult {
        if let Some(r) = self.compare_fast(op, a, b) {
            return Ok(Value::Bool(r));
        }
        Ok(Value::Bool(match op {
            CmpOp::Is => a.is(b),
            CmpOp::IsNot => !a.is(b),
            CmpOp::In => self.contains(b, a)?,
            CmpOp::NotIn => !self.contains(b, a)?,
            CmpOp::Eq => return self.rich_eq(a, b, false),
            CmpOp::Ne => return self.rich_eq(a, b, true),
            CmpOp::ExcMatch => self.exc_match(a, b)?,
            CmpOp::Lt | CmpOp::Le | CmpOp::Gt | CmpOp::Ge => return self.rich_order(op, a, b),
        }))
    }

    /// `a op b` at once for two exact strs compared for (in)equality
    /// (no method of a str subclass can be involved: those are
    /// instances), and for the orderings [`Self::fast_lt`] decides; None
    /// for anything else.
    #[inline]
    fn compare_fast(&self, op: CmpOp, a: Value, b: Value) -> Option<bool> {
        use CmpOp::*;
        let negate = match op {
            Eq => false,
            Ne => true,
            Lt | Le | Gt | Ge => return self.fast_lt(a, b, op),
            _ => return None,
        };
        let (Value::Obj(x), Value::Obj(y)) = (a, b) else {
            return None;
        };
        let Obj::Str(s) = self.heap.get(x) else {
            return None;
        };
        let Obj::Str(t) = self.heap.get(y) else {
            return None;
        };
        Some((x == y || s.same(t)) != negate)
    }

    fn exc_match(&mut self, exc: Value, t: Value) -> PyResult<bool> {
        let items = match t {
            Value::Obj(h) if matches!(self.heap.get(h), Obj::Tuple(_)) => self.seq_items(t)?,
            _ => vec![t],
        };
        let base = self.exc_class(ExcKind::BaseException);
        for c in items {
            match c {
                Value::Obj(ch)
                    if matches!(self.heap.get(ch), Obj::Class(_)) && self.is_subclass(ch, base) =>
                {
                    if self.isinstance(exc, ch) {
                        return Ok(true);
                    }
                }
                Value::Obj(th) if matches!(self.heap.get(th), Obj::Tuple(_)) => {
                    if self.exc_match(exc, c)? {
                        return Ok(true);
                    }
                }
                _ => {
                    return Err(self.type_error(
                        "catching classes that do not inherit from BaseException is not allowed",
                    ))
                }
            }
        }
        Ok(false)
    }

    /// `a == b` (or `a != b` when `negate`), returning the Python result.
    fn rich_eq(&mut self, a: Value, b: Value, negate: bool) -> PyResult {
        if let Some(same) = self.identity_eq(a, b) {
            return Ok(Value::Bool(same != negate));
        }
        let user = self.is_user_instance(a) || self.is_user_instance(b);
        if user {
            let (fname, rname) = if negate {
                ("__ne__", "__ne__")
            } else {
                ("__eq__", "__eq__")
            };
            let ta = self.type_of(a);
            let tb = self.type_of(b);
            let b_first = ta != tb && self.is_subclass(tb, ta);
            let order = if b_first {
                [(b, a, rname), (a, b, fname)]
            } else {
                [(a, b, fname), (b, a, rname)]
            };
            for (x, y, name) in order {
                if let Some(r) = self.eq_dunder(x, y, name, negate)? {
                    return Ok(r);
                }
            }
            return self.rich_eq_fallback(a, b, negate);
        }
        let r = self.eq(a, b)?;
        Ok(Value::Bool(r != negate))
    }

    /// `a == b` when it is identity without asking anything: `a` an
    /// instance of a Python class that defines neither `__eq__` nor
    /// `__ne__` and has no built-in base, `b` one of the same class or
    /// None (`self.strength == Strength.REQUIRED`, `x != None`).
    fn identity_eq(&mut self, a: Value, b: Value) -> Option<bool> {
        let class = match self.heap.get(a.as_obj()?) {
            Obj::Instance(i) if i.base.is_null() => i.class,
            _ => return None,
        };
        if !b.is_none() && self.type_of(b) != class {
            return None;
        }
        if self.lookup_override(a, "__eq__").is_some()
            || self.lookup_override(a, "__ne__").is_some()
        {
            return None;
        }
        Some(a.is(b))
    }

    /// `x.name(y)` for `==` (`__eq__`) or `!=` (`negate`, `__ne__`), or
    /// the default `__ne__`: x's own `__eq__` (not the reflected one)
    /// inverted. None when x has neither or it returned NotImplemented.
    fn eq_dunder(
        &mut self,
        x: Value,
        y: Value,
        name: &'static str,
        negate: bool,
    ) -> PyResult<Option<Value>> {
        if let Some(m) = self.lookup_override(x, name) {
            let r = self.call_special(m, x, &[y])?;
            if !matches!(r, Value::NotImplemented) {
                return Ok(Some(r));
            }
        } else if negate {
            if let Some(eqm) = self.lookup_override(x, "__eq__") {
                let r = self.call_special(eqm, x, &[y])?;
                if !matches!(r, Value::NotImplemented) {
                    return Ok(Some(Value::Bool(!self.truthy(r)?)));
                }
            }
        }
        Ok(None)
    }

    /// The rest of `a == b` (`!=` when `negate`) once a's method, run in
    /// the frame loop (opframes.rs), returned NotImplemented.
    pub(crate) fn rich_eq_after(&mut self, a: Value, b: Value, negate: bool) -> PyResult {
        let name = if negate { "__ne__" } else { "__eq__" };
        if let Some(r) = self.eq_dunder(b, a, name, negate)? {
            return Ok(r);
        }
        self.rich_eq_fallback(a, b, negate)
    }

    /// `a == b` between user objects when no method gave a result: the
    /// built-in values of subclasses of built-ins, else identity.
    fn rich_eq_fallback(&mut self, a: Value, b: Value, negate: bool) -> PyResult {
        if let Some(r) = crate::types::memoryview::mv_eq(self, a, b)? {
            return Ok(Value::Bool(r != negate));
        }
        let (ba, bb) = (self.derived_base(a), self.derived_base(b));
        let same = if !ba.is(a) || !bb.is(b) {
            self.eq(ba, bb)?
        } else {
            a.is(b)
        };
        Ok(Value::Bool(same != negate))
    }

    /// Equality as a Rust bool (user `__eq__` included).
    pub fn eq(&mut self, a: Value, b: Value) -> PyResult<bool> {
        if a.is(b) {
            // NaN is not equal to itself, even by identity for floats and
            // complex numbers (`x == x` compares values).
            let nan = match a {
                Value::Float(f) => f.is_nan(),
                Value::Obj(h) => {
                    matches!(self.heap.get(h), Obj::Complex(re, im) if re.is_nan() || im.is_nan())
                }
                _ => false,
            };
            return Ok(!nan);
        }
        if let Some(r) = fast_eq(&self.heap, a, b) {
            return Ok(r);
        }
        if let Some(r) = crate::types::memoryview::mv_eq(self, a, b)? {
            return Ok(r);
        }
        // Containers of user objects, or user objects.
        if self.is_user_instance(a) || self.is_user_instance(b) {
            let r = self.rich_eq(a, b, false)?;
            return self.truthy(r);
        }
        self.enter_recursion()?;
        let r = self.eq_containers(a, b);
        self.leave_recursion();
        r
    }

    /// Equality of two items of containers: the same object is equal to
    /// itself before any `__eq__` is asked (so `[nan] == [nan]` as in
    /// CPython; a float is the same object as a float of the same bits).
    pub(crate) fn item_eq(&mut self, x: Value, y: Value) -> PyResult<bool> {
        if x.is(y) {
            return Ok(true);
        }
        self.eq(x, y)
    }

    fn eq_containers(&mut self, a: Value, b: Value) -> PyResult<bool> {
        let (Value::Obj(ha), Value::Obj(hb)) = (a, b) else {
            return Ok(false);
        };
        match (self.heap.get(ha), self.heap.get(hb)) {
            (Obj::List(x), Obj::List(y)) => {
                if x.len() != y.len() {
                    return Ok(false);
                }
                let n = x.len();
                for i in 0..n {
                    let (xi, yi) = (self.list_get(ha, i), self.list_get(hb, i));
                    match (xi, yi) {
                        (Some(xi), Some(yi)) => {
                            if !self.item_eq(xi, yi)? {
                                return Ok(false);
                            }
                        }
                        _ => return Ok(false),
                    }
                }
                Ok(true)
            }
            (Obj::Tuple(x), Obj::Tuple(y)) => {
                if x.len() != y.len() {
                    return Ok(false);
                }
                let pairs: Vec<(Value, Value)> = x.iter().copied().zip(y.iter().copied()).collect();
                for (xi, yi) in pairs {
                    if !self.item_eq(xi, yi)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            (Obj::Dict(x), Obj::Dict(y)) => {
                if x.len() != y.len() {
                    return Ok(false);
                }
                let items: Vec<(Value, Value)> = x.iter().collect();
                for (k, v) in items {
                    match self.dict_get(b, k)? {
                        Some(w) => {
                            if !self.item_eq(v, w)? {
                                return Ok(false);
                            }
                        }
                        None => return Ok(false),
                    }
                }
                Ok(true)
            }
            (Obj::DictView { .. }, _) | (_, Obj::DictView { .. }) => {
                crate::types::dictview::view_eq(self, a, b)
            }
            (Obj::Set(x) | Obj::FrozenSet(x), Obj::Set(y) | Obj::FrozenSet(y)) => {
                if x.len() != y.len() {
                    return Ok(false);
                }
                let keys: Vec<Value> = x.keys().collect();
                for k in keys {
                    if !self.contains(b, k)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    fn list_get(&self, h: crate::value::Gc, i: usize) -> Option<Value> {
        match self.heap.get(h) {
            Obj::List(v) => v.get(i).copied(),
            _ => None,
        }
    }

    fn rich_order(&mut self, op: CmpOp, a: Value, b: Value) -> PyResult {
        if let (Some(x), Some(y)) = (num::as_num(&self.heap, a), num::as_num(&self.heap, b)) {
            if let Some(ord) = num::partial_cmp(&x, &y) {
                return Ok(Value::Bool(ord_matches(op, ord)));
            }
            if !matches!(x, Num::C(..)) && !matches!(y, Num::C(..)) {
                return Ok(Value::Bool(false)); // NaN
            }
        }
        if self.is_user_instance(a) || self.is_user_instance(b) {
            let (fname, rname) = match op {
                CmpOp::Lt => ("__lt__", "__gt__"),
                CmpOp::Le => ("__le__", "__ge__"),
                CmpOp::Gt => ("__gt__", "__lt__"),
                _ => ("__ge__", "__le__"),
            };
            // A subclass's reflected method first, as for the arithmetic
            // operators; otherwise the reflected one is tried even between
            // objects of one type (unlike arithmetic).
            let (ta, tb) = (self.type_of(a), self.type_of(b));
            let b_first =
                ta != tb && self.is_subclass(tb, ta) && self.lookup_override(b, rname).is_some();
            if b_first {
                if let Some(r) = self.try_dunder(b, rname, a)? {
                    return Ok(r);
                }
            }
            if let Some(r) = self.try_dunder(a, fname, b)? {
                return Ok(r);
            }
            if !b_first {
                if let Some(r) = self.try_dunder(b, rname, a)? {
                    return Ok(r);
                }
            }
            return self.rich_order_fallback(op, a, b);
        } else if let Some(ord) = self.order_builtin(op, a, b)? {
            return Ok(Value::Bool(ord));
        }
        self.order_error(op, a, b)
    }

    /// The rest of ordering `a op b` once a's method, run in the frame
    /// loop (opframes.rs), returned NotImplemented: b's reflected one,
    /// then what follows the methods.
    pub(crate) fn rich_order_after(&mut self, op: CmpOp, a: Value, b: Value) -> PyResult {
        let rname = match op {
            CmpOp::Lt => "__gt__",
            CmpOp::Le => "__ge__",
            CmpOp::Gt => "__lt__",
            _ => "__le__",
        };
        if let Some(r) = self.try_dunder(b, rname, a)? {
            return Ok(r);
        }
        self.rich_order_fallback(op, a, b)
    }

    /// Ordering of user objects when no method gave a result: the
    /// built-in values of subclasses of built-ins, else the error.
    fn rich_order_fallback(&mut self, op: CmpOp, a: Value, b: Value) -> PyResult {
        let (ba, bb) = (self.builtin_base(a), self.builtin_base(b));
        if !ba.is(a) || !bb.is(b) {
            return self.rich_order(op, ba, bb);
        }
        self.order_error(op, a, b)
    }

    fn order_error(&mut self, op: CmpOp, a: Value, b: Value) -> PyResult {
        let sym = match op {
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            _ => ">=",
        };
        let (na, nb) = (self.type_name(a), self.type_name(b));
        Err(self.type_error(format!(
            "'{sym}' not supported between instances of '{na}' and '{nb}'"
        )))
    }

    /// Ordering of built-in sequences and sets; None when unsupported.
    fn order_builtin(&mut self, op: CmpOp, a: Value, b: Value) -> PyResult<Option<bool>> {
        let (Value::Obj(ha), Value::Obj(hb)) = (a, b) else {
            return Ok(None);
        };
        let ord = match (self.heap.get(ha), self.heap.get(hb)) {
            (Obj::Str(x), Obj::Str(y)) => crate::types::strbuf::str_cmp(x, y),
            (Obj::Bytes(x), Obj::Bytes(y)) => x[..].cmp(&y[..]),
            (Obj::ByteArray(x), Obj::ByteArray(y)) => x[..].cmp(&y[..]),
            (Obj::Bytes(x), Obj::ByteArray(y)) => x[..].cmp(&y[..]),
            (Obj::ByteArray(x), Obj::Bytes(y)) => x[..].cmp(&y[..]),
            (Obj::List(_), Obj::List(_)) | (Obj::Tuple(_), Obj::Tuple(_)) => {
                self.enter_recursion()?;
                let r = self.order_seq(op, a, b);
                self.leave_recursion();
                return r.map(Some);
            }
            (Obj::Set(x) | Obj::FrozenSet(x), Obj::Set(y) | Obj::FrozenSet(y)) => {
                // Only the direction asked for is walked, and not at all
                // when the sizes already decide (as CPython does).
                let (lx, ly) = (x.len(), y.len());
                return Ok(Some(match op {
                    CmpOp::Lt => lx < ly && self.is_subset(a, b)?,
                    CmpOp::Le => lx <= ly && self.is_subset(a, b)?,
                    CmpOp::Gt => lx > ly && self.is_subset(b, a)?,
                    _ => lx >= ly && self.is_subset(b, a)?,
                }));
            }
            (Obj::DictView { .. }, _) | (_, Obj::DictView { .. }) => {
                return crate::types::dictview::view_order(self, op, a, b)
            }
            _ => return Ok(None),
        };
        Ok(Some(ord_matches(op, ord)))
    }

    /// Orders two lists or two tuples by their first differing items.
    /// Items are fetched one at a time (no copies): a user `__eq__` may
    /// shrink a list meanwhile, which just ends the walk early.
    fn order_seq(&mut self, op: CmpOp, a: Value, b: Value) -> PyResult<bool> {
        let mut i = 0;
        loop {
            let (x, y) = (self.seq_item(a, i), self.seq_item(b, i));
            let (Some(xi), Some(yi)) = (x, y) else {
                let (lx, ly) = (self.seq_len(a), self.seq_len(b));
                return Ok(ord_matches(op, lx.cmp(&ly)));
            };
            if !self.item_eq(xi, yi)? {
                if let Some(lt) = self.fast_lt(xi, yi, op) {
                    return Ok(lt);
                }
                let r = self.rich_order(op, xi, yi)?;
                return self.truthy(r);
            }
            i += 1;
        }
    }

    fn seq_item(&self, v: Value, i: usize) -> Option<Value> {
        match self.heap.get(v.as_obj()?) {
            Obj::List(l) => l.get(i).copied(),
            Obj::Tuple(t) => t.get(i).copied(),
            _ => None,
        }
    }

    fn seq_len(&self, v: Value) -> usize {
        match v.as_obj().map(|h| self.heap.get(h)) {
            Some(Obj::List(l)) => l.len(),
            Some(Obj::Tuple(t)) => t.len(),
            _ => 0,
        }
    }

    /// `a OP b` for an ordering `op` when both are small ints or bools,
    /// floats or strs: no dispatch, no allocation. None for anything else.
    pub(crate) fn fast_lt(&self, a: Value, b: Value, op: CmpOp) -> Option<bool> {
        let ord = match (a, b) {
            (Value::Int(x), Value::Int(y)) => x.cmp(&y),
            (Value::Int(_) | Value::Bool(_), Value::Int(_) | Value::Bool(_)) => {
                crate::sort::small_int(a).cmp(&crate::sort::small_int(b))
            }
            (Value::Float(x), Value::Float(y)) => x.partial_cmp(&y)?,
            (Value::Obj(x), Value::Obj(y)) => match (self.heap.get(x), self.heap.get(y)) {
                (Obj::Str(x), Obj::Str(y)) => crate::types::strbuf::str_cmp(x, y),
                _ => return None,
            },
            _ => return None,
        };
        match op {
            CmpOp::Lt | CmpOp::Le | CmpOp::Gt | CmpOp::Ge => Some(ord_matches(op, ord)),
            _ => None,
        }
    }

    pub fn is_subset(&mut self, a: Value, b: Value) -> PyResult<bool> {
        // Set in set: each key looked up by the hash stored with it.
        let tables = |vm: &Vm, v: Value| match v {
            Value::Obj(h) => matches!(vm.heap.get(h), Obj::Set(_) | Obj::FrozenSet(_)),
            _ => false,
        };
        if tables(self, a) && tables(self, b) {
            let size = |vm: &Vm, v: Value| match v {
                Value::Obj(h) => vm.table(h).map_or(0, |t| t.len()),
                _ => 0,
            };
            if size(self, a) > size(self, b) {
                return Ok(false);
            }
            if let Some(all) = crate::types::set::subset_fast(self, a, b) {
                return Ok(all);
            }
            for (hash, k) in self.table_keys_hashed(a).unwrap_or_default() {
                if !self.table_has_hashed(b, k, hash)? {
                    return Ok(false);
                }
            }
            return Ok(true);
        }
        let keys = self.iter_to_vec(a)?;
        for k in keys {
            if !self.contains(b, k)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Truth value.
    pub fn truthy(&mut self, v: Value) -> PyResult<bool> {
        Ok(match v {
            Value::Null | Value::None => false,
            Value::Bool(b) => b,
            Value::Int(i) => i != 0,
            Value::Float(f) => f != 0.0,
            Value::NotImplemented | Value::Ellipsis => true,
            Value::Obj(h) => match self.heap.get(h) {
                Obj::Str(s) => !s.s.is_empty(),
                Obj::Bytes(b) => !b.is_empty(),
                Obj::ByteArray(b) => !b.is_empty(),
                Obj::List(l) => !l.is_empty(),
                Obj::Tuple(t) => !t.is_empty(),
                Obj::Dict(d) | Obj::Set(d) | Obj::FrozenSet(d) => !d.is_empty(),
                Obj::BigInt(_) => true,
                Obj::Complex(re, im) => *re != 0.0 || *im != 0.0,
                Obj::Range { start, stop, step } => {
                    crate::types::range::range_len(*start, *stop, *step) > 0
                }
                Obj::BigRange(r) => {
                    crate::types::range::big_len(&r.start, &r.stop, &r.step) > 0.into()
                }
                Obj::Instance(_) | Obj::Exception(_) => return self.truthy_user(v),
                // A class is true unless its metaclass says otherwise
                // (`__bool__` or `__len__` on the metaclass).
                Obj::Class(_) => {
                    if self.type_of(v) == self.type_obj(crate::types::TypeId::Type) {
                        true
                    } else {
                        return self.truthy_user(v);
                    }
                }
                Obj::DictView { .. } => self.len(v)? > 0,
                _ => true,
            },
        })
    }

    fn truthy_user(&mut self, v: Value) -> PyResult<bool> {
        // A plain instance (no built-in base) of a class whose MRO defines
        // neither `__bool__` nor `__len__` is true, without the two
        // method lookups (~360 instructions an `if node:`).
        if let Value::Obj(h) = v {
            if let Obj::Instance(i) = self.heap.get(h) {
                if let Obj::Class(c) = self.heap.get(i.class) {
                    if i.base.is_null() && c.layout == Layout::Object && !c.flags.user_truth {
                        return Ok(true);
                    }
                }
            }
        }
        if let Some(m) = self.lookup_override(v, "__bool__") {
            let r = self.call_special(m, v, &[])?;
            return match r {
                Value::Bool(b) => Ok(b),
                _ => {
                    let t = self.type_name(r);
                    Err(self.type_error(format!("__bool__ should return bool, returned {t}")))
                }
            };
        }
        if let Some(m) = self.lookup_override(v, "__len__") {
            let r = self.call_special(m, v, &[])?;
            return Ok(self.index_value(r)? != 0);
        }
        let base = self.builtin_base(v);
        if !base.is(v) {
            return self.truthy(base);
        }
        Ok(true)
    }

    /// `hash(v)`.
    pub fn hash(&mut self, v: Value) -> PyResult<u64> {
        if let Some(h) = fast_hash(&self.heap, v) {
            return Ok(h);
        }
        let Value::Obj(h) = v else { return Ok(0) };
        match self.heap.get(h) {
            Obj::Tuple(_) => crate::types::tuple::tuple_hash(self, v),
            Obj::DictView { view, .. } if *view != crate::obj::DictView::Values => {
                Err(self.unhashable(v))
            }
            Obj::BoundMethod { this, func } => Ok(crate::types::method::method_hash(*this, *func)),
            Obj::Range { .. } | Obj::BigRange(_) => {
                Ok(crate::types::range::big_parts(&self.heap, v).map_or(0, |r| r.hash()))
            }
            Obj::FrozenSet(d) => {
                let keys: Vec<Value> = d.keys().collect();
                // Members may be frozensets: nested data, on the budget.
                self.enter_recursion()?;
                let mut acc: u64 = 0x1e5;
                let mut r = Ok(());
                for k in keys {
                    match self.hash(k) {
                        Ok(x) => {
                            acc = acc.wrapping_add(x.wrapping_mul(0x9e3779b97f4a7c15) ^ (x >> 17))
                        }
                        Err(e) => {
                            r = Err(e);
                            break;
                        }
                    }
                }
                self.leave_recursion();
                r.map(|()| acc)
            }
            // A class whose metaclass is `type` hashes by identity (type's
            // __hash__ cannot be replaced): no look-up through type's
            // attributes, which `cls in {...}` paid at every test.
            Obj::Class(c) if c.metaclass.is_null() => Ok(identity_hash(h)),
            Obj::Instance(_) | Obj::Exception(_) | Obj::Class(_) => {
                let m = self.lookup_type_attr(v, "__hash__");
                match m {
                    Some(Value::None) => Err(self.unhashable(v)),
                    Some(m) if !self.is_default_method(m) => {
                        let r = self.call_special(m, v, &[])?;
                        match num::as_num(&self.heap, r) {
                            // A result that fits is the hash as it is (-1
                            // excepted, which CPython reserves); a larger
                            // one is reduced as an int's hash is.
                            Some(Num::I(-1)) => Ok(-2i64 as u64),
                            Some(Num::I(i)) => Ok(i as u64),
                            Some(Num::B(b)) => Ok(num::hash_bigint(&b)),
                            _ => Err(self.type_error("__hash__ method should return an integer")),
                        }
                    }
                    _ => {
                        // (A class defining `__eq__` without `__hash__` has
                        // `__hash__ = None`: the first arm.)
                        // A subclass of a built-in hashes as its value does.
                        let base = self.builtin_base(v);
                        if !base.is(v) {
                            return self.hash(base);
                        }
                        Ok(identity_hash(h))
                    }
                }
            }
            Obj::List(_) | Obj::Dict(_) | Obj::Set(_) | Obj::ByteArray(_) | Obj::Slice(..) => {
                Err(self.unhashable(v))
            }
            _ => Ok(identity_hash(h)),
        }
    }

    fn unhashable(&mut self, v: Value) -> crate::PyErr {
        let t = self.type_name(v);
        self.type_error(format!("unhashable type: '{t}'"))
    }
}

fn ord_matches(op: CmpOp, ord: Ordering) -> bool {
    match op {
        CmpOp::Lt => ord == Ordering::Less,
        CmpOp::Le => ord != Ordering::Greater,
        CmpOp::Gt => ord == Ordering::Greater,
        CmpOp::Ge => ord != Ordering::Less,
        CmpOp::Eq => ord == Ordering::Equal,
        _ => ord != Ordering::Equal,
    }
}

/// An object's identity as `id()` and the default repr show it: unique
/// among live objects (the slot index alone is), varied by the slot's
/// generation, and kept below 2**63 so `id()` is a positive int, as
/// CPython's is.
pub fn identity_hash(h: crate::value::Gc) -> u64 {
    (((h.idx as u64) << 4) ^ ((h.gen as u64) << 36)) & (i64::MAX as u64)
}

/// Hash of values whose hash needs no interpreter: numbers, str, bytes.
pub fn fast_hash(heap: &Heap, v: Value) -> Option<u64> {
    Some(match v {
        Value::None => 0x9e37_79b9,
        Value::Bool(b) => b as u64,
        Value::Int(i) => num::hash_i64(i),
        Value::Float(f) => num::hash_f64(f),
        Value::Ellipsis => 0x5eed,
        Value::NotImplemented => 0x5eee,
        Value::Null => 0,
        Value::Obj(h) => match heap.get(h) {
            Obj::Str(s) => s.hash(),
            Obj::Bytes(b) => crate::heap::str_hash(&String::from_utf8_lossy(b)) ^ 0x7,
            Obj::BigInt(b) => num::hash_bigint(b),
            Obj::Complex(re, im) => {
                num::hash_f64(*re).wrapping_add(num::hash_f64(*im).wrapping_mul(1000003))
            }
            _ => return None,
        },
    })
}

/// Equality decided without running Python code; None if it needs the VM.
pub fn fast_eq(heap: &Heap, a: Value, b: Value) -> Option<bool> {
    fast_eq_nested(heap, a, b, FAST_EQ_DEPTH)
}

/// How deep [`fast_eq`] follows nested tuples on its own; deeper nesting is
/// left to the slow path, which counts against the recursion budget (the
/// fast path cannot raise, and unbounded it overflowed the native stack).
const FAST_EQ_DEPTH: u32 = 16;

fn fast_eq_nested(heap: &Heap, a: Value, b: Value, depth: u32) -> Option<bool> {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => return Some(x == y),
        (Value::Float(x), Value::Float(y)) => return Some(x == y),
        // Two strings (dict and set keys, mostly): compared before the
        // numeric conversions below, which looked both objects up (and
        // copied big ints) only to find they are not numbers.
        (Value::Obj(ha), Value::Obj(hb)) => match (heap.get(ha), heap.get(hb)) {
            (Obj::Str(x), Obj::Str(y)) => return Some(x.hash() == y.hash() && x.same(y)),
            (Obj::BigInt(x), Obj::BigInt(y)) => return Some(x == y),
            // Two classes (`type(x) in (str, bytes, ...)`): identity, as
            // below, without looking both up twice more first.
            (Obj::Class(_), Obj::Class(_)) => return Some(ha == hb),
            _ => {}
        },
        _ => {}
    }
    if let (Some(x), Some(y)) = (num::as_num(heap, a), num::as_num(heap, b)) {
        return Some(num::num_eq(&x, &y));
    }
    match (a, b) {
        (Value::Obj(ha), Value::Obj(hb)) => match (heap.get(ha), heap.get(hb)) {
            (Obj::Str(x), Obj::Str(y)) => Some(x.hash() == y.hash() && x.same(y)),
            (Obj::Bytes(x), Obj::Bytes(y)) => Some(x == y),
            (Obj::Bytes(x), Obj::ByteArray(y)) | (Obj::ByteArray(y), Obj::Bytes(x)) => {
                Some(x[..] == y[..])
            }
            (Obj::ByteArray(x), Obj::ByteArray(y)) => Some(x == y),
            (Obj::Tuple(x), Obj::Tuple(y)) => {
                if x.len() != y.len() {
                    return Some(false);
                }
                let depth = depth.checked_sub(1)?;
                for (p, q) in x.iter().zip(y.iter()) {
                    if !p.is(*q) {
                        match fast_eq_nested(heap, *p, *q, depth)? {
                            true => {}
                            false => return Some(false),
                        }
                    }
                }
                Some(true)
            }
            (Obj::Instance(_), _) | (_, Obj::Instance(_)) => None,
            (Obj::Exception(_), _) | (_, Obj::Exception(_)) => None,
            (Obj::MemoryView { .. }, _) | (_, Obj::MemoryView { .. }) => None,
            (Obj::List(_), Obj::List(_)) | (Obj::Dict(_), Obj::Dict(_)) => None,
            (Obj::Set(_) | Obj::FrozenSet(_), Obj::Set(_) | Obj::FrozenSet(_)) => None,
            (Obj::DictView { .. }, _) | (_, Obj::DictView { .. }) => None,
            (Obj::BoundMethod { this: t1, func: f1 }, Obj::BoundMethod { this: t2, func: f2 }) => {
                Some(crate::types::method::method_eq(*t1, *f1, *t2, *f2))
            }
            (
                Obj::Range {
                    start: s1,
                    stop: e1,
                    step: t1,
                },
                Obj::Range {
                    start: s2,
                    stop: e2,
                    step: t2,
                },
            ) => {
                let (l1, l2) = (
                    crate::types::range::range_len(*s1, *e1, *t1),
                    crate::types::range::range_len(*s2, *e2, *t2),
                );
                Some(l1 == l2 && (l1 == 0 || (s1 == s2 && (l1 == 1 || t1 == t2))))
            }
            (Obj::BigRange(_), Obj::Range { .. } | Obj::BigRange(_))
            | (Obj::Range { .. }, Obj::BigRange(_)) => {
                let (x, y) = (
                    crate::types::range::big_parts(heap, a),
                    crate::types::range::big_parts(heap, b),
                );
                Some(
                    matches!((x, y), (Some(x), Some(y)) if crate::types::range::ranges_equal(&x, &y)),
                )
            }
            _ => Some(ha == hb),
        },
        (Value::Obj(h), _) | (_, Value::Obj(h)) => match heap.get(h) {
            Obj::Instance(_) | Obj::Exception(_) => None,
            _ => Some(false),
        },
        _ => Some(a.is(b)),
    }
}
