//! `list` and `tuple` methods, and indexing/slicing of all sequences.

use crate::errors::ExcKind;
use crate::obj::Obj;
use crate::types::MethodDef;
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;

pub const METHODS: &[MethodDef] = &[
    ("append", list_append, false),
    ("extend", list_extend, false),
    ("insert", list_insert, false),
    ("pop", list_pop, false),
    ("remove", list_remove, false),
    ("clear", list_clear, false),
    ("copy", list_copy, false),
    ("index", seq_index, false),
    ("count", seq_count, false),
    ("reverse", list_reverse, false),
    ("sort", list_sort, true),
];

pub const SLICE_METHODS: &[MethodDef] = &[("indices", slice_indices_method, false)];

/// `slice.indices(len)`: start, stop and step clamped for a sequence of
/// that length.
fn slice_indices_method(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let len = vm.index_value(arg(a, 1))?;
    if len < 0 {
        return Err(vm.value_error("length should not be negative"));
    }
    let (start, stop, step) = slice_indices(vm, arg(a, 0), len)?;
    vm.new_tuple(vec![Value::Int(start), Value::Int(stop), Value::Int(step)])
}

pub const TUPLE_METHODS: &[MethodDef] = &[("index", seq_index, false), ("count", seq_count, false)];

fn arg(a: &[Value], i: usize) -> Value {
    a.get(i).copied().unwrap_or(Value::None)
}

fn with_list<R>(vm: &mut Vm, v: Value, f: impl FnOnce(&mut Vec<Value>) -> R) -> PyResult<R> {
    let v = vm.builtin_base(v);
    match v {
        Value::Obj(h) => match vm.heap.get_mut(h) {
            Obj::List(l) => Ok(f(l)),
            _ => Err(vm.type_error("descriptor requires a 'list' object")),
        },
        _ => Err(vm.type_error("descriptor requires a 'list' object")),
    }
}

/// TypeError unless a one-argument method got exactly one (besides self).
fn one_arg(vm: &mut Vm, a: &[Value], name: &str) -> PyResult<()> {
    if a.len() == 2 {
        return Ok(());
    }
    let n = a.len().saturating_sub(1);
    Err(vm.type_error(format!(
        "list.{name}() takes exactly one argument ({n} given)"
    )))
}

fn list_append(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    one_arg(vm, a, "append")?;
    let l = vm.builtin_base(arg(a, 0));
    vm.list_append(l, arg(a, 1))?;
    Ok(Value::None)
}

fn list_extend(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    one_arg(vm, a, "extend")?;
    let l = vm.builtin_base(arg(a, 0));
    vm.list_extend(l, arg(a, 1))?;
    Ok(Value::None)
}

fn list_insert(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let i = vm.index_value(arg(a, 1))?;
    let x = arg(a, 2);
    vm.charge(16)?;
    with_list(vm, arg(a, 0), |l| {
        let len = l.len() as i64;
        let j = if i < 0 { (i + len).max(0) } else { i.min(len) };
        l.insert(j as usize, x);
    })?;
    Ok(Value::None)
}

fn list_pop(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let i = if a.len() > 1 {
        Some(vm.index_value(a[1])?)
    } else {
        None
    };
    let r = with_list(vm, arg(a, 0), |l| {
        if l.is_empty() {
            return Err("pop from empty list");
        }
        let len = l.len() as i64;
        let j = match i {
            None => len - 1,
            Some(i) if i < 0 => i + len,
            Some(i) => i,
        };
        if !(0..len).contains(&j) {
            return Err("pop index out of range");
        }
        Ok(l.remove(j as usize))
    })?;
    r.map_err(|m| vm.index_error(m))
}

fn list_remove(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let l = vm.builtin_base(arg(a, 0));
    let items = vm.seq_items(l)?;
    for (i, &x) in items.iter().enumerate() {
        if vm.eq(x, arg(a, 1))? {
            with_list(vm, l, |v| {
                if i < v.len() {
                    v.remove(i);
                }
            })?;
            return Ok(Value::None);
        }
    }
    Err(vm.value_error("list.remove(x): x not in list"))
}

