//! The `builtins` namespace: functions and the constructors of built-in types.

use crate::errors::ExcKind;
use crate::obj::{IterState, Obj};
use crate::types::iter::Step;
use crate::types::{num, TypeId};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use capy_compiler::{BinOp, CmpOp};

type Kw<'a> = &'a [(Value, Value)];

const FUNCTIONS: &[(&str, crate::obj::NativeFn, bool)] = &[
    ("print", print, true),
    ("exit", crate::modules::sys::sys_exit, false),
    ("quit", crate::modules::sys::sys_exit, false),
    ("help", help, false),
    ("len", len, false),
    ("repr", repr, false),
    ("abs", abs, false),
    ("all", all, false),
    ("any", any, false),
    ("bin", bin, false),
    ("oct", oct, false),
    ("hex", hex, false),
    ("callable", callable, false),
    ("chr", chr, false),
    ("ord", ord, false),
    ("divmod", divmod, false),
    ("getattr", getattr, false),
    ("setattr", setattr, false),
    ("hasattr", hasattr, false),
    ("delattr", delattr, false),
    ("hash", hash, false),
    ("id", id, false),
    ("isinstance", isinstance, false),
    ("issubclass", issubclass, false),
    ("iter", iter, false),
    ("next", next, false),
    ("max", max, true),
    ("min", min, true),
    ("pow", pow, false),
    ("round", round, false),
    ("sorted", sorted, true),
    ("sum", sum, true),
    ("aiter", crate::types::asyncgen::aiter, false),
    ("anext", crate::types::asyncgen::anext, false),
    ("globals", globals, false),
    ("locals", locals, false),
    ("vars", vars, false),
    ("dir", dir, false),
    ("input", input, false),
    ("open", open, true),
    ("compile", compile, true),
    ("__build_class__", build_class, true),
    ("__import__", import, true),
    ("exec", exec, false),
    ("eval", eval, false),
    ("ascii", ascii, false),
    ("format", format, false),
];

pub fn init(vm: &mut Vm) {
    // Bootstrap runs without a limit; the placeholder is a dict too.
    let b = vm.new_dict_obj().unwrap_or(vm.builtins);
    vm.builtins = b;
    for &(name, f, kw) in FUNCTIONS {
        let v = crate::types::boot_native(vm, name, f, kw, Value::None);
        let _ = vm.dict_set_str(b, name, v);
    }
    for &(id, name, _) in crate::types::ALL_TYPES {
        if matches!(
            id,
            TypeId::NoneType
                | TypeId::NotImplementedType
                | TypeId::Ellipsis
                | TypeId::Function
                | TypeId::BuiltinFunction
                | TypeId::Method
                | TypeId::Module
                | TypeId::Cell
                | TypeId::Generator
                | TypeId::Coroutine
                | TypeId::AsyncGenerator
                | TypeId::AsyncStep
                | TypeId::Iterator
                | TypeId::DictKeys
                | TypeId::DictValues
                | TypeId::DictItems
                | TypeId::Code
        ) {
            continue;
        }
        let t = vm.type_obj(id);
        let _ = vm.dict_set_str(b, name, Value::Obj(t));
    }
    for &k in ExcKind::ALL {
        let c = vm.exc_class(k);
        let _ = vm.dict_set_str(b, k.name(), Value::Obj(c));
    }
    let _ = vm.dict_set_str(b, "None", Value::None);
    let _ = vm.dict_set_str(b, "Ellipsis", Value::Ellipsis);
    let _ = vm.dict_set_str(b, "__debug__", Value::Bool(true));
    let _ = vm.dict_set_str(b, "NotImplemented", Value::NotImplemented);
    // The builtins module's name (also what code run without `__name__`
    // in its globals sees, as in CPython).
    if let Ok(n) = vm.new_str("builtins") {
        let _ = vm.dict_set_str(b, "__name__", n);
    }
    let env_err = vm.exc_class(ExcKind::OSError);
    let _ = vm.dict_set_str(b, "EnvironmentError", Value::Obj(env_err));
    let _ = vm.dict_set_str(b, "IOError", Value::Obj(env_err));
}

fn arg(a: &[Value], i: usize) -> Value {
    a.get(i).copied().unwrap_or(Value::None)
}

fn want(vm: &mut Vm, name: &str, a: &[Value], min: usize, max: usize) -> PyResult<()> {
    if a.len() < min || a.len() > max {
        let msg = if min == 1 && max == 1 {
            // CPython's wording for a one-argument builtin (`len`, `abs`).
            format!("{name}() takes exactly one argument ({} given)", a.len())
        } else if min == max {
            format!("{name} expected {min} arguments, got {}", a.len())
        } else if a.len() < min {
            format!(
                "{name} expected at least {min} argument{}, got {}",
                if min == 1 { "" } else { "s" },
                a.len()
            )
        } else {
            format!("{name} expected at most {max} arguments, got {}", a.len())
        };
        return Err(vm.type_error(msg));
    }
    Ok(())
}

fn kwarg(vm: &Vm, kw: Kw, name: &str) -> Option<Value> {
    kw.iter()
        .find(|(k, _)| vm.heap.str_of(*k) == Some(name))
        .map(|(_, v)| *v)
}

