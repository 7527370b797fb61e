//! `binascii`: hex and base64 conversion and CRC-32.

use crate::obj::Obj;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

type Kw<'a> = &'a [(Value, Value)];

/// `binascii.Error` (a ValueError), found through the module's namespace
/// so each instance has its own class.
pub(crate) fn error(vm: &mut Vm, msg: &str) -> crate::PyErr {
    let class = vm
        .dict_get_str(vm.modules, "binascii")
        .and_then(|m| m.as_obj())
        .and_then(|m| vm.dict_get_str(m, "Error"))
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

/// Binary data from bytes-like values, or from ASCII-only str for the
/// decoding functions (as CPython allows).
fn data_arg(vm: &mut Vm, v: Value, allow_str: bool) -> PyResult<Vec<u8>> {
    if let Some(s) = vm.heap.str_of(v) {
        if allow_str {
            if !s.is_ascii() {
                return Err(vm.value_error("string argument should contain only ASCII characters"));
            }
            return Ok(s.as_bytes().to_vec());
        }
        return Err(vm.type_error("a bytes-like object is required, not 'str'"));
    }
    match crate::types::bytes::buffer_opt(vm, v) {
        Some(b) => Ok(b),
        None => {
            let t = vm.type_name(v);
            Err(vm.type_error(format!("a bytes-like object is required, not '{t}'")))
        }
    }
}

pub(crate) fn new_bytes(vm: &mut Vm, b: Vec<u8>) -> PyResult {
    Ok(Value::Obj(vm.alloc(Obj::Bytes(b.into_boxed_slice()))?))
}

fn kw_get(vm: &mut Vm, kw: Kw, allowed: &[&str], fname: &str) -> PyResult<Vec<Option<Value>>> {
    let mut out = vec![None; allowed.len()];
    for &(k, v) in kw {
        let name = vm.heap.str_of(k).unwrap_or("").to_string();
        match allowed.iter().position(|a| *a == name) {
            Some(i) => out[i] = Some(v),
            None => {
                return Err(vm.type_error(format!(
                    "{fname}() got an unexpected keyword argument '{name}'"
                )))
            }
        }
    }
    Ok(out)
}

fn hexlify(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let k = kw_get(vm, kw, &["sep", "bytes_per_sep"], "hexlify")?;
    if a.is_empty() || a.len() > 3 {
        return Err(vm.type_error(format!(
            "hexlify() takes from 1 to 3 arguments ({} given)",
            a.len()
        )));
    }
    let data = data_arg(vm, a[0], false)?;
    let sep = match a.get(1).copied().or(k[0]) {
        None | Some(Value::None) => None,
        Some(s) => {
            let b = data_arg(vm, s, true)?;
            if b.len() != 1 {
                return Err(vm.value_error("sep must be length 1."));
            }
            Some(b[0])
        }
    };
    let per = match a.get(2).copied().or(k[1]) {
        None => 1,
        Some(v) => vm.index_value(v)?,
    };
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut out = Vec::with_capacity(data.len() * 3);
    let group = per.unsigned_abs().max(1) as usize;
    let n = data.len();
    for (i, &b) in data.iter().enumerate() {
        // A positive bytes_per_sep counts groups from the right, as CPython.
        if let Some(s) = sep {
            if i > 0 && per != 0 {
                let boundary = if per > 0 {
                    (n - i) % group == 0
                } else {
                    i % group == 0
                };
                if boundary {
                    out.push(s);
                }
            }
        }
        out.push(HEX[(b >> 4) as usize]);
        out.push(HEX[(b & 15) as usize]);
    }
    new_bytes(vm, out)
}

fn unhexlify(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    if a.len() != 1 {
        return Err(vm.type_error(format!(
            "unhexlify() takes exactly one argument ({} given)",
            a.len()
        )));
    }
    let data = data_arg(vm, a[0], true)?;
    if data.len() % 2 != 0 {
        return Err(error(vm, "Odd-length string"));
    }
    let mut out = Vec::with_capacity(data.len() / 2);
    for pair in data.chunks_exact(2) {
        let hi = (pair[0] as char).to_digit(16);
        let lo = (pair[1] as char).to_digit(16);
        match (hi, lo) {
            (Some(h), Some(l)) => out.push((h * 16 + l) as u8),
            _ => return Err(error(vm, "Non-hexadecimal digit found")),
        }
    }
    new_bytes(vm, out)
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn b2a_base64(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let k = kw_get(vm, kw, &["newline"], "b2a_base64")?;
    if a.len() != 1 {
        return Err(vm.type_error(format!(
            "b2a_base64() takes exactly one argument ({} given)",
            a.len()
        )));
    }
    let newline = match k[0] {
        Some(v) => vm.truthy(v)?,
        None => true,
    };
    let data = data_arg(vm, a[0], false)?;
    let mut out = Vec::with_capacity(data.len().div_ceil(3) * 4 + 1);
    let sextet = |n: u32, shift: u32| B64[(n >> shift & 63) as usize];
    let mut chunks = data.chunks_exact(3);
    for c in &mut chunks {
        let n = u32::from(c[0]) << 16 | u32::from(c[1]) << 8 | u32::from(c[2]);
        out.extend_from_slice(&[sextet(n, 18), sextet(n, 12), sextet(n, 6), sextet(n, 0)]);
    }
    // A last group of 1 or 2 bytes: 2 or 3 characters and padding.
    match *chunks.remainder() {
        [a] => {
            let n = u32::from(a) << 16;
            out.extend_from_slice(&[sextet(n, 18), sextet(n, 12), b'=', b'=']);
        }
        [a, b] => {
            let n = u32::from(a) << 16 | u32::from(b) << 8;
            out.extend_from_slice(&[sextet(n, 18), sextet(n, 12), sextet(n, 6), b'=']);
        }
        _ => {}
    }
    if newline {
        out.push(b'\n');
    }
    new_bytes(vm, out)
}

fn b64_value(c: u8) -> Option<u32> {
    match c {
        b'A'..=b'Z' => Some((c - b'A') as u32),
        b'a'..=b'z' => Some((c - b'a') as u32 + 26),
        b'0'..=b'9' => Some((c - b'0') as u32 + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

/// Lenient decoding as CPython's default: characters outside the alphabet
/// are skipped, and a pad that completes a quad ends the data.
fn a2b_base64(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let k = kw_get(vm, kw, &["strict_mode"], "a2b_base64")?;
    if a.len() != 1 {
        return Err(vm.type_error(format!(
            "a2b_base64() takes exactly one argument ({} given)",
            a.len()
        )));
    }
    let strict = match k[0] {
        Some(v) => vm.truthy(v)?,
        None => false,
    };
    let data = data_arg(vm, a[0], true)?;
    let mut out = Vec::with_capacity(data.len() / 4 * 3);
    let (mut acc, mut quad, mut pads, mut count) = (0u32, 0usize, 0usize, 0usize);
    let mut done = false;
    // Strict mode (CPython 3.11's rules): no pad first, nothing but pads
    // once padding has started, and nothing after the pad that ends the
    // data; a pad where a quad has fewer than 2 characters is only
    // remembered.
    if strict && data.first() == Some(&b'=') {
        return Err(error(vm, "Leading padding not allowed"));
    }
    let mut padding_started = false;
    for (i, &c) in data.iter().enumerate() {
        if c == b'=' {
            padding_started = true;
            pads += 1;
            if quad >= 2 && quad + pads >= 4 {
                if strict && i + 1 < data.len() {
                    return Err(error(vm, "Excess data after padding"));
                }
                done = true;
                break;
            }
            continue;
        }
        let Some(v) = b64_value(c) else {
            if strict {
                return Err(error(vm, "Only base64 data is allowed"));
            }
            continue;
        };
        if strict && padding_started {
            return Err(error(vm, "Discontinuous padding not allowed"));
        }
        pads = 0;
        count += 1;
        acc = acc << 6 | v;
        quad += 1;
        if quad == 4 {
            out.extend_from_slice(&[(acc >> 16) as u8, (acc >> 8) as u8, acc as u8]);
            acc = 0;
            quad = 0;
        }
    }
    if !done && quad != 0 {
        if quad == 1 {
            let msg = format!(
                "Invalid base64-encoded string: number of data characters ({count}) cannot be 1 more than a multiple of 4"
            );
            return Err(error(vm, &msg));
        }
        return Err(error(vm, "Incorrect padding"));
    }
    // A final partial quad of 2 or 3 characters carries 1 or 2 bytes.
    match quad {
        2 => out.push((acc >> 4) as u8),
        3 => out.extend_from_slice(&[(acc >> 10) as u8, (acc >> 2) as u8]),
        _ => {}
    }
    new_bytes(vm, out)
}

fn crc32(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    if a.is_empty() || a.len() > 2 {
        return Err(vm.type_error(format!(
            "crc32 expected at most 2 arguments, got {}",
            a.len()
        )));
    }
    let data = data_arg(vm, a[0], false)?;
    let start = match a.get(1) {
        None => 0u32,
        Some(&v) => {
            let n = super::math::to_int(vm, v)?;
            // Only the low 32 bits of the running value matter.
            let m = n & num_bigint::BigInt::from(0xFFFF_FFFFu32);
            num_traits::ToPrimitive::to_u32(&m).unwrap_or(0)
        }
    };
    let mut h = crc32fast::Hasher::new_with_initial(start);
    h.update(&data);
    Ok(Value::Int(i64::from(h.finalize())))
}

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("binascii")?;
    let d = crate::import::module_dict(vm, m);
    let ve = vm.exc_class(crate::ExcKind::ValueError);
    let err = super::module_exception(vm, "binascii", "Error", ve)?;
    vm.dict_set_str(d, "Error", Value::Obj(err))?;
    let fns: &[(&'static str, crate::obj::NativeFn, bool)] = &[
        ("hexlify", hexlify, true),
        ("b2a_hex", hexlify, true),
        ("unhexlify", unhexlify, false),
        ("a2b_hex", unhexlify, false),
        ("b2a_base64", b2a_base64, true),
        ("a2b_base64", a2b_base64, true),
        ("crc32", crc32, false),
    ];
    for &(name, f, kw) in fns {
        let v = crate::types::native(vm, name, f, kw, Value::Obj(m))?;
        vm.dict_set_str(d, name, v)?;
    }
    Ok(m)
}
