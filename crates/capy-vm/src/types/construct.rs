//! Constructors of the built-in types (what `int(...)`, `list(...)` do).

use crate::obj::{IterState, Obj};
use crate::types::num::{self, Num};
use crate::types::TypeId;
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;

fn arg(a: &[Value], i: usize) -> Value {
    a.get(i).copied().unwrap_or(Value::None)
}

pub fn construct(vm: &mut Vm, t: TypeId, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    let kwv = |vm: &Vm, name: &str| {
        kw.iter()
            .find(|(k, _)| vm.heap.str_of(*k) == Some(name))
            .map(|(_, v)| *v)
    };
    match t {
        TypeId::Object => Ok(Value::Obj(vm.alloc(Obj::Instance(
            crate::obj::Instance::new(vm.type_obj(TypeId::Object), Value::Null),
        ))?)),
        TypeId::Type => match a.len() {
            1 => Ok(Value::Obj(vm.type_of(a[0]))),
            3 => {
                if !matches!(a[1], Value::Obj(h) if matches!(vm.heap.get(h), Obj::Tuple(_))) {
                    let t = vm.type_name(a[1]);
                    return Err(
                        vm.type_error(format!("type.__new__() argument 2 must be tuple, not {t}"))
                    );
                }
                // The namespace may be a dict subclass (e.g. an OrderedDict).
                let ns = vm.builtin_base(a[2]);
                if !matches!(ns, Value::Obj(h) if matches!(vm.heap.get(h), Obj::Dict(_))) {
                    let t = vm.type_name(a[2]);
                    return Err(
                        vm.type_error(format!("type.__new__() argument 3 must be dict, not {t}"))
                    );
                }
                let ty = vm.type_obj(TypeId::Type);
                vm.default_new(ty, crate::obj::Layout::Type, None, a, kw)
            }
            _ => Err(vm.type_error("type() takes 1 or 3 arguments")),
        },
        TypeId::Int => int_new(vm, a, kwv(vm, "base")),
        TypeId::Bool => Ok(Value::Bool(if a.is_empty() {
            false
        } else {
            vm.truthy(a[0])?
        })),
        TypeId::Float => float_new(vm, a),
        TypeId::MemoryView => crate::types::memoryview::memoryview_new(vm, a),
        TypeId::Complex => {
            if a.len() + kw.len() > 2 {
                return Err(vm.type_error(format!(
                    "complex() takes at most 2 arguments ({} given)",
                    a.len() + kw.len()
                )));
            }
            let real = kwv(vm, "real").or(a.first().copied());
            let imag = kwv(vm, "imag").or(a.get(1).copied());
            if let Some(st) = real.and_then(|r| vm.heap.str_of(r).map(|x| x.to_string())) {
                if imag.is_some() {
                    return Err(
                        vm.type_error("complex() can't take second arg if first is a string")
                    );
                }
                let (re, im) = crate::types::int::parse_complex(vm, &st)?;
                return Ok(Value::Obj(vm.alloc(Obj::Complex(re, im))?));
            }
            if imag.is_some_and(|i| vm.heap.str_of(i).is_some()) {
                return Err(vm.type_error("complex() second arg can't be a string"));
            }
            // CPython's combination: a part is only added in when its
            // argument is complex, so signed zeros survive
            // (`complex(0.0, -0.0)` is `-0j`).
            let (rr, ri) = match real {
                Some(r) => complex_arg(vm, r, true)?,
                None => (0.0, None),
            };
            let (re, im) = match imag {
                Some(i) => {
                    let (ir, ii) = complex_arg(vm, i, false)?;
                    let re = ii.map_or(rr, |ii| rr - ii);
                    (re, ri.map_or(ir, |ri| ir + ri))
                }
                None => (rr, ri.unwrap_or(0.0)),
            };
            Ok(Value::Obj(vm.alloc(Obj::Complex(re, im))?))
        }
        TypeId::Str | TypeId::Bytes | TypeId::ByteArray if a.len() + kw.len() > 3 => {
            let name = if t == TypeId::Str {
                "str"
            } else if t == TypeId::Bytes {
                "bytes"
            } else {
                "bytearray"
            };
            Err(vm.type_error(format!(
                "{name}() takes at most 3 arguments ({} given)",
                a.len() + kw.len()
            )))
        }
        TypeId::Str => {
            if a.is_empty() {
                return vm.new_str("");
            }
            if a.len() >= 2 || !kw.is_empty() {
                let Some(b) = crate::types::bytes::buffer_opt(vm, a[0]) else {
                    let t = vm.type_name(a[0]);
                    return Err(vm.type_error(format!(
                        "decoding to str: need a bytes-like object, {t} found"
                    )));
                };
                let (enc, err) = crate::types::bytes::codec_args(vm, a, 1, kw)?;
                return crate::types::codec::decode_value(vm, &b, &enc, &err);
            }
            vm.str_value(a[0])
        }
        TypeId::Bytes | TypeId::ByteArray => {
            let data = match arg(a, 0) {
                Value::None if a.is_empty() => Vec::new(),
                Value::Int(n) => {
                    if n < 0 {
                        return Err(vm.value_error("negative count"));
                    }
                    vm.charge(n as usize)?;
                    vec![0u8; n as usize]
                }
                Value::Obj(h) if matches!(vm.heap.get(h), Obj::BigInt(_)) => {
                    return Err(vm.overflow_error("cannot fit 'int' into an index-sized integer"));
                }
                v if vm.heap.str_of(v).is_some() => {
                    if a.len() < 2 && kwv(vm, "encoding").is_none() {
                        return Err(vm.type_error("string argument without an encoding"));
                    }
                    let (enc, err) = crate::types::bytes::codec_args(vm, a, 1, kw)?;
                    crate::types::codec::encode_value(vm, v, &enc, &err)?
                }
                v if a.len() > 1 || !kw.is_empty() => {
                    let _ = v;
                    return Err(vm.type_error("encoding without a string argument"));
                }
                v => crate::types::str::bytes_of(vm, v)?,
            };
            let o = if t == TypeId::Bytes {
                Obj::Bytes(data.into_boxed_slice())
            } else {
                Obj::ByteArray(data)
            };
            Ok(Value::Obj(vm.alloc(o)?))
        }
        TypeId::Tuple => {
            if a.is_empty() {
                return vm.new_tuple(vec![]);
            }
            if let Value::Obj(h) = a[0] {
                if matches!(vm.heap.get(h), Obj::Tuple(_)) {
                    return Ok(a[0]);
                }
            }
            let items = vm.iter_to_vec(a[0])?;
            vm.new_tuple(items)
        }
        TypeId::List => {
            let items = if a.is_empty() {
                Vec::new()
            } else {
                vm.iter_to_vec(a[0])?
            };
            vm.charge(items.len() * 16)?;
            vm.new_list(items)
        }
        TypeId::Dict => {
            let d = vm.new_dict()?;
            if !a.is_empty() {
                vm.dict_update(d, a[0], false)?;
            }
            for &(k, v) in kw {
                vm.dict_set(d, k, v)?;
            }
            Ok(d)
        }
        TypeId::Set | TypeId::FrozenSet => {
            // frozenset(f) of a frozenset is f itself.
            if let Some(&f) = a.first() {
                if t == TypeId::FrozenSet
                    && matches!(f, Value::Obj(h) if matches!(vm.heap.get(h), Obj::FrozenSet(_)))
                {
                    return Ok(f);
                }
            }
            let s = vm.new_set(Vec::new())?;
            if let Some(&it) = a.first() {
                vm.set_update(s, it)?;
            }
            if t == TypeId::FrozenSet {
                if let Value::Obj(h) = s {
                    if let Obj::Set(tb) = vm.heap.get_mut(h) {
                        let tb = std::mem::take(tb);
                        *vm.heap.get_mut(h) = Obj::FrozenSet(tb);
                    }
                }
            }
            Ok(s)
        }
        TypeId::Range => {
            if !kw.is_empty() {
                return Err(vm.type_error("range() takes no keyword arguments"));
            }
            crate::types::range::construct(vm, a)
        }
        TypeId::Slice => {
            let (s, e, st) = match a.len() {
                1 => (Value::None, a[0], Value::None),
                2 => (a[0], a[1], Value::None),
                _ => (arg(a, 0), arg(a, 1), arg(a, 2)),
            };
            Ok(Value::Obj(vm.alloc(Obj::Slice(s, e, st))?))
        }
        TypeId::Enumerate => {
            let src = match kwv(vm, "iterable").or(a.first().copied()) {
                Some(v) => v,
                None => {
                    return Err(
                        vm.type_error("enumerate() missing required argument 'iterable' (pos 1)")
                    )
                }
            };
            let it = vm.get_iter(src)?;
            let start = kwv(vm, "start")
                .or(a.get(1).copied())
                .unwrap_or(Value::Int(0));
            if !matches!(start, Value::Int(_) | Value::Bool(_))
                && num::as_num(&vm.heap, start).is_none()
            {
                let t = vm.type_name(start);
                return Err(
                    vm.type_error(format!("'{t}' object cannot be interpreted as an integer"))
                );
            }
            // A bool start counts as the int it is (`enumerate(xs, True)`
            // numbers from 1, not True).
            let count = match start {
                Value::Bool(b) => Value::Int(b as i64),
                v => v,
            };
            vm.new_iter(IterState::Enumerate { it, count })
        }
        TypeId::Zip => {
            let mut its = Vec::with_capacity(a.len());
            for &x in a {
                its.push(vm.get_iter(x)?);
            }
            let strict = match kwv(vm, "strict") {
                Some(v) => vm.truthy(v)?,
                None => false,
            };
            vm.new_iter(IterState::Zip { its, strict })
        }
        TypeId::Map => {
            if a.len() < 2 {
                return Err(vm.type_error("map() must have at least two arguments."));
            }
            let mut its = Vec::with_capacity(a.len() - 1);
            for &x in &a[1..] {
                its.push(vm.get_iter(x)?);
            }
            vm.new_iter(IterState::Map { f: a[0], its })
        }
        TypeId::Filter => {
            let it = vm.get_iter(arg(a, 1))?;
            vm.new_iter(IterState::Filter { f: arg(a, 0), it })
        }
        TypeId::Reversed => {
            let v = arg(a, 0);
            if let Some(m) = vm.lookup_type_attr(v, "__reversed__") {
                if vm.is_user_instance(v) {
                    return vm.call(m, &[v], &[]);
                }
            }
            let n = vm.len(v)?;
            let seq = match v {
                Value::Obj(h) if matches!(vm.heap.get(h), Obj::Dict(_) | Obj::DictView { .. }) => {
                    let items = vm.iter_to_vec(v)?;
                    vm.new_list(items)?
                }
                _ => v,
            };
            vm.new_iter(IterState::Reversed { seq, idx: n })
        }
        TypeId::Property => {
            let fget = kwv(vm, "fget").unwrap_or(arg(a, 0));
            let fset = kwv(vm, "fset").unwrap_or(arg(a, 1));
            let fdel = kwv(vm, "fdel").unwrap_or(arg(a, 2));
            let doc = kwv(vm, "doc").unwrap_or(arg(a, 3));
            Ok(Value::Obj(vm.alloc(Obj::Property {
                fget,
                fset,
                fdel,
                doc,
            })?))
        }
        TypeId::ClassMethod => Ok(Value::Obj(vm.alloc(Obj::ClassMethod(arg(a, 0)))?)),
        TypeId::StaticMethod => Ok(Value::Obj(vm.alloc(Obj::StaticMethod(arg(a, 0)))?)),
        TypeId::Super => super_new(vm, a),
        // `types.MethodType(func, obj)` and `types.ModuleType(name)`.
        TypeId::Method => {
            if a.len() != 2 || !kw.is_empty() {
                return Err(vm.type_error(format!(
                    "method expected 2 arguments, got {}",
                    a.len() + kw.len()
                )));
            }
            let callable = matches!(a[0], Value::Obj(h) if matches!(
                vm.heap.get(h),
                Obj::Func(_) | Obj::Native(_) | Obj::BoundMethod { .. } | Obj::Class(_)
            )) || vm.lookup_type_attr(a[0], "__call__").is_some();
            if !callable {
                return Err(vm.type_error("first argument must be callable"));
            }
            if a[1].is_none() {
                return Err(vm.type_error("instance must not be None"));
            }
            Ok(Value::Obj(vm.alloc(Obj::BoundMethod {
                this: a[1],
                func: a[0],
            })?))
        }
        TypeId::Function => crate::types::funcnew::new(vm, a, kw),
        TypeId::Module => {
            let name = kwv(vm, "name").unwrap_or(arg(a, 0));
            let Some(n) = vm.heap.str_of(name).map(|s| s.to_string()) else {
                let t = vm.type_name(name);
                return Err(vm.type_error(format!("module() argument 'name' must be str, not {t}")));
            };
            let m = vm.new_module(&n)?;
            let doc = kwv(vm, "doc").unwrap_or(if a.len() > 1 { a[1] } else { Value::None });
            let d = crate::import::module_dict(vm, m);
            vm.dict_set_str(d, "__doc__", doc)?;
            Ok(Value::Obj(m))
        }
        _ => {
            let n = vm.class_name(vm.type_obj(t));
            Err(vm.type_error(format!("cannot create '{n}' instances")))
        }
    }
}

