//! Container protocols shared by the built-in collections: item access,
//! membership, length, dict/set primitives, and sequence operators.

use crate::dict::{Dict, Probe};
use crate::obj::{Obj, PyStr};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use capy_compiler::BinOp;

impl Vm {
    // ---- dict primitives (work for dict, set and frozenset tables)

    pub(crate) fn table(&self, d: Gc) -> Option<&Dict> {
        match self.heap.get(d) {
            Obj::Dict(t) | Obj::Set(t) | Obj::FrozenSet(t) => Some(t),
            _ => None,
        }
    }
    pub(crate) fn table_mut(&mut self, d: Gc) -> Option<&mut Dict> {
        match self.heap.get_mut(d) {
            Obj::Dict(t) | Obj::Set(t) | Obj::FrozenSet(t) => Some(t),
            _ => None,
        }
    }

    /// The live keys of a set, frozenset or dict with their stored hashes
    /// (None for anything else), in iteration order. The keys are rooted in
    /// `temp_roots`, as [`Self::iter_to_vec`] roots its items, so that a
    /// `__eq__` that empties the table cannot free them under the caller.
    pub(crate) fn table_keys_hashed(&mut self, v: Value) -> Option<Vec<(u64, Value)>> {
        let Value::Obj(h) = v else { return None };
        let keys: Vec<(u64, Value)> = self.table(h)?.hashed_keys().collect();
        self.temp_roots.extend(keys.iter().map(|&(_, k)| k));
        Some(keys)
    }

    /// Whether the table of `d` holds `key`, whose hash is `hash`.
    pub(crate) fn table_has_hashed(&mut self, d: Value, key: Value, hash: u64) -> PyResult<bool> {
        let Value::Obj(h) = d else { return Ok(false) };
        Ok(self.dict_find_hashed(h, key, hash)?.is_some())
    }

    /// Finds `key` in the table of `d`, running `__eq__` when needed.
    pub fn dict_find(&mut self, d: Gc, key: Value) -> PyResult<Option<usize>> {
        let hash = self.hash(key)?;
        self.dict_find_hashed(d, key, hash)
    }

