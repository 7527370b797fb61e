//! Attribute lookup: instance dicts, class MROs, descriptors (functions,
//! properties, class/static methods) and `__getattr__` fallbacks.

use crate::errors::ExcKind;
use crate::obj::Obj;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

impl Vm {
    /// Looks `name` up along the MRO of class `c` (no descriptor binding).
    pub fn lookup_mro(&self, c: Gc, name: Value) -> Option<Value> {
        let Value::Obj(n) = name else { return None };
        if let Some(hit) = self.attr_cache.get(c, n) {
            return hit;
        }
        let found = self.lookup_mro_uncached(c, name);
        self.attr_cache.put(c, n, found);
        found
    }

    fn lookup_mro_uncached(&self, c: Gc, name: Value) -> Option<Value> {
        let hash = self.heap.pystr(name)?.hash();
        let Obj::Class(cls) = self.heap.get(c) else {
            return None;
        };
        for &k in &cls.mro {
            if let Obj::Class(kc) = self.heap.get(k) {
                if let Some(p) = kc.dict.probe_name(&self.heap, hash, name) {
                    return Some(kc.dict.value_at(p));
                }
            }
        }
        None
    }

    /// The cached special-method flags of class `c`.
    #[inline]
    pub fn class_flags(&self, c: Gc) -> crate::obj::ClassFlags {
        match self.heap.get(c) {
            Obj::Class(cls) => cls.flags,
            _ => crate::obj::ClassFlags::default(),
        }
    }

    /// The special method `name` as the metaclass of class `c` defines it
    /// in Python code (`class M(type): def __len__(cls): ...`), so the
    /// language applies it to the class. None for classes whose metaclass
    /// is `type` (no lookup at all) or when only `type` provides it.
    pub fn meta_method(&mut self, c: Gc, name: &'static str) -> Option<Value> {
        let Obj::Class(cls) = self.heap.get(c) else {
            return None;
        };
        let Value::Obj(m) = cls.metaclass else {
            return None;
        };
        self.lookup_mro_str(m, name)
            .filter(|&f| !self.is_default_method(f))
    }

    /// `lookup_mro` by a name given as text (special-method names).
    pub fn lookup_mro_str(&mut self, c: Gc, name: &'static str) -> Option<Value> {
        let n = self.intern_static(name);
        self.lookup_mro(c, n)
    }

    /// A special method of `v`'s type, looked up on the type only (as CPython does).
    pub fn lookup_type_attr(&mut self, v: Value, name: &'static str) -> Option<Value> {
        let t = self.type_of(v);
        self.lookup_mro_str(t, name)
    }

    /// Whether `m` is a native method of a built-in type (`object.__eq__`,
    /// `list.__len__`) or of `BaseException` (`__str__`, `__repr__`): the
    /// runtime's own behaviour, which the interpreter applies directly
    /// instead of calling the method (and so without allocating, which
    /// MicroPython's tests of raising under a locked heap rely on).
    pub fn is_default_method(&self, m: Value) -> bool {
        match m {
            Value::Obj(h) => match self.heap.get(h) {
                Obj::Native(n) => match n.owner {
                    Value::Obj(o) => match self.heap.get(o) {
                        Obj::Class(c) => {
                            c.builtin.is_some_and(|t| self.type_obj(t) == o)
                                || self.exc_classes.first() == Some(&o)
                        }
                        _ => false,
                    },
                    _ => false,
                },
                _ => false,
            },
            _ => false,
        }
    }

    /// Whether `m` is a native method of `object` itself.
    pub fn is_object_method(&self, m: Value) -> bool {
        matches!(m, Value::Obj(h) if matches!(self.heap.get(h), Obj::Native(n)
            if n.owner.is(Value::Obj(self.type_obj(crate::types::TypeId::Object)))))
    }

    /// The special method `name` of `v`'s class when Python code defined it;
    /// None when only a built-in type provides it (the caller then applies
    /// the built-in behaviour to the instance's built-in value).
    pub fn lookup_override(&mut self, v: Value, name: &'static str) -> Option<Value> {
        self.lookup_type_attr(v, name)
            .filter(|&m| !self.is_default_method(m))
    }

