//! What happens to a value that crosses from one compartment to another.
//!
//! | value | crosses as |
//! | --- | --- |
//! | None, bool, int, float (inline) | itself |
//! | big int, complex, str, bytes, range, slice, code | a copy in the receiving heap |
//! | tuple | a copy, each item crossing by these rules |
//! | frozenset | a copy when every item hashes by value (inline values, str, bytes, big ints, complex, tuples and frozensets of these); else a sealed handle (a handle's hash would run code in its owner) |
//! | `cheri.Capability` | the same capability bits; a capability made for a `cheri.Memory` shares that memory with the receiver, mapped at the same address (its bounds and permissions decide what is reached); any other reaches nothing there |
//! | a handle the receiver owns | the receiver's own object, unsealed |
//! | a handle owned by a third compartment | a handle to the same object |
//! | an exception instance, an exception class | a copy with a mirrored class, a mirror class (mirror.rs) |
//! | anything else (list, dict, set, bytearray, functions, classes, instances, modules, iterators) | a sealed handle |
//!
//! A copy is charged to the receiver's quota. Nothing of the sender's heap
//! is ever stored in the receiver's: every object the receiver gets is
//! allocated by the receiver.

use super::{CompId, Sealed, Target, World};
use crate::errors::ExcKind;
use crate::obj::{Instance, Obj};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use std::fmt;

/// Nesting of tuples and frozensets a crossing copies before refusing.
const MAX_DEPTH: usize = 200;

/// Why a value could not cross.
#[derive(Debug, Clone)]
pub enum TransferError {
    /// Tuples nested deeper than [`MAX_DEPTH`].
    TooDeep,
    /// The receiver's quota (or another limit) refused the copy.
    Refused { kind: &'static str, message: String },
    /// A handle to an object of an earlier incarnation (the owner was
    /// reset) or of a closed compartment.
    Stale { owner: String },
    /// A runtime invariant did not hold (a bug, reported instead of a panic).
    Internal(&'static str),
}

impl fmt::Display for TransferError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TransferError::TooDeep => {
                write!(f, "value nested more than {MAX_DEPTH} deep cannot cross")
            }
            TransferError::Refused { kind, message } => write!(f, "{kind}: {message}"),
            TransferError::Stale { owner } => write!(
                f,
                "stale handle: compartment '{owner}' was reset or closed since this handle was made"
            ),
            TransferError::Internal(what) => write!(f, "internal error: {what}"),
        }
    }
}

/// How a result that is not copied is sealed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seal {
    /// As a handle to the object.
    Object,
    /// As a read-only handle to the object (a granted container, and
    /// whatever is reached through a read-only handle).
    ReadOnly,
    /// As a handle to the owner's global of this name slot (`get`).
    Global(u32),
}

/// The instances a transfer touches: the sender, the receiver, and any
/// other instance not parked in the world (the active one, when neither
/// party is).
pub struct Parties<'a> {
    pub world: &'a mut World,
    pub src: &'a mut Vm,
    pub dst: &'a mut Vm,
    pub bystander: Option<&'a mut Vm>,
}

impl Seal {
    /// How the items of a copied tuple are sealed: read-only stays so.
    fn inner(self) -> Seal {
        match self {
            Seal::ReadOnly => Seal::ReadOnly,
            _ => Seal::Object,
        }
    }
}

/// Whether `v` is a built-in mutable container: granted, it crosses as a
/// read-only handle (handle.rs).
pub fn is_container(vm: &Vm, v: Value) -> bool {
    match v {
        Value::Obj(g) => matches!(
            vm.heap.get(g),
            Obj::Dict(_) | Obj::List(_) | Obj::Set(_) | Obj::ByteArray(_)
        ),
        _ => false,
    }
}

