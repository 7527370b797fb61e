//! `bytes`, `bytearray` and `memoryview` methods. The byte-string methods
//! are shared: each reads `self` as a byte vector and builds its result with
//! the type of `self` (bytes stays bytes, bytearray stays bytearray).

use crate::obj::Obj;
use crate::types::MethodDef;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

type Kw<'a> = &'a [(Value, Value)];

pub const BYTES_METHODS: &[MethodDef] = &[
    ("hex", b_hex, false),
    ("decode", b_decode, true),
    ("find", b_find, false),
    ("rfind", b_rfind, false),
    ("index", b_index, false),
    ("rindex", b_rindex, false),
    ("count", b_count, false),
    ("replace", b_replace, false),
    ("split", b_split, true),
    ("rsplit", b_rsplit, true),
    ("strip", b_strip, false),
    ("lstrip", b_lstrip, false),
    ("rstrip", b_rstrip, false),
    ("join", b_join, false),
    ("startswith", b_startswith, false),
    ("endswith", b_endswith, false),
    ("upper", b_upper, false),
    ("lower", b_lower, false),
    ("swapcase", b_swapcase, false),
    ("capitalize", b_capitalize, false),
    ("title", b_title, false),
    ("isdigit", b_isdigit, false),
    ("isalpha", b_isalpha, false),
    ("isalnum", b_isalnum, false),
    ("isspace", b_isspace, false),
    ("isupper", b_isupper, false),
    ("islower", b_islower, false),
    ("partition", b_partition, false),
    ("rpartition", b_rpartition, false),
    ("center", b_center, false),
    ("ljust", b_ljust, false),
    ("rjust", b_rjust, false),
    ("zfill", b_zfill, false),
    ("splitlines", b_splitlines, true),
    ("removeprefix", b_removeprefix, false),
    ("removesuffix", b_removesuffix, false),
    ("expandtabs", b_expandtabs, true),
    ("translate", b_translate, true),
];

pub const BYTEARRAY_METHODS: &[MethodDef] = &[
    ("append", ba_append, false),
    ("extend", ba_extend, false),
    ("pop", ba_pop, false),
    ("remove", ba_remove, false),
    ("insert", ba_insert, false),
    ("clear", ba_clear, false),
    ("reverse", ba_reverse, false),
    ("copy", ba_copy, false),
];

/// Class methods of bytes and bytearray.
pub const BYTES_CLASSMETHODS: &[MethodDef] = &[("fromhex", b_fromhex, false)];

fn arg(a: &[Value], i: usize) -> Value {
    a.get(i).copied().unwrap_or(Value::None)
}

/// `self` as bytes, and whether it is a bytearray.
fn me(vm: &mut Vm, a: &[Value]) -> PyResult<(Vec<u8>, bool)> {
    let h = me_ref(vm, a)?;
    Ok(match vm.heap.get(h) {
        Obj::ByteArray(b) => (b.clone(), true),
        _ => (view(vm, h).to_vec(), false),
    })
}

/// `self` checked to be bytes or a bytearray, for methods that only read
/// it: they borrow its contents with [`view`] instead of copying them
/// (`data.find(b"\n", pos)` in a loop must not copy `data` each time).
fn me_ref(vm: &mut Vm, a: &[Value]) -> PyResult<Gc> {
    let v = vm.builtin_base(arg(a, 0));
    if let Value::Obj(h) = v {
        if matches!(vm.heap.get(h), Obj::Bytes(_) | Obj::ByteArray(_)) {
            return Ok(h);
        }
    }
    let t = vm.type_name(v);
    Err(vm.type_error(format!(
        "descriptor requires a 'bytes' object but received '{t}'"
    )))
}

/// The contents of a bytes or bytearray found by [`me_ref`].
fn view(vm: &Vm, h: Gc) -> &[u8] {
    match vm.heap.get(h) {
        Obj::Bytes(b) => b,
        Obj::ByteArray(b) => b,
        _ => &[],
    }
}

/// Builds a bytes (or bytearray) object.
pub fn mk(vm: &mut Vm, data: Vec<u8>, bytearray: bool) -> PyResult {
    let o = if bytearray {
        Obj::ByteArray(data)
    } else {
        Obj::Bytes(data.into_boxed_slice())
    };
    Ok(Value::Obj(vm.alloc(o)?))
}

/// The contents of a bytes-like argument (bytes, bytearray, memoryview).
pub fn buffer(vm: &mut Vm, v: Value) -> PyResult<Vec<u8>> {
    match buffer_opt(vm, v) {
        Some(b) => Ok(b),
        None => {
            let t = vm.type_name(v);
            Err(vm.type_error(format!("a bytes-like object is required, not '{t}'")))
        }
    }
}