fn print(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let sep = match kwarg(vm, kw, "sep") {
        Some(v) if !v.is_none() => vm.to_str(v)?,
        _ => " ".into(),
    };
    let end = match kwarg(vm, kw, "end") {
        Some(v) if !v.is_none() => vm.to_str(v)?,
        _ => "\n".into(),
    };
    let file = match kwarg(vm, kw, "file") {
        Some(f) if !f.is_none() => Some(f),
        _ => replaced_stdout(vm),
    };
    if let Some(f) = file {
        // `sys.stdout = None`: print does nothing (as CPython).
        if f.is_none() {
            return Ok(Value::None);
        }
        // A Python stream gets each piece by its own `write`, as CPython
        // does.
        for (i, &v) in a.iter().enumerate() {
            if i > 0 {
                let s = vm.new_string(sep.clone())?;
                vm.call_method_by_name(f, "write", &[s])?;
            }
            let s = vm.to_str(v)?;
            let s = vm.new_string(s)?;
            vm.call_method_by_name(f, "write", &[s])?;
        }
        let s = vm.new_string(end)?;
        vm.call_method_by_name(f, "write", &[s])?;
        if let Some(flush) = kwarg(vm, kw, "flush") {
            if vm.truthy(flush)? {
                vm.call_method_by_name(f, "flush", &[])?;
            }
        }
        return Ok(Value::None);
    }
    // Each piece is encoded as the stream would (lone surrogates by its
    // error handler); what precedes a piece that fails is still written,
    // as CPython writes piece by piece.
    let errors = crate::stdstream::stdio_errors();
    let mut out = Vec::new();
    for (i, &v) in a.iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(sep.as_bytes());
        }
        let piece = if vm
            .heap
            .pystr(vm.builtin_base(v))
            .is_some_and(|p| p.has_surrogates())
        {
            let s = vm.str_value(v)?;
            crate::modules::stdio::stream_bytes(vm, s, errors)
        } else {
            vm.to_str(v).map(String::into_bytes)
        };
        match piece {
            Ok(b) => out.extend_from_slice(&b),
            Err(e) => {
                vm.write_out_bytes(&out)?;
                return Err(e);
            }
        }
    }
    out.extend_from_slice(end.as_bytes());
    vm.write_out_bytes(&out)?;
    let flush = match kwarg(vm, kw, "flush") {
        Some(f) => vm.truthy(f)?,
        None => false,
    };
    if flush {
        vm.flush_out()?;
    }
    Ok(Value::None)
}

/// `sys.stdout` when a program replaced it (`contextlib.redirect_stdout`,
/// `sys.stdout = io.StringIO()`, or None), so `print` writes there; None
/// while it is still the original (`sys.__stdout__`) or `sys` was never
/// imported.
fn replaced_stdout(vm: &mut Vm) -> Option<Value> {
    let Value::Obj(sys) = vm.dict_get_str(vm.modules, "sys")? else {
        return None;
    };
    let cur = vm.dict_get_str(sys, "stdout")?;
    let orig = vm.dict_get_str(sys, "__stdout__");
    match orig {
        Some(o) if o.is(cur) => None,
        _ => Some(cur),
    }
}

fn len(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "len", a, 1, 1)?;
    Ok(Value::Int(vm.len(a[0])? as i64))
}

fn repr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "repr", a, 1, 1)?;
    let s = vm.repr(a[0])?;
    vm.new_string(s)
}

fn ascii(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "ascii", a, 1, 1)?;
    let s = vm.repr(a[0])?;
    vm.new_string(crate::repr::ascii_escape(&s))
}

fn format(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "format", a, 1, 2)?;
    let spec = if a.len() > 1 {
        // The spec must be a str (or a str subclass's instance).
        let v = vm.builtin_base(a[1]);
        match vm.heap.str_of(v) {
            Some(s) => s.to_string(),
            None => {
                let t = if a[1].is_none() {
                    "None".to_string()
                } else {
                    vm.type_name(a[1])
                };
                return Err(vm.type_error(format!("format() argument 2 must be str, not {t}")));
            }
        }
    } else {
        String::new()
    };
    // A str formats as itself (lone surrogates kept).
    if spec.is_empty() && vm.heap.pystr(a[0]).is_some_and(|p| p.has_surrogates()) {
        return Ok(a[0]);
    }
    let wide = crate::types::strwide::is_wide;
    if wide(vm, a[0]) || a.get(1).is_some_and(|&s| wide(vm, s)) {
        let sv = vm.builtin_base(a[1..].first().copied().unwrap_or(Value::Null));
        return crate::types::strwide::format_wide(vm, a[0], sv);
    }
    let s = vm.format(a[0], &spec)?;
    vm.new_string(s)
}

pub(crate) fn abs(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "abs", a, 1, 1)?;
    match num::as_num(&vm.heap, a[0]) {
        Some(num::Num::I(i)) => match i.checked_abs() {
            Some(x) => Ok(Value::Int(x)),
            None => vm.new_bigint(num_bigint::BigInt::from(i).magnitude().clone().into()),
        },
        Some(num::Num::B(b)) => vm.new_bigint(b.magnitude().clone().into()),
        Some(num::Num::F(f)) => Ok(Value::Float(f.abs())),
        Some(num::Num::C(re, im)) => Ok(Value::Float(re.hypot(im))),
        None => match vm.lookup_type_attr(a[0], "__abs__") {
            Some(m) => vm.call(m, &[a[0]], &[]),
            None => {
                let t = vm.type_name(a[0]);
                Err(vm.type_error(format!("bad operand type for abs(): '{t}'")))
            }
        },
    }
}

fn all(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "all", a, 1, 1)?;
    first_truth(vm, a[0], false)
}

fn any(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "any", a, 1, 1)?;
    first_truth(vm, a[0], true)
}

/// `any` (`stop_on` true) or `all` (false): whether some item of `it`
/// has truth `stop_on`, stopping at the first that does.
fn first_truth(vm: &mut Vm, it: Value, stop_on: bool) -> PyResult {
    let mut found = false;
    vm.for_each_quick(it, |vm, v, quick| {
        if quick && user_truth(vm, v) {
            return None;
        }
        Some(vm.truthy(v).map(|t| {
            if t == stop_on {
                found = true;
                Step::Stop
            } else {
                Step::Continue
            }
        }))
    })?;
    Ok(Value::Bool(found == stop_on))
}

