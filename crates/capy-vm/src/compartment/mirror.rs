//! Exceptions that cross as themselves.
//!
//! Exception instances are values: they cross as copies, so a caller can
//! raise, catch and inspect what a callee raised or returned, and a
//! compartment made with `exceptions="propagate"` (every library
//! compartment) lets an ordinary exception reach its caller as an
//! exception of the same class, as if the call had not crossed.
//!
//! The copy has the same class, mapped into the receiver, and its
//! arguments and attributes cross by the usual rules (transfer.rs: copied,
//! or handles). Classes map as:
//!
//! | exception class in the sender | in the receiver |
//! | --- | --- |
//! | a built-in exception type | the receiver's own built-in of that name |
//! | the sender's own class | the receiver's *mirror* of it |
//! | a mirror of a class the receiver owns | the receiver's original class |
//! | a mirror of a third compartment's class | the receiver's mirror of that class |
//!
//! A mirror is a class of the receiver with the original's name, module
//! and copyable class attributes (numbers, strings, tuples of them), whose
//! bases are the mirrors of the original's bases; it has none of the
//! original's methods, which run only in their owner. Each receiver keeps
//! one mirror per original, so `except lib.ParseError` catches what `lib`
//! raises and `isinstance`/`issubclass` hold as they do in the owner.
//! Nothing of the sender's heap is stored in the receiver's.

use super::transfer::{Parties, Seal, TransferError};
use super::{Sealed, Target};
use crate::dict::Dict;
use crate::errors::ExcKind;
use crate::obj::Obj;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use std::collections::HashMap;

/// The mirror classes an instance holds, by the class they mirror.
/// Boxed and made on first use: most instances never see a foreign
/// exception class, and the switcher moves whole instances.
#[derive(Default)]
pub struct Mirrors(Option<Box<MirrorMaps>>);

#[derive(Default)]
struct MirrorMaps {
    by_origin: HashMap<Sealed, Gc>,
    origin_of: HashMap<Gc, Sealed>,
}

impl Mirrors {
    /// Mirrors live as long as their instance: a receiver that saw an
    /// exception class once keeps catching it by the same class.
    pub fn roots(&self, out: &mut Vec<Value>) {
        if let Some(m) = &self.0 {
            out.extend(m.by_origin.values().map(|&g| Value::Obj(g)));
        }
    }

    /// The class `c` mirrors, if it is a mirror.
    pub fn origin(&self, c: Gc) -> Option<Sealed> {
        self.0.as_ref()?.origin_of.get(&c).copied()
    }

    /// The mirror of `origin`, if this instance has made one.
    fn of(&self, origin: &Sealed) -> Option<Gc> {
        self.0.as_ref()?.by_origin.get(origin).copied()
    }

    fn add(&mut self, origin: Sealed, c: Gc) {
        let m = self.0.get_or_insert_with(Default::default);
        m.by_origin.insert(origin, c);
        m.origin_of.insert(c, origin);
    }
}

/// Whether `c` is an exception class of `vm`.
pub fn is_exception_class(vm: &Vm, c: Gc) -> bool {
    matches!(vm.heap.get(c), Obj::Class(_))
        && vm.is_subclass(c, vm.exc_class(ExcKind::BaseException))
}

/// The built-in exception type `c` is in `vm`, if it is one.
pub(crate) fn builtin_kind(vm: &Vm, c: Gc) -> Option<ExcKind> {
    ExcKind::ALL.iter().copied().find(|&k| vm.exc_class(k) == c)
}

