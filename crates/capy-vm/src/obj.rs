//! Heap object layouts. One enum, so the heap is a single arena; each
//! Python type's behaviour lives in `types/<type>.rs`.

use crate::dict::Dict;
use crate::frame::Frame;
use crate::strdata::StrData;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use capy_compiler::Code;
use num_bigint::BigInt;
use std::rc::Rc;

/// A native function: receives positional arguments (for methods, `self`
/// first) and keyword arguments as (name, value) pairs.
pub type NativeFn = fn(&mut Vm, &[Value], &[(Value, Value)]) -> PyResult;

#[derive(Clone)]
pub struct NativeFunc {
    pub name: &'static str,
    pub f: NativeFn,
    /// Whether `f` accepts keyword arguments (otherwise passing any is a TypeError).
    pub takes_kw: bool,
    /// Bound module or type object, shown in repr; not used for calls.
    pub owner: Value,
}

pub struct PyStr {
    /// The text (derefs to `&str`): owned, or a prefix of a buffer that
    /// concatenations append to (strdata.rs).
    pub s: StrData,
    /// The hash, computed on first use (0: not yet): a str made by
    /// concatenation in a loop is often never hashed.
    hash: std::cell::Cell<u64>,
    /// Length in code points, counted once (equal to the byte length
    /// exactly when the text is ASCII).
    chars: usize,
    /// For non-ASCII text: the byte offset of every [`STR_STRIDE`]-th code
    /// point, built on the first access by position, so `s[i]`, slicing
    /// and iteration cost O(1) per character instead of O(i). Boxed
    /// twice to keep the str within an object's 64 bytes.
    #[allow(clippy::redundant_allocation)]
    offsets: std::cell::OnceCell<Box<Box<[usize]>>>,
    /// Lone surrogates (U+D800..U+DFFF), which `s` cannot hold: (code
    /// point index, surrogate), sorted by index; `s` has U+FFFD at each
    /// such index, so code that reads `s` still sees valid text. None for
    /// nearly every str. Boxed twice so a str stays one pointer wider
    /// (every heap object fits 64 bytes).
    sur: Option<Box<Surrogates>>,
}

/// A str's side table of lone surrogates (behind one thin pointer).
struct Surrogates(Box<[(u32, u16)]>);

/// Set once a str with lone surrogates is made (by any VM of the
/// process): until then the str methods skip even their per-operand
/// surrogate checks, so programs without surrogates pay one load per call.
static SURROGATES_MADE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether a str with lone surrogates may exist (see `SURROGATES_MADE`).
#[inline]
pub fn surrogates_made() -> bool {
    SURROGATES_MADE.load(std::sync::atomic::Ordering::Relaxed)
}

/// Code points between two entries of a str's offset index.
const STR_STRIDE: usize = 32;