/// Whether the truth of `v` may come from Python code (`__bool__`,
/// `__len__`, a metaclass's).
fn user_truth(vm: &Vm, v: Value) -> bool {
    matches!(v, Value::Obj(h) if matches!(vm.heap.get(h), Obj::Instance(_) | Obj::Exception(_) | Obj::Class(_)))
}

fn int_arg(vm: &mut Vm, v: Value) -> PyResult<num_bigint::BigInt> {
    match num::as_num(&vm.heap, v) {
        Some(num::Num::I(i)) => Ok(i.into()),
        Some(num::Num::B(b)) => Ok(b),
        _ => {
            let i = vm.index_value(v)?;
            Ok(i.into())
        }
    }
}

fn bin(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "bin", a, 1, 1)?;
    let b = int_arg(vm, a[0])?;
    vm.new_string(numfmt::int_bin(&b))
}
fn oct(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "oct", a, 1, 1)?;
    let b = int_arg(vm, a[0])?;
    vm.new_string(numfmt::int_oct(&b))
}
fn hex(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "hex", a, 1, 1)?;
    let b = int_arg(vm, a[0])?;
    vm.new_string(numfmt::int_hex(&b))
}

/// `help()`: how to get help; `help(obj)`: its documentation and, as
/// MicroPython's does, its public attributes.
fn help(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let Some(&obj) = a.first() else {
        vm.write_out(
            "Welcome to capy, the MicroPython dialect of Python 3.\n\
             help(obj) shows an object's documentation and attributes; \
             dir(obj) lists them.\nExit the REPL with Ctrl-D or exit().\n",
        )?;
        return Ok(Value::None);
    };
    let r = vm.repr(obj)?;
    let t = vm.type_name(obj);
    let mut text = format!("object {r} is of type {t}\n");
    let doc_key = vm.intern("__doc__");
    if let Ok(Some(doc)) = vm.getattr_opt(obj, doc_key) {
        if let Some(d) = vm.heap.str_of(doc) {
            text.push_str(&format!("{d}\n"));
        }
    }
    let names = dir(vm, &[obj], &[])?;
    for name in vm.iter_to_vec(names)? {
        let Some(n) = vm.heap.str_of(name).map(String::from) else {
            continue;
        };
        if n.starts_with('_') {
            continue;
        }
        if let Ok(Some(v)) = vm.getattr_opt(obj, name) {
            let r = vm.repr(v)?;
            text.push_str(&format!("  {n} -- {r}\n"));
        }
    }
    vm.write_out(&text)?;
    Ok(Value::None)
}

fn callable(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "callable", a, 1, 1)?;
    Ok(Value::Bool(vm.is_callable(a[0])))
}

impl Vm {
    /// `callable(v)`.
    pub fn is_callable(&mut self, v: Value) -> bool {
        match v {
            Value::Obj(h) => match self.heap.get(h) {
                Obj::Func(_) | Obj::Native(_) | Obj::BoundMethod { .. } | Obj::Class(_) => true,
                _ => self.lookup_type_attr(v, "__call__").is_some(),
            },
            _ => false,
        }
    }
}

fn chr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "chr", a, 1, 1)?;
    // The argument is a C int in CPython: beyond 32 bits it overflows
    // before it is out of range.
    let big = matches!(a[0], Value::Obj(h) if matches!(vm.heap.get(h), Obj::BigInt(_)));
    let i = if big { i64::MAX } else { vm.index_value(a[0])? };
    if i32::try_from(i).is_err() {
        return Err(vm.error(
            ExcKind::OverflowError,
            "Python int too large to convert to C int",
        ));
    }
    match u32::try_from(i).ok().filter(|&c| c < 0x110000) {
        // A lone surrogate goes to the str's side table.
        Some(c) => vm.new_code_points(&[c]),
        None => Err(vm.value_error("chr() arg not in range(0x110000)")),
    }
}

fn ord(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "ord", a, 1, 1)?;
    if let Some(s) = vm.heap.pystr(a[0]) {
        if s.char_len() == 1 {
            return Ok(Value::Int(s.code_point(0).unwrap_or(0) as i64));
        }
        let n = s.char_len();
        return Err(vm.type_error(format!(
            "ord() expected a character, but string of length {n} found"
        )));
    }
    if let Value::Obj(h) = a[0] {
        let one = match vm.heap.get(h) {
            Obj::Bytes(b) if b.len() == 1 => Some(b[0]),
            Obj::ByteArray(b) if b.len() == 1 => Some(b[0]),
            _ => None,
        };
        if let Some(b) = one {
            return Ok(Value::Int(b as i64));
        }
    }
    let t = vm.type_name(a[0]);
    Err(vm.type_error(format!("ord() expected string of length 1, but {t} found")))
}

fn divmod(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "divmod", a, 2, 2)?;
    let unsupported = |vm: &mut Vm| {
        let (x, y) = (vm.type_name(a[0]), vm.type_name(a[1]));
        vm.type_error(format!(
            "unsupported operand type(s) for divmod(): '{x}' and '{y}'"
        ))
    };
    let real = |vm: &Vm, v: Value| matches!(num::as_num(&vm.heap, v), Some(n) if !matches!(n, num::Num::C(..)));
    if !(real(vm, a[0]) && real(vm, a[1])) {
        // A class of the program's divides itself; subclasses of the
        // numbers that do not divide as their base does (below).
        if let Some(r) = vm.operator_dunders(a[0], a[1], "__divmod__", "__rdivmod__")? {
            return Ok(r);
        }
        let numeric = |vm: &Vm, v: Value| real(vm, vm.derived_base(v));
        if !(numeric(vm, a[0]) && numeric(vm, a[1])) {
            return Err(unsupported(vm));
        }
    }
    let q = vm.binary_op(BinOp::FloorDiv, a[0], a[1])?;
    let r = vm.binary_op(BinOp::Mod, a[0], a[1])?;
    vm.new_tuple(vec![q, r])
}