impl Parties<'_> {
    /// The instance `id`, wherever it is.
    fn instance(&mut self, id: CompId) -> Option<&mut Vm> {
        if self.src.comp.id == id {
            return Some(self.src);
        }
        if self.dst.comp.id == id {
            return Some(self.dst);
        }
        if let Some(b) = self.bystander.as_deref_mut() {
            if b.comp.id == id {
                return Some(b);
            }
        }
        self.world.slot_mut(id).and_then(|s| s.vm.get_mut())
    }

    fn gen_of(&self, id: CompId) -> u32 {
        self.world.slot(id).map_or(u32::MAX, |s| s.gen)
    }

    fn name_of(&self, id: CompId) -> String {
        self.world
            .slot(id)
            .map_or_else(|| format!("#{id}"), |s| s.name.to_string())
    }

    /// Moves `v` from `src` into `dst`.
    pub fn transfer(&mut self, v: Value, seal: Seal) -> Result<Value, TransferError> {
        self.value(v, seal, 0)
    }

    pub(super) fn value(
        &mut self,
        v: Value,
        seal: Seal,
        depth: usize,
    ) -> Result<Value, TransferError> {
        let Value::Obj(g) = v else { return Ok(v) };
        if depth > MAX_DEPTH {
            return Err(TransferError::TooDeep);
        }
        if self.shared_as_is(g) {
            return Ok(v);
        }
        let copy = match self.src.heap.get(g) {
            Obj::Str(s) => {
                let s = s.s.to_string();
                return refused(self.dst, |d| d.new_string(s));
            }
            Obj::Bytes(b) => Obj::Bytes(b.clone()),
            Obj::BigInt(b) => Obj::BigInt(b.clone()),
            Obj::Complex(a, b) => Obj::Complex(*a, *b),
            Obj::Range { start, stop, step } => Obj::Range {
                start: *start,
                stop: *stop,
                step: *step,
            },
            Obj::BigRange(r) => Obj::BigRange(r.clone()),
            Obj::Code(c) => Obj::Code(c.clone()),
            Obj::Capability(c) => {
                let (cap, owner) = (c.cap, c.owner);
                return self.capability(cap, owner);
            }
            Obj::Tuple(items) => {
                let items = items.to_vec();
                let mut out = Vec::with_capacity(items.len());
                for it in items {
                    out.push(self.value(it, seal.inner(), depth + 1)?);
                }
                return refused(self.dst, |d| d.new_tuple(out));
            }
            // A frozenset is copied only when its copy can be built
            // without running code: its items must hash by value in the
            // receiver, and a handle's hash is a call into its owner.
            Obj::FrozenSet(_) if !self.hashes_by_value(v, depth) => return self.seal(g, seal),
            Obj::FrozenSet(d) => {
                let items: Vec<Value> = d.iter().map(|(k, _)| k).collect();
                let mut out = Vec::with_capacity(items.len());
                for it in items {
                    out.push(self.value(it, Seal::Object, depth + 1)?);
                }
                return refused(self.dst, |d| frozenset(d, out));
            }
            Obj::Slice(a, b, c) => {
                let (a, b, c) = (*a, *b, *c);
                let a = self.value(a, Seal::Object, depth + 1)?;
                let b = self.value(b, Seal::Object, depth + 1)?;
                let c = self.value(c, Seal::Object, depth + 1)?;
                Obj::Slice(a, b, c)
            }
            Obj::Instance(i) => match handle_ref(self.src, i) {
                Some(r) => return self.pass_handle(r),
                None => match super::dir::dir_of(self.src, Value::Obj(g)) {
                    // A directory capability crosses as itself.
                    Some(d) => return refused(self.dst, |dst| super::dir::new(dst, d)),
                    None => return self.seal(g, seal),
                },
            },
            Obj::Exception(_) => return self.exception(g, depth),
            Obj::Class(_) if super::mirror::is_exception_class(self.src, g) => {
                return self.exception_class(g, 0).map(Value::Obj);
            }
            _ => return self.seal(g, seal),
        };
        refused(self.dst, |d| d.alloc(copy).map(Value::Obj))
    }

    /// Whether `v` crosses as a copy that hashes by value: an inline
    /// value, a str, bytes, big int or complex, a built-in class shared as
    /// is, or a tuple or frozenset of those (what a frozenset's copy can
    /// be built from without running code).
    fn hashes_by_value(&self, v: Value, depth: usize) -> bool {
        let Value::Obj(g) = v else { return true };
        if depth > MAX_DEPTH {
            return false;
        }
        if self.shared_as_is(g) {
            return true;
        }
        match self.src.heap.get(g) {
            Obj::Str(_) | Obj::Bytes(_) | Obj::BigInt(_) | Obj::Complex(..) => true,
            Obj::Tuple(items) => items.iter().all(|&i| self.hashes_by_value(i, depth + 1)),
            Obj::FrozenSet(d) => d.iter().all(|(k, _)| self.hashes_by_value(k, depth + 1)),
            _ => false,
        }
    }

    /// A capability: the same bits. When it was made for a
    /// `cheri.Memory`, that memory is shared with the receiver, mapped at
    /// the same address, so the capability reaches there exactly what it
    /// reached in the sender (its bounds and permissions decide how much);
    /// any other capability reaches nothing the sender's did.
    fn capability(&mut self, cap: cheri::Capability, owner: Value) -> Result<Value, TransferError> {
        let shared = match owner {
            Value::Obj(o) => match self.src.heap.get(o) {
                Obj::CapMemory(m) => crate::modules::cheri::region_of_memory(self.src, o)
                    .map(|(base, len)| (m.mem.clone(), base, len)),
                _ => None,
            },
            _ => None,
        };
        let owner = match shared {
            Some((mem, base, len)) => refused(self.dst, |d| {
                crate::modules::cheri::share_memory(d, &mem, base, len)
            })?,
            None => Value::Null,
        };
        // (Each allocation roots what it made until the crossing's scope
        // ends, the memory's object included.)
        let copy = Obj::Capability(Box::new(crate::modules::cheri::CapObj { cap, owner }));
        refused(self.dst, |d| d.alloc(copy).map(Value::Obj))
    }

    /// Whether `g` is a built-in type, exception class or name of the
    /// frozen base both sides stand on, which the sender has not written
    /// to: the same object on both sides, so it crosses as itself and
    /// `int is int` holds across the boundary. Not built-in functions: a
    /// granted `open` or `__import__` must still run in its owner, with
    /// the owner's authority; nor the builtins dict, whose writes stay
    /// with the writer (heap.rs).
    fn shared_as_is(&self, g: Gc) -> bool {
        self.src.heap.is_pristine_base(g)
            && std::rc::Rc::ptr_eq(&self.src.base, &self.dst.base)
            && matches!(
                self.src.heap.get(g),
                Obj::Class(_) | Obj::Str(_) | Obj::Tuple(_)
            )
    }

    /// A handle the sender holds: unsealed if the receiver owns it, else
    /// a handle of the receiver's to the same object.
    fn pass_handle(&mut self, r: Sealed) -> Result<Value, TransferError> {
        if r.owner == self.dst.comp.id {
            return self.open(r);
        }
        if self
            .world
            .slot(r.owner)
            .is_none_or(|s| s.closed || s.gen != r.gen)
        {
            return Err(TransferError::Stale {
                owner: self.name_of(r.owner),
            });
        }
        self.make_handle(r)
    }

    /// The receiver's own value behind `r`.
    fn open(&mut self, r: Sealed) -> Result<Value, TransferError> {
        let stale = || TransferError::Stale {
            owner: String::new(),
        };
        match r.target {
            Target::Object(slot) => {
                if r.gen != self.gen_of(r.owner) {
                    return Err(TransferError::Stale {
                        owner: self.name_of(r.owner),
                    });
                }
                self.dst.comp.exports.get(slot).ok_or_else(stale)
            }
            Target::Global(i) | Target::Module(i) => {
                let name = self
                    .world
                    .slot(r.owner)
                    .and_then(|s| s.names.get(i as usize).cloned())
                    .ok_or_else(stale)?;
                // Looked up, not imported: no code runs during a transfer.
                super::handle::lookup(self.dst, &name).ok_or_else(stale)
            }
            Target::Exports => {
                let main = self.dst.comp.main.ok_or_else(stale)?;
                Ok(Value::Obj(main))
            }
        }
    }

    /// Seals `g`, an object of the sender, for the receiver.
    fn seal(&mut self, g: Gc, seal: Seal) -> Result<Value, TransferError> {
        let owner = self.src.comp.id;
        let gen = self.gen_of(owner);
        let target = match seal {
            Seal::Object | Seal::ReadOnly => Target::Object(self.src.comp.exports.export(g)),
            Seal::Global(i) => Target::Global(i),
        };
        let r = Sealed {
            owner,
            gen,
            target,
            read_only: seal == Seal::ReadOnly,
        };
        let v = self.make_handle(r);
        if let (Err(_), Target::Object(slot)) = (&v, target) {
            // Nobody holds it: do not keep the object alive for nothing.
            self.src.comp.exports.hold(slot);
            self.src.comp.exports.release(slot);
        }
        v
    }

    /// The receiver's handle object for `r`: the one it has, or a new one
    /// (and the owner counts one more holder).
    fn make_handle(&mut self, r: Sealed) -> Result<Value, TransferError> {
        if let Some(&g) = self.dst.comp.handles.get(&r) {
            if self.dst.heap.is_live(g) {
                return Ok(Value::Obj(g));
            }
        }
        let h = refused(self.dst, |d| new_handle(d, r))?;
        if let Value::Obj(g) = h {
            if self.dst.comp.handles.insert(r, g).is_none() {
                self.world.hold(r.owner);
            }
        }
        if let Target::Object(slot) = r.target {
            if let Some(owner) = self.instance(r.owner) {
                owner.comp.exports.hold(slot);
            }
        }
        Ok(h)
    }
}