    /// Calls special method `m`, found on the class of `this`, as the
    /// interpreter does for operators: bound to `this` as attribute access
    /// binds it. A static method gets only `args`, a class method the
    /// class and `args`, a function or a native `this` and `args`; what is
    /// no descriptor (a bound method, a class, a callable object without
    /// `__get__`) is called with `args` alone, and so is a builtin or
    /// module function (`__len__ = len`), as CPython does not bind them.
    pub fn call_special(&mut self, m: Value, this: Value, args: &[Value]) -> PyResult {
        if let Value::Obj(h) = m {
            match self.heap.get(h) {
                Obj::StaticMethod(f) => {
                    let f = *f;
                    return self.call(f, args, &[]);
                }
                Obj::ClassMethod(f) => {
                    let f = *f;
                    let c = Value::Obj(self.type_of(this));
                    return self.call_with_first(f, c, args);
                }
                Obj::BoundMethod { .. } | Obj::Class(_) => return self.call(m, args, &[]),
                Obj::Instance(_) => return self.call_descriptor(m, this, args),
                Obj::Native(_) if self.is_builtin_function(h) => return self.call(m, args, &[]),
                _ => {}
            }
        }
        self.call_with_first(m, this, args)
    }

    /// Whether native `h` is a builtin function (`print`, `len`) or a
    /// module's (`math.sqrt`), which CPython never binds (they are no
    /// descriptors), rather than a method of a type. Methods of classes
    /// made in Rust may name no owner, or their module, so a native counts
    /// as a function only when it is the one its module (the builtins
    /// module when unowned) holds under its name.
    pub(crate) fn is_builtin_function(&self, h: Gc) -> bool {
        let Obj::Native(n) = self.heap.get(h) else {
            return false;
        };
        let module = match n.owner {
            Value::Obj(o) if matches!(self.heap.get(o), Obj::Module(_)) => o,
            Value::None => self.builtins,
            _ => return false,
        };
        let d = crate::import::module_dict(self, module);
        self.dict_get_str(d, n.name)
            .is_some_and(|v| v.is(Value::Obj(h)))
    }

    /// [`Self::call_special`] for an object found on the class: its
    /// `__get__`'s result when it has one, else the object itself, called
    /// with `args`.
    fn call_descriptor(&mut self, m: Value, this: Value, args: &[Value]) -> PyResult {
        let Some(get) = self.lookup_type_attr(m, "__get__") else {
            return self.call(m, args, &[]);
        };
        let t = Value::Obj(self.type_of(this));
        let bound = self.call(get, &[m, this, t], &[])?;
        self.call(bound, args, &[])
    }

    fn call_with_first(&mut self, f: Value, first: Value, args: &[Value]) -> PyResult {
        if args.len() <= 3 {
            let mut buf = [Value::None; 4];
            buf[0] = first;
            buf[1..=args.len()].copy_from_slice(args);
            return self.call(f, &buf[..=args.len()], &[]);
        }
        let mut v = Vec::with_capacity(args.len() + 1);
        v.push(first);
        v.extend_from_slice(args);
        self.call(f, &v, &[])
    }

    pub fn getattr_str(&mut self, obj: Value, name: &str) -> PyResult {
        let n = self.intern(name);
        self.getattr(obj, n)
    }

    /// `obj.name`.
    pub fn getattr(&mut self, obj: Value, name: Value) -> PyResult {
        match self.getattr_opt(obj, name)? {
            Some(v) => Ok(v),
            None => {
                let n = self.heap.str_of(name).unwrap_or("?").to_string();
                Err(self.attribute_error(obj, &n))
            }
        }
    }