    /// [`Self::dict_find`] for a key whose hash is known: the caller
    /// hashed it already, or took it from another table's entry (set
    /// algebra does, as CPython's does, so a key's `__hash__` runs once).
    pub fn dict_find_hashed(&mut self, d: Gc, key: Value, hash: u64) -> PyResult<Option<usize>> {
        let probe = match self.table(d) {
            Some(t) => t.probe(&self.heap, hash, key),
            None => return Ok(None),
        };
        match probe {
            Probe::Found(p) => Ok(Some(p)),
            Probe::Missing => Ok(None),
            Probe::Slow => 'lookup: loop {
                let cands = self
                    .table(d)
                    .map(|t| t.candidates(hash))
                    .unwrap_or_default();
                for p in cands {
                    let k = self.table(d).map(|t| t.key_at(p)).unwrap_or(Value::Null);
                    if k.is_null() {
                        continue;
                    }
                    let same = self.eq(k, key)?;
                    // `__eq__` may have changed the table (cleared it,
                    // resized it): a position found before it ran names
                    // another entry, or none. Look again, as CPython does.
                    if !self.table(d).is_some_and(|t| t.key_at(p).is(k)) {
                        continue 'lookup;
                    }
                    if same {
                        return Ok(Some(p));
                    }
                }
                break Ok(None);
            },
        }
    }

    pub fn dict_get(&mut self, d: Value, key: Value) -> PyResult<Option<Value>> {
        let Value::Obj(h) = d else { return Ok(None) };
        if let Value::Obj(kh) = key {
            if let Obj::Str(s) = self.heap.get(kh) {
                let hash = s.hash();
                match self.table(h).map(|t| t.probe(&self.heap, hash, key)) {
                    Some(Probe::Found(p)) => return Ok(self.table(h).map(|t| t.value_at(p))),
                    // A key that needs Python equality (a str subclass).
                    Some(Probe::Slow) => {}
                    _ => return Ok(None),
                }
            }
        }
        Ok(self
            .dict_find(h, key)?
            .and_then(|p| self.table(h).map(|t| t.value_at(p))))
    }

    /// Lookup of a str key by its precomputed hash (globals, attributes).
    #[inline]
    pub fn dict_lookup_str_hash(&self, d: Gc, key: Value, hash: u64) -> Option<Value> {
        let t = self.table(d)?;
        match t.probe(&self.heap, hash, key) {
            Probe::Found(p) => Some(t.value_at(p)),
            _ => None,
        }
    }

    pub fn dict_set(&mut self, d: Value, key: Value, v: Value) -> PyResult<()> {
        let Value::Obj(h) = d else {
            return Err(self.type_error("not a dict"));
        };
        if !matches!(self.heap.get(h), Obj::Dict(_) | Obj::Set(_)) {
            return self.setitem(d, key, v);
        }
        let hash = self.hash(key)?;
        match self.dict_find_hashed(h, key, hash)? {
            Some(p) => {
                if let Some(t) = self.table_mut(h) {
                    t.set_value_at(p, v);
                }
            }
            None => {
                self.charge_holding(40, &[key, v])?;
                if let Some(t) = self.table_mut(h) {
                    t.insert_new(hash, key, v);
                }
            }
        }
        Ok(())
    }

    /// `d[key] = v` for an exact dict and a `str` key, without the
    /// general protocol: the key's hash is the string's own, and equal
    /// keys are found by the probe alone. False, with nothing done, for
    /// anything else: another container or key, a key that needs Python
    /// equality, a new entry the quota refuses (the general path then
    /// raises MemoryError).
    #[inline]
    pub(crate) fn dict_store_str(&mut self, d: Gc, key: Value, v: Value) -> bool {
        let Value::Obj(k) = key else { return false };
        let Obj::Str(s) = self.heap.get(k) else {
            return false;
        };
        let hash = s.hash();
        let Obj::Dict(t) = self.heap.get(d) else {
            return false;
        };
        match t.probe(&self.heap, hash, key) {
            Probe::Found(p) => {
                if let Obj::Dict(t) = self.heap.get_mut(d) {
                    t.set_value_at(p, v);
                }
                true
            }
            Probe::Missing => {
                if self.charge_holding(40, &[key, v]).is_err() {
                    return false;
                }
                if let Obj::Dict(t) = self.heap.get_mut(d) {
                    t.insert_new(hash, key, v);
                }
                true
            }
            Probe::Slow => false,
        }
    }

    /// Removes `key`; returns whether it was present.
    pub fn dict_del(&mut self, d: Value, key: Value) -> PyResult<bool> {
        let Value::Obj(h) = d else { return Ok(false) };
        match self.dict_find(h, key)? {
            Some(p) => {
                if let Some(t) = self.table_mut(h) {
                    t.remove_at(p);
                }
                Ok(true)
            }
            None => Ok(false),
        }
    }

    pub fn dict_pop(&mut self, d: Value, key: Value) -> PyResult<Option<Value>> {
        let Value::Obj(h) = d else { return Ok(None) };
        match self.dict_find(h, key)? {
            Some(p) => Ok(self
                .table_mut(h)
                .and_then(|t| t.remove_at(p))
                .map(|e| e.value)),
            None => Ok(None),
        }
    }

    /// `d.update(m)` (or the `{**m}` / `f(**m)` merges when `strict`).
    pub fn dict_update(&mut self, d: Value, m: Value, strict: bool) -> PyResult<()> {
        // A dict subclass that keeps dict's iteration is read directly, as
        // CPython does (an overridden `__getitem__` is not consulted).
        let base = self.builtin_base(m);
        let m = if !base.is(m) && self.lookup_override(m, "__iter__").is_none() {
            base
        } else {
            m
        };
        let pairs: Vec<(Value, Value)> = match m {
            Value::Obj(h) => match self.heap.get(h) {
                Obj::Dict(t) => t.iter().collect(),
                _ => {
                    if self.lookup_type_attr(m, "keys").is_some() {
                        let keys = self.call_method_by_name(m, "keys", &[])?;
                        let keys = self.iter_to_vec(keys)?;
                        let mut out = Vec::with_capacity(keys.len());
                        for k in keys {
                            let v = self.getitem(m, k)?;
                            out.push((k, v));
                        }
                        out
                    } else if strict {
                        let t = self.type_name(m);
                        return Err(self
                            .type_error(format!("argument after ** must be a mapping, not {t}")));
                    } else {
                        let items = self.iter_to_vec(m)?;
                        let mut out = Vec::new();
                        for it in items {
                            let kv = self.iter_to_vec(it)?;
                            if kv.len() != 2 {
                                return Err(self.value_error(format!(
                                    "dictionary update sequence element has length {}; 2 is required",
                                    kv.len()
                                )));
                            }
                            out.push((kv[0], kv[1]));
                        }
                        out
                    }
                }
            },
            _ => {
                let t = self.type_name(m);
                return Err(self.type_error(format!("'{t}' object is not iterable")));
            }
        };
        for (k, v) in pairs {
            if strict {
                if let Value::Obj(h) = d {
                    if self.dict_find(h, k)?.is_some() {
                        let r = self.repr(k)?;
                        return Err(self
                            .type_error(format!("got multiple values for keyword argument {r}")));
                    }
                }
            }
            self.dict_set(d, k, v)?;
        }
        Ok(())
    }

    // ---- lists

    pub fn list_append(&mut self, l: Value, v: Value) -> PyResult<()> {
        self.charge_holding(16, &[v])?;
        match l {
            Value::Obj(h) => match self.heap.get_mut(h) {
                Obj::List(items) => {
                    items.push(v);
                    Ok(())
                }
                _ => Err(self.type_error("append to non-list")),
            },
            _ => Err(self.type_error("append to non-list")),
        }
    }

    pub fn list_extend(&mut self, l: Value, it: Value) -> PyResult<()> {
        let items = self.iter_to_vec(it)?;
        self.charge_holding(items.len() * 16, &items)?;
        if let Value::Obj(h) = l {
            if let Obj::List(v) = self.heap.get_mut(h) {
                v.extend(items);
            }
        }
        Ok(())
    }

    // ---- item protocol

    /// Whether `obj` is an instance of a subclass of a built-in type whose
    /// classes define no `__getitem__` / `__setitem__` (`user_items`): its
    /// items are its built-in value's, with no special-method lookup.
    #[inline]
    pub(crate) fn builtin_items(&self, obj: Value) -> bool {
        let Value::Obj(h) = obj else {
            return false;
        };
        let Obj::Instance(i) = self.heap.get(h) else {
            return false;
        };
        !i.base.is_null() && matches!(self.heap.get(i.class), Obj::Class(c) if !c.flags.user_items)
    }

    pub fn getitem(&mut self, obj: Value, key: Value) -> PyResult {
        if let Value::Obj(h) = obj {
            match self.heap.get(h) {
                Obj::List(v) => {
                    if let Value::Int(i) = key {
                        let len = v.len() as i64;
                        let j = if i < 0 { i + len } else { i };
                        if (0..len).contains(&j) {
                            return Ok(v[j as usize]);
                        }
                        return Err(self.index_error("list index out of range"));
                    }
                }
                Obj::Dict(_) => {
                    return match self.dict_get(obj, key)? {
                        Some(v) => Ok(v),
                        None => {
                            if self.is_user_instance(obj) {
                                unreachable_dict();
                            }
                            Err(self.key_error(key))
                        }
                    };
                }
                Obj::Instance(_) => {
                    if !self.builtin_items(obj) {
                        if let Some(m) = self.lookup_override(obj, "__getitem__") {
                            return self.call_special(m, obj, &[key]);
                        }
                    }
                    let base = self.builtin_base(obj);
                    if !base.is(obj) {
                        let r = self.getitem(base, key);
                        if let Err(e) = r {
                            if self.err_is(e, crate::ExcKind::KeyError) {
                                if let Some(m) = self.lookup_override(obj, "__missing__") {
                                    return self.call_special(m, obj, &[key]);
                                }
                            }
                        }
                        return r;
                    }
                }
                Obj::Class(_) => {
                    if let Some(r) = self.class_getitem(h, key) {
                        return r;
                    }
                }
                Obj::MemoryView { .. } => {
                    return crate::types::memoryview::mv_getitem(self, obj, key)
                }
                _ => {}
            }
        }
        crate::types::list::seq_getitem(self, obj, key)
    }

    /// `C[key]` for a class: the metaclass's `__getitem__`, the class's
    /// `__class_getitem__`, or a generic alias of a built-in container;
    /// None when none applies. Out of line: subscripting a class is rare.
    #[inline(never)]
    fn class_getitem(&mut self, h: Gc, key: Value) -> Option<PyResult> {
        let obj = Value::Obj(h);
        if let Some(m) = self.meta_method(h, "__getitem__") {
            return Some(self.call(m, &[obj, key], &[]));
        }
        if let Some(m) = self.lookup_mro_str(h, "__class_getitem__") {
            // Stored as a class method (implicitly, as CPython does, or by
            // decoration): call its function.
            let f = match m {
                Value::Obj(g) => match self.heap.get(g) {
                    Obj::ClassMethod(f) => *f,
                    _ => m,
                },
                _ => m,
            };
            return Some(self.call(f, &[obj, key], &[]));
        }
        if self.is_generic_origin(h) {
            return Some(self.generic_alias_call("GenericAlias", &[obj, key]));
        }
        None
    }

    pub fn setitem(&mut self, obj: Value, key: Value, v: Value) -> PyResult<()> {
        if let Value::Obj(h) = obj {
            match self.heap.get_mut(h) {
                Obj::List(items) => {
                    if let Value::Int(i) = key {
                        let len = items.len() as i64;
                        let j = if i < 0 { i + len } else { i };
                        if (0..len).contains(&j) {
                            items[j as usize] = v;
                            return Ok(());
                        }
                        return Err(self.index_error("list assignment index out of range"));
                    }
                    return crate::types::list::list_setitem_slow(self, obj, key, v);
                }
                Obj::Dict(_) => {
                    if self.dict_store_str(h, key, v) {
                        return Ok(());
                    }
                    return self.dict_set(obj, key, v);
                }
                Obj::ByteArray(_) => {
                    return crate::types::list::list_setitem_slow(self, obj, key, v)
                }
                Obj::MemoryView { .. } => {
                    return crate::types::memoryview::mv_setitem(self, obj, key, v)
                }
                Obj::Instance(_) => {
                    if !self.builtin_items(obj) {
                        if let Some(m) = self.lookup_override(obj, "__setitem__") {
                            self.call_special(m, obj, &[key, v])?;
                            return Ok(());
                        }
                    }
                    let base = self.builtin_base(obj);
                    if !base.is(obj) {
                        return self.setitem(base, key, v);
                    }
                }
                _ => {}
            }
        }
        let t = self.type_name(obj);
        Err(self.type_error(format!("'{t}' object does not support item assignment")))
    }

    pub fn delitem(&mut self, obj: Value, key: Value) -> PyResult<()> {
        if let Value::Obj(h) = obj {
            match self.heap.get(h) {
                Obj::Dict(_) => {
                    if !self.dict_del(obj, key)? {
                        return Err(self.key_error(key));
                    }
                    return Ok(());
                }
                Obj::List(_) | Obj::ByteArray(_) => {
                    return crate::types::list::list_delitem(self, obj, key)
                }
                Obj::Instance(_) => {
                    if let Some(m) = self.lookup_override(obj, "__delitem__") {
                        self.call_special(m, obj, &[key])?;
                        return Ok(());
                    }
                    let base = self.builtin_base(obj);
                    if !base.is(obj) {
                        return self.delitem(base, key);
                    }
                }
                _ => {}
            }
        }
        let t = self.type_name(obj);
        Err(self.type_error(format!("'{t}' object doesn't support item deletion")))
    }

    /// `item in container`.
    pub fn contains(&mut self, container: Value, item: Value) -> PyResult<bool> {
        if let Value::Obj(h) = container {
            match self.heap.get(h) {
                Obj::Dict(_) | Obj::Set(_) | Obj::FrozenSet(_) => {
                    return Ok(self.dict_find(h, item)?.is_some())
                }
                Obj::Str(s) => {
                    // A str subclass's instance is looked for by its value.
                    let sub = self.builtin_base(item);
                    return match self.heap.pystr(sub) {
                        Some(n) if s.has_surrogates() || n.has_surrogates() => {
                            let (h, n): (Vec<u32>, Vec<u32>) =
                                (s.code_points().collect(), n.code_points().collect());
                            Ok(crate::types::strbuf::find_cp(&h, &n, 0, h.len()).is_some())
                        }
                        Some(sub) => Ok(s.s.contains(&*sub.s)),
                        None => {
                            let t = self.type_name(item);
                            Err(self.type_error(format!(
                                "'in <string>' requires string as left operand, not {t}"
                            )))
                        }
                    };
                }
                Obj::Bytes(_) | Obj::ByteArray(_) | Obj::MemoryView { .. } => {
                    return crate::types::str::bytes_contains(self, container, item)
                }
                Obj::Range { start, stop, step } => {
                    if let Value::Int(i) = item {
                        let (start, stop, step) = (*start, *stop, *step);
                        let inside = if step > 0 {
                            i >= start && i < stop
                        } else {
                            i <= start && i > stop
                        };
                        return Ok(inside && (i - start) % step == 0);
                    }
                    if matches!(item, Value::Obj(x) if matches!(self.heap.get(x), Obj::BigInt(_))) {
                        // Beyond 64 bits: in no range of 64-bit bounds.
                        return Ok(false);
                    }
                }
                Obj::BigRange(r) => {
                    if let Some(inside) = crate::types::range::big_contains(self, r, item) {
                        return Ok(inside);
                    }
                }
                Obj::DictView { dict, view } => {
                    let (d, view) = (*dict, *view);
                    return match view {
                        crate::obj::DictView::Keys => Ok(self.dict_find(d, item)?.is_some()),
                        crate::obj::DictView::Items => {
                            crate::types::dictview::items_contains(self, Value::Obj(d), item)
                        }
                        crate::obj::DictView::Values => self.iter_contains(container, item),
                    };
                }
                Obj::Class(_) => {
                    if let Some(m) = self.meta_method(h, "__contains__") {
                        let r = self.call(m, &[container, item], &[])?;
                        return self.truthy(r);
                    }
                }
                Obj::Instance(_) => {
                    if let Some(m) = self.lookup_override(container, "__contains__") {
                        let r = self.call_special(m, container, &[item])?;
                        return self.truthy(r);
                    }
                    let base = self.builtin_base(container);
                    if !base.is(container) {
                        return self.contains(base, item);
                    }
                }
                Obj::List(_) | Obj::Tuple(_) => return self.list_contains(h, item),
                _ => {}
            }
        }
        self.iter_contains(container, item)
    }

    /// `item in` a list or tuple: item by item, read afresh each time (an
    /// `__eq__` may change the list), stopping at the first equal one.
    fn list_contains(&mut self, h: crate::value::Gc, item: Value) -> PyResult<bool> {
        let mut i = 0;
        loop {
            let x = match self.heap.get(h) {
                Obj::List(l) => l.get(i).copied(),
                Obj::Tuple(t) => t.get(i).copied(),
                _ => None,
            };
            let Some(x) = x else { return Ok(false) };
            if self.item_eq(x, item)? {
                return Ok(true);
            }
            i += 1;
        }
    }

    /// `item in` any iterable: stepped through only until an equal item
    /// (an iterator is left just past it, an endless one is fine).
    fn iter_contains(&mut self, container: Value, item: Value) -> PyResult<bool> {
        let it = self.get_iter(container)?;
        let mark = self.temp_roots.len();
        self.temp_roots.push(it);
        let r = loop {
            let x = match self.next(it) {
                Ok(Some(x)) => x,
                Ok(None) => break Ok(false),
                Err(e) => break Err(e),
            };
            self.temp_roots.truncate(mark + 1);
            self.temp_roots.push(x);
            match self.item_eq(x, item) {
                Ok(true) => break Ok(true),
                Ok(false) => {}
                Err(e) => break Err(e),
            }
            if let Err(e) = self.poll_budget() {
                break Err(e);
            }
        };
        self.temp_roots.truncate(mark);
        r
    }

    /// `len(v)`.
    pub fn len(&mut self, v: Value) -> PyResult<usize> {
        if let Value::Obj(h) = v {
            match self.heap.get(h) {
                Obj::Str(s) => return Ok(s.char_len()),
                Obj::Bytes(b) => return Ok(b.len()),
                Obj::ByteArray(b) => return Ok(b.len()),
                Obj::MemoryView { .. } => {
                    return Ok(crate::types::memoryview::mv_len(self, v).unwrap_or(0))
                }
                Obj::List(l) => return Ok(l.len()),
                Obj::Tuple(t) => return Ok(t.len()),
                Obj::Dict(d) | Obj::Set(d) | Obj::FrozenSet(d) => return Ok(d.len()),
                Obj::Range { start, stop, step } => {
                    return Ok(crate::types::range::range_len(*start, *stop, *step) as usize)
                }
                Obj::BigRange(r) => {
                    let r = r.clone();
                    return crate::types::range::big_range_len(self, &r);
                }
                Obj::DictView { dict, .. } => {
                    let d = *dict;
                    return Ok(self.table(d).map_or(0, |t| t.len()));
                }
                Obj::Instance(_) | Obj::Class(_) => {
                    let m = match self.heap.get(h) {
                        Obj::Class(_) => self.meta_method(h, "__len__"),
                        _ => self.lookup_override(v, "__len__"),
                    };
                    if let Some(m) = m {
                        let r = self.call_special(m, v, &[])?;
                        let n = self.index_value(r)?;
                        if n < 0 {
                            return Err(self.value_error("__len__() should return >= 0"));
                        }
                        return Ok(n as usize);
                    }
                    let base = self.builtin_base(v);
                    if !base.is(v) {
                        return self.len(base);
                    }
                }
                _ => {}
            }
        }
        let t = self.type_name(v);
        Err(self.type_error(format!("object of type '{t}' has no len()")))
    }
}

