//! `uctypes`, as MicroPython has it (same descriptors, constants and
//! functions), with every access going through a capability (DESIGN.md
//! part 2): `addressof(buf)` returns a capability bounded to the buffer,
//! and `struct`, `bytes_at` and `bytearray_at` read and write only
//! through the capability they are given, so
//! `bytearray_at(addressof(bytearray(1)), 16384)` raises
//! `cheri.CapabilityError` (kind BOUNDS) instead of exposing the heap.
//! A plain integer address is an untagged (null-derived) capability:
//! dereferencing it faults with TAG, as in CHERI pure-capability code.
//!
//! Supported: scalar fields (UINT8..INT64, FLOAT32, FLOAT64), bitfields
//! (BFUINT8..BFINT32 with BF_POS/BF_LEN; read unsigned, as MicroPython
//! does), nested structs `(offset, {...})`, arrays of scalars
//! `(offset | ARRAY, n | TYPE)` and of structs `(offset | ARRAY, n, {...})`,
//! the three layouts, `sizeof` with MicroPython's NATIVE alignment rule.
//! Not supported: PTR fields (sizeof counts them as 16-byte capabilities;
//! accessing one raises NotImplementedError), slicing of arrays, the buffer
//! protocol on struct objects (`bytearray_at` returns an aliasing UINT8
//! array view rather than a bytearray; `bytes_at` returns a copy), and
//! sub-object bounds (a nested view keeps its parent's bounds).

use crate::dict::Dict;
use crate::errors::ExcKind;
use crate::modules::cheri as cm;
use crate::obj::{Instance, NativeFn, Obj};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use cheri::{Capability, Perms};

type Kw<'a> = &'a [(Value, Value)];

const LAYOUT_LITTLE_ENDIAN: i64 = 0;
const LAYOUT_BIG_ENDIAN: i64 = 1;
const LAYOUT_NATIVE: i64 = 2;

// moductypes.c: VAL_TYPE_BITS, BITF_LEN_BITS, BITF_OFF_BITS, OFFSET_BITS,
// LEN_BITS, AGG_TYPE_BITS.
const VAL_TYPE_BITS: u32 = 4;
const BITF_BITS: u32 = 5;
const OFFSET_BITS: u32 = 17;
const LEN_BITS: u32 = OFFSET_BITS + BITF_BITS;
const AGG_TYPE_BITS: u32 = 2;

const STRUCT: u32 = 0;
const PTR: u32 = 1;
const ARRAY: u32 = 2;

const FLOAT32: u32 = 14;
const FLOAT64: u32 = 15;

const SCALARS: [&str; 16] = [
    "UINT8", "INT8", "UINT16", "INT16", "UINT32", "INT32", "UINT64", "INT64", "BFUINT8", "BFINT8",
    "BFUINT16", "BFINT16", "BFUINT32", "BFINT32", "FLOAT32", "FLOAT64",
];
const SCALAR_SIZE: [u64; 16] = [1, 1, 2, 2, 4, 4, 8, 8, 1, 1, 2, 2, 4, 4, 4, 8];
/// A PTR field holds a capability in capy (MicroPython: sizeof(void *)).
const PTR_SIZE: u64 = 16;

/// moductypes.c TYPE2SMALLINT: the type in the top bits of a 31-bit int.
fn type2smallint(x: u32, nbits: u32) -> i64 {
    i64::from((x as i32).wrapping_shl(32 - nbits) >> 1)
}

/// moductypes.c GET_TYPE.
fn get_type(x: i64, nbits: u32) -> u32 {
    ((x >> (31 - nbits)) & ((1 << nbits) - 1)) as u32
}

/// moductypes.c VALUE_MASK: the bits below the type.
fn value_mask(nbits: u32) -> i64 {
    !i64::from(i32::MIN >> nbits)
}

enum Elem {
    Scalar(u32),
    Struct(Value),
}

