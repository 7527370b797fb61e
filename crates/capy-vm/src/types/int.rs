//! `int`, `float` and `complex` methods beyond arithmetic.

use crate::obj::Obj;
use crate::types::num::{self, Num};
use crate::types::MethodDef;
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;
use num_bigint::{BigInt, Sign};

type Kw<'a> = &'a [(Value, Value)];

pub const INT_METHODS: &[MethodDef] = &[
    ("bit_length", int_bit_length, false),
    ("bit_count", int_bit_count, false),
    ("conjugate", int_self, false),
    ("__index__", int_self, false),
    ("__int__", int_self, false),
    ("__trunc__", int_self, false),
    ("as_integer_ratio", int_ratio, false),
    ("to_bytes", int_to_bytes, true),
    ("is_integer", int_is_integer, false),
];

pub const INT_CLASSMETHODS: &[MethodDef] = &[("from_bytes", int_from_bytes, true)];

pub const FLOAT_METHODS: &[MethodDef] = &[
    ("is_integer", float_is_integer, false),
    ("hex", float_hex, false),
    ("conjugate", float_self, false),
    ("as_integer_ratio", float_ratio, false),
    ("__float__", float_self, false),
    ("__int__", float_int, false),
    ("__trunc__", float_int, false),
];

pub const FLOAT_CLASSMETHODS: &[MethodDef] = &[("fromhex", float_fromhex, false)];

pub const COMPLEX_METHODS: &[MethodDef] = &[("conjugate", complex_conjugate, false)];

fn arg(a: &[Value], i: usize) -> Value {
    a.get(i).copied().unwrap_or(Value::None)
}

fn this_int(vm: &mut Vm, a: &[Value], name: &str) -> PyResult<BigInt> {
    let v = vm.builtin_base(arg(a, 0));
    match num::as_num(&vm.heap, v) {
        Some(Num::I(i)) if !matches!(v, Value::Float(_)) => Ok(BigInt::from(i)),
        Some(Num::B(b)) => Ok(b),
        _ => {
            let t = vm.type_name(v);
            Err(vm.type_error(format!(
                "descriptor '{name}' for 'int' objects doesn't apply to a '{t}' object"
            )))
        }
    }
}

fn int_self(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let b = this_int(vm, a, "__index__")?;
    vm.new_bigint(b)
}
fn int_bit_length(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let b = this_int(vm, a, "bit_length")?;
    Ok(Value::Int(b.bits() as i64))
}
fn int_bit_count(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let b = this_int(vm, a, "bit_count")?;
    let n: u64 = b
        .magnitude()
        .iter_u64_digits()
        .map(|d| d.count_ones() as u64)
        .sum();
    Ok(Value::Int(n as i64))
}
fn int_ratio(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let b = this_int(vm, a, "as_integer_ratio")?;
    let n = vm.new_bigint(b)?;
    vm.new_tuple(vec![n, Value::Int(1)])
}
fn int_is_integer(_vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    Ok(Value::Bool(true))
}

/// `length`, `byteorder` and `signed` of to_bytes/from_bytes.
fn byte_args(
    vm: &mut Vm,
    a: &[Value],
    kw: Kw,
    first: usize,
    with_len: bool,
) -> PyResult<(usize, bool, bool)> {
    let mut length = if with_len {
        a.get(first).copied()
    } else {
        None
    };
    let off = first + with_len as usize;
    let mut order = a.get(off).copied();
    let mut signed = Value::Bool(false);
    if a.len() > off + 1 {
        return Err(vm.type_error("function takes at most 2 positional arguments"));
    }
    for &(k, v) in kw {
        match vm.heap.str_of(k) {
            Some("length") if with_len => length = Some(v),
            Some("byteorder") => order = Some(v),
            Some("signed") => signed = v,
            _ => {
                let n = vm.heap.str_of(k).unwrap_or("?").to_string();
                return Err(vm.type_error(format!("'{n}' is an invalid keyword argument")));
            }
        }
    }
    let length = match length {
        Some(v) => {
            let n = vm.index_value(v)?;
            if n < 0 {
                return Err(vm.value_error("length argument must be non-negative"));
            }
            n as usize
        }
        None => 1,
    };
    let little = match order {
        None => false,
        Some(v) => match vm.heap.str_of(v) {
            Some("big") => false,
            Some("little") => true,
            Some(_) => return Err(vm.value_error("byteorder must be either 'little' or 'big'")),
            None => {
                let t = vm.type_name(v);
                return Err(vm.type_error(format!(
                    "to_bytes() argument 'byteorder' must be str, not {t}"
                )));
            }
        },
    };
    let signed = vm.truthy(signed)?;
    Ok((length, little, signed))
}

fn int_to_bytes(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let b = this_int(vm, a, "to_bytes")?;
    let (length, little, signed) = byte_args(vm, a, kw, 1, true)?;
    if b.sign() == Sign::Minus && !signed {
        return Err(vm.overflow_error("can't convert negative int to unsigned"));
    }
    // Two's complement, little-endian, minimal length.
    let mut bytes = b.to_signed_bytes_le();
    if !signed && bytes.len() > 1 && bytes.last() == Some(&0) {
        bytes.pop();
    }
    if b.sign() == Sign::NoSign {
        bytes.clear();
    }
    if bytes.len() > length {
        return Err(vm.overflow_error("int too big to convert"));
    }
    vm.charge(length)?;
    let fill = if b.sign() == Sign::Minus { 0xff } else { 0 };
    bytes.resize(length, fill);
    if !little {
        bytes.reverse();
    }
    crate::types::bytes::mk(vm, bytes, false)
}

