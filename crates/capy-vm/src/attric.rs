//! Inline caches for attribute access (`LoadAttr`, `StoreAttr`, `LoadMethod`).
//!
//! Every name a code object uses carries one cache ([`Name::ic`]), shared
//! by that code's instructions that use the name. It remembers where the
//! attribute was found for the last receiver seen, so that the next access
//! on an object of the same class skips the class walk and the hash probe:
//!
//! - [`AttrIc::Slot`]: in the instance dict at entry position `pos`, with
//!   nothing of that name anywhere on the class (so no descriptor, and no
//!   `__getattribute__` override, can intervene; stores also check that
//!   the class does not override `__setattr__`, as the entry may have been
//!   filled by a load). Instances
//!   of one class usually gain their attributes in the same order, so the
//!   position fits all of them.
//! - [`AttrIc::Method`]: a function on the class, for `LoadMethod`.
//! - [`AttrIc::Module`]: in a module's dict at `pos`.
//!
//! An entry is used only after re-checking it: the receiver's class is the
//! cached class (handles are generation-checked, so a collected class
//! never matches its successor), the class version (`AttrCache::version`,
//! bumped by every change to any class dict or MRO) is unchanged, and for
//! dict positions, the key stored there is the name object itself. So a
//! stale entry can only miss, and no mutation has to find the caches.

use crate::dict::Dict;
use crate::obj::Obj;
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
        pos: u32,
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
}

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
                    pos,
                },
                Obj::Instance(inst),
            ) if inst.class == class && version == self.attr_cache.version() => {
                inst.dict.value_if_key_at(pos as usize, n.name)
            }
            (AttrIc::Module { module, pos }, Obj::Module(m)) if module == h => {
                self.dict_ref(m.dict)?.value_if_key_at(pos as usize, n.name)
            }
            _ => None,
        }
    }

    /// After `obj.name` took the long way: caches where it was found, when
    /// that is a place the cache can describe.
    pub(crate) fn fill_load_ic(&self, obj: Value, n: &Name) {
        let Value::Obj(h) = obj else { return };
        match self.heap.get(h) {
            Obj::Instance(inst) => {
                if let Some(pos) = self.plain_slot(inst.class, &inst.dict, n.name) {
                    n.ic.set(AttrIc::Slot {
                        class: inst.class,
                        version: self.attr_cache.version(),
                        pos,
                    });
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
            _ => {}
        }
    }

    /// `obj.name = v` through the cache: true when it applied.
    #[inline]
    pub(crate) fn store_attr_ic(&mut self, obj: Value, n: &Name, v: Value) -> bool {
        let AttrIc::Slot {
            class,
            version,
            pos,
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
        match self.heap.get_mut(h) {
            Obj::Instance(inst) if inst.class == class => {
                if inst.dict.key_at(pos as usize).is(n.name) {
                    inst.dict.set_value_at(pos as usize, v);
                    return true;
                }
                false
            }
            _ => false,
        }
    }

    /// After `obj.name = v` took the long way: caches the entry position
    /// when the store was a plain instance-dict store.
    pub(crate) fn fill_store_ic(&mut self, obj: Value, n: &Name) {
        let Value::Obj(h) = obj else { return };
        let Obj::Instance(inst) = self.heap.get(h) else {
            return;
        };
        let class = inst.class;
        if self
            .lookup_mro_str(class, "__setattr__")
            .is_some_and(|sa| !self.is_default_method(sa))
        {
            return;
        }
        let Obj::Instance(inst) = self.heap.get(h) else {
            return;
        };
        if let Some(pos) = self.plain_slot(class, &inst.dict, n.name) {
            n.ic.set(AttrIc::Slot {
                class,
                version: self.attr_cache.version(),
                pos,
            });
        }
    }

    /// `LoadMethod` from the cache: the function, if it applies.
    #[inline]
    pub(crate) fn load_method_ic(&self, obj: Value, n: &Name) -> Option<Value> {
        let AttrIc::Method {
            class,
            version,
            func,
            check_dict,
        } = n.ic.get()
        else {
            return None;
        };
        if version != self.attr_cache.version() || self.type_of(obj) != class {
            return None;
        }
        if check_dict {
            let d = self.instance_dict_ref(obj)?;
            if self.probe_pos(d, n.name).is_some() {
                return None;
            }
        }
        Some(func)
    }

    /// After `LoadMethod` found `func` on the class of `obj` (and not in
    /// its instance dict, with no `__getattribute__` override).
    pub(crate) fn fill_method_ic(&self, obj: Value, n: &Name, func: Value) {
        if !cacheable(self, n.name) {
            return;
        }
        n.ic.set(AttrIc::Method {
            class: self.type_of(obj),
            version: self.attr_cache.version(),
            func,
            check_dict: self.instance_dict_ref(obj).is_some(),
        });
    }

    /// The position of `name` in an instance dict, when nothing of that
    /// name is on the class and the class does not override
    /// `__getattribute__`: the condition for a `Slot` entry.
    fn plain_slot(&self, class: Gc, dict: &Dict, name: Value) -> Option<u32> {
        if !cacheable(self, name)
            || self.class_flags(class).user_getattribute
            || self.lookup_mro(class, name).is_some()
        {
            return None;
        }
        self.probe_pos(dict, name)
    }

    fn probe_pos(&self, d: &Dict, name: Value) -> Option<u32> {
        let hash = self.heap.pystr(name)?.hash;
        let p = d.probe_name(&self.heap, hash, name)?;
        u32::try_from(p).ok()
    }

    fn dict_ref(&self, d: Gc) -> Option<&Dict> {
        match self.heap.get(d) {
            Obj::Dict(d) => Some(d),
            _ => None,
        }
    }

    /// The table holding an instance's attributes: its own, or the dict
    /// object it stands for once a program asked for its `__dict__`
    /// (`Dict::make_external`). Natives reading an instance's attributes
    /// go through this.
    pub(crate) fn attr_table<'a>(&'a self, i: &'a crate::obj::Instance) -> &'a Dict {
        match i.dict.external().and_then(|d| self.dict_ref(d)) {
            Some(d) => d,
            None => &i.dict,
        }
    }

    /// The attribute dict of an instance, exception or function object.
    pub(crate) fn instance_dict_ref(&self, obj: Value) -> Option<&Dict> {
        match self.heap.get(obj.as_obj()?) {
            Obj::Instance(i) => match i.dict.external() {
                Some(d) => self.dict_ref(d),
                None => Some(&i.dict),
            },
            Obj::Exception(e) => Some(&e.dict),
            Obj::Func(f) => Some(&f.dict),
            _ => None,
        }
    }
}
