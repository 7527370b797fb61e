//! `array`: typed arrays of numbers.
//!
//! `array` is a native class. An instance keeps its elements as raw
//! native-endian bytes in a bytearray in `Instance::base` (so `tobytes` is a
//! copy and truthiness follows emptiness), and its `typecode` and
//! `itemsize` as instance attributes.

use crate::dict::Dict;
use crate::errors::ExcKind;
use crate::obj::{Instance, NativeFn, Obj};
use crate::types::TypeId;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use num_traits::ToPrimitive;

type Kw<'a> = &'a [(Value, Value)];

fn arg(a: &[Value], i: usize) -> Value {
    a.get(i).copied().unwrap_or(Value::None)
}

const TYPECODES: &str = "bBhHiIlLqQfd";

pub(crate) fn itemsize(tc: char) -> usize {
    match tc {
        'b' | 'B' => 1,
        'h' | 'H' => 2,
        'i' | 'I' | 'f' => 4,
        _ => 8,
    }
}

/// Inclusive integer range and CPython's overflow wording for each code.
fn int_range(tc: char) -> (i128, i128, &'static str) {
    match tc {
        'b' => (i8::MIN as i128, i8::MAX as i128, "signed char"),
        'B' => (0, u8::MAX as i128, "unsigned byte integer"),
        'h' => (i16::MIN as i128, i16::MAX as i128, "signed short integer"),
        'H' => (0, u16::MAX as i128, "unsigned short"),
        'i' => (i32::MIN as i128, i32::MAX as i128, "signed integer"),
        'I' => (0, u32::MAX as i128, "unsigned int"),
        'l' | 'q' => (i64::MIN as i128, i64::MAX as i128, "signed long"),
        _ => (0, u64::MAX as i128, "unsigned long"),
    }
}

const METHODS: &[(&str, NativeFn)] = &[
    ("append", append),
    ("extend", extend),
    ("frombytes", frombytes),
    ("tobytes", tobytes),
    ("tolist", tolist),
    ("pop", pop),
    ("insert", insert),
    ("remove", remove),
    ("index", index),
    ("count", count),
    ("reverse", reverse),
    ("byteswap", byteswap),
    ("__len__", len),
    ("__iter__", iter),
    ("__getitem__", getitem),
    ("__setitem__", setitem),
    ("__delitem__", delitem),
    ("__contains__", contains),
    ("__repr__", repr),
    ("__eq__", eq),
    ("__add__", add),
    ("__iadd__", iadd),
    ("__mul__", mul),
];

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("array")?;
    let mut ns = Dict::new();
    let put = |vm: &mut Vm, ns: &mut Dict, k: &str, v: Value| -> PyResult<()> {
        let key = vm.intern(k);
        let h = vm.hash(key)?;
        ns.insert_new(h, key, v);
        Ok(())
    };
    for &(n, f) in METHODS {
        let v = crate::types::native(vm, n, f, false, Value::None)?;
        put(vm, &mut ns, n, v)?;
    }
    let newf = crate::types::native(vm, "__new__", new, false, Value::None)?;
    let sm = Value::Obj(vm.alloc(Obj::StaticMethod(newf))?);
    put(vm, &mut ns, "__new__", sm)?;
    let modname = vm.new_str("array")?;
    put(vm, &mut ns, "__module__", modname)?;
    let meta = Value::Obj(vm.type_obj(TypeId::Type));
    let n = vm.new_str("array")?;
    let c = vm.new_class(meta, n, vec![], &ns)?;
    super::adopt_natives(vm, c);
    if let Obj::Class(k) = vm.heap.get_mut(c) {
        // Its own item methods are the natives above: the interpreter may
        // run them inline until a program replaces one (`update_flag`
        // clears this then).
        k.flags.array = true;
    }
    let d = crate::import::module_dict(vm, m);
    vm.dict_set_str(d, "array", Value::Obj(c))?;
    let tcs = vm.new_str(TYPECODES)?;
    vm.dict_set_str(d, "typecodes", tcs)?;
    Ok(m)
}

struct Arr {
    buf: Gc,
    tc: char,
}

