//! `set` and `frozenset`: their methods and operators.
//!
//! A set's table is laid out as CPython lays out its sets
//! (dict/set_order.rs), so the order a set iterates in depends on the
//! order keys went in and on how the table was sized on the way. Each
//! operation here therefore builds its result the way CPython's does —
//! which operand it walks, whether it copies and then removes or adds
//! one by one, when it sizes the table once for a bulk update — so that
//! `{1, 2} | {3}` or `a - b` prints as in CPython, not just holds the same
//! keys.

use crate::dict::{Dict, Probe};
use crate::obj::Obj;
use crate::types::MethodDef;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use capy_compiler::BinOp;

impl Vm {
    /// A new set holding `items`, added one by one (a set display, or
    /// `set(iterable)` of a plain iterable).
    pub fn new_set(&mut self, items: Vec<Value>) -> PyResult {
        let s = Value::Obj(self.alloc(Obj::Set(Box::new(Dict::new_set())))?);
        for it in items {
            self.set_add(s, it)?;
        }
        Ok(s)
    }

    pub fn set_add(&mut self, s: Value, item: Value) -> PyResult<()> {
        let Value::Obj(h) = s else {
            return Err(self.type_error("not a set"));
        };
        let hash = self.hash(item)?;
        self.set_add_hashed(h, item, hash)
    }

    /// [`Self::set_add`] of a key whose hash is known (taken from the
    /// entry of another table).
    pub(crate) fn set_add_hashed(&mut self, h: Gc, item: Value, hash: u64) -> PyResult<()> {
        if self.dict_find_hashed(h, item, hash)?.is_none() {
            self.charge_holding(32, &[item])?;
            if let Some(t) = self.table_mut(h) {
                t.insert_new(hash, item, Value::None);
            }
        }
        Ok(())
    }

    /// `s.update(it)`: another set's keys in one sized step, a dict's
    /// keys likewise, anything else one by one.
    pub fn set_update(&mut self, s: Value, it: Value) -> PyResult<()> {
        let Value::Obj(h) = s else {
            return Err(self.type_error("not a set"));
        };
        match it {
            Value::Obj(o) if is_set(self, it) => {
                if o != h {
                    self.set_merge(h, o)?;
                }
            }
            // A dict (not an instance of a subclass): sized once for its keys.
            Value::Obj(o) if matches!(self.heap.get(o), Obj::Dict(_)) => {
                let keys: Vec<Value> = self
                    .table(o)
                    .map(|d| d.keys().collect())
                    .unwrap_or_default();
                if let Some(t) = self.table_mut(h) {
                    t.set_reserve(keys.len());
                }
                for k in keys {
                    self.set_add(s, k)?;
                }
            }
            _ => {
                for v in self.iter_to_vec(it)? {
                    self.set_add(s, v)?;
                }
            }
        }
        Ok(())
    }

    /// A set display of constants from the top `n` values of the stack
    /// (`BuildConstSet`): added in order to one set, its keys added in
    /// the order they then iterate in to a second (CPython's constant),
    /// and that one copied into the result as `s.update(constant)` would.
    pub(crate) fn const_set_display(&mut self, n: usize) -> PyResult {
        let items = self.stack[self.stack.len() - n..].to_vec();
        let mark = self.temp_roots.len();
        let r = self.const_set_steps(items);
        self.temp_roots.truncate(mark);
        r
    }

    fn const_set_steps(&mut self, items: Vec<Value>) -> PyResult {
        let first = self.new_set(items)?;
        self.temp_roots.push(first);
        let again = self.iter_to_vec(first)?;
        let constant = self.new_set(again)?;
        self.temp_roots.push(constant);
        let result = self.new_set(Vec::new())?;
        self.temp_roots.push(result);
        self.set_update(result, constant)?;
        Ok(result)
    }

    /// Adds the keys of the set `o` to the set `h`: an untouched table is
    /// filled straight from `o`'s slots, others key by key.
    fn set_merge(&mut self, h: Gc, o: Gc) -> PyResult<()> {
        let n = self.table(o).map_or(0, Dict::len);
        let untouched = match self.table_mut(h) {
            Some(t) if n > 0 => {
                t.set_reserve(n);
                t.set_untouched()
            }
            _ => return Ok(()),
        };
        if !untouched {
            for (hash, k) in self.table_keys_hashed(Value::Obj(o)).unwrap_or_default() {
                self.set_add_hashed(h, k, hash)?;
            }
            return Ok(());
        }
        let keys: Vec<Value> = self
            .table(o)
            .map(|t| t.keys().collect())
            .unwrap_or_default();
        self.charge_holding(32 * n, &keys)?;
        let other = self.table(o).cloned().unwrap_or_default();
        if let Some(t) = self.table_mut(h) {
            t.set_fill_from(&other);
        }
        Ok(())
    }
}

