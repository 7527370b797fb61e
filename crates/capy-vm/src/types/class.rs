//! Classes: creation (`class` statements, `type(name, bases, ns)`), the C3
//! method resolution order, and instantiation (`C(...)`).

use crate::dict::Dict;
use crate::errors::ExcKind;
use crate::obj::{Class, ClassFlags, ExcObj, Instance, Layout, Obj};
use crate::types::TypeId;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

/// Records that a class defines a special method that changes how its
/// instances behave, so fast paths know when they must not be taken.
pub fn update_flag(flags: &mut ClassFlags, name: &str) {
    match name {
        "__eq__" => flags.user_eq = true,
        "__hash__" => flags.user_hash = true,
        "__getattr__" => flags.user_getattr = true,
        "__getattribute__" => flags.user_getattribute = true,
        "__setattr__" => flags.user_setattr = true,
        "__delattr__" => flags.user_delattr = true,
        "__bool__" | "__len__" => flags.user_truth = true,
        "__getitem__" | "__setitem__" => {
            flags.user_items = true;
            // array.array's own natives are no longer the ones called.
            flags.array = false;
        }
        _ => {}
    }
}

impl Vm {
    pub fn dict_set_str_class(&mut self, c: Gc, name: &str, v: Value) -> PyResult<()> {
        let k = self.intern(name);
        let hash = self.hash(k)?;
        self.attr_cache.invalidate();
        let found = match self.heap.get(c) {
            Obj::Class(cls) => match cls.dict.probe(&self.heap, hash, k) {
                crate::dict::Probe::Found(p) => Some(p),
                _ => None,
            },
            _ => return Ok(()),
        };
        if let Obj::Class(cls) = self.heap.get_mut(c) {
            match found {
                Some(p) => cls.dict.set_value_at(p, v),
                None => cls.dict.insert_new(hash, k, v),
            }
        }
        Ok(())
    }

    /// C3 linearisation of `bases` for a new class `c`.
    fn compute_mro(&mut self, c: Gc, bases: &[Gc]) -> PyResult<Vec<Gc>> {
        let mut seqs: Vec<Vec<Gc>> = Vec::new();
        for &b in bases {
            match self.heap.get(b) {
                Obj::Class(bc) => seqs.push(bc.mro.clone()),
                _ => return Err(self.type_error("bases must be types")),
            }
        }
        seqs.push(bases.to_vec());
        let mut out = vec![c];
        loop {
            seqs.retain(|s| !s.is_empty());
            if seqs.is_empty() {
                return Ok(out);
            }
            let cand = seqs
                .iter()
                .map(|s| s[0])
                .find(|h| !seqs.iter().any(|s| s[1..].contains(h)));
            let Some(h) = cand else {
                return Err(
                    self.type_error("Cannot create a consistent method resolution order (MRO)")
                );
            };
            out.push(h);
            for s in seqs.iter_mut() {
                if s[0] == h {
                    s.remove(0);
                }
            }
        }
    }

    /// Creates a class object.
    pub fn new_class(
        &mut self,
        meta: Value,
        name: Value,
        bases: Vec<Gc>,
        ns: &Dict,
    ) -> PyResult<Gc> {
        self.new_class_kw(meta, name, bases, ns, &[])
    }

