//! `collections`: namedtuple, deque, OrderedDict, defaultdict and Counter.
//!
//! Every type here is a class made by `Vm::new_class` with native methods in
//! its namespace. Storage:
//! - namedtuple classes subclass `tuple`; an instance keeps its tuple in
//!   `Instance::base`, and each field is a property whose getter is a
//!   native bound to the field index (a BoundMethod with an int `self`:
//!   natives have no closures, so the index rides along as the receiver).
//! - OrderedDict, defaultdict and Counter subclass `dict` (base: the dict).
//!   `defaultdict.default_factory` lives in the instance dict.
//! - deque is a plain class whose instances keep a ring buffer of their
//!   items as `base` (modules/deque.rs).

use crate::dict::Dict;
use crate::obj::{Instance, NativeFn, Obj};
use crate::types::TypeId;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

type Kw<'a> = &'a [(Value, Value)];

pub(super) fn arg(a: &[Value], i: usize) -> Value {
    a.get(i).copied().unwrap_or(Value::None)
}

pub(super) fn kwarg(vm: &Vm, kw: Kw, name: &str) -> Option<Value> {
    kw.iter()
        .find(|(k, _)| vm.heap.str_of(*k) == Some(name))
        .map(|(_, v)| *v)
}

fn put(vm: &mut Vm, ns: &mut Dict, k: &str, v: Value) -> PyResult<()> {
    let key = vm.intern(k);
    let h = vm.hash(key)?;
    match ns.probe(&vm.heap, h, key) {
        crate::dict::Probe::Found(p) => ns.set_value_at(p, v),
        _ => ns.insert_new(h, key, v),
    }
    Ok(())
}

pub(crate) fn method(vm: &mut Vm, ns: &mut Dict, name: &'static str, f: NativeFn) -> PyResult<()> {
    let v = crate::types::native(vm, name, f, true, Value::None)?;
    put(vm, ns, name, v)
}

pub(crate) fn static_new(vm: &mut Vm, ns: &mut Dict, f: NativeFn) -> PyResult<()> {
    let v = crate::types::native(vm, "__new__", f, true, Value::None)?;
    let sm = Value::Obj(vm.alloc(Obj::StaticMethod(v))?);
    put(vm, ns, "__new__", sm)
}

pub(crate) fn make_class(
    vm: &mut Vm,
    name: &str,
    bases: Vec<Gc>,
    mut ns: Dict,
    module: &str,
) -> PyResult<Gc> {
    let m = vm.new_str(module)?;
    put(vm, &mut ns, "__module__", m)?;
    let meta = Value::Obj(vm.type_obj(TypeId::Type));
    let n = vm.new_str(name)?;
    let c = vm.new_class(meta, n, bases, &ns)?;
    super::adopt_natives(vm, c);
    Ok(c)
}

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("collections")?;
    let d = crate::import::module_dict(vm, m);
    let f = crate::types::native(vm, "namedtuple", namedtuple, true, Value::Obj(m))?;
    vm.dict_set_str(d, "namedtuple", f)?;
    let dict_t = vm.type_obj(TypeId::Dict);

    let mut ns = Dict::new();
    for &(n, f) in super::deque::METHODS {
        method(vm, &mut ns, n, f)?;
    }
    static_new(vm, &mut ns, super::deque::dq_new)?;
    let c = make_class(vm, "deque", vec![], ns, "collections")?;
    vm.dict_set_str(d, "deque", Value::Obj(c))?;

    let mut ns = Dict::new();
    method(vm, &mut ns, "move_to_end", od_move_to_end)?;
    method(vm, &mut ns, "popitem", od_popitem)?;
    method(vm, &mut ns, "__repr__", od_repr)?;
    method(vm, &mut ns, "__eq__", od_eq)?;
    method(vm, &mut ns, "__ne__", od_ne)?;
    let c = make_class(vm, "OrderedDict", vec![dict_t], ns, "collections")?;
    vm.dict_set_str(d, "OrderedDict", Value::Obj(c))?;

    let mut ns = Dict::new();
    static_new(vm, &mut ns, dd_new)?;
    method(vm, &mut ns, "__missing__", dd_missing)?;
    method(vm, &mut ns, "__repr__", dd_repr)?;
    method(vm, &mut ns, "copy", dd_copy)?;
    let c = make_class(vm, "defaultdict", vec![dict_t], ns, "collections")?;
    vm.dict_set_str(d, "defaultdict", Value::Obj(c))?;

    let mut ns = Dict::new();
    static_new(vm, &mut ns, ctr_new)?;
    method(vm, &mut ns, "__missing__", ctr_missing)?;
    method(vm, &mut ns, "__repr__", ctr_repr)?;
    method(vm, &mut ns, "update", ctr_update)?;
    method(vm, &mut ns, "subtract", ctr_subtract)?;
    method(vm, &mut ns, "most_common", ctr_most_common)?;
    method(vm, &mut ns, "elements", ctr_elements)?;
    method(vm, &mut ns, "total", ctr_total)?;
    let c = make_class(vm, "Counter", vec![dict_t], ns, "collections")?;
    vm.dict_set_str(d, "Counter", Value::Obj(c))?;
    // Counter's arithmetic and ChainMap are written in Python.
    let extra = vm.import_dotted("_collections_extra")?;
    let install = vm.getattr_str(extra, "install")?;
    vm.call(install, &[Value::Obj(c), Value::Obj(d)], &[])?;
    Ok(m)
}