fn unreachable_dict() {}

/// Before `a + b` on two large strs: checks that the storage it takes
/// (a new buffer with room to grow, unless it appends in place) fits the
/// quota, so `t += t` under a small quota is refused before the buffer
/// exists rather than after.
fn reserve_str_concat(vm: &mut Vm, ha: Gc, hb: Gc) -> PyResult<()> {
    let fresh = match (vm.heap.get(ha), vm.heap.get(hb)) {
        (Obj::Str(x), Obj::Str(y)) => crate::strdata::StrData::concat_fresh(&x.s, y.s.len()),
        _ => return Ok(()),
    };
    if fresh >= 1 << 16 {
        vm.reserve_temp(fresh)?;
    }
    Ok(())
}

/// `+`, `*`, `%` and set operators on built-in sequences and sets.
pub fn seq_binop(vm: &mut Vm, op: BinOp, a: Value, b: Value) -> PyResult<Option<Value>> {
    let (Value::Obj(ha), bv) = (a, b) else {
        // int * sequence
        if let (BinOp::Mul, Value::Int(_) | Value::Bool(_), Value::Obj(_)) = (op, a, b) {
            return seq_binop(vm, op, b, a);
        }
        // `1 | d.keys()`: the view's operator iterates the left side.
        return crate::types::dictview::view_binop(vm, op, a, b);
    };
    match op {
        BinOp::Add => {
            let Value::Obj(hb) = bv else { return Ok(None) };
            reserve_str_concat(vm, ha, hb)?;
            let r = match (vm.heap.get(ha), vm.heap.get(hb)) {
                (Obj::Str(x), Obj::Str(y)) if x.has_surrogates() || y.has_surrogates() => {
                    let mut s = crate::types::strbuf::StrBuf::with_capacity(x.s.len() + y.s.len());
                    s.push_pystr(x);
                    s.push_pystr(y);
                    return Ok(Some(vm.new_strbuf(s)?));
                }
                (Obj::Str(x), Obj::Str(y)) => {
                    // In place after `x` when it can be: `t += piece` in a
                    // loop costs the piece, not all of `t` (strdata.rs).
                    let (s, fresh) = PyStr::concat(x, y);
                    let size = Obj::size_of_new(fresh);
                    return Ok(Some(Value::Obj(vm.alloc_sized(Obj::Str(s), size)?)));
                }
                (Obj::List(x), Obj::List(y)) => {
                    let v: Vec<Value> = x.iter().chain(y.iter()).copied().collect();
                    vm.charge(v.len() * 16)?;
                    return Ok(Some(vm.new_list(v)?));
                }
                (Obj::Tuple(x), Obj::Tuple(y)) => {
                    let v: Vec<Value> = x.iter().chain(y.iter()).copied().collect();
                    return Ok(Some(vm.new_tuple(v)?));
                }
                (Obj::Bytes(x), Obj::Bytes(_) | Obj::ByteArray(_)) => {
                    let yb: Vec<u8> = match vm.heap.get(hb) {
                        Obj::Bytes(y2) => y2.to_vec(),
                        Obj::ByteArray(y2) => y2.clone(),
                        _ => Vec::new(),
                    };
                    let mut v = x.to_vec();
                    v.extend_from_slice(&yb);
                    Obj::Bytes(v.into_boxed_slice())
                }
                (Obj::ByteArray(x), Obj::Bytes(_) | Obj::ByteArray(_)) => {
                    let mut v = x.clone();
                    match vm.heap.get(hb) {
                        Obj::Bytes(y) => v.extend_from_slice(y),
                        Obj::ByteArray(y) => v.extend_from_slice(y),
                        _ => {}
                    }
                    Obj::ByteArray(v)
                }
                _ => return Ok(None),
            };
            Ok(Some(Value::Obj(vm.alloc(r)?)))
        }
        BinOp::Mul => {
            let n = match bv {
                Value::Int(n) => n,
                Value::Bool(b) => b as i64,
                _ => return Ok(None),
            };
            let n = n.max(0) as usize;
            let size = match vm.heap.get(ha) {
                Obj::Str(s) => s.s.len(),
                Obj::List(l) => l.len() * 16,
                Obj::Tuple(t) => t.len() * 16,
                Obj::Bytes(b) => b.len(),
                Obj::ByteArray(b) => b.len(),
                _ => return Ok(None),
            };
            // Collects first: the quota may be full of garbage.
            vm.reserve_temp(size.saturating_mul(n))?;
            let r = match vm.heap.get(ha) {
                Obj::Str(s) if s.has_surrogates() => {
                    let mut b = crate::types::strbuf::StrBuf::with_capacity(s.s.len() * n);
                    (0..n).for_each(|_| b.push_pystr(s));
                    return Ok(Some(vm.new_strbuf(b)?));
                }
                Obj::Str(s) => {
                    let s = s.s.repeat(n);
                    return Ok(Some(vm.new_string(s)?));
                }
                Obj::List(l) => {
                    let v: Vec<Value> = l.iter().copied().cycle().take(l.len() * n).collect();
                    Obj::List(v)
                }
                Obj::Tuple(t) => {
                    let v: Vec<Value> = t.iter().copied().cycle().take(t.len() * n).collect();
                    return Ok(Some(vm.new_tuple(v)?));
                }
                Obj::Bytes(b) => Obj::Bytes(b.repeat(n).into_boxed_slice()),
                Obj::ByteArray(b) => Obj::ByteArray(b.repeat(n)),
                _ => return Ok(None),
            };
            Ok(Some(Value::Obj(vm.alloc(r)?)))
        }
        BinOp::Mod => match vm.heap.get(ha) {
            Obj::Str(_) => Ok(Some(crate::types::str::percent_format(vm, a, b)?)),
            Obj::Bytes(_) | Obj::ByteArray(_) => {
                Ok(Some(crate::types::bytes::bytes_percent(vm, a, b)?))
            }
            _ => Ok(None),
        },
        BinOp::Or if matches!((vm.heap.get(ha), b), (Obj::Dict(_), Value::Obj(hb)) if matches!(vm.heap.get(hb), Obj::Dict(_))) =>
        {
            let d = vm.new_dict()?;
            vm.dict_update(d, a, false)?;
            vm.dict_update(d, b, false)?;
            Ok(Some(d))
        }
        BinOp::Or | BinOp::And | BinOp::Sub | BinOp::Xor => crate::types::set::binop(vm, op, a, b),
        _ => Ok(None),
    }
}