/// `Mirror(*args)`: the original class is called in its owner (its
/// `__init__` runs there, under the owner's budget) and the instance
/// crosses back as a copy. A local subclass of a mirror is built here, as
/// any exception class.
fn mirror_new(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> crate::PyResult {
    let Some(Value::Obj(cls)) = a.first().copied() else {
        return Err(vm.type_error("__new__ needs a class"));
    };
    let Some(origin) = vm.comp.mirrors.origin(cls) else {
        return vm.default_new(cls, crate::obj::Layout::Exception, None, &a[1..], kw);
    };
    let Target::Object(slot) = origin.target else {
        return Err(vm.type_error("not a mirrored class"));
    };
    let mut inputs = a[1..].to_vec();
    let npos = inputs.len();
    for &(k, v) in kw {
        inputs.push(k);
        inputs.push(v);
    }
    let pass = super::switch::Pass::Nothing;
    super::switch::cross(
        vm,
        origin.owner,
        Some(origin.gen),
        &inputs,
        pass,
        move |vm, ins| {
            let class = vm
                .comp
                .exports
                .get(slot)
                .ok_or_else(|| vm.runtime_error("stale handle: the class is gone"))?;
            let (pos, rest) = ins.split_at(npos);
            let kw: Vec<(Value, Value)> = rest.chunks(2).map(|c| (c[0], c[1])).collect();
            Ok((vm.call(class, pos, &kw)?, Seal::Object))
        },
    )
}

/// `__init__` of a mirror: the owner's `__init__` already ran (see
/// [`mirror_new`]). A local subclass's instance gets its arguments, as
/// `BaseException.__init__` gives them.
fn mirror_init(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> crate::PyResult {
    let Some(Value::Obj(e)) = a.first().copied() else {
        return Ok(Value::None);
    };
    let class = match vm.heap.get(e) {
        Obj::Exception(x) => x.class,
        _ => return Ok(Value::None),
    };
    if vm.comp.mirrors.origin(class).is_none() {
        let args = vm.new_tuple(a[1..].to_vec())?;
        if let Obj::Exception(x) = vm.heap.get_mut(e) {
            x.args = args;
        }
    }
    Ok(Value::None)
}

/// Nesting of exception classes a crossing mirrors before refusing.
const MAX_BASES_DEPTH: usize = 64;

impl Parties<'_> {
    /// A copy in the receiver of the sender's exception instance `g`.
    pub(super) fn exception(&mut self, g: Gc, depth: usize) -> Result<Value, TransferError> {
        let (class, args, attrs) = match self.src.heap.get(g) {
            Obj::Exception(x) => (x.class, x.args, x.dict.iter().collect::<Vec<_>>()),
            _ => return Err(TransferError::Internal("not an exception")),
        };
        let class = self.exception_class(class, 0)?;
        let args = match self.value(args, Seal::Object, depth + 1)? {
            Value::Obj(t) => match self.dst.heap.get(t) {
                Obj::Tuple(items) => items.to_vec(),
                _ => Vec::new(),
            },
            _ => Vec::new(),
        };
        let mut moved = Vec::with_capacity(attrs.len());
        for (k, v) in attrs {
            let k = self.value(k, Seal::Object, depth + 1)?;
            let v = self.value(v, Seal::Object, depth + 1)?;
            moved.push((k, v));
        }
        super::transfer::refused(self.dst, move |d| {
            let e = d.new_exception(class, args).value();
            if !d.isinstance(e, class) {
                // new_exception fell back to MemoryError.
                return Err(crate::PyErr(match e {
                    Value::Obj(g) => g,
                    _ => d.prealloc_memory_error,
                }));
            }
            for (k, v) in moved {
                d.generic_setattr(e, k, v)?;
            }
            Ok(e)
        })
    }

    /// The receiver's class for the sender's exception class `c`.
    pub(super) fn exception_class(&mut self, c: Gc, depth: usize) -> Result<Gc, TransferError> {
        if depth > MAX_BASES_DEPTH {
            return Err(TransferError::TooDeep);
        }
        if let Some(k) = builtin_kind(self.src, c) {
            return Ok(self.dst.exc_class(k));
        }
        let origin = match self.src.comp.mirrors.origin(c) {
            Some(o) => o,
            None => self.own_origin(c),
        };
        if origin.owner == self.dst.comp.id {
            return self.original(origin);
        }
        if let Some(m) = self.dst.comp.mirrors.of(&origin) {
            return Ok(m);
        }
        self.new_mirror(c, origin, depth)
    }

    /// The sealed reference by which receivers know the sender's own class
    /// `c`: an export the sender keeps while it lives (mirrors are never
    /// released).
    fn own_origin(&mut self, c: Gc) -> Sealed {
        let owner = self.src.comp.id;
        let gen = self.world.slot(owner).map_or(0, |s| s.gen);
        let exports = &mut self.src.comp.exports;
        let slot = exports.export(c);
        if !exports.is_held(slot) {
            exports.hold(slot);
        }
        Sealed {
            owner,
            gen,
            target: Target::Object(slot),
            read_only: false,
        }
    }

    /// The receiver's own class behind a mirror's origin.
    fn original(&mut self, origin: Sealed) -> Result<Gc, TransferError> {
        let live = self
            .world
            .slot(origin.owner)
            .is_some_and(|s| s.gen == origin.gen);
        let found = match origin.target {
            Target::Object(slot) if live => self.dst.comp.exports.get(slot),
            _ => None,
        };
        match found {
            Some(Value::Obj(g)) => Ok(g),
            _ => Err(TransferError::Stale {
                owner: self.world.name_of(origin.owner).to_string(),
            }),
        }
    }

    /// Makes the receiver's mirror of the sender's class `c`.
    fn new_mirror(&mut self, c: Gc, origin: Sealed, depth: usize) -> Result<Gc, TransferError> {
        let (name, bases, attrs) = match self.src.heap.get(c) {
            Obj::Class(k) => (k.name, k.bases.clone(), k.dict.iter().collect::<Vec<_>>()),
            _ => return Err(TransferError::Internal("not a class")),
        };
        let name = self.src.heap.str_of(name).unwrap_or("?").to_string();
        let mut mapped = Vec::new();
        for b in bases {
            // Mixins that are not exceptions stay behind: their methods
            // run only in the owner.
            if is_exception_class(self.src, b) {
                mapped.push(self.exception_class(b, depth + 1)?);
            }
        }
        let mut ns = Vec::new();
        for (k, v) in attrs {
            let keep = match self.src.heap.str_of(k) {
                Some("__module__" | "__qualname__" | "__doc__") => true,
                Some(s) => !s.starts_with("__"),
                None => false,
            };
            if keep && super::transfer::is_copied(self.src, v) {
                let k = self.value(k, Seal::Object, 0)?;
                let v = self.value(v, Seal::Object, 0)?;
                ns.push((k, v));
            }
        }
        let m = super::transfer::refused(self.dst, move |d| {
            let mut dict = Dict::new();
            for (k, v) in ns {
                let h = d.hash(k)?;
                dict.insert_new(h, k, v);
            }
            crate::modules::collections::static_new(d, &mut dict, mirror_new)?;
            crate::modules::collections::method(d, &mut dict, "__init__", mirror_init)?;
            let n = d.new_string(name)?;
            d.new_class(Value::None, n, mapped, &dict).map(Value::Obj)
        })?;
        let Value::Obj(m) = m else {
            return Err(TransferError::Internal("a class that is not an object"));
        };
        self.dst.comp.mirrors.add(origin, m);
        Ok(m)
    }
}