fn getattr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "getattr", a, 2, 3)?;
    let n = attr_name(vm, a[1])?;
    match vm.getattr(a[0], n) {
        Ok(v) => Ok(v),
        Err(e) if a.len() == 3 && vm.err_is(e, ExcKind::AttributeError) => Ok(a[2]),
        Err(e) => Err(e),
    }
}

fn setattr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "setattr", a, 3, 3)?;
    let n = attr_name(vm, a[1])?;
    vm.setattr(a[0], n, a[2])?;
    Ok(Value::None)
}

fn hasattr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "hasattr", a, 2, 2)?;
    let n = attr_name(vm, a[1])?;
    match vm.getattr(a[0], n) {
        Ok(_) => Ok(Value::Bool(true)),
        Err(e) if vm.err_is(e, ExcKind::AttributeError) => Ok(Value::Bool(false)),
        Err(e) => Err(e),
    }
}

fn delattr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "delattr", a, 2, 2)?;
    let n = attr_name(vm, a[1])?;
    vm.delattr(a[0], n)?;
    Ok(Value::None)
}

fn hash(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "hash", a, 1, 1)?;
    Ok(Value::Int(vm.hash(a[0])? as i64))
}

fn id(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "id", a, 1, 1)?;
    Ok(Value::Int(match a[0] {
        Value::Obj(h) => crate::ops::identity_hash(h) as i64,
        Value::Int(i) => i.wrapping_mul(2) | 1,
        other => num::hash_f64(match other {
            Value::Float(f) => f,
            _ => 0.0,
        }) as i64,
    }))
}

fn isinstance(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "isinstance", a, 2, 2)?;
    match instance_check(vm, a[0], a[1], false) {
        Ok(r) => Ok(Value::Bool(r)),
        // A handle is not a class here: another compartment's class is
        // asked about in its owner (only on this path: no cost otherwise).
        Err(e) => match crate::compartment::handle::class_check(vm, a[0], a[1], false)? {
            Some(r) => Ok(Value::Bool(r)),
            None => Err(e),
        },
    }
}

/// `isinstance(obj, spec)` (`subclass` false) or `issubclass(obj, spec)`:
/// a class is asked through its metaclass's `__instancecheck__` /
/// `__subclasscheck__` when that is Python code, a tuple item by item, and
/// any other object (a union, a generic alias) through its type's hook.
pub(crate) fn instance_check(
    vm: &mut Vm,
    obj: Value,
    spec: Value,
    subclass: bool,
) -> PyResult<bool> {
    let (fname, hook) = if subclass {
        ("issubclass", "__subclasscheck__")
    } else {
        ("isinstance", "__instancecheck__")
    };
    let Value::Obj(h) = spec else {
        return Err(not_a_class_spec(vm, fname));
    };
    match vm.heap.get(h) {
        Obj::Class(c) => {
            let has_meta = !c.metaclass.is_null();
            // The exact type never needs the hook (as CPython's shortcut).
            if !subclass && vm.type_of(obj) == h {
                return Ok(true);
            }
            if has_meta {
                if let Some(m) = vm.meta_method(h, hook) {
                    let r = vm.call(m, &[spec, obj], &[])?;
                    return vm.truthy(r);
                }
            }
            if subclass {
                let c = arg1_class(vm, obj)?;
                return Ok(vm.is_subclass(c, h));
            }
            Ok(vm.isinstance(obj, h))
        }
        Obj::Tuple(items) => {
            let items = items.to_vec();
            vm.enter_recursion()?;
            let mut r = Ok(false);
            for i in items {
                match instance_check(vm, obj, i, subclass) {
                    Ok(false) => {}
                    other => {
                        r = other;
                        break;
                    }
                }
            }
            vm.leave_recursion();
            r
        }
        _ => {
            if subclass {
                arg1_class(vm, obj)?;
            }
            match vm.lookup_type_attr(spec, hook) {
                Some(m) if vm.is_user_instance(spec) => {
                    let r = vm.call(m, &[spec, obj], &[])?;
                    vm.truthy(r)
                }
                _ => Err(not_a_class_spec(vm, fname)),
            }
        }
    }
}

fn arg1_class(vm: &mut Vm, c: Value) -> PyResult<Gc> {
    match c {
        Value::Obj(c) if matches!(vm.heap.get(c), Obj::Class(_)) => Ok(c),
        _ => Err(vm.type_error("issubclass() arg 1 must be a class")),
    }
}

fn not_a_class_spec(vm: &mut Vm, fname: &str) -> crate::PyErr {
    vm.type_error(format!(
        "{fname}() arg 2 must be a type, a tuple of types, or a union"
    ))
}

fn issubclass(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "issubclass", a, 2, 2)?;
    match instance_check(vm, a[0], a[1], true) {
        Ok(r) => Ok(Value::Bool(r)),
        // Handles are not classes here: another compartment's classes are
        // asked about in their owner (only on this path).
        Err(e) => match crate::compartment::handle::class_check(vm, a[0], a[1], true)? {
            Some(r) => Ok(Value::Bool(r)),
            None => Err(e),
        },
    }
}

fn iter(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "iter", a, 1, 2)?;
    if a.len() == 2 {
        return vm.new_iter(IterState::CallIter {
            f: a[0],
            sentinel: a[1],
        });
    }
    vm.get_iter(a[0])
}