pub fn buffer_opt(vm: &Vm, v: Value) -> Option<Vec<u8>> {
    let v = vm.builtin_base(v);
    let Value::Obj(h) = v else { return None };
    match vm.heap.get(h) {
        Obj::Bytes(b) => Some(b.to_vec()),
        Obj::ByteArray(b) => Some(b.clone()),
        Obj::MemoryView {
            obj, start, len, ..
        } => {
            let (o, s, l) = (*obj, *start, *len);
            let all = buffer_opt(vm, o)?;
            let s = s.min(all.len());
            let e = (s + l).min(all.len());
            Some(all[s..e].to_vec())
        }
        _ => None,
    }
}

/// The length of [`buffer_opt`]'s result, without copying.
fn buffer_len(vm: &Vm, v: Value) -> Option<usize> {
    let Value::Obj(h) = vm.builtin_base(v) else {
        return None;
    };
    match vm.heap.get(h) {
        Obj::Bytes(b) => Some(b.len()),
        Obj::ByteArray(b) => Some(b.len()),
        Obj::MemoryView { len, .. } => Some(*len),
        _ => None,
    }
}

/// A needle: bytes-like or an int in range(256).
fn needle(vm: &mut Vm, v: Value) -> PyResult<Vec<u8>> {
    if let Value::Int(_) | Value::Bool(_) = v {
        let n = vm.index_value(v)?;
        if !(0..256).contains(&n) {
            return Err(vm.value_error("byte must be in range(0, 256)"));
        }
        return Ok(vec![n as u8]);
    }
    if buffer_opt(vm, v).is_none() {
        let t = vm.type_name(v);
        return Err(vm.type_error(format!(
            "argument should be integer or bytes-like object, not '{t}'"
        )));
    }
    buffer(vm, v)
}

