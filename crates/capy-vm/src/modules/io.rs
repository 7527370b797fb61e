//! `io`: in-memory streams `StringIO` and `BytesIO` (and, from
//! modules/file, `open` and the file classes).
//!
//! Both are native classes whose instances keep their state in
//! `Instance::base`, a list `[buffer: bytearray, pos: int, text: bool,
//! closed: bool]`. The buffer of a StringIO holds UTF-8 and `pos` is a byte
//! offset into it; `tell`/`seek` convert to and from code points so the
//! numbers programs see are the ones CPython shows.

use crate::dict::Dict;
use crate::errors::ExcKind;
use crate::obj::{Instance, NativeFn, Obj};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

type Kw<'a> = &'a [(Value, Value)];

const METHODS: &[(&str, NativeFn)] = &[
    ("write", write),
    ("read", read),
    ("readline", readline),
    ("readlines", readlines),
    ("getvalue", getvalue),
    ("seek", seek),
    ("tell", tell),
    ("truncate", truncate),
    ("close", close),
    ("flush", noop),
    ("readable", yes),
    ("writable", yes),
    ("seekable", yes),
    ("__enter__", enter),
    ("__exit__", exit),
    ("__iter__", enter),
    ("__next__", next),
    ("__repr__", repr),
];

/// Methods only `BytesIO` has.
const BYTES_METHODS: &[(&str, NativeFn)] = &[("readinto", readinto)];

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("io")?;
    for name in ["StringIO", "BytesIO"] {
        let c = make_class(vm, name, Value::Obj(m))?;
        let d = crate::import::module_dict(vm, m);
        vm.dict_set_str(d, name, Value::Obj(c))?;
    }
    let d = crate::import::module_dict(vm, m);
    super::file::init(vm, d)?;
    Ok(m)
}

/// Creates a class with native methods from `defs` plus a native `__new__`.
fn make_class(vm: &mut Vm, name: &'static str, owner: Value) -> PyResult<Gc> {
    let mut ns = Dict::new();
    let put = |vm: &mut Vm, ns: &mut Dict, k: &str, v: Value| -> PyResult<()> {
        let key = vm.intern(k);
        let h = vm.hash(key)?;
        ns.insert_new(h, key, v);
        Ok(())
    };
    let extra: &[(&'static str, NativeFn)] = if name == "BytesIO" {
        BYTES_METHODS
    } else {
        &[]
    };
    for &(n, f) in METHODS.iter().chain(extra) {
        let v = crate::types::native(vm, n, f, true, owner)?;
        put(vm, &mut ns, n, v)?;
    }
    let newf = crate::types::native(vm, "__new__", new, true, owner)?;
    let sm = Value::Obj(vm.alloc(Obj::StaticMethod(newf))?);
    put(vm, &mut ns, "__new__", sm)?;
    let getter = crate::types::native(vm, "closed", closed, false, owner)?;
    let prop = Value::Obj(vm.alloc(Obj::Property {
        fget: getter,
        fset: Value::None,
        fdel: Value::None,
        doc: Value::None,
    })?);
    put(vm, &mut ns, "closed", prop)?;
    let modname = vm.new_str("io")?;
    put(vm, &mut ns, "__module__", modname)?;
    let meta = Value::Obj(vm.type_obj(crate::types::TypeId::Type));
    let n = vm.new_str(name)?;
    let c = vm.new_class(meta, n, vec![], &ns)?;
    super::adopt_natives(vm, c);
    Ok(c)
}

fn new(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let Some(&Value::Obj(cls)) = a.first() else {
        return Err(vm.type_error("__new__ needs a class"));
    };
    let text = vm.class_name(cls_root(vm, cls)) == "StringIO";
    let mut init = a.get(1).copied();
    for (k, v) in kw {
        match vm.heap.str_of(*k) {
            Some("initial_value" | "initial_bytes") => init = Some(*v),
            Some("newline") => {}
            Some(other) => {
                let o = other.to_string();
                return Err(vm.type_error(format!(
                    "'{o}' is an invalid keyword argument for this function"
                )));
            }
            None => {}
        }
    }
    let bytes: Vec<u8> = match init {
        None | Some(Value::None) => Vec::new(),
        Some(v) => {
            let b = vm.builtin_base(v);
            match (text, b) {
                (true, _) if vm.heap.str_of(b).is_some() => str_bytes(vm, b)?,
                (false, Value::Obj(h))
                    if matches!(vm.heap.get(h), Obj::Bytes(_) | Obj::ByteArray(_)) =>
                {
                    match vm.heap.get(h) {
                        Obj::Bytes(x) => x.to_vec(),
                        Obj::ByteArray(x) => x.clone(),
                        _ => Vec::new(),
                    }
                }
                _ => {
                    let t = vm.type_name(v);
                    return Err(if text {
                        vm.type_error(format!("initial_value must be str or None, not {t}"))
                    } else {
                        vm.type_error(format!("a bytes-like object is required, not '{t}'"))
                    });
                }
            }
        }
    };
    vm.charge(bytes.len())?;
    let buf = Value::Obj(vm.alloc(Obj::ByteArray(bytes))?);
    let state = vm.new_list(vec![
        buf,
        Value::Int(0),
        Value::Bool(text),
        Value::Bool(false),
    ])?;
    Ok(Value::Obj(
        vm.alloc(Obj::Instance(Instance::new(cls, state)))?,
    ))
}

/// The io class a (possibly user-derived) class descends from.
fn cls_root(vm: &Vm, cls: Gc) -> Gc {
    match vm.heap.get(cls) {
        Obj::Class(c) => {
            for &k in &c.mro {
                let n = vm.class_name(k);
                if n == "StringIO" || n == "BytesIO" {
                    return k;
                }
            }
            cls
        }
        _ => cls,
    }
}

struct St {
    buf: Gc,
    pos: usize,
    text: bool,
    state: Gc,
}

fn state(vm: &mut Vm, a: &[Value], check_open: bool) -> PyResult<St> {
    let this = a.first().copied().unwrap_or(Value::None);
    if let Value::Obj(h) = this {
        if let Obj::Instance(i) = vm.heap.get(h) {
            if let Value::Obj(s) = i.base {
                if let Obj::List(l) = vm.heap.get(s) {
                    if let [Value::Obj(buf), Value::Int(pos), Value::Bool(text), Value::Bool(closed)] =
                        l[..]
                    {
                        if check_open && closed {
                            // CPython's two classes word this differently.
                            let msg = if text {
                                "I/O operation on closed file"
                            } else {
                                "I/O operation on closed file."
                            };
                            return Err(vm.value_error(msg));
                        }
                        return Ok(St {
                            buf,
                            pos: pos.max(0) as usize,
                            text,
                            state: s,
                        });
                    }
                }
            }
        }
    }
    Err(vm.type_error("descriptor requires an io object"))
}

fn set_pos(vm: &mut Vm, st: &St, pos: usize) {
    if let Obj::List(l) = vm.heap.get_mut(st.state) {
        if l.len() > 1 {
            l[1] = Value::Int(pos as i64);
        }
    }
}

fn buf_bytes<'a>(vm: &'a Vm, st: &St) -> &'a [u8] {
    match vm.heap.get(st.buf) {
        Obj::ByteArray(b) => b,
        _ => &[],
    }
}