fn next(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "next", a, 1, 2)?;
    let is_iter = match a[0] {
        Value::Obj(h) => {
            matches!(vm.heap.get(h), Obj::Iter(_) | Obj::Generator(_))
                || vm.lookup_type_attr(a[0], "__next__").is_some()
        }
        _ => false,
    };
    if !is_iter {
        let t = vm.type_name(a[0]);
        return Err(vm.type_error(format!("'{t}' object is not an iterator")));
    }
    if let Value::Obj(h) = a[0] {
        if matches!(vm.heap.get(h), Obj::Generator(_)) {
            return match vm.resume(h, Value::None)? {
                Ok(v) => Ok(v),
                Err(ret) if a.len() == 2 => {
                    let _ = ret;
                    Ok(a[1])
                }
                Err(ret) => Err(vm.stop_iteration(ret)),
            };
        }
    }
    // A StopIteration raised while stepping propagates as the same object
    // (its args intact) unless a default was given.
    match vm.next_or_stop(a[0]) {
        Ok(Some(v)) => Ok(v),
        Ok(None) if a.len() == 2 => Ok(a[1]),
        Ok(None) => Err(vm.stop_iteration(Value::None)),
        Err(e) if a.len() == 2 && vm.err_is(e, crate::errors::ExcKind::StopIteration) => Ok(a[1]),
        Err(e) => Err(e),
    }
}

fn min_max(vm: &mut Vm, a: &[Value], kw: Kw, op: CmpOp, name: &str) -> PyResult {
    let key = kwarg(vm, kw, "key").filter(|k| !k.is_none());
    let default = kwarg(vm, kw, "default");
    if a.is_empty() {
        return Err(vm.type_error(format!("{name} expected at least 1 argument, got 0")));
    }
    // The best item and its key, in root slots: a key function may
    // allocate, and the items may come from a generator that drops them.
    let best_v = vm.root_slot(Value::Null);
    let best_k = vm.root_slot(Value::Null);
    // With `quick`, None rather than run Python code (see `for_each_quick`).
    let mut consider = |vm: &mut Vm, v: Value, quick: bool| -> Option<PyResult<Step>> {
        let k = match key {
            Some(_) if quick => return None,
            Some(f) => match vm.call(f, &[v], &[]) {
                Ok(k) => k,
                Err(e) => return Some(Err(e)),
            },
            None => v,
        };
        let best = vm.temp_roots[best_k];
        let better = vm.temp_roots[best_v].is_null()
            || match quick_order(op, k, best) {
                Some(b) => b,
                None if quick => return None,
                None => match vm.compare(op, k, best).and_then(|r| vm.truthy(r)) {
                    Ok(b) => b,
                    Err(e) => return Some(Err(e)),
                },
            };
        if better {
            vm.set_root(best_v, v);
            vm.set_root(best_k, k);
        }
        Some(Ok(Step::Continue))
    };
    if let (1, None) = (a.len(), key) {
        if let Some(best) = quick_extreme(vm, a[0], op) {
            return Ok(best);
        }
    }
    if a.len() == 1 {
        vm.for_each_quick(a[0], &mut consider)?;
    } else {
        for &v in a {
            consider(vm, v, false).unwrap_or(Ok(Step::Continue))?;
        }
    }
    let best = vm.temp_roots[best_v];
    if !best.is_null() {
        return Ok(best);
    }
    match default {
        Some(d) => Ok(d),
        None => Err(vm.value_error(format!("{name}() arg is an empty sequence"))),
    }
}

/// `min`/`max` of a non-empty list, tuple, set or frozenset of ints
/// alone, read in place (no Python code can run while they are compared);
/// None for anything else.
fn quick_extreme(vm: &Vm, v: Value, op: CmpOp) -> Option<Value> {
    let Value::Obj(h) = v else {
        return None;
    };
    let pick = |items: &mut dyn Iterator<Item = Value>| -> Option<Value> {
        let mut best: Option<i64> = None;
        for item in items {
            let Value::Int(x) = item else {
                return None;
            };
            best = Some(match (best, op) {
                (None, _) => x,
                (Some(b), CmpOp::Lt) => b.min(x),
                (Some(b), _) => b.max(x),
            });
        }
        best.map(Value::Int)
    };
    match vm.heap.get(h) {
        Obj::List(items) => pick(&mut items.iter().copied()),
        Obj::Tuple(items) => pick(&mut items.iter().copied()),
        Obj::Set(t) | Obj::FrozenSet(t) => pick(&mut t.keys()),
        _ => None,
    }
}

/// `a < b` (`op` Lt) or `a > b` (Gt) when both are ints or both floats,
/// decided without the general comparison and its bool; None otherwise.
/// (A NaN orders neither way, as in Python.)
fn quick_order(op: CmpOp, a: Value, b: Value) -> Option<bool> {
    let ord = match (a, b) {
        (Value::Int(x), Value::Int(y)) => x.partial_cmp(&y),
        (Value::Float(x), Value::Float(y)) => x.partial_cmp(&y),
        _ => return None,
    };
    let want = match op {
        CmpOp::Lt => std::cmp::Ordering::Less,
        _ => std::cmp::Ordering::Greater,
    };
    Some(ord == Some(want))
}

fn max(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    min_max(vm, a, kw, CmpOp::Gt, "max")
}
fn min(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    min_max(vm, a, kw, CmpOp::Lt, "min")
}

fn pow(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "pow", a, 2, 3)?;
    if a.len() == 3 && !a[2].is_none() {
        let (mut b, mut e, m) = (int_arg(vm, a[0])?, int_arg(vm, a[1])?, int_arg(vm, a[2])?);
        use num_traits::{Signed, Zero};
        if m.is_zero() {
            return Err(vm.value_error("pow() 3rd argument cannot be 0"));
        }
        if e.is_negative() {
            // b ** -e is the inverse of b, to the power e.
            let m_abs = m.abs();
            match b.modinv(&m_abs) {
                Some(inv) => b = inv,
                None if m_abs == num_bigint::BigInt::from(1) => b = num_bigint::BigInt::zero(),
                None => return Err(vm.value_error("base is not invertible for the given modulus")),
            }
            e = -e;
        }
        let r = b.modpow(&e, &m);
        let r = if !r.is_zero() && r.is_negative() != m.is_negative() {
            r + &m
        } else {
            r
        };
        return vm.new_bigint(r);
    }
    vm.binary_op(BinOp::Pow, a[0], a[1])
}

