//! The `cheri` module: Morello capabilities as Python values (DESIGN.md
//! part 2; tutorial in docs/capabilities.md, "From Python").
//!
//! A capability is an immutable value (`Obj::Capability`): every operation
//! returns a new one, so monotonicity is a property of the `capy-cheri`
//! crate, not of this binding. Memory lives in one flat address space per
//! interpreter ([`CheriState`]): `cheri.Memory(size)` maps fresh tagged
//! memory (a `cheri::Memory`) at a fresh address and returns its root
//! capability, and `uctypes.addressof` maps a bytes/bytearray buffer. An
//! access first passes the capability checks (tag, seal, permission,
//! bounds: DDI0606 CheckCapability order, done by the crate), and only then
//! is the region holding the address looked up; an address in the bounds
//! but in no region (padding, a freed object) faults with BOUNDS. Nothing
//! outside both the bounds and the region is ever read or written.
//!
//! Regions refer to their object weakly (a generation handle, so a freed
//! object reads as dead, never as another object); a capability object
//! keeps its backing object alive through its `owner`.

use crate::dict::Dict;
use crate::errors::ExcKind;
use crate::obj::Obj;
use crate::types::MethodDef;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::{PyErr, PyResult};
use cheri::compress::bounds_address;
use cheri::{Capability, Fault, FaultKind, Memory, Perms};
use num_bigint::BigInt;
use num_traits::ToPrimitive;

type Kw<'a> = &'a [(Value, Value)];

/// The payload of a Python capability object.
pub struct CapObj {
    pub cap: Capability,
    /// The object whose memory the capability's bounds were made for (a
    /// `Memory` or a buffer), kept alive while the capability is; or Null.
    pub owner: Value,
}

/// The tagged memory of a `cheri.Memory`: made by one instance, which
/// pays for it, and shared with every compartment a capability to it
/// crosses into (compartment/transfer.rs). Each instance that can reach it
/// holds its own object for it, mapped at the same address. One thread
/// holds all the compartments of a world and no access calls back into
/// Python, so a borrow never overlaps another.
pub struct SharedMemory {
    pub mem: std::rc::Rc<std::cell::RefCell<Memory>>,
    /// Whether this instance made it (and its quota counts it).
    pub creator: bool,
}

impl SharedMemory {
    /// What the holding instance's quota is charged: the memory and its
    /// tags for its creator, the reference for the others.
    pub fn charged_bytes(&self) -> usize {
        if self.creator {
            let size = self.mem.borrow().size() as usize;
            size + size / 128
        } else {
            std::mem::size_of::<Self>()
        }
    }
}

struct Region {
    base: u64,
    len: u64,
    obj: Gc,
}

/// Per-interpreter state of the capability model (no global state: DESIGN
/// part 1, "Memory").
#[derive(Default)]
pub struct CheriState {
    /// Mapped regions, sorted by base (addresses are handed out in
    /// increasing order, world-wide, and never reused; a shared memory is
    /// inserted where it lies).
    regions: Vec<Region>,
    next: u64,
    error_class: Option<Gc>,
    pub(crate) struct_class: Option<Gc>,
}

/// The first address handed out; the page below stays unmapped, so small
/// integers never name memory.
const FIRST_ADDRESS: u64 = 0x10000;
/// Addresses stay far below bit 55 (the sign of Morello bounds addresses).
const ADDRESS_LIMIT: u64 = 1 << 47;
/// Unmapped gap between regions.
const GAP: u64 = 16;
const GRANULE: u64 = 16;

impl CheriState {
    /// The region holding [a, a + size).
    fn find(&self, a: u64, size: u64) -> Option<&Region> {
        let i = self.regions.partition_point(|r| r.base <= a);
        let r = self.regions.get(i.checked_sub(1)?)?;
        let end = u128::from(a) + u128::from(size);
        (end <= u128::from(r.base) + u128::from(r.len)).then_some(r)
    }

    /// The existing region of `obj` covering at least `len` bytes.
    pub(crate) fn region_of(&self, obj: Gc, len: u64) -> Option<u64> {
        self.regions
            .iter()
            .find(|r| r.obj == obj && r.len >= len)
            .map(|r| r.base)
    }
}