    /// Creates a class object; `kw` are the class keywords (`class
    /// C(B, flag=5)`, metaclass excluded), passed on to `__init_subclass__`.
    pub fn new_class_kw(
        &mut self,
        meta: Value,
        name: Value,
        bases: Vec<Gc>,
        ns: &Dict,
        kw: &[(Value, Value)],
    ) -> PyResult<Gc> {
        let object = self.type_obj(TypeId::Object);
        let bases = if bases.is_empty() {
            vec![object]
        } else {
            bases
        };
        let mut layout = Layout::Object;
        let mut builtin = None;
        let exc = self.exc_class(ExcKind::BaseException);
        for &b in &bases {
            let Obj::Class(bc) = self.heap.get(b) else {
                return Err(self.type_error("bases must be types"));
            };
            let conflict = match (layout, bc.layout) {
                (Layout::Builtin, Layout::Builtin) => builtin != bc.builtin,
                (Layout::Builtin, Layout::Type) | (Layout::Type, Layout::Builtin) => true,
                _ => false,
            };
            match bc.layout {
                Layout::Exception => layout = Layout::Exception,
                Layout::Builtin if layout == Layout::Object => {
                    layout = Layout::Builtin;
                    builtin = bc.builtin;
                }
                Layout::Type => layout = Layout::Type,
                _ => {}
            }
            if conflict {
                return Err(self.type_error("multiple bases have instance lay-out conflict"));
            }
            if let Some(
                TypeId::Bool
                | TypeId::Function
                | TypeId::BuiltinFunction
                | TypeId::Method
                | TypeId::Cell
                | TypeId::NoneType
                | TypeId::NotImplementedType
                | TypeId::Ellipsis
                | TypeId::Generator
                | TypeId::Coroutine
                | TypeId::AsyncGenerator
                | TypeId::AsyncStep
                | TypeId::Range
                | TypeId::Slice
                | TypeId::MemoryView
                | TypeId::DictKeys
                | TypeId::DictValues
                | TypeId::DictItems,
            ) = bc.builtin
            {
                let n = self.class_name(b);
                return Err(self.type_error(format!("type '{n}' is not an acceptable base type")));
            }
        }
        if bases.iter().any(|&b| self.is_subclass(b, exc)) {
            layout = Layout::Exception;
            builtin = None;
        }
        let mut flags = ClassFlags::default();
        for &b in &bases {
            if let Obj::Class(bc) = self.heap.get(b) {
                let f = bc.flags;
                flags.user_eq |= f.user_eq;
                flags.user_hash |= f.user_hash;
                flags.user_getattr |= f.user_getattr;
                flags.user_getattribute |= f.user_getattribute;
                flags.user_setattr |= f.user_setattr;
                flags.user_delattr |= f.user_delattr;
                flags.user_truth |= f.user_truth;
                flags.user_items |= f.user_items;
            }
        }
        let mut dict = Dict::with_capacity(ns.len());
        for (k, v) in ns.iter() {
            if let Some(s) = self.heap.str_of(k) {
                update_flag(&mut flags, s);
            }
            let h = self.hash(k)?;
            // Plain functions named __new__ / __init_subclass__ are implicitly static / class methods.
            let v = match self.heap.str_of(k) {
                Some("__new__") if matches!(v, Value::Obj(g) if matches!(self.heap.get(g), Obj::Func(_))) => {
                    Value::Obj(self.alloc(Obj::StaticMethod(v))?)
                }
                Some("__init_subclass__" | "__class_getitem__") if matches!(v, Value::Obj(g) if matches!(self.heap.get(g), Obj::Func(_))) => {
                    Value::Obj(self.alloc(Obj::ClassMethod(v))?)
                }
                _ => v,
            };
            dict.insert_new(h, k, v);
        }
        // Equality without a hash makes instances unhashable: a class that
        // defines `__eq__` but not `__hash__` gets `__hash__ = None`.
        if self.dict_get_str_in(&dict, "__eq__").is_some()
            && self.dict_get_str_in(&dict, "__hash__").is_none()
        {
            let k = self.intern("__hash__");
            let h = self.hash(k)?;
            dict.insert_new(h, k, Value::None);
            flags.user_hash = true;
        }
        flags.slotted = self.slots_only(&dict, name, &bases)?;
        let type_obj = self.type_obj(TypeId::Type);
        let metaclass = match meta {
            Value::Obj(m) if m != type_obj => meta,
            _ => Value::Null,
        };
        let qualname = self.dict_get_str_in(&dict, "__qualname__").unwrap_or(name);
        let cls = Class {
            name,
            qualname,
            bases: bases.clone(),
            mro: Vec::new(),
            dict,
            layout,
            builtin,
            metaclass,
            flags,
        };
        let g = self.alloc(Obj::Class(Box::new(cls)))?;
        let mro = self.compute_mro(g, &bases)?;
        if let Obj::Class(c) = self.heap.get_mut(g) {
            c.mro = mro;
        }
        self.attr_cache.invalidate();
        // __set_name__ on descriptors, then __init_subclass__ of the parent.
        let items: Vec<(Value, Value)> = ns.iter().collect();
        for (k, v) in items {
            if self.is_user_instance(v) {
                if let Some(sn) = self.lookup_type_attr(v, "__set_name__") {
                    self.call(sn, &[v, Value::Obj(g), k], &[])?;
                }
            }
        }
        // The hook is the next one in the new class's MRO (what
        // super().__init_subclass__ finds), not only the first base's:
        // `class C(A, B)` runs B's hook when A has none.
        let mro: Vec<Gc> = match self.heap.get(g) {
            Obj::Class(c) => c.mro.clone(),
            _ => Vec::new(),
        };
        for k in mro.into_iter().filter(|&k| k != g) {
            let own = match self.heap.get(k) {
                Obj::Class(c) => self.dict_get_str_in(&c.dict, "__init_subclass__"),
                _ => None,
            };
            if let Some(v) = own {
                if let Value::Obj(isc) = v {
                    if let Obj::ClassMethod(f) = self.heap.get(isc) {
                        let f = *f;
                        // `object.__init_subclass__` does nothing but
                        // refuse keywords: not worth a call otherwise.
                        if !kw.is_empty() || !self.is_object_method(f) {
                            self.call(f, &[Value::Obj(g)], kw)?;
                        }
                    }
                }
                break;
            }
        }
        Ok(g)
    }

