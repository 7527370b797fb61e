//! The exception hierarchy's class objects and `BaseException` methods.

use crate::errors::ExcKind;
use crate::obj::{Class, ClassFlags, Layout, NativeFn, Obj};
use crate::types::MethodDef;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

const METHODS: &[MethodDef] = &[
    ("__init__", exc_init, true),
    ("__str__", exc_str, false),
    ("__repr__", exc_repr, false),
    ("add_note", exc_add_note, false),
    ("with_traceback", exc_with_traceback, false),
];

/// Creates the built-in exception classes (parents before children).
pub fn init_exceptions(vm: &mut Vm) {
    let object = vm.type_obj(crate::types::TypeId::Object);
    let mut classes: Vec<Gc> = Vec::with_capacity(ExcKind::ALL.len());
    for &kind in ExcKind::ALL {
        let name = vm.intern(kind.name());
        let parent = if kind == ExcKind::BaseException {
            object
        } else {
            classes[kind.parent() as usize]
        };
        let mut mro = match vm.heap.get(parent) {
            Obj::Class(c) => c.mro.clone(),
            _ => vec![object],
        };
        let class = Class {
            name,
            qualname: name,
            bases: vec![parent],
            mro: Vec::new(),
            dict: Default::default(),
            layout: Layout::Exception,
            builtin: None,
            metaclass: Value::Null,
            flags: ClassFlags::default(),
        };
        let g = match vm.alloc(Obj::Class(Box::new(class))) {
            Ok(g) => g,
            Err(_) => object,
        };
        mro.insert(0, g);
        if let Obj::Class(c) = vm.heap.get_mut(g) {
            c.mro = mro;
        }
        vm.attr_cache.invalidate();
        classes.push(g);
    }
    vm.exc_classes = classes.into();
    let base = vm.exc_classes[ExcKind::BaseException as usize];
    add_methods(vm, base, METHODS);
    let key_error = vm.exc_classes[ExcKind::KeyError as usize];
    add_methods(vm, key_error, &[("__str__", key_error_str, false)]);
    let syntax_error = vm.exc_classes[ExcKind::SyntaxError as usize];
    add_methods(
        vm,
        syntax_error,
        &[
            ("__init__", syntax_error_init, true),
            ("__str__", syntax_error_str, false),
        ],
    );
    init_os_error(vm);
    // ImportError(msg, name=..., path=...): both None unless given.
    let import_error = vm.exc_classes[ExcKind::ImportError as usize];
    add_methods(vm, import_error, &[("__init__", import_error_init, true)]);
    let _ = vm.dict_set_str_class(import_error, "name", Value::None);
    let _ = vm.dict_set_str_class(import_error, "path", Value::None);
    super::excgroup::init(vm);
    super::codec::init(vm);
}

fn add_methods(vm: &mut Vm, class: Gc, defs: &[MethodDef]) {
    for &(name, f, kw) in defs {
        let v = crate::types::boot_native(vm, name, f, kw, Value::Obj(class));
        let _ = vm.dict_set_str_class(class, name, v);
    }
}

/// `OSError(errno, strerror, ...)` made through `OSError` itself is an
/// instance of the subclass for that errno (`OSError(2, "x")` is a
/// FileNotFoundError), as in CPython; None otherwise.
pub fn os_error_subclass(vm: &Vm, class: Gc, args: &[Value]) -> Option<Gc> {
    if class != vm.exc_classes[ExcKind::OSError as usize] || args.len() < 2 {
        return None;
    }
    let Value::Int(errno) = args[0] else {
        return None;
    };
    let kind = match errno {
        1 | 13 => ExcKind::PermissionError,
        2 => ExcKind::FileNotFoundError,
        3 => ExcKind::ProcessLookupError,
        4 => ExcKind::InterruptedError,
        10 => ExcKind::ChildProcessError,
        11 | 114 | 115 => ExcKind::BlockingIOError,
        17 => ExcKind::FileExistsError,
        20 => ExcKind::NotADirectoryError,
        21 => ExcKind::IsADirectoryError,
        32 | 108 => ExcKind::BrokenPipeError,
        103 => ExcKind::ConnectionAbortedError,
        104 => ExcKind::ConnectionResetError,
        110 => ExcKind::TimeoutError,
        111 => ExcKind::ConnectionRefusedError,
        _ => return None,
    };
    Some(vm.exc_classes[kind as usize])
}