fn list_clear(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    with_list(vm, arg(a, 0), |l| l.clear())?;
    Ok(Value::None)
}

fn list_copy(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let items = with_list(vm, arg(a, 0), |l| l.clone())?;
    vm.charge(items.len() * 16)?;
    vm.new_list(items)
}

fn list_reverse(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    with_list(vm, arg(a, 0), |l| l.reverse())?;
    Ok(Value::None)
}

/// The optional `start` and `stop` of `seq.index(x[, start[, stop]])`
/// (`a[2]`, `a[3]`), clamped to a sequence of `len` items.
pub fn index_bounds(vm: &mut Vm, a: &[Value], len: i64) -> PyResult<(i64, i64)> {
    let norm = |i: i64| if i < 0 { (i + len).max(0) } else { i.min(len) };
    let start = match a.get(2) {
        Some(&v) => norm(vm.index_value(v)?),
        None => 0,
    };
    let stop = match a.get(3) {
        Some(&v) => norm(vm.index_value(v)?),
        None => len,
    };
    Ok((start, stop))
}

fn seq_index(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let s = vm.builtin_base(arg(a, 0));
    let items = vm.seq_items(s)?;
    let (start, stop) = index_bounds(vm, a, items.len() as i64)?;
    for i in start..stop {
        if vm.item_eq(items[i as usize], arg(a, 1))? {
            return Ok(Value::Int(i));
        }
    }
    // CPython 3.11 names the value for lists and keeps the old wording
    // for tuples.
    if matches!(s, Value::Obj(h) if matches!(vm.heap.get(h), Obj::Tuple(_))) {
        return Err(vm.value_error("tuple.index(x): x not in tuple"));
    }
    let r = vm.repr(arg(a, 1))?;
    Err(vm.value_error(format!("{r} is not in list")))
}

fn seq_count(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let s = vm.builtin_base(arg(a, 0));
    let items = vm.seq_items(s)?;
    let mut n = 0;
    for x in items {
        if vm.item_eq(x, arg(a, 1))? {
            n += 1;
        }
    }
    Ok(Value::Int(n))
}

fn list_sort(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    let mut key = Value::None;
    let mut reverse = false;
    for &(k, v) in kw {
        match vm.heap.str_of(k) {
            Some("key") => key = v,
            Some("reverse") => reverse = vm.truthy(v)?,
            _ => {
                let n = vm.heap.str_of(k).unwrap_or("?").to_string();
                return Err(
                    vm.type_error(format!("'{n}' is an invalid keyword argument for sort()"))
                );
            }
        }
    }
    if a.len() > 1 {
        return Err(vm.type_error("sort() takes no positional arguments"));
    }
    let l = vm.builtin_base(arg(a, 0));
    // The list is emptied while sorting, as in CPython, so a key function
    // that mutates it cannot observe a half-sorted state.
    let items = with_list(vm, l, std::mem::take)?;
    let sorted = vm.sort_values(items, key, reverse);
    match sorted {
        Ok(v) => {
            with_list(vm, l, |x| *x = v)?;
            Ok(Value::None)
        }
        Err((e, v)) => {
            with_list(vm, l, |x| *x = v)?;
            Err(e)
        }
    }
}

/// Normalised slice bounds over a sequence of `len` items.
pub fn slice_indices(vm: &mut Vm, slice: Value, len: i64) -> PyResult<(i64, i64, i64)> {
    let (a, b, c) = match slice {
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::Slice(a, b, c) => (*a, *b, *c),
            _ => return Err(vm.type_error("expected a slice")),
        },
        _ => return Err(vm.type_error("expected a slice")),
    };
    let step = if c.is_none() { 1 } else { vm.index_value(c)? };
    if step == 0 {
        return Err(vm.value_error("slice step cannot be zero"));
    }
    let clamp = |v: i64, lo: i64, hi: i64| v.max(lo).min(hi);
    let conv = |vm: &mut Vm, v: Value, default: i64| -> PyResult<i64> {
        if v.is_none() {
            return Ok(default);
        }
        let i = match v {
            Value::Obj(h) if matches!(vm.heap.get(h), Obj::BigInt(_)) => {
                let neg = vm.compare(capy_compiler::CmpOp::Lt, v, Value::Int(0))?;
                if vm.truthy(neg)? {
                    i64::MIN / 2
                } else {
                    i64::MAX / 2
                }
            }
            _ => vm.index_value(v)?,
        };
        Ok(if i < 0 { i.saturating_add(len) } else { i })
    };
    let (start, stop) = if step > 0 {
        let s = conv(vm, a, 0)?;
        let e = conv(vm, b, len)?;
        (clamp(s, 0, len), clamp(e, 0, len))
    } else {
        let s = conv(vm, a, len - 1)?;
        let e = conv(vm, b, -1)?;
        (clamp(s, -1, len - 1), clamp(e, -1, len - 1))
    };
    Ok((start, stop, step))
}