fn round(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "round", a, 1, 2)?;
    // A number, or a subclass of one that does not round itself.
    let x = match a[0] {
        Value::Obj(_) if vm.lookup_override(a[0], "__round__").is_some() => None,
        v => num::as_num(&vm.heap, vm.derived_base(v)),
    };
    let Some(x) = x.filter(|x| !matches!(x, num::Num::C(..))) else {
        // Anything else rounds itself, given `ndigits` as it came.
        return match vm.lookup_type_attr(a[0], "__round__") {
            Some(m) => {
                let mut args = vec![a[0]];
                args.extend_from_slice(&a[1..]);
                vm.call(m, &args, &[])
            }
            None => {
                let t = vm.type_name(a[0]);
                Err(vm.type_error(format!("type {t} doesn't define __round__ method")))
            }
        };
    };
    let nd = if a.len() == 2 && !a[1].is_none() {
        Some(vm.index_value(a[1])?)
    } else {
        None
    };
    match (x, nd) {
        (num::Num::F(f), None) => {
            if f.is_nan() {
                return Err(vm.value_error("cannot convert float NaN to integer"));
            }
            if f.is_infinite() {
                return Err(vm.overflow_error("cannot convert float infinity to integer"));
            }
            let r = numfmt::round_half_even(f);
            let b = numfmt::float_to_bigint(r).map_err(|e| vm.num_err(e))?;
            vm.new_bigint(b)
        }
        (num::Num::F(f), Some(n)) => Ok(Value::Float(
            numfmt::round_float(f, n).map_err(|e| vm.num_err(e))?,
        )),
        (num::Num::I(i), None) => Ok(Value::Int(i)),
        (num::Num::I(i), Some(n)) => vm.new_bigint(numfmt::round_int(&i.into(), n)),
        (num::Num::B(b), n) => vm.new_bigint(numfmt::round_int(&b, n.unwrap_or(0))),
        (num::Num::C(..), _) => Err(vm.type_error("type complex doesn't define __round__ method")),
    }
}

fn sorted(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    if a.len() != 1 {
        let n = a.len();
        return Err(vm.type_error(format!("sorted expected 1 argument, got {n}")));
    }
    let items = vm.iter_to_vec(a[0])?;
    let key = kwarg(vm, kw, "key").unwrap_or(Value::None);
    let reverse = match kwarg(vm, kw, "reverse") {
        Some(r) => vm.truthy(r)?,
        None => false,
    };
    match vm.sort_values(items, key, reverse) {
        Ok(v) => vm.new_list(v),
        Err((e, _)) => Err(e),
    }
}

fn sum(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    if let Some((k, _)) = kw.iter().find(|(k, _)| vm.heap.str_of(*k) != Some("start")) {
        let k = vm.heap.str_of(*k).unwrap_or("?").to_string();
        return Err(vm.type_error(format!("'{k}' is an invalid keyword argument for sum()")));
    }
    let start = kwarg(vm, kw, "start");
    if start.is_some() && a.len() > 1 {
        return Err(vm.type_error(format!(
            "sum() takes at most 2 arguments ({} given)",
            a.len() + 1
        )));
    }
    want(vm, "sum", a, 1, 2)?;
    let mut acc = start.or(a.get(1).copied()).unwrap_or(Value::Int(0));
    if vm.heap.str_of(acc).is_some() {
        return Err(vm.type_error("sum() can't sum strings [use ''.join(seq) instead]"));
    }
    if let Some(total) = sum_range(vm, a[0], acc)? {
        return Ok(total);
    }
    // One root slot for the running total: without it every intermediate
    // big int would stay rooted until sum() returns.
    let slot = vm.root_slot(acc);
    vm.for_each_quick(a[0], |vm, v, quick| {
        let fast = match (acc, v) {
            (Value::Int(x), Value::Int(y)) => {
                crate::ops::int_fast_int(BinOp::Add, x, y).map(Value::Int)
            }
            (Value::Float(x), Value::Float(y)) => {
                crate::ops::float_fast_f64(BinOp::Add, x, y).map(Value::Float)
            }
            _ => None,
        };
        acc = match fast {
            Some(r) => r,
            // `binary_op` may run Python code (`__add__`).
            None if quick => return None,
            None => match vm.binary_op(BinOp::Add, acc, v) {
                Ok(r) => r,
                Err(e) => return Some(Err(e)),
            },
        };
        vm.set_root(slot, acc);
        Some(Ok(Step::Continue))
    })?;
    Ok(acc)
}

/// `sum(range(...))` with an int start, in closed form: a range of 10**10
/// items is summed at once instead of stepping past the time budget.
fn sum_range(vm: &mut Vm, r: Value, start: Value) -> PyResult<Option<Value>> {
    let Value::Obj(h) = r else { return Ok(None) };
    let Obj::Range {
        start: lo,
        stop,
        step,
    } = *vm.heap.get(h)
    else {
        return Ok(None);
    };
    let Value::Int(init) = start else {
        return Ok(None);
    };
    let n = crate::types::range::range_len(lo, stop, step).max(0);
    use num_bigint::BigInt;
    // n items lo, lo+step, ...: n*lo + step*n*(n-1)/2.
    let n_b = BigInt::from(n);
    let total = BigInt::from(init)
        + &n_b * BigInt::from(lo)
        + BigInt::from(step) * &n_b * (n_b.clone() - 1) / 2;
    vm.new_bigint(total).map(Some)
}

fn globals(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    Ok(match vm.frames.last() {
        Some(f) => {
            if f.locals.is_null() {
                Value::Obj(f.globals)
            } else {
                f.locals
            }
        }
        None => Value::None,
    })
}

