//! `repr()`, `str()` and `format()` of values.

use crate::errors::ExcKind;
use crate::obj::Obj;
use crate::types::strwide::is_wide;
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;

impl Vm {
    /// Converts a numfmt error into the matching Python exception.
    pub fn num_err(&mut self, e: numfmt::NumError) -> crate::PyErr {
        let kind = match e {
            numfmt::NumError::Value(_) => ExcKind::ValueError,
            numfmt::NumError::Overflow(_) => ExcKind::OverflowError,
            numfmt::NumError::Type(_) => ExcKind::TypeError,
        };
        self.error(kind, e.to_string())
    }

    /// `repr(v)` as a Rust string.
    pub fn repr(&mut self, v: Value) -> PyResult<String> {
        self.repr_nested(v)
    }

    /// `repr` inside the repr of the containers in `self.repr_guard` (kept
    /// on the instance, so a native or user `__repr__` on the way keeps
    /// it): a container that contains itself prints as `[...]` (as
    /// CPython's `Py_ReprEnter` guard).
    fn repr_nested(&mut self, v: Value) -> PyResult<String> {
        Ok(match v {
            Value::Null => "<NULL>".into(),
            Value::None => "None".into(),
            Value::NotImplemented => "NotImplemented".into(),
            Value::Ellipsis => "Ellipsis".into(),
            Value::Bool(b) => if b { "True" } else { "False" }.into(),
            Value::Int(i) => i.to_string(),
            Value::Float(f) => numfmt::float_repr(f),
            Value::Obj(h) => {
                if self.repr_guard.contains(&h) {
                    return Ok(match self.heap.get(h) {
                        Obj::List(_) | Obj::Deque(_) => "[...]",
                        Obj::Instance(i) if matches!(i.base, Value::Obj(b) if matches!(self.heap.get(b), Obj::Deque(_))) => "[...]",
                        Obj::Tuple(_) => "(...)",
                        Obj::Dict(_) | Obj::Set(_) => "{...}",
                        _ => "...",
                    }
                    .into());
                }
                // Only the built-in containers guard themselves (a user
                // `__repr__` that calls `repr(self)` recurses, as in CPython).
                let guard = matches!(
                    self.heap.get(h),
                    Obj::List(_)
                        | Obj::Tuple(_)
                        | Obj::Dict(_)
                        | Obj::Set(_)
                        | Obj::FrozenSet(_)
                        | Obj::DictView { .. }
                );
                self.enter_recursion()?;
                if guard {
                    self.repr_guard.push(h);
                }
                let r = self.repr_obj(v, h);
                if guard {
                    self.repr_guard.pop();
                }
                self.leave_recursion();
                r?
            }
        })
    }