/// Reserve `len` bytes at an address aligned to `align_mask` (CRAM) and to
/// a granule, and record the region.
pub(crate) fn map_region(vm: &mut Vm, obj: Gc, len: u64, align_mask: u64) -> PyResult<u64> {
    // Forget regions whose objects were freed (their handles are stale).
    let heap = &vm.heap;
    vm.cheri.regions.retain(|r| heap.is_live(r.obj));
    let st = &mut vm.cheri;
    let next = st.next.max(vm.world.cap_next).max(FIRST_ADDRESS);
    let mask = align_mask & !(GRANULE - 1);
    let reserved = cheri::representable_length(len).max(len);
    let base = next.checked_add(!mask).map(|x| x & mask);
    let end = base
        .and_then(|b| b.checked_add(reserved))
        .and_then(|e| e.checked_add(GAP));
    match (base, end) {
        (Some(base), Some(end)) if end <= ADDRESS_LIMIT => {
            st.next = end;
            vm.world.cap_next = end;
            st.regions.push(Region { base, len, obj });
            Ok(base)
        }
        _ => Err(vm.error(ExcKind::MemoryError, "capability address space exhausted")),
    }
}

/// The object of tagged memory `mem` in `vm`, mapped at `base` as in the
/// instance it came from: the existing one if `vm` already reaches it,
/// else a new one. Null if the address range is taken (it cannot be: the
/// world hands out every address once).
pub(crate) fn share_memory(
    vm: &mut Vm,
    mem: &std::rc::Rc<std::cell::RefCell<Memory>>,
    base: u64,
    len: u64,
) -> PyResult {
    let heap = &vm.heap;
    vm.cheri.regions.retain(|r| heap.is_live(r.obj));
    let known = vm.cheri.regions.iter().find(|r| {
        r.base == base
            && matches!(vm.heap.get(r.obj), Obj::CapMemory(m) if std::rc::Rc::ptr_eq(&m.mem, mem))
    });
    if let Some(r) = known {
        return Ok(Value::Obj(r.obj));
    }
    let end = u128::from(base) + u128::from(len);
    let i = vm.cheri.regions.partition_point(|r| r.base < base);
    let clear_before = i == 0 || {
        let r = &vm.cheri.regions[i - 1];
        u128::from(r.base) + u128::from(r.len) <= u128::from(base)
    };
    let clear_after = vm
        .cheri
        .regions
        .get(i)
        .is_none_or(|r| u128::from(r.base) >= end);
    if !(clear_before && clear_after) {
        return Ok(Value::Null);
    }
    let g = vm.alloc(Obj::CapMemory(Box::new(SharedMemory {
        mem: mem.clone(),
        creator: false,
    })))?;
    vm.cheri.regions.insert(i, Region { base, len, obj: g });
    Ok(Value::Obj(g))
}

/// Where `obj` (tagged memory) is mapped in `vm`, and for how long.
pub(crate) fn region_of_memory(vm: &Vm, obj: Gc) -> Option<(u64, u64)> {
    vm.cheri
        .regions
        .iter()
        .find(|r| r.obj == obj)
        .map(|r| (r.base, r.len))
}

// ---- values ----

pub fn u64_value(vm: &mut Vm, x: u64) -> PyResult {
    match i64::try_from(x) {
        Ok(i) => Ok(Value::Int(i)),
        Err(_) => vm.new_bigint(BigInt::from(x)),
    }
}

fn u128_value(vm: &mut Vm, x: u128) -> PyResult {
    match i64::try_from(x) {
        Ok(i) => Ok(Value::Int(i)),
        Err(_) => vm.new_bigint(BigInt::from(x)),
    }
}

/// An integer argument in 0..2^64.
pub fn arg_u64(vm: &mut Vm, v: Value, what: &str) -> PyResult<u64> {
    match v {
        Value::Int(i) if i >= 0 => Ok(i as u64),
        Value::Bool(b) => Ok(b as u64),
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::BigInt(b) => match b.to_u64() {
                Some(x) => Ok(x),
                None => Err(vm.overflow_error(format!("{what} out of range 0..2**64"))),
            },
            _ => {
                let i = vm.index_value(v)?;
                u64::try_from(i).map_err(|_| vm.value_error(format!("{what} must not be negative")))
            }
        },
        Value::Int(_) => Err(vm.value_error(format!("{what} must not be negative"))),
        _ => {
            let t = vm.type_name(v);
            Err(vm.type_error(format!("{what} must be an int, not {t}")))
        }
    }
}

/// A signed integer argument (offsets), as i64.
pub fn arg_i64(vm: &mut Vm, v: Value) -> PyResult<i64> {
    vm.index_value(v)
}

fn arg(vm: &mut Vm, a: &[Value], i: usize, fname: &str) -> PyResult<Value> {
    match a.get(i) {
        Some(v) if !v.is_null() => Ok(*v),
        _ => Err(vm.type_error(format!("{fname}() missing required argument {}", i))),
    }
}