/// Runs an allocation in the receiver; its failure (the quota) becomes a
/// [`TransferError`].
pub(super) fn refused(
    dst: &mut Vm,
    f: impl FnOnce(&mut Vm) -> crate::PyResult,
) -> Result<Value, TransferError> {
    f(dst).map_err(|e| {
        let kind = if dst.err_is(e, ExcKind::MemoryError) {
            "MemoryError"
        } else {
            "Error"
        };
        TransferError::Refused {
            kind,
            message: format!("the value does not fit in compartment #{}", dst.comp.id),
        }
    })
}

fn frozenset(vm: &mut Vm, items: Vec<Value>) -> crate::PyResult {
    let s = vm.new_set(items)?;
    if let Value::Obj(h) = s {
        if let Obj::Set(tb) = vm.heap.get_mut(h) {
            let tb = std::mem::take(tb);
            *vm.heap.get_mut(h) = Obj::FrozenSet(tb);
        }
    }
    Ok(s)
}

/// The sealed reference behind a handle object of `vm`, if `i` is one.
pub fn handle_ref(vm: &Vm, i: &Instance) -> Option<Sealed> {
    if Some(i.class) != vm.comp.handle_class {
        return None;
    }
    sealed_base(vm, i.base)
}

/// The sealed reference a handle object keeps as its base value.
#[inline]
pub fn sealed_base(vm: &Vm, base: Value) -> Option<Sealed> {
    match base {
        Value::Obj(b) => match vm.heap.get(b) {
            Obj::Sealed(r) => Some(*r),
            _ => None,
        },
        _ => None,
    }
}