impl PyStr {
    pub fn new(s: Box<str>, hash: u64) -> PyStr {
        let chars = if s.is_ascii() {
            s.len()
        } else {
            s.chars().count()
        };
        PyStr {
            s: StrData::Owned(s),
            hash: std::cell::Cell::new(hash),
            chars,
            offsets: std::cell::OnceCell::new(),
            sur: None,
        }
    }
    /// `a + b` for strs without lone surrogates, and the bytes of new
    /// storage it took: in place after `a`'s bytes when it can be
    /// (strdata.rs), with its length summed from the operands' and its
    /// hash left for its first use, so a step of `t += piece` costs the
    /// piece, not all of `t`.
    pub fn concat(a: &PyStr, b: &PyStr) -> (PyStr, usize) {
        let (s, fresh) = StrData::concat(&a.s, &b.s);
        let p = PyStr {
            s,
            hash: std::cell::Cell::new(0),
            chars: a.chars + b.chars,
            offsets: std::cell::OnceCell::new(),
            sur: None,
        };
        (p, fresh)
    }
    /// The hash of the text (as `str_hash`, lone surrogates included).
    #[inline]
    pub fn hash(&self) -> u64 {
        match self.hash.get() {
            0 => self.compute_hash(),
            h => h,
        }
    }
    #[cold]
    fn compute_hash(&self) -> u64 {
        // A text whose hash is 0 is hashed again at each use: correct,
        // and rare enough not to matter.
        let h = crate::heap::str_hash_with(&self.s, self.surrogates());
        self.hash.set(h);
        h
    }
    /// A str with lone surrogates at the given (sorted) code point
    /// indexes, where `s` holds U+FFFD; the hash covers them.
    pub fn with_surrogates(s: Box<str>, sur: Vec<(u32, u16)>) -> PyStr {
        let hash = crate::heap::str_hash_with(&s, &sur);
        let mut p = PyStr::new(s, hash);
        if !sur.is_empty() {
            SURROGATES_MADE.store(true, std::sync::atomic::Ordering::Relaxed);
            p.sur = Some(Box::new(Surrogates(sur.into_boxed_slice())));
        }
        p
    }
    /// The lone surrogates: (code point index, value), sorted.
    #[inline]
    pub fn surrogates(&self) -> &[(u32, u16)] {
        self.sur.as_deref().map_or(&[], |v| &v.0)
    }
    #[inline]
    pub fn has_surrogates(&self) -> bool {
        self.sur.is_some()
    }
    /// Whether two strs hold the same code points.
    pub fn same(&self, other: &PyStr) -> bool {
        self.s == other.s && self.surrogates() == other.surrogates()
    }
    /// Code point `i` as a number (a lone surrogate included).
    pub fn code_point(&self, i: usize) -> Option<u32> {
        let sur = self.surrogates();
        if let Ok(k) = sur.binary_search_by_key(&i, |&(at, _)| at as usize) {
            return sur.get(k).map(|&(_, u)| u as u32);
        }
        self.char_at(i).map(|c| c as u32)
    }
    /// Every code point in order (lone surrogates included).
    pub fn code_points(&self) -> impl Iterator<Item = u32> + '_ {
        let mut sur = self.surrogates().iter().peekable();
        self.s
            .chars()
            .enumerate()
            .map(move |(i, c)| match sur.peek() {
                Some(&&(at, u)) if at as usize == i => {
                    sur.next();
                    u as u32
                }
                _ => c as u32,
            })
    }
    /// The surrogates at code point indexes `from..to`.
    pub fn surrogates_in(&self, from: usize, to: usize) -> &[(u32, u16)] {
        let sur = self.surrogates();
        let lo = sur.partition_point(|&(at, _)| (at as usize) < from);
        let hi = sur.partition_point(|&(at, _)| (at as usize) < to);
        sur.get(lo..hi.max(lo)).unwrap_or(&[])
    }
    /// Bytes of the side table of surrogates.
    pub fn surrogate_bytes(&self) -> usize {
        self.sur.as_ref().map_or(0, |v| {
            std::mem::size_of::<Surrogates>() + std::mem::size_of_val(&*v.0)
        })
    }
    #[inline]
    pub fn is_ascii(&self) -> bool {
        self.chars == self.s.len()
    }
    /// Length in code points.
    #[inline]
    pub fn char_len(&self) -> usize {
        self.chars
    }
    /// The byte offset of code point `i` (the byte length at `i` ==
    /// `char_len()`); `i` must not be past the end.
    pub fn byte_offset(&self, i: usize) -> usize {
        if self.is_ascii() || i == 0 {
            return i.min(self.s.len());
        }
        if i >= self.chars {
            return self.s.len();
        }
        // Near the end (`t[-1]` on a str just made by `t += c`): walk back
        // rather than index a str that may be read only there.
        if self.chars - i <= STR_STRIDE && self.offsets.get().is_none() {
            return self
                .s
                .char_indices()
                .rev()
                .nth(self.chars - i - 1)
                .map_or(0, |(b, _)| b);
        }
        let index = self.offsets.get_or_init(|| {
            Box::new(
                self.s
                    .char_indices()
                    .step_by(STR_STRIDE)
                    .map(|(b, _)| b)
                    .collect(),
            )
        });
        let from = index[i / STR_STRIDE];
        let rest = &self.s[from..];
        from + rest
            .char_indices()
            .nth(i % STR_STRIDE)
            .map_or(rest.len(), |(b, _)| b)
    }
    /// Code point `i`, if there is one.
    pub fn char_at(&self, i: usize) -> Option<char> {
        if i >= self.chars {
            return None;
        }
        if self.is_ascii() {
            return Some(self.s.as_bytes()[i] as char);
        }
        self.s[self.byte_offset(i)..].chars().next()
    }
    /// Bytes of the offset index, once built: counted in the object's size,
    /// so from the next collection on (at most a quarter of the text's
    /// bytes, as non-ASCII text has at least 33 bytes per 32 code points).
    pub fn index_bytes(&self) -> usize {
        self.offsets
            .get()
            .map_or(0, |o| o.len() * std::mem::size_of::<usize>())
    }
}

