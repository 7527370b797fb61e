//! Inline caches for attribute access (`LoadAttr`, `StoreAttr`, `LoadMethod`).
//!
//! Every name a code object uses carries one cache ([`Name::ic`]), shared
//! by that code's instructions that use the name. It remembers where the
//! attribute was found for the last few receivers seen ([`Ic`]: one entry
//! inline, up to [`MORE`] more on a site that sees several classes, as a
//! method of a base class called on instances of four subclasses does), so
//! that the next access on an object of one of those classes skips the
//! class walk and the hash probe. An entry ([`AttrIc`]) is one of:
//!
//! - [`AttrIc::Slot`]: in slot `pos` of instances of shape `shape`
//!   (shape.rs), with nothing of that name anywhere on the class (so no
//!   descriptor, and no `__getattribute__` override, can intervene).
//!   Instances of one class usually gain their attributes in the same
//!   order, so the shape fits all of them. A store also applies to an
//!   instance of shape `from`, the shape without the name, by adding the
//!   slot: the `self.x = x` of an `__init__` takes no slow path either.
//! - [`AttrIc::Method`]: a function on the class, for `LoadMethod`.
//! - [`AttrIc::Module`]: in a module's dict at `pos`.
//! - [`AttrIc::Property`]: a property of the instance's class, whose
//!   getter and setter the instruction runs in the frame loop
//!   (opframes.rs).
//! - [`AttrIc::ClassAttr`]: `C.name` on a class whose metaclass is
//!   `type` or has no attribute of that name, found along its MRO
//!   (`Strength.REQUIRED`, a static method, an Enum member).
//! - [`AttrIc::Global`] and [`AttrIc::Builtin`]: where `LoadGlobal` found
//!   the name (globalcache.rs).
//!
//! An entry is used only after re-checking it: the receiver's class is the
//! cached class (handles are generation-checked, so a collected class
//! never matches its successor), the class version (`AttrCache::version`,
//! bumped by every change to any class dict or MRO) is the one the cache
//! was filled at (kept once per name: a fill at a newer version drops the
//! older entries, which could only miss), for slots, the instance's shape
//! is the cached one (a shape fixes which name each slot holds), and for
//! module dict positions, the key stored there is the name object itself.
//! So a stale entry can only miss, and no mutation has to find the caches.

use crate::dict::Dict;
use crate::obj::{Instance, Obj};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use std::cell::{Cell, OnceCell};
use std::rc::Rc;

/// One place an attribute was found (see the module comment). 32 bytes:
/// a cache holds up to `1 + MORE` of them.
///
/// The tag is a byte of its own (`repr(u8)`): left to the compiler, it
/// hides in the spare tags of the `Value`s two variants hold, and finding
/// the variant takes a jump table on every cache hit (+16% instructions
/// in `load_attr_ic` on bm_float).
#[derive(Clone, Copy, Default)]
#[repr(u8)]
pub enum AttrIc {
    #[default]
    Empty,
    Slot {
        class: Gc,
        shape: u32,
        pos: u32,
        /// The shape before the name was added ([`NO_SHAPE`] when the
        /// name is not the shape's last).
        from: u32,
        /// Stores may use the entry: the class does not override
        /// `__setattr__` (a load fills entries without needing that).
        store: bool,
    },
    /// `func` is kept alive by the class dict for as long as the version
    /// holds.
    Method {
        class: Gc,
        func: Gc,
        /// What proves that the receiver has no attribute of its own of
        /// that name, which would shadow the method: an instance shape
        /// without the name (an instance of another shape is probed),
        /// [`OWN_NONE`] when receivers of the class keep no attributes,
        /// [`OWN_PROBE`] when each receiver is probed.
        own: u32,
    },
    Module {
        module: Gc,
        pos: u32,
    },
    /// A property of `class` whose getter (`get`) and setter (`set`) are
    /// plain Python functions an instruction may run in the frame loop
    /// ([`NO_FUNC`] when it may not: no such function, or
    /// `__getattribute__` or `__setattr__` overridden); the class dict
    /// keeps them alive while the version holds.
    Property {
        class: Gc,
        get: Gc,
        set: Gc,
    },
    /// `value` is what `obj.name` gives for an instance of `class` with
    /// no attribute `name` of its own (proved by `own` as for a
    /// [`AttrIc::Method`]): a value of the class (or a base) to which no
    /// descriptor protocol applies (`self.minimum_degree`, `self.terminator`),
    /// kept alive by the class dict for as long as the version holds.
    InstClassAttr {
        class: Gc,
        own: u32,
        value: Value,
    },
    /// `value` is what `class.name` gives, kept alive by the class dict
    /// for as long as the version holds: an attribute found along the MRO
    /// that is no descriptor binding to the class (a static method's
    /// function, a value whose type has no `__get__`).
    ClassAttr {
        class: Gc,
        value: Value,
    },
    /// In globals dict `globals` at `pos`.
    Global {
        globals: Gc,
        pos: u32,
    },
    /// In the builtins at `pos`, absent from `globals`, which had had
    /// `insertions` keys added then.
    Builtin {
        globals: Gc,
        pos: u32,
        insertions: u64,
    },
}

