//! Snapshots: a host's record of a sandbox's life, as authenticated and
//! versioned bytes.
//!
//! A running sandbox keeps part of its state on its thread's native stack
//! (Python calls recurse through Rust), so no heap image can capture it
//! mid-run. A host instead keeps an [`Image`]: how the sandbox was made and
//! everything that changed it since (the host's requests, the answers of
//! host calls, the readings of the world on its [`super::Tape`]). Replaying
//! the image in a new sandbox brings it to the same point, since the
//! sandbox is deterministic given those inputs.
//!
//! Layout: `CAPYSNAP`, the format (u16, little-endian), the capy version
//! (a length byte and UTF-8), the encoded image, and an HMAC-SHA256 of all
//! that under a key the host holds. [`open`] checks the MAC first (in
//! constant time), then the header, then decodes with every length
//! checked against what is left and nesting bounded: any other input is a
//! [`SnapshotError`], never a panic.

use super::value::MAX_DEPTH;
use super::{HostError, HostValue};
use hmac::{Hmac, Mac};
use num_bigint::BigInt;
use sha2::Sha256;
use std::fmt;

const MAGIC: &[u8; 8] = b"CAPYSNAP";
/// The layout of the encoded image; a change of it changes this.
pub const FORMAT: u16 = 1;
/// The capy that made a snapshot must replay it: another version may make
/// other choices for the same code.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
const MAC_BYTES: usize = 32;
/// The shortest key accepted: a guessable key authenticates nothing.
pub const MIN_KEY_BYTES: usize = 16;

/// Why a snapshot was refused or could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SnapshotError(pub String);

impl fmt::Display for SnapshotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SnapshotError {}

fn err<T>(why: impl Into<String>) -> Result<T, SnapshotError> {
    Err(SnapshotError(why.into()))
}

/// What a granted host function is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FnKind {
    /// Called by the host when the code calls it.
    Host,
    /// Declared `capy.external(name)`: the run suspends there.
    External,
    /// A coroutine function, awaited by the host's event loop.
    Async,
}

/// A request of the host, in the order the sandbox received it.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    Run(String),
    /// A run that may suspend at external calls.
    Start(String),
    Call(String, Vec<HostValue>, Vec<(String, HostValue)>),
    Get(String),
    Reset,
    /// The captured output was taken.
    Output,
    /// A handle was released.
    Release(u64),
}

/// The host's answer to a call of a granted function.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    Value(HostValue),
    Error(HostError),
    /// The host gave up on a suspended run (a reset or close).
    Abandon,
}

/// How a sandbox was made and what happened to it since.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Image {
    pub name: String,
    pub heap: u64,
    pub timeout_nanos: Option<u64>,
    pub recursion: u64,
    pub step_limit: Option<u64>,
    pub stdout_callback: bool,
    pub values: Vec<(String, HostValue)>,
    pub functions: Vec<(String, FnKind)>,
    pub steps: Vec<Step>,
    /// Each host call: the function's index and the answer, in order.
    pub answers: Vec<(u64, Answer)>,
    /// Each finished request: None if it succeeded, else its error kind.
    pub outcomes: Vec<Option<String>>,
    /// The readings of the world (tape.rs).
    pub tape: Vec<u8>,
}

type HmacSha256 = Hmac<Sha256>;

fn mac(key: &[u8]) -> Result<HmacSha256, SnapshotError> {
    if key.len() < MIN_KEY_BYTES {
        return err(format!(
            "the key must be at least {MIN_KEY_BYTES} bytes (use e.g. secrets.token_bytes(32))"
        ));
    }
    HmacSha256::new_from_slice(key).or_else(|_| err("unusable key"))
}

/// `image` as snapshot bytes, authenticated under `key`.
pub fn seal(image: &Image, key: &[u8]) -> Result<Vec<u8>, SnapshotError> {
    let mut m = mac(key)?;
    let mut w = Writer::default();
    w.0.extend_from_slice(MAGIC);
    w.0.extend_from_slice(&FORMAT.to_le_bytes());
    w.0.push(VERSION.len() as u8);
    w.0.extend_from_slice(VERSION.as_bytes());
    w.image(image);
    m.update(&w.0);
    w.0.extend_from_slice(&m.finalize().into_bytes());
    Ok(w.0)
}

