//! The run-time tests of the `match` statement (PEP 634): what the
//! `MatchSequence`, `MatchMapping`, `MatchKeys`, `MatchRest` and
//! `MatchClass` instructions ask (bytecode.rs; the compiler's side is
//! capy-compiler's compile/pattern.rs).
//!
//! Values fetched here (mapping values, attributes) can come from Python
//! code that allocates, so each is rooted until the result tuple holds it.

use crate::obj::Obj;
use crate::types::TypeId;
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;

/// The built-in types whose class pattern takes one positional
/// sub-pattern matched against the subject itself (`case int(n):`).
const SELF_MATCHING: [TypeId; 11] = [
    TypeId::Bool,
    TypeId::ByteArray,
    TypeId::Bytes,
    TypeId::Dict,
    TypeId::Float,
    TypeId::FrozenSet,
    TypeId::Int,
    TypeId::List,
    TypeId::Set,
    TypeId::Str,
    TypeId::Tuple,
];

/// What a value is to the pattern tests.
enum Shape {
    Sequence,
    Mapping,
    /// Neither, for certain.
    Other,
    /// A user-defined class: asked through `collections.abc`.
    Ask,
}

impl Vm {
    fn shape(&mut self, v: Value) -> Shape {
        if crate::modules::array::typecode_of(self, v).is_some() {
            return Shape::Sequence;
        }
        let Value::Obj(h) = self.builtin_base(v) else {
            return Shape::Other;
        };
        match self.heap.get(h) {
            Obj::List(_)
            | Obj::Tuple(_)
            | Obj::Range { .. }
            | Obj::BigRange(_)
            | Obj::Deque(_)
            | Obj::MemoryView { .. } => Shape::Sequence,
            Obj::Dict(_) => Shape::Mapping,
            Obj::Instance(_) => Shape::Ask,
            _ => Shape::Other,
        }
    }

    /// `isinstance(v, collections.abc.<abc>)` when that module is loaded
    /// (a class can only derive from or register with it once it is).
    fn abc_instance(&mut self, v: Value, abc: &str) -> PyResult<bool> {
        let Some(Value::Obj(m)) = self.dict_get_str(self.modules, "_collections_abc") else {
            return Ok(false);
        };
        match self.dict_get_str(m, abc) {
            Some(cls @ Value::Obj(_)) => crate::builtins::instance_check(self, v, cls, false),
            _ => Ok(false),
        }
    }

    /// Whether `v` is matched by sequence patterns.
    pub(crate) fn match_sequence(&mut self, v: Value) -> PyResult<bool> {
        match self.shape(v) {
            Shape::Sequence => Ok(true),
            Shape::Ask => self.abc_instance(v, "Sequence"),
            Shape::Mapping | Shape::Other => Ok(false),
        }
    }

    /// Whether `v` is matched by mapping patterns.
    pub(crate) fn match_mapping(&mut self, v: Value) -> PyResult<bool> {
        match self.shape(v) {
            Shape::Mapping => Ok(true),
            Shape::Ask => self.abc_instance(v, "Mapping"),
            Shape::Sequence | Shape::Other => Ok(false),
        }
    }

    /// The values of the tuple `keys` in the mapping `map`, as a tuple, or
    /// None when one is missing. Looked up with `map.get`, so a
    /// `defaultdict` does not grow.
    pub(crate) fn match_keys(&mut self, map: Value, keys: Value) -> PyResult {
        let keys = self.seq_items(keys)?;
        for (i, &k) in keys.iter().enumerate() {
            for &earlier in &keys[..i] {
                if self.item_eq(earlier, k)? {
                    let r = self.repr(k)?;
                    return Err(
                        self.value_error(format!("mapping pattern checks duplicate key ({r})"))
                    );
                }
            }
        }
        let mark = self.temp_roots.len();
        let r = self.match_keys_rooted(map, &keys);
        self.temp_roots.truncate(mark);
        r
    }

    fn match_keys_rooted(&mut self, map: Value, keys: &[Value]) -> PyResult {
        let exact_dict = matches!(map, Value::Obj(h) if matches!(self.heap.get(h), Obj::Dict(_)));
        let get = if exact_dict {
            None
        } else {
            let name = self.intern_static("get");
            Some(self.getattr(map, name)?)
        };
        if let Some(g) = get {
            self.temp_roots.push(g);
        }
        // A fresh object no mapping can hold: `get`'s "missing" answer.
        let missing = self.new_list(Vec::new())?;
        self.temp_roots.push(missing);
        let mut values = Vec::with_capacity(keys.len());
        for &k in keys {
            let v = match get {
                None => self.dict_get(map, k)?,
                Some(g) => Some(self.call(g, &[k, missing], &[])?).filter(|v| !v.is(missing)),
            };
            let Some(v) = v else {
                return Ok(Value::None);
            };
            self.temp_roots.push(v);
            values.push(v);
        }
        self.new_tuple(values)
    }