/// No instance has this shape: an `AttrIc::Slot` that adds nothing, an
/// `AttrIc::Method` that probes every receiver.
const NO_SHAPE: u32 = u32::MAX - 1;
const OWN_PROBE: u32 = NO_SHAPE;
/// No shape either (there are at most 2^16): receivers keep no attributes.
const OWN_NONE: u32 = u32::MAX - 2;
/// No function: a [`AttrIc::Property`] whose getter or setter the frame
/// loop may not run.
pub(crate) const NO_FUNC: Gc = Gc {
    idx: u32::MAX,
    gen: u32::MAX,
};

/// Entries a cache keeps beyond its first, made when a second receiver
/// class shows up (most sites never see one).
pub const MORE: usize = 3;

/// The entries of one name's cache, most recently filled first.
#[derive(Default)]
pub struct Ic {
    /// The class version the entries that depend on it were filled at.
    version: Cell<u64>,
    first: Cell<AttrIc>,
    more: OnceCell<Box<[Cell<AttrIc>; MORE]>>,
}

impl Ic {
    /// The most recently filled entry.
    #[inline(always)]
    pub fn first(&self) -> AttrIc {
        self.first.get()
    }

    /// Whether entries that depend on the class version hold at `version`.
    #[inline(always)]
    pub fn fresh(&self, version: u64) -> bool {
        self.version.get() == version
    }

    /// The entries after the first (none until a second receiver showed
    /// up). Hot paths try [`Ic::first`] inline and these out of line.
    #[inline(always)]
    pub fn rest(&self) -> &[Cell<AttrIc>] {
        match self.more.get() {
            Some(m) => &m[..],
            None => &[],
        }
    }

    /// The first `f` gives of the entries, most recent first.
    pub fn find<T>(&self, f: impl Fn(AttrIc) -> Option<T>) -> Option<T> {
        f(self.first.get()).or_else(|| self.rest().iter().find_map(|c| f(c.get())))
    }

    /// Records `e`, filled at class version `version`, in front: it
    /// replaces an entry for the same receivers, and the oldest entry
    /// drops out when all are taken. Entries of an older version go.
    pub fn put(&self, version: u64, e: AttrIc) {
        if self.version.get() != version {
            self.version.set(version);
            self.first.set(e);
            if let Some(more) = self.more.get() {
                more.iter().for_each(|c| c.set(AttrIc::Empty));
            }
            return;
        }
        let old = self.first.replace(e);
        // Keys are unique over the entries, and an empty first entry
        // means no other: nothing else can hold `e`'s receivers then.
        if matches!(old, AttrIc::Empty) || same_receivers(old, e) {
            return;
        }
        // Shifts the older entries back one, up to the one `e` replaces
        // (or the last, which drops out).
        let mut carry = old;
        for c in self.more.get_or_init(Box::default).iter() {
            let cur = c.replace(carry);
            if matches!(cur, AttrIc::Empty) || same_receivers(cur, e) {
                return;
            }
            carry = cur;
        }
    }