/// CPython's slice-index clamping for `start`/`end` arguments.
pub fn adjust(vm: &mut Vm, a: &[Value], i: usize, len: usize) -> PyResult<(usize, usize)> {
    let len = len as i64;
    let get = |vm: &mut Vm, j: usize, default: i64| -> PyResult<i64> {
        match a.get(j) {
            None | Some(Value::None) => Ok(default),
            Some(&v) => {
                let n = match v {
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
                Ok(if n < 0 { (n + len).max(0) } else { n })
            }
        }
    };
    // A start past the end stays there (so `s > e`): CPython finds nothing
    // from there, not even the empty string ('abc'.find('', 4) is -1).
    let s = get(vm, i, 0)?;
    let e = get(vm, i + 1, len)?.min(len);
    Ok((s as usize, e as usize))
}

pub fn find_sub(hay: &[u8], n: &[u8]) -> Option<usize> {
    if n.is_empty() {
        return Some(0);
    }
    if n.len() > hay.len() {
        return None;
    }
    hay.windows(n.len()).position(|w| w == n)
}

pub fn rfind_sub(hay: &[u8], n: &[u8]) -> Option<usize> {
    if n.is_empty() {
        return Some(hay.len());
    }
    if n.len() > hay.len() {
        return None;
    }
    hay.windows(n.len()).rposition(|w| w == n)
}

fn count_sub(hay: &[u8], n: &[u8]) -> usize {
    if n.is_empty() {
        return hay.len() + 1;
    }
    let mut c = 0;
    let mut i = 0;
    while i + n.len() <= hay.len() {
        if &hay[i..i + n.len()] == n {
            c += 1;
            i += n.len();
        } else {
            i += 1;
        }
    }
    c
}

fn find_impl(vm: &mut Vm, a: &[Value], rev: bool) -> PyResult<Option<usize>> {
    let h = me_ref(vm, a)?;
    let n = needle(vm, arg(a, 1))?;
    let (s, e) = adjust(vm, a, 2, view(vm, h).len())?;
    let b = view(vm, h);
    if s > e || s > b.len() {
        return Ok(None);
    }
    let hay = &b[s..e];
    Ok(if rev {
        rfind_sub(hay, &n)
    } else {
        find_sub(hay, &n)
    }
    .map(|p| p + s))
}

fn b_find(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    Ok(Value::Int(
        find_impl(vm, a, false)?.map_or(-1, |p| p as i64),
    ))
}
fn b_rfind(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    Ok(Value::Int(find_impl(vm, a, true)?.map_or(-1, |p| p as i64)))
}
fn b_index(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    match find_impl(vm, a, false)? {
        Some(p) => Ok(Value::Int(p as i64)),
        None => Err(vm.value_error("subsection not found")),
    }
}
fn b_rindex(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    match find_impl(vm, a, true)? {
        Some(p) => Ok(Value::Int(p as i64)),
        None => Err(vm.value_error("subsection not found")),
    }
}
fn b_count(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let h = me_ref(vm, a)?;
    let n = needle(vm, arg(a, 1))?;
    let (s, e) = adjust(vm, a, 2, view(vm, h).len())?;
    if s > e {
        return Ok(Value::Int(0));
    }
    Ok(Value::Int(count_sub(&view(vm, h)[s..e], &n) as i64))
}

/// `replace` on byte strings; `count < 0` means all.
pub fn replace_bytes(b: &[u8], old: &[u8], new: &[u8], count: i64) -> Vec<u8> {
    let mut out = Vec::with_capacity(b.len());
    let mut done = 0i64;
    if old.is_empty() {
        // An empty pattern matches before every byte and at the end.
        for (i, &c) in b.iter().enumerate() {
            if count < 0 || done < count {
                out.extend_from_slice(new);
                done += 1;
            }
            out.push(c);
            let _ = i;
        }
        if count < 0 || done < count {
            out.extend_from_slice(new);
        }
        return out;
    }
    let mut i = 0;
    while i < b.len() {
        if (count < 0 || done < count) && b[i..].starts_with(old) {
            out.extend_from_slice(new);
            i += old.len();
            done += 1;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    out
}

fn b_replace(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (b, ba) = me(vm, a)?;
    let old = buffer(vm, arg(a, 1))?;
    let new = buffer(vm, arg(a, 2))?;
    let count = if a.len() > 3 {
        vm.index_value(a[3])?
    } else {
        -1
    };
    // The result must fit the quota before it is built.
    let k = if old.is_empty() {
        b.len() + 1
    } else {
        memchr::memmem::find_iter(&b, &old).count()
    };
    let k = usize::try_from(count).map_or(k, |c| k.min(c));
    vm.reserve_temp((b.len() - k * old.len()).saturating_add(k.saturating_mul(new.len())))?;
    let r = replace_bytes(&b, &old, &new, count);
    vm.charge(r.len())?;
    mk(vm, r, ba)
}

fn is_ws(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// `sep` and `maxsplit` from positional or keyword arguments.
fn split_args(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult<(Option<Vec<u8>>, i64)> {
    let mut sep = arg(a, 1);
    let mut maxsplit = if a.len() > 2 {
        vm.index_value(a[2])?
    } else {
        -1
    };
    for &(k, v) in kw {
        match vm.heap.str_of(k) {
            Some("sep") => sep = v,
            Some("maxsplit") => maxsplit = vm.index_value(v)?,
            _ => {
                let n = vm.heap.str_of(k).unwrap_or("?").to_string();
                return Err(
                    vm.type_error(format!("split() got an unexpected keyword argument '{n}'"))
                );
            }
        }
    }
    let sep = if sep.is_none() {
        None
    } else {
        let s = buffer(vm, sep)?;
        if s.is_empty() {
            return Err(vm.value_error("empty separator"));
        }
        Some(s)
    };
    Ok((sep, maxsplit))
}

fn split_bytes(b: &[u8], sep: Option<&[u8]>, maxsplit: i64) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    match sep {
        Some(sep) => {
            let mut rest = b;
            loop {
                if maxsplit >= 0 && out.len() as i64 >= maxsplit {
                    break;
                }
                match find_sub(rest, sep) {
                    Some(p) => {
                        out.push(rest[..p].to_vec());
                        rest = &rest[p + sep.len()..];
                    }
                    None => break,
                }
            }
            out.push(rest.to_vec());
        }
        None => {
            let mut i = 0;
            while i < b.len() && is_ws(b[i]) {
                i += 1;
            }
            while i < b.len() {
                if maxsplit >= 0 && out.len() as i64 >= maxsplit {
                    out.push(b[i..].to_vec());
                    break;
                }
                let s = i;
                while i < b.len() && !is_ws(b[i]) {
                    i += 1;
                }
                out.push(b[s..i].to_vec());
                while i < b.len() && is_ws(b[i]) {
                    i += 1;
                }
            }
        }
    }
    out
}

fn rsplit_bytes(b: &[u8], sep: Option<&[u8]>, maxsplit: i64) -> Vec<Vec<u8>> {
    // Splitting the reversed string from the left is splitting from the right.
    let rev: Vec<u8> = b.iter().rev().copied().collect();
    let rsep: Option<Vec<u8>> = sep.map(|s| s.iter().rev().copied().collect());
    let mut parts = split_bytes(&rev, rsep.as_deref(), maxsplit);
    parts.reverse();
    for p in parts.iter_mut() {
        p.reverse();
    }
    parts
}

fn parts_list(vm: &mut Vm, parts: Vec<Vec<u8>>, ba: bool) -> PyResult {
    let mut vals = Vec::with_capacity(parts.len());
    for p in parts {
        vals.push(mk(vm, p, ba)?);
    }
    vm.charge(vals.len() * 16)?;
    vm.new_list(vals)
}

fn b_split(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let (b, ba) = me(vm, a)?;
    let (sep, maxsplit) = split_args(vm, a, kw)?;
    let parts = split_bytes(&b, sep.as_deref(), maxsplit);
    parts_list(vm, parts, ba)
}
fn b_rsplit(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let (b, ba) = me(vm, a)?;
    let (sep, maxsplit) = split_args(vm, a, kw)?;
    let parts = rsplit_bytes(&b, sep.as_deref(), maxsplit);
    parts_list(vm, parts, ba)
}

fn strip_impl(vm: &mut Vm, a: &[Value], left: bool, right: bool) -> PyResult {
    let (b, ba) = me(vm, a)?;
    let chars = if arg(a, 1).is_none() {
        None
    } else {
        Some(buffer(vm, arg(a, 1))?)
    };
    let strip = |c: u8| match &chars {
        Some(cs) => cs.contains(&c),
        None => is_ws(c),
    };
    let mut s = 0;
    let mut e = b.len();
    if left {
        while s < e && strip(b[s]) {
            s += 1;
        }
    }
    if right {
        while e > s && strip(b[e - 1]) {
            e -= 1;
        }
    }
    // Unchanged bytes are returned as they are, as CPython does.
    if !ba
        && s == 0
        && e == b.len()
        && matches!(arg(a, 0), Value::Obj(h) if matches!(vm.heap.get(h), Obj::Bytes(_)))
    {
        return Ok(arg(a, 0));
    }
    mk(vm, b[s..e].to_vec(), ba)
}
fn b_strip(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    strip_impl(vm, a, true, true)
}
fn b_lstrip(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    strip_impl(vm, a, true, false)
}
fn b_rstrip(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    strip_impl(vm, a, false, true)
}

fn b_join(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (sep, ba) = me(vm, a)?;
    let items = vm.iter_to_vec(arg(a, 1))?;
    // The result must fit the quota before it is built (joining 10**4
    // references to one 1 MB object asked the host for 10 GB).
    let total = items.iter().fold(0usize, |n, &it| {
        let len = buffer_len(vm, it).unwrap_or(0);
        n.saturating_add(len).saturating_add(sep.len())
    });
    vm.reserve_temp(total)?;
    let mut out = Vec::new();
    for (i, it) in items.iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(&sep);
        }
        match buffer_opt(vm, *it) {
            Some(b) => out.extend_from_slice(&b),
            None => {
                let t = vm.type_name(*it);
                return Err(vm.type_error(format!(
                    "sequence item {i}: expected a bytes-like object, {t} found"
                )));
            }
        }
    }
    vm.charge(out.len())?;
    mk(vm, out, ba)
}

fn affix(vm: &mut Vm, a: &[Value], start: bool) -> PyResult {
    let h = me_ref(vm, a)?;
    let (s, e) = adjust(vm, a, 2, view(vm, h).len())?;
    let cands = match arg(a, 1) {
        Value::Obj(h) if matches!(vm.heap.get(h), Obj::Tuple(_)) => vm.seq_items(arg(a, 1))?,
        v => vec![v],
    };
    for c in cands {
        let Some(p) = buffer_opt(vm, c) else {
            let (n, t) = (
                if start { "startswith" } else { "endswith" },
                vm.type_name(c),
            );
            return Err(vm.type_error(format!(
                "{n} first arg must be bytes or a tuple of bytes, not {t}"
            )));
        };
        let b = view(vm, h);
        if s > b.len() || s > e {
            continue;
        }
        let hay = &b[s..e];
        if (start && hay.starts_with(&p)) || (!start && hay.ends_with(&p)) {
            return Ok(Value::Bool(true));
        }
    }
    Ok(Value::Bool(false))
}
fn b_startswith(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    affix(vm, a, true)
}
fn b_endswith(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    affix(vm, a, false)
}

fn map_bytes(vm: &mut Vm, a: &[Value], f: impl Fn(&[u8]) -> Vec<u8>) -> PyResult {
    let (b, ba) = me(vm, a)?;
    let r = f(&b);
    mk(vm, r, ba)
}
fn b_upper(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    map_bytes(vm, a, |b| b.to_ascii_uppercase())
}
fn b_lower(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    map_bytes(vm, a, |b| b.to_ascii_lowercase())
}
fn b_swapcase(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    map_bytes(vm, a, |b| {
        b.iter()
            .map(|&c| {
                if c.is_ascii_lowercase() {
                    c.to_ascii_uppercase()
                } else {
                    c.to_ascii_lowercase()
                }
            })
            .collect()
    })
}
fn b_capitalize(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    map_bytes(vm, a, |b| {
        b.iter()
            .enumerate()
            .map(|(i, &c)| {
                if i == 0 {
                    c.to_ascii_uppercase()
                } else {
                    c.to_ascii_lowercase()
                }
            })
            .collect()
    })
}
fn b_title(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    map_bytes(vm, a, |b| {
        let mut prev_cased = false;
        b.iter()
            .map(|&c| {
                let r = if prev_cased {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                };
                prev_cased = c.is_ascii_alphabetic();
                r
            })
            .collect()
    })
}

fn pred(vm: &mut Vm, a: &[Value], f: fn(&u8) -> bool) -> PyResult {
    let h = me_ref(vm, a)?;
    let b = view(vm, h);
    Ok(Value::Bool(!b.is_empty() && b.iter().all(f)))
}
fn b_isdigit(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    pred(vm, a, u8::is_ascii_digit)
}
fn b_isalpha(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    pred(vm, a, u8::is_ascii_alphabetic)
}
fn b_isalnum(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    pred(vm, a, u8::is_ascii_alphanumeric)
}
fn b_isspace(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    pred(vm, a, |c| is_ws(*c))
}
fn b_isupper(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let h = me_ref(vm, a)?;
    let b = view(vm, h);
    Ok(Value::Bool(
        b.iter().any(u8::is_ascii_uppercase) && !b.iter().any(u8::is_ascii_lowercase),
    ))
}
fn b_islower(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let h = me_ref(vm, a)?;
    let b = view(vm, h);
    Ok(Value::Bool(
        b.iter().any(u8::is_ascii_lowercase) && !b.iter().any(u8::is_ascii_uppercase),
    ))
}

fn partition_impl(vm: &mut Vm, a: &[Value], rev: bool) -> PyResult {
    let (b, ba) = me(vm, a)?;
    let sep = buffer(vm, arg(a, 1))?;
    if sep.is_empty() {
        return Err(vm.value_error("empty separator"));
    }
    let pos = if rev {
        rfind_sub(&b, &sep)
    } else {
        find_sub(&b, &sep)
    };
    let (x, y, z) = match pos {
        Some(p) => (b[..p].to_vec(), sep.clone(), b[p + sep.len()..].to_vec()),
        None if rev => (Vec::new(), Vec::new(), b.clone()),
        None => (b.clone(), Vec::new(), Vec::new()),
    };
    let (x, y, z) = (mk(vm, x, ba)?, mk(vm, y, ba)?, mk(vm, z, ba)?);
    vm.new_tuple(vec![x, y, z])
}
fn b_partition(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    partition_impl(vm, a, false)
}
fn b_rpartition(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    partition_impl(vm, a, true)
}

fn justify(vm: &mut Vm, a: &[Value], how: u8) -> PyResult {
    let (b, ba) = me(vm, a)?;
    let width = vm.index_value(arg(a, 1))?.max(0) as usize;
    let fill = if a.len() > 2 {
        let f = buffer(vm, a[2])?;
        if f.len() != 1 {
            return Err(vm.type_error("argument 2 must be a byte string of length 1"));
        }
        f[0]
    } else {
        b' '
    };
    if width <= b.len() {
        return mk(vm, b, ba);
    }
    vm.charge(width)?;
    let total = width - b.len();
    let left = match how {
        b'l' => 0,
        b'r' => total,
        // CPython's centering puts the extra fill on the left when the
        // width and length are both odd.
        _ => total / 2 + (total & width & 1),
    };
    let mut out = vec![fill; left];
    out.extend_from_slice(&b);
    out.resize(width, fill);
    mk(vm, out, ba)
}
fn b_center(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    justify(vm, a, b'c')
}
fn b_ljust(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    justify(vm, a, b'l')
}
fn b_rjust(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    justify(vm, a, b'r')
}
fn b_zfill(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (b, ba) = me(vm, a)?;
    let width = vm.index_value(arg(a, 1))?.max(0) as usize;
    if width <= b.len() {
        return mk(vm, b, ba);
    }
    vm.charge(width)?;
    let sign = matches!(b.first(), Some(b'+' | b'-'));
    let mut out = Vec::with_capacity(width);
    if sign {
        out.push(b[0]);
    }
    out.resize(out.len() + width - b.len(), b'0');
    out.extend_from_slice(if sign { &b[1..] } else { &b[..] });
    mk(vm, out, ba)
}

fn keepends(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult<bool> {
    let mut v = arg(a, 1);
    for &(k, x) in kw {
        if vm.heap.str_of(k) == Some("keepends") {
            v = x;
        } else {
            return Err(vm.type_error("splitlines() got an unexpected keyword argument"));
        }
    }
    vm.truthy(v)
}

fn b_splitlines(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let (b, ba) = me(vm, a)?;
    let keep = keepends(vm, a, kw)?;
    let mut parts = Vec::new();
    let mut i = 0;
    let mut s = 0;
    while i < b.len() {
        let eol = match b[i] {
            b'\r' if b.get(i + 1) == Some(&b'\n') => 2,
            b'\r' | b'\n' => 1,
            _ => 0,
        };
        if eol > 0 {
            parts.push(b[s..if keep { i + eol } else { i }].to_vec());
            i += eol;
            s = i;
        } else {
            i += 1;
        }
    }
    if s < b.len() {
        parts.push(b[s..].to_vec());
    }
    parts_list(vm, parts, ba)
}

fn b_removeprefix(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (b, ba) = me(vm, a)?;
    let p = buffer(vm, arg(a, 1))?;
    let r = b.strip_prefix(&p[..]).unwrap_or(&b).to_vec();
    mk(vm, r, ba)
}
fn b_removesuffix(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (b, ba) = me(vm, a)?;
    let p = buffer(vm, arg(a, 1))?;
    let r = b.strip_suffix(&p[..]).unwrap_or(&b).to_vec();
    mk(vm, r, ba)
}

fn b_expandtabs(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let (b, ba) = me(vm, a)?;
    let mut ts = arg(a, 1);
    for &(k, v) in kw {
        if vm.heap.str_of(k) == Some("tabsize") {
            ts = v;
        }
    }
    let ts = if ts.is_none() { 8 } else { vm.index_value(ts)? };
    let out = crate::types::str::expand_tabs(vm, &b, ts, false)?;
    mk(vm, out, ba)
}

fn b_translate(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let (b, ba) = me(vm, a)?;
    let table = if arg(a, 1).is_none() {
        None
    } else {
        Some(buffer(vm, arg(a, 1))?)
    };
    if let Some(t) = &table {
        if t.len() != 256 {
            return Err(vm.value_error("translation table must be 256 characters long"));
        }
    }
    let mut del = if a.len() > 2 {
        buffer(vm, a[2])?
    } else {
        Vec::new()
    };
    for &(k, v) in kw {
        if vm.heap.str_of(k) == Some("delete") {
            del = buffer(vm, v)?;
        }
    }
    let out: Vec<u8> = b
        .iter()
        .filter(|c| !del.contains(c))
        .map(|&c| match &table {
            Some(t) => t[c as usize],
            None => c,
        })
        .collect();
    mk(vm, out, ba)
}

fn b_hex(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (b, _) = me(vm, a)?;
    hex_with_sep(vm, &b, arg(a, 1))
}

pub(crate) fn hex_with_sep(vm: &mut Vm, b: &[u8], sep: Value) -> PyResult {
    let sep = if sep.is_none() {
        None
    } else if let Some(s) = vm.heap.str_of(sep) {
        Some(s.to_string())
    } else {
        let v = buffer(vm, sep)?;
        Some(String::from_utf8_lossy(&v).to_string())
    };
    let mut out = String::with_capacity(b.len() * 3);
    for (i, c) in b.iter().enumerate() {
        if i > 0 {
            if let Some(s) = &sep {
                out.push_str(s);
            }
        }
        out.push_str(&format!("{c:02x}"));
    }
    vm.new_string(out)
}

fn b_fromhex(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    // a[0] is the class (bytes or bytearray, or a subclass).
    let ba = match arg(a, 0) {
        Value::Obj(h) => {
            let t = vm.type_obj(crate::types::TypeId::ByteArray);
            vm.is_subclass(h, t)
        }
        _ => false,
    };
    let Some(s) = vm.heap.str_of(arg(a, 1)).map(|s| s.to_string()) else {
        let t = vm.type_name(arg(a, 1));
        return Err(vm.type_error(format!("fromhex() argument must be str, not {t}")));
    };
    let chars: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let hi = chars[i].to_digit(16);
        let lo = chars.get(i + 1).and_then(|c| c.to_digit(16));
        match (hi, lo) {
            (Some(h), Some(l)) => out.push((h * 16 + l) as u8),
            (Some(_), None) if i + 1 >= chars.len() || chars[i + 1].is_ascii_whitespace() => {
                let p = i + 1;
                return Err(vm.value_error(format!(
                    "non-hexadecimal number found in fromhex() arg at position {p}"
                )));
            }
            (Some(_), None) => {
                let p = i + 1;
                return Err(vm.value_error(format!(
                    "non-hexadecimal number found in fromhex() arg at position {p}"
                )));
            }
            _ => {
                return Err(vm.value_error(format!(
                    "non-hexadecimal number found in fromhex() arg at position {i}"
                )))
            }
        }
        i += 2;
    }
    mk(vm, out, ba)
}

/// Decodes bytes to Rust text (a lone surrogate that a handler makes
/// reads as U+FFFD); `encoding` and `errors` as CPython names them.
pub fn decode(vm: &mut Vm, b: &[u8], encoding: &str, errors: &str) -> PyResult<String> {
    let v = super::codec::decode_value(vm, b, encoding, errors)?;
    Ok(vm.heap.str_of(v).unwrap_or("").to_string())
}

/// `encoding` and `errors` from positional arguments starting at `i`, or keywords.
pub fn codec_args(vm: &mut Vm, a: &[Value], i: usize, kw: Kw) -> PyResult<(String, String)> {
    let mut enc = a.get(i).copied();
    let mut err = a.get(i + 1).copied();
    for &(k, v) in kw {
        match vm.heap.str_of(k) {
            Some("encoding") => enc = Some(v),
            Some("errors") => err = Some(v),
            _ => {
                let n = vm.heap.str_of(k).unwrap_or("?").to_string();
                return Err(vm.type_error(format!(
                    "'{n}' is an invalid keyword argument for this function"
                )));
            }
        }
    }
    let enc = match enc {
        Some(v) => vm.to_str(v)?,
        None => "utf-8".into(),
    };
    let err = match err {
        Some(v) => vm.to_str(v)?,
        None => "strict".into(),
    };
    Ok((enc, err))
}

fn b_decode(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let (b, _) = me(vm, a)?;
    let (enc, err) = codec_args(vm, a, 1, kw)?;
    super::codec::decode_value(vm, &b, &enc, &err)
}

/// `bytes % args`: formatted through the str machinery over a Latin-1
/// view of the bytes, so every byte value survives the round trip.
pub fn bytes_percent(vm: &mut Vm, fmt: Value, args: Value) -> PyResult {
    let Some(f) = buffer_opt(vm, fmt) else {
        return Ok(Value::NotImplemented);
    };
    let ba = matches!(vm.builtin_base(fmt), Value::Obj(h) if matches!(vm.heap.get(h), Obj::ByteArray(_)));
    let (convs, conv_pos) = percent_convs(&f);
    // `%s`/`%b` take bytes-like values, passed through as Latin-1 text;
    // `%r`/`%a` keep the value so its repr is used.
    let to_latin = |vm: &mut Vm, v: Value, conv: u8| -> PyResult<Value> {
        match (conv, buffer_opt(vm, v)) {
            (b's' | b'b', Some(b)) => {
                let s: String = b.iter().map(|&c| c as char).collect();
                vm.new_string(s)
            }
            (b's' | b'b', None) => {
                let t = vm.type_name(v);
                Err(vm.type_error(format!(
                    "%b requires a bytes-like object, or an object that implements __bytes__, not '{t}'"
                )))
            }
            (b'c', Some(b)) if b.len() == 1 => Ok(Value::Int(b[0] as i64)),
            _ => Ok(v),
        }
    };
    let conv_args = match args {
        Value::Obj(h) if matches!(vm.heap.get(h), Obj::Tuple(_)) => {
            let items = vm.seq_items(args)?;
            let mut out = Vec::with_capacity(items.len());
            for (i, it) in items.into_iter().enumerate() {
                let c = convs.get(i).copied().unwrap_or(b'r');
                out.push(to_latin(vm, it, c)?);
            }
            vm.new_tuple(out)?
        }
        Value::Obj(h) if matches!(vm.heap.get(h), Obj::Dict(_)) => args,
        _ => {
            let c = convs.first().copied().unwrap_or(b'r');
            to_latin(vm, args, c)?
        }
    };
    // `%b` is bytes' spelling of `%s`.
    let fs: String = f
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            if c == b'b' && conv_pos.contains(&i) {
                's'
            } else {
                c as char
            }
        })
        .collect();
    let fv = vm.new_string(fs)?;
    let r = crate::types::str::percent_format(vm, fv, conv_args)?;
    let rs = vm.heap.str_of(r).unwrap_or("").to_string();
    let out: Vec<u8> = rs.chars().map(|c| c as u32 as u8).collect();
    mk(vm, out, ba)
}

