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
//! PTR fields `(offset | PTR, TYPE or {...})`, the three layouts, `sizeof`
//! with MicroPython's NATIVE alignment rule, descriptors that are dicts or
//! dict subclasses (OrderedDict), and the buffer protocol of struct objects
//! for `bytes(s)`/`bytearray(s)`.
//!
//! A PTR field is 8 bytes wide, as on MicroPython's 64-bit ports, and holds
//! an integer address, not a capability: bytes have no tag, so a pointer
//! read from a buffer is untagged and dereferencing it faults with TAG.
//! Turning an address back into a capability ("the buffer mapped there")
//! would let code holding a narrowed capability (fewer bytes, Load only)
//! rebuild the whole buffer's, so it is never done.
//!
//! The struct objects themselves are in `uctypes_view.rs`.

use crate::modules::cheri as cm;
use crate::modules::uctypes_view as view;
use crate::obj::{NativeFn, Obj};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use cheri::{Capability, Perms};

type Kw<'a> = &'a [(Value, Value)];

pub(super) const LAYOUT_BIG_ENDIAN: i64 = 1;
pub(super) const LAYOUT_NATIVE: i64 = 2;

// moductypes.c: VAL_TYPE_BITS, BITF_LEN_BITS, BITF_OFF_BITS, OFFSET_BITS,
// LEN_BITS, AGG_TYPE_BITS.
const VAL_TYPE_BITS: u32 = 4;
const BITF_BITS: u32 = 5;
const OFFSET_BITS: u32 = 17;
const LEN_BITS: u32 = OFFSET_BITS + BITF_BITS;
const AGG_TYPE_BITS: u32 = 2;

pub(super) const STRUCT: u32 = 0;
pub(super) const PTR: u32 = 1;
pub(super) const ARRAY: u32 = 2;

pub(super) const UINT8: u32 = 0;
pub(super) const FLOAT32: u32 = 14;
pub(super) const FLOAT64: u32 = 15;

const SCALARS: [&str; 16] = [
    "UINT8", "INT8", "UINT16", "INT16", "UINT32", "INT32", "UINT64", "INT64", "BFUINT8", "BFINT8",
    "BFUINT16", "BFINT16", "BFUINT32", "BFINT32", "FLOAT32", "FLOAT64",
];
pub(super) const SCALAR_SIZE: [u64; 16] = [1, 1, 2, 2, 4, 4, 8, 8, 1, 1, 2, 2, 4, 4, 4, 8];
/// A PTR field holds a 64-bit integer address (MicroPython: sizeof(void *)
/// on a 64-bit port), so descriptors written for it keep their sizes.
pub(super) const PTR_SIZE: u64 = 8;

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

/// What an array holds or a pointer points to.
pub(super) enum Elem {
    Scalar(u32),
    /// A struct descriptor (or anything else, which fails when used).
    Struct(Value),
}

/// An aggregate descriptor: a tuple whose first item is `offset | TYPE`.
pub(super) enum Agg {
    Struct { off: u64, desc: Value },
    Ptr { off: u64, target: Elem },
    Array { off: u64, count: u64, elem: Elem },
}

pub(super) enum Field {
    Scalar {
        off: u64,
        t: u32,
        bitpos: u32,
        bitlen: u32,
    },
    Agg(Agg),
}

pub(super) fn desc_error(vm: &mut Vm) -> crate::PyErr {
    vm.type_error("syntax error in uctypes descriptor")
}

fn scalar_error(vm: &mut Vm) -> crate::PyErr {
    vm.type_error("can't unambiguously get sizeof scalar")
}

fn parse_scalar(x: i64) -> Field {
    let t = get_type(x, VAL_TYPE_BITS);
    let mut off = (x & value_mask(VAL_TYPE_BITS)) as u64;
    let (mut bitpos, mut bitlen) = (0, 0);
    if (8..=13).contains(&t) {
        bitpos = ((off >> OFFSET_BITS) & 31) as u32;
        bitlen = ((off >> LEN_BITS) & 31) as u32;
        off &= (1 << OFFSET_BITS) - 1;
    }
    Field::Scalar {
        off,
        t,
        bitpos,
        bitlen,
    }
}

pub(super) fn tuple_items(vm: &Vm, v: Value) -> Option<Vec<Value>> {
    match v {
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::Tuple(t) => Some(t.to_vec()),
            _ => None,
        },
        _ => None,
    }
}