pub fn inplace_builtin(vm: &mut Vm, op: BinOp, a: Value, b: Value) -> PyResult<Option<Value>> {
    let Value::Obj(h) = a else { return Ok(None) };
    match (vm.heap.get(h), op) {
        (Obj::List(_), BinOp::Add) => {
            vm.list_extend(a, b)?;
            Ok(Some(a))
        }
        (Obj::List(_), BinOp::Mul) => {
            let r = seq_binop(vm, op, a, b)?;
            if let Some(Value::Obj(rh)) = r {
                let items = match vm.heap.get(rh) {
                    Obj::List(v) => v.clone(),
                    _ => Vec::new(),
                };
                if let Obj::List(v) = vm.heap.get_mut(h) {
                    *v = items;
                }
                return Ok(Some(a));
            }
            Ok(None)
        }
        (Obj::ByteArray(_), BinOp::Add) => {
            let extra = crate::types::str::bytes_of(vm, b)?;
            vm.charge(extra.len())?;
            if let Obj::ByteArray(v) = vm.heap.get_mut(h) {
                v.extend_from_slice(&extra);
            }
            Ok(Some(a))
        }
        (Obj::Set(_), BinOp::Or | BinOp::And | BinOp::Sub | BinOp::Xor) => {
            crate::types::set::inplace(vm, op, a, b)
        }
        (Obj::Dict(_), BinOp::Or) => {
            vm.dict_update(a, b, false)?;
            Ok(Some(a))
        }
        _ => Ok(None),
    }
}