pub(super) fn new_instance(vm: &mut Vm, cls: Gc, base: Value) -> PyResult {
    Ok(Value::Obj(
        vm.alloc(Obj::Instance(Instance::new(cls, base)))?,
    ))
}

pub(super) fn cls_arg(vm: &mut Vm, a: &[Value]) -> PyResult<Gc> {
    match a.first() {
        Some(&Value::Obj(c)) if matches!(vm.heap.get(c), Obj::Class(_)) => Ok(c),
        _ => Err(vm.type_error("__new__() needs a type argument")),
    }
}

// ---------------------------------------------------------------- namedtuple

fn is_identifier(s: &str) -> bool {
    let mut cs = s.chars();
    matches!(cs.next(), Some(c) if c == '_' || c.is_alphabetic())
        && cs.all(|c| c == '_' || c.is_alphanumeric())
}

const KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

fn namedtuple(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let (typename, fields_v) = match a {
        [t, f] => (*t, *f),
        [t] => (*t, kwarg(vm, kw, "field_names").unwrap_or(Value::None)),
        _ => match (kwarg(vm, kw, "typename"), kwarg(vm, kw, "field_names")) {
            (Some(t), Some(f)) => (t, f),
            _ => return Err(vm.type_error("namedtuple() missing required argument 'field_names'")),
        },
    };
    let Some(tname) = vm.heap.str_of(typename).map(|s| s.to_string()) else {
        return Err(vm.type_error("namedtuple() typename must be str"));
    };
    let rename = match kwarg(vm, kw, "rename") {
        Some(v) => vm.truthy(v)?,
        None => false,
    };
    let mut names: Vec<String> = Vec::new();
    if let Some(s) = vm.heap.str_of(fields_v) {
        names = s
            .replace(',', " ")
            .split_whitespace()
            .map(|x| x.to_string())
            .collect();
    } else {
        for f in vm.iter_to_vec(fields_v)? {
            let s = vm.to_str(f)?;
            names.push(s);
        }
    }
    if rename {
        let mut seen = std::collections::HashSet::new();
        for (i, n) in names.iter_mut().enumerate() {
            if !is_identifier(n)
                || KEYWORDS.contains(&n.as_str())
                || n.starts_with('_')
                || !seen.insert(n.clone())
            {
                *n = format!("_{i}");
            }
        }
    }
    for n in std::iter::once(&tname).chain(names.iter()) {
        if !is_identifier(n) {
            return Err(vm.value_error(format!(
                "Type names and field names must be valid identifiers: '{n}'"
            )));
        }
        if KEYWORDS.contains(&n.as_str()) {
            return Err(vm.value_error(format!(
                "Type names and field names cannot be a keyword: '{n}'"
            )));
        }
    }
    let mut seen = std::collections::HashSet::new();
    for n in &names {
        if n.starts_with('_') {
            return Err(vm.value_error(format!(
                "Field names cannot start with an underscore: '{n}'"
            )));
        }
        if !seen.insert(n.clone()) {
            return Err(vm.value_error(format!("Encountered duplicate field name: '{n}'")));
        }
    }
    let defaults = match kwarg(vm, kw, "defaults") {
        Some(v) if !v.is_none() => vm.iter_to_vec(v)?,
        _ => Vec::new(),
    };
    if defaults.len() > names.len() {
        return Err(vm.type_error("Got more default values than field names"));
    }
    let mut ns = Dict::new();
    let mut field_vals = Vec::new();
    for n in &names {
        field_vals.push(vm.new_str(n)?);
    }
    let fields_t = vm.new_tuple(field_vals.clone())?;
    put(vm, &mut ns, "_fields", fields_t)?;
    let fd = vm.new_dict()?;
    let first_default = names.len() - defaults.len();
    for (i, &dv) in defaults.iter().enumerate() {
        vm.dict_set(fd, field_vals[first_default + i], dv)?;
    }
    put(vm, &mut ns, "_field_defaults", fd)?;
    let doc = vm.new_string(format!("{tname}({})", names.join(", ")))?;
    put(vm, &mut ns, "__doc__", doc)?;
    put(
        vm,
        &mut ns,
        "__slots__",
        Value::Obj(vm.empty_tuple.unwrap_or(vm.builtins)),
    )?;
    let getter = crate::types::native(vm, "_tuplegetter", nt_getter, false, Value::None)?;
    for (i, n) in names.iter().enumerate() {
        let bound = Value::Obj(vm.alloc(Obj::BoundMethod {
            this: Value::Int(i as i64),
            func: getter,
        })?);
        let doc = vm.new_string(format!("Alias for field number {i}"))?;
        let prop = Value::Obj(vm.alloc(Obj::Property {
            fget: bound,
            fset: Value::None,
            fdel: Value::None,
            doc,
        })?);
        put(vm, &mut ns, n, prop)?;
    }
    static_new(vm, &mut ns, nt_new)?;
    method(vm, &mut ns, "__repr__", nt_repr)?;
    method(vm, &mut ns, "_asdict", nt_asdict)?;
    method(vm, &mut ns, "_replace", nt_replace)?;
    let mk = crate::types::native(vm, "_make", nt_make, false, Value::None)?;
    let cm = Value::Obj(vm.alloc(Obj::ClassMethod(mk))?);
    put(vm, &mut ns, "_make", cm)?;
    // The defining module, as CPython takes it from the caller's frame.
    let module = match kwarg(vm, kw, "module") {
        Some(m) if !m.is_none() => vm.to_str(m)?,
        _ => match vm.frames.last().map(|f| f.globals) {
            Some(g) => vm
                .dict_get_str(g, "__name__")
                .and_then(|v| vm.heap.str_of(v).map(|s| s.to_string())),
            None => None,
        }
        .unwrap_or_else(|| "__main__".to_string()),
    };
    let tuple_t = vm.type_obj(TypeId::Tuple);
    Ok(Value::Obj(make_class(
        vm,
        &tname,
        vec![tuple_t],
        ns,
        &module,
    )?))
}