    /// `obj.name`, or None when it does not exist (AttributeError suppressed).
    pub fn getattr_opt(&mut self, obj: Value, name: Value) -> PyResult<Option<Value>> {
        if let Some(v) = self.instance_attr_fast(obj, name) {
            return Ok(Some(v));
        }
        if let Value::Obj(h) = obj {
            match self.heap.get(h) {
                Obj::Module(m) => {
                    let d = m.dict;
                    if let Some(v) = self.dict_get(Value::Obj(d), name)? {
                        return Ok(Some(v));
                    }
                    if let Some(v) = crate::types::special_attr(self, obj, name)? {
                        return Ok(Some(v));
                    }
                    return self.module_getattr_hook(d, name);
                }
                Obj::Class(_) => return self.class_getattr(h, name),
                Obj::Super { class, this } => {
                    let (class, this) = (*class, *this);
                    if let Some(v) = self.super_getattr(class, this, name)? {
                        return Ok(Some(v));
                    }
                    // Not found along the MRO: the super object's own
                    // attributes (`__class__`, ...) as for any object.
                }
                _ => {}
            }
        }
        let t = self.type_of(obj);
        let user = self.is_user_instance(obj);
        if user && self.class_flags(t).user_getattribute {
            if let Some(ga) = self.lookup_mro_str(t, "__getattribute__") {
                if !self.is_default_method(ga) {
                    return match self.call(ga, &[obj, name], &[]) {
                        Ok(v) => Ok(Some(v)),
                        Err(e) if self.err_is(e, ExcKind::AttributeError) => {
                            self.getattr_fallback(obj, t, name)
                        }
                        Err(e) => Err(e),
                    };
                }
            }
        }
        if let Some(v) = self.getattr_generic(obj, t, name)? {
            return Ok(Some(v));
        }
        if user {
            return self.getattr_fallback(obj, t, name);
        }
        Ok(None)
    }

    /// `object.__getattribute__`: `obj.name` of an object of type `t` by
    /// the rules alone (data descriptors of the class, then the instance's
    /// own attributes, then the class's), without the hooks a class may
    /// define (`__getattribute__`, `__getattr__`).
    pub fn getattr_generic(&mut self, obj: Value, t: Gc, name: Value) -> PyResult<Option<Value>> {
        let class_attr = self.lookup_mro(t, name);
        if let Some(a) = class_attr {
            if let Some(r) = self.data_descriptor_get(a, obj)? {
                return Ok(Some(r));
            }
        }
        if let Some(v) = self.instance_dict_get(obj, name)? {
            return Ok(Some(v));
        }
        if let Some(a) = class_attr {
            return Ok(Some(self.bind(a, obj, t)?));
        }
        if let Some(v) = crate::types::special_attr(self, obj, name)? {
            return Ok(Some(v));
        }
        Ok(self.exc_alias_attr(obj, name))
    }

    /// The common case of `obj.name` on an instance: no `__getattribute__`,
    /// nothing of that name on the class (so no descriptor can intervene),
    /// and the name among the instance's attributes. None sends the
    /// caller the long way.
    #[inline]
    fn instance_attr_fast(&self, obj: Value, name: Value) -> Option<Value> {
        let Obj::Instance(inst) = self.heap.get(obj.as_obj()?) else {
            return None;
        };
        if self.class_flags(inst.class).user_getattribute
            || self.lookup_mro(inst.class, name).is_some()
        {
            return None;
        }
        let hash = self.heap.pystr(name)?.hash();
        self.inst_get(inst, name, hash)
    }

