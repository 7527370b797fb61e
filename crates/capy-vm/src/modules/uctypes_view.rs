//! `uctypes` struct objects: a capability, a descriptor and a layout (the
//! module and its descriptors are in `uctypes.rs`). What an object is
//! follows from its descriptor, as in MicroPython: a dict is a STRUCT
//! (fields by attribute), an `ARRAY` tuple is indexed, a `PTR` tuple is
//! indexed through the address it holds, anything else prints as ERROR
//! and fails when used. A UINT8 array field and `bytearray_at` give a
//! byte view, which prints, indexes and converts like the bytearray
//! MicroPython returns there but still reads and writes through its
//! capability.

use crate::dict::Dict;
use crate::modules::cheri as cm;
use crate::modules::uctypes::{
    agg_type, desc_dict, desc_error, elem_size, kind_name, parse_agg, parse_field, Agg, Elem,
    Field, ARRAY, FLOAT32, FLOAT64, LAYOUT_BIG_ENDIAN, PTR, PTR_SIZE, SCALAR_SIZE, UINT8,
};
use crate::obj::{Instance, NativeFn, Obj};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use cheri::Capability;

type Kw<'a> = &'a [(Value, Value)];

/// A struct object's state: its capability (address = start), what it
/// views and how.
pub(super) struct View {
    pub cap: Value,
    pub desc: Value,
    pub layout: i64,
    /// Some(n) for a byte view of n bytes (its descriptor is unused).
    pub bytes: Option<u64>,
}

const STATE: &str = "__uctypes__";