/// Field names of a namedtuple class (or of the class of an instance).
/// A fresh namedtuple class `module.typename` with `fields`, instantiated with
/// `values` (for attribute tuples such as `sys.implementation`).
pub(crate) fn make_namedtuple(
    vm: &mut Vm,
    module: &str,
    typename: &str,
    fields: &[&str],
    values: &[Value],
) -> PyResult {
    let t = vm.new_str(typename)?;
    let mut names = Vec::with_capacity(fields.len());
    for f in fields {
        names.push(vm.new_str(f)?);
    }
    let fl = vm.new_tuple(names)?;
    let (mk, mv) = (vm.new_str("module")?, vm.new_str(module)?);
    match namedtuple(vm, &[t, fl], &[(mk, mv)])? {
        Value::Obj(cls) => nt_build(vm, cls, values, &[]),
        _ => Err(vm.type_error("namedtuple() did not return a class")),
    }
}

fn nt_fields(vm: &mut Vm, cls: Gc) -> PyResult<Vec<Value>> {
    match vm.lookup_mro_str(cls, "_fields") {
        Some(f) => vm.seq_items(f),
        None => Ok(Vec::new()),
    }
}

fn nt_build(vm: &mut Vm, cls: Gc, a: &[Value], kw: Kw) -> PyResult {
    let fields = nt_fields(vm, cls)?;
    let cname = vm.class_name(cls);
    if a.len() > fields.len() {
        let defaults = match vm.lookup_mro_str(cls, "_field_defaults") {
            Some(d) => vm.len(d)?,
            None => 0,
        };
        let most = fields.len() + 1;
        let takes = if defaults == 0 {
            format!("{most}")
        } else {
            format!("from {} to {most}", most - defaults.min(fields.len()))
        };
        return Err(vm.type_error(format!(
            "{cname}.__new__() takes {takes} positional arguments but {} were given",
            a.len() + 1
        )));
    }
    let mut vals: Vec<Value> = a.to_vec();
    vals.resize(fields.len(), Value::Null);
    for &(k, v) in kw {
        let ks = vm.heap.str_of(k).unwrap_or("").to_string();
        match fields
            .iter()
            .position(|&f| vm.heap.str_of(f) == Some(ks.as_str()))
        {
            Some(i) if vals[i].is_null() => vals[i] = v,
            Some(_) => {
                return Err(vm.type_error(format!(
                    "{cname}.__new__() got multiple values for argument '{ks}'"
                )))
            }
            None => {
                return Err(vm.type_error(format!(
                    "{cname}.__new__() got an unexpected keyword argument '{ks}'"
                )))
            }
        }
    }
    let defaults = vm.lookup_mro_str(cls, "_field_defaults");
    let mut missing = Vec::new();
    for i in 0..fields.len() {
        if vals[i].is_null() {
            let dv = match defaults {
                Some(d) => vm.dict_get(d, fields[i])?,
                None => None,
            };
            match dv {
                Some(v) => vals[i] = v,
                None => missing.push(format!("'{}'", vm.heap.str_of(fields[i]).unwrap_or("?"))),
            }
        }
    }
    if !missing.is_empty() {
        let n = missing.len();
        let list = match n {
            1 => missing[0].clone(),
            2 => format!("{} and {}", missing[0], missing[1]),
            _ => format!("{}, and {}", missing[..n - 1].join(", "), missing[n - 1]),
        };
        let s = if n == 1 { "" } else { "s" };
        return Err(vm.type_error(format!(
            "{cname}.__new__() missing {n} required positional argument{s}: {list}"
        )));
    }
    let t = vm.new_tuple(vals)?;
    new_instance(vm, cls, t)
}