/// The conversion character consuming each positional argument of a
/// `%` format (`*` widths and precisions consume one as `d`).
fn percent_convs(f: &[u8]) -> (Vec<u8>, Vec<usize>) {
    let mut out = Vec::new();
    let mut pos = Vec::new();
    let mut i = 0;
    while i < f.len() {
        if f[i] != b'%' {
            i += 1;
            continue;
        }
        i += 1;
        if f.get(i) == Some(&b'(') {
            while i < f.len() && f[i] != b')' {
                i += 1;
            }
            i += 1;
        }
        while i < f.len() && matches!(f[i], b'-' | b'+' | b' ' | b'#' | b'0') {
            i += 1;
        }
        if f.get(i) == Some(&b'*') {
            out.push(b'd');
            i += 1;
        }
        while i < f.len() && f[i].is_ascii_digit() {
            i += 1;
        }
        if f.get(i) == Some(&b'.') {
            i += 1;
            if f.get(i) == Some(&b'*') {
                out.push(b'd');
                i += 1;
            }
            while i < f.len() && f[i].is_ascii_digit() {
                i += 1;
            }
        }
        if let Some(&c) = f.get(i) {
            pos.push(i);
            if c != b'%' {
                out.push(c);
            }
        }
        i += 1;
    }
    (out, pos)
}