    /// A module-level `__getattr__(name)` (PEP 562) for missing attributes.
    fn module_getattr_hook(&mut self, d: Gc, name: Value) -> PyResult<Option<Value>> {
        let Some(hook) = self.dict_get_str(d, "__getattr__") else {
            return Ok(None);
        };
        match self.call(hook, &[name], &[]) {
            Ok(v) => Ok(Some(v)),
            Err(e) if self.err_is(e, ExcKind::AttributeError) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// MicroPython makes `.value` and `.errno` aliases of `args[0]` on every
    /// exception instance (tests probe `er.value` on a TypeError).
    fn exc_alias_attr(&mut self, obj: Value, name: Value) -> Option<Value> {
        let Value::Obj(h) = obj else { return None };
        if !matches!(self.heap.get(h), Obj::Exception(_)) {
            return None;
        }
        match self.heap.str_of(name) {
            Some("value") | Some("errno") => Some(self.err_arg0(crate::PyErr(h))),
            _ => None,
        }
    }

    fn getattr_fallback(&mut self, obj: Value, t: Gc, name: Value) -> PyResult<Option<Value>> {
        match self.lookup_mro_str(t, "__getattr__") {
            Some(ga) => match self.call(ga, &[obj, name], &[]) {
                Ok(v) => Ok(Some(v)),
                Err(e) if self.err_is(e, ExcKind::AttributeError) => Err(e),
                Err(e) => Err(e),
            },
            None => Ok(None),
        }
    }

    fn instance_dict_get(&mut self, obj: Value, name: Value) -> PyResult<Option<Value>> {
        Ok(self.own_attr(obj, name))
    }

    /// Property getters (data descriptors) take precedence over the instance dict.
    fn data_descriptor_get(&mut self, attr: Value, obj: Value) -> PyResult<Option<Value>> {
        let Value::Obj(h) = attr else { return Ok(None) };
        match self.heap.get(h) {
            Obj::Property { fget, .. } => {
                let fget = *fget;
                if fget.is_none() {
                    return Err(self.error(ExcKind::AttributeError, "property has no getter"));
                }
                Ok(Some(self.call(fget, &[obj], &[])?))
            }
            Obj::Instance(_) => {
                // User-defined descriptors with __get__ and __set__.
                if self.lookup_type_attr(attr, "__set__").is_some() {
                    if let Some(g) = self.lookup_type_attr(attr, "__get__") {
                        let t = Value::Obj(self.type_of(obj));
                        return Ok(Some(self.call(g, &[attr, obj, t], &[])?));
                    }
                }
                Ok(None)
            }
            _ => Ok(None),
        }
    }

    /// Natives owned by a type are methods and bind `self`; builtin and
    /// module functions stored as class attributes (`f = abs`) do not.
    fn native_is_method(&self, h: Gc) -> bool {
        match self.heap.get(h) {
            Obj::Native(n) => match n.owner {
                Value::Obj(o) => matches!(self.heap.get(o), Obj::Class(_)),
                _ => false,
            },
            _ => false,
        }
    }

    /// Binds a class attribute found for instance `obj` of class `t`.
    fn bind(&mut self, attr: Value, obj: Value, t: Gc) -> PyResult {
        let Value::Obj(h) = attr else { return Ok(attr) };
        match self.heap.get(h) {
            Obj::Func(_) => Ok(Value::Obj(self.alloc(Obj::BoundMethod {
                this: obj,
                func: attr,
            })?)),
            Obj::Native(_) if self.native_is_method(h) => {
                Ok(Value::Obj(self.alloc(Obj::BoundMethod {
                    this: obj,
                    func: attr,
                })?))
            }
            Obj::ClassMethod(f) => {
                let f = *f;
                Ok(Value::Obj(self.alloc(Obj::BoundMethod {
                    this: Value::Obj(t),
                    func: f,
                })?))
            }
            Obj::StaticMethod(f) => Ok(*f),
            Obj::Instance(_) => match self.lookup_type_attr(attr, "__get__") {
                Some(g) => self.call(g, &[attr, obj, Value::Obj(t)], &[]),
                None => Ok(attr),
            },
            _ => Ok(attr),
        }
    }

    /// Attribute of a class object: MRO lookup, then the metaclass.
    fn class_getattr(&mut self, c: Gc, name: Value) -> PyResult<Option<Value>> {
        // A data descriptor of the metaclass (a property) comes before the
        // class's own attributes, as in CPython.
        let meta = self.type_of(Value::Obj(c));
        let meta_attr = if meta != self.type_obj(crate::types::TypeId::Type) {
            self.lookup_mro(meta, name)
        } else {
            None
        };
        if let Some(a) = meta_attr {
            if let Some(v) = self.data_descriptor_get(a, Value::Obj(c))? {
                return Ok(Some(v));
            }
        }
        if let Some(a) = self.lookup_mro(c, name) {
            let Value::Obj(h) = a else { return Ok(Some(a)) };
            return Ok(Some(match self.heap.get(h) {
                Obj::ClassMethod(f) => {
                    let f = *f;
                    Value::Obj(self.alloc(Obj::BoundMethod {
                        this: Value::Obj(c),
                        func: f,
                    })?)
                }
                Obj::StaticMethod(f) => *f,
                Obj::Instance(_) => match self.lookup_type_attr(a, "__get__") {
                    Some(g) => self.call(g, &[a, Value::None, Value::Obj(c)], &[])?,
                    None => a,
                },
                _ => a,
            }));
        }
        if let Some(v) = crate::types::special_attr(self, Value::Obj(c), name)? {
            return Ok(Some(v));
        }
        if let Some(a) = meta_attr {
            return Ok(Some(self.bind(a, Value::Obj(c), meta)?));
        }
        let ty = self.type_obj(crate::types::TypeId::Type);
        if let Some(a) = self.lookup_mro(ty, name) {
            return Ok(Some(self.bind(a, Value::Obj(c), ty)?));
        }
        // Missing everywhere: a metaclass's `__getattr__` has the last word.
        if meta != ty {
            return self.getattr_fallback(Value::Obj(c), meta, name);
        }
        Ok(None)
    }

    /// `super().name`: search the MRO of `this` after `class`.
    fn super_getattr(&mut self, class: Gc, this: Value, name: Value) -> PyResult<Option<Value>> {
        // `this` is a class in a class method (search its own MRO), but
        // not in a metaclass's method (`super().__call__` in `M.__call__`:
        // search the MRO of its metaclass, as for any instance).
        let class_case = matches!(this, Value::Obj(h)
            if matches!(self.heap.get(h), Obj::Class(_)) && self.is_subclass(h, class));
        let start = match this {
            Value::Obj(h) if class_case => h,
            _ => self.type_of(this),
        };
        let mro = match self.heap.get(start) {
            Obj::Class(c) => c.mro.clone(),
            _ => Vec::new(),
        };
        let Some(s) = self.heap.pystr(name) else {
            return Ok(None);
        };
        let (hash, key) = (s.hash(), s.s.to_string());
        let pos = mro
            .iter()
            .position(|&k| k == class)
            .map_or(mro.len(), |p| p + 1);
        for &k in &mro[pos..] {
            let found = match self.heap.get(k) {
                Obj::Class(kc) => kc
                    .dict
                    .probe_str(&self.heap, hash, &key)
                    .map(|p| kc.dict.value_at(p)),
                _ => None,
            };
            if let Some(a) = found {
                let t = self.type_of(this);
                return Ok(Some(match a {
                    Value::Obj(ah) if matches!(self.heap.get(ah), Obj::Property { .. }) => {
                        self.data_descriptor_get(a, this)?.unwrap_or(Value::None)
                    }
                    _ if class_case => match a {
                        Value::Obj(ah) => match self.heap.get(ah) {
                            Obj::ClassMethod(f) => {
                                let f = *f;
                                Value::Obj(self.alloc(Obj::BoundMethod { this, func: f })?)
                            }
                            Obj::StaticMethod(f) => *f,
                            _ => a,
                        },
                        _ => a,
                    },
                    _ => self.bind(a, this, t)?,
                }));
            }
        }
        Ok(None)
    }

    /// Method-call fast path: returns (function, self) when the attribute
    /// is a plain method, avoiding a bound-method allocation; else (attr, Null).
    pub fn load_method(&mut self, obj: Value, name: Value) -> PyResult<(Value, Value)> {
        let plain = match obj {
            Value::Obj(h) => !matches!(
                self.heap.get(h),
                Obj::Module(_) | Obj::Class(_) | Obj::Super { .. }
            ),
            _ => true,
        };
        if plain {
            let t = self.type_of(obj);
            let has_getattribute = self.class_flags(t).user_getattribute
                && self.is_user_instance(obj)
                && self
                    .lookup_mro_str(t, "__getattribute__")
                    .is_some_and(|g| !self.is_default_method(g));
            if !has_getattribute {
                if let Some(a @ Value::Obj(ah)) = self.lookup_mro(t, name) {
                    if (matches!(self.heap.get(ah), Obj::Func(_)) || self.native_is_method(ah))
                        && self.instance_dict_get(obj, name)?.is_none()
                    {
                        return Ok((a, obj));
                    }
                }
            }
        }
        Ok((self.getattr(obj, name)?, Value::Null))
    }

    /// `obj.name = v`.
    pub fn setattr(&mut self, obj: Value, name: Value, v: Value) -> PyResult<()> {
        let t = self.type_of(obj);
        if self.is_user_instance(obj) {
            if let Some(sa) = self.lookup_mro_str(t, "__setattr__") {
                if !self.is_default_method(sa) {
                    self.call(sa, &[obj, name, v], &[])?;
                    return Ok(());
                }
            }
            if let Some(a @ Value::Obj(ah)) = self.lookup_mro(t, name) {
                match self.heap.get(ah) {
                    Obj::Property { fset, .. } => {
                        let fset = *fset;
                        if fset.is_none() {
                            let n = self.heap.str_of(name).unwrap_or("?").to_string();
                            let tn = self.class_name(t);
                            return Err(self.error(
                                ExcKind::AttributeError,
                                format!("property '{n}' of '{tn}' object has no setter"),
                            ));
                        }
                        self.call(fset, &[obj, v], &[])?;
                        return Ok(());
                    }
                    Obj::Instance(_) => {
                        if let Some(s) = self.lookup_type_attr(a, "__set__") {
                            self.call(s, &[a, obj, v], &[])?;
                            return Ok(());
                        }
                    }
                    _ => {}
                }
            }
        }
        self.generic_setattr(obj, name, v)
    }

    /// `object.__setattr__`: store in the instance (or class/module) dict.
    pub fn generic_setattr(&mut self, obj: Value, name: Value, v: Value) -> PyResult<()> {
        match self.heap.str_of(name) {
            Some("__class__") => return self.set_class(obj, v),
            Some("__dict__") if crate::types::object::has_instance_dict(self, obj) => {
                return crate::types::object::set_instance_dict(self, obj, v);
            }
            _ => {}
        }
        let Value::Obj(h) = obj else {
            return Err(self.readonly_attr(obj, name));
        };
        // A bare `object()` has no attribute dict (as in CPython); an
        // instance of a slotted class has only its slots (checked below,
        // for new names).
        let mut slotted = None;
        if let Obj::Instance(i) = self.heap.get(h) {
            if i.class == self.type_obj(crate::types::TypeId::Object) {
                return Err(self.readonly_attr(obj, name));
            }
            if self.class_flags(i.class).slotted {
                slotted = Some(i.class);
            }
        }
        self.check_attr_writable(h, name)?;
        let hash = self.hash(name)?;
        if let Obj::Instance(i) = self.heap.get(h) {
            if self.inst_get(i, name, hash).is_none() {
                if let Some(c) = slotted {
                    if !self.is_slot(c, name)? {
                        return Err(self.readonly_attr(obj, name));
                    }
                }
                self.charge(32)?;
            }
            return self.inst_set(h, name, hash, v);
        }
        let is_new = {
            let d = match self.heap.get(h) {
                Obj::Exception(e) => &e.dict,
                Obj::Func(f) => match f.ext_dict {
                    Some(d) if !crate::types::object::func_slot_name(&self.heap, name) => {
                        return self.dict_set(Value::Obj(d), name, v)
                    }
                    _ => &f.dict,
                },
                Obj::Class(c) => &c.dict,
                Obj::Module(m) => {
                    let d = m.dict;
                    return self.dict_set(Value::Obj(d), name, v);
                }
                _ => return Err(self.readonly_attr(obj, name)),
            };
            match d.probe(&self.heap, hash, name) {
                crate::dict::Probe::Found(p) => Some(p),
                _ => None,
            }
        };
        self.charge(32)?;
        // Only the names that set a class flag (see `update_flag`).
        let flag_name = match self.heap.get(h) {
            Obj::Class(_) => self
                .heap
                .str_of(name)
                .filter(|s| {
                    let mut probe = crate::obj::ClassFlags::default();
                    crate::types::class::update_flag(&mut probe, s);
                    probe != crate::obj::ClassFlags::default()
                })
                .map(|s| s.to_string()),
            _ => None,
        };
        match self.heap.get_mut(h) {
            Obj::Exception(e) => set_in(&mut e.dict, is_new, hash, name, v),
            Obj::Func(f) => set_in(&mut f.dict, is_new, hash, name, v),
            Obj::Class(c) => {
                self.attr_cache.invalidate();
                set_in(&mut c.dict, is_new, hash, name, v);
                if let Some(n) = flag_name {
                    // Subclasses inherit the behaviour: flag them too.
                    self.heap.for_each_class_mut(|c| {
                        if c.mro.contains(&h) {
                            crate::types::class::update_flag(&mut c.flags, &n);
                        }
                    });
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// `obj.__class__ = c`: allowed between classes whose instances have the
    /// same layout (plain instances, the same built-in base, exceptions).
    fn set_class(&mut self, obj: Value, v: Value) -> PyResult<()> {
        let new = match v {
            Value::Obj(c) if matches!(self.heap.get(c), Obj::Class(_)) => c,
            _ => {
                let t = self.type_name(v);
                return Err(self.type_error(format!(
                    "__class__ must be set to a class, not '{t}' object"
                )));
            }
        };
        let shape = |vm: &Self, c: Gc| match vm.heap.get(c) {
            Obj::Class(k) => {
                let builtin_itself = k.builtin.is_some_and(|t| vm.type_obj(t) == c);
                Some((k.layout, k.builtin, builtin_itself))
            }
            _ => None,
        };
        let Value::Obj(h) = obj else {
            return Err(self.type_error(CLASS_ASSIGN_ONLY));
        };
        let old = match self.heap.get(h) {
            Obj::Instance(i) => i.class,
            Obj::Exception(e) => e.class,
            _ => return Err(self.type_error(CLASS_ASSIGN_ONLY)),
        };
        let (Some(was), Some(now)) = (shape(self, old), shape(self, new)) else {
            return Err(self.type_error(CLASS_ASSIGN_ONLY));
        };
        if now.2 && now.0 != crate::obj::Layout::Object {
            return Err(self.type_error(CLASS_ASSIGN_ONLY));
        }
        let exc = self.exc_class(ExcKind::BaseException);
        let same_layout = (was.0, was.1) == (now.0, now.1)
            || (self.is_subclass(old, exc) && self.is_subclass(new, exc));
        if !same_layout || new == self.type_obj(crate::types::TypeId::Object) {
            let (n, o) = (self.class_name(new), self.class_name(old));
            return Err(self.type_error(format!(
                "__class__ assignment: '{n}' object layout differs from '{o}'"
            )));
        }
        match self.heap.get_mut(h) {
            Obj::Instance(i) => i.class = new,
            Obj::Exception(e) => e.class = new,
            _ => {}
        }
        Ok(())
    }

    /// Built-in types (and the built-in exception classes, and the class
    /// of compartment handles) are immutable,
    /// and a function's `__globals__`/`__closure__` are read-only. (CPython
    /// says "set" for deletion too.)
    fn check_attr_writable(&mut self, h: Gc, name: Value) -> PyResult<()> {
        let immutable_type = match self.heap.get(h) {
            // The built-in types themselves, not user subclasses of them.
            Obj::Class(c) => {
                c.builtin.is_some_and(|t| self.type_obj(t) == h)
                    || self.exc_classes.contains(&h)
                    // The switcher's class of handles: calls of handles go
                    // straight to it (call.rs), and nothing a handle does
                    // may be redefined by the code that holds it.
                    || self.comp.handle_class == Some(h)
            }
            Obj::Func(_) => {
                if matches!(self.heap.str_of(name), Some("__globals__" | "__closure__")) {
                    return Err(self.error(ExcKind::AttributeError, "readonly attribute"));
                }
                false
            }
            _ => false,
        };
        if immutable_type {
            let n = self.heap.str_of(name).unwrap_or("?").to_string();
            let t = self.class_name(h);
            return Err(self.type_error(format!(
                "cannot set '{n}' attribute of immutable type '{t}'"
            )));
        }
        Ok(())
    }

    fn readonly_attr(&mut self, obj: Value, name: Value) -> crate::PyErr {
        let n = self.heap.str_of(name).unwrap_or("?").to_string();
        let t = self.type_name(obj);
        self.error(
            ExcKind::AttributeError,
            format!("'{t}' object has no attribute '{n}'"),
        )
    }

    /// `del obj.name`.
    pub fn delattr(&mut self, obj: Value, name: Value) -> PyResult<()> {
        let t = self.type_of(obj);
        if self.is_user_instance(obj) {
            if let Some(da) = self.lookup_mro_str(t, "__delattr__") {
                if !self.is_default_method(da) {
                    self.call(da, &[obj, name], &[])?;
                    return Ok(());
                }
            }
            if let Some(Value::Obj(ah)) = self.lookup_mro(t, name) {
                match self.heap.get(ah) {
                    Obj::Property { fdel, .. } => {
                        let fdel = *fdel;
                        if !fdel.is_none() {
                            self.call(fdel, &[obj], &[])?;
                            return Ok(());
                        }
                    }
                    Obj::Instance(_) => {
                        // User descriptor with __delete__.
                        if let Some(d) = self.lookup_type_attr(Value::Obj(ah), "__delete__") {
                            self.call(d, &[Value::Obj(ah), obj], &[])?;
                            return Ok(());
                        }
                    }
                    _ => {}
                }
            }
        }
        self.generic_delattr(obj, name)
    }

    /// `object.__delattr__`: remove from the instance (or class/module) dict.
    pub fn generic_delattr(&mut self, obj: Value, name: Value) -> PyResult<()> {
        if self.heap.str_of(name) == Some("__class__") {
            return Err(self.type_error("can't delete __class__ attribute"));
        }
        let Value::Obj(h) = obj else {
            return Err(self.readonly_attr(obj, name));
        };
        self.check_attr_writable(h, name)?;
        let hash = self.hash(name)?;
        let pos = {
            let d = match self.heap.get(h) {
                Obj::Instance(_) => {
                    if self.inst_del(h, name, hash)? {
                        return Ok(());
                    }
                    None
                }
                Obj::Exception(e) => Some(&e.dict),
                Obj::Func(f) => match f.ext_dict {
                    Some(d) if !crate::types::object::func_slot_name(&self.heap, name) => {
                        return if self.dict_del(Value::Obj(d), name)? {
                            Ok(())
                        } else {
                            let n = self.heap.str_of(name).unwrap_or("?").to_string();
                            Err(self.attribute_error(obj, &n))
                        };
                    }
                    _ => Some(&f.dict),
                },
                Obj::Class(c) => Some(&c.dict),
                Obj::Module(m) => {
                    let d = m.dict;
                    return if self.dict_del(Value::Obj(d), name)? {
                        Ok(())
                    } else {
                        // CPython's wording for a module here, not getattr's.
                        let n = self.heap.str_of(name).unwrap_or("?").to_string();
                        Err(self.error(
                            ExcKind::AttributeError,
                            format!("'module' object has no attribute '{n}'"),
                        ))
                    };
                }
                _ => None,
            };
            d.and_then(|d| match d.probe(&self.heap, hash, name) {
                crate::dict::Probe::Found(p) => Some(p),
                _ => None,
            })
        };
        match pos {
            Some(p) => {
                match self.heap.get_mut(h) {
                    Obj::Exception(e) => e.dict.remove_at(p),
                    Obj::Func(f) => f.dict.remove_at(p),
                    Obj::Class(c) => {
                        self.attr_cache.invalidate();
                        c.dict.remove_at(p)
                    }
                    _ => None,
                };
                Ok(())
            }
            None => {
                let n = self.heap.str_of(name).unwrap_or("?").to_string();
                Err(self.attribute_error(obj, &n))
            }
        }
    }
}

const CLASS_ASSIGN_ONLY: &str =
    "__class__ assignment only supported for mutable types or ModuleType subclasses";

fn set_in(d: &mut crate::dict::Dict, found: Option<usize>, hash: u64, name: Value, v: Value) {
    match found {
        Some(p) => d.set_value_at(p, v),
        None => d.insert_new(hash, name, v),
    }
}