fn this(vm: &mut Vm, v: Value) -> PyResult<Arr> {
    if let Value::Obj(h) = v {
        if let Obj::Instance(i) = vm.heap.get(h) {
            if let Value::Obj(b) = i.base {
                let tc = vm
                    .inst_get_str(i, "typecode")
                    .and_then(|t| vm.heap.str_of(t))
                    .and_then(|s| s.chars().next());
                if let (Some(tc), Obj::ByteArray(_)) = (tc, vm.heap.get(b)) {
                    return Ok(Arr { buf: b, tc });
                }
            }
        }
    }
    let t = vm.type_name(v);
    Err(vm.type_error(format!(
        "descriptor requires an 'array.array' object but received a '{t}'"
    )))
}

/// The typecode of an `array.array` (for memoryview), None for anything else.
pub(crate) fn typecode_of(vm: &mut Vm, v: Value) -> Option<char> {
    if !matches!(v, Value::Obj(h) if matches!(vm.heap.get(h), Obj::Instance(_))) {
        return None;
    }
    this(vm, v).ok().map(|a| a.tc)
}

fn is_array(vm: &mut Vm, v: Value) -> bool {
    matches!(v, Value::Obj(h) if matches!(vm.heap.get(h), Obj::Instance(_))) && this(vm, v).is_ok()
}

fn raw(vm: &Vm, a: &Arr) -> Vec<u8> {
    match vm.heap.get(a.buf) {
        Obj::ByteArray(b) => b.clone(),
        _ => Vec::new(),
    }
}

/// Item `i` (in range) of the array, decoded from its own bytes only: a
/// copy of the whole buffer per item made indexing O(n).
fn item_at(vm: &mut Vm, a: &Arr, i: usize) -> PyResult {
    let size = itemsize(a.tc);
    let mut b = [0u8; 8];
    if let Obj::ByteArray(buf) = vm.heap.get(a.buf) {
        if let Some(src) = buf.get(i * size..(i + 1) * size) {
            b[..size].copy_from_slice(src);
        }
    }
    decode(vm, a.tc, &b[..size], 0)
}

fn raw_mut<'a>(vm: &'a mut Vm, a: &Arr) -> Option<&'a mut Vec<u8>> {
    match vm.heap.get_mut(a.buf) {
        Obj::ByteArray(b) => Some(b),
        _ => None,
    }
}

fn count_of(vm: &Vm, a: &Arr) -> usize {
    match vm.heap.get(a.buf) {
        Obj::ByteArray(b) => b.len() / itemsize(a.tc),
        _ => 0,
    }
}

/// Encodes one Python value as the array's item bytes.
pub(crate) fn encode(vm: &mut Vm, tc: char, v: Value) -> PyResult<Vec<u8>> {
    if tc == 'f' || tc == 'd' {
        let b = vm.builtin_base(v);
        let f = match b {
            Value::Float(f) => f,
            Value::Int(i) => i as f64,
            Value::Bool(x) => x as i64 as f64,
            Value::Obj(h) if matches!(vm.heap.get(h), Obj::BigInt(_)) => match vm.heap.get(h) {
                Obj::BigInt(x) => x.to_f64().unwrap_or(f64::INFINITY),
                _ => 0.0,
            },
            _ => {
                let t = vm.type_name(v);
                return Err(vm.type_error(format!("must be real number, not {t}")));
            }
        };
        return Ok(if tc == 'f' {
            (f as f32).to_ne_bytes().to_vec()
        } else {
            f.to_ne_bytes().to_vec()
        });
    }
    let b = vm.builtin_base(v);
    let n: i128 = match b {
        Value::Int(i) => i as i128,
        Value::Bool(x) => x as i128,
        Value::Obj(h) if matches!(vm.heap.get(h), Obj::BigInt(_)) => match vm.heap.get(h) {
            Obj::BigInt(x) => x
                .to_i128()
                .unwrap_or(if x.sign() == num_bigint::Sign::Minus {
                    i128::MIN
                } else {
                    i128::MAX
                }),
            _ => 0,
        },
        _ => vm.index_value(v)? as i128,
    };
    let (lo, hi, what) = int_range(tc);
    if n < lo {
        let msg = if lo == 0 && matches!(tc, 'L' | 'Q') {
            "can't convert negative int to unsigned".to_string()
        } else {
            format!("{what} is less than minimum")
        };
        return Err(vm.error(ExcKind::OverflowError, msg));
    }
    if n > hi {
        let msg = if matches!(tc, 'l' | 'q' | 'L' | 'Q') {
            format!(
                "Python int too large to convert to C {}",
                if lo == 0 { "unsigned long" } else { "long" }
            )
        } else {
            format!("{what} is greater than maximum")
        };
        return Err(vm.error(ExcKind::OverflowError, msg));
    }
    let size = itemsize(tc);
    // The low `size` bytes of the two's complement form of an in-range value.
    let full = (n as u64).to_ne_bytes();
    Ok(if cfg!(target_endian = "little") {
        full[..size].to_vec()
    } else {
        full[8 - size..].to_vec()
    })
}