    fn repr_obj(&mut self, v: Value, h: crate::value::Gc) -> PyResult<String> {
        // A class whose metaclass defines `__repr__`.
        let has_meta = matches!(self.heap.get(h), Obj::Class(c) if !c.metaclass.is_null());
        if has_meta && self.meta_method(h, "__repr__").is_some() {
            return self.repr_user(v);
        }
        Ok(match self.heap.get(h) {
            Obj::Str(s) if s.has_surrogates() => crate::types::strbuf::wide_repr(s),
            Obj::Str(s) => numfmt::py_str_repr(&s.s),
            Obj::BigInt(b) => {
                let b = (**b).clone();
                numfmt::int_to_decimal_string(&b, numfmt::DEFAULT_MAX_STR_DIGITS)
                    .map_err(|e| self.num_err(e))?
            }
            Obj::Complex(re, im) => numfmt::complex_repr(*re, *im),
            Obj::Bytes(b) => bytes_repr(b, "b'", "'"),
            Obj::ByteArray(b) => {
                let inner = bytes_repr(b, "b'", "'");
                format!("bytearray({inner})")
            }
            Obj::List(_) => {
                let items = self.seq_items(v)?;
                format!("[{}]", self.join_reprs(&items)?)
            }
            Obj::Tuple(t) => {
                let items = t.to_vec();
                if items.len() == 1 {
                    format!("({},)", self.repr_nested(items[0])?)
                } else {
                    format!("({})", self.join_reprs(&items)?)
                }
            }
            Obj::Dict(d) => {
                let items: Vec<(Value, Value)> = d.iter().collect();
                let mut parts = Vec::with_capacity(items.len());
                for (k, x) in items {
                    parts.push(format!(
                        "{}: {}",
                        self.repr_nested(k)?,
                        self.repr_nested(x)?
                    ));
                }
                format!("{{{}}}", parts.join(", "))
            }
            Obj::Set(d) | Obj::FrozenSet(d) => {
                let frozen = matches!(self.heap.get(h), Obj::FrozenSet(_));
                let keys: Vec<Value> = d.keys().collect();
                if keys.is_empty() {
                    return Ok(if frozen {
                        "frozenset()".into()
                    } else {
                        "set()".into()
                    });
                }
                let inner = format!("{{{}}}", self.join_reprs(&keys)?);
                if frozen {
                    format!("frozenset({inner})")
                } else {
                    inner
                }
            }
            Obj::Range { start, stop, step } => {
                if *step == 1 {
                    format!("range({start}, {stop})")
                } else {
                    format!("range({start}, {stop}, {step})")
                }
            }
            Obj::BigRange(r) => crate::types::range::big_repr(r),
            Obj::Slice(a, b, c) => {
                let (a, b, c) = (*a, *b, *c);
                format!(
                    "slice({}, {}, {})",
                    self.repr(a)?,
                    self.repr(b)?,
                    self.repr(c)?
                )
            }
            Obj::Func(f) => {
                let q = self.heap.str_of(f.qualname).unwrap_or("?").to_string();
                format!("<function {q} at 0x{:x}>", crate::ops::identity_hash(h))
            }
            Obj::Native(n) => format!("<built-in function {}>", n.name),
            Obj::BoundMethod { this, func } => {
                let (this, func) = (*this, *func);
                let fname = self
                    .getattr_str(func, "__qualname__")
                    .ok()
                    .and_then(|n| self.heap.str_of(n).map(|s| s.to_string()));
                let r = self.repr(this)?;
                format!("<bound method {} of {r}>", fname.unwrap_or_default())
            }
            Obj::Class(c) => {
                let name = self.heap.str_of(c.qualname).unwrap_or("?").to_string();
                let builtin = c.builtin.is_some() || self.exc_classes.contains(&h);
                let module = if builtin {
                    None
                } else {
                    self.dict_get_str(h, "__module__")
                        .and_then(|m| self.heap.str_of(m).map(|s| s.to_string()))
                };
                let class_dict_module = match self.heap.get(h) {
                    Obj::Class(c) => c
                        .dict
                        .probe_str(
                            &self.heap,
                            crate::heap::str_hash("__module__"),
                            "__module__",
                        )
                        .map(|p| c.dict.value_at(p)),
                    _ => None,
                };
                let module = module.or_else(|| {
                    class_dict_module.and_then(|m| self.heap.str_of(m).map(|s| s.to_string()))
                });
                match module {
                    Some(m) if m != "builtins" => format!("<class '{m}.{name}'>"),
                    _ => format!("<class '{name}'>"),
                }
            }
            Obj::Module(m) => {
                let n = self.heap.str_of(m.name).unwrap_or("?").to_string();
                format!("<module '{n}'>")
            }
            Obj::Instance(_) | Obj::Exception(_) => return self.repr_user(v),
            Obj::Generator(g) => {
                let q = self.heap.str_of(g.qualname).unwrap_or("?").to_string();
                let kind = match g.kind {
                    crate::obj::GenKind::Generator => "generator",
                    crate::obj::GenKind::Coroutine => "coroutine",
                    crate::obj::GenKind::AsyncGenerator => "async_generator",
                };
                format!(
                    "<{kind} object {q} at 0x{:x}>",
                    crate::ops::identity_hash(h)
                )
            }
            Obj::DictView { dict, view } => {
                let (d, view) = (*dict, *view);
                let name = match view {
                    crate::obj::DictView::Keys => "dict_keys",
                    crate::obj::DictView::Values => "dict_values",
                    crate::obj::DictView::Items => "dict_items",
                };
                let _ = d;
                let items = self.iter_to_vec(v)?;
                format!("{name}([{}])", self.join_reprs(&items)?)
            }
            Obj::Super { class, this } => {
                // CPython: <super: <class 'C'>, <T object>>, where T is
                // the object's type (or the object itself if it is a class).
                let (class, this) = (*class, *this);
                let t = match this {
                    Value::Obj(th)
                        if matches!(self.heap.get(th), Obj::Class(_))
                            && self.is_subclass(th, class) =>
                    {
                        th
                    }
                    _ => self.type_of(this),
                };
                let name = |vm: &Vm, c: crate::value::Gc| match vm.heap.get(c) {
                    Obj::Class(k) => vm.heap.str_of(k.name).unwrap_or("?").to_string(),
                    _ => "?".to_string(),
                };
                format!(
                    "<super: <class '{}'>, <{} object>>",
                    name(self, class),
                    name(self, t)
                )
            }
            Obj::Cell(_) => "<cell>".into(),
            Obj::Capability(c) => crate::modules::cheri::cap_repr(c),
            Obj::Code(c) => format!(
                "<code object {} at 0x{:x}>",
                c.name,
                crate::ops::identity_hash(h)
            ),
            Obj::MemoryView { .. } => format!("<memory at 0x{:x}>", crate::ops::identity_hash(h)),
            _ => {
                let t = self.type_name(v);
                format!("<{t} object at 0x{:x}>", crate::ops::identity_hash(h))
            }
        })
    }