/// Makes a str (text mode) or bytes result from raw buffer bytes.
fn make(vm: &mut Vm, text: bool, b: &[u8]) -> PyResult {
    if !text {
        return Ok(Value::Obj(
            vm.alloc(Obj::Bytes(b.to_vec().into_boxed_slice()))?,
        ));
    }
    match std::str::from_utf8(b) {
        Ok(s) => vm.new_str(s),
        // Lone surrogates are held in their 3-byte (surrogatepass) form.
        Err(_) => crate::types::codec::decode_value(vm, b, "utf-8", "surrogatepass"),
    }
}

/// Byte offset of the `n`th code point (or the end) in UTF-8 `b`. The
/// buffer only ever receives whole code points (lone surrogates in their
/// 3-byte form), so counting the bytes that start one is exact.
fn char_to_byte(b: &[u8], n: usize) -> usize {
    b.iter()
        .enumerate()
        .filter(|&(_, &c)| c & 0xC0 != 0x80)
        .nth(n)
        .map_or(b.len(), |(i, _)| i)
}

/// The code points in buffer bytes (see `char_to_byte`).
fn char_count(b: &[u8]) -> usize {
    b.iter().filter(|&&c| c & 0xC0 != 0x80).count()
}

/// The buffer bytes of a str: its UTF-8, lone surrogates in their 3-byte
/// form (as long as the U+FFFD the text has there).
fn str_bytes(vm: &mut Vm, v: Value) -> PyResult<Vec<u8>> {
    if crate::types::strwide::is_wide(vm, v) {
        return crate::types::codec::encode_value(vm, v, "utf-8", "surrogatepass");
    }
    Ok(vm.heap.str_of(v).unwrap_or("").as_bytes().to_vec())
}