pub fn new_cap(vm: &mut Vm, cap: Capability, owner: Value) -> PyResult {
    Ok(Value::Obj(
        vm.alloc(Obj::Capability(Box::new(CapObj { cap, owner })))?,
    ))
}

/// The capability and owner of a capability object, or None.
pub fn as_cap(vm: &Vm, v: Value) -> Option<(Capability, Value)> {
    match v {
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::Capability(c) => Some((c.cap, c.owner)),
            _ => None,
        },
        _ => None,
    }
}

pub fn cap_arg(vm: &mut Vm, v: Value) -> PyResult<(Capability, Value)> {
    match as_cap(vm, v) {
        Some(c) => Ok(c),
        None => {
            let t = vm.type_name(v);
            Err(vm.type_error(format!("expected a Capability, not {t}")))
        }
    }
}

/// The object mapped at a capability's base, to keep alive (for
/// capabilities loaded from memory or rebuilt, which carry no owner).
fn owner_at(vm: &Vm, cap: &Capability) -> Value {
    match vm.cheri.find(cap.base(), 0) {
        Some(r) if vm.heap.is_live(r.obj) => Value::Obj(r.obj),
        _ => Value::Null,
    }
}

/// `<Capability 0x10000 [Load,Store,Global 0x10000-0x10010]>`.
pub fn cap_repr(c: &CapObj) -> String {
    format!("<Capability {}>", c.cap)
}

// ---- CapabilityError ----

/// The per-interpreter `cheri.CapabilityError` class (made on first use).
pub fn error_class(vm: &mut Vm) -> PyResult<Gc> {
    if let Some(c) = vm.cheri.error_class {
        return Ok(c);
    }
    let base = vm.exc_class(ExcKind::Exception);
    let mut ns = Dict::new();
    let k = vm.intern("__module__");
    let m = vm.new_str("cheri")?;
    let h = vm.hash(k)?;
    ns.insert_new(h, k, m);
    let k = vm.intern("__qualname__");
    let n = vm.new_str("CapabilityError")?;
    let h = vm.hash(k)?;
    ns.insert_new(h, k, n);
    // Class-level defaults, so a CapabilityError raised by Python code
    // still has the attributes.
    for name in ["kind", "address", "capability"] {
        let k = vm.intern(name);
        let h = vm.hash(k)?;
        ns.insert_new(h, k, Value::None);
    }
    let c = vm.new_class(Value::Null, n, vec![base], &ns)?;
    vm.extra_roots.push(Value::Obj(c));
    vm.cheri.error_class = Some(c);
    Ok(c)
}

/// The Python exception for a capability fault: `CapabilityError(message)`
/// with `.kind`, `.address` and `.capability` (the software SIGPROT).
pub fn fault_error(vm: &mut Vm, f: Fault) -> PyErr {
    match make_fault(vm, f) {
        Ok(e) | Err(e) => e,
    }
}

fn make_fault(vm: &mut Vm, f: Fault) -> PyResult<PyErr> {
    let class = error_class(vm)?;
    let msg = vm.new_string(f.to_string())?;
    let e = vm.new_exception(class, vec![msg]);
    let kind = vm.new_str(f.kind().name())?;
    let addr = u64_value(vm, f.address())?;
    let owner = owner_at(vm, f.cap());
    let cap = new_cap(vm, *f.cap(), owner)?;
    for (name, v) in [("kind", kind), ("address", addr), ("capability", cap)] {
        let n = vm.intern(name);
        vm.generic_setattr(e.value(), n, v)?;
    }
    Ok(e)
}

// ---- memory access through a capability ----

/// Check an access of `size` bytes at `cap.address() + offset` and find
/// its region: (region object, index of the first byte in it, address).
fn locate(
    vm: &Vm,
    cap: &Capability,
    offset: u64,
    size: u64,
    need: Perms,
) -> Result<(Gc, u64, u64), Fault> {
    let addr = cap.address().wrapping_add(offset);
    cap.check_access(addr, size, need)?;
    let a = bounds_address(addr);
    match vm.cheri.find(a, size) {
        Some(r) => Ok((r.obj, a - r.base, addr)),
        // In the bounds but not mapped (padding, a gap): like an unmapped
        // page, nothing is touched.
        None => Err(Fault::new(FaultKind::Bounds, addr, *cap)),
    }
}

fn slice_range(len: usize, idx: u64, n: usize) -> Option<std::ops::Range<usize>> {
    let i = usize::try_from(idx).ok()?;
    let end = i.checked_add(n)?;
    (end <= len).then_some(i..end)
}