/// The aggregate type of a tuple descriptor (STRUCT, PTR, ARRAY or an
/// invalid 3), or None when it is not `(int, ...)`.
pub(super) fn agg_type(vm: &Vm, v: Value) -> Option<u32> {
    match tuple_items(vm, v)?.first() {
        Some(Value::Int(x)) => Some(get_type(*x, AGG_TYPE_BITS)),
        _ => None,
    }
}

/// An aggregate descriptor: `(off, {...})`, `(off | PTR, TYPE or {...})`,
/// `(off | ARRAY, n | TYPE)` or `(off | ARRAY, n, {...})`; anything else is
/// a syntax error (MicroPython reads past the tuple or crashes on some).
pub(super) fn parse_agg(vm: &mut Vm, v: Value) -> PyResult<Agg> {
    let Some(items) = tuple_items(vm, v) else {
        return Err(desc_error(vm));
    };
    let t0 = match items.first() {
        Some(Value::Int(x)) if items.len() >= 2 => *x,
        _ => return Err(desc_error(vm)),
    };
    let off = (t0 & value_mask(AGG_TYPE_BITS)) as u64;
    match (get_type(t0, AGG_TYPE_BITS), items.len(), items[1]) {
        (STRUCT, 2, desc) => Ok(Agg::Struct { off, desc }),
        (PTR, 2, Value::Int(n)) => Ok(Agg::Ptr {
            off,
            target: Elem::Scalar(get_type(n, VAL_TYPE_BITS)),
        }),
        (PTR, 2, desc) => Ok(Agg::Ptr {
            off,
            target: Elem::Struct(desc),
        }),
        (ARRAY, 2, Value::Int(n)) => Ok(Agg::Array {
            off,
            count: (n & value_mask(VAL_TYPE_BITS)) as u64,
            elem: Elem::Scalar(get_type(n, VAL_TYPE_BITS)),
        }),
        (ARRAY, 3, Value::Int(n)) if n >= 0 => Ok(Agg::Array {
            off,
            count: n as u64,
            elem: Elem::Struct(items[2]),
        }),
        _ => Err(desc_error(vm)),
    }
}

pub(super) fn parse_field(vm: &mut Vm, v: Value) -> PyResult<Field> {
    match v {
        Value::Int(x) => Ok(parse_scalar(x)),
        _ => Ok(Field::Agg(parse_agg(vm, v)?)),
    }
}

/// The dict of a struct descriptor: a dict, or the dict inside an
/// instance of a dict subclass such as OrderedDict.
pub(super) fn desc_dict(vm: &Vm, d: Value) -> Option<Value> {
    let b = vm.builtin_base(d);
    match b {
        Value::Obj(h) if matches!(vm.heap.get(h), Obj::Dict(_)) => Some(b),
        _ => None,
    }
}