pub(super) fn struct_class(vm: &mut Vm) -> PyResult<Gc> {
    if let Some(c) = vm.cheri.struct_class {
        return Ok(c);
    }
    cm::install_properties(vm)?;
    let mut ns = Dict::new();
    let n = vm.new_str("struct")?;
    // MicroPython's type is plain `struct`: `<class 'struct'>`.
    let m = vm.new_str("builtins")?;
    let defs: [(&'static str, NativeFn); 7] = [
        ("__getattr__", view_getattr),
        ("__setattr__", view_setattr),
        ("__getitem__", view_getitem),
        ("__setitem__", view_setitem),
        ("__len__", view_len),
        ("__repr__", view_repr),
        ("__int__", view_int),
    ];
    // Mutable memory has no stable hash.
    let mut entries = vec![
        ("__module__", m),
        ("__qualname__", n),
        ("__hash__", Value::None),
    ];
    for (name, f) in defs {
        entries.push((name, crate::types::native(vm, name, f, false, Value::Null)?));
    }
    for (k, v) in entries {
        let k = vm.intern(k);
        let h = vm.hash(k)?;
        ns.insert_new(h, k, v);
    }
    let c = vm.new_class(Value::Null, n, vec![], &ns)?;
    vm.extra_roots.push(Value::Obj(c));
    vm.cheri.struct_class = Some(c);
    Ok(c)
}

pub(super) fn new_view(vm: &mut Vm, v: View) -> PyResult {
    let class = struct_class(vm)?;
    let bytes = match v.bytes {
        Some(n) => cm::u64_value(vm, n)?,
        None => Value::None,
    };
    let state = vm.new_tuple(vec![v.cap, v.desc, Value::Int(v.layout), bytes])?;
    let obj = Value::Obj(vm.alloc(Obj::Instance(Instance::new(class, Value::Null)))?);
    let k = vm.intern(STATE);
    vm.generic_setattr(obj, k, state)?;
    Ok(obj)
}

pub(super) fn view_of(vm: &Vm, obj: Value) -> Option<View> {
    let Value::Obj(h) = obj else { return None };
    let Obj::Instance(i) = vm.heap.get(h) else {
        return None;
    };
    if Some(i.class) != vm.cheri.struct_class {
        return None;
    }
    let Value::Obj(t) = vm.inst_get_str(i, STATE)? else {
        return None;
    };
    let Obj::Tuple(items) = vm.heap.get(t) else {
        return None;
    };
    let [cap, desc, Value::Int(layout), bytes] = items[..] else {
        return None;
    };
    let bytes = match bytes {
        Value::Int(n) => Some(n as u64),
        _ => None,
    };
    Some(View {
        cap,
        desc,
        layout,
        bytes,
    })
}

fn this_view(vm: &mut Vm, a: &[Value]) -> PyResult<View> {
    let v = a.first().copied().unwrap_or(Value::None);
    match view_of(vm, v) {
        Some(s) => Ok(s),
        None => Err(vm.type_error("expected a uctypes struct")),
    }
}

fn sub_cap(vm: &mut Vm, cap: Value, off: u64) -> PyResult {
    let (c, owner) = cm::cap_arg(vm, cap)?;
    cm::new_cap(vm, c.increment_address(off as i64), owner)
}

/// `n` bytes at `cap + off` as an unsigned number in the layout's order.
fn read_raw(vm: &mut Vm, cap: Value, off: u64, n: usize, layout: i64) -> PyResult<u64> {
    let (c, _) = cm::cap_arg(vm, cap)?;
    let mut b = [0u8; 8];
    if let Err(f) = cm::read(vm, &c, off, &mut b[..n]) {
        return Err(cm::fault_error(vm, f));
    }
    Ok(if layout == LAYOUT_BIG_ENDIAN {
        b[..n]
            .iter()
            .fold(0u64, |acc, &x| (acc << 8) | u64::from(x))
    } else {
        u64::from_le_bytes(b)
    })
}

fn bit_mask(bitlen: u32) -> u64 {
    if bitlen >= 64 {
        u64::MAX
    } else {
        (1u64 << bitlen) - 1
    }
}

fn read_scalar(
    vm: &mut Vm,
    cap: Value,
    off: u64,
    t: u32,
    layout: i64,
    bits: (u32, u32),
) -> PyResult {
    let n = SCALAR_SIZE[t as usize & 15] as usize;
    let raw = read_raw(vm, cap, off, n, layout)?;
    let width = 8 * n as u32;
    Ok(match t {
        FLOAT32 => Value::Float(f64::from(f32::from_bits(raw as u32))),
        FLOAT64 => Value::Float(f64::from_bits(raw)),
        // Bitfields: MicroPython reads them unsigned, signed kinds too.
        8..=13 => Value::Int(((raw >> (bits.0 % 64)) & bit_mask(bits.1)) as i64),
        _ if t % 2 == 1 => {
            // Signed: sign-extend from the field's width.
            let shift = 64 - width;
            Value::Int(((raw << shift) as i64) >> shift)
        }
        _ => cm::u64_value(vm, raw)?,
    })
}

fn scalar_bits(vm: &mut Vm, t: u32, v: Value) -> PyResult<u64> {
    match t {
        FLOAT32 | FLOAT64 => {
            let f = match v {
                Value::Float(f) => f,
                Value::Int(i) => i as f64,
                Value::Bool(b) => f64::from(u8::from(b)),
                _ => return Err(vm.type_error("can't convert to float")),
            };
            Ok(if t == FLOAT32 {
                u64::from((f as f32).to_bits())
            } else {
                f.to_bits()
            })
        }
        _ => cm::int_bits(vm, v),
    }
}

fn write_scalar(
    vm: &mut Vm,
    cap: Value,
    (off, t, layout): (u64, u32, i64),
    bits: (u32, u32),
    v: Value,
) -> PyResult<()> {
    let n = SCALAR_SIZE[t as usize & 15] as usize;
    let mut raw = scalar_bits(vm, t, v)?;
    if (8..=13).contains(&t) {
        // Read-modify-write of the containing unit.
        let old = read_raw(vm, cap, off, n, layout)?;
        let (mask, pos) = (bit_mask(bits.1), bits.0 % 64);
        raw = (old & !(mask << pos)) | ((raw & mask) << pos);
    }
    let mut b = [0u8; 8];
    if layout == LAYOUT_BIG_ENDIAN {
        for (i, byte) in b[..n].iter_mut().enumerate() {
            *byte = (raw >> (8 * (n - 1 - i))) as u8;
        }
    } else {
        b = raw.to_le_bytes();
    }
    let (c, _) = cm::cap_arg(vm, cap)?;
    cm::write(vm, &c, off, &b[..n]).map_err(|f| cm::fault_error(vm, f))
}

fn name_arg(vm: &mut Vm, a: &[Value]) -> PyResult<String> {
    let n = a.get(1).copied().unwrap_or(Value::None);
    match vm.heap.str_of(n) {
        Some(s) => Ok(s.to_string()),
        None => Err(vm.type_error("attribute name must be a string")),
    }
}

/// The field `name` of a STRUCT view: its descriptor and what it says.
fn field_of(vm: &mut Vm, s: &View, obj: Value, name: &str) -> PyResult<(Value, Field)> {
    if s.bytes.is_some() {
        return Err(vm.attribute_error(obj, name));
    }
    let Some(d) = desc_dict(vm, s.desc) else {
        return Err(vm.type_error("struct: no fields"));
    };
    let key = vm.new_str(name)?;
    match vm.dict_get(d, key)? {
        Some(f) => Ok((f, parse_field(vm, f)?)),
        None => Err(vm.attribute_error(obj, name)),
    }
}

/// The object for an aggregate field at `s.cap + off`.
fn agg_view(vm: &mut Vm, s: &View, agg: Agg, field: Value) -> PyResult {
    let (off, desc, bytes) = match agg {
        Agg::Struct { off, desc } => (off, desc, None),
        // MicroPython gives a bytearray for a UINT8 array field.
        Agg::Array {
            off,
            count,
            elem: Elem::Scalar(UINT8),
        } => (off, field, Some(count)),
        Agg::Array { off, .. } | Agg::Ptr { off, .. } => (off, field, None),
    };
    if bytes.is_some_and(|n| i64::try_from(n).is_err()) {
        return Err(vm.overflow_error("uctypes array too large"));
    }
    let cap = sub_cap(vm, s.cap, off)?;
    let view = View {
        cap,
        desc,
        layout: s.layout,
        bytes,
    };
    new_view(vm, view)
}

fn view_getattr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this_view(vm, a)?;
    let obj = a[0];
    let name = name_arg(vm, a)?;
    match field_of(vm, &s, obj, &name)? {
        (
            _,
            Field::Scalar {
                off,
                t,
                bitpos,
                bitlen,
            },
        ) => read_scalar(vm, s.cap, off, t, s.layout, (bitpos, bitlen)),
        (field, Field::Agg(agg)) => agg_view(vm, &s, agg, field),
    }
}

