//! What `hashlib` and `zlib` share: the Rust state behind their objects,
//! and bytes-like arguments read in place.
//!
//! A hash object or a (de)compressor is an instance of a native class
//! whose `base` is an [`Obj::State`] holding a [`NativeState`]. A method
//! [`take`]s the state out (leaving [`NativeState::Busy`]), works on it
//! with the VM free to allocate, collect and check its budget, and
//! [`put`]s it back. The instance is an argument of the running call, so
//! the state object stays alive meanwhile.
//!
//! Long work (hashing or (de)compressing a large buffer) goes in chunks of
//! [`CHUNK`] bytes with [`pace`] between them: one step of the step
//! budget and a look at the clock per chunk.

use crate::obj::Obj;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

/// Bytes of input hashed or (de)compressed between two looks at the budget.
pub const CHUNK: usize = 1 << 20;

pub enum NativeState {
    Hash(Box<super::hashlib::Hasher>),
    Deflate(Box<super::zlib::Deflater>),
    Inflate(Box<super::zlib::Inflater>),
    /// A `deflate.DeflateIO` reader.
    DeflateIo(Box<super::deflate::Reader>),
    /// A file object (modules/file).
    File(Box<super::file::FileObj>),
    /// A directory capability (compartment/dir.rs).
    Dir(std::rc::Rc<crate::host::fs::DirCap>),
    /// Taken out by a method that is running (see [`take`]).
    Busy,
}

impl NativeState {
    /// Approximate host bytes, for the heap quota.
    pub fn size(&self) -> usize {
        match self {
            NativeState::Hash(_) => std::mem::size_of::<super::hashlib::Hasher>(),
            NativeState::Deflate(d) => d.size(),
            NativeState::Inflate(i) => i.size(),
            NativeState::DeflateIo(r) => r.size(),
            NativeState::File(f) => f.size(),
            NativeState::Dir(_) => std::mem::size_of::<crate::host::fs::DirCap>(),
            NativeState::Busy => 0,
        }
    }
}

/// The state object of instance `this`, if it has one.
pub fn state_of(vm: &Vm, this: Value) -> Option<Gc> {
    let Value::Obj(h) = this else { return None };
    let Obj::Instance(i) = vm.heap.get(h) else {
        return None;
    };
    match i.base {
        Value::Obj(b) if matches!(vm.heap.get(b), Obj::State(_)) => Some(b),
        _ => None,
    }
}

/// Takes the state out of `g`, leaving [`NativeState::Busy`] until [`put`].
pub fn take(vm: &mut Vm, g: Gc) -> NativeState {
    match vm.heap.get_mut(g) {
        Obj::State(s) => std::mem::replace(&mut **s, NativeState::Busy),
        _ => NativeState::Busy,
    }
}

/// Puts back a state [`take`] took.
pub fn put(vm: &mut Vm, g: Gc, st: NativeState) {
    if let Obj::State(s) = vm.heap.get_mut(g) {
        **s = st;
    }
}

/// A new state object (the `base` of an instance about to be made).
pub fn alloc(vm: &mut Vm, st: NativeState) -> PyResult {
    Ok(Value::Obj(vm.alloc(Obj::State(Box::new(st)))?))
}

/// One step of the step budget and a look at the clock: between chunks.
pub fn pace(vm: &mut Vm) -> PyResult<()> {
    vm.poll_budget()?;
    vm.check_deadline()
}

/// A bytes-like argument (bytes, bytearray, memoryview, array, or a
/// subclass instance of one), read in place: the object holding the bytes
/// and the window of them that the argument shows.
#[derive(Clone, Copy)]
pub struct Buf {
    obj: Gc,
    start: usize,
    len: usize,
}