enum Field {
    Scalar {
        off: u64,
        t: u32,
        bitpos: u32,
        bitlen: u32,
    },
    Struct {
        off: u64,
        desc: Value,
    },
    Ptr,
    Array {
        off: u64,
        count: u64,
        elem: Elem,
    },
}

fn desc_error(vm: &mut Vm) -> crate::PyErr {
    vm.type_error("syntax error in uctypes descriptor")
}

fn small_int(vm: &mut Vm, v: Value) -> PyResult<i64> {
    match v {
        Value::Int(i) => Ok(i),
        _ => Err(desc_error(vm)),
    }
}

fn parse_field(vm: &mut Vm, v: Value) -> PyResult<Field> {
    if let Value::Int(x) = v {
        let t = get_type(x, VAL_TYPE_BITS);
        let mut off = (x & value_mask(VAL_TYPE_BITS)) as u64;
        let (mut bitpos, mut bitlen) = (0, 0);
        if (8..=13).contains(&t) {
            bitpos = ((off >> OFFSET_BITS) & 31) as u32;
            bitlen = ((off >> LEN_BITS) & 31) as u32;
            off &= (1 << OFFSET_BITS) - 1;
        }
        return Ok(Field::Scalar {
            off,
            t,
            bitpos,
            bitlen,
        });
    }
    let items = match v {
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::Tuple(t) => t.to_vec(),
            _ => return Err(desc_error(vm)),
        },
        _ => return Err(desc_error(vm)),
    };
    if items.len() < 2 {
        return Err(desc_error(vm));
    }
    let t0 = small_int(vm, items[0])?;
    let off = (t0 & value_mask(AGG_TYPE_BITS)) as u64;
    match get_type(t0, AGG_TYPE_BITS) {
        STRUCT => Ok(Field::Struct {
            off,
            desc: items[1],
        }),
        PTR => Ok(Field::Ptr),
        ARRAY => {
            let n = small_int(vm, items[1])?;
            if items.len() == 2 {
                let t = get_type(n, VAL_TYPE_BITS);
                let count = (n & value_mask(VAL_TYPE_BITS)) as u64;
                Ok(Field::Array {
                    off,
                    count,
                    elem: Elem::Scalar(t),
                })
            } else {
                let count = u64::try_from(n).map_err(|_| desc_error(vm))?;
                Ok(Field::Array {
                    off,
                    count,
                    elem: Elem::Struct(items[2]),
                })
            }
        }
        _ => Err(desc_error(vm)),
    }
}

fn dict_items(vm: &Vm, d: Value) -> Option<Vec<(Value, Value)>> {
    match d {
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::Dict(d) => Some(d.iter().collect()),
            _ => None,
        },
        _ => None,
    }
}

/// moductypes.c uctypes_struct_size (recursion-limited: a descriptor may
/// contain itself).
fn struct_size(vm: &mut Vm, desc: Value, layout: i64, max: &mut u64) -> PyResult<u64> {
    vm.enter_recursion()?;
    let r = struct_size_inner(vm, desc, layout, max);
    vm.leave_recursion();
    r
}

fn struct_size_inner(vm: &mut Vm, desc: Value, layout: i64, max: &mut u64) -> PyResult<u64> {
    let Some(items) = dict_items(vm, desc) else {
        if let Value::Int(_) = desc {
            return Err(vm.type_error("can't unambiguously get sizeof scalar"));
        }
        let f = parse_field(vm, desc)?;
        return field_size(vm, &f, layout, max);
    };
    let mut total: u64 = 0;
    for (_, v) in items {
        let f = parse_field(vm, v)?;
        let off = match f {
            Field::Scalar { off, .. } | Field::Struct { off, .. } | Field::Array { off, .. } => off,
            Field::Ptr => match v {
                Value::Obj(h) => match vm.heap.get(h) {
                    Obj::Tuple(t) => match t.first() {
                        Some(Value::Int(x)) => (x & value_mask(AGG_TYPE_BITS)) as u64,
                        _ => 0,
                    },
                    _ => 0,
                },
                _ => 0,
            },
        };
        let s = field_size(vm, &f, layout, max)?;
        total = total.max(off.saturating_add(s));
    }
    if layout == LAYOUT_NATIVE && *max > 0 {
        // Round up to the alignment of the largest field.
        total = total.div_ceil(*max).saturating_mul(*max);
    }
    Ok(total)
}