    fn repr_user(&mut self, v: Value) -> PyResult<String> {
        if let Some(m) = self.lookup_type_attr(v, "__repr__") {
            if !self.is_default_method(m) {
                let r = self.call(m, &[v], &[])?;
                return match self.heap.str_of(r) {
                    Some(s) => Ok(s.to_string()),
                    None => {
                        let t = self.type_name(r);
                        Err(self.type_error(format!("__repr__ returned non-string (type {t})")))
                    }
                };
            }
        }
        let base = self.builtin_base(v);
        if !base.is(v) {
            let r = self.repr(base)?;
            // A bytearray names its own type, as CPython's does
            // (`Quiet(b'x')` for a subclass).
            if let Some(inner) = r.strip_prefix("bytearray(") {
                if matches!(base, Value::Obj(b) if matches!(self.heap.get(b), Obj::ByteArray(_))) {
                    return Ok(format!("{}({inner}", self.type_name(v)));
                }
            }
            return Ok(r);
        }
        if let Value::Obj(h) = v {
            if matches!(self.heap.get(h), Obj::Exception(_)) {
                return self.exception_repr(v);
            }
            return Ok(self.default_object_repr(v));
        }
        Ok("?".into())
    }

    /// `BaseException.__repr__`: the type's name and the args.
    pub fn exception_repr(&mut self, v: Value) -> PyResult<String> {
        let args = match v {
            Value::Obj(h) => match self.heap.get(h) {
                Obj::Exception(e) => e.args,
                _ => return Ok(self.default_object_repr(v)),
            },
            _ => return Ok(self.default_object_repr(v)),
        };
        let name = self.type_name(v);
        let items = self.seq_items(args)?;
        Ok(if items.len() == 1 {
            format!("{name}({})", self.repr(items[0])?)
        } else {
            format!("{name}({})", self.join_reprs(&items)?)
        })
    }

    /// `object.__repr__`: `<module.Qualname object at 0x...>`, without the
    /// module for built-in types.
    pub(crate) fn default_object_repr(&self, v: Value) -> String {
        let t = self.type_of(v);
        let (name, module) = match self.heap.get(t) {
            Obj::Class(c) => (
                self.heap.str_of(c.qualname).unwrap_or("?").to_string(),
                self.dict_get_str_in(&c.dict, "__module__")
                    .and_then(|m| self.heap.str_of(m).map(|s| s.to_string())),
            ),
            _ => ("?".into(), None),
        };
        let prefix = match module {
            Some(m) if m != "builtins" => format!("{m}."),
            _ => String::new(),
        };
        let id = v.as_obj().map(crate::ops::identity_hash).unwrap_or(0);
        format!("<{prefix}{name} object at 0x{id:x}>")
    }