fn build_class(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    vm.build_class(a, kw)
}

/// `__import__(name, globals=None, locals=None, fromlist=(), level=0)`.
fn import(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let name = kwarg(vm, kw, "name").unwrap_or(arg(a, 0));
    let given_globals = kwarg(vm, kw, "globals").unwrap_or(arg(a, 1));
    let fromlist = kwarg(vm, kw, "fromlist").unwrap_or(arg(a, 3));
    let level = kwarg(vm, kw, "level").unwrap_or(if a.len() > 4 { a[4] } else { Value::Int(0) });
    if vm.heap.str_of(name).is_none() {
        return Err(vm.type_error("module name must be a string"));
    }
    let lv = vm.index_value(level)?;
    if lv < 0 {
        return Err(vm.value_error("level must be >= 0"));
    }
    if lv == 0 && vm.heap.str_of(name) == Some("") {
        return Err(vm.value_error("Empty module name"));
    }
    // Relative imports resolve against the globals given (a dict), else
    // the caller's.
    let globals = match given_globals {
        Value::Obj(h) if lv > 0 && matches!(vm.heap.get(h), Obj::Dict(_)) => h,
        Value::None | Value::Null => match vm.frames.last() {
            Some(f) => f.globals,
            None => vm.builtins,
        },
        _ if lv > 0 => return Err(vm.type_error("globals must be a dict")),
        _ => match vm.frames.last() {
            Some(f) => f.globals,
            None => vm.builtins,
        },
    };
    vm.import_name_default(globals, name, Value::Int(lv), fromlist)
}

fn exec_or_eval(vm: &mut Vm, a: &[Value], mode: capy_compiler::Mode) -> PyResult {
    let src = a.first().copied().unwrap_or(Value::None);
    let text = match vm.heap.str_of(src) {
        Some(s) => Some(s.to_string()),
        None => crate::types::bytes::buffer_opt(vm, src)
            .map(|b| String::from_utf8_lossy(&b).to_string()),
    };
    let code = match text {
        Some(s) => vm.compile(&s, "<string>", mode)?,
        None => match src {
            Value::Obj(h) => match vm.heap.get(h) {
                Obj::Code(c) => c.clone(),
                _ => return Err(vm.type_error("exec() arg 1 must be a string or code object")),
            },
            _ => return Err(vm.type_error("exec() arg 1 must be a string or code object")),
        },
    };
    let fname = if mode == capy_compiler::Mode::Eval {
        "eval"
    } else {
        "exec"
    };
    if let Some(&g) = a.get(1) {
        if !g.is_none() && !matches!(g, Value::Obj(h) if matches!(vm.heap.get(h), Obj::Dict(_))) {
            let t = vm.type_name(g);
            return Err(vm.type_error(format!("{fname}() globals must be a dict, not {t}")));
        }
    }
    if let Some(&l) = a.get(2) {
        if !l.is_none() && !matches!(l, Value::Obj(_)) {
            let t = vm.type_name(l);
            return Err(vm.type_error(format!("locals must be a mapping, not {t}")));
        }
    }
    let globals = match a.get(1) {
        Some(&Value::Obj(g)) if matches!(vm.heap.get(g), Obj::Dict(_)) => g,
        _ => match vm.frames.last() {
            Some(f) => f.globals,
            None => vm.new_dict_obj()?,
        },
    };
    let locals = match a.get(2) {
        Some(&l) if !l.is_none() => l,
        _ => match (a.get(1), vm.frames.last()) {
            (None, Some(f)) if !f.locals.is_null() => f.locals,
            _ => Value::Null,
        },
    };
    if vm.dict_get_str(globals, "__builtins__").is_none() {
        let b = Value::Obj(vm.builtins);
        vm.dict_set_str(globals, "__builtins__", b)?;
    }
    vm.run_code(&code, globals, locals)
}

fn exec(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    exec_or_eval(vm, a, capy_compiler::Mode::Exec)?;
    Ok(Value::None)
}

fn eval(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    exec_or_eval(vm, a, capy_compiler::Mode::Eval)
}

/// Calls a built-in type: `int(x)`, `list(it)`, `range(n)`, ...
pub fn construct(vm: &mut Vm, t: TypeId, _cls: Gc, a: &[Value], kw: Kw) -> PyResult {
    crate::types::construct::construct(vm, t, a, kw)
}

/// The current frame's local variables as a dict (module frames: globals).
fn frame_locals(vm: &mut Vm) -> PyResult {
    let Some(f) = vm.frames.last() else {
        return Ok(Value::Obj(vm.builtins));
    };
    if !f.locals.is_null() {
        return Ok(f.locals);
    }
    let code = f.code.clone();
    let (base, globals) = (f.base, f.globals);
    if code.varnames.is_empty() && code.cellvars.is_empty() && code.freevars.is_empty() {
        return Ok(Value::Obj(globals));
    }
    let d = vm.new_dict()?;
    let nv = code.varnames.len();
    for (i, name) in code.varnames.iter().enumerate() {
        let v = vm.stack.get(base + i).copied().unwrap_or(Value::Null);
        // A parameter captured by a closure lives in a cell instead.
        if !v.is_null()
            && !matches!(v, Value::Obj(h) if matches!(vm.heap.get(h), Obj::Cell(_)) && code.cellvars.iter().any(|c| c == name))
        {
            let k = vm.intern(name);
            vm.dict_set(d, k, v)?;
        }
    }
    for (j, name) in code.cellvars.iter().chain(code.freevars.iter()).enumerate() {
        if let Some(Value::Obj(c)) = vm.stack.get(base + nv + j).copied() {
            if let Obj::Cell(v) = vm.heap.get(c) {
                let v = *v;
                if !v.is_null() {
                    let k = vm.intern(name);
                    vm.dict_set(d, k, v)?;
                }
            }
        }
    }
    Ok(d)
}