/// Read `buf.len()` bytes (needs Load).
pub fn read(vm: &Vm, cap: &Capability, offset: u64, buf: &mut [u8]) -> Result<(), Fault> {
    let (g, idx, addr) = locate(vm, cap, offset, buf.len() as u64, Perms::LOAD)?;
    let fault = Fault::new(FaultKind::Bounds, addr, *cap);
    match vm.heap.get(g) {
        Obj::CapMemory(m) => {
            let m = m.mem.borrow();
            m.load_bytes(&m.root(), idx, buf).map_err(|_| fault)
        }
        Obj::ByteArray(v) => {
            // The buffer may have shrunk since it was mapped.
            let r = slice_range(v.len(), idx, buf.len()).ok_or(fault)?;
            buf.copy_from_slice(&v[r]);
            Ok(())
        }
        Obj::Bytes(v) => {
            let r = slice_range(v.len(), idx, buf.len()).ok_or(fault)?;
            buf.copy_from_slice(&v[r]);
            Ok(())
        }
        _ => Err(fault),
    }
}

/// Write `data` (needs Store); in tagged memory this clears the tag of
/// every granule written (DDI0606 "Tagged memory").
pub fn write(vm: &mut Vm, cap: &Capability, offset: u64, data: &[u8]) -> Result<(), Fault> {
    let (g, idx, addr) = locate(vm, cap, offset, data.len() as u64, Perms::STORE)?;
    let fault = Fault::new(FaultKind::Bounds, addr, *cap);
    match vm.heap.get_mut(g) {
        Obj::CapMemory(m) => {
            let mut m = m.mem.borrow_mut();
            let root = m.root();
            m.store_bytes(&root, idx, data).map_err(|_| fault)
        }
        Obj::ByteArray(v) => {
            let r = slice_range(v.len(), idx, data.len()).ok_or(fault)?;
            v[r].copy_from_slice(data);
            Ok(())
        }
        // Bytes are immutable: their capabilities lack Store, so this is
        // reached only through a rebuilt capability. Refuse it.
        _ => Err(Fault::new(FaultKind::Permission, addr, *cap)),
    }
}

fn check_cap_access(cap: &Capability, offset: u64, need: Perms) -> Result<u64, Fault> {
    let addr = cap.address().wrapping_add(offset);
    cap.check_access(addr, GRANULE, need)?;
    if !bounds_address(addr).is_multiple_of(GRANULE) {
        return Err(Fault::new(FaultKind::Alignment, addr, *cap));
    }
    Ok(addr)
}

/// LDR of a capability (needs Load, 16-byte alignment). Buffers have no
/// tags, so what they hold loads untagged.
fn load_cap(vm: &Vm, cap: &Capability, offset: u64) -> Result<Capability, Fault> {
    check_cap_access(cap, offset, Perms::LOAD)?;
    let (g, idx, addr) = locate(vm, cap, offset, GRANULE, Perms::LOAD)?;
    let mut v = match vm.heap.get(g) {
        Obj::CapMemory(m) => {
            let m = m.mem.borrow();
            m.load_cap(&m.root(), idx)
                .map_err(|_| Fault::new(FaultKind::Bounds, addr, *cap))?
        }
        _ => {
            let mut b = [0u8; 16];
            read(vm, cap, offset, &mut b)?;
            let mut lo = [0u8; 8];
            let mut hi = [0u8; 8];
            lo.copy_from_slice(&b[..8]);
            hi.copy_from_slice(&b[8..]);
            Capability::from_bits(u64::from_le_bytes(hi), u64::from_le_bytes(lo), false)
        }
    };
    // The memory was read through its all-permission root; now apply the
    // rules of the capability actually used (DDI0606 CapSquashPostLoadCap).
    if !cap.perms().contains(Perms::LOAD_CAP) {
        v = v.clear_tag();
    }
    if v.tag() && !v.is_sealed() && !cap.perms().contains(Perms::MUTABLE_LOAD) {
        v = v.and_perms(
            !(Perms::STORE | Perms::STORE_CAP | Perms::STORE_LOCAL_CAP | Perms::MUTABLE_LOAD),
        );
    }
    Ok(v)
}

