//! `hashlib`: MD5, SHA-1 and the SHA-2 family (RustCrypto's `md-5`, `sha1`
//! and `sha2`), and `pbkdf2_hmac`.
//!
//! Covers CPython 3.11's `md5`, `sha1`, `sha224`, `sha256`, `sha384`,
//! `sha512`, `new(name, data=b'')`, `algorithms_guaranteed` and
//! `algorithms_available` (the six names above: no SHA-3, BLAKE2 or SHAKE),
//! and `pbkdf2_hmac`. Hash objects are instances of `_hashlib.HASH`, as
//! under CPython with OpenSSL: `update`, `digest`, `hexdigest`, `copy`,
//! `name`, `digest_size`, `block_size`. Data may be bytes, bytearray,
//! memoryview or array; str raises `TypeError: Strings must be encoded
//! before hashing`. `usedforsecurity` is accepted and ignored.
//! `file_digest` is missing (capy has no files).
//!
//! The state lives in an [`Obj::State`] (modules/state.rs). Large inputs
//! are hashed in place, 1 MiB at a time with a look at the step and time
//! budgets in between, and so are the iterations of `pbkdf2_hmac`.
//! `hmac` is a frozen Python module on top of this one.

use super::state::{self, Buf, NativeState};
use crate::dict::Dict;
use crate::obj::{Instance, NativeFn, Obj};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use sha2::Digest;

type Kw<'a> = &'a [(Value, Value)];

/// The algorithms, by name: digest and block sizes in bytes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Md5,
    Sha1,
    Sha224,
    Sha256,
    Sha384,
    Sha512,
}

const KINDS: &[(&str, Kind, usize, usize)] = &[
    ("md5", Kind::Md5, 16, 64),
    ("sha1", Kind::Sha1, 20, 64),
    ("sha224", Kind::Sha224, 28, 64),
    ("sha256", Kind::Sha256, 32, 64),
    ("sha384", Kind::Sha384, 48, 128),
    ("sha512", Kind::Sha512, 64, 128),
];

fn info(k: Kind) -> (&'static str, usize, usize) {
    KINDS
        .iter()
        .find(|e| e.1 == k)
        .map_or(("?", 0, 0), |e| (e.0, e.2, e.3))
}

fn kind_named(name: &str) -> Option<Kind> {
    let lower = name.to_ascii_lowercase();
    KINDS.iter().find(|e| e.0 == lower).map(|e| e.1)
}

/// A running hash.
#[derive(Clone)]
pub enum Hasher {
    Md5(md5::Md5),
    Sha1(sha1::Sha1),
    Sha224(sha2::Sha224),
    Sha256(sha2::Sha256),
    Sha384(sha2::Sha384),
    Sha512(sha2::Sha512),
}

macro_rules! each {
    ($s:expr, $h:ident => $e:expr) => {
        match $s {
            Hasher::Md5($h) => $e,
            Hasher::Sha1($h) => $e,
            Hasher::Sha224($h) => $e,
            Hasher::Sha256($h) => $e,
            Hasher::Sha384($h) => $e,
            Hasher::Sha512($h) => $e,
        }
    };
}

impl Hasher {
    pub fn new(k: Kind) -> Hasher {
        match k {
            Kind::Md5 => Hasher::Md5(md5::Md5::new()),
            Kind::Sha1 => Hasher::Sha1(sha1::Sha1::new()),
            Kind::Sha224 => Hasher::Sha224(sha2::Sha224::new()),
            Kind::Sha256 => Hasher::Sha256(sha2::Sha256::new()),
            Kind::Sha384 => Hasher::Sha384(sha2::Sha384::new()),
            Kind::Sha512 => Hasher::Sha512(sha2::Sha512::new()),
        }
    }

    pub fn kind(&self) -> Kind {
        match self {
            Hasher::Md5(_) => Kind::Md5,
            Hasher::Sha1(_) => Kind::Sha1,
            Hasher::Sha224(_) => Kind::Sha224,
            Hasher::Sha256(_) => Kind::Sha256,
            Hasher::Sha384(_) => Kind::Sha384,
            Hasher::Sha512(_) => Kind::Sha512,
        }
    }

    pub fn update(&mut self, data: &[u8]) {
        each!(self, h => h.update(data))
    }

    /// The digest so far (the hash goes on).
    pub fn digest(&self) -> Vec<u8> {
        each!(self, h => h.clone().finalize().to_vec())
    }
}

/// One-shot digest of `data`.
fn hash_once(k: Kind, parts: &[&[u8]]) -> Vec<u8> {
    let mut h = Hasher::new(k);
    for p in parts {
        h.update(p);
    }
    h.digest()
}

// ---------------------------------------------------------------- data

