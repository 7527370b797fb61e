//! `deflate` (MicroPython's): `DeflateIO(stream, format=AUTO, wbits=0,
//! close=False, /)`, a stream that decompresses what it reads from
//! `stream`, and the formats `AUTO` (zlib or gzip, told by the first
//! byte), `RAW`, `ZLIB`, `GZIP`.
//!
//! The decoding is zlib's ([`Inflater`]: headers, checksums, lengths)
//! with a window of `wbits` bits (0: 8 for raw deflate, the header's for
//! zlib, 15 for gzip): a back-reference past twice the window fails
//! (MicroPython's fails past the window itself). Compression (`write`) is
//! not provided.
//!
//! As MicroPython's, it reads its source one byte at a time and only when
//! output is asked for, so the source is left just past what was needed
//! (a stream with data after the compressed part can go on being read).
//! Corrupt data raises OSError (EINVAL), a source that ends too soon
//! EOFError, reading after `close()` OSError (EBADF). What one call
//! returns grows in a native buffer checked against the heap quota
//! ([`state::grow`]), as zlib's output is.

use super::state::{self, NativeState, CHUNK};
use super::zlib::{Inflater, Wrap};
use crate::errors::ExcKind;
use crate::obj::{Instance, NativeFn, Obj};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

type Kw<'a> = &'a [(Value, Value)];

/// Where an instance keeps its source stream (a private attribute: the
/// instance dict roots it).
const STREAM: &str = "_DeflateIO__stream";

const EINVAL: i64 = 22;
const EBADF: i64 = 9;

/// The state of one `DeflateIO`.
pub struct Reader {
    z: Inflater,
    /// Bytes read from the source and not yet taken by the decoder.
    input: Vec<u8>,
    closed: bool,
    /// `close()` also closes the source.
    close_stream: bool,
}

impl Reader {
    pub fn size(&self) -> usize {
        std::mem::size_of::<Reader>() + self.z.size() + self.input.capacity()
    }
}

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("deflate")?;
    let d = crate::import::module_dict(vm, m);
    for (name, v) in [("AUTO", 0), ("RAW", 1), ("ZLIB", 2), ("GZIP", 3)] {
        vm.dict_set_str(d, name, Value::Int(v))?;
    }
    let methods: &[(&'static str, NativeFn)] = &[
        ("read", d_read),
        ("readinto", d_readinto),
        ("readline", d_readline),
        ("close", d_close),
        ("__enter__", d_enter),
        ("__exit__", d_exit),
    ];
    let c = super::hashlib::native_class(vm, "DeflateIO", "deflate", vec![], methods, &[], d_new)?;
    vm.dict_set_str(d, "DeflateIO", Value::Obj(c))?;
    Ok(m)
}

/// `DeflateIO.__new__(cls, stream, format=AUTO, wbits=0, close=False)`.
fn d_new(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    if !kw.is_empty() {
        return Err(vm.type_error("DeflateIO() takes no keyword arguments"));
    }
    let (Some(&Value::Obj(cls)), Some(&stream)) = (a.first(), a.get(1)) else {
        return Err(vm.type_error("DeflateIO() missing required argument 'stream'"));
    };
    if a.len() > 5 {
        return Err(vm.type_error(format!(
            "DeflateIO() takes at most 4 arguments ({} given)",
            a.len() - 1
        )));
    }
    let format = match a.get(2) {
        Some(&v) => vm.index_value(v)?,
        None => 0,
    };
    let wrap = match format {
        0 => Wrap::Auto,
        1 => Wrap::Raw,
        2 => Wrap::Zlib,
        3 => Wrap::Gzip,
        _ => return Err(vm.value_error("format")),
    };
    let wbits = match a.get(3) {
        Some(&v) => vm.index_value(v)?,
        None => 0,
    };
    if wbits != 0 && !(5..=15).contains(&wbits) {
        return Err(vm.value_error("wbits"));
    }
    let close_stream = match a.get(4) {
        Some(&v) => vm.truthy(v)?,
        None => false,
    };
    let reader = Reader {
        z: Inflater::with_window(wrap, wbits as u8),
        input: Vec::new(),
        closed: false,
        close_stream,
    };
    let base = state::alloc(vm, NativeState::DeflateIo(Box::new(reader)))?;
    let obj = Value::Obj(vm.alloc(Obj::Instance(Instance::new(cls, base)))?);
    let k = vm.intern(STREAM);
    vm.generic_setattr(obj, k, stream)?;
    Ok(obj)
}

fn os_error(vm: &mut Vm, errno: i64, msg: &str) -> crate::PyErr {
    let class = vm.exc_class(ExcKind::OSError);
    match vm.new_str(msg) {
        Ok(s) => vm.new_exception(class, vec![Value::Int(errno), s]),
        Err(e) => e,
    }
}

/// Runs `f` on the state of `this` (a DeflateIO), taken out meanwhile.
fn with_reader(
    vm: &mut Vm,
    this: Value,
    f: impl FnOnce(&mut Vm, &mut Reader) -> PyResult,
) -> PyResult {
    let Some(g) = state::state_of(vm, this) else {
        let t = vm.type_name(this);
        return Err(vm.type_error(format!(
            "descriptor requires a 'deflate.DeflateIO' object but received a '{t}'"
        )));
    };
    match state::take(vm, g) {
        NativeState::DeflateIo(mut r) => {
            let out = f(vm, &mut r);
            state::put(vm, g, NativeState::DeflateIo(r));
            out
        }
        NativeState::Busy => Err(vm.runtime_error("DeflateIO is already being read")),
        other => {
            state::put(vm, g, other);
            Err(vm.type_error("not a DeflateIO"))
        }
    }
}

