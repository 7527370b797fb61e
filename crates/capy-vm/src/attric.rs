//! Inline caches for attribute access (`LoadAttr`, `StoreAttr`, `LoadMethod`).
//!
//! Every name a code object uses carries one cache ([`Name::ic`]), shared
//! by that code's instructions that use the name. It remembers where the
//! attribute was found for the last receiver seen, so that the next access
//! on an object of the same class skips the class walk and the hash probe:
//!
//! - [`AttrIc::Slot`]: in slot `pos` of instances of shape `shape`
//!   (shape.rs), with nothing of that name anywhere on the class (so no
//!   descriptor, and no `__getattribute__` override, can intervene; stores
//!   also check that the class does not override `__setattr__`, as the
//!   entry may have been filled by a load). Instances of one class usually
//!   gain their attributes in the same order, so the shape fits all of
//!   them. A store also applies to an instance of shape `from`, the shape
//!   without the name, by adding the slot: the `self.x = x` of an
//!   `__init__` takes no slow path either.
//! - [`AttrIc::Method`]: a function on the class, for `LoadMethod`.
//! - [`AttrIc::Module`]: in a module's dict at `pos`.
//! - [`AttrIc::Property`]: a property of the instance's class, whose
//!   getter and setter the instruction runs in the frame loop
//!   (opframes.rs).
//! - [`AttrIc::ClassAttr`]: `C.name` on a class whose metaclass is
//!   `type`, found along its MRO (`Strength.REQUIRED`, a static method).
//! - [`AttrIc::Global`] and [`AttrIc::Builtin`]: where `LoadGlobal` found
//!   the name (globalcache.rs).
//!
//! An entry is used only after re-checking it: the receiver's class is the
//! cached class (handles are generation-checked, so a collected class
//! never matches its successor), the class version (`AttrCache::version`,
//! bumped by every change to any class dict or MRO) is unchanged, for
//! slots, the instance's shape is the cached one (a shape fixes which name
//! each slot holds), and for module dict positions, the key stored there
//! is the name object itself. So a stale entry can only miss, and no
//! mutation has to find the caches.

use crate::dict::Dict;
use crate::obj::{Instance, Obj};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use std::cell::Cell;
use std::rc::Rc;

