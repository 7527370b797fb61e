//! `memoryview`: a window on the bytes of a bytes, bytearray or
//! `array.array`, read and written as items of one format: `B` (unsigned
//! bytes) for bytes-likes, the array's typecode for an array (`h`, `I`, `d`,
//! ...). The window (`start`, `len`) is in bytes; indices, lengths and
//! slices are in items. Slicing with step 1 makes a new view of the same
//! memory; other steps copy the selected items. Item conversion, with its
//! range checks, is the array module's.

use crate::errors::ExcKind;
use crate::modules::array;
use crate::obj::Obj;
use crate::types::bytes::{buffer, buffer_opt, mk};
use crate::types::MethodDef;
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;

type Kw<'a> = &'a [(Value, Value)];

pub const METHODS: &[MethodDef] = &[
    ("tobytes", mv_tobytes, false),
    ("tolist", mv_tolist, false),
    ("hex", mv_hex, false),
    ("release", mv_release, false),
    ("__enter__", mv_enter, false),
    ("__exit__", mv_release, false),
];

/// A view's parts: viewed object, byte start, byte length, format.
#[derive(Clone, Copy)]
struct View {
    obj: Value,
    start: usize,
    len: usize,
    fmt: char,
}

impl View {
    fn itemsize(&self) -> usize {
        array::itemsize(self.fmt)
    }
    fn items(&self) -> usize {
        self.len / self.itemsize()
    }
}

fn view(vm: &Vm, v: Value) -> Option<View> {
    match v {
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::MemoryView {
                obj,
                start,
                len,
                fmt,
            } => Some(View {
                obj: *obj,
                start: *start,
                len: *len,
                fmt: char::from(*fmt),
            }),
            _ => None,
        },
        _ => None,
    }
}

fn alloc_view(vm: &mut Vm, v: View) -> PyResult {
    Ok(Value::Obj(vm.alloc(Obj::MemoryView {
        obj: v.obj,
        start: v.start,
        len: v.len,
        fmt: v.fmt as u8,
    })?))
}

/// `memoryview(obj)`.
pub fn memoryview_new(vm: &mut Vm, a: &[Value]) -> PyResult {
    if a.len() != 1 {
        return Err(vm.type_error(format!(
            "memoryview() takes exactly one argument ({} given)",
            a.len()
        )));
    }
    let fmt = array::typecode_of(vm, a[0]).unwrap_or('B');
    let v = vm.builtin_base(a[0]);
    let parts = match v {
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::Bytes(b) => Some((v, 0, b.len(), fmt)),
            Obj::ByteArray(b) => Some((v, 0, b.len(), fmt)),
            Obj::MemoryView {
                obj,
                start,
                len,
                fmt,
            } => Some((*obj, *start, *len, char::from(*fmt))),
            _ => None,
        },
        _ => None,
    };
    let Some((obj, start, len, fmt)) = parts else {
        let t = vm.type_name(a[0]);
        return Err(vm.type_error(format!(
            "memoryview: a bytes-like object is required, not '{t}'"
        )));
    };
    alloc_view(
        vm,
        View {
            obj,
            start,
            len,
            fmt,
        },
    )
}

/// Length in items.
pub fn mv_len(vm: &Vm, v: Value) -> Option<usize> {
    view(vm, v).map(|w| w.items())
}

/// The viewed bytes now (a bytearray may have shrunk under the view).
fn window(vm: &Vm, w: &View) -> Vec<u8> {
    let all = buffer_opt(vm, w.obj).unwrap_or_default();
    let s = w.start.min(all.len());
    let e = w.start.saturating_add(w.len).min(all.len());
    all[s..e].to_vec()
}

/// Item `i` of the viewed bytes, or IndexError when the memory is gone.
fn item(vm: &mut Vm, w: &View, raw: &[u8], i: usize) -> PyResult {
    if (i + 1) * w.itemsize() > raw.len() {
        return Err(vm.index_error("index out of range"));
    }
    array::decode(vm, w.fmt, raw, i)
}

/// All items as a list (`tolist`, iteration).
pub fn items_list(vm: &mut Vm, v: Value) -> PyResult {
    let Some(w) = view(vm, v) else {
        return Err(vm.type_error("descriptor requires a 'memoryview' object"));
    };
    let raw = window(vm, &w);
    let n = raw.len() / w.itemsize();
    vm.charge(n * 16)?;
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        out.push(item(vm, &w, &raw, i)?);
    }
    vm.new_list(out)
}