fn view_setattr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this_view(vm, a)?;
    let obj = a[0];
    let name = name_arg(vm, a)?;
    let v = a.get(2).copied().unwrap_or(Value::None);
    match field_of(vm, &s, obj, &name)?.1 {
        Field::Scalar {
            off,
            t,
            bitpos,
            bitlen,
        } => {
            write_scalar(vm, s.cap, (off, t, s.layout), (bitpos, bitlen), v)?;
            Ok(Value::None)
        }
        Field::Agg(_) => Err(vm.type_error("uctypes: only scalar fields can be assigned")),
    }
}

fn index_arg(vm: &mut Vm, a: &[Value]) -> PyResult<i64> {
    vm.index_value(a.get(1).copied().unwrap_or(Value::None))
}

/// Where item `a[1]` of an indexable view is: the capability to reach it
/// through, its offset there, and what it is.
fn locate_item(vm: &mut Vm, s: &View, a: &[Value]) -> PyResult<(Value, u64, Elem)> {
    if let Some(n) = s.bytes {
        // A byte view counts from the end like the bytearray it stands for.
        let i = index_arg(vm, a)?;
        let i = if i < 0 { i + n as i64 } else { i };
        return match u64::try_from(i) {
            Ok(i) if i < n => Ok((s.cap, i, Elem::Scalar(UINT8))),
            _ => Err(vm.index_error("bytearray index out of range")),
        };
    }
    match agg_type(vm, s.desc) {
        Some(ARRAY) | Some(PTR) => {}
        _ => return Err(vm.type_error("struct: can't index")),
    }
    let i = index_arg(vm, a)?;
    match parse_agg(vm, s.desc)? {
        Agg::Array { count, elem, .. } => {
            match u64::try_from(i) {
                Ok(i) if i < count => {}
                _ => return Err(vm.index_error("struct: index out of range")),
            }
            let size = elem_size(vm, &elem, s.layout, &mut 0)?;
            Ok((s.cap, (i as u64).saturating_mul(size), elem))
        }
        Agg::Ptr { target, .. } => {
            // The pointer is an integer in memory: no tag, so what it
            // points to is reached through an untagged capability, which
            // faults with TAG when it is dereferenced.
            let addr = read_raw(vm, s.cap, 0, PTR_SIZE as usize, s.layout)?;
            let size = elem_size(vm, &target, s.layout, &mut 0)?;
            let to = Capability::null_with_address(addr);
            let cap = cm::new_cap(vm, to, Value::Null)?;
            Ok((cap, (i as u64).wrapping_mul(size), target))
        }
        Agg::Struct { .. } => Err(vm.type_error("struct: can't index")),
    }
}