/// STR of a capability: needs Store, plus StoreCap for a tagged value and
/// StoreLocalCap for a tagged value without Global; 16-byte alignment.
fn store_cap(vm: &mut Vm, cap: &Capability, offset: u64, value: &Capability) -> Result<(), Fault> {
    let mut need = Perms::STORE;
    if value.tag() {
        need = need | Perms::STORE_CAP;
        if !value.perms().contains(Perms::GLOBAL) {
            need = need | Perms::STORE_LOCAL_CAP;
        }
    }
    check_cap_access(cap, offset, need)?;
    let (g, idx, addr) = locate(vm, cap, offset, GRANULE, need)?;
    let fault = Fault::new(FaultKind::Bounds, addr, *cap);
    match vm.heap.get_mut(g) {
        Obj::CapMemory(m) => {
            let mut m = m.mem.borrow_mut();
            let root = m.root();
            m.store_cap(&root, idx, value).map_err(|_| fault)
        }
        _ => {
            // Untagged memory: the bits are stored, the tag is lost.
            let mut b = [0u8; 16];
            b[..8].copy_from_slice(&value.address().to_le_bytes());
            b[8..].copy_from_slice(&value.pesbt().to_le_bytes());
            write(vm, cap, offset, &b)
        }
    }
}

// ---- the module ----

const PERM_CONSTS: &[(&str, Perms)] = &[
    ("LOAD", Perms::LOAD),
    ("STORE", Perms::STORE),
    ("EXECUTE", Perms::EXECUTE),
    ("LOAD_CAP", Perms::LOAD_CAP),
    ("STORE_CAP", Perms::STORE_CAP),
    ("STORE_LOCAL_CAP", Perms::STORE_LOCAL_CAP),
    ("SEAL", Perms::SEAL),
    ("UNSEAL", Perms::UNSEAL),
    ("GLOBAL", Perms::GLOBAL),
    ("SYSTEM", Perms::SYSTEM),
    ("BRANCH_SEALED_PAIR", Perms::BRANCH_SEALED_PAIR),
    ("COMPARTMENT_ID", Perms::COMPARTMENT_ID),
    ("MUTABLE_LOAD", Perms::MUTABLE_LOAD),
    ("EXECUTIVE", Perms::EXECUTIVE),
    ("USER0", Perms::USER0),
    ("USER1", Perms::USER1),
    ("USER2", Perms::USER2),
    ("USER3", Perms::USER3),
    ("ALL", Perms::ALL),
];

fn set(vm: &mut Vm, m: Gc, name: &str, v: Value) -> PyResult<()> {
    let d = crate::import::module_dict(vm, m);
    vm.dict_set_str(d, name, v)
}

fn func(vm: &mut Vm, m: Gc, name: &'static str, f: crate::obj::NativeFn) -> PyResult<()> {
    let v = crate::types::native(vm, name, f, false, Value::Obj(m))?;
    set(vm, m, name, v)
}

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("cheri")?;
    install_properties(vm)?;
    // The roots of the address space and of the sealing space are the
    // program's authority, never a compartment's (compartment/authority.rs).
    if !vm.comp.confined {
        func(vm, m, "Memory", cheri_memory)?;
        func(vm, m, "sealing_root", cheri_sealing_root)?;
    }
    func(vm, m, "null", cheri_null)?;
    func(vm, m, "representable_length", cheri_crrl)?;
    func(vm, m, "representable_alignment_mask", cheri_cram)?;
    func(vm, m, "perms_names", cheri_perms_names)?;
    for &(name, p) in PERM_CONSTS {
        set(vm, m, name, Value::Int(i64::from(p.bits())))?;
    }
    let c = error_class(vm)?;
    set(vm, m, "CapabilityError", Value::Obj(c))?;
    let t = vm.type_obj(crate::types::TypeId::Capability);
    set(vm, m, "Capability", Value::Obj(t))?;
    Ok(m)
}

/// Read-only properties of the Capability type (installed once per
/// interpreter; `uctypes` calls this too).
pub fn install_properties(vm: &mut Vm) -> PyResult<()> {
    let t = vm.type_obj(crate::types::TypeId::Capability);
    if vm.lookup_mro_str(t, "address").is_some() {
        return Ok(());
    }
    const PROPS: &[(&str, crate::obj::NativeFn)] = &[
        ("address", prop_address),
        ("base", prop_base),
        ("top", prop_top),
        ("length", prop_length),
        ("offset", prop_offset),
        ("perms", prop_perms),
        ("tag", prop_tag),
        ("sealed", prop_sealed),
        ("otype", prop_otype),
        ("flags", prop_flags),
    ];
    for &(name, f) in PROPS {
        let fget = crate::types::native(vm, name, f, false, Value::Obj(t))?;
        let p = vm.alloc(Obj::Property {
            fget,
            fset: Value::None,
            fdel: Value::None,
            doc: Value::None,
        })?;
        vm.dict_set_str_class(t, name, Value::Obj(p))?;
    }
    Ok(())
}

