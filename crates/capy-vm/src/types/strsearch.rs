//! The searching `str` methods: find/rfind/index/rindex, count, split with
//! a separator, partition/rpartition and replace.
//!
//! They work on the UTF-8 bytes in place (no copy of the receiver) with
//! `memchr::memmem`. A valid UTF-8 needle can only match a valid UTF-8
//! haystack at a character boundary, so byte matches are code-point
//! matches; positions are converted to code points only for non-ASCII text.

use crate::types::strbuf::{count_cp, find_cp, rfind_cp};
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;
use memchr::memmem;

fn arg(a: &[Value], i: usize) -> Value {
    a.get(i).copied().unwrap_or(Value::None)
}

/// Argument `i` as a str value (the built-in str of a str subclass), or a
/// TypeError naming `what` (nothing when it is empty, as CPython's
/// find/count say).
fn str_arg(vm: &mut Vm, a: &[Value], i: usize, what: &str) -> PyResult<Value> {
    let v = vm.builtin_base(arg(a, i));
    if vm.heap.str_of(v).is_some() {
        return Ok(v);
    }
    let t = vm.type_name(arg(a, i));
    let gap = if what.is_empty() { "" } else { " " };
    Err(vm.type_error(format!("{what}{gap}must be str, not {t}")))
}

fn text(vm: &Vm, v: Value) -> &str {
    vm.heap.str_of(v).unwrap_or("")
}

fn char_len(t: &str) -> usize {
    if t.is_ascii() {
        t.len()
    } else {
        t.chars().count()
    }
}

/// The haystack, the needle, and the byte range and first code point
/// index selected (None: nothing can be found).
type SearchArgs = (Value, Value, Option<(usize, usize, usize)>);

/// The receiver and needle of find/count-style methods and the byte range
/// that `start`/`end` (arguments 2 and 3, in code points) select; None when
/// the range is empty in the way that makes CPython report "not found".
fn search_args(vm: &mut Vm, a: &[Value]) -> PyResult<SearchArgs> {
    let hay = str_arg(vm, a, 0, "descriptor")?;
    // (CPython's message names no method; building one that did at
    // every call cost as much as the search.)
    let needle = str_arg(vm, a, 1, "")?;
    // The str's stored length and offset index: a search from a position
    // costs the distance searched, not the position (a parser's loop of
    // `s.find(c, pos)` over non-ASCII text stays linear).
    let len = vm.heap.pystr(hay).map_or(0, |p| p.char_len());
    let (st, en) = crate::types::bytes::adjust(vm, a, 2, len)?;
    // (`adjust` leaves a start past the end there, so `st > en`: CPython
    // finds nothing from there, not even the empty string.)
    if st > en {
        return Ok((hay, needle, None));
    }
    let (bs, be) = vm
        .heap
        .pystr(hay)
        .map_or((0, 0), |p| (p.byte_offset(st), p.byte_offset(en)));
    Ok((hay, needle, Some((st, bs, be))))
}

/// find/rfind/index/rindex: the position in code points, if found.
fn find_impl(vm: &mut Vm, a: &[Value], rev: bool) -> PyResult<Option<usize>> {
    let (hay, needle, range) = search_args(vm, a)?;
    let Some((st, bs, be)) = range else {
        return Ok(None);
    };
    if let Some((h, n, en)) = wide_args(vm, hay, needle, st, bs, be) {
        let f = if rev { rfind_cp } else { find_cp };
        return Ok(f(&h, &n, st, en));
    }
    let t = text(vm, hay);
    let window = &t.as_bytes()[bs..be];
    let n = text(vm, needle).as_bytes();
    let found = if rev {
        memmem::rfind(window, n)
    } else {
        memmem::find(window, n)
    };
    Ok(found.map(|p| st + char_len(&t[bs..bs + p])))
}

/// When the haystack or needle has lone surrogates: both as code points
/// and the end of the range in code points (searches go by code point).
fn wide_args(vm: &Vm, hay: Value, needle: Value, st: usize, bs: usize, be: usize) -> WideArgs {
    let (hp, np) = (vm.heap.pystr(hay)?, vm.heap.pystr(needle)?);
    if !hp.has_surrogates() && !np.has_surrogates() {
        return None;
    }
    let en = st + char_len(hp.s.get(bs..be).unwrap_or(""));
    Some((hp.code_points().collect(), np.code_points().collect(), en))
}

type WideArgs = Option<(Vec<u32>, Vec<u32>, usize)>;

pub fn str_find(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let p = find_impl(vm, a, false)?;
    Ok(Value::Int(p.map_or(-1, |p| p as i64)))
}
pub fn str_rfind(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let p = find_impl(vm, a, true)?;
    Ok(Value::Int(p.map_or(-1, |p| p as i64)))
}
pub fn str_index(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    match find_impl(vm, a, false)? {
        Some(p) => Ok(Value::Int(p as i64)),
        None => Err(vm.value_error("substring not found")),
    }
}
pub fn str_rindex(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    match find_impl(vm, a, true)? {
        Some(p) => Ok(Value::Int(p as i64)),
        None => Err(vm.value_error("substring not found")),
    }
}