/// The handle of the active instance `vm` for `r` (for targets that
/// count no holders: a loaded module's exports).
pub fn handle_for(vm: &mut Vm, r: Sealed) -> crate::PyResult {
    if let Some(&g) = vm.comp.handles.get(&r) {
        if vm.heap.is_live(g) {
            return Ok(Value::Obj(g));
        }
    }
    let h = new_handle(vm, r)?;
    if let Value::Obj(g) = h {
        if vm.comp.handles.insert(r, g).is_none() {
            vm.world.hold(r.owner);
        }
    }
    Ok(h)
}

/// A new handle object for `r` in `vm`.
fn new_handle(vm: &mut Vm, r: Sealed) -> crate::PyResult {
    let class = super::handle::class(vm)?;
    let base = vm.alloc(Obj::Sealed(r))?;
    Ok(Value::Obj(vm.alloc(Obj::Instance(Instance::new(
        class,
        Value::Obj(base),
    )))?))
}

/// Whether `v` crosses as a copy (so `get` returns it, not a handle).
pub fn is_copied(vm: &Vm, v: Value) -> bool {
    match v {
        Value::Obj(g) => match vm.heap.get(g) {
            Obj::Str(_)
            | Obj::Bytes(_)
            | Obj::BigInt(_)
            | Obj::Complex(..)
            | Obj::Range { .. }
            | Obj::BigRange(_)
            | Obj::Capability(_) => true,
            Obj::Tuple(items) => items.iter().all(|&x| is_copied(vm, x)),
            Obj::FrozenSet(d) => d.iter().all(|(k, _)| is_copied(vm, k)),
            _ => false,
        },
        _ => true,
    }
}