    #[cfg(test)]
    fn entries(&self) -> Vec<AttrIc> {
        let mut v = vec![self.first.get()];
        v.extend(
            self.more
                .get()
                .into_iter()
                .flat_map(|m| m.iter().map(Cell::get)),
        );
        v
    }
}

/// Whether entries `a` and `b` describe the same receivers, so that the
/// newer replaces the older: the same class (a slot entry: and shape),
/// module or globals.
fn same_receivers(a: AttrIc, b: AttrIc) -> bool {
    fn key(e: AttrIc) -> Option<(Gc, u32)> {
        Some(match e {
            AttrIc::Empty => return None,
            AttrIc::Slot { class, shape, .. } => (class, shape),
            AttrIc::Method { class, .. }
            | AttrIc::InstClassAttr { class, .. }
            | AttrIc::Property { class, .. }
            | AttrIc::ClassAttr { class, .. } => (class, NO_SHAPE),
            AttrIc::Module { module, .. } => (module, NO_SHAPE),
            AttrIc::Global { globals, .. } | AttrIc::Builtin { globals, .. } => (globals, NO_SHAPE),
        })
    }
    key(a).is_some() && key(a) == key(b)
}

/// An interned name of a code object and its attribute cache.
pub struct Name {
    pub name: Value,
    pub ic: Ic,
}

/// The names of a code object, shared by its frames and functions.
pub type Names = Rc<[Name]>;

pub fn make_names(names: Vec<Value>) -> Names {
    names
        .into_iter()
        .map(|name| Name {
            name,
            ic: Ic::default(),
        })
        .collect()
}

/// Whether a name may be cached: dunder names are left to the slow path,
/// which special-cases several of them (`__class__`, `__dict__`, ...).
fn cacheable(vm: &Vm, name: Value) -> bool {
    vm.heap
        .str_of(name)
        .is_some_and(|s| !(s.starts_with("__") && s.ends_with("__")))
}

impl Vm {
    /// `obj.name` from the cache, if it applies.
    #[inline]
    pub(crate) fn load_attr_ic(&self, obj: Value, n: &Name) -> Option<Value> {
        let Value::Obj(h) = obj else { return None };
        let o = self.heap.get(h);
        let fresh = n.ic.fresh(self.attr_cache.version());
        match self.load_entry(n.ic.first(), h, o, n, fresh) {
            Some(v) => Some(v),
            None if n.ic.rest().is_empty() => None,
            None => self.load_attr_ic_rest(h, o, n, fresh),
        }
    }

    #[inline(never)]
    fn load_attr_ic_rest(&self, h: Gc, o: &Obj, n: &Name, fresh: bool) -> Option<Value> {
        n.ic.rest()
            .iter()
            .find_map(|e| self.load_entry(e.get(), h, o, n, fresh))
    }

    /// What entry `e` of `n`'s cache gives for `obj.name`, `obj` being
    /// `o` at handle `h`; `fresh`: whether the class version holds.
    #[inline(always)]
    fn load_entry(&self, e: AttrIc, h: Gc, o: &Obj, n: &Name, fresh: bool) -> Option<Value> {
        match (e, o) {
            (
                AttrIc::Slot {
                    class, shape, pos, ..
                },
                Obj::Instance(inst),
            ) if fresh && inst.class == class && inst.shape() == shape => {
                inst.slots().get(pos as usize).copied()
            }
            (AttrIc::Module { module, pos }, Obj::Module(m)) if module == h => {
                self.dict_ref(m.dict)?.value_if_key_at(pos as usize, n.name)
            }
            (AttrIc::ClassAttr { class, value }, _) if fresh && class == h => Some(value),
            (AttrIc::InstClassAttr { .. }, Obj::Instance(i)) if fresh => {
                self.inst_class_entry(e, h, i, n)
            }
            _ => None,
        }
    }