fn nt_new(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let cls = cls_arg(vm, a)?;
    nt_build(vm, cls, &a[1..], kw)
}

fn nt_make(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let cls = cls_arg(vm, a)?;
    let items = vm.iter_to_vec(arg(a, 1))?;
    let fields = nt_fields(vm, cls)?;
    if items.len() != fields.len() {
        return Err(vm.type_error(format!(
            "Expected {} arguments, got {}",
            fields.len(),
            items.len()
        )));
    }
    nt_build(vm, cls, &items, &[])
}

fn nt_items(vm: &mut Vm, this: Value) -> PyResult<Vec<Value>> {
    let b = vm.builtin_base(this);
    vm.seq_items(b)
}

fn nt_getter(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let i = match arg(a, 0) {
        Value::Int(i) => i as usize,
        _ => 0,
    };
    let items = nt_items(vm, arg(a, 1))?;
    match items.get(i) {
        Some(&v) => Ok(v),
        None => Err(vm.index_error("tuple index out of range")),
    }
}

fn nt_repr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let this = arg(a, 0);
    let cls = vm.type_of(this);
    let name = vm.class_name(cls);
    let fields = nt_fields(vm, cls)?;
    let items = nt_items(vm, this)?;
    let mut out = format!("{name}(");
    for (i, &v) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        if let Some(f) = fields.get(i).and_then(|&f| vm.heap.str_of(f)) {
            out.push_str(f);
            out.push('=');
        }
        out.push_str(&vm.repr(v)?);
    }
    out.push(')');
    vm.new_string(out)
}

fn nt_asdict(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let this = arg(a, 0);
    let cls = vm.type_of(this);
    let fields = nt_fields(vm, cls)?;
    let items = nt_items(vm, this)?;
    let d = vm.new_dict()?;
    for (f, v) in fields.into_iter().zip(items) {
        vm.dict_set(d, f, v)?;
    }
    Ok(d)
}