impl Buf {
    pub fn of(vm: &Vm, v: Value) -> Option<Buf> {
        let Value::Obj(h) = vm.builtin_base(v) else {
            return None;
        };
        match vm.heap.get(h) {
            Obj::Bytes(b) => Some(Buf {
                obj: h,
                start: 0,
                len: b.len(),
            }),
            Obj::ByteArray(b) => Some(Buf {
                obj: h,
                start: 0,
                len: b.len(),
            }),
            &Obj::MemoryView {
                obj, start, len, ..
            } => {
                let inner = Buf::of(vm, obj)?;
                let start = start.min(inner.len);
                Some(Buf {
                    obj: inner.obj,
                    start: inner.start + start,
                    len: len.min(inner.len - start),
                })
            }
            _ => None,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bytes `from..to` of the window (clamped to what the object holds
    /// now: a bytearray can only change between native calls).
    pub fn slice<'a>(&self, vm: &'a Vm, from: usize, to: usize) -> &'a [u8] {
        let all: &[u8] = match vm.heap.get(self.obj) {
            Obj::Bytes(b) => b,
            Obj::ByteArray(b) => b,
            _ => &[],
        };
        let end = self.start.saturating_add(to.min(self.len)).min(all.len());
        let begin = self.start.saturating_add(from).min(end);
        &all[begin..end]
    }

    /// Whether the bytes can be written (a bytearray, or a view of one).
    pub fn is_writable(&self, vm: &Vm) -> bool {
        matches!(vm.heap.get(self.obj), Obj::ByteArray(_))
    }

    /// Copies `data` to the start of the window (as much as fits);
    /// the number of bytes written.
    pub fn write(&self, vm: &mut Vm, data: &[u8]) -> usize {
        let Obj::ByteArray(b) = vm.heap.get_mut(self.obj) else {
            return 0;
        };
        let start = self.start.min(b.len());
        let room = self.len.min(b.len() - start);
        let n = data.len().min(room);
        b[start..start + n].copy_from_slice(&data[..n]);
        n
    }

    /// A copy of the bytes (for the small arguments: keys, salts).
    pub fn to_vec(&self, vm: &Vm) -> Vec<u8> {
        self.slice(vm, 0, self.len).to_vec()
    }

    /// Feeds the bytes to `f` in chunks, pacing the budget between them.
    pub fn each_chunk(&self, vm: &mut Vm, mut f: impl FnMut(&[u8])) -> PyResult<()> {
        let mut at = 0;
        while at < self.len {
            let to = (at + CHUNK).min(self.len);
            f(self.slice(vm, at, to));
            at = to;
            if at < self.len {
                pace(vm)?;
            }
        }
        Ok(())
    }
}

/// A bytes-like argument, or TypeError with CPython's message for `what`
/// ("a bytes-like object is required, not 'str'").
pub fn buf_arg(vm: &mut Vm, v: Value) -> PyResult<Buf> {
    match Buf::of(vm, v) {
        Some(b) => Ok(b),
        None => {
            let t = vm.type_name(v);
            Err(vm.type_error(format!("a bytes-like object is required, not '{t}'")))
        }
    }
}

/// Grows `out` (a native buffer of output being built) so that `more`
/// bytes fit after its length, checking first that the new capacity fits
/// in the heap quota beside everything else ([`Vm::reserve_temp`]):
/// output that a small input inflates to (a decompression bomb) meets
/// MemoryError here, never the host's memory limit.
pub fn grow(vm: &mut Vm, out: &mut Vec<u8>, more: usize) -> PyResult<()> {
    let need = out.len().saturating_add(more);
    if need > out.capacity() {
        let cap = need.max(out.capacity().saturating_mul(2));
        vm.reserve_temp(cap)?;
        out.reserve_exact(cap - out.len());
    }
    Ok(())
}

/// The native keyword arguments `names` allows, by position; TypeError
/// for any other ("fname() got an unexpected keyword argument 'x'").
pub fn kwargs(
    vm: &mut Vm,
    kw: &[(Value, Value)],
    names: &[&str],
    fname: &str,
) -> PyResult<Vec<Option<Value>>> {
    let mut out = vec![None; names.len()];
    for &(k, v) in kw {
        let name = vm.heap.str_of(k).unwrap_or("").to_string();
        match names.iter().position(|n| *n == name) {
            Some(i) => out[i] = Some(v),
            None => {
                return Err(vm.type_error(format!(
                    "{fname}() got an unexpected keyword argument '{name}'"
                )))
            }
        }
    }
    Ok(out)
}

/// Positional argument `i`, or keyword `k[i]`; TypeError when both are
/// given ("fname() got multiple values for argument 'x'").
pub fn pick(
    vm: &mut Vm,
    a: &[Value],
    k: &[Option<Value>],
    i: usize,
    name: &str,
    fname: &str,
) -> PyResult<Option<Value>> {
    match (a.get(i), k.get(i).copied().flatten()) {
        (Some(_), Some(_)) => Err(vm.type_error(format!(
            "{fname}() got multiple values for argument '{name}'"
        ))),
        (Some(&v), None) => Ok(Some(v)),
        (None, v) => Ok(v),
    }
}