/// `Memory(size)`: fresh zeroed tagged memory of at least `size` bytes
/// (rounded up to granules and to a representable length), mapped at a
/// fresh address; returns the root capability over exactly that memory
/// (every permission, unsealed).
fn cheri_memory(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let v = arg(vm, a, 0, "Memory")?;
    let size = arg_u64(vm, v, "size")?;
    // Refuse before allocating: the heap quota covers tagged memory too.
    if size > vm.budget.memory.limit() as u64 || vm.budget.memory.would_exceed(size as usize) {
        vm.collect_garbage(&[]);
        if size > vm.budget.memory.limit() as u64 || vm.budget.memory.would_exceed(size as usize) {
            return Err(vm.memory_error());
        }
    }
    let mem = Memory::new(size).map_err(|e| vm.error(ExcKind::MemoryError, e.to_string()))?;
    let len = mem.size();
    let g = vm.alloc(Obj::CapMemory(Box::new(SharedMemory {
        mem: std::rc::Rc::new(std::cell::RefCell::new(mem)),
        creator: true,
    })))?;
    let base = map_region(vm, g, len, cheri::representable_alignment_mask(len))?;
    let root = Capability::root().set_address(base).set_bounds(len);
    if !root.tag() || root.base() != base || root.length() != Some(u128::from(len)) {
        return Err(vm.error(ExcKind::MemoryError, "cannot bound the memory exactly"));
    }
    new_cap(vm, root, Value::Obj(g))
}

/// `sealing_root()`: the authority to seal and unseal with every
/// non-reserved object type (like CheriBSD's sealing root): bounds
/// [4, 0x8000), Seal, Unseal and Global, address 4. It gives no memory.
fn cheri_sealing_root(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    let c = Capability::root()
        .set_address(4)
        .set_bounds(0x8000 - 4)
        .and_perms(Perms::SEAL | Perms::UNSEAL | Perms::GLOBAL);
    new_cap(vm, c, Value::Null)
}

/// `null(address=0)`: an untagged capability holding an integer.
fn cheri_null(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let addr = match a.first() {
        Some(&v) => arg_u64(vm, v, "address")?,
        None => 0,
    };
    new_cap(vm, Capability::null_with_address(addr), Value::Null)
}

fn cheri_crrl(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let v = arg(vm, a, 0, "representable_length")?;
    let n = arg_u64(vm, v, "length")?;
    u64_value(vm, cheri::representable_length(n))
}

fn cheri_cram(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let v = arg(vm, a, 0, "representable_alignment_mask")?;
    let n = arg_u64(vm, v, "length")?;
    u64_value(vm, cheri::representable_alignment_mask(n))
}

/// `perms_names(bits)`: the permission names, e.g. `['Load', 'Global']`.
fn cheri_perms_names(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let v = arg(vm, a, 0, "perms_names")?;
    let bits = arg_u64(vm, v, "perms")?;
    let p = Perms::from_bits(bits as u32);
    let mut out = Vec::new();
    for n in p.names() {
        out.push(vm.new_str(n)?);
    }
    vm.new_list(out)
}

// ---- properties ----

fn this(vm: &mut Vm, a: &[Value]) -> PyResult<(Capability, Value)> {
    let v = a.first().copied().unwrap_or(Value::None);
    cap_arg(vm, v)
}

fn prop_address(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, _) = this(vm, a)?;
    u64_value(vm, c.address())
}
fn prop_base(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, _) = this(vm, a)?;
    u64_value(vm, c.base())
}
fn prop_top(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, _) = this(vm, a)?;
    u128_value(vm, c.top())
}
/// None for malformed bounds whose top decodes below the base.
fn prop_length(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, _) = this(vm, a)?;
    match c.length() {
        Some(l) => u128_value(vm, l),
        None => Ok(Value::None),
    }
}
fn prop_offset(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, _) = this(vm, a)?;
    u64_value(vm, c.offset())
}
fn prop_perms(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, _) = this(vm, a)?;
    Ok(Value::Int(i64::from(c.perms().bits())))
}
fn prop_tag(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, _) = this(vm, a)?;
    Ok(Value::Bool(c.tag()))
}
fn prop_sealed(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, _) = this(vm, a)?;
    Ok(Value::Bool(c.is_sealed()))
}
fn prop_otype(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, _) = this(vm, a)?;
    Ok(Value::Int(i64::from(c.otype().bits())))
}
fn prop_flags(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, _) = this(vm, a)?;
    Ok(Value::Int(i64::from(c.flags())))
}

// ---- methods ----