    /// [`Vm::load_entry`] for an [`AttrIc::InstClassAttr`] entry (out of
    /// line: the slot and module entries inlined into the frame loop
    /// stay as small as they were).
    #[inline(never)]
    fn inst_class_entry(&self, e: AttrIc, h: Gc, i: &Instance, n: &Name) -> Option<Value> {
        let AttrIc::InstClassAttr { class, own, value } = e else {
            return None;
        };
        self.unshadowed(i, class, own, Value::Obj(h), n.name)
            .then_some(value)
    }

    /// Whether instance `i` (the object `obj`) is of `class` and has no
    /// attribute `name` of its own: its shape is `own`, which lacks the
    /// name, or a probe finds none. What a class-level cache entry for an
    /// instance ([`AttrIc::Method`], [`AttrIc::InstClassAttr`]) needs.
    #[inline(always)]
    fn unshadowed(&self, i: &Instance, class: Gc, own: u32, obj: Value, name: Value) -> bool {
        i.class == class && (i.shape() == own || self.own_attr(obj, name).is_none())
    }

    /// After `obj.name` took the long way: caches where it was found, when
    /// that is a place the cache can describe.
    pub(crate) fn fill_load_ic(&mut self, obj: Value, n: &Name) {
        let Value::Obj(h) = obj else { return };
        let e = match self.heap.get(h) {
            Obj::Instance(inst) => {
                let class = inst.class;
                match self.plain_slot(inst, n.name) {
                    Some(e) => Some(e),
                    None => match self.property_ic(class, n.name) {
                        Some(e) => Some(e),
                        None => self.inst_class_attr(h, n.name),
                    },
                }
            }
            Obj::Module(m) => self.dict_ref(m.dict).and_then(|d| {
                let pos = self.probe_pos(d, n.name)?;
                Some(AttrIc::Module { module: h, pos })
            }),
            Obj::Class(_) => self.class_attr_entry(h, n.name),
            _ => None,
        };
        if let Some(e) = e {
            n.ic.put(self.attr_cache.version(), e);
        }
    }

    /// The cache entry for `inst.name` found on the class: the instance
    /// has no such attribute of its own (its shape lacks the name; an
    /// instance with an external dict is not cached), `__getattribute__`
    /// is not overridden, and the value is no descriptor: an immediate, a
    /// str, bytes, tuple, number or container, or an instance or class
    /// whose type has no `__get__` (functions, properties, class and
    /// static methods and natives bind or convert, and are left out).
    fn inst_class_attr(&mut self, h: Gc, name: Value) -> Option<AttrIc> {
        let Obj::Instance(inst) = self.heap.get(h) else {
            return None;
        };
        let (class, shape) = (inst.class, inst.shape());
        if inst.external().is_some()
            || !cacheable(self, name)
            || self.class_flags(class).user_getattribute
        {
            return None;
        }
        let hash = self.heap.pystr(name)?.hash();
        if self.shapes.find(&self.heap, shape, name, hash).is_some() {
            return None;
        }
        let value = self.lookup_mro(class, name)?;
        let plain = match value {
            Value::Obj(g) => match self.heap.get(g) {
                Obj::Str(_)
                | Obj::Bytes(_)
                | Obj::BigInt(_)
                | Obj::Complex(..)
                | Obj::Tuple(_)
                | Obj::List(_)
                | Obj::Dict(_)
                | Obj::Set(_)
                | Obj::FrozenSet(_) => true,
                Obj::Instance(_) | Obj::Class(_) => {
                    self.lookup_type_attr(value, "__get__").is_none()
                }
                _ => false,
            },
            _ => true,
        };
        plain.then_some(AttrIc::InstClassAttr {
            class,
            own: shape,
            value,
        })
    }