/// The positions a normalised slice (see [`slice_indices`]) selects, in
/// order, without materialising them.
#[derive(Clone, Copy)]
pub struct SlicePositions {
    next: i64,
    left: usize,
    step: i64,
}

impl Iterator for SlicePositions {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.left == 0 {
            return None;
        }
        let i = self.next;
        self.next += self.step;
        self.left -= 1;
        Some(i as usize)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for SlicePositions {}

fn slice_positions(start: i64, stop: i64, step: i64) -> SlicePositions {
    let left = if step > 0 && start < stop {
        (stop - start + step - 1) / step
    } else if step < 0 && start > stop {
        (start - stop - step - 1) / -step
    } else {
        0
    };
    SlicePositions {
        next: start,
        left: left as usize,
        step,
    }
}

pub fn is_slice(vm: &Vm, v: Value) -> bool {
    matches!(v, Value::Obj(h) if matches!(vm.heap.get(h), Obj::Slice(..)))
}

/// Indexing and slicing of str, bytes, bytearray, list, tuple and range.
pub fn seq_getitem(vm: &mut Vm, obj: Value, key: Value) -> PyResult {
    let Value::Obj(h) = obj else {
        return Err(not_subscriptable(vm, obj));
    };
    let len = match vm.heap.get(h) {
        Obj::BigRange(_) => return crate::types::range::getitem(vm, obj, key),
        Obj::Range { .. } if is_slice(vm, key) => {
            return crate::types::range::getitem(vm, obj, key)
        }
        Obj::List(l) => l.len(),
        Obj::Tuple(t) => t.len(),
        Obj::Str(s) => s.char_len(),
        Obj::Bytes(b) => b.len(),
        Obj::ByteArray(b) => b.len(),
        Obj::Range { start, stop, step } => {
            crate::types::range::range_len(*start, *stop, *step) as usize
        }
        _ => return Err(not_subscriptable(vm, obj)),
    } as i64;
    if is_slice(vm, key) {
        let (start, stop, step) = slice_indices(vm, key, len)?;
        let pos = slice_positions(start, stop, step);
        return match vm.heap.get(h) {
            Obj::List(l) => {
                let v: Vec<Value> = pos.map(|i| l[i]).collect();
                vm.charge(v.len() * 16)?;
                vm.new_list(v)
            }
            Obj::Tuple(t) => {
                let v: Vec<Value> = pos.map(|i| t[i]).collect();
                vm.new_tuple(v)
            }
            Obj::Str(s) if s.has_surrogates() => {
                let mut out = crate::types::strbuf::StrBuf::default();
                if step == 1 {
                    let (a, b) = (start.max(0) as usize, stop.max(start).max(0) as usize);
                    if a == 0 && b >= s.char_len() {
                        return Ok(obj);
                    }
                    out.push_range(s, a, b);
                } else {
                    let cps: Vec<u32> = s.code_points().collect();
                    pos.for_each(|i| out.push_cp(cps.get(i).copied().unwrap_or(0xFFFD)));
                }
                vm.new_strbuf(out)
            }
            Obj::Str(s) => {
                let out: String = if step == 1 {
                    // A run of code points: one substring, found by the
                    // offset index (at once for ASCII).
                    let (a, b) = (start.max(0) as usize, stop.max(start).max(0) as usize);
                    if a == 0 && b >= s.char_len() {
                        // All of it: the str itself, as CPython gives.
                        return Ok(obj);
                    }
                    s.s[s.byte_offset(a)..s.byte_offset(b)].to_string()
                } else if s.is_ascii() {
                    pos.map(|i| s.s.as_bytes()[i] as char).collect()
                } else {
                    let chars: Vec<char> = s.s.chars().collect();
                    pos.map(|i| chars[i]).collect()
                };
                vm.new_string(out)
            }
            Obj::Bytes(b) => {
                let v: Vec<u8> = pos.map(|i| b[i]).collect();
                Ok(Value::Obj(vm.alloc(Obj::Bytes(v.into_boxed_slice()))?))
            }
            Obj::ByteArray(b) => {
                let v: Vec<u8> = pos.map(|i| b[i]).collect();
                Ok(Value::Obj(vm.alloc(Obj::ByteArray(v))?))
            }
            _ => Err(not_subscriptable(vm, obj)),
        };
    }
    let i = match key {
        Value::Int(_) | Value::Bool(_) => vm.index_value(key)?,
        _ if vm.is_user_instance(key) => vm.index_value(key)?,
        Value::Obj(kh) if matches!(vm.heap.get(kh), Obj::BigInt(_)) => i64::MAX,
        _ => {
            let (tn, kn) = (vm.type_name(obj), vm.type_name(key));
            let msg = if tn == "str" {
                format!("string indices must be integers, not '{kn}'")
            } else {
                format!("{tn} indices must be integers or slices, not {kn}")
            };
            return Err(vm.type_error(msg));
        }
    };
    let j = if i < 0 { i + len } else { i };
    if !(0..len).contains(&j) {
        let tn = vm.type_name(obj);
        let what = match tn.as_str() {
            "str" => "string",
            "range" => "range object",
            t => t,
        };
        return Err(vm.index_error(format!("{what} index out of range")));
    }
    seq_item_at(vm, obj, j as usize)?.ok_or_else(|| vm.index_error("index out of range"))
}

fn not_subscriptable(vm: &mut Vm, obj: Value) -> crate::PyErr {
    // A class names itself (`int[0]`: "type 'int' is not subscriptable").
    if let Value::Obj(h) = obj {
        if matches!(vm.heap.get(h), crate::obj::Obj::Class(_)) {
            let n = vm.class_name(h);
            return vm.type_error(format!("type '{n}' is not subscriptable"));
        }
    }
    let t = vm.type_name(obj);
    vm.type_error(format!("'{t}' object is not subscriptable"))
}

/// Item `i` of a built-in sequence, None past the end.
pub fn seq_item_at(vm: &mut Vm, seq: Value, i: usize) -> PyResult<Option<Value>> {
    let Value::Obj(h) = seq else { return Ok(None) };
    Ok(match vm.heap.get(h) {
        Obj::List(l) => l.get(i).copied(),
        Obj::Tuple(t) => t.get(i).copied(),
        Obj::Deque(d) => d.items.get(i).copied(),
        Obj::Bytes(b) => b.get(i).map(|&x| Value::Int(x as i64)),
        Obj::ByteArray(b) => b.get(i).map(|&x| Value::Int(x as i64)),
        Obj::Range { start, stop, step } => {
            let (start, stop, step) = (*start, *stop, *step);
            if (i as i64) < crate::types::range::range_len(start, stop, step) {
                Some(Value::Int(start + i as i64 * step))
            } else {
                None
            }
        }
        Obj::BigRange(r) => {
            let r = r.clone();
            return crate::types::range::big_item_at(vm, &r, i);
        }
        Obj::Str(s) if s.has_surrogates() => match s.code_point(i) {
            Some(c) => Some(vm.new_code_points(&[c])?),
            None => None,
        },
        Obj::Str(s) => match s.char_at(i) {
            Some(c) => {
                let mut buf = [0u8; 4];
                let cs: &str = c.encode_utf8(&mut buf);
                let cs = cs.to_string();
                Some(vm.new_str(&cs)?)
            }
            None => None,
        },
        _ => None,
    })
}

/// `l[key] = v` for slices, and bytearray items.
pub fn list_setitem_slow(vm: &mut Vm, obj: Value, key: Value, v: Value) -> PyResult<()> {
    let Value::Obj(h) = obj else { return Ok(()) };
    let is_bytearray = matches!(vm.heap.get(h), Obj::ByteArray(_));
    let len = vm.len(obj)? as i64;
    if !is_slice(vm, key) {
        let i = item_index(vm, obj, key)?;
        let j = if i < 0 { i + len } else { i };
        if !(0..len).contains(&j) {
            return Err(vm.index_error(if is_bytearray {
                "bytearray index out of range"
            } else {
                "list assignment index out of range"
            }));
        }
        if !is_bytearray {
            // A list indexed by a bool or an `__index__` object.
            if let Obj::List(items) = vm.heap.get_mut(h) {
                items[j as usize] = v;
            }
            return Ok(());
        }
        let b = crate::types::bytes::byte_arg(vm, v)?;
        if let Obj::ByteArray(ba) = vm.heap.get_mut(h) {
            ba[j as usize] = b;
        }
        return Ok(());
    }
    let (start, stop, step) = slice_indices(vm, key, len)?;
    if is_bytearray {
        let new = crate::types::str::bytes_of(vm, v)?;
        if let Obj::ByteArray(ba) = vm.heap.get_mut(h) {
            if step == 1 {
                let stop = stop.max(start);
                ba.splice(start as usize..stop as usize, new);
            } else {
                for (k, p) in slice_positions(start, stop, step).into_iter().enumerate() {
                    if let Some(&b) = new.get(k) {
                        ba[p] = b;
                    }
                }
            }
        }
        return Ok(());
    }
    let new = vm.iter_to_vec(v)?;
    vm.charge(new.len() * 16)?;
    if step == 1 {
        let stop = stop.max(start);
        if let Obj::List(l) = vm.heap.get_mut(h) {
            l.splice(start as usize..stop as usize, new);
        }
        return Ok(());
    }
    let pos = slice_positions(start, stop, step);
    if pos.len() != new.len() {
        return Err(vm.value_error(format!(
            "attempt to assign sequence of size {} to extended slice of size {}",
            new.len(),
            pos.len()
        )));
    }
    if let Obj::List(l) = vm.heap.get_mut(h) {
        for (p, x) in pos.into_iter().zip(new) {
            l[p] = x;
        }
    }
    Ok(())
}

/// `del l[key]`.
/// The index an item assignment or deletion of `obj[key]` names: an int,
/// a bool or an `__index__` object, else CPython's TypeError naming both
/// types.
fn item_index(vm: &mut Vm, obj: Value, key: Value) -> PyResult<i64> {
    match key {
        Value::Int(i) => Ok(i),
        Value::Bool(_) => vm.index_value(key),
        Value::Obj(kh) if matches!(vm.heap.get(kh), Obj::BigInt(_)) => vm.index_value(key),
        _ if vm.is_user_instance(key) => vm.index_value(key),
        _ => {
            let (tn, kn) = (vm.type_name(obj), vm.type_name(key));
            Err(vm.type_error(format!("{tn} indices must be integers or slices, not {kn}")))
        }
    }
}

pub fn list_delitem(vm: &mut Vm, obj: Value, key: Value) -> PyResult<()> {
    let Value::Obj(h) = obj else { return Ok(()) };
    let len = vm.len(obj)? as i64;
    let pos: Vec<usize> = if is_slice(vm, key) {
        let (start, stop, step) = slice_indices(vm, key, len)?;
        slice_positions(start, stop, step).collect()
    } else {
        let i = item_index(vm, obj, key)?;
        let j = if i < 0 { i + len } else { i };
        if !(0..len).contains(&j) {
            return Err(vm.error(ExcKind::IndexError, "list assignment index out of range"));
        }
        vec![j as usize]
    };
    let mut remove = vec![false; len as usize];
    for p in pos {
        remove[p] = true;
    }
    match vm.heap.get_mut(h) {
        Obj::List(l) => {
            let mut k = 0;
            l.retain(|_| {
                k += 1;
                !remove[k - 1]
            });
        }
        Obj::ByteArray(b) => {
            let mut k = 0;
            b.retain(|_| {
                k += 1;
                !remove[k - 1]
            });
        }
        _ => {}
    }
    Ok(())
}