fn is_set(vm: &Vm, v: Value) -> bool {
    matches!(v, Value::Obj(h) if matches!(vm.heap.get(h), Obj::Set(_) | Obj::FrozenSet(_)))
}

/// A set, frozenset or dict: sized, and walked as it is.
fn is_table(vm: &Vm, v: Value) -> bool {
    matches!(v, Value::Obj(h) if matches!(vm.heap.get(h), Obj::Set(_) | Obj::FrozenSet(_) | Obj::Dict(_)))
}

fn is_frozen(vm: &Vm, v: Value) -> bool {
    matches!(v, Value::Obj(h) if matches!(vm.heap.get(h), Obj::FrozenSet(_)))
}

fn len_of(vm: &Vm, v: Value) -> usize {
    match v {
        Value::Obj(h) => vm.table(h).map_or(0, Dict::len),
        _ => 0,
    }
}

/// A new empty set, frozen if `like` is a frozenset (results take the
/// type of the left operand).
fn empty_like(vm: &mut Vm, like: Value) -> PyResult {
    let s = vm.new_set(Vec::new())?;
    if is_frozen(vm, like) {
        freeze(vm, s);
    }
    Ok(s)
}

fn freeze(vm: &mut Vm, s: Value) {
    if let Value::Obj(h) = s {
        if let Obj::Set(t) = vm.heap.get_mut(h) {
            let t = std::mem::take(t);
            *vm.heap.get_mut(h) = Obj::FrozenSet(t);
        }
    }
}

/// A copy of the set `a`, of its type.
fn copy(vm: &mut Vm, a: Value) -> PyResult {
    let s = vm.new_set(Vec::new())?;
    vm.set_update(s, a)?;
    if is_frozen(vm, a) {
        freeze(vm, s);
    }
    Ok(s)
}

/// The entries of set `a` that are in table `b` (`common`) or are not,
/// told by the hashes stored in both and `fast_eq` alone: no Python code
/// runs and nothing is copied or rooted. None when a key needs `__eq__`
/// (the caller then takes the general path).
fn filter_fast(vm: &Vm, a: Value, b: Value, common: bool) -> Option<Vec<(u64, Value)>> {
    let (Value::Obj(ha), Value::Obj(hb)) = (a, b) else {
        return None;
    };
    let (ta, tb) = (vm.table(ha)?, vm.table(hb)?);
    let mut kept = Vec::new();
    for (hash, k) in ta.hashed_keys() {
        let found = match tb.probe(&vm.heap, hash, k) {
            Probe::Found(_) => true,
            Probe::Missing => false,
            Probe::Slow => return None,
        };
        if found == common {
            kept.push((hash, k));
        }
    }
    Some(kept)
}

/// Whether every key of set `a` is in set `b`, by [`filter_fast`]'s
/// rules (None when a key needs `__eq__`).
pub(crate) fn subset_fast(vm: &Vm, a: Value, b: Value) -> Option<bool> {
    let (Value::Obj(ha), Value::Obj(hb)) = (a, b) else {
        return None;
    };
    let (ta, tb) = (vm.table(ha)?, vm.table(hb)?);
    for (hash, k) in ta.hashed_keys() {
        match tb.probe(&vm.heap, hash, k) {
            Probe::Found(_) => {}
            Probe::Missing => return Some(false),
            Probe::Slow => return None,
        }
    }
    Some(true)
}

/// Fills the new set `r` with `entries`, keys of one set (so distinct:
/// none is looked up), charged as `set_add_hashed` charges each. The
/// keys stay reachable from the set they came from. The table grows as
/// it would by adding them one by one (not sized first): its size
/// decides the iteration order, which is CPython's.
fn fill_distinct(vm: &mut Vm, r: Gc, entries: &[(u64, Value)]) -> PyResult<()> {
    vm.charge_holding(32 * entries.len(), &[])?;
    if let Some(t) = vm.table_mut(r) {
        for &(hash, k) in entries {
            t.insert_new(hash, k, Value::None);
        }
    }
    Ok(())
}