fn field_size(vm: &mut Vm, f: &Field, layout: i64, max: &mut u64) -> PyResult<u64> {
    Ok(match f {
        Field::Scalar { t, .. } => {
            let s = SCALAR_SIZE[*t as usize & 15];
            *max = (*max).max(s);
            s
        }
        Field::Struct { desc, .. } => struct_size(vm, *desc, layout, max)?,
        Field::Ptr => {
            *max = (*max).max(PTR_SIZE);
            PTR_SIZE
        }
        Field::Array { count, elem, .. } => {
            let item = elem_size(vm, elem, layout, max)?;
            item.saturating_mul(*count)
        }
    })
}

fn elem_size(vm: &mut Vm, e: &Elem, layout: i64, max: &mut u64) -> PyResult<u64> {
    Ok(match e {
        Elem::Scalar(t) => {
            let s = SCALAR_SIZE[*t as usize & 15];
            *max = (*max).max(s);
            s
        }
        Elem::Struct(d) => struct_size(vm, *d, layout, max)?,
    })
}

// ---- views (struct objects) ----

/// A struct object's state: its capability (address = start), what it
/// views and how.
struct View {
    cap: Value,
    desc: Value,
    layout: i64,
    /// None for a struct view; Some(n) for an array of n elements, whose
    /// element is `desc` (an int scalar type or a struct descriptor).
    count: Option<u64>,
}

const STATE: &str = "__uctypes__";