/// A number argument of `complex()` as (real, imag): a built-in number, or
/// an object with `__float__` or `__index__`, or (only as the `first`
/// argument) `__complex__`, which must return a complex.
/// An argument of `complex()`: its real part, and its imaginary part when
/// it is a complex number (None for a real one).
fn complex_arg(vm: &mut Vm, v: Value, first: bool) -> PyResult<(f64, Option<f64>)> {
    match num::as_num(&vm.heap, v) {
        Some(Num::C(r, i)) => return Ok((r, Some(i))),
        Some(n) => {
            return match num::to_f64(&n) {
                Some(f) => Ok((f, None)),
                None => Err(vm.overflow_error("int too large to convert to float")),
            }
        }
        None => {}
    }
    let complex_m = if first {
        vm.lookup_type_attr(v, "__complex__")
    } else {
        None
    };
    if let Some(m) = complex_m {
        let r = vm.call(m, &[v], &[])?;
        return match num::as_num(&vm.heap, r) {
            Some(Num::C(re, im)) => Ok((re, Some(im))),
            _ => {
                let t = vm.type_name(r);
                Err(vm.type_error(format!("__complex__ returned non-complex (type {t})")))
            }
        };
    }
    if vm.lookup_type_attr(v, "__float__").is_some()
        || vm.lookup_type_attr(v, "__index__").is_some()
    {
        let f = float_new(vm, &[v])?;
        if let Value::Float(f) = f {
            return Ok((f, None));
        }
    }
    let base = vm.builtin_base(v);
    if !base.is(v) {
        return complex_arg(vm, base, first);
    }
    let t = vm.type_name(v);
    let what = if first {
        "first argument must be a string or a number"
    } else {
        "second argument must be a number"
    };
    Err(vm.type_error(format!("complex() {what}, not '{t}'")))
}