// ---- bytearray mutators

fn with_ba<R>(vm: &mut Vm, v: Value, f: impl FnOnce(&mut Vec<u8>) -> R) -> PyResult<R> {
    let v = vm.builtin_base(v);
    if let Value::Obj(h) = v {
        if let Obj::ByteArray(b) = vm.heap.get_mut(h) {
            return Ok(f(b));
        }
    }
    Err(vm.type_error("descriptor requires a 'bytearray' object"))
}

/// `v` as one byte: an int in range(256), else ValueError (also for an
/// int too big for an index) or TypeError.
pub(crate) fn byte_arg(vm: &mut Vm, v: Value) -> PyResult<u8> {
    let big = matches!(v, Value::Obj(h) if matches!(vm.heap.get(h), Obj::BigInt(_)));
    let n = if big { -1 } else { vm.index_value(v)? };
    if !(0..256).contains(&n) {
        return Err(vm.value_error("byte must be in range(0, 256)"));
    }
    Ok(n as u8)
}

fn ba_append(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let c = byte_arg(vm, arg(a, 1))?;
    vm.charge(1)?;
    with_ba(vm, arg(a, 0), |b| b.push(c))?;
    Ok(Value::None)
}
fn ba_extend(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let src = arg(a, 1);
    if vm.heap.str_of(src).is_some() {
        return Err(vm.type_error("expected iterable of integers; got: 'str'"));
    }
    let data = crate::types::str::bytes_of(vm, src)?;
    vm.charge(data.len())?;
    with_ba(vm, arg(a, 0), |b| b.extend_from_slice(&data))?;
    Ok(Value::None)
}
fn ba_pop(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let i = if a.len() > 1 {
        Some(vm.index_value(a[1])?)
    } else {
        None
    };
    let r = with_ba(vm, arg(a, 0), |b| {
        if b.is_empty() {
            return Err("pop from empty bytearray");
        }
        let len = b.len() as i64;
        let j = match i {
            None => len - 1,
            Some(i) if i < 0 => i + len,
            Some(i) => i,
        };
        if !(0..len).contains(&j) {
            return Err("pop index out of range");
        }
        Ok(b.remove(j as usize))
    })?;
    r.map(|c| Value::Int(c as i64))
        .map_err(|m| vm.index_error(m))
}
fn ba_remove(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let c = byte_arg(vm, arg(a, 1))?;
    let found = with_ba(vm, arg(a, 0), |b| match b.iter().position(|&x| x == c) {
        Some(p) => {
            b.remove(p);
            true
        }
        None => false,
    })?;
    if !found {
        return Err(vm.value_error("value not found in bytearray"));
    }
    Ok(Value::None)
}
fn ba_insert(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let i = vm.index_value(arg(a, 1))?;
    let c = byte_arg(vm, arg(a, 2))?;
    vm.charge(1)?;
    with_ba(vm, arg(a, 0), |b| {
        let len = b.len() as i64;
        let j = if i < 0 { (i + len).max(0) } else { i.min(len) };
        b.insert(j as usize, c);
    })?;
    Ok(Value::None)
}
fn ba_clear(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    with_ba(vm, arg(a, 0), |b| b.clear())?;
    Ok(Value::None)
}
fn ba_reverse(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    with_ba(vm, arg(a, 0), |b| b.reverse())?;
    Ok(Value::None)
}
fn ba_copy(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let data = with_ba(vm, arg(a, 0), |b| b.clone())?;
    vm.charge(data.len())?;
    mk(vm, data, true)
}

pub const STATICMETHODS: &[MethodDef] = &[("maketrans", bytes_maketrans, false)];

/// `bytes.maketrans(from, to)`: the 256-byte table for `translate` that
/// maps each byte of `from` to the byte of `to` at the same position.
fn bytes_maketrans(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    if a.len() != 2 {
        return Err(vm.type_error(format!("maketrans expected 2 arguments, got {}", a.len())));
    }
    let from = crate::types::str::bytes_of(vm, a[0])?;
    let to = crate::types::str::bytes_of(vm, a[1])?;
    if from.len() != to.len() {
        return Err(vm.value_error("maketrans arguments must have same length"));
    }
    let mut table: Vec<u8> = (0..=255u8).collect();
    for (&f, &t) in from.iter().zip(&to) {
        table[f as usize] = t;
    }
    Ok(Value::Obj(vm.alloc(Obj::Bytes(table.into_boxed_slice()))?))
}
