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
        TypeId::Object => Ok(Value::Obj(vm.alloc(Obj::Instance(Box::new(
            crate::obj::Instance {
                class: vm.type_obj(TypeId::Object),
                dict: Default::default(),
                base: Value::Null,
            },
        )))?)),
        TypeId::Type => match a.len() {
            1 => Ok(Value::Obj(vm.type_of(a[0]))),
            3 => {
                if !matches!(a[1], Value::Obj(h) if matches!(vm.heap.get(h), Obj::Tuple(_))) {
                    let t = vm.type_name(a[1]);
                    return Err(
                        vm.type_error(format!("type.__new__() argument 2 must be tuple, not {t}"))
                    );
                }
                if !matches!(a[2], Value::Obj(h) if matches!(vm.heap.get(h), Obj::Dict(_))) {
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
        TypeId::MemoryView => crate::types::bytes::memoryview_new(vm, a),
        TypeId::Complex => {
            if let Some(st) = vm.heap.str_of(arg(a, 0)).map(|x| x.to_string()) {
                if a.len() > 1 {
                    return Err(
                        vm.type_error("complex() can't take second arg if first is a string")
                    );
                }
                let (re, im) = crate::types::int::parse_complex(vm, &st)?;
                return Ok(Value::Obj(vm.alloc(Obj::Complex(re, im))?));
            }
            if a.len() > 1 && vm.heap.str_of(a[1]).is_some() {
                return Err(vm.type_error("complex() second arg can't be a string"));
            }
            let re = match num::as_num(&vm.heap, arg(a, 0)) {
                Some(Num::C(r, i)) => (r, i),
                Some(n) => (num::to_f64(&n).unwrap_or(0.0), 0.0),
                None if a.is_empty() => (0.0, 0.0),
                None => return Err(vm.type_error("complex() first argument must be a number")),
            };
            let im = match num::as_num(&vm.heap, arg(a, 1)) {
                Some(Num::C(r, i)) => (r, i),
                Some(n) => (num::to_f64(&n).unwrap_or(0.0), 0.0),
                None => (0.0, 0.0),
            };
            Ok(Value::Obj(
                vm.alloc(Obj::Complex(re.0 - im.1, re.1 + im.0))?,
            ))
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
                let s = crate::types::bytes::decode(vm, &b, &enc, &err)?;
                return vm.new_string(s);
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
                v if vm.heap.str_of(v).is_some() => {
                    if a.len() < 2 && kwv(vm, "encoding").is_none() {
                        return Err(vm.type_error("string argument without an encoding"));
                    }
                    let st = vm.heap.str_of(v).unwrap_or("").to_string();
                    let (enc, err) = crate::types::bytes::codec_args(vm, a, 1, kw)?;
                    crate::types::bytes::encode(vm, &st, &enc, &err)?
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
            let items = if a.is_empty() {
                Vec::new()
            } else {
                vm.iter_to_vec(a[0])?
            };
            let s = vm.new_set(items)?;
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
            let mut n = [0i64; 3];
            if a.is_empty() || a.len() > 3 {
                return Err(vm.type_error(format!(
                    "range expected at least 1 argument, got {}",
                    a.len()
                )));
            }
            for (i, &v) in a.iter().enumerate() {
                n[i] = vm.index_value(v)?;
            }
            let (start, stop, step) = match a.len() {
                1 => (0, n[0], 1),
                2 => (n[0], n[1], 1),
                _ => (n[0], n[1], n[2]),
            };
            if step == 0 {
                return Err(vm.value_error("range() arg 3 must not be zero"));
            }
            Ok(Value::Obj(vm.alloc(Obj::Range { start, stop, step })?))
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
            vm.new_iter(IterState::Enumerate { it, count: start })
        }
        TypeId::Zip => {
            let mut its = Vec::with_capacity(a.len());
            for &x in a {
                its.push(vm.get_iter(x)?);
            }
            vm.new_iter(IterState::Zip { its })
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
        _ => {
            let n = vm.class_name(vm.type_obj(t));
            Err(vm.type_error(format!("cannot create '{n}' instances")))
        }
    }
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
            Err(e) => Err(vm.num_err(e)),
        };
    }
    if base.is_some() {
        return Err(vm.type_error("int() can't convert non-string with explicit base"));
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
                    return vm.call(m, &[v], &[]);
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
        return numfmt::parse_float(&s)
            .map(Value::Float)
            .map_err(|e| vm.num_err(e));
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
                return vm.call(m, &[v], &[]);
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

/// `super()` (zero-argument form reads the caller's `__class__` cell and
/// first argument) and `super(C, obj)`.
fn super_new(vm: &mut Vm, a: &[Value]) -> PyResult {
    let (class, this) = if a.len() >= 2 {
        match a[0] {
            Value::Obj(c) if matches!(vm.heap.get(c), Obj::Class(_)) => (c, a[1]),
            _ => return Err(vm.type_error("super() argument 1 must be a type")),
        }
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
                if matches!(vm.heap.get(h), Obj::Cell(_))
                    && code.cell2arg.iter().any(|c| *c == Some(0)) =>
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
    Ok(Value::Obj(vm.alloc(Obj::Super { class, this })?))
}