fn dict_values(vm: &Vm, d: Value) -> Vec<Value> {
    match d {
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::Dict(d) => d.iter().map(|(_, v)| v).collect(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

// ---- sizes ----

/// The size of any descriptor (moductypes.c uctypes_struct_size);
/// `max` collects the largest scalar, the NATIVE alignment. Recursion-
/// limited: a descriptor may contain itself.
pub(super) fn desc_size(vm: &mut Vm, desc: Value, layout: i64, max: &mut u64) -> PyResult<u64> {
    vm.enter_recursion()?;
    let r = desc_size_inner(vm, desc, layout, max);
    vm.leave_recursion();
    r
}

fn desc_size_inner(vm: &mut Vm, desc: Value, layout: i64, max: &mut u64) -> PyResult<u64> {
    if let Value::Int(_) = desc {
        return Err(scalar_error(vm));
    }
    let Some(d) = desc_dict(vm, desc) else {
        let agg = parse_agg(vm, desc)?;
        return agg_size(vm, &agg, layout, max);
    };
    let mut total: u64 = 0;
    for v in dict_values(vm, d) {
        let (off, s) = match parse_field(vm, v)? {
            Field::Scalar { off, t, .. } => (off, scalar_size(t, max)),
            Field::Agg(a) => {
                let off = match a {
                    Agg::Struct { off, .. } | Agg::Ptr { off, .. } | Agg::Array { off, .. } => off,
                };
                (off, agg_size(vm, &a, layout, max)?)
            }
        };
        total = total.max(off.saturating_add(s));
    }
    if layout == LAYOUT_NATIVE && *max > 0 {
        // Round up to the alignment of the largest field.
        total = total.div_ceil(*max).saturating_mul(*max);
    }
    Ok(total)
}

fn scalar_size(t: u32, max: &mut u64) -> u64 {
    let s = SCALAR_SIZE[t as usize & 15];
    *max = (*max).max(s);
    s
}

/// The size of an aggregate, without its offset.
pub(super) fn agg_size(vm: &mut Vm, a: &Agg, layout: i64, max: &mut u64) -> PyResult<u64> {
    Ok(match a {
        Agg::Struct { desc, .. } => desc_size(vm, *desc, layout, max)?,
        Agg::Ptr { .. } => {
            *max = (*max).max(PTR_SIZE);
            PTR_SIZE
        }
        Agg::Array { count, elem, .. } => {
            let item = elem_size(vm, elem, layout, max)?;
            item.saturating_mul(*count)
        }
    })
}

pub(super) fn elem_size(vm: &mut Vm, e: &Elem, layout: i64, max: &mut u64) -> PyResult<u64> {
    match e {
        Elem::Scalar(t) => Ok(scalar_size(*t, max)),
        Elem::Struct(d) => desc_size(vm, *d, layout, max),
    }
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

/// The capability of an address argument: a capability as is, a struct
/// object's own, an integer as an untagged null-derived capability.
fn addr_cap(vm: &mut Vm, v: Value) -> PyResult<(Capability, Value)> {
    if let Some(c) = cm::as_cap(vm, v) {
        return Ok(c);
    }
    if let Some(s) = view::view_of(vm, v) {
        return cm::cap_arg(vm, s.cap);
    }
    let a = match v {
        Value::Int(_) | Value::Bool(_) => cm::arg_u64(vm, v, "address")?,
        Value::Obj(h) if matches!(vm.heap.get(h), Obj::BigInt(_)) => cm::arg_u64(vm, v, "address")?,
        _ => {
            let t = vm.type_name(v);
            return Err(vm.type_error(format!("can't convert {t} to int")));
        }
    };
    Ok((Capability::null_with_address(a), Value::Null))
}

/// `struct(addr, descriptor, layout_type=NATIVE)`. Any descriptor is
/// accepted here, as in MicroPython; a bad one fails when it is used.
fn uctypes_struct(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    if a.len() < 2 {
        return Err(vm.type_error("struct() takes at least 2 arguments"));
    }
    let (c, owner) = addr_cap(vm, a[0])?;
    let layout = layout_arg(vm, a, 2)?;
    let cap = cm::new_cap(vm, c, owner)?;
    view::new_view(
        vm,
        view::View {
            cap,
            desc: a[1],
            layout,
            bytes: None,
        },
    )
}

/// `sizeof(struct or descriptor, layout_type=NATIVE)`; a struct object
/// has its own layout, so passing one too is a TypeError.
fn uctypes_sizeof(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let Some(&obj) = a.first() else {
        return Err(vm.type_error("sizeof() missing argument"));
    };
    let mut max = 0;
    let size = match view::view_of(vm, obj) {
        Some(s) => {
            if a.get(1).is_some_and(|v| !v.is_null()) {
                return Err(vm.type_error("sizeof() of a struct object takes no layout"));
            }
            match s.bytes {
                Some(n) => n,
                None => desc_size(vm, s.desc, s.layout, &mut max)?,
            }
        }
        None => {
            let layout = layout_arg(vm, a, 1)?;
            desc_size(vm, obj, layout, &mut max)?
        }
    };
    cm::u64_value(vm, size)
}

/// The capability of a buffer object: Load, Store and Global for a
/// bytearray (or an array.array, which keeps its items in one), Load and
/// Global for bytes; a memoryview's is its object's, narrowed to the view.
fn buffer_cap(vm: &mut Vm, obj: Value) -> PyResult {
    let base = vm.builtin_base(obj);
    let Value::Obj(g) = base else {
        return Err(vm.type_error("object with buffer protocol required"));
    };
    let (len, perms) = match vm.heap.get(g) {
        Obj::ByteArray(b) => (b.len() as u64, Perms::LOAD | Perms::STORE | Perms::GLOBAL),
        Obj::Bytes(b) => (b.len() as u64, Perms::LOAD | Perms::GLOBAL),
        Obj::MemoryView {
            obj, start, len, ..
        } => {
            let (inner, start, len) = (*obj, *start as u64, *len as u64);
            let whole = buffer_cap(vm, inner)?;
            let (c, owner) = cm::cap_arg(vm, whole)?;
            let c = c.increment_address(start as i64).set_bounds(len);
            return cm::new_cap(vm, c, owner);
        }
        _ => return Err(vm.type_error("object with buffer protocol required")),
    };
    let addr = match vm.cheri.region_of(g, len) {
        Some(b) => b,
        // A CHERI-aware allocator: the base is aligned as CRAM asks and
        // CRRL bytes are reserved, so the bounds cover nothing but this
        // buffer (and its own padding, which is unmapped).
        None => cm::map_region(vm, g, len, cheri::representable_alignment_mask(len))?,
    };
    let cap = Capability::root()
        .set_address(addr)
        .set_bounds(len)
        .and_perms(perms);
    cm::new_cap(vm, cap, base)
}

/// `addressof(obj)`: a capability bounded to the object's buffer; for a
/// struct object, the capability it was made with — or, when that is an
/// untagged integer address, the integer itself.
fn uctypes_addressof(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let obj = a.first().copied().unwrap_or(Value::None);
    if cm::as_cap(vm, obj).is_some() {
        return Ok(obj);
    }
    if let Some(s) = view::view_of(vm, obj) {
        let (c, _) = cm::cap_arg(vm, s.cap)?;
        if !c.tag() {
            return cm::u64_value(vm, c.address());
        }
        return Ok(s.cap);
    }
    buffer_cap(vm, obj)
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
    let buf = read_checked(vm, &c, n)?;
    Ok(Value::Obj(vm.alloc(Obj::Bytes(buf.into_boxed_slice()))?))
}

/// `n` bytes read through `c` from its address: the whole range is
/// checked before anything is allocated.
pub(super) fn read_checked(vm: &mut Vm, c: &Capability, n: u64) -> PyResult<Vec<u8>> {
    if let Err(f) = c.check_access(c.address(), n, Perms::LOAD) {
        return Err(cm::fault_error(vm, f));
    }
    let n = usize::try_from(n).map_err(|_| vm.memory_error())?;
    vm.reserve_temp(n)?;
    let mut buf = vec![0u8; n];
    if let Err(f) = cm::read(vm, c, 0, &mut buf) {
        return Err(cm::fault_error(vm, f));
    }
    Ok(buf)
}

/// `bytearray_at(addr, size)`: an aliasing view of `size` bytes that
/// prints, indexes and converts like a bytearray (reads and writes go
/// through the capability, each checked). A valid capability is narrowed
/// to the `size` bytes, checked now; an integer address is kept as it is
/// and faults when it is used.
fn uctypes_bytearray_at(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (mut c, owner, n) = size_arg(vm, a, "bytearray_at")?;
    if c.tag() {
        if let Err(f) = c.check_access(c.address(), n, Perms::LOAD) {
            return Err(cm::fault_error(vm, f));
        }
        // The view is an object of its own: bounds of its n bytes.
        c = c.set_bounds(n);
    }
    if i64::try_from(n).is_err() {
        return Err(vm.overflow_error("bytearray_at() size too large"));
    }
    let cap = cm::new_cap(vm, c, owner)?;
    view::new_view(
        vm,
        view::View {
            cap,
            desc: Value::Int(type2smallint(UINT8, VAL_TYPE_BITS)),
            layout: LAYOUT_NATIVE,
            bytes: Some(n),
        },
    )
}

/// The name MicroPython prints for a descriptor's kind.
pub(super) fn kind_name(vm: &Vm, desc: Value) -> &'static str {
    if desc_dict(vm, desc).is_some() {
        return "STRUCT";
    }
    match agg_type(vm, desc) {
        Some(STRUCT) => "STRUCT",
        Some(PTR) => "PTR",
        Some(ARRAY) => "ARRAY",
        _ => "ERROR",
    }
}

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("uctypes")?;
    view::struct_class(vm)?;
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
        ("LITTLE_ENDIAN", 0),
        ("BIG_ENDIAN", LAYOUT_BIG_ENDIAN),
        ("NATIVE", LAYOUT_NATIVE),
        ("VOID", 0),
    ];
    for (name, v) in consts {
        vm.dict_set_str(d, name, Value::Int(v))?;
    }
    Ok(m)
}