/// `a & b`: the smaller set walked, each key found in the larger added
/// (the right operand walked when they are as large).
fn intersection(vm: &mut Vm, a: Value, b: Value) -> PyResult {
    if a.is(b) {
        return copy(vm, a);
    }
    let result = empty_like(vm, a)?;
    if is_set(vm, b) {
        let (big, small) = if len_of(vm, b) > len_of(vm, a) {
            (b, a)
        } else {
            (a, b)
        };
        let Value::Obj(r) = result else {
            return Ok(result);
        };
        if let Some(kept) = filter_fast(vm, small, big, true) {
            fill_distinct(vm, r, &kept)?;
            return Ok(result);
        }
        for (hash, k) in vm.table_keys_hashed(small).unwrap_or_default() {
            if vm.table_has_hashed(big, k, hash)? {
                vm.set_add_hashed(r, k, hash)?;
            }
        }
        return Ok(result);
    }
    for k in vm.iter_to_vec(b)? {
        if vm.contains(a, k)? {
            vm.set_add(result, k)?;
        }
    }
    Ok(result)
}

/// `a - b`: `a` walked, each key missing from `b` added; or, when `b` is
/// much smaller or not a set or dict, a copy of `a` with `b`'s keys
/// removed.
fn difference(vm: &mut Vm, a: Value, b: Value) -> PyResult {
    // `len_of` measures sets and dicts; anything else is walked whole.
    if !is_table(vm, b) || (len_of(vm, a) >> 2) > len_of(vm, b) {
        let result = copy(vm, a)?;
        difference_update(vm, result, b)?;
        return Ok(result);
    }
    let result = empty_like(vm, a)?;
    let Value::Obj(r) = result else {
        return Ok(result);
    };
    if let Some(kept) = filter_fast(vm, a, b, false) {
        fill_distinct(vm, r, &kept)?;
        return Ok(result);
    }
    for (hash, k) in vm.table_keys_hashed(a).unwrap_or_default() {
        if !vm.table_has_hashed(b, k, hash)? {
            vm.set_add_hashed(r, k, hash)?;
        }
    }
    Ok(result)
}

/// `a -= b`: `b`'s keys removed from `a` (a set more than 8 times
/// larger than `a` is first cut down to the common keys), then the table
/// rebuilt if more than a quarter of it is dummies.
fn difference_update(vm: &mut Vm, a: Value, b: Value) -> PyResult<()> {
    if a.is(b) {
        return clear(vm, a);
    }
    let keys = if is_set(vm, b) && (len_of(vm, b) >> 3) > len_of(vm, a) {
        let common = intersection(vm, a, b)?;
        hashed_items(vm, common)?
    } else {
        hashed_items(vm, b)?
    };
    for (hash, k) in keys {
        discard_hashed(vm, a, k, hash)?;
    }
    if let Value::Obj(h) = a {
        if let Some(t) = vm.table_mut(h) {
            t.set_purge_dummies();
        }
    }
    Ok(())
}

/// `a ^ b`: a copy of `b` (of `a`'s type) with `a`'s keys toggled in it.
fn symmetric_difference(vm: &mut Vm, a: Value, b: Value) -> PyResult {
    let result = vm.new_set(Vec::new())?;
    vm.set_update(result, b)?;
    symmetric_difference_update(vm, result, a)?;
    if is_frozen(vm, a) {
        freeze(vm, result);
    }
    Ok(result)
}

/// `a ^= b`: each key of `b` (made a set first if it is not one) removed
/// from `a` if there, else added.
fn symmetric_difference_update(vm: &mut Vm, a: Value, b: Value) -> PyResult<()> {
    if a.is(b) {
        return clear(vm, a);
    }
    let keys = if is_table(vm, b) {
        hashed_items(vm, b)?
    } else {
        let s = vm.new_set(Vec::new())?;
        vm.set_update(s, b)?;
        hashed_items(vm, s)?
    };
    let Value::Obj(h) = a else { return Ok(()) };
    for (hash, k) in keys {
        if !discard_hashed(vm, a, k, hash)? {
            vm.set_add_hashed(h, k, hash)?;
        }
    }
    Ok(())
}