fn int_new(vm: &mut Vm, a: &[Value], base_kw: Option<Value>) -> PyResult {
    if a.is_empty() {
        return Ok(Value::Int(0));
    }
    let v = a[0];
    let base = match a.get(1).copied().or(base_kw) {
        Some(b) => Some(vm.index_value(b)?),
        None => None,
    };
    if let Some(s) = vm.heap.str_of(v) {
        let s = s.to_string();
        let b = base.unwrap_or(10);
        if b != 0 && !(2..=36).contains(&b) {
            return Err(vm.value_error("int() base must be >= 2 and <= 36, or 0"));
        }
        return match numfmt::parse_int(&s, b as u32) {
            Ok(numfmt::IntValue::Small(i)) => Ok(Value::Int(i)),
            Ok(numfmt::IntValue::Big(bi)) => vm.new_bigint(bi),
            // The message shows lone surrogates as the repr does.
            Err(_) if crate::types::strwide::is_wide(vm, v) => {
                let r = vm.repr(v)?;
                Err(vm.value_error(format!("invalid literal for int() with base {b}: {r}")))
            }
            Err(e) => Err(vm.num_err(e)),
        };
    }
    if let Some(b) = base {
        // bytes and bytearray parse like str with an explicit base.
        let bytes = match v {
            Value::Obj(h) => match vm.heap.get(vm.builtin_base(v).as_obj().unwrap_or(h)) {
                Obj::Bytes(x) => Some(x.to_vec()),
                Obj::ByteArray(x) => Some(x.clone()),
                _ => None,
            },
            _ => None,
        };
        let Some(bytes) = bytes else {
            return Err(vm.type_error("int() can't convert non-string with explicit base"));
        };
        if b != 0 && !(2..=36).contains(&b) {
            return Err(vm.value_error("int() base must be >= 2 and <= 36, or 0"));
        }
        let parsed = std::str::from_utf8(&bytes)
            .ok()
            .map(|s| numfmt::parse_int(s, b as u32));
        return match parsed {
            Some(Ok(numfmt::IntValue::Small(i))) => Ok(Value::Int(i)),
            Some(Ok(numfmt::IntValue::Big(bi))) => vm.new_bigint(bi),
            _ => {
                let r = vm.repr(v)?;
                Err(vm.value_error(format!("invalid literal for int() with base {b}: {r}")))
            }
        };
    }
    match num::as_num(&vm.heap, v) {
        Some(Num::I(i)) => Ok(Value::Int(i)),
        Some(Num::B(b)) => vm.new_bigint(b),
        Some(Num::F(f)) => {
            let b = numfmt::float_to_bigint(f).map_err(|e| vm.num_err(e))?;
            vm.new_bigint(b)
        }
        _ => {
            for name in ["__int__", "__index__", "__trunc__"] {
                if let Some(m) = vm.lookup_type_attr(v, name) {
                    let r = vm.call(m, &[v], &[])?;
                    return match num::as_num(&vm.heap, r) {
                        Some(Num::I(i)) => Ok(Value::Int(i)),
                        Some(Num::B(_)) => Ok(r),
                        _ => {
                            let t = vm.type_name(r);
                            let what = if name == "__trunc__" {
                                "non-Integral"
                            } else {
                                "non-int"
                            };
                            Err(vm.type_error(format!("{name} returned {what} (type {t})")))
                        }
                    };
                }
            }
            if let Some(b) = crate::types::bytes::buffer_opt(vm, v) {
                {
                    let s = String::from_utf8_lossy(&b).to_string();
                    return match numfmt::parse_int(&s, 10) {
                        Ok(numfmt::IntValue::Small(i)) => Ok(Value::Int(i)),
                        Ok(numfmt::IntValue::Big(bi)) => vm.new_bigint(bi),
                        Err(e) => Err(vm.num_err(e)),
                    };
                }
            }
            let base = vm.builtin_base(v);
            if !base.is(v) {
                return int_new(vm, &[base], None);
            }
            let t = vm.type_name(v);
            Err(vm.type_error(format!(
                "int() argument must be a string, a bytes-like object or a real number, not '{t}'"
            )))
        }
    }
}