/// OSError: `__init__` splits off the file names, `__str__` shows
/// `[Errno N] msg`, and `errno`/`strerror` are read from `args`.
fn init_os_error(vm: &mut Vm) {
    let os = vm.exc_classes[ExcKind::OSError as usize];
    add_methods(
        vm,
        os,
        &[
            ("__init__", os_error_init, true),
            ("__str__", os_error_str, false),
        ],
    );
    let props: [(&'static str, NativeFn, NativeFn); 2] = [
        ("errno", os_errno_get, os_errno_set),
        ("strerror", os_strerror_get, os_strerror_set),
    ];
    for (name, get, set) in props {
        let fget = crate::types::boot_native(vm, name, get, false, Value::Obj(os));
        let fset = crate::types::boot_native(vm, name, set, false, Value::Obj(os));
        let Ok(p) = vm.alloc(Obj::Property {
            fget,
            fset,
            fdel: Value::None,
            doc: Value::None,
        }) else {
            return;
        };
        let _ = vm.dict_set_str_class(os, name, Value::Obj(p));
    }
    let _ = vm.dict_set_str_class(os, "filename", Value::None);
    let _ = vm.dict_set_str_class(os, "filename2", Value::None);
}

fn exc_init(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let Some(&this) = a.first() else {
        return Ok(Value::None);
    };
    let t = vm.new_tuple(a[1..].to_vec())?;
    if let Value::Obj(h) = this {
        if let Obj::Exception(e) = vm.heap.get_mut(h) {
            e.args = t;
        }
    }
    Ok(Value::None)
}

fn import_error_init(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    exc_init(vm, a, &[])?;
    let this = a.first().copied().unwrap_or(Value::None);
    for &(k, v) in kw {
        match vm.heap.str_of(k) {
            Some("name" | "path") => vm.setattr(this, k, v)?,
            _ => {
                let n = vm.heap.str_of(k).unwrap_or("?").to_string();
                return Err(vm.type_error(format!(
                    "'{n}' is an invalid keyword argument for ImportError()"
                )));
            }
        }
    }
    Ok(Value::None)
}

fn exc_with_traceback(_vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    Ok(a.first().copied().unwrap_or(Value::None))
}

/// The items of an exception's `args`.
fn exc_args(vm: &mut Vm, this: Value) -> PyResult<Vec<Value>> {
    let args = match this {
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::Exception(e) => e.args,
            _ => return Ok(Vec::new()),
        },
        _ => return Ok(Vec::new()),
    };
    vm.seq_items(args)
}

/// `BaseException.__str__` of the given args: empty, the one arg, or the tuple.
fn default_str(vm: &mut Vm, this: Value, quote_single: bool) -> PyResult {
    let items = exc_args(vm, this)?;
    let s = match items.as_slice() {
        [] => String::new(),
        [one] if quote_single => vm.repr(*one)?,
        [one] => vm.to_str(*one)?,
        _ => {
            let t = vm.new_tuple(items)?;
            vm.repr(t)?
        }
    };
    vm.new_string(s)
}

/// `e.add_note(note)`: appends to `e.__notes__` (made on the first
/// note), which the traceback prints under the message.
fn exc_add_note(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let this = a.first().copied().unwrap_or(Value::None);
    let note = a.get(1).copied().unwrap_or(Value::None);
    if vm.heap.str_of(note).is_none() {
        let t = vm.type_name(note);
        return Err(vm.type_error(format!("note must be a str, not '{t}'")));
    }
    let name = vm.intern("__notes__");
    let notes = match vm.getattr_opt(this, name)? {
        Some(n) => n,
        None => {
            let l = vm.new_list(Vec::new())?;
            vm.setattr(this, name, l)?;
            l
        }
    };
    match notes {
        Value::Obj(h) if matches!(vm.heap.get(h), Obj::List(_)) => {
            if let Obj::List(l) = vm.heap.get_mut(h) {
                l.push(note);
            }
            Ok(Value::None)
        }
        _ => Err(vm.type_error("Cannot add note: __notes__ is not a list")),
    }
}

/// `BaseException.__str__`: what a subclass's `__str__` gets from
/// `super().__str__()`.
fn exc_str(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let this = a.first().copied().unwrap_or(Value::None);
    default_str(vm, this, false)
}

/// `BaseException.__repr__`.
fn exc_repr(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let this = a.first().copied().unwrap_or(Value::None);
    let s = vm.exception_repr(this)?;
    vm.new_string(s)
}

/// `str(KeyError(k))` is `repr(k)`, so an empty-string key stays visible.
fn key_error_str(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let this = a.first().copied().unwrap_or(Value::None);
    default_str(vm, this, true)
}

/// `SyntaxError(msg, (filename, lineno, offset, text[, end_lineno,
/// end_offset]))`: the details become attributes, as in CPython.
fn syntax_error_init(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    exc_init(vm, a, kw)?;
    let Some(&this) = a.first() else {
        return Ok(Value::None);
    };
    if let Some(&msg) = a.get(1) {
        set_attr(vm, this, "msg", msg)?;
    }
    if let [_, _, details] = a {
        let items = vm.seq_items(*details)?;
        if !(4..=6).contains(&items.len()) {
            return Err(vm.index_error("tuple index out of range"));
        }
        let names = [
            "filename",
            "lineno",
            "offset",
            "text",
            "end_lineno",
            "end_offset",
        ];
        for (name, v) in names.iter().zip(items) {
            set_attr(vm, this, name, v)?;
        }
    }
    Ok(Value::None)
}