fn struct_class(vm: &mut Vm) -> PyResult<Gc> {
    if let Some(c) = vm.cheri.struct_class {
        return Ok(c);
    }
    cm::install_properties(vm)?;
    let mut ns = Dict::new();
    let n = vm.new_str("struct")?;
    let m = vm.new_str("uctypes")?;
    let defs: [(&'static str, NativeFn); 6] = [
        ("__getattr__", view_getattr),
        ("__setattr__", view_setattr),
        ("__getitem__", view_getitem),
        ("__setitem__", view_setitem),
        ("__len__", view_len),
        ("__repr__", view_repr),
    ];
    let mut entries = vec![("__module__", m), ("__qualname__", n)];
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

fn new_view(vm: &mut Vm, v: View) -> PyResult {
    let class = struct_class(vm)?;
    let count = match v.count {
        Some(n) => cm::u64_value(vm, n)?,
        None => Value::None,
    };
    let state = vm.new_tuple(vec![v.cap, v.desc, Value::Int(v.layout), count])?;
    let obj = Value::Obj(vm.alloc(Obj::Instance(Box::new(Instance {
        class,
        dict: Dict::new(),
        base: Value::Null,
    })))?);
    let k = vm.intern(STATE);
    vm.generic_setattr(obj, k, state)?;
    Ok(obj)
}

fn view_of(vm: &mut Vm, obj: Value) -> Option<View> {
    let Value::Obj(h) = obj else { return None };
    let Obj::Instance(i) = vm.heap.get(h) else {
        return None;
    };
    let p = i
        .dict
        .probe_str(&vm.heap, crate::heap::str_hash(STATE), STATE)?;
    let Value::Obj(t) = i.dict.value_at(p) else {
        return None;
    };
    let Obj::Tuple(items) = vm.heap.get(t) else {
        return None;
    };
    let [cap, desc, Value::Int(layout), count] = items[..] else {
        return None;
    };
    let count = match count {
        Value::Int(n) => Some(n as u64),
        _ => None,
    };
    Some(View {
        cap,
        desc,
        layout,
        count,
    })
}

fn this_view(vm: &mut Vm, a: &[Value]) -> PyResult<View> {
    let v = a.first().copied().unwrap_or(Value::None);
    match view_of(vm, v) {
        Some(s) => Ok(s),
        None => Err(vm.type_error("expected a uctypes struct")),
    }
}

/// The capability of an address argument: a capability as is, an
/// integer as an untagged null-derived capability.
fn addr_cap(vm: &mut Vm, v: Value) -> PyResult<(Capability, Value)> {
    if let Some(c) = cm::as_cap(vm, v) {
        return Ok(c);
    }
    if let Some(s) = view_of(vm, v) {
        return cm::cap_arg(vm, s.cap);
    }
    let a = cm::arg_u64(vm, v, "address")?;
    Ok((Capability::null_with_address(a), Value::Null))
}

fn sub_cap(vm: &mut Vm, cap: Value, off: u64) -> PyResult {
    let (c, owner) = cm::cap_arg(vm, cap)?;
    cm::new_cap(vm, c.increment_address(off as i64), owner)
}

fn read_scalar(
    vm: &mut Vm,
    cap: Value,
    off: u64,
    t: u32,
    layout: i64,
    bitpos: u32,
    bitlen: u32,
) -> PyResult {
    let (c, _) = cm::cap_arg(vm, cap)?;
    let n = SCALAR_SIZE[t as usize & 15] as usize;
    let mut b = [0u8; 8];
    if let Err(f) = cm::read(vm, &c, off, &mut b[..n]) {
        return Err(cm::fault_error(vm, f));
    }
    let raw = if layout == LAYOUT_BIG_ENDIAN {
        b[..n]
            .iter()
            .fold(0u64, |acc, &x| (acc << 8) | u64::from(x))
    } else {
        u64::from_le_bytes(b)
    };
    let bits = 8 * n as u32;
    Ok(match t {
        FLOAT32 => Value::Float(f64::from(f32::from_bits(raw as u32))),
        FLOAT64 => Value::Float(f64::from_bits(raw)),
        // Bitfields: MicroPython reads them unsigned, signed kinds too.
        8..=13 => {
            let mask = if bitlen >= 64 {
                u64::MAX
            } else {
                (1u64 << bitlen) - 1
            };
            Value::Int(((raw >> (bitpos % 64)) & mask) as i64)
        }
        _ if t % 2 == 1 => {
            // Signed: sign-extend from the field's width.
            let shift = 64 - bits;
            Value::Int(((raw << shift) as i64) >> shift)
        }
        _ => cm::u64_value(vm, raw)?,
    })
}

#[allow(clippy::too_many_arguments)]
fn write_scalar(
    vm: &mut Vm,
    cap: Value,
    off: u64,
    t: u32,
    layout: i64,
    bitpos: u32,
    bitlen: u32,
    v: Value,
) -> PyResult<()> {
    let (c, _) = cm::cap_arg(vm, cap)?;
    let n = SCALAR_SIZE[t as usize & 15] as usize;
    let mut raw = match t {
        FLOAT32 | FLOAT64 => {
            let f = match v {
                Value::Float(f) => f,
                Value::Int(i) => i as f64,
                Value::Bool(b) => f64::from(u8::from(b)),
                _ => return Err(vm.type_error("can't convert to float")),
            };
            if t == FLOAT32 {
                u64::from((f as f32).to_bits())
            } else {
                f.to_bits()
            }
        }
        _ => cm::int_bits(vm, v)?,
    };
    if (8..=13).contains(&t) {
        // Read-modify-write of the containing unit.
        let mut b = [0u8; 8];
        if let Err(f) = cm::read(vm, &c, off, &mut b[..n]) {
            return Err(cm::fault_error(vm, f));
        }
        let old = if layout == LAYOUT_BIG_ENDIAN {
            b[..n]
                .iter()
                .fold(0u64, |acc, &x| (acc << 8) | u64::from(x))
        } else {
            u64::from_le_bytes(b)
        };
        let mask = if bitlen >= 64 {
            u64::MAX
        } else {
            (1u64 << bitlen) - 1
        };
        let pos = bitpos % 64;
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
    cm::write(vm, &c, off, &b[..n]).map_err(|f| cm::fault_error(vm, f))
}

fn name_arg(vm: &mut Vm, a: &[Value]) -> PyResult<(Value, String)> {
    let n = a.get(1).copied().unwrap_or(Value::None);
    match vm.heap.str_of(n) {
        Some(s) => Ok((n, s.to_string())),
        None => Err(vm.type_error("attribute name must be a string")),
    }
}

fn field_of(vm: &mut Vm, s: &View, obj: Value, name: &str) -> PyResult<Field> {
    let d = match s.count {
        None => s.desc,
        Some(_) => return Err(vm.attribute_error(obj, name)),
    };
    let key = vm.new_str(name)?;
    let fv = match dict_items(vm, d) {
        Some(_) => vm.dict_get(d, key)?,
        None => None,
    };
    match fv {
        Some(f) => parse_field(vm, f),
        None => Err(vm.attribute_error(obj, name)),
    }
}

fn view_getattr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this_view(vm, a)?;
    let obj = a[0];
    let (_, name) = name_arg(vm, a)?;
    match field_of(vm, &s, obj, &name)? {
        Field::Scalar {
            off,
            t,
            bitpos,
            bitlen,
        } => read_scalar(vm, s.cap, off, t, s.layout, bitpos, bitlen),
        Field::Struct { off, desc } => {
            if dict_items(vm, desc).is_none() {
                return Err(desc_error(vm));
            }
            let cap = sub_cap(vm, s.cap, off)?;
            new_view(
                vm,
                View {
                    cap,
                    desc,
                    layout: s.layout,
                    count: None,
                },
            )
        }
        Field::Array { off, count, elem } => {
            let cap = sub_cap(vm, s.cap, off)?;
            let desc = match elem {
                Elem::Scalar(t) => Value::Int(i64::from(t)),
                Elem::Struct(d) => d,
            };
            new_view(
                vm,
                View {
                    cap,
                    desc,
                    layout: s.layout,
                    count: Some(count),
                },
            )
        }
        Field::Ptr => Err(vm.error(
            ExcKind::NotImplementedError,
            "uctypes: PTR fields are not supported",
        )),
    }
}

fn view_setattr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this_view(vm, a)?;
    let obj = a[0];
    let (_, name) = name_arg(vm, a)?;
    let v = a.get(2).copied().unwrap_or(Value::None);
    match field_of(vm, &s, obj, &name)? {
        Field::Scalar {
            off,
            t,
            bitpos,
            bitlen,
        } => {
            write_scalar(vm, s.cap, off, t, s.layout, bitpos, bitlen, v)?;
            Ok(Value::None)
        }
        _ => Err(vm.type_error("uctypes: only scalar fields can be assigned")),
    }
}

fn elem_index(vm: &mut Vm, s: &View, a: &[Value]) -> PyResult<(u64, Elem)> {
    let Some(count) = s.count else {
        return Err(vm.type_error("struct: can't index"));
    };
    let i = vm.index_value(a.get(1).copied().unwrap_or(Value::None))?;
    match u64::try_from(i) {
        Ok(i) if i < count => {}
        _ => return Err(vm.index_error("struct: index out of range")),
    }
    let elem = match s.desc {
        Value::Int(t) => Elem::Scalar(t as u32 & 15),
        d => Elem::Struct(d),
    };
    let mut max = 0;
    let size = elem_size(vm, &elem, s.layout, &mut max)?;
    Ok(((i as u64).saturating_mul(size), elem))
}

fn view_getitem(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this_view(vm, a)?;
    match elem_index(vm, &s, a)? {
        (off, Elem::Scalar(t)) => read_scalar(vm, s.cap, off, t, s.layout, 0, 0),
        (off, Elem::Struct(desc)) => {
            let cap = sub_cap(vm, s.cap, off)?;
            new_view(
                vm,
                View {
                    cap,
                    desc,
                    layout: s.layout,
                    count: None,
                },
            )
        }
    }
}

fn view_setitem(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this_view(vm, a)?;
    let v = a.get(2).copied().unwrap_or(Value::None);
    match elem_index(vm, &s, a)? {
        (off, Elem::Scalar(t)) => {
            write_scalar(vm, s.cap, off, t, s.layout, 0, 0, v)?;
            Ok(Value::None)
        }
        _ => Err(vm.type_error("uctypes: only scalar elements can be assigned")),
    }
}

fn view_len(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this_view(vm, a)?;
    match s.count {
        Some(n) => cm::u64_value(vm, n),
        None => Err(vm.type_error("object of type 'struct' has no len()")),
    }
}

fn view_repr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = this_view(vm, a)?;
    let (c, _) = cm::cap_arg(vm, s.cap)?;
    let kind = match (s.count, s.desc) {
        (None, _) => "STRUCT".to_string(),
        (Some(n), Value::Int(t)) => format!("ARRAY {}[{n}]", SCALARS[t as usize & 15]),
        (Some(n), _) => format!("ARRAY struct[{n}]"),
    };
    vm.new_string(format!("<struct {kind} {:#x}>", c.address()))
}