/// A bytes-like argument to hash, with CPython's messages otherwise.
fn data_arg(vm: &mut Vm, v: Value) -> PyResult<Buf> {
    if vm.heap.str_of(vm.builtin_base(v)).is_some() {
        return Err(vm.type_error("Strings must be encoded before hashing"));
    }
    match Buf::of(vm, v) {
        Some(b) => Ok(b),
        None => Err(vm.type_error("object supporting the buffer API required")),
    }
}

fn feed(vm: &mut Vm, h: &mut Hasher, data: Buf) -> PyResult<()> {
    data.each_chunk(vm, |c| h.update(c))
}

// ---------------------------------------------------------------- the HASH type

fn hash_class(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm
        .dict_get_str(vm.modules, "hashlib")
        .and_then(|m| m.as_obj())
        .and_then(|m| vm.dict_get_str(m, "_HASH"))
        .and_then(|c| c.as_obj());
    match m {
        Some(c) => Ok(c),
        None => Err(vm.type_error("hashlib is not initialised")),
    }
}

fn new_hash(vm: &mut Vm, h: Hasher) -> PyResult {
    let cls = hash_class(vm)?;
    let base = state::alloc(vm, NativeState::Hash(Box::new(h)))?;
    Ok(Value::Obj(
        vm.alloc(Obj::Instance(Instance::new(cls, base)))?,
    ))
}

/// The hash behind `self`.
fn this(vm: &mut Vm, a: &[Value]) -> PyResult<(Gc, Hasher)> {
    let v = a.first().copied().unwrap_or(Value::None);
    if let Some(g) = state::state_of(vm, v) {
        if let Obj::State(s) = vm.heap.get(g) {
            if let NativeState::Hash(h) = &**s {
                return Ok((g, (**h).clone()));
            }
        }
    }
    let t = vm.type_name(v);
    Err(vm.type_error(format!(
        "descriptor requires a '_hashlib.HASH' object but received a '{t}'"
    )))
}

fn h_update(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (g, mut h) = this(vm, a)?;
    if a.len() != 2 {
        return Err(vm.type_error(format!(
            "HASH.update() takes exactly one argument ({} given)",
            a.len().saturating_sub(1)
        )));
    }
    let data = data_arg(vm, a[1])?;
    feed(vm, &mut h, data)?;
    state::put(vm, g, NativeState::Hash(Box::new(h)));
    Ok(Value::None)
}

fn h_digest(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (_, h) = this(vm, a)?;
    crate::types::bytes::mk(vm, h.digest(), false)
}

fn h_hexdigest(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (_, h) = this(vm, a)?;
    vm.new_string(hex(&h.digest()))
}

pub(crate) fn hex(b: &[u8]) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(b.len() * 2);
    for &x in b {
        s.push(HEX[(x >> 4) as usize] as char);
        s.push(HEX[(x & 15) as usize] as char);
    }
    s
}

fn h_copy(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (_, h) = this(vm, a)?;
    new_hash(vm, h)
}

fn h_name(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (_, h) = this(vm, a)?;
    let name = info(h.kind()).0;
    vm.new_str(name)
}

fn h_digest_size(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (_, h) = this(vm, a)?;
    Ok(Value::Int(info(h.kind()).1 as i64))
}

fn h_block_size(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (_, h) = this(vm, a)?;
    Ok(Value::Int(info(h.kind()).2 as i64))
}

fn h_repr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (_, h) = this(vm, a)?;
    let id = match a[0] {
        Value::Obj(o) => crate::ops::identity_hash(o),
        _ => 0,
    };
    let s = format!("<{} _hashlib.HASH object @ 0x{id:x}>", info(h.kind()).0);
    vm.new_string(s)
}

fn h_new(vm: &mut Vm, _: &[Value], _: Kw) -> PyResult {
    Err(vm.type_error("cannot create '_hashlib.HASH' instances"))
}

// ---------------------------------------------------------------- constructors

/// `hashlib.NAME(string=b'', *, usedforsecurity=True)`.
fn construct(vm: &mut Vm, k: Kind, a: &[Value], kw: Kw) -> PyResult {
    let fname = format!("openssl_{}", info(k).0);
    let mut data = a.first().copied();
    if a.len() > 1 {
        return Err(vm.type_error(format!(
            "{fname}() takes at most 1 positional argument ({} given)",
            a.len()
        )));
    }
    for &(key, v) in kw {
        match vm.heap.str_of(key) {
            Some("string") if data.is_none() => data = Some(v),
            Some("string") => {
                return Err(vm.type_error(format!(
                    "argument for {fname}() given by name ('string') and position (1)"
                )))
            }
            Some("usedforsecurity") => {}
            other => {
                let o = other.unwrap_or("").to_string();
                return Err(vm.type_error(format!(
                    "'{o}' is an invalid keyword argument for {fname}()"
                )));
            }
        }
    }
    let mut h = Hasher::new(k);
    if let Some(d) = data {
        let d = data_arg(vm, d)?;
        feed(vm, &mut h, d)?;
    }
    new_hash(vm, h)
}