fn locals(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "locals", a, 0, 0)?;
    frame_locals(vm)
}

fn vars(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "vars", a, 0, 1)?;
    if a.is_empty() {
        return frame_locals(vm);
    }
    match vm.getattr_str(a[0], "__dict__") {
        Ok(d) => Ok(d),
        Err(e) if vm.err_is(e, ExcKind::AttributeError) => {
            Err(vm.type_error("vars() argument must have __dict__ attribute"))
        }
        Err(e) => Err(e),
    }
}

/// Adds the str keys of a dict-like table to `out`.
fn add_keys(vm: &Vm, v: Value, out: &mut std::collections::BTreeSet<String>) {
    let Value::Obj(h) = v else { return };
    let d = match vm.heap.get(h) {
        Obj::Dict(d) => &**d,
        Obj::Class(c) => &c.dict,
        Obj::Instance(i) => {
            for (k, _) in vm.inst_items(i) {
                if let Some(s) = vm.heap.str_of(k) {
                    out.insert(s.to_string());
                }
            }
            return;
        }
        Obj::Exception(e) => &e.dict,
        Obj::Func(f) => {
            if let Some(g) = f.ext_dict {
                add_keys(vm, Value::Obj(g), out);
            }
            &f.dict
        }
        Obj::Module(m) => return add_keys(vm, Value::Obj(m.dict), out),
        _ => return,
    };
    for (k, _) in d.iter() {
        if let Some(s) = vm.heap.str_of(k) {
            out.insert(s.to_string());
        }
    }
}

fn dir(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "dir", a, 0, 1)?;
    let mut names = std::collections::BTreeSet::new();
    if a.is_empty() {
        let l = frame_locals(vm)?;
        add_keys(vm, l, &mut names);
    } else {
        let v = a[0];
        if vm.is_user_instance(v) {
            if let Some(m) = vm.lookup_type_attr(v, "__dir__") {
                if !vm.is_default_method(m) {
                    let r = vm.call(m, &[v], &[])?;
                    let items = vm.iter_to_vec(r)?;
                    let l = vm.new_list(items)?;
                    return sorted(vm, &[l], &[]);
                }
            }
        }
        let is_module = matches!(v, Value::Obj(h) if matches!(vm.heap.get(h), Obj::Module(_)));
        add_keys(vm, v, &mut names);
        if !is_module {
            // A class lists its MRO's names; anything else adds its class's.
            let cls = match v {
                Value::Obj(h) if matches!(vm.heap.get(h), Obj::Class(_)) => h,
                _ => vm.type_of(v),
            };
            let mro: Vec<Gc> = match vm.heap.get(cls) {
                Obj::Class(c) => c.mro.clone(),
                _ => Vec::new(),
            };
            for c in mro {
                add_keys(vm, Value::Obj(c), &mut names);
            }
            if matches!(v, Value::Obj(h) if matches!(vm.heap.get(h), Obj::Instance(_) | Obj::Exception(_) | Obj::Class(_)))
            {
                names.insert("__class__".into());
                names.insert("__dict__".into());
                names.insert("__module__".into());
            } else {
                names.insert("__class__".into());
            }
        }
    }
    let mut out = Vec::with_capacity(names.len());
    for n in names {
        out.push(vm.new_string(n)?);
    }
    vm.charge(out.len() * 16)?;
    vm.new_list(out)
}

fn input(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    want(vm, "input", a, 0, 1)?;
    if let Some(&p) = a.first() {
        let s = vm.to_str(p)?;
        vm.write_out(&s)?;
    }
    vm.flush();
    let mut line = crate::modules::stdin::read_text_bytes(vm, None, true)?;
    if line.is_empty() {
        return Err(vm.error(ExcKind::EOFError, "EOF when reading a line"));
    }
    if line.ends_with(b"\n") {
        line.pop();
        if line.ends_with(b"\r") {
            line.pop();
        }
    }
    crate::modules::stdin::decode(vm, &line)
}

/// `open`: modules/file, through the instance's host view.
fn open(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    crate::modules::file::open(vm, a, kw)
}

fn compile(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let get = |vm: &Vm, i: usize, name: &str| kwarg(vm, kw, name).or(a.get(i).copied());
    let (Some(src), Some(fname), Some(mode)) = (
        get(vm, 0, "source"),
        get(vm, 1, "filename"),
        get(vm, 2, "mode"),
    ) else {
        return Err(vm.type_error("compile() missing required argument 'source' (pos 1)"));
    };
    let source = match vm.heap.str_of(src) {
        Some(s) => s.to_string(),
        None => match crate::types::bytes::buffer_opt(vm, src) {
            Some(b) => String::from_utf8_lossy(&b).to_string(),
            None => {
                return Err(vm.type_error("compile() arg 1 must be a string, bytes or AST object"))
            }
        },
    };
    let fname = vm.to_str(fname)?;
    let mode = match vm.heap.str_of(mode) {
        Some("exec") => capy_compiler::Mode::Exec,
        Some("eval") => capy_compiler::Mode::Eval,
        Some("single") => capy_compiler::Mode::Single,
        _ => return Err(vm.value_error("compile() mode must be 'exec', 'eval' or 'single'")),
    };
    let code = vm.compile(&source, &fname, mode)?;
    Ok(Value::Obj(vm.alloc(Obj::Code(code))?))
}

/// An attribute name argument: a str (TypeError otherwise), interned.
fn attr_name(vm: &mut Vm, v: Value) -> PyResult<Value> {
    match vm.heap.str_of(vm.builtin_base(v)).map(|s| s.to_string()) {
        Some(s) => Ok(vm.intern(&s)),
        None => {
            let t = vm.type_name(v);
            Err(vm.type_error(format!("attribute name must be string, not '{t}'")))
        }
    }
}