// ---- module functions ----

fn layout_arg(vm: &mut Vm, a: &[Value], i: usize) -> PyResult<i64> {
    match a.get(i) {
        Some(&v) if !v.is_null() => {
            let l = vm.index_value(v)?;
            if !(0..=2).contains(&l) {
                return Err(vm.value_error("invalid layout type"));
            }
            Ok(l)
        }
        _ => Ok(LAYOUT_NATIVE),
    }
}

/// `struct(addr, descriptor, layout_type=NATIVE)`.
fn uctypes_struct(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    if a.len() < 2 {
        return Err(vm.type_error("struct() takes at least 2 arguments"));
    }
    let (c, owner) = addr_cap(vm, a[0])?;
    if dict_items(vm, a[1]).is_none() {
        return Err(desc_error(vm));
    }
    let layout = layout_arg(vm, a, 2)?;
    let cap = cm::new_cap(vm, c, owner)?;
    new_view(
        vm,
        View {
            cap,
            desc: a[1],
            layout,
            count: None,
        },
    )
}

/// `sizeof(struct or descriptor, layout_type=NATIVE)`.
fn uctypes_sizeof(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let Some(&obj) = a.first() else {
        return Err(vm.type_error("sizeof() missing argument"));
    };
    let mut layout = layout_arg(vm, a, 1)?;
    let mut max = 0;
    let size = match view_of(vm, obj) {
        Some(s) => {
            layout = s.layout;
            match s.count {
                None => struct_size(vm, s.desc, layout, &mut max)?,
                Some(n) => {
                    let elem = match s.desc {
                        Value::Int(t) => Elem::Scalar(t as u32 & 15),
                        d => Elem::Struct(d),
                    };
                    elem_size(vm, &elem, layout, &mut max)?.saturating_mul(n)
                }
            }
        }
        None => struct_size(vm, obj, layout, &mut max)?,
    };
    cm::u64_value(vm, size)
}