fn int_from_bytes(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    // a[0] is the class.
    let src = arg(a, 1);
    let data = match crate::types::bytes::buffer_opt(vm, src) {
        Some(d) => d,
        None => {
            if vm.heap.str_of(src).is_some() {
                return Err(vm.type_error("cannot convert 'str' object to bytes"));
            }
            crate::types::str::bytes_of(vm, src)?
        }
    };
    let (_, little, signed) = byte_args(vm, a, kw, 2, false)?;
    let mut le = data;
    if !little {
        le.reverse();
    }
    let n = if signed {
        BigInt::from_signed_bytes_le(&le)
    } else {
        BigInt::from_bytes_le(Sign::Plus, &le)
    };
    let r = vm.new_bigint(n)?;
    // A subclass gets an instance of itself.
    if let Value::Obj(c) = arg(a, 0) {
        if vm.type_obj(crate::types::TypeId::Int) != c && matches!(vm.heap.get(c), Obj::Class(_)) {
            return vm.call(Value::Obj(c), &[r], &[]);
        }
    }
    Ok(r)
}

fn this_float(vm: &mut Vm, a: &[Value], name: &str) -> PyResult<f64> {
    match vm.builtin_base(arg(a, 0)) {
        Value::Float(f) => Ok(f),
        v => {
            let t = vm.type_name(v);
            Err(vm.type_error(format!(
                "descriptor '{name}' for 'float' objects doesn't apply to a '{t}' object"
            )))
        }
    }
}
fn float_is_integer(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let f = this_float(vm, a, "is_integer")?;
    Ok(Value::Bool(numfmt::float_is_integer(f)))
}
fn float_hex(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let f = this_float(vm, a, "hex")?;
    vm.new_string(numfmt::float_hex(f))
}
fn float_self(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    Ok(Value::Float(this_float(vm, a, "conjugate")?))
}
fn float_int(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let f = this_float(vm, a, "__int__")?;
    let b = numfmt::float_to_bigint(f).map_err(|e| vm.num_err(e))?;
    vm.new_bigint(b)
}
fn float_ratio(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let f = this_float(vm, a, "as_integer_ratio")?;
    let (n, d) = numfmt::float_as_integer_ratio(f).map_err(|e| vm.num_err(e))?;
    let n = vm.new_bigint(n)?;
    let d = vm.new_bigint(d)?;
    vm.new_tuple(vec![n, d])
}
fn float_fromhex(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let Some(s) = vm.heap.str_of(arg(a, 1)).map(|s| s.to_string()) else {
        let t = vm.type_name(arg(a, 1));
        return Err(vm.type_error(format!("bad argument type for built-in operation: {t}")));
    };
    let f = numfmt::float_fromhex(&s).map_err(|e| vm.num_err(e))?;
    if let Value::Obj(c) = arg(a, 0) {
        if vm.type_obj(crate::types::TypeId::Float) != c && matches!(vm.heap.get(c), Obj::Class(_))
        {
            return vm.call(Value::Obj(c), &[Value::Float(f)], &[]);
        }
    }
    Ok(Value::Float(f))
}

fn complex_conjugate(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let v = vm.builtin_base(arg(a, 0));
    match num::as_num(&vm.heap, v) {
        Some(Num::C(re, im)) => Ok(Value::Obj(vm.alloc(Obj::Complex(re, -im))?)),
        _ => Err(vm.type_error("descriptor 'conjugate' requires a 'complex' object")),
    }
}

/// `complex(s)` for a string: `1+2j`, `-3j`, `(1-1j)`, `4`, with spaces
/// allowed only around the whole value.
pub fn parse_complex(vm: &mut Vm, s: &str) -> PyResult<(f64, f64)> {
    let bad = |vm: &mut Vm| vm.value_error("complex() arg is a malformed string");
    let mut t = s.trim();
    if let Some(inner) = t.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        t = inner.trim();
    }
    if t.is_empty() || t.contains(char::is_whitespace) {
        return Err(bad(vm));
    }
    let float = |x: &str| -> Option<f64> {
        if x.is_empty() || x.contains('_') && (x.starts_with('_') || x.ends_with('_')) {
            return None;
        }
        numfmt::parse_float(x).ok()
    };
    let Some(body) = t.strip_suffix(['j', 'J']) else {
        return match float(t) {
            Some(f) => Ok((f, 0.0)),
            None => Err(bad(vm)),
        };
    };
    // Split `re±im` at the last sign that is not part of an exponent.
    let bytes = body.as_bytes();
    let mut split = None;
    for i in (1..bytes.len()).rev() {
        if (bytes[i] == b'+' || bytes[i] == b'-') && !matches!(bytes[i - 1], b'e' | b'E') {
            split = Some(i);
            break;
        }
    }
    let imag = |x: &str| -> Option<f64> {
        match x {
            "" | "+" => Some(1.0),
            "-" => Some(-1.0),
            _ => float(x),
        }
    };
    let r = match split {
        Some(i) => match (float(&body[..i]), imag(&body[i..])) {
            (Some(re), Some(im)) => Some((re, im)),
            _ => None,
        },
        None => imag(body).map(|im| (0.0, im)),
    };
    r.ok_or_else(|| bad(vm))
}