pub const CAP_METHODS: &[MethodDef] = &[
    ("set_address", cap_set_address, false),
    ("increment", cap_increment, false),
    ("set_bounds", cap_set_bounds, false),
    ("set_bounds_exact", cap_set_bounds_exact, false),
    ("and_perms", cap_and_perms, false),
    ("clear_tag", cap_clear_tag, false),
    ("seal", cap_seal, false),
    ("unseal", cap_unseal, false),
    ("build", cap_build, false),
    ("is_subset", cap_is_subset, false),
    ("exact_equals", cap_exact_equals, false),
    ("has_perms", cap_has_perms, false),
    ("load_u8", cap_load_u8, false),
    ("load_u16", cap_load_u16, false),
    ("load_u32", cap_load_u32, false),
    ("load_u64", cap_load_u64, false),
    ("store_u8", cap_store_u8, false),
    ("store_u16", cap_store_u16, false),
    ("store_u32", cap_store_u32, false),
    ("store_u64", cap_store_u64, false),
    ("load_bytes", cap_load_bytes, false),
    ("store_bytes", cap_store_bytes, false),
    ("load_cap", cap_load_cap, false),
    ("store_cap", cap_store_cap, false),
];

fn cap_set_address(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, owner) = this(vm, a)?;
    let v = arg(vm, a, 1, "set_address")?;
    let addr = arg_u64(vm, v, "address")?;
    new_cap(vm, c.set_address(addr), owner)
}

fn cap_increment(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, owner) = this(vm, a)?;
    let v = arg(vm, a, 1, "increment")?;
    let d = int_bits(vm, v)?;
    new_cap(vm, c.set_address(c.address().wrapping_add(d)), owner)
}

/// Rounds outward to representable bounds; a request outside the current
/// bounds (or on a sealed capability) clears the tag (CSetBounds).
fn cap_set_bounds(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, owner) = this(vm, a)?;
    let v = arg(vm, a, 1, "set_bounds")?;
    let len = arg_u64(vm, v, "length")?;
    new_cap(vm, c.set_bounds(len), owner)
}

fn cap_set_bounds_exact(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, owner) = this(vm, a)?;
    let v = arg(vm, a, 1, "set_bounds_exact")?;
    let len = arg_u64(vm, v, "length")?;
    match c.set_bounds_exact(len) {
        Ok(r) => new_cap(vm, r, owner),
        Err(f) => Err(fault_error(vm, f)),
    }
}

fn cap_and_perms(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, owner) = this(vm, a)?;
    let v = arg(vm, a, 1, "and_perms")?;
    let bits = arg_u64(vm, v, "perms")?;
    new_cap(vm, c.and_perms(Perms::from_bits(bits as u32)), owner)
}

fn cap_clear_tag(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, owner) = this(vm, a)?;
    new_cap(vm, c.clear_tag(), owner)
}

fn cap_seal(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, owner) = this(vm, a)?;
    let v = arg(vm, a, 1, "seal")?;
    let (s, _) = cap_arg(vm, v)?;
    match c.seal(&s) {
        Ok(r) => new_cap(vm, r, owner),
        Err(f) => Err(fault_error(vm, f)),
    }
}

fn cap_unseal(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, owner) = this(vm, a)?;
    let v = arg(vm, a, 1, "unseal")?;
    let (s, _) = cap_arg(vm, v)?;
    match c.unseal(&s) {
        Ok(r) => new_cap(vm, r, owner),
        Err(f) => Err(fault_error(vm, f)),
    }
}

/// `authority.build(data)` (CBuildCap): the only way back from an
/// untagged value to a valid capability.
fn cap_build(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, owner) = this(vm, a)?;
    let v = arg(vm, a, 1, "build")?;
    let (d, _) = cap_arg(vm, v)?;
    match c.build(&d) {
        Ok(r) => {
            let o = owner_at(vm, &r);
            new_cap(vm, r, if o.is_null() { owner } else { o })
        }
        Err(f) => Err(fault_error(vm, f)),
    }
}

/// `a.is_subset(b)`: CHKSS — same tag, bounds and permissions within b's.
fn cap_is_subset(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, _) = this(vm, a)?;
    let v = arg(vm, a, 1, "is_subset")?;
    let (o, _) = cap_arg(vm, v)?;
    Ok(Value::Bool(c.is_subset_of(&o)))
}

fn cap_exact_equals(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, _) = this(vm, a)?;
    let v = arg(vm, a, 1, "exact_equals")?;
    let (o, _) = cap_arg(vm, v)?;
    Ok(Value::Bool(c.exact_equals(&o)))
}

fn cap_has_perms(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, _) = this(vm, a)?;
    let v = arg(vm, a, 1, "has_perms")?;
    let bits = arg_u64(vm, v, "perms")?;
    Ok(Value::Bool(
        c.perms().contains(Perms::from_bits(bits as u32)),
    ))
}