/// `addressof(obj)`: a capability bounded to the object's buffer — Load,
/// Store and Global for a bytearray, Load and Global for bytes.
fn uctypes_addressof(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let obj = a.first().copied().unwrap_or(Value::None);
    if cm::as_cap(vm, obj).is_some() {
        return Ok(obj);
    }
    if let Some(s) = view_of(vm, obj) {
        return Ok(s.cap);
    }
    let (g, len, perms) = match obj {
        Value::Obj(g) => match vm.heap.get(g) {
            Obj::ByteArray(b) => (
                g,
                b.len() as u64,
                Perms::LOAD | Perms::STORE | Perms::GLOBAL,
            ),
            Obj::Bytes(b) => (g, b.len() as u64, Perms::LOAD | Perms::GLOBAL),
            _ => return Err(vm.type_error("object with buffer protocol required")),
        },
        _ => return Err(vm.type_error("object with buffer protocol required")),
    };
    let base = match vm.cheri.region_of(g, len) {
        Some(b) => b,
        // A CHERI-aware allocator: the base is aligned as CRAM asks and
        // CRRL bytes are reserved, so the bounds cover nothing but this
        // buffer (and its own padding, which is unmapped).
        None => cm::map_region(vm, g, len, cheri::representable_alignment_mask(len))?,
    };
    let cap = Capability::root()
        .set_address(base)
        .set_bounds(len)
        .and_perms(perms);
    cm::new_cap(vm, cap, obj)
}