/// The items of `v` with their hashes: a table's as stored, anything
/// else's computed.
fn hashed_items(vm: &mut Vm, v: Value) -> PyResult<Vec<(u64, Value)>> {
    if let Some(keys) = vm.table_keys_hashed(v) {
        return Ok(keys);
    }
    let items = vm.iter_to_vec(v)?;
    items.into_iter().map(|k| Ok((vm.hash(k)?, k))).collect()
}

/// Removes `key` (hash `hash`) from the table of `a`; whether it was there.
fn discard_hashed(vm: &mut Vm, a: Value, key: Value, hash: u64) -> PyResult<bool> {
    let Value::Obj(h) = a else { return Ok(false) };
    match vm.dict_find_hashed(h, key, hash)? {
        Some(p) => {
            if let Some(t) = vm.table_mut(h) {
                t.remove_at(p);
            }
            Ok(true)
        }
        None => Ok(false),
    }
}

fn clear(vm: &mut Vm, a: Value) -> PyResult<()> {
    if let Value::Obj(h) = a {
        if let Some(t) = vm.table_mut(h) {
            t.clear();
        }
    }
    Ok(())
}

/// Gives the set `target` the table of the set `src`.
fn replace_contents(vm: &mut Vm, target: Value, src: Value) {
    if let (Value::Obj(t), Value::Obj(s)) = (target, src) {
        let table = match vm.heap.get_mut(s) {
            Obj::Set(d) | Obj::FrozenSet(d) => std::mem::take(d),
            _ => return,
        };
        if let Obj::Set(d) = vm.heap.get_mut(t) {
            *d = table;
        }
    }
}

/// The set operators `| & - ^` (and those of dict views).
pub fn binop(vm: &mut Vm, op: BinOp, a: Value, b: Value) -> PyResult<Option<Value>> {
    if let Some(r) = crate::types::dictview::view_binop(vm, op, a, b)? {
        return Ok(Some(r));
    }
    if !(is_set(vm, a) && is_set(vm, b)) {
        return Ok(None);
    }
    Ok(Some(match op {
        BinOp::Or => {
            let r = copy(vm, a)?;
            if !a.is(b) {
                vm.set_update(r, b)?;
            }
            r
        }
        BinOp::And => intersection(vm, a, b)?,
        BinOp::Sub => difference(vm, a, b)?,
        _ => symmetric_difference(vm, a, b)?,
    }))
}

/// The in-place set operators `|= &= -= ^=` on the set `a`.
pub fn inplace(vm: &mut Vm, op: BinOp, a: Value, b: Value) -> PyResult<Option<Value>> {
    if !is_set(vm, b) {
        return Ok(None);
    }
    match op {
        BinOp::Or => vm.set_update(a, b)?,
        BinOp::And => {
            let r = intersection(vm, a, b)?;
            replace_contents(vm, a, r);
        }
        BinOp::Sub => difference_update(vm, a, b)?,
        _ => symmetric_difference_update(vm, a, b)?,
    }
    Ok(Some(a))
}

pub const SET_METHODS: &[MethodDef] = &[
    ("add", set_add_m, false),
    ("discard", set_discard, false),
    ("remove", set_remove, false),
    ("pop", set_pop, false),
    ("clear", set_clear, false),
    ("copy", set_copy, false),
    ("update", set_update_m, false),
    ("union", set_union, false),
    ("intersection", set_intersection, false),
    ("difference", set_difference, false),
    ("symmetric_difference", set_symdiff, false),
    ("issubset", set_issubset, false),
    ("issuperset", set_issuperset, false),
    ("isdisjoint", set_isdisjoint, false),
    ("intersection_update", set_intersection_update, false),
    ("difference_update", set_difference_update, false),
    ("symmetric_difference_update", set_symdiff_update, false),
];

/// frozenset has only the non-mutating set methods.
pub const FROZENSET_METHODS: &[MethodDef] = &[
    ("copy", set_copy, false),
    ("union", set_union, false),
    ("intersection", set_intersection, false),
    ("difference", set_difference, false),
    ("symmetric_difference", set_symdiff, false),
    ("issubset", set_issubset, false),
    ("issuperset", set_issuperset, false),
    ("isdisjoint", set_isdisjoint, false),
];

type Kw<'a> = &'a [(Value, Value)];

fn arg(args: &[Value], i: usize) -> Value {
    args.get(i).copied().unwrap_or(Value::None)
}