fn write(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let st = state(vm, a, true)?;
    let v = a.get(1).copied().unwrap_or(Value::None);
    let b = vm.builtin_base(v);
    let (data, count): (Vec<u8>, usize) = if st.text {
        match vm.heap.pystr(b).map(|s| s.char_len()) {
            Some(n) => (str_bytes(vm, b)?, n),
            None => {
                let t = vm.type_name(v);
                return Err(vm.type_error(format!("string argument expected, got '{t}'")));
            }
        }
    } else {
        let Some(mut x) = crate::types::bytes::buffer_opt(vm, b) else {
            let t = vm.type_name(v);
            return Err(vm.type_error(format!("a bytes-like object is required, not '{t}'")));
        };
        // MicroPython's extended forms: write(buf, len), write(buf, off, len).
        if a.len() > 2 {
            let (off, len) = if a.len() > 3 {
                (vm.index_value(a[2])?, vm.index_value(a[3])?)
            } else {
                (0, vm.index_value(a[2])?)
            };
            let start = (off.max(0) as usize).min(x.len());
            let end = start.saturating_add(len.max(0) as usize).min(x.len());
            x = x[start..end].to_vec();
        }
        let n = x.len();
        (x, n)
    };
    if st.text && a.len() > 2 {
        return Err(vm.type_error(format!(
            "write() takes exactly one argument ({} given)",
            a.len() - 1
        )));
    }
    if a.len() > 4 {
        return Err(vm.type_error(format!(
            "write() takes at most 3 arguments ({} given)",
            a.len() - 1
        )));
    }
    vm.charge(data.len())?;
    let pos = st.pos;
    // Text overwrites as many code points as it writes, whatever their widths.
    let end = {
        let b = buf_bytes(vm, &st);
        if st.text && pos < b.len() {
            pos + char_to_byte(&b[pos..], count)
        } else {
            (pos + data.len()).min(b.len().max(pos))
        }
    };
    if let Obj::ByteArray(buf) = vm.heap.get_mut(st.buf) {
        if buf.len() < pos {
            buf.resize(pos, 0);
        }
        let end = end.min(buf.len());
        buf.splice(pos..end, data.iter().copied());
    }
    set_pos(vm, &st, pos + data.len());
    Ok(Value::Int(count as i64))
}

/// `BytesIO.readinto(b)`: reads up to `len(b)` bytes into the writable
/// buffer `b` (a bytearray or a memoryview of one); returns the count.
fn readinto(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let st = state(vm, a, true)?;
    let Some(&target) = a.get(1) else {
        return Err(vm.type_error("readinto() takes exactly one argument (0 given)"));
    };
    let (dst, start, len) = super::struct_::writable(vm, target)?;
    let b = buf_bytes(vm, &st);
    let from = st.pos.min(b.len());
    let n = len.min(b.len() - from);
    let chunk = b[from..from + n].to_vec();
    if let Obj::ByteArray(x) = vm.heap.get_mut(dst) {
        if let Some(slot) = x.get_mut(start..start + n) {
            slot.copy_from_slice(&chunk);
        }
    }
    set_pos(vm, &st, from + n);
    Ok(Value::Int(n as i64))
}

/// An optional size argument: None or negative means "all".
fn size_arg(vm: &mut Vm, a: &[Value], i: usize) -> PyResult<Option<usize>> {
    match a.get(i).copied() {
        None | Some(Value::None) => Ok(None),
        Some(v) => {
            let n = vm.index_value(v)?;
            Ok(if n < 0 { None } else { Some(n as usize) })
        }
    }
}

fn read(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let st = state(vm, a, true)?;
    let n = size_arg(vm, a, 1)?;
    let b = buf_bytes(vm, &st);
    let start = st.pos.min(b.len());
    let end = match n {
        None => b.len(),
        Some(n) if st.text => start + char_to_byte(&b[start..], n),
        Some(n) => (start + n).min(b.len()),
    };
    let chunk = b[start..end].to_vec();
    set_pos(vm, &st, end.max(st.pos));
    make(vm, st.text, &chunk)
}

/// The end of the line starting at `start` (after its newline), limited to `limit` units.
fn line_end(b: &[u8], start: usize, limit: Option<usize>, text: bool) -> usize {
    let mut end = match b[start..].iter().position(|&c| c == b'\n') {
        Some(p) => start + p + 1,
        None => b.len(),
    };
    if let Some(n) = limit {
        let cap = if text {
            start + char_to_byte(&b[start..], n)
        } else {
            start + n
        };
        end = end.min(cap);
    }
    end
}

fn readline(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let st = state(vm, a, true)?;
    let n = size_arg(vm, a, 1)?;
    let b = buf_bytes(vm, &st);
    let start = st.pos.min(b.len());
    let end = line_end(b, start, n, st.text);
    let chunk = b[start..end].to_vec();
    set_pos(vm, &st, end.max(st.pos));
    make(vm, st.text, &chunk)
}