    /// The cache entry for `c.name` when the class lookup alone decides
    /// it: the metaclass is `type`, or one whose MRO has nothing of that
    /// name (no metaclass descriptor can come first; its `__getattr__`
    /// only answers names the class lacks, which are not cached: an Enum
    /// member `Color.RED`), and what the MRO holds is returned as it is
    /// or, for a static method, as its function (not a class method,
    /// which binds, nor an object whose type has `__get__`). A later
    /// change to the metaclass bumps the class version as any does.
    fn class_attr_entry(&mut self, c: Gc, name: Value) -> Option<AttrIc> {
        if !cacheable(self, name) {
            return None;
        }
        let meta = self.type_of(Value::Obj(c));
        if meta != self.type_obj(crate::types::TypeId::Type)
            && self.lookup_mro(meta, name).is_some()
        {
            return None;
        }
        let a = self.lookup_mro(c, name)?;
        let value = match a {
            Value::Obj(h) => match self.heap.get(h) {
                Obj::ClassMethod(_) => return None,
                Obj::StaticMethod(f) => *f,
                Obj::Instance(_) => match self.lookup_type_attr(a, "__get__") {
                    Some(_) => return None,
                    None => a,
                },
                _ => a,
            },
            _ => a,
        };
        Some(AttrIc::ClassAttr { class: c, value })
    }

    /// `obj.name = v` through the cache: true when it applied.
    #[inline]
    pub(crate) fn store_attr_ic(&mut self, obj: Value, n: &Name, v: Value) -> bool {
        let Value::Obj(h) = obj else { return false };
        if !n.ic.fresh(self.attr_cache.version()) {
            return false;
        }
        let Obj::Instance(inst) = self.heap.get_mut(h) else {
            return false;
        };
        let (class, now, len) = (inst.class, inst.shape(), inst.slots().len());
        let found = n.ic.find(|e| match e {
            AttrIc::Slot {
                class: c,
                shape,
                pos,
                from,
                store: true,
            } if c == class && (shape == now || (from == now && len == pos as usize)) => {
                Some((shape, pos))
            }
            _ => None,
        });
        let Some((shape, pos)) = found else {
            return false;
        };
        if shape == now {
            inst.set_slot(pos as usize, v);
            return true;
        }
        // Adding the slot: charge its room first (a refusal takes the
        // slow path, which collects or raises MemoryError).
        let full = inst.slots_full();
        let want = self.shapes.hint(shape);
        if full {
            let grow = want.saturating_sub(pos as usize).max(1);
            if self
                .budget
                .memory
                .charge(grow * std::mem::size_of::<Value>())
                .is_err()
            {
                return false;
            }
        }
        if let Obj::Instance(inst) = self.heap.get_mut(h) {
            inst.push_slot(shape, v, want);
        }
        true
    }

    /// After `obj.name = v` took the long way: caches the property or the
    /// slot when the store was a plain instance store.
    pub(crate) fn fill_store_ic(&mut self, obj: Value, n: &Name) {
        let Value::Obj(h) = obj else { return };
        let Obj::Instance(inst) = self.heap.get(h) else {
            return;
        };
        let e = match self.plain_slot(inst, n.name) {
            Some(e) => Some(e),
            None => self.property_ic(inst.class, n.name),
        };
        if let Some(e) = e {
            n.ic.put(self.attr_cache.version(), e);
        }
    }

