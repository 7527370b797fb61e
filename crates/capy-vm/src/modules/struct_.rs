//! `struct`: packing values into bytes by a format string, with CPython's
//! sizes, alignment and error messages (`struct.error`).
//!
//! Native mode (`@`, the default) uses this host's sizes and alignment
//! (x86-64 / AArch64 Linux: `l`, `L`, `n`, `N`, `P` are 8 bytes); the other
//! prefixes use the standard sizes without alignment.

use crate::obj::Obj;
use crate::types::num::{as_num, Num};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use num_bigint::BigInt;
use num_traits::ToPrimitive;

type Kw<'a> = &'a [(Value, Value)];

/// One field of a format: `count` repeats of `code` (for `s`/`p`, one
/// string of `count` bytes), starting at byte `offset`.
struct Field {
    code: u8,
    count: usize,
    size: usize,
    offset: usize,
}

struct Format {
    little: bool,
    fields: Vec<Field>,
    size: usize,
    /// How many Python values pack/unpack take or produce.
    nvalues: usize,
}

/// `struct.error`, looked up in this instance's `struct` module.
fn error(vm: &mut Vm, msg: &str) -> crate::PyErr {
    let class = vm
        .dict_get_str(vm.modules, "struct")
        .and_then(|m| m.as_obj())
        .and_then(|m| vm.dict_get_str(m, "error"))
        .and_then(|c| c.as_obj())
        .filter(|&c| matches!(vm.heap.get(c), Obj::Class(_)));
    match class {
        Some(c) => match vm.new_str(msg) {
            Ok(s) => vm.new_exception(c, vec![s]),
            Err(e) => e,
        },
        None => vm.value_error(msg),
    }
}