/// Decodes the item at index `i` into a Python value.
pub(crate) fn decode(vm: &mut Vm, tc: char, raw: &[u8], i: usize) -> PyResult {
    let size = itemsize(tc);
    let b = &raw[i * size..(i + 1) * size];
    let mut a8 = [0u8; 8];
    a8[..size].copy_from_slice(b);
    Ok(match tc {
        'b' => Value::Int(b[0] as i8 as i64),
        'B' => Value::Int(b[0] as i64),
        'h' => Value::Int(i16::from_ne_bytes([b[0], b[1]]) as i64),
        'H' => Value::Int(u16::from_ne_bytes([b[0], b[1]]) as i64),
        'i' => Value::Int(i32::from_ne_bytes([b[0], b[1], b[2], b[3]]) as i64),
        'I' => Value::Int(u32::from_ne_bytes([b[0], b[1], b[2], b[3]]) as i64),
        'f' => Value::Float(f32::from_ne_bytes([b[0], b[1], b[2], b[3]]) as f64),
        'd' => Value::Float(f64::from_ne_bytes(a8)),
        'l' | 'q' => Value::Int(i64::from_ne_bytes(a8)),
        _ => {
            let u = u64::from_ne_bytes(a8);
            match i64::try_from(u) {
                Ok(x) => Value::Int(x),
                Err(_) => vm.new_bigint(num_bigint::BigInt::from(u))?,
            }
        }
    })
}

fn values(vm: &mut Vm, a: &Arr) -> PyResult<Vec<Value>> {
    let r = raw(vm, a);
    let n = r.len() / itemsize(a.tc);
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        out.push(decode(vm, a.tc, &r, i)?);
    }
    Ok(out)
}

fn make(vm: &mut Vm, cls: Gc, tc: char, bytes: Vec<u8>) -> PyResult {
    vm.charge(bytes.len())?;
    let buf = Value::Obj(vm.alloc(Obj::ByteArray(bytes))?);
    let obj = Value::Obj(vm.alloc(Obj::Instance(Instance::new(cls, buf)))?);
    let k = vm.intern("typecode");
    let s = vm.new_string(tc.to_string())?;
    vm.generic_setattr(obj, k, s)?;
    let k = vm.intern("itemsize");
    vm.generic_setattr(obj, k, Value::Int(itemsize(tc) as i64))?;
    Ok(obj)
}

fn new(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let Some(&Value::Obj(cls)) = a.first() else {
        return Err(vm.type_error("array.__new__ needs a type"));
    };
    if a.len() < 2 || a.len() > 3 {
        return Err(vm.type_error(format!(
            "array() takes at most 2 arguments ({} given)",
            a.len().saturating_sub(1)
        )));
    }
    let tcv = a[1];
    let tc = match vm.heap.str_of(tcv) {
        Some(s) if s.chars().count() == 1 => s.chars().next().unwrap_or('?'),
        _ => {
            let t = vm.type_name(tcv);
            return Err(vm.type_error(format!(
                "array() argument 1 must be a unicode character, not {t}"
            )));
        }
    };
    if !TYPECODES.contains(tc) {
        return Err(
            vm.value_error("bad typecode (must be b, B, u, h, H, i, I, l, L, q, Q, f or d)")
        );
    }
    let obj = make(vm, cls, tc, Vec::new())?;
    if let Some(&init) = a.get(2) {
        let ib = vm.builtin_base(init);
        if vm.heap.str_of(ib).is_some() {
            return Err(vm.type_error(format!(
                "cannot use a str to initialize an array with typecode '{tc}'"
            )));
        }
        // Another array converts item by item; bytes-likes are raw data.
        let raw_data = !is_array(vm, init)
            && matches!(ib, Value::Obj(h) if matches!(vm.heap.get(h), Obj::Bytes(_) | Obj::ByteArray(_)));
        if raw_data {
            frombytes(vm, &[obj, ib], &[])?;
        } else if is_array(vm, init) {
            let other = this(vm, init)?;
            let items = values(vm, &other)?;
            let l = vm.new_list(items)?;
            extend_values(vm, obj, l)?;
        } else {
            extend_values(vm, obj, init)?;
        }
    }
    Ok(obj)
}