fn float_new(vm: &mut Vm, a: &[Value]) -> PyResult {
    if a.is_empty() {
        return Ok(Value::Float(0.0));
    }
    let v = a[0];
    if let Some(s) = vm.heap.str_of(v) {
        let s = s.to_string();
        return match numfmt::parse_float(&s) {
            Ok(f) => Ok(Value::Float(f)),
            // The message shows lone surrogates as the repr does.
            Err(_) if crate::types::strwide::is_wide(vm, v) => {
                let r = vm.repr(v)?;
                Err(vm.value_error(format!("could not convert string to float: {r}")))
            }
            Err(e) => Err(vm.num_err(e)),
        };
    }
    match num::as_num(&vm.heap, v) {
        Some(Num::C(..)) => {
            Err(vm.type_error("float() argument must be a string or a real number, not 'complex'"))
        }
        Some(Num::B(b)) => numfmt::bigint_to_f64(&b)
            .map(Value::Float)
            .map_err(|e| vm.num_err(e)),
        Some(n) => Ok(Value::Float(num::to_f64(&n).unwrap_or(0.0))),
        None => {
            if let Some(m) = vm.lookup_type_attr(v, "__float__") {
                let r = vm.call(m, &[v], &[])?;
                return match vm.builtin_base(r) {
                    Value::Float(f) => Ok(Value::Float(f)),
                    _ => {
                        let (c, t) = (vm.type_name(v), vm.type_name(r));
                        Err(vm.type_error(format!("{c}.__float__ returned non-float (type {t})")))
                    }
                };
            }
            if let Some(m) = vm.lookup_type_attr(v, "__index__") {
                let r = vm.call(m, &[v], &[])?;
                return match num::as_num(&vm.heap, r) {
                    Some(n @ (Num::I(_) | Num::B(_))) => float_new_num(vm, n),
                    _ => {
                        let t = vm.type_name(r);
                        Err(vm.type_error(format!("__index__ returned non-int (type {t})")))
                    }
                };
            }
            if let Some(b) = crate::types::bytes::buffer_opt(vm, v) {
                let parsed = std::str::from_utf8(&b).ok().map(numfmt::parse_float);
                return match parsed {
                    Some(Ok(f)) => Ok(Value::Float(f)),
                    _ => {
                        let r = vm.repr(v)?;
                        Err(vm.value_error(format!("could not convert string to float: {r}")))
                    }
                };
            }
            let base = vm.builtin_base(v);
            if !base.is(v) {
                return float_new(vm, &[base]);
            }
            let t = vm.type_name(v);
            Err(vm.type_error(format!(
                "float() argument must be a string or a real number, not '{t}'"
            )))
        }
    }
}