/// The next byte of the source, None at its end.
fn next_byte(vm: &mut Vm, stream: Value) -> PyResult<Option<u8>> {
    let v = vm.call_method_by_name(stream, "read", &[Value::Int(1)])?;
    if v.is_none() {
        return Ok(None);
    }
    let b = state::buf_arg(vm, v)?;
    Ok(b.slice(vm, 0, 1).first().copied())
}

/// What a read asks for.
#[derive(Clone, Copy)]
enum Want {
    /// Everything to the end of the compressed data.
    All,
    /// At most this many bytes.
    Upto(usize),
    /// Up to and including a newline, at most this many bytes.
    Line(usize),
}

/// Decompresses into `out` until `want` is met or the data ends.
fn fill(vm: &mut Vm, this: Value, r: &mut Reader, want: Want, out: &mut Vec<u8>) -> PyResult<()> {
    if r.closed {
        return Err(os_error(vm, EBADF, "I/O operation on closed DeflateIO"));
    }
    let k = vm.intern(STREAM);
    let stream = vm.getattr(this, k)?;
    let mut stalled = false;
    loop {
        let room = match want {
            Want::All => out.len().clamp(256, CHUNK),
            Want::Upto(n) => n - out.len(),
            Want::Line(_) if out.last() == Some(&b'\n') => 0,
            Want::Line(n) => (n - out.len()).min(1),
        };
        if room == 0 || r.z.done() {
            return Ok(());
        }
        if r.input.is_empty() || stalled {
            match next_byte(vm, stream)? {
                Some(b) => r.input.push(b),
                None => return Err(vm.error(ExcKind::EOFError, "compressed data ended too soon")),
            }
        }
        state::grow(vm, out, room)?;
        let len = out.len();
        out.resize(len + room, 0);
        match r.z.step(&r.input, &mut out[len..]) {
            Ok((used, written, _)) => {
                out.truncate(len + written);
                r.input.drain(..used);
                stalled = used == 0 && written == 0;
            }
            Err(e) => {
                out.truncate(len);
                let msg = e.message();
                return Err(os_error(vm, EINVAL, &msg));
            }
        }
        state::pace(vm)?;
    }
}

/// A size argument: None or negative for "all".
fn size_arg(vm: &mut Vm, v: Option<Value>) -> PyResult<Option<usize>> {
    match v {
        None | Some(Value::None) => Ok(None),
        Some(v) => {
            let n = vm.index_value(v)?;
            Ok(usize::try_from(n).ok())
        }
    }
}

fn bytes(vm: &mut Vm, b: Vec<u8>) -> PyResult {
    crate::types::bytes::mk(vm, b, false)
}

/// `read(size=-1)`.
fn d_read(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let this = a.first().copied().unwrap_or(Value::None);
    let want = match size_arg(vm, a.get(1).copied())? {
        Some(n) => Want::Upto(n),
        None => Want::All,
    };
    with_reader(vm, this, |vm, r| {
        let mut out = Vec::new();
        fill(vm, this, r, want, &mut out)?;
        bytes(vm, out)
    })
}

/// `readline(size=-1)`.
fn d_readline(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let this = a.first().copied().unwrap_or(Value::None);
    let n = size_arg(vm, a.get(1).copied())?.unwrap_or(usize::MAX);
    with_reader(vm, this, |vm, r| {
        let mut out = Vec::new();
        fill(vm, this, r, Want::Line(n), &mut out)?;
        bytes(vm, out)
    })
}

/// `readinto(buf)`: the number of bytes written to the start of `buf`.
fn d_readinto(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let this = a.first().copied().unwrap_or(Value::None);
    let target = a.get(1).copied().unwrap_or(Value::None);
    let buf = state::buf_arg(vm, target)?;
    if !buf.is_writable(vm) {
        return Err(vm.type_error("readinto() argument must be a writable bytes-like object"));
    }
    with_reader(vm, this, |vm, r| {
        let mut out = Vec::new();
        fill(vm, this, r, Want::Upto(buf.len()), &mut out)?;
        Ok(Value::Int(buf.write(vm, &out) as i64))
    })
}

/// `close()`: later reads raise OSError; the source is closed too when
/// the object was made with `close=True`.
fn d_close(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let this = a.first().copied().unwrap_or(Value::None);
    let close_stream = with_reader(vm, this, |_, r| {
        let first = !r.closed;
        r.closed = true;
        Ok(Value::Bool(first && r.close_stream))
    })?;
    if matches!(close_stream, Value::Bool(true)) {
        let k = vm.intern(STREAM);
        let stream = vm.getattr(this, k)?;
        vm.call_method_by_name(stream, "close", &[])?;
    }
    Ok(Value::None)
}

fn d_enter(_vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    Ok(a.first().copied().unwrap_or(Value::None))
}

fn d_exit(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    d_close(vm, &a[..1.min(a.len())], &[])?;
    Ok(Value::Bool(false))
}