/// A byte offset from the cursor: any int, taken modulo 2^64 (address
/// arithmetic wraps; the bounds check then faults).
fn offset_arg(vm: &mut Vm, a: &[Value], i: usize) -> PyResult<u64> {
    match a.get(i) {
        Some(&v) if !v.is_null() => int_bits(vm, v),
        _ => Ok(0),
    }
}

fn load_n(vm: &mut Vm, a: &[Value], n: usize) -> PyResult {
    let (c, _) = this(vm, a)?;
    let off = offset_arg(vm, a, 1)?;
    let mut b = [0u8; 8];
    if let Err(f) = read(vm, &c, off, &mut b[..n]) {
        return Err(fault_error(vm, f));
    }
    u64_value(vm, u64::from_le_bytes(b))
}

fn store_n(vm: &mut Vm, a: &[Value], n: usize, fname: &str) -> PyResult {
    let (c, _) = this(vm, a)?;
    let off = offset_arg(vm, a, 1)?;
    let v = arg(vm, a, 2, fname)?;
    let x = int_bits(vm, v)?;
    let b = x.to_le_bytes();
    match write(vm, &c, off, &b[..n]) {
        Ok(()) => Ok(Value::None),
        Err(f) => Err(fault_error(vm, f)),
    }
}

/// The low 64 bits of an int (two's complement), as a store truncates it.
pub fn int_bits(vm: &mut Vm, v: Value) -> PyResult<u64> {
    if let Value::Obj(h) = v {
        if let Obj::BigInt(b) = vm.heap.get(h) {
            let (sign, digits) = b.to_u64_digits();
            let low = digits.first().copied().unwrap_or(0);
            return Ok(if sign == num_bigint::Sign::Minus {
                low.wrapping_neg()
            } else {
                low
            });
        }
    }
    Ok(vm.index_value(v)? as u64)
}

fn cap_load_u8(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    load_n(vm, a, 1)
}
fn cap_load_u16(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    load_n(vm, a, 2)
}
fn cap_load_u32(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    load_n(vm, a, 4)
}
fn cap_load_u64(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    load_n(vm, a, 8)
}
fn cap_store_u8(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    store_n(vm, a, 1, "store_u8")
}
fn cap_store_u16(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    store_n(vm, a, 2, "store_u16")
}
fn cap_store_u32(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    store_n(vm, a, 4, "store_u32")
}
fn cap_store_u64(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    store_n(vm, a, 8, "store_u64")
}

/// `load_bytes(offset, n)` -> bytes.
fn cap_load_bytes(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, _) = this(vm, a)?;
    let off = offset_arg(vm, a, 1)?;
    let v = arg(vm, a, 2, "load_bytes")?;
    let n = arg_u64(vm, v, "length")?;
    // Check before allocating the result, so a huge length faults (or
    // raises MemoryError) instead of reserving memory.
    let addr = c.address().wrapping_add(off);
    if let Err(f) = c.check_access(addr, n, Perms::LOAD) {
        return Err(fault_error(vm, f));
    }
    let n = usize::try_from(n).map_err(|_| vm.memory_error())?;
    vm.reserve_temp(n)?;
    let mut buf = vec![0u8; n];
    if let Err(f) = read(vm, &c, off, &mut buf) {
        return Err(fault_error(vm, f));
    }
    Ok(Value::Obj(vm.alloc(Obj::Bytes(buf.into_boxed_slice()))?))
}

/// `store_bytes(offset, data)`.
fn cap_store_bytes(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, _) = this(vm, a)?;
    let off = offset_arg(vm, a, 1)?;
    let v = arg(vm, a, 2, "store_bytes")?;
    let data = crate::types::str::bytes_of(vm, v)?;
    match write(vm, &c, off, &data) {
        Ok(()) => Ok(Value::None),
        Err(f) => Err(fault_error(vm, f)),
    }
}

fn cap_load_cap(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, _) = this(vm, a)?;
    let off = offset_arg(vm, a, 1)?;
    match load_cap(vm, &c, off) {
        Ok(v) => {
            let o = owner_at(vm, &v);
            new_cap(vm, v, o)
        }
        Err(f) => Err(fault_error(vm, f)),
    }
}

fn cap_store_cap(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (c, _) = this(vm, a)?;
    let off = offset_arg(vm, a, 1)?;
    let v = arg(vm, a, 2, "store_cap")?;
    let (value, _) = cap_arg(vm, v)?;
    match store_cap(vm, &c, off, &value) {
        Ok(()) => Ok(Value::None),
        Err(f) => Err(fault_error(vm, f)),
    }
}