pub struct Function {
    pub code: Rc<Code>,
    pub consts: Rc<[Value]>,
    /// The code's names, interned (kept here so calls need no cache lookup).
    pub names: crate::attric::Names,
    pub globals: Gc,
    pub defaults: Rc<[Value]>,
    /// A dict of keyword-only defaults, or Null.
    pub kwdefaults: Value,
    pub closure: Box<[Value]>,
    pub name: Value,
    pub qualname: Value,
    pub doc: Value,
    pub module: Value,
    pub dict: Dict,
    /// The dict `f.__dict__` gave out, once read: from then on the
    /// function's attributes live there (`dict` stays empty), so changes
    /// through either `f.__dict__[k]` or `f.k` show in the other.
    pub ext_dict: Option<Gc>,
    /// For a "plain" function (positional parameters only, no cells, not a
    /// generator) its parameter count: calls with exactly that many
    /// positional arguments take the fast path. `u32::MAX` otherwise.
    pub plain_arity: u32,
}

/// The layout that instances of a class use: the most derived built-in base.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    Object,
    Exception,
    /// Subclass of a built-in value type (int, str, list, dict, ...): the
    /// instance keeps the built-in value in `Instance::base`.
    Builtin,
    Type,
}

#[derive(Clone)]
pub struct Class {
    pub name: Value,
    pub qualname: Value,
    pub bases: Vec<Gc>,
    /// Method resolution order, starting with the class itself.
    pub mro: Vec<Gc>,
    pub dict: Dict,
    pub layout: Layout,
    /// For built-in types: which one (instances of user subclasses keep
    /// this from their built-in base).
    pub builtin: Option<crate::types::TypeId>,
    pub metaclass: Value,
    /// Cached: the class or a base defines these (user code only).
    pub flags: ClassFlags,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClassFlags {
    pub user_eq: bool,
    pub user_hash: bool,
    pub user_getattr: bool,
    pub user_getattribute: bool,
    pub user_setattr: bool,
    pub user_delattr: bool,
    pub has_descriptors: bool,
    /// `__bool__` or `__len__` (without it, a plain instance is true).
    pub user_truth: bool,
    /// Instances have no attribute dict: the class and all its bases
    /// declare `__slots__` (without `__dict__`), so only slot names may be
    /// set. Not inherited by a subclass that lacks `__slots__`.
    pub slotted: bool,
    /// The class or a base defines or was given `__getitem__` or
    /// `__setitem__` (a built-in type's own natives do not count; a class
    /// made in Rust with them in its namespace does).
    pub user_items: bool,
    /// The class is `array.array` itself (not inherited) and its item
    /// methods are still its natives: the interpreter may do them inline.
    pub array: bool,
}

/// An instance of a Python class. Its attributes are values in `slots`,
/// named by its shape in the VM's table (shape.rs), or, once it has too
/// many or a program asked for its `__dict__`, the items of a dict object
/// (`shape` is [`crate::shape::DICT`] and `slots` holds just that dict).
/// Kept unboxed in [`Obj`]: a three-attribute instance is its heap slot
/// and one 48-byte vector.
pub struct Instance {
    pub class: Gc,
    /// The built-in value for subclasses of built-in types, else Null.
    pub base: Value,
    shape: u32,
    slots: Vec<Value>,
}

impl Instance {
    /// An instance without attributes.
    pub fn new(class: Gc, base: Value) -> Instance {
        Instance {
            class,
            base,
            shape: crate::shape::ROOT,
            slots: Vec::new(),
        }
    }

    /// The shape id, or [`crate::shape::DICT`].
    #[inline]
    pub fn shape(&self) -> u32 {
        self.shape
    }

    /// The attribute values in slot order (the dict object, for a
    /// dict-backed instance).
    #[inline]
    pub fn slots(&self) -> &[Value] {
        &self.slots
    }

    /// The dict object holding the attributes, if they moved to one.
    #[inline]
    pub fn external(&self) -> Option<Gc> {
        match (self.shape, self.slots.first()) {
            (crate::shape::DICT, Some(Value::Obj(d))) => Some(*d),
            _ => None,
        }
    }