    /// `LoadMethod` from the cache: the function and `self`, or an
    /// attribute and Null (`obj.name` called without a `self`: a module's
    /// function, a static method), if it applies.
    #[inline]
    pub(crate) fn load_method_ic(&self, obj: Value, n: &Name) -> Option<(Value, Value)> {
        let fresh = n.ic.fresh(self.attr_cache.version());
        let Value::Obj(h) = obj else {
            // `x.bit_length()`: no attributes of its own.
            return n.ic.find(|e| match e {
                AttrIc::Method { class, func, .. } if fresh && self.type_of(obj) == class => {
                    Some((Value::Obj(func), obj))
                }
                _ => None,
            });
        };
        let o = self.heap.get(h);
        match self.method_entry(n.ic.first(), obj, h, o, n, fresh) {
            Some(r) => Some(r),
            None if n.ic.rest().is_empty() => None,
            None => self.load_method_ic_rest(obj, h, o, n, fresh),
        }
    }

    #[inline(never)]
    fn load_method_ic_rest(
        &self,
        obj: Value,
        h: Gc,
        o: &Obj,
        n: &Name,
        fresh: bool,
    ) -> Option<(Value, Value)> {
        n.ic.rest()
            .iter()
            .find_map(|e| self.method_entry(e.get(), obj, h, o, n, fresh))
    }

    /// What entry `e` of `n`'s cache gives for `LoadMethod` of `obj`, as
    /// [`Vm::load_entry`].
    #[inline(always)]
    fn method_entry(
        &self,
        e: AttrIc,
        obj: Value,
        h: Gc,
        o: &Obj,
        n: &Name,
        fresh: bool,
    ) -> Option<(Value, Value)> {
        let AttrIc::Method { class, func, own } = e else {
            return self.load_entry(e, h, o, n, fresh).map(|v| (v, Value::Null));
        };
        let hit = fresh
            && match o {
                Obj::Instance(i) => self.unshadowed(i, class, own, obj, n.name),
                _ => {
                    self.obj_type(o) == class
                        && (own == OWN_NONE || self.own_attr(obj, n.name).is_none())
                }
            };
        hit.then_some((Value::Obj(func), obj))
    }

    /// After `LoadMethod` found `func` on the class of `obj` (and not in
    /// its instance dict, with no `__getattribute__` override), to be
    /// called with `this`; a null `this` is an attribute, cached as a
    /// load of `obj.name` would cache it.
    pub(crate) fn fill_method_ic(&mut self, obj: Value, n: &Name, func: Value, this: Value) {
        if this.is_null() {
            return self.fill_load_ic(obj, n);
        }
        let Some(func) = func.as_obj() else { return };
        if !cacheable(self, n.name) {
            return;
        }
        let own = match obj.as_obj().map(|h| self.heap.get(h)) {
            // Its shape lacks the name (else the method was shadowed).
            Some(Obj::Instance(i)) if i.external().is_none() => i.shape(),
            Some(Obj::Instance(_) | Obj::Exception(_) | Obj::Func(_)) => OWN_PROBE,
            _ => OWN_NONE,
        };
        let class = self.type_of(obj);
        n.ic.put(
            self.attr_cache.version(),
            AttrIc::Method { class, func, own },
        );
    }

    /// The cache entry for `name` in the slots of `inst`, when nothing of
    /// that name is on the class and the class does not override
    /// `__getattribute__`: the condition for a `Slot` entry.
    fn plain_slot(&self, inst: &Instance, name: Value) -> Option<AttrIc> {
        let class = inst.class;
        let flags = self.class_flags(class);
        if inst.external().is_some()
            || !cacheable(self, name)
            || flags.user_getattribute
            || self.lookup_mro(class, name).is_some()
        {
            return None;
        }
        let shape = inst.shape();
        let hash = self.heap.pystr(name)?.hash();
        let p = self.shapes.find(&self.heap, shape, name, hash)?;
        let from = if p + 1 == self.shapes.len(shape) {
            self.shapes.parent(shape)
        } else {
            NO_SHAPE
        };
        Some(AttrIc::Slot {
            class,
            shape,
            pos: u32::try_from(p).ok()?,
            from,
            store: !flags.user_setattr,
        })
    }