fn push_bytes(vm: &mut Vm, a: &Arr, b: &[u8]) -> PyResult<()> {
    vm.charge(b.len())?;
    if let Some(r) = raw_mut(vm, a) {
        r.extend_from_slice(b);
    }
    Ok(())
}

fn append(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let arr = this(vm, arg(a, 0))?;
    let b = encode(vm, arr.tc, arg(a, 1))?;
    push_bytes(vm, &arr, &b)?;
    Ok(Value::None)
}

fn extend_values(vm: &mut Vm, obj: Value, src: Value) -> PyResult<()> {
    let arr = this(vm, obj)?;
    if is_array(vm, src) {
        let other = this(vm, src)?;
        if other.tc != arr.tc {
            return Err(vm.type_error("can only extend with array of same kind"));
        }
        let b = raw(vm, &other);
        return push_bytes(vm, &arr, &b);
    }
    let items = vm.iter_to_vec(src)?;
    // Encode everything first so a bad item leaves the array unchanged.
    let mut bytes = Vec::with_capacity(items.len() * itemsize(arr.tc));
    for x in items {
        bytes.extend(encode(vm, arr.tc, x)?);
    }
    push_bytes(vm, &arr, &bytes)
}

fn extend(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    extend_values(vm, arg(a, 0), arg(a, 1))?;
    Ok(Value::None)
}

fn frombytes(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let arr = this(vm, arg(a, 0))?;
    let src = vm.builtin_base(arg(a, 1));
    let data = match src {
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::Bytes(b) => b.to_vec(),
            Obj::ByteArray(b) => b.clone(),
            _ => {
                let t = vm.type_name(src);
                return Err(vm.type_error(format!("a bytes-like object is required, not '{t}'")));
            }
        },
        _ => {
            let t = vm.type_name(src);
            return Err(vm.type_error(format!("a bytes-like object is required, not '{t}'")));
        }
    };
    if data.len() % itemsize(arr.tc) != 0 {
        return Err(vm.value_error("bytes length not a multiple of item size"));
    }
    push_bytes(vm, &arr, &data)?;
    Ok(Value::None)
}

fn tobytes(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let arr = this(vm, arg(a, 0))?;
    let b = raw(vm, &arr);
    Ok(Value::Obj(vm.alloc(Obj::Bytes(b.into_boxed_slice()))?))
}

fn tolist(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let arr = this(vm, arg(a, 0))?;
    let v = values(vm, &arr)?;
    vm.new_list(v)
}

/// A normalised item index, or IndexError with `what` in the message.
fn item_index(vm: &mut Vm, arr: &Arr, key: Value, what: &str) -> PyResult<usize> {
    let n = count_of(vm, arr) as i64;
    let i = match vm.index_value(key) {
        Ok(i) => i,
        Err(e) if vm.err_is(e, ExcKind::TypeError) => {
            return Err(vm.type_error("array indices must be integers"))
        }
        Err(e) => return Err(e),
    };
    let j = if i < 0 { i + n } else { i };
    if !(0..n).contains(&j) {
        return Err(vm.index_error(format!("{what} index out of range")));
    }
    Ok(j as usize)
}

fn pop(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let arr = this(vm, arg(a, 0))?;
    if count_of(vm, &arr) == 0 {
        return Err(vm.index_error("pop from empty array"));
    }
    let i = match a.get(1) {
        Some(&k) => item_index(vm, &arr, k, "pop")?,
        None => count_of(vm, &arr) - 1,
    };
    let v = item_at(vm, &arr, i)?;
    let s = itemsize(arr.tc);
    if let Some(b) = raw_mut(vm, &arr) {
        b.drain(i * s..(i + 1) * s);
    }
    Ok(v)
}

fn insert(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let arr = this(vm, arg(a, 0))?;
    let n = count_of(vm, &arr) as i64;
    let i = vm.index_value(arg(a, 1))?;
    let i = if i < 0 { (i + n).max(0) } else { i.min(n) } as usize;
    let b = encode(vm, arr.tc, arg(a, 2))?;
    vm.charge(b.len())?;
    let s = itemsize(arr.tc);
    if let Some(r) = raw_mut(vm, &arr) {
        r.splice(i * s..i * s, b);
    }
    Ok(Value::None)
}