fn parse(vm: &mut Vm, fmt: Value) -> PyResult<Format> {
    let text: Vec<u8> = match vm.heap.str_of(fmt) {
        Some(s) => s.as_bytes().to_vec(),
        None => match fmt {
            Value::Obj(h) if matches!(vm.heap.get(h), Obj::Bytes(_)) => {
                crate::types::str::bytes_of(vm, fmt)?
            }
            _ => {
                let t = vm.type_name(fmt);
                return Err(vm.type_error(format!(
                    "Struct() argument 1 must be a str or bytes object, not {t}"
                )));
            }
        },
    };
    let mut i = 0;
    let (native, little) = match text.first() {
        Some(b'@') => (true, cfg!(target_endian = "little")),
        Some(b'=') => (false, cfg!(target_endian = "little")),
        Some(b'<') => (false, true),
        Some(b'>') | Some(b'!') => (false, false),
        _ => (true, cfg!(target_endian = "little")),
    };
    if matches!(text.first(), Some(b'@' | b'=' | b'<' | b'>' | b'!')) {
        i = 1;
    }
    let mut fields = Vec::new();
    let (mut size, mut nvalues) = (0usize, 0usize);
    while i < text.len() {
        let c = text[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let mut count: Option<usize> = None;
        while let Some(d) = text.get(i).filter(|d| d.is_ascii_digit()) {
            let n = count
                .unwrap_or(0)
                .checked_mul(10)
                .and_then(|n| n.checked_add((d - b'0') as usize));
            let Some(n) = n.filter(|&n| n <= isize::MAX as usize) else {
                return Err(error(vm, "total struct size too long"));
            };
            count = Some(n);
            i += 1;
        }
        let Some(&code) = text.get(i) else {
            return Err(error(vm, "repeat count given without format specifier"));
        };
        i += 1;
        let count = count.unwrap_or(1);
        let item = match (code, native) {
            (b'x' | b'c' | b'b' | b'B' | b'?' | b's' | b'p', _) => 1,
            (b'h' | b'H' | b'e', _) => 2,
            (b'i' | b'I' | b'f', _) => 4,
            (b'l' | b'L', false) => 4,
            (b'l' | b'L' | b'n' | b'N' | b'P', true) => 8,
            (b'q' | b'Q' | b'd', _) => 8,
            _ => return Err(error(vm, "bad char in struct format")),
        };
        if native && item > 1 {
            size = size.div_ceil(item).saturating_mul(item);
        }
        let (bytes, values) = match code {
            b's' | b'p' => (count, 1),
            b'x' => (count, 0),
            _ => (count.saturating_mul(item), count),
        };
        let offset = size;
        size = match size
            .checked_add(bytes)
            .filter(|&s| s <= isize::MAX as usize)
        {
            Some(s) => s,
            None => return Err(error(vm, "total struct size too long")),
        };
        nvalues = nvalues.saturating_add(values);
        fields.push(Field {
            code,
            count,
            size: item,
            offset,
        });
    }
    Ok(Format {
        little,
        fields,
        size,
        nvalues,
    })
}

fn put_uint(out: &mut [u8], v: u64, little: bool) {
    let n = out.len();
    for (k, b) in out.iter_mut().enumerate() {
        let shift = if little { k } else { n - 1 - k };
        *b = (v >> (8 * shift)) as u8;
    }
}

fn get_uint(data: &[u8], little: bool) -> u64 {
    let mut v = 0u64;
    let n = data.len();
    for k in 0..n {
        let b = if little { data[n - 1 - k] } else { data[k] };
        v = v << 8 | b as u64;
    }
    v
}

fn int_of(vm: &mut Vm, v: Value) -> PyResult<BigInt> {
    match as_num(&vm.heap, v) {
        Some(Num::I(i)) => Ok(BigInt::from(i)),
        Some(Num::B(b)) => Ok(b),
        Some(Num::F(_)) | Some(Num::C(..)) => Err(error(vm, "required argument is not an integer")),
        None => {
            if vm.is_user_instance(v) && vm.lookup_type_attr(v, "__index__").is_some() {
                return Ok(BigInt::from(vm.index_value(v)?));
            }
            Err(error(vm, "required argument is not an integer"))
        }
    }
}

/// The integer bits for an integer code, with CPython's range messages.
fn int_bits(vm: &mut Vm, code: u8, size: usize, v: Value) -> PyResult<u64> {
    let n = int_of(vm, v)?;
    let signed = code.is_ascii_lowercase() && code != b'p';
    let bits = size as u32 * 8;
    let (lo, hi): (i128, i128) = if signed {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    } else {
        (0, (1i128 << bits) - 1)
    };
    let wide = n.to_i128();
    match wide {
        Some(x) if x >= lo && x <= hi => Ok(x as u64),
        // Within the 64-bit C types but not this field: name the range,
        // except where CPython's own conversion fails first.
        Some(x)
            if size < 8
                && !(size == 4 && !signed && x < 0)
                && x >= i64::MIN as i128
                && x <= u64::MAX as i128 =>
        {
            let name = match code {
                b'b' => "byte".to_string(),
                b'B' => "ubyte".to_string(),
                b'h' => "short".to_string(),
                b'H' => "ushort".to_string(),
                c => format!("'{}'", c as char),
            };
            Err(error(
                vm,
                &format!("{name} format requires {lo} <= number <= {hi}"),
            ))
        }
        _ => Err(error(vm, "argument out of range")),
    }
}

fn float_of(vm: &mut Vm, v: Value) -> PyResult<f64> {
    match as_num(&vm.heap, v) {
        Some(Num::F(f)) => Ok(f),
        Some(Num::I(i)) => Ok(i as f64),
        Some(Num::B(b)) => match b.to_f64().filter(|f| f.is_finite()) {
            Some(f) => Ok(f),
            None => Err(vm.overflow_error("int too large to convert to float")),
        },
        _ => {
            if vm.is_user_instance(v) && vm.lookup_type_attr(v, "__float__").is_some() {
                return super::math::to_f(vm, v);
            }
            Err(error(vm, "required argument is not a float"))
        }
    }
}

/// IEEE binary16 from a double, rounding to nearest even.
fn to_half(vm: &mut Vm, x: f64) -> PyResult<u16> {
    let sign = if x.is_sign_negative() { 0x8000u16 } else { 0 };
    if x.is_nan() {
        return Ok(sign | 0x7e00);
    }
    let a = x.abs();
    if a.is_infinite() {
        return Ok(sign | 0x7c00);
    }
    if a == 0.0 {
        return Ok(sign);
    }
    // Scale so the half's least significant bit is 1, round, then rebuild.
    let (m, e) = libm::frexp(a);
    let exp = e - 1; // a = 1.f * 2**exp
    let q = if exp < -14 {
        a * 2f64.powi(24)
    } else {
        m * 2f64.powi(11)
    };
    let r = libm::rint(q) as u32; // rint rounds half to even
    let bits = if exp < -14 {
        // Subnormal (may round up into the smallest normal, which is fine).
        r
    } else {
        let (r, exp) = if r == 1 << 11 {
            (1u32 << 10, exp + 1)
        } else {
            (r, exp)
        };
        if exp > 15 {
            return Err(vm.overflow_error("float too large to pack with e format"));
        }
        (((exp + 15) as u32) << 10) | (r & 0x3ff)
    };
    Ok(sign | bits as u16)
}

fn from_half(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = ((h >> 10) & 0x1f) as i32;
    let f = (h & 0x3ff) as f64;
    sign * match e {
        0 => f * 2f64.powi(-24),
        31 if f == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        _ => (1.0 + f / 1024.0) * 2f64.powi(e - 15),
    }
}

fn pack_into_buf(
    vm: &mut Vm,
    f: &Format,
    args: &[Value],
    out: &mut [u8],
    fname: &str,
) -> PyResult<()> {
    if args.len() != f.nvalues {
        return Err(error(
            vm,
            &format!(
                "{fname} expected {} items for packing (got {})",
                f.nvalues,
                args.len()
            ),
        ));
    }
    let mut vals = args.iter().copied();
    for fld in &f.fields {
        let reps = if matches!(fld.code, b's' | b'p' | b'x') {
            1
        } else {
            fld.count
        };
        for r in 0..reps {
            let at = fld.offset + r * fld.size;
            let Some(slot) = out.get_mut(
                at..at
                    + if matches!(fld.code, b's' | b'p' | b'x') {
                        fld.count
                    } else {
                        fld.size
                    },
            ) else {
                return Err(vm.runtime_error("struct buffer too small"));
            };
            match fld.code {
                b'x' => slot.fill(0),
                b's' | b'p' => {
                    let v = vals.next().unwrap_or(Value::None);
                    let data = match v {
                        Value::Obj(h)
                            if matches!(vm.heap.get(h), Obj::Bytes(_) | Obj::ByteArray(_)) =>
                        {
                            crate::types::str::bytes_of(vm, v)?
                        }
                        _ => {
                            let c = fld.code as char;
                            return Err(error(
                                vm,
                                &format!("argument for '{c}' must be a bytes object"),
                            ));
                        }
                    };
                    slot.fill(0);
                    if fld.code == b's' {
                        let n = data.len().min(slot.len());
                        slot[..n].copy_from_slice(&data[..n]);
                    } else if !slot.is_empty() {
                        let n = data.len().min(slot.len() - 1).min(255);
                        slot[0] = n as u8;
                        slot[1..1 + n].copy_from_slice(&data[..n]);
                    }
                }
                b'c' => {
                    let v = vals.next().unwrap_or(Value::None);
                    let b = match v {
                        Value::Obj(h) => match vm.heap.get(h) {
                            Obj::Bytes(b) if b.len() == 1 => Some(b[0]),
                            Obj::ByteArray(b) if b.len() == 1 => Some(b[0]),
                            _ => None,
                        },
                        _ => None,
                    };
                    match b {
                        Some(b) => slot[0] = b,
                        None => {
                            return Err(error(
                                vm,
                                "char format requires a bytes object of length 1",
                            ))
                        }
                    }
                }
                b'?' => {
                    let v = vals.next().unwrap_or(Value::None);
                    slot[0] = vm.truthy(v)? as u8;
                }
                b'e' => {
                    let v = vals.next().unwrap_or(Value::None);
                    let x = float_of(vm, v)?;
                    let h = to_half(vm, x)?;
                    put_uint(slot, h as u64, f.little);
                }
                b'f' => {
                    let v = vals.next().unwrap_or(Value::None);
                    let x = float_of(vm, v)?;
                    let y = x as f32;
                    if y.is_infinite() && x.is_finite() {
                        return Err(vm.overflow_error("float too large to pack with f format"));
                    }
                    put_uint(slot, y.to_bits() as u64, f.little);
                }
                b'd' => {
                    let v = vals.next().unwrap_or(Value::None);
                    let x = float_of(vm, v)?;
                    put_uint(slot, x.to_bits(), f.little);
                }
                code => {
                    let v = vals.next().unwrap_or(Value::None);
                    let bits = int_bits(vm, code, fld.size, v)?;
                    put_uint(slot, bits, f.little);
                }
            }
        }
    }
    Ok(())
}

fn unpack_buf(vm: &mut Vm, f: &Format, data: &[u8]) -> PyResult<Vec<Value>> {
    let mut out = Vec::with_capacity(f.nvalues);
    for fld in &f.fields {
        if fld.code == b'x' {
            continue;
        }
        if matches!(fld.code, b's' | b'p') {
            let slot = data.get(fld.offset..fld.offset + fld.count).unwrap_or(&[]);
            let bytes = if fld.code == b's' {
                slot.to_vec()
            } else {
                match slot.split_first() {
                    Some((&n, rest)) => rest
                        .get(..(n as usize).min(rest.len()))
                        .unwrap_or(&[])
                        .to_vec(),
                    None => Vec::new(),
                }
            };
            out.push(Value::Obj(vm.alloc(Obj::Bytes(bytes.into_boxed_slice()))?));
            continue;
        }
        for r in 0..fld.count {
            let at = fld.offset + r * fld.size;
            let slot = data.get(at..at + fld.size).unwrap_or(&[]);
            let raw = get_uint(slot, f.little);
            let v = match fld.code {
                b'c' => Value::Obj(vm.alloc(Obj::Bytes(slot.to_vec().into_boxed_slice()))?),
                b'?' => Value::Bool(raw != 0),
                b'e' => Value::Float(from_half(raw as u16)),
                b'f' => Value::Float(f32::from_bits(raw as u32) as f64),
                b'd' => Value::Float(f64::from_bits(raw)),
                code if code.is_ascii_lowercase() => {
                    // Sign-extend from the field's width.
                    let shift = 64 - 8 * fld.size as u32;
                    Value::Int(((raw << shift) as i64) >> shift)
                }
                _ => vm.new_bigint(BigInt::from(raw))?,
            };
            out.push(v);
        }
    }
    Ok(out)
}

fn need(vm: &mut Vm, a: &[Value], n: usize, name: &str) -> PyResult<()> {
    if a.len() < n {
        return Err(vm.type_error(format!(
            "{name} expected at least {n} arguments, got {}",
            a.len()
        )));
    }
    Ok(())
}

/// The bytes of any bytes-like object (bytes, bytearray, memoryview, array).
fn readable(vm: &mut Vm, v: Value) -> PyResult<Vec<u8>> {
    match crate::types::bytes::buffer_opt(vm, v) {
        Some(b) => Ok(b),
        None => {
            let t = vm.type_name(v);
            Err(vm.type_error(format!("a bytes-like object is required, not '{t}'")))
        }
    }
}

/// The bytearray behind a writable buffer and the window `(start, len)`
/// of it that the buffer exposes.
pub(crate) fn writable(vm: &mut Vm, v: Value) -> PyResult<(Gc, usize, usize)> {
    let b = vm.builtin_base(v);
    if let Value::Obj(h) = b {
        match vm.heap.get(h) {
            Obj::ByteArray(x) => return Ok((h, 0, x.len())),
            Obj::MemoryView {
                obj: Value::Obj(o),
                start,
                len,
                ..
            } => {
                let (o, start, len) = (*o, *start, *len);
                if let Obj::ByteArray(x) = vm.heap.get(o) {
                    let start = start.min(x.len());
                    return Ok((o, start, len.min(x.len() - start)));
                }
            }
            _ => {}
        }
    }
    let t = vm.type_name(v);
    Err(vm.type_error(format!(
        "argument must be read-write bytes-like object, not {t}"
    )))
}

fn s_calcsize(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    need(vm, a, 1, "calcsize")?;
    let f = parse(vm, a[0])?;
    Ok(Value::Int(f.size as i64))
}

fn s_pack(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    need(vm, a, 1, "pack")?;
    let f = parse(vm, a[0])?;
    vm.charge(f.size)?;
    let mut out = vec![0u8; f.size];
    pack_into_buf(vm, &f, &a[1..], &mut out, "pack")?;
    Ok(Value::Obj(vm.alloc(Obj::Bytes(out.into_boxed_slice()))?))
}

/// A possibly negative offset into a buffer of `len` bytes.
fn offset(vm: &mut Vm, v: Value, len: usize) -> PyResult<usize> {
    let off = vm.index_value(v)?;
    if off < 0 {
        let back = off.unsigned_abs() as usize;
        if back > len {
            return Err(error(
                vm,
                &format!("offset {off} out of range for {len}-byte buffer"),
            ));
        }
        return Ok(len - back);
    }
    Ok(off as usize)
}

fn s_pack_into(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    need(vm, a, 3, "pack_into")?;
    let f = parse(vm, a[0])?;
    let (buf, start, len) = writable(vm, a[1])?;
    // CPython checks the item count before the offset.
    if a.len() - 3 != f.nvalues {
        return Err(error(
            vm,
            &format!(
                "pack_into expected {} items for packing (got {})",
                f.nvalues,
                a.len() - 3
            ),
        ));
    }
    let off = offset(vm, a[2], len)?;
    if off.saturating_add(f.size) > len {
        let msg = format!(
            "pack_into requires a buffer of at least {} bytes for packing {} bytes at offset {off} (actual buffer size is {len})",
            off.saturating_add(f.size),
            f.size
        );
        return Err(error(vm, &msg));
    }
    let mut out = vec![0u8; f.size];
    pack_into_buf(vm, &f, &a[3..], &mut out, "pack_into")?;
    // Packing may have run Python code that resized the buffer: re-check.
    if let Obj::ByteArray(b) = vm.heap.get_mut(buf) {
        if let Some(dst) = b.get_mut(start + off..start + off + f.size) {
            dst.copy_from_slice(&out);
            return Ok(Value::None);
        }
    }
    Err(vm.runtime_error("buffer changed size during pack_into"))
}

fn s_unpack(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    if a.len() != 2 {
        return Err(vm.type_error(format!("unpack expected 2 arguments, got {}", a.len())));
    }
    let f = parse(vm, a[0])?;
    let data = readable(vm, a[1])?;
    if data.len() != f.size {
        return Err(error(
            vm,
            &format!("unpack requires a buffer of {} bytes", f.size),
        ));
    }
    let vals = unpack_buf(vm, &f, &data)?;
    vm.new_tuple(vals)
}

fn s_unpack_from(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    need(vm, a, 2, "unpack_from")?;
    let f = parse(vm, a[0])?;
    let data = readable(vm, a[1])?;
    let mut off_v = a.get(2).copied();
    for &(k, v) in kw {
        if vm.heap.str_of(k) == Some("offset") {
            off_v = Some(v);
        } else {
            let k = vm.heap.str_of(k).unwrap_or("?").to_string();
            return Err(vm.type_error(format!(
                "unpack_from() got an unexpected keyword argument '{k}'"
            )));
        }
    }
    let off = match off_v {
        Some(v) => offset(vm, v, data.len())?,
        None => 0,
    };
    if off.saturating_add(f.size) > data.len() {
        let msg = format!(
            "unpack_from requires a buffer of at least {} bytes for unpacking {} bytes at offset {off} (actual buffer size is {})",
            off.saturating_add(f.size),
            f.size,
            data.len()
        );
        return Err(error(vm, &msg));
    }
    let vals = unpack_buf(vm, &f, data.get(off..).unwrap_or(&[]))?;
    vm.new_tuple(vals)
}

/// Unpacks every record at once and iterates over the resulting list.
fn s_iter_unpack(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    if a.len() != 2 {
        return Err(vm.type_error(format!("iter_unpack expected 2 arguments, got {}", a.len())));
    }
    let f = parse(vm, a[0])?;
    let data = readable(vm, a[1])?;
    if f.size == 0 {
        return Err(error(
            vm,
            "cannot iteratively unpack with a struct of length 0",
        ));
    }
    if data.len() % f.size != 0 {
        return Err(error(
            vm,
            &format!(
                "iterative unpacking requires a buffer of a multiple of {} bytes",
                f.size
            ),
        ));
    }
    let mut records = Vec::with_capacity(data.len() / f.size);
    for chunk in data.chunks_exact(f.size) {
        let vals = unpack_buf(vm, &f, chunk)?;
        records.push(vm.new_tuple(vals)?);
    }
    let l = vm.new_list(records)?;
    vm.get_iter(l)
}

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("struct")?;
    let d = crate::import::module_dict(vm, m);
    let exc = vm.exc_class(crate::ExcKind::Exception);
    let err = super::module_exception(vm, "struct", "error", exc)?;
    vm.dict_set_str(d, "error", Value::Obj(err))?;
    let fns: &[(&'static str, crate::obj::NativeFn, bool)] = &[
        ("calcsize", s_calcsize, false),
        ("pack", s_pack, false),
        ("pack_into", s_pack_into, false),
        ("unpack", s_unpack, false),
        ("unpack_from", s_unpack_from, true),
        ("iter_unpack", s_iter_unpack, false),
    ];
    for &(name, f, kw) in fns {
        let v = crate::types::native(vm, name, f, kw, Value::Obj(m))?;
        vm.dict_set_str(d, name, v)?;
    }
    let st = struct_class(vm)?;
    vm.dict_set_str(d, "Struct", Value::Obj(st))?;
    Ok(m)
}

/// `struct.Struct(format)`: a class whose instances keep `format` (a str)
/// and `size` as attributes; its methods are the module functions with
/// that format.
fn struct_class(vm: &mut Vm) -> PyResult<Gc> {
    let methods: &[(&'static str, crate::obj::NativeFn)] = &[
        ("__init__", st_init),
        ("pack", st_pack),
        ("pack_into", st_pack_into),
        ("unpack", st_unpack),
        ("unpack_from", st_unpack_from),
        ("iter_unpack", st_iter_unpack),
    ];
    let mut ns = crate::dict::Dict::new();
    for &(name, f) in methods {
        let v = crate::types::native(vm, name, f, true, Value::None)?;
        let key = vm.intern(name);
        let h = vm.hash(key)?;
        ns.insert_new(h, key, v);
    }
    let key = vm.intern("__module__");
    let h = vm.hash(key)?;
    let modname = vm.new_str("struct")?;
    ns.insert_new(h, key, modname);
    let meta = Value::Obj(vm.type_obj(crate::types::TypeId::Type));
    let name = vm.new_str("Struct")?;
    let c = vm.new_class(meta, name, vec![], &ns)?;
    super::adopt_natives(vm, c);
    Ok(c)
}

fn st_init(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let mut fmt = a.get(1).copied();
    for &(k, v) in kw {
        if vm.heap.str_of(k) == Some("format") && fmt.is_none() {
            fmt = Some(v);
        } else {
            let k = vm.heap.str_of(k).unwrap_or("?").to_string();
            return Err(vm.type_error(format!("Struct() got an unexpected keyword argument '{k}'")));
        }
    }
    let (Some(&this), Some(fmt), 2) = (a.first(), fmt, a.len() + kw.len()) else {
        return Err(vm.type_error(format!(
            "Struct() takes exactly 1 argument ({} given)",
            (a.len() + kw.len()).saturating_sub(1)
        )));
    };
    let f = parse(vm, fmt)?;
    let text = match vm.heap.str_of(fmt) {
        Some(_) => fmt,
        None => {
            let b = crate::types::str::bytes_of(vm, fmt)?;
            vm.new_string(String::from_utf8_lossy(&b).into_owned())?
        }
    };
    let key = vm.intern("format");
    vm.generic_setattr(this, key, text)?;
    let key = vm.intern("size");
    vm.generic_setattr(this, key, Value::Int(f.size as i64))?;
    Ok(Value::None)
}

/// Calls the module function `f` with this Struct's format first.
fn with_format(vm: &mut Vm, a: &[Value], kw: Kw, f: crate::obj::NativeFn) -> PyResult {
    let Some(&this) = a.first() else {
        return Err(vm.type_error("Struct method needs an instance"));
    };
    let fmt = vm.getattr_str(this, "format")?;
    let mut args = Vec::with_capacity(a.len());
    args.push(fmt);
    args.extend_from_slice(&a[1..]);
    f(vm, &args, kw)
}

fn st_pack(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    with_format(vm, a, kw, s_pack)
}
fn st_pack_into(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    with_format(vm, a, kw, s_pack_into)
}
fn st_unpack(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    with_format(vm, a, kw, s_unpack)
}
fn st_unpack_from(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    with_format(vm, a, kw, s_unpack_from)
}
fn st_iter_unpack(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    with_format(vm, a, kw, s_iter_unpack)
}