fn readlines(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let st = state(vm, a, true)?;
    let b = buf_bytes(vm, &st).to_vec();
    let mut start = st.pos.min(b.len());
    let mut out = Vec::new();
    while start < b.len() {
        let end = line_end(&b, start, None, st.text);
        out.push(make(vm, st.text, &b[start..end])?);
        start = end;
    }
    set_pos(vm, &st, start.max(st.pos));
    vm.new_list(out)
}

fn next(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let line = readline(vm, &a[..a.len().min(1)], kw)?;
    if vm.len(line)? == 0 {
        return Err(vm.stop_iteration(Value::None));
    }
    Ok(line)
}

fn getvalue(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let st = state(vm, a, true)?;
    let b = buf_bytes(vm, &st).to_vec();
    make(vm, st.text, &b)
}

fn seek(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let st = state(vm, a, true)?;
    let off = vm.index_value(a.get(1).copied().unwrap_or(Value::None))?;
    let whence = match a.get(2) {
        Some(&w) => vm.index_value(w)?,
        None => 0,
    };
    let len = buf_bytes(vm, &st).len() as i64;
    let cur = st.pos as i64;
    let target = match whence {
        0 => {
            if off < 0 {
                // CPython's two classes word this differently.
                let what = if st.text {
                    "Negative seek position"
                } else {
                    "negative seek value"
                };
                return Err(vm.value_error(format!("{what} {off}")));
            }
            if st.text {
                // Code points to bytes; beyond the end counts one byte each.
                let b = buf_bytes(vm, &st);
                let chars = char_count(b) as i64;
                if off <= chars {
                    char_to_byte(b, off as usize) as i64
                } else {
                    len + (off - chars)
                }
            } else {
                off
            }
        }
        1 | 2 => {
            if off != 0 && st.text {
                return Err(vm.error(ExcKind::OSError, "Can't do nonzero cur-relative seeks"));
            }
            let base = if whence == 1 { cur } else { len };
            (base + off).max(0)
        }
        _ => return Err(vm.value_error(format!("invalid whence ({whence}, should be 0, 1 or 2)"))),
    };
    set_pos(vm, &st, target as usize);
    tell(vm, &a[..1], &[])
}

fn tell(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let st = state(vm, a, true)?;
    let b = buf_bytes(vm, &st);
    if st.text && st.pos <= b.len() {
        return Ok(Value::Int(char_count(&b[..st.pos]) as i64));
    }
    if st.text {
        let chars = char_count(b);
        return Ok(Value::Int((chars + st.pos - b.len()) as i64));
    }
    Ok(Value::Int(st.pos as i64))
}

fn truncate(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let st = state(vm, a, true)?;
    let size = match a.get(1).copied() {
        None | Some(Value::None) => st.pos,
        Some(v) => {
            let n = vm.index_value(v)?;
            if n < 0 {
                return Err(vm.value_error(format!("Negative size value {n}")));
            }
            let b = buf_bytes(vm, &st);
            if st.text {
                char_to_byte(b, n as usize)
            } else {
                n as usize
            }
        }
    };
    if let Obj::ByteArray(buf) = vm.heap.get_mut(st.buf) {
        buf.truncate(size);
    }
    let shown = if st.text {
        let b = buf_bytes(vm, &st);
        char_count(&b[..size.min(b.len())])
    } else {
        size
    };
    Ok(Value::Int(shown as i64))
}

fn close(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let st = state(vm, a, false)?;
    if let Obj::List(l) = vm.heap.get_mut(st.state) {
        if l.len() > 3 {
            l[3] = Value::Bool(true);
        }
    }
    Ok(Value::None)
}

fn closed(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let st = state(vm, a, false)?;
    match vm.heap.get(st.state) {
        Obj::List(l) => Ok(l.get(3).copied().unwrap_or(Value::Bool(false))),
        _ => Ok(Value::Bool(false)),
    }
}

fn noop(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    state(vm, a, true)?;
    Ok(Value::None)
}

fn yes(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    state(vm, a, true)?;
    Ok(Value::Bool(true))
}

fn enter(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    state(vm, a, true)?;
    Ok(a[0])
}

fn exit(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    close(vm, &a[..a.len().min(1)], kw)?;
    Ok(Value::None)
}

fn repr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let this = a.first().copied().unwrap_or(Value::None);
    let n = vm.type_name(this);
    let id = match this {
        Value::Obj(h) => crate::ops::identity_hash(h),
        _ => 0,
    };
    vm.new_string(format!("<_io.{n} object at 0x{id:x}>"))
}