fn nt_replace(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let this = arg(a, 0);
    let cls = vm.type_of(this);
    let fields = nt_fields(vm, cls)?;
    let mut items = nt_items(vm, this)?;
    let mut unknown = Vec::new();
    for &(k, v) in kw {
        match fields
            .iter()
            .position(|&f| vm.heap.str_of(f) == vm.heap.str_of(k))
        {
            Some(i) if i < items.len() => items[i] = v,
            _ => unknown.push(k),
        }
    }
    if !unknown.is_empty() {
        let l = vm.new_list(unknown)?;
        let r = vm.repr(l)?;
        return Err(vm.value_error(format!("Got unexpected field names: {r}")));
    }
    let t = vm.new_tuple(items)?;
    new_instance(vm, cls, t)
}

/// Whether an instance's class is, or derives from, `collections.<name>`.
fn is_instance_of(vm: &Vm, v: Value, name: &str) -> bool {
    let Value::Obj(h) = v else { return false };
    let Obj::Instance(i) = vm.heap.get(h) else {
        return false;
    };
    match vm.heap.get(i.class) {
        Obj::Class(c) => c.mro.iter().any(|&k| is_collections_class(vm, k, name)),
        _ => false,
    }
}

/// Whether `k` is the class `collections.<name>` (not a user class that
/// happens to share the name).
pub(super) fn is_collections_class(vm: &Vm, k: Gc, name: &str) -> bool {
    let Obj::Class(c) = vm.heap.get(k) else {
        return false;
    };
    let key = "__module__";
    let module = c
        .dict
        .probe_str(&vm.heap, crate::heap::str_hash(key), key)
        .map(|p| c.dict.value_at(p));
    vm.class_name(k) == name && module.is_some_and(|m| vm.heap.str_of(m) == Some("collections"))
}

// ---------------------------------------------------------------- dict subclasses

/// The dict inside an OrderedDict/defaultdict/Counter instance.
fn base_dict(vm: &mut Vm, this: Value) -> PyResult<Gc> {
    match vm.builtin_base(this) {
        Value::Obj(h) if matches!(vm.heap.get(h), Obj::Dict(_)) => Ok(h),
        _ => {
            let t = vm.type_name(this);
            Err(vm.type_error(format!(
                "descriptor requires a 'dict' object but received a '{t}'"
            )))
        }
    }
}

fn entries(vm: &Vm, d: Gc) -> Vec<(Value, Value)> {
    match vm.heap.get(d) {
        Obj::Dict(t) => t.iter().collect(),
        _ => Vec::new(),
    }
}

/// Two OrderedDicts are equal only with their items in the same order;
/// against a plain dict, order does not matter.
fn od_equal(vm: &mut Vm, a: &[Value]) -> PyResult<Option<bool>> {
    let (this, other) = (arg(a, 0), arg(a, 1));
    let mine = base_dict(vm, this)?;
    if !is_instance_of(vm, other, "OrderedDict") {
        return match vm.builtin_base(other) {
            b @ Value::Obj(h) if matches!(vm.heap.get(h), Obj::Dict(_)) => {
                Ok(Some(vm.eq(Value::Obj(mine), b)?))
            }
            _ => Ok(None),
        };
    }
    let theirs = base_dict(vm, other)?;
    let (xs, ys) = (entries(vm, mine), entries(vm, theirs));
    if xs.len() != ys.len() {
        return Ok(Some(false));
    }
    for ((k1, v1), (k2, v2)) in xs.into_iter().zip(ys) {
        if !vm.eq(k1, k2)? || !vm.eq(v1, v2)? {
            return Ok(Some(false));
        }
    }
    Ok(Some(true))
}

fn od_eq(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    Ok(match od_equal(vm, a)? {
        Some(b) => Value::Bool(b),
        None => Value::NotImplemented,
    })
}
fn od_ne(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    Ok(match od_equal(vm, a)? {
        Some(b) => Value::Bool(!b),
        None => Value::NotImplemented,
    })
}

fn od_move_to_end(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let d = base_dict(vm, arg(a, 0))?;
    let key = arg(a, 1);
    let last = match a.get(2).copied().or_else(|| kwarg(vm, kw, "last")) {
        Some(v) => vm.truthy(v)?,
        None => true,
    };
    let Some(pos) = vm.dict_find(d, key)? else {
        return Err(vm.key_error(key));
    };
    let Obj::Dict(t) = vm.heap.get_mut(d) else {
        return Ok(Value::None);
    };
    let Some(e) = t.remove_at(pos) else {
        return Ok(Value::None);
    };
    if last {
        t.insert_new(e.hash, e.key, e.value);
    } else {
        // Rebuild with the entry first: the table only appends.
        let old = std::mem::take(&mut **t);
        let mut fresh = Dict::with_capacity(old.len() + 1);
        fresh.insert_new(e.hash, e.key, e.value);
        for pos in 0..old.entries_len() {
            if let Some(x) = old.entry_at(pos) {
                if !x.key.is_null() {
                    fresh.insert_new(x.hash, x.key, x.value);
                }
            }
        }
        **t = fresh;
    }
    Ok(Value::None)
}

