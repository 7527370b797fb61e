//! `sys.stdin`: a read-only text stream over the process's standard input
//! (`read`, `readline`, `readlines`, iteration). It shares the host's
//! buffered stdin with `input()`, so the two can be mixed.
//!
//! Text is decoded as UTF-8 (invalid bytes become U+FFFD). Everything read
//! is charged to the heap quota chunk by chunk, so a huge input raises
//! MemoryError instead of exhausting the host.

use crate::dict::Dict;
use crate::obj::{Instance, NativeFn, Obj};
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;
use std::io::{BufRead, IsTerminal, Read};

type Kw<'a> = &'a [(Value, Value)];

const CHUNK: usize = 64 * 1024;

const METHODS: &[(&str, NativeFn)] = &[
    ("read", read),
    ("readline", readline),
    ("readlines", readlines),
    ("__iter__", this),
    ("__next__", next),
    ("__enter__", this),
    ("__exit__", none),
    ("close", none),
    ("readable", yes),
    ("writable", no),
    ("seekable", no),
    ("isatty", isatty),
    ("fileno", fileno),
];

/// Makes the `sys.stdin` object (an instance of a native `TextIOWrapper`).
pub fn make(vm: &mut Vm) -> PyResult {
    let mut ns = Dict::new();
    let mut natives = Vec::with_capacity(METHODS.len());
    for &(name, f) in METHODS {
        let v = crate::types::native(vm, name, f, true, Value::None);
        put(vm, &mut ns, name, v)?;
        natives.push(v);
    }
    let modname = vm.new_str("io")?;
    put(vm, &mut ns, "__module__", modname)?;
    let meta = Value::Obj(vm.type_obj(crate::types::TypeId::Type));
    let name = vm.new_str("TextIOWrapper")?;
    let c = vm.new_class(meta, name, vec![], &ns)?;
    for v in natives {
        if let Value::Obj(n) = v {
            if let Obj::Native(nf) = vm.heap.get_mut(n) {
                nf.owner = Value::Obj(c);
            }
        }
    }
    let obj = vm.alloc(Obj::Instance(Box::new(Instance {
        class: c,
        dict: Dict::new(),
        base: Value::Null,
    })))?;
    let mode = vm.new_str("r")?;
    let key = vm.intern("mode");
    vm.generic_setattr(Value::Obj(obj), key, mode)?;
    let name = vm.new_str("<stdin>")?;
    let key = vm.intern("name");
    vm.generic_setattr(Value::Obj(obj), key, name)?;
    Ok(Value::Obj(obj))
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

fn io_err(vm: &mut Vm, e: std::io::Error) -> crate::PyErr {
    vm.error(crate::ExcKind::OSError, e.to_string())
}

/// The length in bytes of the UTF-8 sequence that starts with `b`.
fn utf8_len(b: u8) -> usize {
    match b {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => 1,
    }
}

/// Reads up to `max` characters (all when None), stopping after a newline
/// when `line` is set.
fn read_text(vm: &mut Vm, max: Option<usize>, line: bool) -> PyResult<String> {
    let stdin = std::io::stdin();
    let mut lock = stdin.lock();
    let mut out: Vec<u8> = Vec::new();
    let mut chars = 0usize;
    let mut charged = 0usize;
    while max.is_none_or(|m| chars < m) {
        let first = match next_byte(&mut lock) {
            Ok(Some(b)) => b,
            Ok(None) => break,
            Err(e) => return Err(io_err(vm, e)),
        };
        out.push(first);
        for _ in 1..utf8_len(first) {
            match lock.fill_buf() {
                Ok([b, ..]) if b & 0xC0 == 0x80 => {
                    out.push(*b);
                    lock.consume(1);
                }
                Ok(_) => break,
                Err(e) => return Err(io_err(vm, e)),
            }
        }
        chars += 1;
        if out.len() - charged >= CHUNK {
            vm.charge(out.len() - charged)?;
            charged = out.len();
        }
        if line && first == b'\n' {
            break;
        }
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

fn next_byte(lock: &mut std::io::StdinLock<'_>) -> std::io::Result<Option<u8>> {
    let mut b = [0u8; 1];
    loop {
        match lock.read(&mut b) {
            Ok(0) => return Ok(None),
            Ok(_) => return Ok(Some(b[0])),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    }
}

fn read(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let max = limit(vm, a, kw)?;
    vm.flush();
    let s = read_text(vm, max, false)?;
    vm.new_string(s)
}

fn readline(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let max = limit(vm, a, kw)?;
    vm.flush();
    let s = read_text(vm, max, true)?;
    vm.new_string(s)
}

/// Lines until end of input, or until their total length reaches `hint`.
fn readlines(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let hint = limit(vm, a, kw)?.filter(|&h| h > 0);
    vm.flush();
    let mut lines = Vec::new();
    let mut total = 0usize;
    loop {
        let s = read_text(vm, None, true)?;
        if s.is_empty() {
            break;
        }
        total += s.chars().count();
        lines.push(vm.new_string(s)?);
        if hint.is_some_and(|h| total >= h) {
            break;
        }
    }
    vm.new_list(lines)
}

fn next(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    vm.flush();
    let s = read_text(vm, None, true)?;
    if s.is_empty() {
        return Err(vm.stop_iteration(Value::None));
    }
    vm.new_string(s)
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
fn fileno(_vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    Ok(Value::Int(0))
}