    fn probe_pos(&self, d: &Dict, name: Value) -> Option<u32> {
        let hash = self.heap.pystr(name)?.hash();
        let p = d.probe_name(&self.heap, hash, name)?;
        u32::try_from(p).ok()
    }

    fn dict_ref(&self, d: Gc) -> Option<&Dict> {
        match self.heap.get(d) {
            Obj::Dict(d) => Some(d),
            _ => None,
        }
    }

    /// The object's own attribute `name` (an instance's, an exception's
    /// or a function's), not looking at its class.
    #[inline]
    pub(crate) fn own_attr(&self, obj: Value, name: Value) -> Option<Value> {
        let hash = self.heap.pystr(name)?.hash();
        let d = match self.heap.get(obj.as_obj()?) {
            Obj::Instance(i) => return self.inst_get(i, name, hash),
            Obj::Exception(e) => &e.dict,
            Obj::Func(f) => match f.ext_dict {
                // The function's own dunders stay inline (see func_dict).
                Some(g) if f.dict.probe_name(&self.heap, hash, name).is_none() => {
                    self.dict_ref(g)?
                }
                _ => &f.dict,
            },
            _ => return None,
        };
        d.probe_name(&self.heap, hash, name).map(|p| d.value_at(p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gc(idx: u32) -> Gc {
        Gc { idx, gen: 1 }
    }

    fn method(class: u32, func: u32) -> AttrIc {
        AttrIc::Method {
            class: gc(class),
            func: gc(func),
            own: OWN_NONE,
        }
    }

    fn slot(class: u32, shape: u32) -> AttrIc {
        AttrIc::Slot {
            class: gc(class),
            shape,
            pos: 0,
            from: NO_SHAPE,
            store: true,
        }
    }

    /// The (class, func or shape) of each entry, most recent first.
    fn keys(ic: &Ic) -> Vec<(u32, u32)> {
        ic.entries()
            .into_iter()
            .filter_map(|e| match e {
                AttrIc::Method { class, func, .. } => Some((class.idx, func.idx)),
                AttrIc::Slot { class, shape, .. } => Some((class.idx, shape)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn keeps_the_most_recent_receivers() {
        let ic = Ic::default();
        ic.put(1, method(1, 10));
        assert!(ic.more.get().is_none(), "one class needs no more entries");
        ic.put(1, method(1, 11));
        assert_eq!(keys(&ic), [(1, 11)]);
        for c in 2..=4 {
            ic.put(1, method(c, 10 + c));
        }
        assert_eq!(keys(&ic), [(4, 14), (3, 13), (2, 12), (1, 11)]);
        // A refill of a cached class moves it in front, dropping nothing.
        ic.put(1, method(2, 22));
        assert_eq!(keys(&ic), [(2, 22), (4, 14), (3, 13), (1, 11)]);
        // A fifth class pushes out the oldest.
        ic.put(1, method(5, 15));
        assert_eq!(keys(&ic), [(5, 15), (2, 22), (4, 14), (3, 13)]);
        // Slots of one class differ by shape.
        ic.put(1, slot(6, 1));
        ic.put(1, slot(6, 2));
        assert_eq!(keys(&ic), [(6, 2), (6, 1), (5, 15), (2, 22)]);
    }

    #[test]
    fn a_new_version_drops_the_older_entries() {
        let ic = Ic::default();
        ic.put(1, method(1, 10));
        ic.put(1, method(2, 20));
        assert!(ic.fresh(1) && !ic.fresh(2));
        ic.put(2, method(3, 30));
        assert!(ic.fresh(2));
        assert_eq!(keys(&ic), [(3, 30)]);
        assert_eq!(
            ic.find(|e| matches!(e, AttrIc::Method { .. }).then_some(())),
            Some(())
        );
    }

    #[test]
    fn entries_stay_small() {
        assert!(std::mem::size_of::<AttrIc>() <= 32);
        assert!(std::mem::size_of::<Name>() <= 64);
    }
}