fn float_new_num(vm: &mut Vm, n: Num) -> PyResult {
    match n {
        Num::B(b) => numfmt::bigint_to_f64(&b)
            .map(Value::Float)
            .map_err(|e| vm.num_err(e)),
        n => Ok(Value::Float(num::to_f64(&n).unwrap_or(0.0))),
    }
}

/// `super()` (zero-argument form reads the caller's `__class__` cell and
/// first argument) and `super(C, obj)`.
fn super_new(vm: &mut Vm, a: &[Value]) -> PyResult {
    if a.len() > 2 {
        return Err(vm.type_error(format!(
            "super() expected at most 2 arguments, got {}",
            a.len()
        )));
    }
    let (class, this) = if !a.is_empty() {
        let class = match a[0] {
            Value::Obj(c) if matches!(vm.heap.get(c), Obj::Class(_)) => c,
            other => {
                let t = vm.type_name(other);
                return Err(vm.type_error(format!("super() argument 1 must be a type, not {t}")));
            }
        };
        if a.len() == 1 {
            return Err(vm.type_error("super() without an object (unbound super) is not supported"));
        }
        (class, a[1])
    } else {
        let Some(f) = vm.frames.last() else {
            return Err(vm.runtime_error("super(): no current frame"));
        };
        let code = f.code.clone();
        let base = f.base;
        let this = if code.argcount > 0 {
            vm.stack.get(base).copied().unwrap_or(Value::Null)
        } else {
            Value::Null
        };
        let this = match this {
            // The first argument may itself be a cell.
            Value::Obj(h)
                if matches!(vm.heap.get(h), Obj::Cell(_)) && code.cell2arg.contains(&Some(0)) =>
            {
                match vm.heap.get(h) {
                    Obj::Cell(v) => *v,
                    _ => this,
                }
            }
            _ => {
                // A parameter captured by a closure lives in its cell.
                let idx = code.cell2arg.iter().position(|c| *c == Some(0));
                match idx {
                    Some(i) => match vm.stack.get(base + code.varnames.len() + i).copied() {
                        Some(Value::Obj(c)) => match vm.heap.get(c) {
                            Obj::Cell(v) => *v,
                            _ => this,
                        },
                        _ => this,
                    },
                    None => this,
                }
            }
        };
        if this.is_null() {
            return Err(vm.runtime_error("super(): no arguments"));
        }
        let ncell = code.cellvars.len();
        let pos = code
            .freevars
            .iter()
            .position(|n| &**n == "__class__")
            .map(|i| ncell + i);
        let Some(slot) = pos else {
            return Err(vm.runtime_error("super(): __class__ cell not found"));
        };
        let cell = vm
            .stack
            .get(base + code.varnames.len() + slot)
            .copied()
            .unwrap_or(Value::None);
        let class = match cell {
            Value::Obj(c) => match vm.heap.get(c) {
                Obj::Cell(Value::Obj(k)) => *k,
                _ => return Err(vm.runtime_error("super(): empty __class__ cell")),
            },
            _ => return Err(vm.runtime_error("super(): __class__ cell not found")),
        };
        (class, this)
    };
    // `this` must be an instance of `class` or (for class methods) a subclass.
    let fits = match this {
        Value::Obj(h) if matches!(vm.heap.get(h), Obj::Class(_)) && vm.is_subclass(h, class) => {
            true
        }
        _ => {
            let t = vm.type_of(this);
            vm.is_subclass(t, class)
        }
    };
    if !fits {
        return Err(vm.type_error("super(type, obj): obj must be an instance or subtype of type"));
    }
    Ok(Value::Obj(vm.alloc(Obj::Super { class, this })?))
}