#[derive(Clone, Copy, Default)]
pub enum AttrIc {
    #[default]
    Empty,
    Slot {
        class: Gc,
        version: u64,
        shape: u32,
        pos: u32,
        /// The shape before the name was added ([`NO_SHAPE`] when the
        /// name is not the shape's last).
        from: u32,
    },
    /// `func` is kept alive by the class dict for as long as `version` holds.
    Method {
        class: Gc,
        version: u64,
        func: Value,
        /// Whether receivers of this class have an instance dict that could
        /// shadow the method (probed on every use).
        check_dict: bool,
    },
    Module {
        module: Gc,
        pos: u32,
    },
    /// A property of `class` whose getter (`get`) and setter (`set`) are
    /// plain Python functions an instruction may run in the frame loop
    /// (Null when it may not: no such function, or `__getattribute__` or
    /// `__setattr__` overridden); the class dict keeps them alive while
    /// `version` holds.
    Property {
        class: Gc,
        version: u64,
        get: Value,
        set: Value,
    },
    /// `value` is what `class.name` gives, kept alive by the class dict
    /// for as long as `version` holds: an attribute found along the MRO
    /// that is no descriptor binding to the class (a static method's
    /// function, a value whose type has no `__get__`).
    ClassAttr {
        class: Gc,
        version: u64,
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

/// No instance has this shape: an `AttrIc::Slot` that adds nothing.
const NO_SHAPE: u32 = u32::MAX - 1;

/// An interned name of a code object and its attribute cache.
pub struct Name {
    pub name: Value,
    pub ic: Cell<AttrIc>,
}

/// The names of a code object, shared by its frames and functions.
pub type Names = Rc<[Name]>;

pub fn make_names(names: Vec<Value>) -> Names {
    names
        .into_iter()
        .map(|name| Name {
            name,
            ic: Cell::new(AttrIc::Empty),
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
        match (n.ic.get(), self.heap.get(h)) {
            (
                AttrIc::Slot {
                    class,
                    version,
                    shape,
                    pos,
                    ..
                },
                Obj::Instance(inst),
            ) if inst.class == class
                && inst.shape() == shape
                && version == self.attr_cache.version() =>
            {
                inst.slots().get(pos as usize).copied()
            }
            (AttrIc::Module { module, pos }, Obj::Module(m)) if module == h => {
                self.dict_ref(m.dict)?.value_if_key_at(pos as usize, n.name)
            }
            (
                AttrIc::ClassAttr {
                    class,
                    version,
                    value,
                },
                _,
            ) if class == h && version == self.attr_cache.version() => Some(value),
            _ => None,
        }
    }

    /// After `obj.name` took the long way: caches where it was found, when
    /// that is a place the cache can describe.
    pub(crate) fn fill_load_ic(&mut self, obj: Value, n: &Name) {
        let Value::Obj(h) = obj else { return };
        match self.heap.get(h) {
            Obj::Instance(inst) => {
                let class = inst.class;
                if let Some(ic) = self.plain_slot(inst, n.name) {
                    n.ic.set(ic);
                } else if let Some(ic) = self.property_ic(class, n.name) {
                    n.ic.set(ic);
                }
            }
            Obj::Module(m) => {
                let Some(d) = self.dict_ref(m.dict) else {
                    return;
                };
                if let Some(pos) = self.probe_pos(d, n.name) {
                    n.ic.set(AttrIc::Module { module: h, pos });
                }
            }
            Obj::Class(_) => {
                if let Some(ic) = self.class_attr_entry(h, n.name) {
                    n.ic.set(ic);
                }
            }
            _ => {}
        }
    }

    /// The cache entry for `c.name` when the class lookup alone decides
    /// it: the metaclass is `type` (no metaclass descriptor or
    /// `__getattr__`), and what the MRO holds is returned as it is or, for
    /// a static method, as its function (not a class method, which binds,
    /// nor an object whose type has `__get__`).
    fn class_attr_entry(&mut self, c: Gc, name: Value) -> Option<AttrIc> {
        if !cacheable(self, name)
            || self.type_of(Value::Obj(c)) != self.type_obj(crate::types::TypeId::Type)
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
        Some(AttrIc::ClassAttr {
            class: c,
            version: self.attr_cache.version(),
            value,
        })
    }

    /// `obj.name = v` through the cache: true when it applied.
    #[inline]
    pub(crate) fn store_attr_ic(&mut self, obj: Value, n: &Name, v: Value) -> bool {
        let AttrIc::Slot {
            class,
            version,
            shape,
            pos,
            from,
        } = n.ic.get()
        else {
            return false;
        };
        let Value::Obj(h) = obj else { return false };
        // A load fills the same entry without asking about `__setattr__`
        // (it does not matter to loads): a store checks it here.
        if version != self.attr_cache.version() || self.class_flags(class).user_setattr {
            return false;
        }
        let Obj::Instance(inst) = self.heap.get_mut(h) else {
            return false;
        };
        if inst.class != class {
            return false;
        }
        if inst.shape() == shape {
            inst.set_slot(pos as usize, v);
            return true;
        }
        if inst.shape() != from || inst.slots().len() != pos as usize {
            return false;
        }
        // Adding the slot: charge its room first (a refusal takes the
        // slow path, which collects or raises MemoryError).
        let want = self.shapes.hint(shape);
        if inst.slots_full() {
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

    /// After `obj.name = v` took the long way: caches the slot when the
    /// store was a plain instance store.
    pub(crate) fn fill_store_ic(&mut self, obj: Value, n: &Name) {
        let Value::Obj(h) = obj else { return };
        let Obj::Instance(inst) = self.heap.get(h) else {
            return;
        };
        let class = inst.class;
        if let Some(ic) = self.property_ic(class, n.name) {
            return n.ic.set(ic);
        }
        if self
            .lookup_mro_str(class, "__setattr__")
            .is_some_and(|sa| !self.is_default_method(sa))
        {
            return;
        }
        let Obj::Instance(inst) = self.heap.get(h) else {
            return;
        };
        if let Some(ic) = self.plain_slot(inst, n.name) {
            n.ic.set(ic);
        }
    }

    /// `LoadMethod` from the cache: the function, if it applies.
    #[inline]
    pub(crate) fn load_method_ic(&self, obj: Value, n: &Name) -> Option<(Value, Value)> {
        let AttrIc::Method {
            class,
            version,
            func,
            check_dict,
        } = n.ic.get()
        else {
            // Not a method of the receiver's class: `obj.name` called
            // without a `self` (a module's function, a static method).
            return self.load_attr_ic(obj, n).map(|v| (v, Value::Null));
        };
        if version != self.attr_cache.version() || self.type_of(obj) != class {
            return None;
        }
        if check_dict && self.own_attr(obj, n.name).is_some() {
            return None;
        }
        Some((func, obj))
    }

    /// After `LoadMethod` found `func` on the class of `obj` (and not in
    /// its instance dict, with no `__getattribute__` override), to be
    /// called with `this`; a null `this` is an attribute, cached as a
    /// load of `obj.name` would cache it.
    pub(crate) fn fill_method_ic(&mut self, obj: Value, n: &Name, func: Value, this: Value) {
        if this.is_null() {
            return self.fill_load_ic(obj, n);
        }
        if !cacheable(self, n.name) {
            return;
        }
        n.ic.set(AttrIc::Method {
            class: self.type_of(obj),
            version: self.attr_cache.version(),
            func,
            check_dict: self.has_own_attrs(obj),
        });
    }

    /// The cache entry for `name` in the slots of `inst`, when nothing of
    /// that name is on the class and the class does not override
    /// `__getattribute__`: the condition for a `Slot` entry.
    fn plain_slot(&self, inst: &Instance, name: Value) -> Option<AttrIc> {
        let class = inst.class;
        if inst.external().is_some()
            || !cacheable(self, name)
            || self.class_flags(class).user_getattribute
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
            version: self.attr_cache.version(),
            shape,
            pos: u32::try_from(p).ok()?,
            from,
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

    /// Whether the object keeps attributes of its own that could shadow
    /// its class's.
    fn has_own_attrs(&self, obj: Value) -> bool {
        matches!(obj, Value::Obj(h) if matches!(
            self.heap.get(h),
            Obj::Instance(_) | Obj::Exception(_) | Obj::Func(_)
        ))
    }
}