/// The image in `data`, if `key` authenticates it and this capy made it.
pub fn open(data: &[u8], key: &[u8]) -> Result<Image, SnapshotError> {
    let mut m = mac(key)?;
    if data.len() < MAGIC.len() + 3 + MAC_BYTES {
        return err("snapshot is truncated");
    }
    let (body, tag) = data.split_at(data.len() - MAC_BYTES);
    m.update(body);
    if m.verify_slice(tag).is_err() {
        return err("snapshot is not authentic (altered, truncated, or made with another key)");
    }
    let mut r = Reader { data: body, pos: 0 };
    if r.take(MAGIC.len())? != MAGIC {
        return err("not a capy snapshot");
    }
    let format = u16::from_le_bytes([r.u8()?, r.u8()?]);
    if format != FORMAT {
        return err(format!(
            "snapshot format {format}: this capy reads format {FORMAT}"
        ));
    }
    let n = r.u8()? as usize;
    let version = String::from_utf8_lossy(r.take(n)?).into_owned();
    if version != VERSION {
        return err(format!(
            "snapshot made by capy {version}: this is capy {VERSION} (a snapshot replays only on the capy that made it)"
        ));
    }
    let image = r.image()?;
    if r.pos != body.len() {
        return err("snapshot has trailing bytes");
    }
    Ok(image)
}

/// Decodes an image without a header or MAC (for the fuzzer: the same
/// decoder [`open`] uses once the MAC holds).
pub fn decode_image(data: &[u8]) -> Result<Image, SnapshotError> {
    let mut r = Reader { data, pos: 0 };
    let image = r.image()?;
    if r.pos != data.len() {
        return err("snapshot has trailing bytes");
    }
    Ok(image)
}

/// Encodes an image without a header or MAC (the fuzzer's seeds).
pub fn encode_image(image: &Image) -> Vec<u8> {
    let mut w = Writer::default();
    w.image(image);
    w.0
}

#[derive(Default)]
struct Writer(Vec<u8>);

impl Writer {
    fn u8(&mut self, b: u8) {
        self.0.push(b);
    }
    fn u64(&mut self, n: u64) {
        self.0.extend_from_slice(&n.to_le_bytes());
    }
    fn len(&mut self, n: usize) {
        self.u64(n as u64);
    }
    fn bytes(&mut self, b: &[u8]) {
        self.len(b.len());
        self.0.extend_from_slice(b);
    }
    fn str(&mut self, s: &str) {
        self.bytes(s.as_bytes());
    }
    fn opt(&mut self, n: Option<u64>) {
        match n {
            None => self.u8(0),
            Some(n) => {
                self.u8(1);
                self.u64(n);
            }
        }
    }
    fn values(&mut self, xs: &[HostValue]) {
        self.len(xs.len());
        xs.iter().for_each(|x| self.value(x));
    }
    fn kwargs(&mut self, kw: &[(String, HostValue)]) {
        self.len(kw.len());
        for (k, v) in kw {
            self.str(k);
            self.value(v);
        }
    }

    fn value(&mut self, v: &HostValue) {
        match v {
            HostValue::None => self.u8(0),
            HostValue::Bool(b) => {
                self.u8(1);
                self.u8(*b as u8);
            }
            HostValue::Int(i) => {
                self.u8(2);
                self.bytes(&i.to_signed_bytes_le());
            }
            HostValue::Float(f) => {
                self.u8(3);
                self.u64(f.to_bits());
            }
            HostValue::Complex(re, im) => {
                self.u8(4);
                self.u64(re.to_bits());
                self.u64(im.to_bits());
            }
            HostValue::Str(s) => {
                self.u8(5);
                self.str(s);
            }
            HostValue::Bytes(b) => {
                self.u8(6);
                self.bytes(b);
            }
            HostValue::ByteArray(b) => {
                self.u8(7);
                self.bytes(b);
            }
            HostValue::List(xs) => {
                self.u8(8);
                self.values(xs);
            }
            HostValue::Tuple(xs) => {
                self.u8(9);
                self.values(xs);
            }
            HostValue::Dict(kvs) => {
                self.u8(10);
                self.len(kvs.len());
                for (k, x) in kvs {
                    self.value(k);
                    self.value(x);
                }
            }
            HostValue::Set(xs) => {
                self.u8(11);
                self.values(xs);
            }
            HostValue::FrozenSet(xs) => {
                self.u8(12);
                self.values(xs);
            }
            HostValue::Opaque(id) => {
                self.u8(13);
                self.u64(*id);
            }
        }
    }