fn size_arg(vm: &mut Vm, a: &[Value], fname: &str) -> PyResult<(Capability, Value, u64)> {
    if a.len() < 2 {
        return Err(vm.type_error(format!("{fname}() takes 2 arguments")));
    }
    let (c, owner) = addr_cap(vm, a[0])?;
    let n = cm::arg_u64(vm, a[1], "size")?;
    Ok((c, owner, n))
}

/// `bytes_at(addr, size)`: a copy of `size` bytes read through `addr`.
fn uctypes_bytes_at(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, _, n) = size_arg(vm, a, "bytes_at")?;
    // Check the whole range before allocating anything.
    if let Err(f) = c.check_access(c.address(), n, Perms::LOAD) {
        return Err(cm::fault_error(vm, f));
    }
    let n = usize::try_from(n).map_err(|_| vm.memory_error())?;
    vm.reserve_temp(n)?;
    let mut buf = vec![0u8; n];
    if let Err(f) = cm::read(vm, &c, 0, &mut buf) {
        return Err(cm::fault_error(vm, f));
    }
    Ok(Value::Obj(vm.alloc(Obj::Bytes(buf.into_boxed_slice()))?))
}

/// `bytearray_at(addr, size)`: checks that all `size` bytes are readable
/// through `addr` now, then returns an aliasing UINT8 array view (reads and
/// writes go through the capability, each checked).
fn uctypes_bytearray_at(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, owner, n) = size_arg(vm, a, "bytearray_at")?;
    if let Err(f) = c.check_access(c.address(), n, Perms::LOAD) {
        return Err(cm::fault_error(vm, f));
    }
    let cap = cm::new_cap(vm, c, owner)?;
    new_view(
        vm,
        View {
            cap,
            desc: Value::Int(0),
            layout: LAYOUT_NATIVE,
            count: Some(n),
        },
    )
}

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("uctypes")?;
    struct_class(vm)?;
    let d = crate::import::module_dict(vm, m);
    let funcs: [(&'static str, NativeFn); 5] = [
        ("struct", uctypes_struct),
        ("sizeof", uctypes_sizeof),
        ("addressof", uctypes_addressof),
        ("bytes_at", uctypes_bytes_at),
        ("bytearray_at", uctypes_bytearray_at),
    ];
    for (name, f) in funcs {
        let v = crate::types::native(vm, name, f, false, Value::Obj(m))?;
        vm.dict_set_str(d, name, v)?;
    }
    for (i, name) in SCALARS.iter().enumerate() {
        vm.dict_set_str(d, name, Value::Int(type2smallint(i as u32, VAL_TYPE_BITS)))?;
    }
    let consts = [
        ("PTR", type2smallint(PTR, AGG_TYPE_BITS)),
        ("ARRAY", type2smallint(ARRAY, AGG_TYPE_BITS)),
        ("BF_POS", i64::from(OFFSET_BITS)),
        ("BF_LEN", i64::from(LEN_BITS)),
        ("LITTLE_ENDIAN", LAYOUT_LITTLE_ENDIAN),
        ("BIG_ENDIAN", LAYOUT_BIG_ENDIAN),
        ("NATIVE", LAYOUT_NATIVE),
        ("VOID", 0),
    ];
    for (name, v) in consts {
        vm.dict_set_str(d, name, Value::Int(v))?;
    }
    Ok(m)
}