fn view_getitem(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this_view(vm, a)?;
    match locate_item(vm, &s, a)? {
        (cap, off, Elem::Scalar(t)) => read_scalar(vm, cap, off, t, s.layout, (0, 0)),
        (cap, off, Elem::Struct(desc)) => {
            let cap = sub_cap(vm, cap, off)?;
            let view = View {
                cap,
                desc,
                layout: s.layout,
                bytes: None,
            };
            new_view(vm, view)
        }
    }
}

fn view_setitem(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this_view(vm, a)?;
    let v = a.get(2).copied().unwrap_or(Value::None);
    match locate_item(vm, &s, a)? {
        (cap, off, Elem::Scalar(t)) => {
            write_scalar(vm, cap, (off, t, s.layout), (0, 0), v)?;
            Ok(Value::None)
        }
        _ => Err(vm.type_error("uctypes: only scalar elements can be assigned")),
    }
}

fn view_len(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this_view(vm, a)?;
    if let Some(n) = s.bytes {
        return cm::u64_value(vm, n);
    }
    if agg_type(vm, s.desc) == Some(ARRAY) {
        if let Agg::Array { count, .. } = parse_agg(vm, s.desc)? {
            return cm::u64_value(vm, count);
        }
    }
    Err(vm.type_error("object of type 'struct' has no len()"))
}

/// `<struct STRUCT 10000>` (MicroPython prints the address as `%p`, in
/// hex without `0x`); a byte view prints as its bytearray.
fn view_repr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this_view(vm, a)?;
    if s.bytes.is_some() {
        let b = view_bytes(vm, &s)?;
        let r = crate::repr::bytes_repr(&b, "b'", "'");
        return vm.new_string(format!("bytearray({r})"));
    }
    let (c, _) = cm::cap_arg(vm, s.cap)?;
    let kind = kind_name(vm, s.desc);
    vm.new_string(format!("<struct {kind} {:x}>", c.address()))
}

/// `int(p)` of a PTR view: the address the pointer holds.
fn view_int(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this_view(vm, a)?;
    if s.bytes.is_none() && agg_type(vm, s.desc) == Some(PTR) {
        let addr = read_raw(vm, s.cap, 0, PTR_SIZE as usize, s.layout)?;
        return cm::u64_value(vm, addr);
    }
    Err(vm.type_error("can't convert struct to int"))
}

/// The bytes a view covers (its `sizeof`), read through its capability.
fn view_bytes(vm: &mut Vm, s: &View) -> PyResult<Vec<u8>> {
    let n = match s.bytes {
        Some(n) => n,
        None => crate::modules::uctypes::desc_size(vm, s.desc, s.layout, &mut 0)?,
    };
    let (c, _) = cm::cap_arg(vm, s.cap)?;
    crate::modules::uctypes::read_checked(vm, &c, n)
}

/// The buffer protocol of struct objects, for `bytes(s)` and
/// `bytearray(s)`: None when `v` is not a struct object.
pub(crate) fn struct_bytes(vm: &mut Vm, v: Value) -> Option<PyResult<Vec<u8>>> {
    let s = view_of(vm, v)?;
    if s.bytes.is_none() && desc_dict(vm, s.desc).is_none() && agg_type(vm, s.desc).is_none() {
        return Some(Err(desc_error(vm)));
    }
    Some(view_bytes(vm, &s))
}