fn find(vm: &mut Vm, arr: &Arr, x: Value) -> PyResult<Option<usize>> {
    for (i, v) in values(vm, arr)?.into_iter().enumerate() {
        if vm.eq(v, x)? {
            return Ok(Some(i));
        }
    }
    Ok(None)
}

fn remove(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let arr = this(vm, arg(a, 0))?;
    match find(vm, &arr, arg(a, 1))? {
        Some(i) => {
            let s = itemsize(arr.tc);
            if let Some(r) = raw_mut(vm, &arr) {
                r.drain(i * s..(i + 1) * s);
            }
            Ok(Value::None)
        }
        None => Err(vm.value_error("array.remove(x): x not in array")),
    }
}

fn index(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let arr = this(vm, arg(a, 0))?;
    match find(vm, &arr, arg(a, 1))? {
        Some(i) => Ok(Value::Int(i as i64)),
        None => Err(vm.value_error("array.index(x): x not in array")),
    }
}

fn count(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let arr = this(vm, arg(a, 0))?;
    let mut n = 0;
    for v in values(vm, &arr)? {
        if vm.eq(v, arg(a, 1))? {
            n += 1;
        }
    }
    Ok(Value::Int(n))
}

fn reverse(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let arr = this(vm, arg(a, 0))?;
    let s = itemsize(arr.tc);
    if let Some(r) = raw_mut(vm, &arr) {
        let items: Vec<Vec<u8>> = r.chunks(s).rev().map(|c| c.to_vec()).collect();
        *r = items.concat();
    }
    Ok(Value::None)
}

fn byteswap(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let arr = this(vm, arg(a, 0))?;
    let s = itemsize(arr.tc);
    if let Some(r) = raw_mut(vm, &arr) {
        for c in r.chunks_mut(s) {
            c.reverse();
        }
    }
    Ok(Value::None)
}

fn len(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let arr = this(vm, arg(a, 0))?;
    Ok(Value::Int(count_of(vm, &arr) as i64))
}

fn iter(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    // A snapshot: iterating while appending does not see the new items.
    let arr = this(vm, arg(a, 0))?;
    let v = values(vm, &arr)?;
    let l = vm.new_list(v)?;
    vm.get_iter(l)
}

fn is_slice(vm: &Vm, v: Value) -> bool {
    matches!(v, Value::Obj(h) if matches!(vm.heap.get(h), Obj::Slice(..)))
}

/// Item positions selected by a slice.
fn slice_positions(vm: &mut Vm, arr: &Arr, key: Value) -> PyResult<Vec<usize>> {
    let n = count_of(vm, arr) as i64;
    let (start, stop, step) = crate::types::list::slice_indices(vm, key, n)?;
    let mut out = Vec::new();
    let mut i = start;
    while (step > 0 && i < stop) || (step < 0 && i > stop) {
        if (0..n).contains(&i) {
            out.push(i as usize);
        }
        i += step;
    }
    Ok(out)
}

fn getitem(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let obj = arg(a, 0);
    let arr = this(vm, obj)?;
    let key = arg(a, 1);
    if is_slice(vm, key) {
        let r = raw(vm, &arr);
        let s = itemsize(arr.tc);
        let mut out = Vec::new();
        for p in slice_positions(vm, &arr, key)? {
            out.extend_from_slice(&r[p * s..(p + 1) * s]);
        }
        let cls = vm.type_of(obj);
        return make(vm, cls, arr.tc, out);
    }
    let i = item_index(vm, &arr, key, "array")?;
    item_at(vm, &arr, i)
}