fn od_popitem(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let d = base_dict(vm, arg(a, 0))?;
    let last = match a.get(1).copied().or_else(|| kwarg(vm, kw, "last")) {
        Some(v) => vm.truthy(v)?,
        None => true,
    };
    let e = match vm.heap.get_mut(d) {
        Obj::Dict(t) => {
            if last {
                t.pop_last()
            } else {
                let first =
                    (0..t.entries_len()).find(|&p| t.entry_at(p).is_some_and(|x| !x.key.is_null()));
                first.and_then(|p| t.remove_at(p))
            }
        }
        _ => None,
    };
    match e {
        Some(e) => vm.new_tuple(vec![e.key, e.value]),
        None => Err(vm.error(crate::ExcKind::KeyError, "dictionary is empty")),
    }
}

fn od_repr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let this = arg(a, 0);
    let d = base_dict(vm, this)?;
    let name = vm.type_name(this);
    let items = entries(vm, d);
    if items.is_empty() {
        return vm.new_string(format!("{name}()"));
    }
    let mut tuples = Vec::new();
    for (k, v) in items {
        tuples.push(vm.new_tuple(vec![k, v])?);
    }
    let l = vm.new_list(tuples)?;
    let r = vm.repr(l)?;
    vm.new_string(format!("{name}({r})"))
}

fn dd_new(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let cls = cls_arg(vm, a)?;
    let factory = arg(a, 1);
    if !factory.is_none() && !is_callable(vm, factory) {
        return Err(vm.type_error("first argument must be callable or None"));
    }
    let rest = if a.len() > 2 { &a[2..] } else { &[] };
    let dict_t = vm.type_obj(TypeId::Dict);
    let base = crate::builtins::construct(vm, TypeId::Dict, dict_t, rest, kw)?;
    let obj = new_instance(vm, cls, base)?;
    let k = vm.intern("default_factory");
    vm.generic_setattr(obj, k, factory)?;
    Ok(obj)
}

fn is_callable(vm: &mut Vm, v: Value) -> bool {
    match v {
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::Func(_) | Obj::Native(_) | Obj::BoundMethod { .. } | Obj::Class(_) => true,
            _ => vm.lookup_type_attr(v, "__call__").is_some(),
        },
        _ => false,
    }
}

fn dd_missing(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let this = arg(a, 0);
    let key = arg(a, 1);
    let factory = vm.getattr_str(this, "default_factory")?;
    if factory.is_none() {
        return Err(vm.key_error(key));
    }
    let v = vm.call(factory, &[], &[])?;
    vm.setitem(this, key, v)?;
    Ok(v)
}

fn dd_repr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let this = arg(a, 0);
    let d = base_dict(vm, this)?;
    let factory = vm.getattr_str(this, "default_factory")?;
    let name = vm.type_name(this);
    let f = vm.repr(factory)?;
    let r = vm.repr(Value::Obj(d))?;
    vm.new_string(format!("{name}({f}, {r})"))
}

fn dd_copy(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let this = arg(a, 0);
    let d = base_dict(vm, this)?;
    let factory = vm.getattr_str(this, "default_factory")?;
    let cls = vm.type_of(this);
    dd_new(vm, &[Value::Obj(cls), factory, Value::Obj(d)], &[])
}

fn ctr_new(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let cls = cls_arg(vm, a)?;
    let base = vm.new_dict()?;
    let obj = new_instance(vm, cls, base)?;
    ctr_add(vm, obj, arg(a, 1), kw, 1)?;
    Ok(obj)
}