    /// `**rest` of a mapping pattern: a new dict of `map`'s items but
    /// those of `keys`.
    pub(crate) fn match_rest(&mut self, map: Value, keys: Value) -> PyResult {
        let rest = self.new_dict()?;
        let mark = self.temp_roots.len();
        self.temp_roots.push(rest);
        let r = self.dict_update(rest, map, false).and_then(|()| {
            for k in self.seq_items(keys)? {
                self.dict_del(rest, k)?;
            }
            Ok(rest)
        });
        self.temp_roots.truncate(mark);
        r
    }

    /// A class pattern `cls(<npos positional>, <names>=...)` against `v`:
    /// the tuple of values its sub-patterns match, or None.
    pub(crate) fn match_class(
        &mut self,
        v: Value,
        cls: Value,
        names: Value,
        npos: usize,
    ) -> PyResult {
        let is_class = matches!(cls, Value::Obj(c) if matches!(self.heap.get(c), Obj::Class(_)));
        if !is_class {
            return Err(self.type_error("called match pattern must be a type"));
        }
        if !crate::builtins::instance_check(self, v, cls, false)? {
            return Ok(Value::None);
        }
        let mark = self.temp_roots.len();
        let r = self.match_class_rooted(v, cls, names, npos);
        self.temp_roots.truncate(mark);
        r
    }

    fn match_class_rooted(&mut self, v: Value, cls: Value, names: Value, npos: usize) -> PyResult {
        let mut attrs: Vec<Value> = Vec::new();
        let mut wanted: Vec<Value> = Vec::new();
        if npos > 0 {
            match self.match_args(cls, npos)? {
                None => attrs.push(v),
                Some(positional) => wanted = positional,
            }
        }
        wanted.extend(self.seq_items(names)?);
        for (i, &name) in wanted.iter().enumerate() {
            let n = self.heap.str_of(name);
            if wanted[..i].iter().any(|&w| self.heap.str_of(w) == n) {
                let c = self.class_name_if_class(cls).unwrap_or_default();
                let n = n.unwrap_or("?").to_string();
                return Err(self.type_error(format!(
                    "{c}() got multiple sub-patterns for attribute '{n}'"
                )));
            }
        }
        for name in wanted {
            let Some(a) = self.getattr_opt(v, name)? else {
                return Ok(Value::None);
            };
            self.temp_roots.push(a);
            attrs.push(a);
        }
        self.new_tuple(attrs)
    }

    /// The first `npos` names of `cls.__match_args__`; None when `cls` is
    /// a self-matching built-in type without one (and `npos` is 1).
    fn match_args(&mut self, cls: Value, npos: usize) -> PyResult<Option<Vec<Value>>> {
        let c = self.class_name_if_class(cls).unwrap_or_default();
        let attr = self.intern_static("__match_args__");
        let Some(ma) = self.getattr_opt(cls, attr)? else {
            let Value::Obj(g) = cls else { return Ok(None) };
            let self_matching = SELF_MATCHING
                .iter()
                .any(|&t| self.is_subclass(g, self.type_obj(t)));
            return match (self_matching, npos) {
                (true, 1) => Ok(None),
                (true, _) => Err(self.type_error(format!(
                    "{c}() accepts 1 positional sub-pattern ({npos} given)"
                ))),
                (false, _) => Err(self.type_error(format!(
                    "{c}() accepts 0 positional sub-patterns ({npos} given)"
                ))),
            };
        };
        let is_tuple = matches!(ma, Value::Obj(t) if matches!(self.heap.get(t), Obj::Tuple(_)));
        if !is_tuple {
            let t = self.type_name(ma);
            return Err(self.type_error(format!("{c}.__match_args__ must be a tuple (got {t})")));
        }
        let items = self.seq_items(ma)?;
        if npos > items.len() {
            let n = items.len();
            let s = if n == 1 { "" } else { "s" };
            return Err(self.type_error(format!(
                "{c}() accepts {n} positional sub-pattern{s} ({npos} given)"
            )));
        }
        let mut out = Vec::with_capacity(npos);
        for &name in &items[..npos] {
            if !self.is_type(name, TypeId::Str) {
                let t = self.type_name(name);
                return Err(
                    self.type_error(format!("__match_args__ elements must be strings (got {t})"))
                );
            }
            out.push(name);
        }
        Ok(Some(out))
    }
}
