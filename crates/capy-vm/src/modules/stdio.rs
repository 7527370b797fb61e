//! `sys.stdin`, `sys.stdout` and `sys.stderr`: text streams over the
//! process's standard streams, each an instance of a native class named
//! `TextIOWrapper` (as CPython's).
//!
//! stdin reads (`read`, `readline`, `readlines`, iteration) share one
//! buffer with `input()` (modules/stdin.rs), so the two can be mixed, and
//! wait no longer than the time budget. Text is decoded and encoded as
//! UTF-8 with CPython's error handlers: `surrogateescape` for stdin and
//! stdout under the C locale, `strict` otherwise, `backslashreplace` for
//! stderr (`stdstream::stdio_errors`). Everything read is charged to the heap quota, so
//! a huge input raises MemoryError instead of exhausting the host. stdout
//! and stderr write through the instance's output, where `print` writes;
//! a failed write or flush raises OSError (BrokenPipeError for a closed
//! pipe). Each has a `buffer` for bytes (`sys.stdout.buffer.write(b"..")`),
//! over the same stream: an unbuffered `FileIO`, as CPython's under `-u`.

use super::stdin::read_text;
use crate::dict::Dict;
use crate::obj::{Instance, NativeFn, Obj};
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;
use std::io::IsTerminal;

type Kw<'a> = &'a [(Value, Value)];

const COMMON: &[(&str, NativeFn)] = &[
    ("__enter__", this),
    ("__exit__", none),
    ("close", none),
    ("seekable", no),
    ("__repr__", repr),
];

const STDIN: &[(&str, NativeFn)] = &[
    ("read", read),
    ("readline", readline),
    ("readlines", readlines),
    ("__iter__", this),
    ("__next__", next),
    ("readable", yes),
    ("writable", no),
    ("isatty", isatty),
    ("fileno", fileno_0),
];

const STDOUT: &[(&str, NativeFn)] = &[
    ("write", stdout_write),
    ("flush", stdout_flush),
    ("readable", no),
    ("writable", yes),
    ("isatty", no),
    ("fileno", fileno_1),
];

const STDERR: &[(&str, NativeFn)] = &[
    ("write", stderr_write),
    ("flush", stderr_flush),
    ("readable", no),
    ("writable", yes),
    ("isatty", no),
    ("fileno", fileno_2),
];

const STDIN_BUFFER: &[(&str, NativeFn)] = &[
    ("read", read_bytes),
    ("readline", readline_bytes),
    ("readable", yes),
    ("writable", no),
    ("fileno", fileno_0),
];

const STDOUT_BUFFER: &[(&str, NativeFn)] = &[
    ("write", stdout_write_bytes),
    ("flush", stdout_flush),
    ("readable", no),
    ("writable", yes),
    ("fileno", fileno_1),
];

const STDERR_BUFFER: &[(&str, NativeFn)] = &[
    ("write", stderr_write_bytes),
    ("flush", stderr_flush),
    ("readable", no),
    ("writable", yes),
    ("fileno", fileno_2),
];

/// Makes `sys.stdin`, `sys.stdout` and `sys.stderr`, in that order, each
/// with its `buffer`.
pub fn make_all(vm: &mut Vm) -> PyResult<[Value; 3]> {
    let streams = [
        (STDIN, STDIN_BUFFER, "<stdin>", "r"),
        (STDOUT, STDOUT_BUFFER, "<stdout>", "w"),
        (STDERR, STDERR_BUFFER, "<stderr>", "w"),
    ];
    let mut out = [Value::None; 3];
    for (slot, (text, bytes, name, mode)) in out.iter_mut().zip(streams) {
        // Unbuffered, as CPython's under `-u` and MicroPython's: FileIO.
        let buffer = make(vm, bytes, "FileIO", name, &format!("{mode}b"))?;
        let stream = make(vm, text, "TextIOWrapper", name, mode)?;
        let key = vm.intern("buffer");
        vm.generic_setattr(stream, key, buffer)?;
        *slot = stream;
    }
    Ok(out)
}