fn is_slice(vm: &Vm, key: Value) -> bool {
    matches!(key, Value::Obj(k) if matches!(vm.heap.get(k), Obj::Slice(..)))
}

fn index(vm: &mut Vm, w: &View, key: Value) -> PyResult<usize> {
    let i = vm.index_value(key)?;
    let n = w.items() as i64;
    let j = if i < 0 { i + n } else { i };
    if !(0..n).contains(&j) {
        return Err(vm.index_error("index out of bounds on dimension 1"));
    }
    Ok(j as usize)
}

/// The item positions a slice selects.
fn positions(vm: &mut Vm, w: &View, key: Value) -> PyResult<Vec<usize>> {
    let (s, e, step) = crate::types::list::slice_indices(vm, key, w.items() as i64)?;
    let mut out = Vec::new();
    let mut i = s;
    while (step > 0 && i < e) || (step < 0 && i > e) {
        out.push(i as usize);
        i += step;
    }
    Ok(out)
}

/// `m[key]`: an item for an index, a view for a slice.
pub fn mv_getitem(vm: &mut Vm, m: Value, key: Value) -> PyResult {
    let Some(w) = view(vm, m) else {
        return Err(vm.type_error("expected a memoryview"));
    };
    let isz = w.itemsize();
    if !is_slice(vm, key) {
        let j = index(vm, &w, key)?;
        let raw = window(vm, &w);
        return item(vm, &w, &raw, j);
    }
    let (s, _, step) = crate::types::list::slice_indices(vm, key, w.items() as i64)?;
    let pos = positions(vm, &w, key)?;
    if step == 1 {
        let sub = View {
            start: w.start + s.max(0) as usize * isz,
            len: pos.len() * isz,
            ..w
        };
        return alloc_view(vm, sub);
    }
    // Strided views would need a stride: copy the selected items instead.
    let raw = window(vm, &w);
    let mut out = Vec::with_capacity(pos.len() * isz);
    for p in pos {
        if let Some(b) = raw.get(p * isz..(p + 1) * isz) {
            out.extend_from_slice(b);
        }
    }
    let len = out.len();
    let copy = mk(vm, out, false)?;
    alloc_view(
        vm,
        View {
            obj: copy,
            start: 0,
            len,
            ..w
        },
    )
}

/// `m[key] = v`: only views of a bytearray (or array) are writable.
pub fn mv_setitem(vm: &mut Vm, m: Value, key: Value, v: Value) -> PyResult<()> {
    let Some(w) = view(vm, m) else {
        return Err(vm.type_error("expected a memoryview"));
    };
    let Value::Obj(oh) = w.obj else {
        return Err(vm.type_error("cannot modify read-only memory"));
    };
    if !matches!(vm.heap.get(oh), Obj::ByteArray(_)) {
        return Err(vm.type_error("cannot modify read-only memory"));
    }
    let isz = w.itemsize();
    let (first, data) = if is_slice(vm, key) {
        let pos = positions(vm, &w, key)?;
        let data = slice_source(vm, &w, v, pos.len())?;
        let (_, _, step) = crate::types::list::slice_indices(vm, key, w.items() as i64)?;
        if step != 1 {
            // Item by item (the source was already checked whole).
            for (k, p) in pos.iter().enumerate() {
                write(vm, oh, w.start + p * isz, &data[k * isz..(k + 1) * isz]);
            }
            return Ok(());
        }
        (pos.first().copied().unwrap_or(0), data)
    } else {
        let j = index(vm, &w, key)?;
        let data = encode_item(vm, &w, v)?;
        (j, data)
    };
    write(vm, oh, w.start + first * isz, &data);
    Ok(())
}

/// The bytes assigned to `n` items: a buffer of the same format and size.
fn slice_source(vm: &mut Vm, w: &View, v: Value, n: usize) -> PyResult<Vec<u8>> {
    let src_fmt = match view(vm, v) {
        Some(s) => s.fmt,
        None => array::typecode_of(vm, v).unwrap_or('B'),
    };
    let data = buffer(vm, v)?;
    if array::itemsize(src_fmt) != w.itemsize() || data.len() != n * w.itemsize() {
        return Err(
            vm.value_error("memoryview assignment: lvalue and rvalue have different structures")
        );
    }
    Ok(data)
}