/// Adds (sign 1) or subtracts (sign -1) counts from an iterable or mapping.
fn ctr_add(vm: &mut Vm, this: Value, src: Value, kw: Kw, sign: i64) -> PyResult<()> {
    let d = Value::Obj(base_dict(vm, this)?);
    let mut pairs: Vec<(Value, Value)> = Vec::new();
    if !src.is_none() {
        let sb = vm.builtin_base(src);
        match sb {
            Value::Obj(h) if matches!(vm.heap.get(h), Obj::Dict(_)) => pairs = entries(vm, h),
            _ => {
                for x in vm.iter_to_vec(src)? {
                    pairs.push((x, Value::Int(1)));
                }
            }
        }
    }
    pairs.extend_from_slice(kw);
    for (k, n) in pairs {
        let cur = vm.dict_get(d, k)?.unwrap_or(Value::Int(0));
        let nv = if sign > 0 {
            vm.binary_op(capy_compiler::BinOp::Add, cur, n)?
        } else {
            vm.binary_op(capy_compiler::BinOp::Sub, cur, n)?
        };
        vm.dict_set(d, k, nv)?;
    }
    Ok(())
}

fn ctr_update(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    ctr_add(vm, arg(a, 0), arg(a, 1), kw, 1)?;
    Ok(Value::None)
}

fn ctr_subtract(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    ctr_add(vm, arg(a, 0), arg(a, 1), kw, -1)?;
    Ok(Value::None)
}

fn ctr_missing(_vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    Ok(Value::Int(0))
}

/// Items by descending count; ties keep insertion order (a stable sort).
fn ctr_sorted(vm: &mut Vm, this: Value) -> PyResult<Vec<(Value, Value)>> {
    let d = base_dict(vm, this)?;
    let items = entries(vm, d);
    let counts: Vec<Value> = items.iter().map(|p| p.1).collect();
    // Sort indices by their count, descending and stable.
    let mut ok = true;
    let mut tmp: Vec<usize> = (0..items.len()).collect();
    let mut err = None;
    tmp.sort_by(|&x, &y| {
        if !ok {
            return std::cmp::Ordering::Equal;
        }
        match vm
            .compare(capy_compiler::CmpOp::Gt, counts[x], counts[y])
            .and_then(|r| vm.truthy(r))
        {
            Ok(true) => std::cmp::Ordering::Less,
            Ok(false) => match vm
                .compare(capy_compiler::CmpOp::Lt, counts[x], counts[y])
                .and_then(|r| vm.truthy(r))
            {
                Ok(true) => std::cmp::Ordering::Greater,
                Ok(false) => std::cmp::Ordering::Equal,
                Err(e) => {
                    ok = false;
                    err = Some(e);
                    std::cmp::Ordering::Equal
                }
            },
            Err(e) => {
                ok = false;
                err = Some(e);
                std::cmp::Ordering::Equal
            }
        }
    });
    if let Some(e) = err {
        return Err(e);
    }
    Ok(tmp.into_iter().map(|i| items[i]).collect())
}

fn ctr_most_common(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let mut items = ctr_sorted(vm, arg(a, 0))?;
    if let Some(&n) = a.get(1) {
        if !n.is_none() {
            let n = vm.index_value(n)?.max(0) as usize;
            items.truncate(n);
        }
    }
    let mut out = Vec::with_capacity(items.len());
    for (k, v) in items {
        out.push(vm.new_tuple(vec![k, v])?);
    }
    vm.new_list(out)
}

fn ctr_elements(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let d = base_dict(vm, arg(a, 0))?;
    let mut out = Vec::new();
    for (k, v) in entries(vm, d) {
        let n = match v {
            Value::Int(n) => n,
            _ => 0,
        };
        for _ in 0..n.max(0) {
            vm.charge(16)?;
            out.push(k);
        }
    }
    let l = vm.new_list(out)?;
    vm.get_iter(l)
}

fn ctr_total(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let d = base_dict(vm, arg(a, 0))?;
    let mut t = Value::Int(0);
    for (_, v) in entries(vm, d) {
        t = vm.binary_op(capy_compiler::BinOp::Add, t, v)?;
    }
    Ok(t)
}

fn ctr_repr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let this = arg(a, 0);
    let name = vm.type_name(this);
    let items = ctr_sorted(vm, this)?;
    if items.is_empty() {
        return vm.new_string(format!("{name}()"));
    }
    let mut out = format!("{name}({{");
    for (i, (k, v)) in items.into_iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&vm.repr(k)?);
        out.push_str(": ");
        out.push_str(&vm.repr(v)?);
    }
    out.push_str("})");
    vm.new_string(out)
}