/// One stream: a class named `class` with `methods` and its instance.
fn make(
    vm: &mut Vm,
    methods: &[(&'static str, NativeFn)],
    class: &str,
    name: &str,
    mode: &str,
) -> PyResult {
    let mut ns = Dict::new();
    let mut natives = Vec::with_capacity(methods.len() + COMMON.len());
    for &(n, f) in methods.iter().chain(COMMON) {
        let v = crate::types::native(vm, n, f, true, Value::None)?;
        put(vm, &mut ns, n, v)?;
        natives.push(v);
    }
    let modname = vm.new_str("io")?;
    put(vm, &mut ns, "__module__", modname)?;
    let meta = Value::Obj(vm.type_obj(crate::types::TypeId::Type));
    let cname = vm.new_str(class)?;
    let c = vm.new_class(meta, cname, vec![], &ns)?;
    for v in natives {
        if let Value::Obj(n) = v {
            if let Obj::Native(nf) = vm.heap.get_mut(n) {
                nf.owner = Value::Obj(c);
            }
        }
    }
    let obj = Value::Obj(vm.alloc(Obj::Instance(Instance::new(c, Value::Null)))?);
    let text = !mode.ends_with('b');
    let errors = match name {
        "<stderr>" => STDERR_ERRORS,
        _ => crate::stdstream::stdio_errors(),
    };
    let attrs = [
        ("mode", mode),
        ("name", name),
        ("encoding", "utf-8"),
        ("errors", errors),
    ];
    for (k, v) in attrs.into_iter().take(if text { 4 } else { 2 }) {
        let v = vm.new_str(v)?;
        let key = vm.intern(k);
        vm.generic_setattr(obj, key, v)?;
    }
    Ok(obj)
}

fn stdout_write(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (b, n) = text_arg(vm, a, crate::stdstream::stdio_errors())?;
    vm.write_out_bytes(&b)?;
    Ok(Value::Int(n))
}

fn stderr_write(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (b, n) = text_arg(vm, a, STDERR_ERRORS)?;
    vm.flush();
    vm.write_err_bytes(&b)?;
    Ok(Value::Int(n))
}

fn stdout_write_bytes(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let b = bytes_arg(vm, a)?;
    vm.write_out_bytes(&b)?;
    Ok(Value::Int(b.len() as i64))
}

fn stderr_write_bytes(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let b = bytes_arg(vm, a)?;
    vm.flush();
    vm.write_err_bytes(&b)?;
    Ok(Value::Int(b.len() as i64))
}

/// The bytes-like argument of a buffer's `write`.
fn bytes_arg(vm: &mut Vm, a: &[Value]) -> PyResult<Vec<u8>> {
    let v = a.get(1).copied().unwrap_or(Value::None);
    match crate::types::bytes::buffer_opt(vm, v) {
        Some(b) => Ok(b),
        None => {
            let t = vm.type_name(v);
            Err(vm.type_error(format!("a bytes-like object is required, not '{t}'")))
        }
    }
}

/// The str argument of `write` (CPython refuses anything else) as the
/// stream encodes it, and its length in characters.
fn text_arg(vm: &mut Vm, a: &[Value], errors: &str) -> PyResult<(Vec<u8>, i64)> {
    let v = a.get(1).copied().unwrap_or(Value::None);
    let base = vm.builtin_base(v);
    let Some(s) = vm.heap.str_of(base) else {
        let t = vm.type_name(v);
        return Err(vm.type_error(format!("write() argument must be str, not {t}")));
    };
    // A lone surrogate is kept as one U+FFFD in the text, so this counts it.
    let n = s.chars().count() as i64;
    Ok((stream_bytes(vm, base, errors)?, n))
}

/// The error handler of `sys.stderr`, whatever the locale (as CPython's).
pub const STDERR_ERRORS: &str = "backslashreplace";

/// A str value as a UTF-8 standard stream writes it: lone surrogates go
/// through the stream's error handler (`errors`), which raises
/// UnicodeEncodeError under 'strict', as CPython's text layer does.
pub fn stream_bytes(vm: &mut Vm, v: Value, errors: &str) -> PyResult<Vec<u8>> {
    match vm.heap.pystr(v) {
        Some(p) if p.has_surrogates() => crate::types::codec::encode_value(vm, v, "utf-8", errors),
        Some(p) => Ok(p.s.as_bytes().to_vec()),
        None => Ok(Vec::new()),
    }
}

/// `<_io.TextIOWrapper name='<stdout>' mode='w' encoding='utf-8'>`,
/// `<_io.FileIO name='<stdout>' mode='wb' closefd=False>`.
fn repr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let this = a.first().copied().unwrap_or(Value::None);
    let class = vm.type_name(this);
    let mut parts = format!("<_io.{class}");
    let keys: &[&str] = if class == "TextIOWrapper" {
        &["name", "mode", "encoding"]
    } else {
        &["name", "mode"]
    };
    for &k in keys {
        let v = vm.getattr_str(this, k)?;
        let r = vm.repr(v)?;
        parts.push_str(&format!(" {k}={r}"));
    }
    if class != "TextIOWrapper" {
        parts.push_str(" closefd=False");
    }
    parts.push('>');
    vm.new_string(parts)
}

fn stdout_flush(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    vm.flush_out()?;
    Ok(Value::None)
}

fn stderr_flush(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    vm.flush_err()?;
    Ok(Value::None)
}

fn put(vm: &mut Vm, ns: &mut Dict, k: &str, v: Value) -> PyResult<()> {
    let key = vm.intern(k);
    let h = vm.hash(key)?;
    ns.insert_new(h, key, v);
    Ok(())
}

/// The optional size argument: None or negative means "no limit".
fn limit(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult<Option<usize>> {
    let mut v = a.get(1).copied();
    for &(k, x) in kw {
        match vm.heap.str_of(k) {
            Some("size" | "hint") if v.is_none() => v = Some(x),
            _ => {
                let k = vm.heap.str_of(k).unwrap_or("?").to_string();
                return Err(vm.type_error(format!("unexpected keyword argument '{k}'")));
            }
        }
    }
    match v {
        None | Some(Value::None) => Ok(None),
        Some(x) => {
            let n = vm.index_value(x)?;
            Ok(usize::try_from(n).ok())
        }
    }
}

fn read(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let max = limit(vm, a, kw)?;
    vm.flush();
    read_text(vm, max, false)
}

fn read_bytes(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let max = limit(vm, a, kw)?;
    vm.flush();
    let b = super::stdin::read_bytes(vm, max, false)?;
    Ok(Value::Obj(vm.alloc(Obj::Bytes(b.into_boxed_slice()))?))
}

fn readline_bytes(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let max = limit(vm, a, kw)?;
    vm.flush();
    let b = super::stdin::read_bytes(vm, max, true)?;
    Ok(Value::Obj(vm.alloc(Obj::Bytes(b.into_boxed_slice()))?))
}

fn readline(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let max = limit(vm, a, kw)?;
    vm.flush();
    read_text(vm, max, true)
}

/// Lines until end of input, or until their total length reaches `hint`.
fn readlines(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let hint = limit(vm, a, kw)?.filter(|&h| h > 0);
    vm.flush();
    let mut lines = Vec::new();
    let mut total = 0usize;
    loop {
        let s = read_text(vm, None, true)?;
        let n = vm.len(s)?;
        if n == 0 {
            break;
        }
        total += n;
        lines.push(s);
        if hint.is_some_and(|h| total >= h) {
            break;
        }
    }
    vm.new_list(lines)
}

fn next(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    vm.flush();
    let s = read_text(vm, None, true)?;
    if vm.len(s)? == 0 {
        return Err(vm.stop_iteration(Value::None));
    }
    Ok(s)
}

fn this(_vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    Ok(a.first().copied().unwrap_or(Value::None))
}
fn none(_vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    Ok(Value::None)
}
fn yes(_vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    Ok(Value::Bool(true))
}
fn no(_vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    Ok(Value::Bool(false))
}
fn isatty(_vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    Ok(Value::Bool(std::io::stdin().is_terminal()))
}
fn fileno_0(_vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    Ok(Value::Int(0))
}
fn fileno_1(_vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    Ok(Value::Int(1))
}
fn fileno_2(_vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    Ok(Value::Int(2))
}