    /// From now on the attributes are the items of dict object `d`.
    pub fn set_external(&mut self, d: Gc) {
        self.shape = crate::shape::DICT;
        self.slots = vec![Value::Obj(d)];
    }

    /// Whether adding a slot must grow the vector.
    #[inline]
    pub fn slots_full(&self) -> bool {
        self.slots.len() == self.slots.capacity()
    }

    /// Overwrites slot `i` of a shaped instance.
    #[inline]
    pub fn set_slot(&mut self, i: usize, v: Value) {
        if let Some(s) = self.slots.get_mut(i) {
            *s = v;
        }
    }

    /// Appends a slot, entering shape `to`; reserves room for `want`
    /// slots when the vector is full (the shape's hint: instances of a
    /// class usually grow to the same size, so one allocation fits).
    /// Returns the bytes newly allocated.
    #[inline]
    pub fn push_slot(&mut self, to: u32, v: Value, want: usize) -> usize {
        let before = self.slots.capacity();
        if self.slots.len() == before {
            self.slots.reserve_exact(want.saturating_sub(before).max(1));
        }
        self.slots.push(v);
        self.shape = to;
        (self.slots.capacity() - before) * std::mem::size_of::<Value>()
    }

    /// Removes slot `i`, entering shape `to` (the same names without it).
    pub fn remove_slot(&mut self, i: usize, to: u32) {
        if i < self.slots.len() {
            self.slots.remove(i);
            self.shape = to;
        }
    }
}

#[derive(Clone)]
pub struct TbEntry {
    pub filename: Rc<str>,
    pub name: Rc<str>,
    pub line: u32,
    /// Which frame activation added this entry (a re-raise in the same
    /// frame must not add it twice).
    pub frame_id: u64,
    /// The frame's code and globals, for the entry's `tb_frame`.
    pub code: Rc<capy_compiler::Code>,
    pub globals: Gc,
}

pub struct ExcObj {
    pub class: Gc,
    pub args: Value,
    pub dict: Dict,
    pub traceback: Vec<TbEntry>,
    pub cause: Value,
    pub context: Value,
    pub suppress_context: bool,
}

#[derive(Clone)]
pub struct Module {
    pub name: Value,
    pub dict: Gc,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GenState {
    Created,
    Suspended,
    Running,
    Done,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GenKind {
    Generator,
    Coroutine,
    AsyncGenerator,
}

/// A suspended generator frame with its saved stack values.
pub struct Generator {
    pub frame: Option<Box<Frame>>,
    pub saved: Vec<Value>,
    pub state: GenState,
    pub kind: GenKind,
    pub name: Value,
    pub qualname: Value,
    /// The frame's code and id, still known while the frame runs (out of
    /// `frame`) and after it finished: `gi_code`, `gi_frame`.
    pub code: std::rc::Rc<capy_compiler::Code>,
    pub frame_id: u64,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DictView {
    Keys,
    Values,
    Items,
}

/// What an [`IterState::AsyncStep`] does to its target when first resumed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AsyncStepMode {
    /// `__anext__()` / `asend(v)`: send `arg`.
    Send,
    /// `athrow(...)`: throw `arg` (a tuple of `throw`'s arguments).
    Throw,
    /// `aclose()`: throw GeneratorExit.
    Close,
    /// `anext(it, default)`: the target is the awaitable's iterator; its
    /// StopAsyncIteration becomes `arg`.
    Default,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AsyncStepState {
    Fresh,
    Started,
    Done,
}

pub enum IterState {
    /// The awaitable of one step of an async generator, or of `anext` with
    /// a default (types/asyncgen.rs).
    AsyncStep {
        target: Value,
        arg: Value,
        mode: AsyncStepMode,
        state: AsyncStepState,
    },
    /// Indexes a list, tuple, str, bytes, bytearray or range-like sequence.
    Seq {
        seq: Value,
        idx: usize,
    },
    /// Generic `__getitem__` iteration from 0 until IndexError.
    GetItem {
        obj: Value,
        idx: i64,
    },
    Range {
        cur: i64,
        stop: i64,
        step: i64,
    },
    Dict {
        dict: Gc,
        pos: usize,
        len: usize,
        view: DictView,
    },
    Enumerate {
        it: Value,
        count: Value,
    },
    Zip {
        its: Vec<Value>,
        /// `zip(..., strict=True)`.
        strict: bool,
    },
    Map {
        f: Value,
        its: Vec<Value>,
    },
    Filter {
        f: Value,
        it: Value,
    },
    Reversed {
        seq: Value,
        idx: usize,
    },
    CallIter {
        f: Value,
        sentinel: Value,
    },
    Exhausted,
}

pub enum Obj {
    Free,
    /// What a stale handle reads: an object that no longer exists.
    Dead,
    Str(PyStr),
    Bytes(Box<[u8]>),
    ByteArray(Vec<u8>),
    BigInt(Box<BigInt>),
    Complex(f64, f64),
    Tuple(Box<[Value]>),
    List(Vec<Value>),
    Dict(Box<Dict>),
    Set(Box<Dict>),
    FrozenSet(Box<Dict>),
    Range {
        start: i64,
        stop: i64,
        step: i64,
    },
    /// A range with a bound beyond 64 bits (types/range.rs).
    BigRange(Box<crate::types::range::BigRange>),
    Slice(Value, Value, Value),
    Func(Box<Function>),
    Native(Box<NativeFunc>),
    BoundMethod {
        this: Value,
        func: Value,
    },
    Class(Box<Class>),
    Instance(Instance),
    Exception(Box<ExcObj>),
    Module(Box<Module>),
    Cell(Value),
    Generator(Box<Generator>),
    Iter(Box<IterState>),
    DictView {
        dict: Gc,
        view: DictView,
    },
    Property {
        fget: Value,
        fset: Value,
        fdel: Value,
        doc: Value,
    },
    ClassMethod(Value),
    StaticMethod(Value),
    Super {
        class: Gc,
        this: Value,
    },
    Code(Rc<Code>),
    /// A CHERI capability value (`cheri.Capability`, modules/cheri.rs).
    Capability(Box<crate::modules::cheri::CapObj>),
    /// Tagged memory mapped by `cheri.Memory` (reached only through capabilities).
    CapMemory(Box<crate::modules::cheri::SharedMemory>),
    /// A view of `len` bytes of a bytes or bytearray object from `start`
    /// (slicing a view makes a new view, no copy), read as items of format
    /// `fmt` (`b'B'` for bytes, an array's typecode; see types/memoryview.rs).
    MemoryView {
        obj: Value,
        start: usize,
        len: usize,
        fmt: u8,
    },
    /// The items of a `collections.deque` (the instance's `base`): a ring
    /// buffer, so both ends cost O(1) (modules/deque.rs).
    Deque(Box<DequeItems>),
    /// What a sealed handle names (the `base` of a `compartment.Handle`
    /// instance; compartment/handle.rs). Made only by the switcher.
    Sealed(crate::compartment::Sealed),
    /// The compartment a `compartment.Compartment` instance stands for
    /// (its `base`).
    Compartment(crate::compartment::CompId),
    /// The Rust state of a hash or a (de)compressor: the `base` of a
    /// `hashlib`/`zlib` object's instance (modules/state.rs).
    State(Box<crate::modules::state::NativeState>),
}

/// A deque's items and its bounds.
pub struct DequeItems {
    pub items: std::collections::VecDeque<Value>,
    pub maxlen: Option<usize>,
    /// Overflow raises IndexError (MicroPython's third `deque()` argument)
    /// instead of dropping an item at the other end.
    pub strict: bool,
}

impl Obj {
    /// A copy of an object of the shared base that an instance is about
    /// to change (heap.rs, copy on write). Only the mutable kinds the base
    /// holds; None for the rest.
    pub fn copy_for_write(&self) -> Option<Obj> {
        Some(match self {
            Obj::Dict(d) => Obj::Dict(d.clone()),
            Obj::Class(c) => Obj::Class(c.clone()),
            Obj::Module(m) => Obj::Module(m.clone()),
            Obj::Native(n) => Obj::Native(n.clone()),
            _ => return None,
        })
    }

    /// Whether [`Obj::trace`] hands over nothing: the marker counts such
    /// an object where it finds it instead of stacking it to be traced
    /// (a list of 300,000 strs stacked them all, 1.2 MB at the
    /// collection's peak).
    #[inline]
    pub fn traces_nothing(&self) -> bool {
        matches!(
            self,
            Obj::Str(_) | Obj::Bytes(_) | Obj::ByteArray(_) | Obj::BigInt(_) | Obj::Complex(..)
        )
    }

    /// Hands every value this object refers to to `out` (GC tracing).
    pub fn trace<T: Tracer>(&self, out: &mut T) {
        match self {
            Obj::Free | Obj::Dead | Obj::Str(_) | Obj::Bytes(_) | Obj::ByteArray(_) => {}
            Obj::BigInt(_) | Obj::Complex(..) | Obj::Range { .. } | Obj::Code(_) => {}
            Obj::BigRange(_) => {}
            Obj::CapMemory(_) | Obj::Sealed(_) | Obj::Compartment(_) | Obj::State(_) => {}
            Obj::Capability(c) => out.value(c.owner),
            Obj::Tuple(v) => out.values(v),
            Obj::List(v) => out.values(v),
            Obj::Deque(d) => d.items.iter().for_each(|&v| out.value(v)),
            Obj::Dict(d) | Obj::Set(d) | Obj::FrozenSet(d) => trace_dict(d, out),
            Obj::Slice(a, b, c) => out.values(&[*a, *b, *c]),
            Obj::Func(f) => {
                out.values(&f.consts);
                f.names.iter().for_each(|n| out.value(n.name));
                out.value(Value::Obj(f.globals));
                out.values(&f.defaults);
                out.values(&f.closure);
                out.values(&[f.kwdefaults, f.name, f.qualname, f.doc, f.module]);
                trace_dict(&f.dict, out);
                if let Some(d) = f.ext_dict {
                    out.value(Value::Obj(d));
                }
            }
            Obj::Native(n) => out.value(n.owner),
            Obj::BoundMethod { this, func } => out.values(&[*this, *func]),
            Obj::Class(c) => {
                out.values(&[c.name, c.qualname, c.metaclass]);
                c.bases.iter().for_each(|&g| out.value(Value::Obj(g)));
                c.mro.iter().for_each(|&g| out.value(Value::Obj(g)));
                trace_dict(&c.dict, out);
            }
            // Slot names are interned (permanent); a dict-backed
            // instance's slot is its dict object.
            Obj::Instance(i) => {
                out.value(Value::Obj(i.class));
                out.value(i.base);
                out.values(&i.slots);
            }
            Obj::Exception(e) => {
                out.values(&[Value::Obj(e.class), e.args, e.cause, e.context]);
                trace_dict(&e.dict, out);
                e.traceback
                    .iter()
                    .for_each(|t| out.value(Value::Obj(t.globals)));
            }
            Obj::Module(m) => out.values(&[m.name, Value::Obj(m.dict)]),
            Obj::Cell(v) | Obj::ClassMethod(v) | Obj::StaticMethod(v) => out.value(*v),
            Obj::Generator(g) => {
                out.values(&g.saved);
                out.values(&[g.name, g.qualname]);
                if let Some(f) = &g.frame {
                    f.trace(out);
                }
            }
            Obj::Iter(it) => trace_iter(it, out),
            Obj::DictView { dict, .. } => out.value(Value::Obj(*dict)),
            Obj::Property {
                fget,
                fset,
                fdel,
                doc,
            } => out.values(&[*fget, *fset, *fdel, *doc]),
            Obj::Super { class, this } => out.values(&[Value::Obj(*class), *this]),
            Obj::MemoryView { obj, .. } => out.value(*obj),
        }
    }

    /// Whether this object holds nothing that needs dropping (no box,
    /// vector or counted reference): the sweep, and an allocation that
    /// reuses its free slot, then overwrite it instead of calling the
    /// drop glue, which costs ~25 instructions
    /// even for a variant with nothing to free, and short-lived complex
    /// numbers, bound methods and slices are most of what some programs
    /// free. (A compile-time assertion below checks the field types.)
    #[inline]
    pub fn owns_nothing(&self) -> bool {
        matches!(
            self,
            Obj::Free
                | Obj::Dead
                | Obj::Complex(..)
                | Obj::Range { .. }
                | Obj::Slice(..)
                | Obj::BoundMethod { .. }
                | Obj::Cell(_)
                | Obj::DictView { .. }
                | Obj::Property { .. }
                | Obj::ClassMethod(_)
                | Obj::StaticMethod(_)
                | Obj::Super { .. }
                | Obj::MemoryView { .. }
                | Obj::Sealed(_)
                | Obj::Compartment(_)
        )
    }

    /// Approximate bytes owned by this object, for the heap quota.
    pub fn size(&self) -> usize {
        use std::mem::size_of;
        let payload = match self {
            Obj::Str(s) => s.s.held_bytes() + s.index_bytes() + s.surrogate_bytes(),
            Obj::Bytes(b) => b.len(),
            Obj::ByteArray(b) => b.capacity(),
            Obj::BigInt(b) => b.bits() as usize / 8 + 16,
            Obj::Tuple(v) => v.len() * size_of::<Value>(),
            Obj::List(v) => v.capacity() * size_of::<Value>(),
            Obj::Deque(d) => size_of::<DequeItems>() + d.items.capacity() * size_of::<Value>(),
            Obj::Dict(d) | Obj::Set(d) | Obj::FrozenSet(d) => d.bytes() + 64,
            Obj::Func(f) => size_of::<Function>() + f.closure.len() * 16 + f.defaults.len() * 16,
            Obj::Class(c) => size_of::<Class>() + c.dict.bytes(),
            Obj::Instance(i) => i.slots.capacity() * size_of::<Value>(),
            Obj::Exception(e) => size_of::<ExcObj>() + e.traceback.len() * size_of::<TbEntry>(),
            Obj::Generator(g) => size_of::<Generator>() + g.saved.capacity() * 16 + 256,
            Obj::Iter(_) => 48,
            Obj::Capability(_) => size_of::<crate::modules::cheri::CapObj>(),
            // Bytes plus one tag bit per 16-byte granule.
            Obj::CapMemory(m) => m.charged_bytes(),
            Obj::State(st) => st.size(),
            _ => 0,
        };
        Obj::size_of_new(payload)
    }

    /// What an object with `payload` bytes outside its slot really costs
    /// the host: its slot in the heap (the object and the generation
    /// word), and a payload allocation rounded up as the allocator rounds
    /// it (16-byte blocks), so a million one-character strings are charged
    /// what they use.
    pub fn size_of_new(payload: usize) -> usize {
        let payload = if payload == 0 {
            0
        } else {
            (payload + 15) & !15
        };
        std::mem::size_of::<Obj>() + 8 + payload
    }
}

fn trace_dict<T: Tracer>(d: &Dict, out: &mut T) {
    for (k, v) in d.iter() {
        out.value(k);
        out.value(v);
    }
}

fn trace_iter<T: Tracer>(it: &IterState, out: &mut T) {
    match it {
        IterState::Seq { seq, .. } | IterState::Reversed { seq, .. } => out.value(*seq),
        IterState::GetItem { obj, .. } => out.value(*obj),
        IterState::Range { .. } | IterState::Exhausted => {}
        IterState::Dict { dict, .. } => out.value(Value::Obj(*dict)),
        IterState::Enumerate { it, count } => out.values(&[*it, *count]),
        IterState::Zip { its, .. } => out.values(its),
        IterState::Map { f, its } => {
            out.value(*f);
            out.values(its);
        }
        IterState::Filter { f, it } => out.values(&[*f, *it]),
        IterState::CallIter { f, sentinel } => out.values(&[*f, *sentinel]),
        IterState::AsyncStep { target, arg, .. } => out.values(&[*target, *arg]),
    }
}

/// Where tracing hands the values an object refers to: a list (the roots
/// of a collection, what a native must keep alive) or the collector's
/// marker, which marks each unmarked object as it is handed over instead
/// of stacking every value first (heap.rs).
pub trait Tracer {
    fn value(&mut self, v: Value);
    #[inline]
    fn values(&mut self, vs: &[Value]) {
        for &v in vs {
            self.value(v);
        }
    }
}

impl Tracer for Vec<Value> {
    #[inline]
    fn value(&mut self, v: Value) {
        self.push(v);
    }
    #[inline]
    fn values(&mut self, vs: &[Value]) {
        self.extend_from_slice(vs);
    }
}

// The fields of the variants `Obj::owns_nothing` names (besides numbers)
// have no drop glue, so overwriting them leaks nothing.
const _: () = assert!(
    !std::mem::needs_drop::<Value>()
        && !std::mem::needs_drop::<Gc>()
        && !std::mem::needs_drop::<DictView>()
        && !std::mem::needs_drop::<crate::compartment::Sealed>()
        && !std::mem::needs_drop::<crate::compartment::CompId>()
);

// Every heap slot holds an `Obj`: a variant that grows past 64 bytes makes
// every object of the heap bigger.
const _: () = assert!(std::mem::size_of::<Obj>() <= 64);