/// Non-overlapping occurrences; an empty needle matches between every two
/// code points and at both ends.
pub fn str_count(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let (hay, needle, range) = search_args(vm, a)?;
    let Some((st, bs, be)) = range else {
        return Ok(Value::Int(0));
    };
    if let Some((h, n, en)) = wide_args(vm, hay, needle, st, bs, be) {
        return Ok(Value::Int(count_cp(&h, &n, st, en) as i64));
    }
    let t = &text(vm, hay)[bs..be];
    let n = text(vm, needle).as_bytes();
    let c = if n.is_empty() {
        char_len(t) + 1
    } else {
        memmem::find_iter(t.as_bytes(), n).count()
    };
    Ok(Value::Int(c as i64))
}

/// The pieces of `hay` between occurrences of `sep` (non-empty), at most
/// `maxsplit + 1` of them when `maxsplit` is not negative, as byte spans.
/// `text.split(sep, maxsplit)` for a given separator: a list of new strs.
/// Pieces are made as they are found, so a split into more pieces than
/// the quota holds stops at MemoryError (or the deadline) instead of first
/// listing every piece's position in native memory.
pub fn split_by(vm: &mut Vm, text_v: Value, sep: &str, maxsplit: i64) -> PyResult {
    if sep.is_empty() {
        return Err(vm.value_error("empty separator"));
    }
    let finder = memmem::Finder::new(sep.as_bytes()).into_owned();
    let mut vals: Vec<Value> = Vec::new();
    let mut start = 0;
    loop {
        let t = text(vm, text_v);
        let found = if maxsplit >= 0 && vals.len() as i64 >= maxsplit {
            None
        } else {
            finder.find(&t.as_bytes()[start..]).map(|i| start + i)
        };
        let end = found.unwrap_or(t.len());
        let piece = t[start..end].to_string();
        vm.reserve_growth(&vals)?;
        vals.push(vm.new_string(piece)?);
        match found {
            Some(p) => start = p + sep.len(),
            None => break,
        }
    }
    vm.new_list(vals)
}

fn partition_impl(vm: &mut Vm, a: &[Value], rev: bool) -> PyResult {
    let hay = str_arg(vm, a, 0, "descriptor")?;
    let sep = str_arg(vm, a, 1, "")?;
    let (t, n) = (text(vm, hay), text(vm, sep));
    if n.is_empty() {
        return Err(vm.value_error("empty separator"));
    }
    let found = if rev {
        memmem::rfind(t.as_bytes(), n.as_bytes())
    } else {
        memmem::find(t.as_bytes(), n.as_bytes())
    };
    let (x, z) = match found {
        Some(p) => (t[..p].to_string(), t[p + n.len()..].to_string()),
        None => {
            // Not found: the receiver itself (even a str subclass, as in
            // CPython), then two empty strs (reversed for rpartition).
            let whole = arg(a, 0);
            let e = vm.new_str("")?;
            let items = if rev {
                vec![e, e, whole]
            } else {
                vec![whole, e, e]
            };
            return vm.new_tuple(items);
        }
    };
    let x = vm.new_string(x)?;
    let z = vm.new_string(z)?;
    vm.new_tuple(vec![x, sep, z])
}
pub fn str_partition(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    if let Some(r) = super::strwide::call_wide(vm, a, kw, str_partition) {
        return r;
    }
    partition_impl(vm, a, false)
}
pub fn str_rpartition(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    if let Some(r) = super::strwide::call_wide(vm, a, kw, str_rpartition) {
        return r;
    }
    partition_impl(vm, a, true)
}

pub fn str_replace(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    if let Some(r) = super::strwide::call_wide(vm, a, kw, str_replace) {
        return r;
    }
    let hay = str_arg(vm, a, 0, "descriptor")?;
    let old = str_arg(vm, a, 1, "replace() argument 1")?;
    let new = str_arg(vm, a, 2, "replace() argument 2")?;
    let count = if a.len() > 3 {
        vm.index_value(a[3])?
    } else {
        -1
    };
    let limit = if count < 0 {
        usize::MAX
    } else {
        count as usize
    };
    // The result must fit the quota before it is built.
    let (t, o, n) = (text(vm, hay), text(vm, old), text(vm, new));
    let k = if o.is_empty() {
        t.chars().count() + 1
    } else {
        memmem::find_iter(t.as_bytes(), o.as_bytes())
            .take(limit)
            .count()
    }
    .min(limit);
    let len = (t.len() - k * o.len()).saturating_add(k.saturating_mul(n.len()));
    vm.reserve_temp(len)?;
    let (t, o, n) = (text(vm, hay), text(vm, old), text(vm, new));
    let out = if o.is_empty() {
        // An empty pattern matches before every code point and at the end.
        let mut out = String::with_capacity(t.len());
        let mut done = 0;
        for c in t.chars() {
            if done < limit {
                out.push_str(n);
                done += 1;
            }
            out.push(c);
        }
        if done < limit {
            out.push_str(n);
        }
        out
    } else {
        let mut out = String::new();
        let mut last = 0;
        for p in memmem::find_iter(t.as_bytes(), o.as_bytes()).take(limit) {
            out.push_str(&t[last..p]);
            out.push_str(n);
            last = p + o.len();
        }
        if last == 0 && out.is_empty() || o == n {
            // Nothing replaced: CPython hands back the receiver itself.
            if vm.heap.str_of(arg(a, 0)).is_some() {
                return Ok(arg(a, 0));
            }
            t.to_string()
        } else {
            out.push_str(&t[last..]);
            out
        }
    };
    vm.new_string(out)
}