fn md5_(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    construct(vm, Kind::Md5, a, kw)
}
fn sha1_(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    construct(vm, Kind::Sha1, a, kw)
}
fn sha224_(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    construct(vm, Kind::Sha224, a, kw)
}
fn sha256_(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    construct(vm, Kind::Sha256, a, kw)
}
fn sha384_(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    construct(vm, Kind::Sha384, a, kw)
}
fn sha512_(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    construct(vm, Kind::Sha512, a, kw)
}

/// The algorithm named by argument `v` of `fname`.
fn kind_arg(vm: &mut Vm, v: Value, fname: &str, arg: &str) -> PyResult<Kind> {
    let Some(name) = vm.heap.str_of(vm.builtin_base(v)).map(str::to_string) else {
        let t = vm.type_name(v);
        return Err(vm.type_error(format!("{fname}() argument '{arg}' must be str, not {t}")));
    };
    match kind_named(&name) {
        Some(k) => Ok(k),
        None => Err(vm.value_error(format!("unsupported hash type {name}"))),
    }
}

/// `hashlib.new(name, data=b'', **kwargs)`.
fn new(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let mut name = a.first().copied();
    let mut data = a.get(1).copied();
    if a.len() > 2 {
        return Err(vm.type_error(format!(
            "__hash_new() takes from 1 to 2 positional arguments but {} were given",
            a.len()
        )));
    }
    let mut rest = Vec::new();
    for &(k, v) in kw {
        match vm.heap.str_of(k) {
            Some("name") if name.is_none() => name = Some(v),
            Some("data") if data.is_none() => data = Some(v),
            Some(n @ ("name" | "data")) => {
                let n = n.to_string();
                return Err(vm.type_error(format!(
                    "__hash_new() got multiple values for argument '{n}'"
                )));
            }
            _ => rest.push((k, v)),
        }
    }
    let Some(name) = name else {
        return Err(vm.type_error("__hash_new() missing 1 required positional argument: 'name'"));
    };
    let k = kind_arg(vm, name, "new", "name")?;
    let args: Vec<Value> = data.into_iter().collect();
    construct(vm, k, &args, &rest)
}

// ---------------------------------------------------------------- pbkdf2_hmac

/// HMAC with a key prepared once: the inner and outer hashes after the
/// padded key blocks.
struct Hmac {
    inner: Hasher,
    outer: Hasher,
}

impl Hmac {
    fn new(k: Kind, key: &[u8]) -> Hmac {
        let block = info(k).2;
        let mut padded = if key.len() > block {
            hash_once(k, &[key])
        } else {
            key.to_vec()
        };
        padded.resize(block, 0);
        let mut inner = Hasher::new(k);
        let mut outer = Hasher::new(k);
        inner.update(&padded.iter().map(|b| b ^ 0x36).collect::<Vec<u8>>());
        outer.update(&padded.iter().map(|b| b ^ 0x5c).collect::<Vec<u8>>());
        Hmac { inner, outer }
    }

    fn mac(&self, parts: &[&[u8]]) -> Vec<u8> {
        let mut i = self.inner.clone();
        for p in parts {
            i.update(p);
        }
        let mut o = self.outer.clone();
        o.update(&i.digest());
        o.digest()
    }
}

/// Iterations between two looks at the budget.
const PBKDF2_PACE: u64 = 1024;