    /// The names a class's `__slots__` declares (a single string is one
    /// name), or None when its namespace has no `__slots__`. A private
    /// name (`__x`) is mangled by the class's name `class`, as the
    /// compiler mangles `self.__x` in its methods.
    pub(crate) fn slot_names(&mut self, ns: &Dict, class: Value) -> PyResult<Option<Vec<Value>>> {
        let Some(slots) = self.dict_get_str_in(ns, "__slots__") else {
            return Ok(None);
        };
        let names = if self.heap.str_of(slots).is_some() {
            vec![slots]
        } else {
            self.iter_to_vec(slots)?
        };
        for &n in &names {
            if self.heap.str_of(n).is_none() {
                let t = self.type_name(n);
                return Err(self.type_error(format!("__slots__ items must be strings, not '{t}'")));
            }
        }
        let owner = self
            .heap
            .str_of(class)
            .unwrap_or("")
            .trim_start_matches('_')
            .to_string();
        let mut out = Vec::with_capacity(names.len());
        for n in names {
            let s = self.heap.str_of(n).unwrap_or("");
            if !owner.is_empty() && s.starts_with("__") && !s.ends_with("__") {
                let m = format!("_{owner}{s}");
                out.push(self.intern(&m));
            } else {
                out.push(n);
            }
        }
        Ok(Some(out))
    }

    /// Whether instances of a class with namespace `ns` and `bases` have no
    /// attribute dict (see `ClassFlags::slotted`).
    fn slots_only(&mut self, ns: &Dict, class: Value, bases: &[Gc]) -> PyResult<bool> {
        let Some(names) = self.slot_names(ns, class)? else {
            return Ok(false);
        };
        let mut dict = false;
        for &n in &names {
            let s = self.heap.str_of(n).unwrap_or("").to_string();
            if s == "__dict__" {
                dict = true;
            } else if s != "__weakref__" && self.dict_get_str_in(ns, &s).is_some() {
                return Err(
                    self.value_error(format!("'{s}' in __slots__ conflicts with class variable"))
                );
            }
        }
        if dict {
            return Ok(false);
        }
        let object = self.type_obj(TypeId::Object);
        // Every base must be dict-less too: `object`, a built-in value
        // type itself, or a slotted class.
        Ok(bases.iter().all(|&b| match self.heap.get(b) {
            Obj::Class(bc) => {
                b == object
                    || bc.flags.slotted
                    || (bc.layout == Layout::Builtin
                        && bc.builtin.is_some_and(|t| self.type_obj(t) == b))
            }
            _ => false,
        }))
    }