fn encode_item(vm: &mut Vm, w: &View, v: Value) -> PyResult<Vec<u8>> {
    if w.fmt == 'B' {
        // Bytes views take ints in range(256) only, with memoryview's wording.
        return match v {
            Value::Int(_) | Value::Bool(_) => {
                let n = vm.index_value(v)?;
                if !(0..256).contains(&n) {
                    return Err(vm.value_error("memoryview: invalid value for format 'B'"));
                }
                Ok(vec![n as u8])
            }
            _ => Err(vm.type_error("memoryview: invalid type for format 'B'")),
        };
    }
    // Out-of-range and wrong-type items in memoryview's words.
    match array::encode(vm, w.fmt, v) {
        Err(e) if vm.err_is(e, ExcKind::OverflowError) => {
            Err(vm.value_error(format!("memoryview: invalid value for format '{}'", w.fmt)))
        }
        Err(e) if vm.err_is(e, ExcKind::TypeError) => {
            Err(vm.type_error(format!("memoryview: invalid type for format '{}'", w.fmt)))
        }
        r => r,
    }
}

/// Copies `data` into the bytearray at byte `at`, as far as it still reaches
/// (it may have shrunk since the view was made).
fn write(vm: &mut Vm, oh: crate::value::Gc, at: usize, data: &[u8]) {
    if let Obj::ByteArray(b) = vm.heap.get_mut(oh) {
        let end = at.saturating_add(data.len()).min(b.len());
        if at < end {
            b[at..end].copy_from_slice(&data[..end - at]);
        }
    }
}

fn this_bytes(vm: &mut Vm, a: &[Value]) -> PyResult<Vec<u8>> {
    match a.first().and_then(|&v| view(vm, v)) {
        Some(w) => Ok(window(vm, &w)),
        None => Err(vm.type_error("descriptor requires a 'memoryview' object")),
    }
}
fn mv_tobytes(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let b = this_bytes(vm, a)?;
    mk(vm, b, false)
}
fn mv_tolist(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    items_list(vm, a.first().copied().unwrap_or(Value::None))
}
fn mv_hex(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let b = this_bytes(vm, a)?;
    let sep = a.get(1).copied().unwrap_or(Value::None);
    crate::types::bytes::hex_with_sep(vm, &b, sep)
}
fn mv_release(_vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    Ok(Value::None)
}
fn mv_enter(_vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    Ok(a.first().copied().unwrap_or(Value::None))
}

/// `==` when either side is a memoryview (None otherwise): equal when the
/// other side is bytes-like and the items, as each side's format reads
/// them, are equal (so `memoryview(array('h', [1])) != b'\x01\x00'`).
pub fn mv_eq(vm: &mut Vm, a: Value, b: Value) -> PyResult<Option<bool>> {
    if view(vm, a).is_none() && view(vm, b).is_none() {
        return Ok(None);
    }
    let (Some(x), Some(y)) = (items_of(vm, a)?, items_of(vm, b)?) else {
        return Ok(Some(false));
    };
    let (x, y) = (vm.iter_to_vec(x)?, vm.iter_to_vec(y)?);
    if x.len() != y.len() {
        return Ok(Some(false));
    }
    for (p, q) in x.into_iter().zip(y) {
        if !vm.eq(p, q)? {
            return Ok(Some(false));
        }
    }
    Ok(Some(true))
}

/// The items of a bytes-like value as a list, read by its format.
fn items_of(vm: &mut Vm, v: Value) -> PyResult<Option<Value>> {
    if view(vm, v).is_some() {
        return items_list(vm, v).map(Some);
    }
    if buffer_opt(vm, v).is_none() {
        return Ok(None);
    }
    let mv = memoryview_new(vm, &[v])?;
    items_list(vm, mv).map(Some)
}

/// Computed attributes of memoryview.
pub fn mv_attr(vm: &mut Vm, v: Value, name: &str) -> PyResult<Option<Value>> {
    let Some(w) = view(vm, v) else {
        return Ok(None);
    };
    Ok(match name {
        "obj" => Some(w.obj),
        "nbytes" => Some(Value::Int(w.len as i64)),
        "readonly" => Some(Value::Bool(
            !matches!(w.obj, Value::Obj(h) if matches!(vm.heap.get(h), Obj::ByteArray(_))),
        )),
        "itemsize" => Some(Value::Int(w.itemsize() as i64)),
        "ndim" => Some(Value::Int(1)),
        "shape" => Some(vm.new_tuple(vec![Value::Int(w.items() as i64)])?),
        "strides" => Some(vm.new_tuple(vec![Value::Int(w.itemsize() as i64)])?),
        "format" => Some(vm.new_string(w.fmt.to_string())?),
        _ => None,
    })
}