    fn join_reprs(&mut self, items: &[Value]) -> PyResult<String> {
        let mut out = String::new();
        for (i, &x) in items.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(&self.repr_nested(x)?);
        }
        Ok(out)
    }

    /// `str(v)` as a Rust string.
    pub fn to_str(&mut self, v: Value) -> PyResult<String> {
        if let Value::Obj(h) = v {
            match self.heap.get(h) {
                Obj::Str(s) => return Ok(s.s.to_string()),
                Obj::Instance(_) | Obj::Exception(_) => {
                    if let Some(m) = self.lookup_type_attr(v, "__str__") {
                        if !self.is_default_method(m) {
                            let r = self.call(m, &[v], &[])?;
                            return match self.heap.str_of(r) {
                                Some(s) => Ok(s.to_string()),
                                None => {
                                    let t = self.type_name(r);
                                    Err(self.type_error(format!(
                                        "__str__ returned non-string (type {t})"
                                    )))
                                }
                            };
                        }
                    }
                    if let Obj::Exception(e) = self.heap.get(h) {
                        let items = self.seq_items(e.args)?;
                        return match items.len() {
                            0 => Ok(String::new()),
                            1 => self.to_str(items[0]),
                            _ => self.repr(e_args(self, h)),
                        };
                    }
                    let base = self.builtin_base(v);
                    if !base.is(v)
                        && self
                            .lookup_type_attr(v, "__repr__")
                            .is_none_or(|m| self.is_default_method(m))
                    {
                        // bytearray's str is its repr, which names the
                        // subclass.
                        if matches!(base, Value::Obj(b) if matches!(self.heap.get(b), Obj::ByteArray(_)))
                        {
                            return self.repr(v);
                        }
                        return self.to_str(base);
                    }
                }
                _ => {}
            }
        }
        self.repr(v)
    }

    pub fn str_value(&mut self, v: Value) -> PyResult {
        if self.heap.str_of(v).is_some() {
            return Ok(v);
        }
        let s = self.to_str(v)?;
        self.new_string(s)
    }

    /// `format(v, spec)`.
    pub fn format(&mut self, v: Value, spec: &str) -> PyResult<String> {
        let r = match v {
            Value::Int(i) => numfmt::i64_dunder_format(i, spec),
            Value::Bool(b) if spec.is_empty() => return Ok(if b { "True" } else { "False" }.into()),
            Value::Bool(b) => numfmt::i64_dunder_format(b as i64, spec),
            Value::Float(f) => numfmt::float_dunder_format(f, spec),
            Value::Obj(h) => match self.heap.get(h) {
                Obj::Str(s) => numfmt::str_dunder_format(&s.s, spec),
                Obj::BigInt(b) => numfmt::int_dunder_format(b, spec),
                Obj::Complex(re, im) => numfmt::complex_dunder_format(*re, *im, spec),
                Obj::Instance(_) | Obj::Exception(_) | Obj::Class(_) => {
                    if let Some(m) = self.lookup_type_attr(v, "__format__") {
                        if !self.is_default_method(m) {
                            let sv = self.new_str(spec)?;
                            let r = self.call(m, &[v, sv], &[])?;
                            return match self.heap.str_of(r) {
                                Some(s) => Ok(s.to_string()),
                                None => Err(self.type_error("__format__ must return a str")),
                            };
                        }
                    }
                    let base = self.builtin_base(v);
                    if !base.is(v) {
                        return self.format(base, spec);
                    }
                    return self.format_default(v, spec);
                }
                _ => return self.format_default(v, spec),
            },
            _ => return self.format_default(v, spec),
        };
        r.map_err(|e| self.num_err(e))
    }

    fn format_default(&mut self, v: Value, spec: &str) -> PyResult<String> {
        if !spec.is_empty() {
            let t = self.type_name(v);
            return Err(self.type_error(format!(
                "unsupported format string passed to {t}.__format__"
            )));
        }
        self.to_str(v)
    }

    /// FormatValue: conversion 0 none, 1 str, 2 repr, 3 ascii.
    pub(crate) fn format_value(&mut self, v: Value, conv: u32, spec: Value) -> PyResult {
        let v = match conv {
            1 => self.str_value(v)?,
            2 => {
                let s = self.repr(v)?;
                self.new_string(s)?
            }
            3 => {
                let s = self.repr(v)?;
                self.new_string(ascii_escape(&s))?
            }
            _ => v,
        };
        let spec_v = spec;
        let spec = if spec.is_null() {
            String::new()
        } else {
            self.heap.str_of(spec).unwrap_or("").to_string()
        };
        if spec.is_empty() && self.heap.str_of(v).is_some() {
            return Ok(v);
        }
        if is_wide(self, v) || is_wide(self, spec_v) {
            return crate::types::strwide::format_wide(self, v, spec_v);
        }
        let s = self.format(v, &spec)?;
        self.new_string(s)
    }
}

fn e_args(vm: &Vm, h: crate::value::Gc) -> Value {
    match vm.heap.get(h) {
        Obj::Exception(e) => e.args,
        _ => Value::None,
    }
}

/// `ascii()`: escapes non-ASCII characters of a repr.
pub fn ascii_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        let n = c as u32;
        if n < 0x80 {
            out.push(c);
        } else if n < 0x100 {
            out.push_str(&format!("\\x{n:02x}"));
        } else if n < 0x10000 {
            out.push_str(&format!("\\u{n:04x}"));
        } else {
            out.push_str(&format!("\\U{n:08x}"));
        }
    }
    out
}

/// `repr()` of bytes content with the given prefix and suffix.
pub fn bytes_repr(b: &[u8], prefix: &str, suffix: &str) -> String {
    let quote = if b.contains(&b'\'') && !b.contains(&b'"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(b.len() + 3);
    out.push_str(&prefix[..prefix.len() - 1]);
    out.push(quote);
    for &c in b {
        match c {
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            c if c as char == quote => {
                out.push('\\');
                out.push(quote);
            }
            0x20..=0x7e => out.push(c as char),
            _ => out.push_str(&format!("\\x{c:02x}")),
        }
    }
    out.push(quote);
    let _ = suffix;
    out
}