    /// Whether `name` is a slot of slotted class `c` or one of its bases.
    pub(crate) fn is_slot(&mut self, c: Gc, name: Value) -> PyResult<bool> {
        let mro = match self.heap.get(c) {
            Obj::Class(cls) => cls.mro.clone(),
            _ => return Ok(false),
        };
        for k in mro {
            let (ns, class) = match self.heap.get(k) {
                Obj::Class(kc) if kc.flags.slotted => (kc.dict.clone(), kc.name),
                _ => continue,
            };
            if let Some(names) = self.slot_names(&ns, class)? {
                if names
                    .iter()
                    .any(|n| n.is(name) || self.heap.str_of(*n) == self.heap.str_of(name))
                {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// Calls `name` of the frozen `_genericalias` module, which makes
    /// `list[int]` and `int | str` (rare: kept out of the interpreter).
    pub(crate) fn generic_alias_call(&mut self, name: &str, args: &[Value]) -> PyResult {
        let m = self.import_dotted("_genericalias")?;
        let f = self.getattr_str(m, name)?;
        self.call(f, args, &[])
    }

    /// Whether subscripting class `c` makes a generic alias (`list[int]`):
    /// the built-in containers and `type`, and their subclasses.
    pub(crate) fn is_generic_origin(&self, c: Gc) -> bool {
        matches!(self.heap.get(c), Obj::Class(cls) if matches!(
            cls.builtin,
            Some(TypeId::List | TypeId::Dict | TypeId::Tuple | TypeId::Set | TypeId::FrozenSet | TypeId::Type)
        ))
    }

    /// `a | b` where neither operand handled it: a union when both are
    /// classes or None (at least one a class), else None.
    pub(crate) fn type_union(&mut self, a: Value, b: Value) -> PyResult<Option<Value>> {
        let class = |vm: &Vm, v: Value| matches!(v, Value::Obj(h) if matches!(vm.heap.get(h), Obj::Class(_)));
        let (ca, cb) = (class(self, a), class(self, b));
        if !((ca || a.is_none()) && (cb || b.is_none()) && (ca || cb)) {
            return Ok(None);
        }
        let r = self.generic_alias_call("_union", &[a, b])?;
        Ok((!matches!(r, Value::NotImplemented)).then_some(r))
    }

    /// `key` in a namespace held inline (a class's own `dict`).
    pub(crate) fn dict_get_str_in(&self, d: &Dict, key: &str) -> Option<Value> {
        d.probe_str(&self.heap, crate::heap::str_hash(key), key)
            .map(|p| d.value_at(p))
    }

    /// `__build_class__(func, name, *bases, metaclass=None, **kw)`.
    pub fn build_class(&mut self, args: &[Value], kw: &[(Value, Value)]) -> PyResult {
        if args.len() < 2 {
            return Err(self.type_error("__build_class__: not enough arguments"));
        }
        let (body, name) = (args[0], args[1]);
        let mut bases = Vec::new();
        // PEP 560: a base that is not a class may name the classes to use
        // instead (`class S(Generic[T])`); the bases as written are kept
        // as `__orig_bases__`.
        let mut orig_bases = None;
        let mut resolved = Vec::with_capacity(args.len() - 2);
        for &b in &args[2..] {
            let is_class = matches!(b, Value::Obj(h) if matches!(self.heap.get(h), Obj::Class(_)));
            // Looked up on the base's type, as special methods are: a
            // handle's class has none, so it reaches `foreign_base` below.
            let entries = if is_class {
                None
            } else {
                let t = self.type_of(b);
                self.lookup_mro_str(t, "__mro_entries__")
            };
            match entries {
                Some(f) => {
                    let written = match orig_bases {
                        Some(t) => t,
                        None => {
                            let t = self.new_tuple(args[2..].to_vec())?;
                            orig_bases = Some(t);
                            t
                        }
                    };
                    let r = self.call(f, &[b, written], &[])?;
                    resolved.extend(self.iter_to_vec(r)?);
                }
                None => resolved.push(b),
            }
        }
        for b in resolved {
            match b {
                Value::Obj(h) if matches!(self.heap.get(h), Obj::Class(_)) => bases.push(h),
                _ => {
                    let class = self.heap.str_of(name).unwrap_or("?").to_string();
                    if let Some(e) = crate::compartment::handle::foreign_base(self, b, &class) {
                        return Err(e);
                    }
                    return Err(self.type_error("bases must be types"));
                }
            }
        }
        let mut meta = Value::Obj(self.type_obj(TypeId::Type));
        let mut extra_kw = Vec::new();
        for &(k, v) in kw {
            if self.heap.str_of(k) == Some("metaclass") {
                meta = v;
            } else {
                extra_kw.push((k, v));
            }
        }
        if kw
            .iter()
            .all(|(k, _)| self.heap.str_of(*k) != Some("metaclass"))
        {
            for &b in &bases {
                let bm = self.type_of(Value::Obj(b));
                if let Value::Obj(m) = meta {
                    if self.is_subclass(bm, m) {
                        meta = Value::Obj(bm);
                    }
                }
            }
        }
        let ns = self.prepare_namespace(meta, name, &bases, &extra_kw)?;
        self.run_class_body(body, ns)?;
        if let Some(t) = orig_bases {
            let k = self.intern("__orig_bases__");
            self.setitem(ns, k, t)?;
        }
        let type_obj = Value::Obj(self.type_obj(TypeId::Type));
        let cls = if meta.is(type_obj) {
            let nsd = match ns {
                Value::Obj(h) => match self.heap.get(h) {
                    Obj::Dict(d) => (**d).clone(),
                    _ => Dict::new(),
                },
                _ => Dict::new(),
            };
            Value::Obj(self.new_class_kw(meta, name, bases, &nsd, &extra_kw)?)
        } else {
            let bt: Vec<Value> = bases.iter().map(|b| Value::Obj(*b)).collect();
            let bt = self.new_tuple(bt)?;
            self.call(meta, &[name, bt, ns], &extra_kw)?
        };
        if let Some(Value::Obj(cell)) = self.namespace_get(ns, "__classcell__")? {
            if let Obj::Cell(c) = self.heap.get_mut(cell) {
                *c = cls;
            }
        }
        Ok(cls)
    }

    /// The namespace a class body runs in: a new dict, or what the
    /// metaclass's `__prepare__(name, bases, **kw)` returns (`enum` uses a
    /// dict subclass to see each name as the body binds it).
    fn prepare_namespace(
        &mut self,
        meta: Value,
        name: Value,
        bases: &[Gc],
        kw: &[(Value, Value)],
    ) -> PyResult {
        let type_obj = self.type_obj(TypeId::Type);
        let prepare = match meta {
            Value::Obj(m) if m != type_obj && matches!(self.heap.get(m), Obj::Class(_)) => {
                self.lookup_mro_str(m, "__prepare__")
            }
            _ => None,
        };
        // type's own __prepare__ makes a dict: done here without a call.
        let plain = self.lookup_mro_str(type_obj, "__prepare__");
        if prepare.is_none() || prepare.is_some_and(|p| plain.is_some_and(|q| p.is(q))) {
            return self.new_dict();
        }
        // Through getattr, so a classmethod or staticmethod binds as usual.
        let f = self.getattr_str(meta, "__prepare__")?;
        let bt: Vec<Value> = bases.iter().map(|b| Value::Obj(*b)).collect();
        let bt = self.new_tuple(bt)?;
        let ns = self.call(f, &[name, bt], kw)?;
        let mapping = self.lookup_type_attr(ns, "__getitem__").is_some()
            && self.lookup_type_attr(ns, "__setitem__").is_some();
        if !mapping {
            let m = self.getattr_str(meta, "__name__")?;
            let m = self.heap.str_of(m).unwrap_or("?").to_string();
            let t = self.type_name(ns);
            return Err(
                self.type_error(format!("{m}.__prepare__() must return a mapping, not {t}"))
            );
        }
        Ok(ns)
    }

    /// `ns[key]` for a class namespace, None when missing: a plain dict
    /// is read directly, a prepared mapping through `__getitem__`.
    fn namespace_get(&mut self, ns: Value, key: &str) -> PyResult<Option<Value>> {
        let Value::Obj(h) = ns else { return Ok(None) };
        if matches!(self.heap.get(h), Obj::Dict(_)) {
            return Ok(self.dict_get_str(h, key));
        }
        let k = self.intern(key);
        match self.getitem(ns, k) {
            Ok(v) => Ok(Some(v)),
            Err(e) if self.err_is(e, crate::errors::ExcKind::KeyError) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// `C(*args, **kw)`.
    pub fn call_class(&mut self, c: Gc, args: &[Value], kw: &[(Value, Value)]) -> PyResult {
        let (builtin, layout) = match self.heap.get(c) {
            Obj::Class(cls) => (cls.builtin, cls.layout),
            _ => return Err(self.type_error("not a class")),
        };
        // Exactly a built-in type: its constructor.
        if let Some(t) = builtin {
            if self.type_obj(t) == c {
                return crate::builtins::construct(self, t, c, args, kw);
            }
        }
        let user_new = self.user_new(c);
        let obj = match user_new {
            Some(f) => {
                let mut a = Vec::with_capacity(args.len() + 1);
                a.push(Value::Obj(c));
                a.extend_from_slice(args);
                self.call(f, &a, kw)?
            }
            None => self.default_new(c, layout, builtin, args, kw)?,
        };
        if !self.isinstance(obj, c) {
            return Ok(obj);
        }
        if layout == Layout::Type {
            return Ok(obj);
        }
        match self.lookup_mro_str(c, "__init__") {
            // A native `__new__` (collections, io) builds the whole object;
            // the built-in `__init__` it inherits would rebuild it.
            Some(init)
                if !(self.is_object_method(init)
                    || self.is_default_method(init) && self.is_native(user_new)) =>
            {
                let mut a = Vec::with_capacity(args.len() + 1);
                a.push(obj);
                a.extend_from_slice(args);
                let r = self.call(init, &a, kw)?;
                if !r.is_none() {
                    let t = self.type_name(r);
                    return Err(
                        self.type_error(format!("__init__() should return None, not '{t}'"))
                    );
                }
            }
            _ => {
                if user_new.is_none()
                    && layout == Layout::Object
                    && (!args.is_empty() || !kw.is_empty())
                {
                    let n = self.class_name(c);
                    return Err(self.type_error(format!("{n}() takes no arguments")));
                }
            }
        }
        Ok(obj)
    }

    /// The `__new__` of class `c` when Python code defines it (None when
    /// it is a built-in type's, which is what `default_new` does).
    pub(crate) fn user_new(&mut self, c: Gc) -> Option<Value> {
        let Value::Obj(h) = self.lookup_mro_str(c, "__new__")? else {
            return None;
        };
        match self.heap.get(h) {
            Obj::StaticMethod(f) if !self.is_default_method(*f) => Some(*f),
            Obj::Func(_) => Some(Value::Obj(h)),
            _ => None,
        }
    }

    fn is_native(&self, v: Option<Value>) -> bool {
        matches!(v, Some(Value::Obj(h)) if matches!(self.heap.get(h), Obj::Native(_)))
    }

    /// `object.__new__(c)` for each instance layout.
    pub fn default_new(
        &mut self,
        c: Gc,
        layout: Layout,
        builtin: Option<TypeId>,
        args: &[Value],
        kw: &[(Value, Value)],
    ) -> PyResult {
        Ok(match layout {
            Layout::Exception => {
                let c = crate::types::exception::os_error_subclass(self, c, args).unwrap_or(c);
                let t = self.new_tuple(args.to_vec())?;
                Value::Obj(self.alloc(Obj::Exception(Box::new(ExcObj {
                    class: c,
                    args: t,
                    dict: Dict::new(),
                    traceback: Vec::new(),
                    cause: Value::None,
                    context: Value::None,
                    suppress_context: false,
                })))?)
            }
            Layout::Builtin => {
                let t = builtin.unwrap_or(TypeId::Object);
                let tobj = self.type_obj(t);
                // Mutable built-ins start empty: their `__init__` fills them.
                let mutable = matches!(
                    t,
                    TypeId::List | TypeId::Dict | TypeId::Set | TypeId::ByteArray
                );
                let (args, kw) = if mutable {
                    (&[][..], &[][..])
                } else {
                    (args, kw)
                };
                let base = crate::builtins::construct(self, t, tobj, args, kw)?;
                Value::Obj(self.alloc(Obj::Instance(Instance::new(c, base)))?)
            }
            Layout::Type => {
                if args.len() != 3 {
                    return Err(self.type_error("type() takes 1 or 3 arguments"));
                }
                let items = self.seq_items(args[1])?;
                let mut bases = Vec::with_capacity(items.len());
                for b in items {
                    match b {
                        Value::Obj(h) if matches!(self.heap.get(h), Obj::Class(_)) => bases.push(h),
                        _ => return Err(self.type_error("bases must be types")),
                    }
                }
                let ns = match self.builtin_base(args[2]) {
                    Value::Obj(h) => match self.heap.get(h) {
                        Obj::Dict(d) => (**d).clone(),
                        _ => return Err(self.type_error("type() argument 3 must be dict")),
                    },
                    _ => return Err(self.type_error("type() argument 3 must be dict")),
                };
                Value::Obj(self.new_class_kw(Value::Obj(c), args[0], bases, &ns, kw)?)
            }
            Layout::Object => Value::Obj(self.alloc(Obj::Instance(Instance::new(c, Value::Null)))?),
        })
    }
}