/// `pbkdf2_hmac(hash_name, password, salt, iterations, dklen=None)`.
fn pbkdf2_hmac(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    const F: &str = "pbkdf2_hmac";
    let names = ["hash_name", "password", "salt", "iterations", "dklen"];
    let k = state::kwargs(vm, kw, &names, F)?;
    if a.len() > 5 {
        return Err(vm.type_error(format!(
            "{F}() takes at most 5 arguments ({} given)",
            a.len()
        )));
    }
    let mut args = [None; 5];
    for (i, name) in names.iter().enumerate() {
        args[i] = state::pick(vm, a, &k, i, name, F)?;
    }
    for (i, name) in names.iter().enumerate().take(4) {
        if args[i].is_none() {
            return Err(vm.type_error(format!(
                "{F}() missing required argument '{name}' (pos {})",
                i + 1
            )));
        }
    }
    let v = |i: usize| args[i].unwrap_or(Value::None);
    let kind = kind_arg(vm, v(0), F, "hash_name")?;
    let password = state::buf_arg(vm, v(1))?.to_vec(vm);
    let salt = state::buf_arg(vm, v(2))?.to_vec(vm);
    let iterations = super::math::to_int(vm, v(3))?;
    if iterations < num_bigint::BigInt::from(1) {
        return Err(vm.value_error("iteration value must be greater than 0."));
    }
    let Some(iterations) =
        num_traits::ToPrimitive::to_u64(&iterations).filter(|&n| n <= i32::MAX as u64)
    else {
        return Err(vm.overflow_error("iteration value is too great."));
    };
    let hlen = info(kind).1;
    let dklen = match v(4) {
        Value::None => hlen,
        d => {
            let n = super::math::to_int(vm, d)?;
            if n < num_bigint::BigInt::from(1) {
                return Err(vm.value_error("key length must be greater than 0."));
            }
            match num_traits::ToPrimitive::to_usize(&n).filter(|&n| n <= i32::MAX as usize) {
                Some(n) => n,
                None => return Err(vm.overflow_error("key length is too great.")),
            }
        }
    };
    vm.reserve_temp(dklen)?;
    let prf = Hmac::new(kind, &password);
    let mut out = Vec::with_capacity(dklen);
    let mut block = 1u32;
    let mut until_pace = PBKDF2_PACE;
    while out.len() < dklen {
        let mut u = prf.mac(&[&salt, &block.to_be_bytes()]);
        let mut t = u.clone();
        for _ in 1..iterations {
            u = prf.mac(&[&u]);
            for (x, y) in t.iter_mut().zip(&u) {
                *x ^= y;
            }
            until_pace -= 1;
            if until_pace == 0 {
                until_pace = PBKDF2_PACE;
                state::pace(vm)?;
            }
        }
        let take = (dklen - out.len()).min(t.len());
        out.extend_from_slice(&t[..take]);
        block = block.wrapping_add(1);
    }
    crate::types::bytes::mk(vm, out, false)
}

// ---------------------------------------------------------------- module

const METHODS: &[(&str, NativeFn)] = &[
    ("update", h_update),
    ("digest", h_digest),
    ("hexdigest", h_hexdigest),
    ("copy", h_copy),
    ("__repr__", h_repr),
];

const PROPERTIES: &[(&str, NativeFn)] = &[
    ("name", h_name),
    ("digest_size", h_digest_size),
    ("block_size", h_block_size),
];

/// A class of native methods and read-only properties, with a `__new__`
/// (modules whose objects keep their state in an [`Obj::State`]).
pub(crate) fn native_class(
    vm: &mut Vm,
    name: &str,
    module: &str,
    bases: Vec<Gc>,
    methods: &[(&'static str, NativeFn)],
    properties: &[(&'static str, NativeFn)],
    newf: NativeFn,
) -> PyResult<Gc> {
    let mut ns = Dict::new();
    for &(n, f) in methods {
        super::collections::method(vm, &mut ns, n, f)?;
    }
    for &(n, f) in properties {
        let getter = crate::types::native(vm, n, f, false, Value::None)?;
        let prop = Value::Obj(vm.alloc(Obj::Property {
            fget: getter,
            fset: Value::None,
            fdel: Value::None,
            doc: Value::None,
        })?);
        let key = vm.intern(n);
        let h = vm.hash(key)?;
        ns.insert_new(h, key, prop);
    }
    super::collections::static_new(vm, &mut ns, newf)?;
    super::collections::make_class(vm, name, bases, ns, module)
}

/// A frozenset of str.
fn str_frozenset(vm: &mut Vm, names: &[&str]) -> PyResult {
    let mut items = Vec::new();
    for n in names {
        items.push(vm.new_str(n)?);
    }
    let s = vm.new_set(items)?;
    if let Value::Obj(h) = s {
        let o = vm.heap.get_mut(h);
        if let Obj::Set(d) = o {
            let d = std::mem::take(d);
            *o = Obj::FrozenSet(d);
        }
    }
    Ok(s)
}

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("hashlib")?;
    let d = crate::import::module_dict(vm, m);
    let c = native_class(vm, "HASH", "_hashlib", vec![], METHODS, PROPERTIES, h_new)?;
    vm.dict_set_str(d, "_HASH", Value::Obj(c))?;
    let fns: &[(&'static str, NativeFn)] = &[
        ("new", new),
        ("md5", md5_),
        ("sha1", sha1_),
        ("sha224", sha224_),
        ("sha256", sha256_),
        ("sha384", sha384_),
        ("sha512", sha512_),
        ("pbkdf2_hmac", pbkdf2_hmac),
    ];
    for &(name, f) in fns {
        let v = crate::types::native(vm, name, f, true, Value::Obj(m))?;
        vm.dict_set_str(d, name, v)?;
    }
    let names: Vec<&str> = KINDS.iter().map(|e| e.0).collect();
    for attr in ["algorithms_guaranteed", "algorithms_available"] {
        let s = str_frozenset(vm, &names)?;
        vm.dict_set_str(d, attr, s)?;
    }
    Ok(m)
}