/// The set a method was called on: the built-in set inside an instance
/// of a subclass.
fn this(vm: &Vm, a: &[Value]) -> Value {
    vm.derived_base(arg(a, 0))
}

fn set_add_m(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this(vm, a);
    vm.set_add(s, arg(a, 1))?;
    Ok(Value::None)
}
fn set_discard(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this(vm, a);
    vm.dict_del(s, arg(a, 1))?;
    Ok(Value::None)
}
fn set_remove(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this(vm, a);
    if !vm.dict_del(s, arg(a, 1))? {
        return Err(vm.key_error(arg(a, 1)));
    }
    Ok(Value::None)
}
fn set_pop(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    if let Value::Obj(h) = this(vm, a) {
        if let Some(t) = vm.table_mut(h) {
            if let Some(e) = t.pop_first() {
                return Ok(e.key);
            }
        }
    }
    Err(vm.error(crate::ExcKind::KeyError, "pop from an empty set"))
}
fn set_clear(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this(vm, a);
    clear(vm, s)?;
    Ok(Value::None)
}
fn set_copy(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    // A frozenset is its own copy (not an instance of a subclass).
    if is_frozen(vm, arg(a, 0)) {
        return Ok(arg(a, 0));
    }
    let s = this(vm, a);
    copy(vm, s)
}
fn set_update_m(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this(vm, a);
    for &o in &a[1..] {
        vm.set_update(s, o)?;
    }
    Ok(Value::None)
}
fn set_union(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this(vm, a);
    let r = copy(vm, s)?;
    // The set itself among the others adds nothing (and is not merged).
    for &o in a[1..].iter().filter(|o| !o.is(s)) {
        vm.set_update(r, o)?;
    }
    Ok(r)
}
/// `a.intersection(*others)`, also what `intersection_update` keeps.
fn intersection_all(vm: &mut Vm, a: &[Value]) -> PyResult {
    let mut r = this(vm, a);
    if a.len() < 2 {
        return copy(vm, r);
    }
    for &o in &a[1..] {
        r = intersection(vm, r, o)?;
    }
    Ok(r)
}
fn set_intersection(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    intersection_all(vm, a)
}
fn set_difference(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this(vm, a);
    let Some((&first, rest)) = a[1..].split_first() else {
        return copy(vm, s);
    };
    let r = difference(vm, s, first)?;
    for &o in rest {
        difference_update(vm, r, o)?;
    }
    Ok(r)
}
fn set_symdiff(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this(vm, a);
    symmetric_difference(vm, s, arg(a, 1))
}
fn set_intersection_update(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this(vm, a);
    let r = intersection_all(vm, a)?;
    if !r.is(s) {
        replace_contents(vm, s, r);
    }
    Ok(Value::None)
}
fn set_difference_update(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this(vm, a);
    for &o in &a[1..] {
        difference_update(vm, s, o)?;
    }
    Ok(Value::None)
}
fn set_symdiff_update(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this(vm, a);
    symmetric_difference_update(vm, s, arg(a, 1))?;
    Ok(Value::None)
}
fn set_issubset(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let other = arg(a, 1);
    Ok(Value::Bool(vm.is_subset(arg(a, 0), other)?))
}
fn set_issuperset(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    if is_set(vm, arg(a, 1)) {
        return Ok(Value::Bool(vm.is_subset(arg(a, 1), arg(a, 0))?));
    }
    let items = vm.iter_to_vec(arg(a, 1))?;
    for x in items {
        if !vm.contains(arg(a, 0), x)? {
            return Ok(Value::Bool(false));
        }
    }
    Ok(Value::Bool(true))
}
fn set_isdisjoint(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    // Two sets: the smaller walked, by its stored hashes.
    let (x, y) = (arg(a, 0), arg(a, 1));
    if is_set(vm, x) && is_set(vm, y) {
        let (big, small) = if len_of(vm, x) < len_of(vm, y) {
            (y, x)
        } else {
            (x, y)
        };
        for (hash, k) in vm.table_keys_hashed(small).unwrap_or_default() {
            if vm.table_has_hashed(big, k, hash)? {
                return Ok(Value::Bool(false));
            }
        }
        return Ok(Value::Bool(true));
    }
    let items = vm.iter_to_vec(arg(a, 1))?;
    for x in items {
        if vm.contains(arg(a, 0), x)? {
            return Ok(Value::Bool(false));
        }
    }
    Ok(Value::Bool(true))
}