    fn step(&mut self, s: &Step) {
        match s {
            Step::Run(src) => {
                self.u8(0);
                self.str(src);
            }
            Step::Start(src) => {
                self.u8(1);
                self.str(src);
            }
            Step::Call(name, args, kw) => {
                self.u8(2);
                self.str(name);
                self.values(args);
                self.kwargs(kw);
            }
            Step::Get(name) => {
                self.u8(3);
                self.str(name);
            }
            Step::Reset => self.u8(4),
            Step::Output => self.u8(5),
            Step::Release(id) => {
                self.u8(6);
                self.u64(*id);
            }
        }
    }

    fn image(&mut self, im: &Image) {
        self.str(&im.name);
        self.u64(im.heap);
        self.opt(im.timeout_nanos);
        self.u64(im.recursion);
        self.opt(im.step_limit);
        self.u8(im.stdout_callback as u8);
        self.kwargs(&im.values);
        self.len(im.functions.len());
        for (name, kind) in &im.functions {
            self.str(name);
            self.u8(*kind as u8);
        }
        self.len(im.steps.len());
        im.steps.iter().for_each(|s| self.step(s));
        self.len(im.answers.len());
        for (index, a) in &im.answers {
            self.u64(*index);
            match a {
                Answer::Value(v) => {
                    self.u8(0);
                    self.value(v);
                }
                Answer::Error(e) => {
                    self.u8(1);
                    self.str(&e.kind);
                    self.str(&e.message);
                }
                Answer::Abandon => self.u8(2),
            }
        }
        self.len(im.outcomes.len());
        for o in &im.outcomes {
            match o {
                None => self.u8(0),
                Some(kind) => {
                    self.u8(1);
                    self.str(kind);
                }
            }
        }
        self.bytes(&im.tape);
    }
}

struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], SnapshotError> {
        if n > self.data.len() - self.pos {
            return err("snapshot is truncated");
        }
        let s = &self.data[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }
    fn u8(&mut self) -> Result<u8, SnapshotError> {
        Ok(self.take(1)?[0])
    }
    fn u64(&mut self) -> Result<u64, SnapshotError> {
        let b = self.take(8)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(u64::from_le_bytes(a))
    }
    fn bool(&mut self) -> Result<bool, SnapshotError> {
        match self.u8()? {
            0 => Ok(false),
            1 => Ok(true),
            t => err(format!("snapshot is malformed (flag {t})")),
        }
    }
    /// A count of items, each at least one byte: more than the bytes left
    /// is malformed (and nothing is allocated for it).
    fn count(&mut self) -> Result<usize, SnapshotError> {
        let n = self.u64()?;
        if n > (self.data.len() - self.pos) as u64 {
            return err("snapshot is truncated");
        }
        Ok(n as usize)
    }
    fn bytes(&mut self) -> Result<&'a [u8], SnapshotError> {
        let n = self.count()?;
        self.take(n)
    }
    fn str(&mut self) -> Result<String, SnapshotError> {
        match std::str::from_utf8(self.bytes()?) {
            Ok(s) => Ok(s.to_string()),
            Err(_) => err("snapshot is malformed (text is not UTF-8)"),
        }
    }
    fn opt(&mut self) -> Result<Option<u64>, SnapshotError> {
        Ok(if self.bool()? {
            Some(self.u64()?)
        } else {
            None
        })
    }
    fn values(&mut self, depth: usize) -> Result<Vec<HostValue>, SnapshotError> {
        let n = self.count()?;
        let mut xs = Vec::with_capacity(n);
        for _ in 0..n {
            xs.push(self.value(depth)?);
        }
        Ok(xs)
    }
    fn kwargs(&mut self) -> Result<Vec<(String, HostValue)>, SnapshotError> {
        let n = self.count()?;
        let mut kw = Vec::with_capacity(n);
        for _ in 0..n {
            kw.push((self.str()?, self.value(0)?));
        }
        Ok(kw)
    }

    fn value(&mut self, depth: usize) -> Result<HostValue, SnapshotError> {
        if depth > MAX_DEPTH {
            return err(format!(
                "snapshot is malformed (values nested more than {MAX_DEPTH} deep)"
            ));
        }
        let d = depth + 1;
        Ok(match self.u8()? {
            0 => HostValue::None,
            1 => HostValue::Bool(self.bool()?),
            2 => HostValue::Int(BigInt::from_signed_bytes_le(self.bytes()?)),
            3 => HostValue::Float(f64::from_bits(self.u64()?)),
            4 => HostValue::Complex(f64::from_bits(self.u64()?), f64::from_bits(self.u64()?)),
            5 => HostValue::Str(self.str()?),
            6 => HostValue::Bytes(self.bytes()?.to_vec()),
            7 => HostValue::ByteArray(self.bytes()?.to_vec()),
            8 => HostValue::List(self.values(d)?),
            9 => HostValue::Tuple(self.values(d)?),
            10 => {
                let n = self.count()?;
                let mut kvs = Vec::with_capacity(n);
                for _ in 0..n {
                    kvs.push((self.value(d)?, self.value(d)?));
                }
                HostValue::Dict(kvs)
            }
            11 => HostValue::Set(self.values(d)?),
            12 => HostValue::FrozenSet(self.values(d)?),
            13 => HostValue::Opaque(self.u64()?),
            t => return err(format!("snapshot is malformed (value tag {t})")),
        })
    }

    fn step(&mut self) -> Result<Step, SnapshotError> {
        Ok(match self.u8()? {
            0 => Step::Run(self.str()?),
            1 => Step::Start(self.str()?),
            2 => Step::Call(self.str()?, self.values(0)?, self.kwargs()?),
            3 => Step::Get(self.str()?),
            4 => Step::Reset,
            5 => Step::Output,
            6 => Step::Release(self.u64()?),
            t => return err(format!("snapshot is malformed (request tag {t})")),
        })
    }

    fn image(&mut self) -> Result<Image, SnapshotError> {
        let mut im = Image {
            name: self.str()?,
            heap: self.u64()?,
            timeout_nanos: self.opt()?,
            recursion: self.u64()?,
            step_limit: self.opt()?,
            stdout_callback: self.bool()?,
            values: self.kwargs()?,
            ..Image::default()
        };
        for _ in 0..self.count()? {
            let name = self.str()?;
            let kind = match self.u8()? {
                0 => FnKind::Host,
                1 => FnKind::External,
                2 => FnKind::Async,
                t => return err(format!("snapshot is malformed (function kind {t})")),
            };
            im.functions.push((name, kind));
        }
        for _ in 0..self.count()? {
            im.steps.push(self.step()?);
        }
        for _ in 0..self.count()? {
            let index = self.u64()?;
            let a = match self.u8()? {
                0 => Answer::Value(self.value(0)?),
                1 => Answer::Error(HostError::new(self.str()?, self.str()?)),
                2 => Answer::Abandon,
                t => return err(format!("snapshot is malformed (answer tag {t})")),
            };
            im.answers.push((index, a));
        }
        for _ in 0..self.count()? {
            let o = if self.bool()? {
                Some(self.str()?)
            } else {
                None
            };
            im.outcomes.push(o);
        }
        im.tape = self.bytes()?.to_vec();
        Ok(im)
    }
}