fn setitem(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let arr = this(vm, arg(a, 0))?;
    let key = arg(a, 1);
    let s = itemsize(arr.tc);
    if is_slice(vm, key) {
        let src = arg(a, 2);
        if !is_array(vm, src) {
            let t = vm.type_name(src);
            return Err(vm.type_error(format!(
                "can only assign array (not \"{t}\") to array slice"
            )));
        }
        let other = this(vm, src)?;
        if other.tc != arr.tc {
            return Err(vm.type_error("bad argument type for built-in operation"));
        }
        let data = raw(vm, &other);
        let pos = slice_positions(vm, &arr, key)?;
        let n = count_of(vm, &arr) as i64;
        let (start, _, step) = crate::types::list::slice_indices(vm, key, n)?;
        if step == 1 {
            let lo = start.clamp(0, n) as usize;
            let hi = pos.last().map_or(lo, |&p| p + 1);
            vm.charge(data.len())?;
            if let Some(r) = raw_mut(vm, &arr) {
                r.splice(lo * s..hi * s, data);
            }
            return Ok(Value::None);
        }
        if pos.len() * s != data.len() {
            return Err(vm.value_error(format!(
                "attempt to assign array of size {} to extended slice of size {}",
                data.len() / s,
                pos.len()
            )));
        }
        if let Some(r) = raw_mut(vm, &arr) {
            for (k, p) in pos.into_iter().enumerate() {
                r[p * s..(p + 1) * s].copy_from_slice(&data[k * s..(k + 1) * s]);
            }
        }
        return Ok(Value::None);
    }
    let i = item_index(vm, &arr, key, "array assignment")?;
    let b = encode(vm, arr.tc, arg(a, 2))?;
    if let Some(r) = raw_mut(vm, &arr) {
        r[i * s..(i + 1) * s].copy_from_slice(&b);
    }
    Ok(Value::None)
}

fn delitem(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let arr = this(vm, arg(a, 0))?;
    let key = arg(a, 1);
    let s = itemsize(arr.tc);
    let mut pos = if is_slice(vm, key) {
        slice_positions(vm, &arr, key)?
    } else {
        vec![item_index(vm, &arr, key, "array assignment")?]
    };
    pos.sort_unstable();
    if let Some(r) = raw_mut(vm, &arr) {
        for p in pos.into_iter().rev() {
            r.drain(p * s..(p + 1) * s);
        }
    }
    Ok(Value::None)
}

fn contains(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let arr = this(vm, arg(a, 0))?;
    Ok(Value::Bool(find(vm, &arr, arg(a, 1))?.is_some()))
}

fn repr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let arr = this(vm, arg(a, 0))?;
    let name = vm.type_name(arg(a, 0));
    let v = values(vm, &arr)?;
    if v.is_empty() {
        return vm.new_string(format!("{name}('{}')", arr.tc));
    }
    let l = vm.new_list(v)?;
    let r = vm.repr(l)?;
    vm.new_string(format!("{name}('{}', {r})", arr.tc))
}

fn eq(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let arr = this(vm, arg(a, 0))?;
    let other = arg(a, 1);
    if !is_array(vm, other) {
        return Ok(Value::NotImplemented);
    }
    let o = this(vm, other)?;
    let (x, y) = (values(vm, &arr)?, values(vm, &o)?);
    if x.len() != y.len() {
        return Ok(Value::Bool(false));
    }
    for (p, q) in x.into_iter().zip(y) {
        if !vm.eq(p, q)? {
            return Ok(Value::Bool(false));
        }
    }
    Ok(Value::Bool(true))
}

fn add(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let obj = arg(a, 0);
    let arr = this(vm, obj)?;
    let other = arg(a, 1);
    if !is_array(vm, other) {
        return Ok(Value::NotImplemented);
    }
    let o = this(vm, other)?;
    if o.tc != arr.tc {
        return Err(vm.type_error("bad argument type for built-in operation"));
    }
    let mut data = raw(vm, &arr);
    data.extend(raw(vm, &o));
    let cls = vm.type_of(obj);
    make(vm, cls, arr.tc, data)
}

fn iadd(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let other = arg(a, 1);
    if !is_array(vm, other) {
        return Ok(Value::NotImplemented);
    }
    extend_values(vm, arg(a, 0), other)?;
    Ok(arg(a, 0))
}

fn mul(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let obj = arg(a, 0);
    let arr = this(vm, obj)?;
    let n = match arg(a, 1) {
        v @ (Value::Int(_) | Value::Bool(_)) => vm.index_value(v)?,
        _ => return Ok(Value::NotImplemented),
    };
    let data = raw(vm, &arr);
    let n = n.max(0) as usize;
    if data.len().saturating_mul(n) > vm.budget.memory.limit() {
        return Err(vm.memory_error());
    }
    let out = data.repeat(n);
    let cls = vm.type_of(obj);
    make(vm, cls, arr.tc, out)
}