/// `msg (file.py, line 3)`: the message and, when known, the base name of
/// the file and the line.
fn syntax_error_str(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let this = a.first().copied().unwrap_or(Value::None);
    let msg = match own_attr(vm, this, "msg") {
        Some(m) if vm.heap.str_of(m).is_some() => m,
        _ => return default_str(vm, this, false),
    };
    let msg = vm.to_str(msg)?;
    let file = own_attr(vm, this, "filename").and_then(|f| vm.heap.str_of(f));
    let file = file.map(|f| f.rsplit('/').next().unwrap_or(f).to_string());
    let line = match own_attr(vm, this, "lineno") {
        Some(Value::Int(n)) => Some(n),
        _ => None,
    };
    let s = match (file, line) {
        (Some(f), Some(n)) => format!("{msg} ({f}, line {n})"),
        (Some(f), None) => format!("{msg} ({f})"),
        (None, Some(n)) => format!("{msg} (line {n})"),
        (None, None) => msg,
    };
    vm.new_string(s)
}

/// `OSError(errno, strerror[, filename[, winerror[, filename2]]])`: with a
/// file name, `args` keeps only the first two (as CPython).
fn os_error_init(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    exc_init(vm, a, kw)?;
    let Some(&this) = a.first() else {
        return Ok(Value::None);
    };
    let given = &a[1..];
    if (3..=5).contains(&given.len()) {
        set_attr(vm, this, "filename", given[2])?;
        if let Some(&f2) = given.get(4) {
            set_attr(vm, this, "filename2", f2)?;
        }
        let t = vm.new_tuple(given[..2].to_vec())?;
        if let Value::Obj(h) = this {
            if let Obj::Exception(e) = vm.heap.get_mut(h) {
                e.args = t;
            }
        }
    }
    Ok(Value::None)
}

fn set_attr(vm: &mut Vm, this: Value, name: &str, v: Value) -> PyResult<()> {
    let n = vm.intern(name);
    vm.generic_setattr(this, n, v)
}

/// A value stored in the exception's own dict (set by assignment).
fn own_attr(vm: &Vm, this: Value, name: &str) -> Option<Value> {
    let Value::Obj(h) = this else { return None };
    let Obj::Exception(e) = vm.heap.get(h) else {
        return None;
    };
    let hash = crate::heap::str_hash(name);
    e.dict
        .probe_str(&vm.heap, hash, name)
        .map(|p| e.dict.value_at(p))
}

/// `errno` (index 0) or `strerror` (index 1): set only when two or more
/// arguments were given.
fn os_field(vm: &mut Vm, a: &[Value], name: &str, index: usize) -> PyResult {
    let this = a.first().copied().unwrap_or(Value::None);
    if let Some(v) = own_attr(vm, this, name) {
        return Ok(v);
    }
    let items = exc_args(vm, this)?;
    Ok(if items.len() >= 2 {
        items[index]
    } else {
        Value::None
    })
}

fn os_field_set(vm: &mut Vm, a: &[Value], name: &str) -> PyResult {
    if let [this, v] = a {
        set_attr(vm, *this, name, *v)?;
    }
    Ok(Value::None)
}

fn os_errno_get(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    os_field(vm, a, "errno", 0)
}
fn os_errno_set(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    os_field_set(vm, a, "errno")
}
fn os_strerror_get(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    os_field(vm, a, "strerror", 1)
}
fn os_strerror_set(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    os_field_set(vm, a, "strerror")
}

/// `[Errno N] msg`, then `: 'file'` and ` -> 'file2'` when given.
fn os_error_str(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let this = a.first().copied().unwrap_or(Value::None);
    let errno = os_field(vm, a, "errno", 0)?;
    let strerror = os_field(vm, a, "strerror", 1)?;
    let file = own_attr(vm, this, "filename").unwrap_or(Value::None);
    let file2 = own_attr(vm, this, "filename2").unwrap_or(Value::None);
    if errno.is_none() && strerror.is_none() && file.is_none() {
        return default_str(vm, this, false);
    }
    let mut s = format!("[Errno {}] {}", vm.to_str(errno)?, vm.to_str(strerror)?);
    if !file.is_none() {
        s.push_str(&format!(": {}", vm.repr(file)?));
        if !file2.is_none() {
            s.push_str(&format!(" -> {}", vm.repr(file2)?));
        }
    }
    vm.new_string(s)
}
