//! An instance's own attributes: the slots its shape names (shape.rs), or
//! the dict object they moved to (its `__dict__`, or after too many
//! attributes). Everything that reads or writes them goes through here.

use crate::obj::{Instance, Obj};
use crate::shape::ROOT;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

impl Vm {
    /// The attribute `name` (a str whose hash is `hash`) of instance `i`.
    #[inline]
    pub(crate) fn inst_get(&self, i: &Instance, name: Value, hash: u64) -> Option<Value> {
        match i.external() {
            None => {
                let p = self.shapes.find(&self.heap, i.shape(), name, hash)?;
                i.slots().get(p).copied()
            }
            Some(d) => {
                let Obj::Dict(d) = self.heap.get(d) else {
                    return None;
                };
                let p = d.probe_name(&self.heap, hash, name)?;
                Some(d.value_at(p))
            }
        }
    }

    /// The attribute named `name` (given as text) of instance `i`: how
    /// natives read the attributes their objects keep.
    pub(crate) fn inst_get_str(&self, i: &Instance, name: &str) -> Option<Value> {
        match i.external() {
            None => {
                let p = self.shapes.find_str(&self.heap, i.shape(), name)?;
                i.slots().get(p).copied()
            }
            Some(d) => match self.heap.get(d) {
                Obj::Dict(d) => self.dict_get_str_in(d, name),
                _ => None,
            },
        }
    }

    /// The (name, value) pairs of instance `i`, in insertion order.
    pub(crate) fn inst_items(&self, i: &Instance) -> Vec<(Value, Value)> {
        match i.external() {
            None => self
                .shapes
                .names(i.shape())
                .iter()
                .map(|&(k, _)| k)
                .zip(i.slots().iter().copied())
                .collect(),
            Some(d) => match self.heap.get(d) {
                Obj::Dict(d) => d.iter().collect(),
                _ => Vec::new(),
            },
        }
    }

    /// Sets attribute `name` (a str whose hash is `hash`) of instance `h`.
    pub(crate) fn inst_set(&mut self, h: Gc, name: Value, hash: u64, v: Value) -> PyResult<()> {
        let (shape, external, class) = match self.heap.get(h) {
            Obj::Instance(i) => (i.shape(), i.external(), i.class),
            _ => return Ok(()),
        };
        if let Some(d) = external {
            return self.dict_set(Value::Obj(d), name, v);
        }
        if let Some(p) = self.shapes.find(&self.heap, shape, name, hash) {
            if let Obj::Instance(i) = self.heap.get_mut(h) {
                i.set_slot(p, v);
            }
            return Ok(());
        }
        match self.shape_with(shape, name, hash, class, v)? {
            Some(to) => {
                let want = self.shapes.hint(to);
                if let Obj::Instance(i) = self.heap.get_mut(h) {
                    i.push_slot(to, v, want);
                }
                Ok(())
            }
            // Too many attributes (or names) for slots: a dict from now on.
            None => {
                self.root_value(v);
                let d = self.inst_dict(h)?;
                self.dict_set(Value::Obj(d), name, v)
            }
        }
    }

    /// Deletes attribute `name` of instance `h`: false if it has none.
    pub(crate) fn inst_del(&mut self, h: Gc, name: Value, hash: u64) -> PyResult<bool> {
        let (shape, external, class) = match self.heap.get(h) {
            Obj::Instance(i) => (i.shape(), i.external(), i.class),
            _ => return Ok(false),
        };
        if let Some(d) = external {
            return self.dict_del(Value::Obj(d), name);
        }
        let Some(p) = self.shapes.find(&self.heap, shape, name, hash) else {
            return Ok(false);
        };
        // The shape of the remaining names in their order: what a dict
        // would iterate after the deletion.
        let rest: Vec<(Value, u64)> = self
            .shapes
            .names(shape)
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != p)
            .map(|(_, &n)| n)
            .collect();
        let mut to = Some(ROOT);
        for (k, kh) in rest {
            to = match to {
                Some(s) => self.shape_child(s, k, kh, class, &[name])?,
                None => None,
            };
        }
        match to {
            Some(to) => {
                if let Obj::Instance(i) = self.heap.get_mut(h) {
                    i.remove_slot(p, to);
                }
                Ok(true)
            }
            None => {
                let d = self.inst_dict(h)?;
                self.dict_del(Value::Obj(d), name)
            }
        }
    }

    /// The dict object holding instance `h`'s attributes (its
    /// `__dict__`): the same one at every call, whose changes are the
    /// instance's (`vars(obj)[name] = v`). Made on the first call from
    /// the slots, which it then replaces.
    pub(crate) fn inst_dict(&mut self, h: Gc) -> PyResult<Gc> {
        // The shape's names are distinct strs with their hashes at hand,
        // so the dict is filled directly rather than key by key through
        // dict_set (which looked each one up first: ~500 instructions an
        // attribute, and logging asks for a record's __dict__ every time).
        let mut dict = crate::dict::Dict::default();
        if let Obj::Instance(i) = self.heap.get(h) {
            if let Some(d) = i.external() {
                return Ok(d);
            }
            let names = self.shapes.names(i.shape());
            dict = crate::dict::Dict::with_capacity(names.len());
            for (&(k, hash), &v) in names.iter().zip(i.slots()) {
                dict.insert_new(hash, k, v);
            }
        }
        // (The values stay reachable from the instance's slots while the
        // dict is allocated.)
        let g = self.alloc(Obj::Dict(Box::new(dict)))?;
        if let Obj::Instance(i) = self.heap.get_mut(h) {
            i.set_external(g);
        }
        Ok(g)
    }

    /// The shape after adding `name` to `shape`; None when the instance
    /// must take a dict instead (too many slots, a full table, or a name
    /// that is not a plain str, which shapes do not hold).
    fn shape_with(
        &mut self,
        shape: u32,
        name: Value,
        hash: u64,
        class: Gc,
        v: Value,
    ) -> PyResult<Option<u32>> {
        if let Some(c) = self.shapes.next(shape, name, class) {
            return Ok(Some(c));
        }
        // Shape names are interned: a name built at run time is replaced
        // by the interned string of the same text.
        let text = match self.heap.pystr(name) {
            Some(s) if !s.has_surrogates() => s.s.to_string(),
            _ => return Ok(None),
        };
        let k = self.intern(&text);
        self.shape_child(shape, k, hash, class, &[name, v])
    }

    /// [`crate::shape::Shapes::child`], charging what a new shape holds
    /// to the heap quota (MemoryError past it). `held`: values the caller
    /// is about to store, roots of the collection a full quota runs.
    fn shape_child(
        &mut self,
        s: u32,
        k: Value,
        hash: u64,
        class: Gc,
        held: &[Value],
    ) -> PyResult<Option<u32>> {
        let before = self.shapes.bytes();
        let c = self.shapes.child(s, k, hash, class);
        let grown = self.shapes.bytes() - before;
        if grown > 0 && self.budget.memory.charge_external(grown).is_err() {
            self.collect_garbage(held);
            if self.budget.memory.charge_external(grown).is_err() {
                return Err(self.memory_error());
            }
        }
        Ok(c)
    }
}
