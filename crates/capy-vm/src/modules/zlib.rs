//! `zlib`: deflate compression and decompression (miniz_oxide, pure Rust),
//! CRC-32 (crc32fast) and Adler-32 (adler2).
//!
//! Covers CPython 3.11's `compress(data, /, level=-1, wbits=15)`,
//! `decompress(data, /, wbits=15, bufsize=16384)`, `compressobj(level,
//! method, wbits, memLevel, strategy)` (`compress`, `flush(mode)`),
//! `decompressobj(wbits)` (`decompress(data, max_length=0)`,
//! `flush(length)`, `copy`, `unused_data`, `unconsumed_tail`, `eof`),
//! `crc32`, `adler32`, `zlib.error` and the constants. wbits selects the
//! container as zlib does: 9..15 zlib, -9..-15 raw deflate, 25..31 gzip,
//! and for decompression also 0 (zlib), 16 (gzip) and 32/40..47
//! (detected from the first byte).
//!
//! Differences from CPython's zlib (a different deflate implementation):
//! - Compressed bytes are valid deflate streams but not the same bytes as
//!   zlib's; every zlib reads them back, and this module reads zlib's.
//! - The compressor always uses a 32 KiB window: compressing with wbits
//!   below 15 writes a header saying so, and decompressing accepts a
//!   stream whose window is larger than wbits (zlib refuses it with
//!   "invalid window size"), so data round-trips at every wbits.
//! - Corrupt deflate data raises `Error -3 while decompressing data:
//!   invalid compressed data` instead of zlib's precise reason ("invalid
//!   block type", "invalid distance too far back", ...); header, checksum,
//!   length and truncation errors have zlib's messages. Which streams are
//!   refused, and with which error code, is zlib's: the decoder runs over
//!   a window of the output so far and checks every back-reference
//!   against it (tests/py/modules/zlib/zlib_corrupt.py compares
//!   mutated CPython streams).
//! - `zdict` (preset dictionaries) is refused with ValueError unless
//!   empty, `Compress.copy()` raises NotImplementedError (the compressor
//!   cannot be cloned), memLevel is checked but has no effect, and
//!   `ZLIB_VERSION`/`ZLIB_RUNTIME_VERSION` are absent.
//!
//! Bounds: output grows in a native buffer whose every growth is first
//! checked against the heap quota ([`state::grow`]), so a decompression
//! bomb raises MemoryError when its output no longer fits; input is fed
//! 1 MiB at a time and output is produced at most 1 MiB at a time, with a
//! look at the step and time budgets between chunks.

use super::state::{self, Buf, NativeState, CHUNK};
use crate::obj::{Instance, NativeFn, Obj};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use miniz_oxide::deflate::core::{create_comp_flags_from_zip_params, CompressorOxide};
use miniz_oxide::inflate::core::{inflate_flags, DecompressorOxide};
use miniz_oxide::inflate::TINFLStatus;
use miniz_oxide::{MZFlush, MZStatus};

type Kw<'a> = &'a [(Value, Value)];

const DEF_BUF_SIZE: usize = 16384;
/// The deflate window: the farthest a back-reference reaches.
const WINDOW: usize = 32768;
/// Output space of the first step; steps double with the output so far.
const FIRST_STEP: usize = 16384;

/// The container around the deflate data.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Wrap {
    Zlib,
    Raw,
    Gzip,
    /// gzip or zlib, told by the first byte (decompression only).
    Auto,
}

/// Why decompression failed, as zlib says it.
#[derive(Clone, Copy, Debug)]
pub(crate) enum ZErr {
    /// Z_DATA_ERROR (-3) with zlib's reason.
    Data(&'static str),
    /// Z_NEED_DICT (2): the stream was made with a preset dictionary.
    NeedDict,
}

impl ZErr {
    pub(crate) fn message(self) -> String {
        match self {
            ZErr::Data(m) => format!("Error -3 while decompressing data: {m}"),
            ZErr::NeedDict => "Error 2 while decompressing data".to_string(),
        }
    }
}

const TRUNCATED: &str = "Error -5 while decompressing data: incomplete or truncated stream";

// ---------------------------------------------------------------- inflate

/// Where the reader of a gzip header is.
#[derive(Clone, Copy, Debug)]
enum GzField {
    /// The 10 fixed bytes (magic, method, flags, mtime, xfl, os).
    Fixed,
    /// The 2 length bytes of FEXTRA.
    ExtraLen,
    /// Bytes of FEXTRA still to skip.
    Extra(usize),
    /// The zero-terminated FNAME.
    Name,
    /// The zero-terminated FCOMMENT.
    Comment,
    /// The 2 bytes of FHCRC.
    HeaderCrc,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    Header,
    Body,
    Trailer,
    Done,
}

/// A decompressor: a raw-deflate inflater inside a container that this
/// type reads itself (headers, checksums, lengths).
#[derive(Clone)]
pub struct Inflater {
    wrap: Wrap,
    phase: Phase,
    gz: GzField,
    gz_flags: u8,
    /// Header or trailer bytes gathered so far (at most 10).
    pending: Vec<u8>,
    header_crc: crc32fast::Hasher,
    dec: Box<DecompressorOxide>,
    /// The output so far, up to its last [`WINDOW`] to [`2 * WINDOW`]
    /// bytes: what back-references may reach. The decoder writes after it
    /// and checks every distance against it, so a reference before the
    /// start of the data fails as zlib's "invalid distance too far back".
    window: Vec<u8>,
    adler: adler2::Adler32,
    crc: crc32fast::Hasher,
    out_len: u64,
    /// The error this stream failed with: raised again on each later call.
    failed: Option<ZErr>,
    /// The window `deflate.DeflateIO` asks for (MicroPython's wbits: 0 for
    /// the format's default); None for zlib's, which takes any distance
    /// a deflate stream may hold.
    window_bits: Option<u8>,
    /// The window a zlib header announces.
    header_bits: u8,
    /// Whether a gzip header's FHCRC is checked (zlib's is; MicroPython's
    /// `deflate`, as CPython's `gzip` module, skips it).
    check_header_crc: bool,
}

impl Inflater {
    fn new(wrap: Wrap) -> Inflater {
        Inflater {
            wrap,
            phase: if wrap == Wrap::Raw {
                Phase::Body
            } else {
                Phase::Header
            },
            gz: GzField::Fixed,
            gz_flags: 0,
            pending: Vec::new(),
            header_crc: crc32fast::Hasher::new(),
            dec: Box::default(),
            window: Vec::new(),
            adler: adler2::Adler32::new(),
            crc: crc32fast::Hasher::new(),
            out_len: 0,
            failed: None,
            window_bits: None,
            header_bits: 15,
            check_header_crc: true,
        }
    }

    /// A decompressor whose back-references may reach `wbits` bits back
    /// (MicroPython's `deflate` module; 0: 8 for raw deflate, the header's
    /// for zlib, 15 for gzip; a zlib header asking for less wins).
    pub(crate) fn with_window(wrap: Wrap, wbits: u8) -> Inflater {
        let mut z = Inflater::new(wrap);
        z.window_bits = Some(wbits);
        z.check_header_crc = false;
        z
    }

    /// The bytes back-references may reach, when limited.
    fn window_limit(&self) -> Option<usize> {
        let req = self.window_bits?;
        let bits = match self.wrap {
            Wrap::Raw if req == 0 => 8,
            Wrap::Zlib if req == 0 || self.header_bits < req => self.header_bits,
            Wrap::Gzip | Wrap::Auto if req == 0 => 15,
            _ => req,
        };
        Some(1 << bits)
    }

    pub fn size(&self) -> usize {
        std::mem::size_of::<Inflater>()
            + std::mem::size_of::<DecompressorOxide>()
            + self.window.capacity()
    }

    pub(crate) fn done(&self) -> bool {
        self.phase == Phase::Done
    }

    /// One step: reads from `input` and writes to `out`. Returns the bytes
    /// consumed and written, and whether anything happened at all.
    pub(crate) fn step(
        &mut self,
        input: &[u8],
        out: &mut [u8],
    ) -> Result<(usize, usize, bool), ZErr> {
        if let Some(e) = self.failed {
            return Err(e);
        }
        let r = match self.phase {
            Phase::Header => self.header(input).map(|(c, p)| (c, 0, p)),
            Phase::Body => self.body(input, out),
            Phase::Trailer => self.trailer(input).map(|c| (c, 0, c > 0 || self.done())),
            Phase::Done => Ok((0, 0, false)),
        };
        if let Err(e) = r {
            self.failed = Some(e);
        }
        r
    }

    fn header(&mut self, input: &[u8]) -> Result<(usize, bool), ZErr> {
        if self.wrap == Wrap::Auto {
            match input.first() {
                None => return Ok((0, false)),
                Some(0x1f) => self.wrap = Wrap::Gzip,
                Some(_) => self.wrap = Wrap::Zlib,
            }
        }
        let mut used = 0;
        for &b in input {
            used += 1;
            let complete = if self.wrap == Wrap::Gzip {
                self.gzip_byte(b)?
            } else {
                self.zlib_byte(b)?
            };
            if complete {
                self.phase = Phase::Body;
                self.pending.clear();
                break;
            }
        }
        Ok((used, used > 0))
    }

    fn zlib_byte(&mut self, b: u8) -> Result<bool, ZErr> {
        self.pending.push(b);
        if self.pending.len() < 2 {
            return Ok(false);
        }
        let (cmf, flg) = (self.pending[0], self.pending[1]);
        if (u16::from(cmf) << 8 | u16::from(flg)) % 31 != 0 {
            return Err(ZErr::Data("incorrect header check"));
        }
        if cmf & 0x0f != 8 {
            return Err(ZErr::Data("unknown compression method"));
        }
        if (cmf >> 4) + 8 > 15 {
            return Err(ZErr::Data("invalid window size"));
        }
        self.header_bits = (cmf >> 4) + 8;
        if flg & 0x20 != 0 {
            // zlib reads the dictionary's id before asking for it.
            if self.pending.len() < 6 {
                return Ok(false);
            }
            return Err(ZErr::NeedDict);
        }
        Ok(true)
    }

    fn gzip_byte(&mut self, b: u8) -> Result<bool, ZErr> {
        if !matches!(self.gz, GzField::HeaderCrc) {
            self.header_crc.update(&[b]);
        }
        match self.gz {
            GzField::Fixed => {
                self.pending.push(b);
                match self.pending.len() {
                    2 if self.pending[..] != [0x1f, 0x8b] => {
                        return Err(ZErr::Data("incorrect header check"))
                    }
                    3 if b != 8 => return Err(ZErr::Data("unknown compression method")),
                    4 if b & 0xe0 != 0 => return Err(ZErr::Data("unknown header flags set")),
                    4 => self.gz_flags = b,
                    10 => {
                        self.pending.clear();
                        return Ok(self.next_gz_field(0));
                    }
                    _ => {}
                }
                Ok(false)
            }
            GzField::ExtraLen => {
                self.pending.push(b);
                if self.pending.len() == 2 {
                    let n = usize::from(self.pending[0]) | usize::from(self.pending[1]) << 8;
                    self.pending.clear();
                    if n == 0 {
                        return Ok(self.next_gz_field(1));
                    }
                    self.gz = GzField::Extra(n);
                }
                Ok(false)
            }
            GzField::Extra(n) => {
                if n <= 1 {
                    return Ok(self.next_gz_field(1));
                }
                self.gz = GzField::Extra(n - 1);
                Ok(false)
            }
            GzField::Name => Ok(b == 0 && self.next_gz_field(2)),
            GzField::Comment => Ok(b == 0 && self.next_gz_field(3)),
            GzField::HeaderCrc => {
                self.pending.push(b);
                if self.pending.len() < 2 {
                    return Ok(false);
                }
                let want = u16::from(self.pending[0]) | u16::from(self.pending[1]) << 8;
                let have = self.header_crc.clone().finalize() as u16;
                if want != have && self.check_header_crc {
                    return Err(ZErr::Data("header crc mismatch"));
                }
                Ok(true)
            }
        }
    }

    /// Moves to the first optional field after field number `after`
    /// (0 fixed, 1 extra, 2 name, 3 comment) that the flags announce;
    /// true when the header is complete.
    fn next_gz_field(&mut self, after: u8) -> bool {
        let f = self.gz_flags;
        self.gz = if after < 1 && f & 4 != 0 {
            GzField::ExtraLen
        } else if after < 2 && f & 8 != 0 {
            GzField::Name
        } else if after < 3 && f & 16 != 0 {
            GzField::Comment
        } else if f & 2 != 0 {
            GzField::HeaderCrc
        } else {
            return true;
        };
        if after == 3 && f & 2 == 0 {
            return true;
        }
        false
    }

    fn body(&mut self, input: &[u8], out: &mut [u8]) -> Result<(usize, usize, bool), ZErr> {
        // The decoder sees the window as one buffer that holds all the
        // output (its non-wrapping mode), and appends to it.
        // A limited window (`deflate`) shows the decoder only that much
        // history and lets it write at most that much per step: a distance
        // beyond twice the window always fails (one beyond the window alone
        // may pass, reading the true bytes).
        let limit = self.window_limit();
        let out = match limit {
            Some(w) if out.len() > w => &mut out[..w],
            _ => out,
        };
        let hist = self.window.len();
        let from = limit.map_or(0, |w| hist.saturating_sub(w));
        self.window.resize(hist + out.len(), 0);
        let flags = inflate_flags::TINFL_FLAG_HAS_MORE_INPUT
            | inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF;
        let (status, consumed, n) = miniz_oxide::inflate::core::decompress(
            &mut self.dec,
            input,
            &mut self.window[from..],
            hist - from,
            flags,
        );
        let n = n.min(out.len());
        out[..n].copy_from_slice(&self.window[hist..hist + n]);
        self.window.truncate(hist + n);
        if self.window.len() > 2 * WINDOW {
            self.window.drain(..self.window.len() - WINDOW);
            self.window.shrink_to(2 * WINDOW);
        }
        let written = &out[..n];
        match self.wrap {
            Wrap::Gzip => self.crc.update(written),
            Wrap::Zlib => self.adler.write_slice(written),
            _ => {}
        }
        self.out_len = self.out_len.wrapping_add(n as u64);
        match status {
            TINFLStatus::Done => {
                self.phase = if self.wrap == Wrap::Raw {
                    Phase::Done
                } else {
                    Phase::Trailer
                };
                Ok((consumed, n, true))
            }
            TINFLStatus::NeedsMoreInput | TINFLStatus::HasMoreOutput => {
                Ok((consumed, n, consumed > 0 || n > 0))
            }
            _ => Err(ZErr::Data("invalid compressed data")),
        }
    }

    fn trailer(&mut self, input: &[u8]) -> Result<usize, ZErr> {
        let want = if self.wrap == Wrap::Gzip { 8 } else { 4 };
        let take = (want - self.pending.len()).min(input.len());
        self.pending.extend_from_slice(&input[..take]);
        let p = &self.pending;
        if self.wrap == Wrap::Gzip && p.len() >= 4 {
            // As zlib: the CRC is checked as soon as it is there.
            let crc = u32::from_le_bytes([p[0], p[1], p[2], p[3]]);
            if crc != self.crc.clone().finalize() {
                return Err(ZErr::Data("incorrect data check"));
            }
        }
        if p.len() < want {
            return Ok(take);
        }
        if self.wrap == Wrap::Gzip {
            let len = u32::from_le_bytes([p[4], p[5], p[6], p[7]]);
            if len != self.out_len as u32 {
                return Err(ZErr::Data("incorrect length check"));
            }
        } else {
            let sum = u32::from_be_bytes([p[0], p[1], p[2], p[3]]);
            if sum != self.adler.checksum() {
                return Err(ZErr::Data("incorrect data check"));
            }
        }
        self.phase = Phase::Done;
        Ok(take)
    }
}

/// Inflates `input` into `out` until the stream ends, the input is used
/// up, or `limit` bytes of output (0: no limit). Returns the bytes of
/// `input` consumed.
fn inflate_run(
    vm: &mut Vm,
    z: &mut Inflater,
    input: Buf,
    limit: usize,
    first: usize,
    out: &mut Vec<u8>,
) -> PyResult<usize> {
    let mut at = 0;
    let start = out.len();
    loop {
        if z.done() {
            break;
        }
        let produced = out.len() - start;
        let mut room = (produced.max(first.max(1))).min(CHUNK);
        if limit > 0 {
            room = room.min(limit - produced);
            if room == 0 {
                break;
            }
        }
        state::grow(vm, out, room)?;
        let len = out.len();
        out.resize(len + room, 0);
        let end = (at + CHUNK).min(input.len());
        let r = z.step(input.slice(vm, at, end), &mut out[len..]);
        let (c, w, moved) = match r {
            Ok(x) => x,
            Err(e) => {
                out.truncate(len);
                return Err(error(vm, &e.message()));
            }
        };
        out.truncate(len + w);
        at += c;
        if !moved {
            break;
        }
        state::pace(vm)?;
    }
    Ok(at)
}

// ---------------------------------------------------------------- deflate

/// A compressor: miniz_oxide's deflate, in a zlib container (which it
/// writes itself), bare, or in a gzip container written here.
pub struct Deflater {
    wrap: Wrap,
    comp: Box<CompressorOxide>,
    /// Header or trailer bytes not yet handed out.
    pending: Vec<u8>,
    crc: crc32fast::Hasher,
    in_len: u64,
    /// The deflate stream has ended (its trailer may still be pending).
    ended: bool,
    /// `flush(Z_FINISH)` has run: the object is spent.
    finished: bool,
}

impl Deflater {
    fn new(wrap: Wrap, level: i64, strategy: i64) -> Deflater {
        let zlevel = if level < 0 { 6 } else { level };
        let bits = if wrap == Wrap::Zlib { 15 } else { -15 };
        let flags = create_comp_flags_from_zip_params(zlevel as i32, bits, strategy as i32);
        let mut pending = Vec::new();
        if wrap == Wrap::Gzip {
            // Magic, deflate, no flags, no mtime, the level hint, Unix.
            let xfl = match zlevel {
                9 => 2,
                0 | 1 => 4,
                _ => 0,
            };
            pending.extend_from_slice(&[0x1f, 0x8b, 8, 0, 0, 0, 0, 0, xfl, 3]);
        }
        Deflater {
            wrap,
            comp: Box::new(CompressorOxide::new(flags)),
            pending,
            crc: crc32fast::Hasher::new(),
            in_len: 0,
            ended: false,
            finished: false,
        }
    }

    pub fn size(&self) -> usize {
        // The compressor's own tables: a 32 KiB dictionary with its hash
        // chains, the LZ code buffer and the Huffman tables.
        std::mem::size_of::<Deflater>() + std::mem::size_of::<CompressorOxide>() + (200 << 10)
    }

    /// One step: hands out pending container bytes, then deflates.
    /// Returns the bytes consumed and written, and whether the stream
    /// (with its trailer) is complete.
    fn step(&mut self, input: &[u8], out: &mut [u8], flush: MZFlush) -> (usize, usize, bool) {
        let mut w = self.drain(out);
        if !self.pending.is_empty() || w == out.len() {
            return (0, w, false);
        }
        if self.ended {
            return (0, w, true);
        }
        let r = miniz_oxide::deflate::stream::deflate(&mut self.comp, input, &mut out[w..], flush);
        let consumed = &input[..r.bytes_consumed];
        self.crc.update(consumed);
        self.in_len = self.in_len.wrapping_add(consumed.len() as u64);
        w += r.bytes_written;
        if r.status == Ok(MZStatus::StreamEnd) {
            self.ended = true;
            if self.wrap == Wrap::Gzip {
                let crc = self.crc.clone().finalize();
                self.pending.extend_from_slice(&crc.to_le_bytes());
                self.pending
                    .extend_from_slice(&(self.in_len as u32).to_le_bytes());
                w += self.drain(&mut out[w..]);
            }
        }
        (r.bytes_consumed, w, self.ended && self.pending.is_empty())
    }

    fn drain(&mut self, out: &mut [u8]) -> usize {
        let n = self.pending.len().min(out.len());
        out[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        n
    }
}

/// Deflates `input` into `out` with `flush` applied after its last byte.
fn deflate_run(
    vm: &mut Vm,
    z: &mut Deflater,
    input: Option<Buf>,
    flush: MZFlush,
    out: &mut Vec<u8>,
) -> PyResult<()> {
    let total = input.map_or(0, |b| b.len());
    let start = out.len();
    let mut at = 0;
    loop {
        let room = (out.len() - start).clamp(FIRST_STEP, CHUNK);
        state::grow(vm, out, room)?;
        let len = out.len();
        out.resize(len + room, 0);
        let end = (at + CHUNK).min(total);
        let f = if end == total { flush } else { MZFlush::None };
        let slice = match input {
            Some(b) => b.slice(vm, at, end),
            None => &[],
        };
        let (c, w, complete) = z.step(slice, &mut out[len..], f);
        out.truncate(len + w);
        at += c;
        if complete || (c == 0 && w == 0) {
            break;
        }
        // All input taken and the output not filled: the flush is done
        // (Z_FINISH goes on until the stream is complete).
        if at >= total && w < room && flush != MZFlush::Finish {
            break;
        }
        state::pace(vm)?;
    }
    Ok(())
}

// ---------------------------------------------------------------- arguments

/// `zlib.error`, from the module's namespace.
fn error(vm: &mut Vm, msg: &str) -> crate::PyErr {
    let class = vm
        .dict_get_str(vm.modules, "zlib")
        .and_then(|m| m.as_obj())
        .and_then(|m| vm.dict_get_str(m, "error"))
        .and_then(|c| c.as_obj())
        .filter(|&c| matches!(vm.heap.get(c), Obj::Class(_)));
    match class {
        Some(c) => match vm.new_str(msg) {
            Ok(s) => vm.new_exception(c, vec![s]),
            Err(e) => e,
        },
        None => vm.value_error(msg),
    }
}

/// An int argument (`None` when absent).
fn int_arg(vm: &mut Vm, v: Option<Value>, default: i64) -> PyResult<i64> {
    match v {
        None => Ok(default),
        Some(v) => vm.index_value(v),
    }
}

/// Positional and keyword arguments by name: at most `positional` of
/// them positionally.
fn args(
    vm: &mut Vm,
    a: &[Value],
    kw: Kw,
    names: &[&str],
    positional: usize,
    fname: &str,
) -> PyResult<Vec<Option<Value>>> {
    if a.len() > positional {
        return Err(vm.type_error(format!(
            "{fname}() takes at most {positional} positional arguments ({} given)",
            a.len()
        )));
    }
    let k = state::kwargs(vm, kw, names, fname)?;
    let mut out = Vec::with_capacity(names.len());
    for (i, n) in names.iter().enumerate() {
        out.push(state::pick(vm, a, &k, i, n, fname)?);
    }
    Ok(out)
}

fn required(vm: &mut Vm, v: Option<Value>, fname: &str, what: &str) -> PyResult<Value> {
    match v {
        Some(v) => Ok(v),
        None => Err(vm.type_error(format!(
            "{fname}() missing required argument '{what}' (pos 1)"
        ))),
    }
}

fn compress_wrap(wbits: i64) -> Option<Wrap> {
    match wbits {
        8..=15 => Some(Wrap::Zlib),
        -15..=-9 => Some(Wrap::Raw),
        25..=31 => Some(Wrap::Gzip),
        _ => None,
    }
}

fn decompress_wrap(wbits: i64) -> Option<Wrap> {
    match wbits {
        0 | 8..=15 => Some(Wrap::Zlib),
        -15..=-8 => Some(Wrap::Raw),
        16 | 24..=31 => Some(Wrap::Gzip),
        32 | 40..=47 => Some(Wrap::Auto),
        _ => None,
    }
}

fn bytes(vm: &mut Vm, b: Vec<u8>) -> PyResult {
    crate::types::bytes::mk(vm, b, false)
}

// ---------------------------------------------------------------- one-shot

/// `zlib.compress(data, /, level=-1, wbits=15)`.
fn compress(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    const F: &str = "compress";
    if kw.iter().any(|(k, _)| vm.heap.str_of(*k) == Some("data")) {
        return Err(vm.type_error(
            "compress() got some positional-only arguments passed as keyword arguments: 'data'",
        ));
    }
    let v = args(vm, a, kw, &["data", "level", "wbits"], 3, F)?;
    let data = required(vm, v[0], F, "data")?;
    let data = state::buf_arg(vm, data)?;
    let level = int_arg(vm, v[1], -1)?;
    let wbits = int_arg(vm, v[2], 15)?;
    if !(-1..=9).contains(&level) {
        return Err(error(vm, "Bad compression level"));
    }
    let Some(wrap) = compress_wrap(wbits) else {
        return Err(error(vm, "Bad compression level"));
    };
    let mut z = Deflater::new(wrap, level, 0);
    let mut out = Vec::new();
    deflate_run(vm, &mut z, Some(data), MZFlush::Finish, &mut out)?;
    bytes(vm, out)
}

/// `zlib.decompress(data, /, wbits=15, bufsize=16384)`.
fn decompress(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    const F: &str = "decompress";
    let v = args(vm, a, kw, &["data", "wbits", "bufsize"], 3, F)?;
    let data = required(vm, v[0], F, "data")?;
    let data = state::buf_arg(vm, data)?;
    let wbits = int_arg(vm, v[1], 15)?;
    let bufsize = int_arg(vm, v[2], DEF_BUF_SIZE as i64)?;
    if bufsize < 0 {
        return Err(vm.value_error("bufsize must be non-negative"));
    }
    let Some(wrap) = decompress_wrap(wbits) else {
        return Err(error(
            vm,
            "Error -2 while preparing to decompress data: inconsistent stream state",
        ));
    };
    let mut z = Inflater::new(wrap);
    let mut out = Vec::new();
    inflate_run(vm, &mut z, data, 0, bufsize as usize, &mut out)?;
    if !z.done() {
        return Err(error(vm, TRUNCATED));
    }
    bytes(vm, out)
}

/// `zlib.crc32(data, value=0)`.
fn crc32(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (data, start) = checksum_args(vm, a, "crc32", 0)?;
    let mut h = crc32fast::Hasher::new_with_initial(start);
    data.each_chunk(vm, |c| h.update(c))?;
    Ok(Value::Int(i64::from(h.finalize())))
}

/// `zlib.adler32(data, value=1)`.
fn adler32(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (data, start) = checksum_args(vm, a, "adler32", 1)?;
    // zlib reduces each half modulo 65521 as it goes; start from the
    // reduced halves so out-of-range starting values agree.
    let (lo, hi) = (start & 0xffff, start >> 16);
    let mut h = adler2::Adler32::from_checksum((hi % 65521) << 16 | (lo % 65521));
    if data.is_empty() {
        return Ok(Value::Int(i64::from(start)));
    }
    data.each_chunk(vm, |c| h.write_slice(c))?;
    Ok(Value::Int(i64::from(h.checksum())))
}

fn checksum_args(vm: &mut Vm, a: &[Value], fname: &str, default: u32) -> PyResult<(Buf, u32)> {
    if a.is_empty() || a.len() > 2 {
        return Err(vm.type_error(format!(
            "{fname} expected at most 2 arguments, got {}",
            a.len()
        )));
    }
    let data = state::buf_arg(vm, a[0])?;
    let start = match a.get(1) {
        None => default,
        Some(&v) => {
            let n = super::math::to_int(vm, v)?;
            // Only the low 32 bits of the running value matter.
            let m = n & num_bigint::BigInt::from(0xFFFF_FFFFu32);
            num_traits::ToPrimitive::to_u32(&m).unwrap_or(0)
        }
    };
    Ok((data, start))
}

// ---------------------------------------------------------------- stream objects

fn class(vm: &mut Vm, name: &str) -> PyResult<Gc> {
    let c = vm
        .dict_get_str(vm.modules, "zlib")
        .and_then(|m| m.as_obj())
        .and_then(|m| vm.dict_get_str(m, name))
        .and_then(|c| c.as_obj());
    match c {
        Some(c) => Ok(c),
        None => Err(vm.type_error("zlib is not initialised")),
    }
}

fn instance(vm: &mut Vm, cls: &str, st: NativeState) -> PyResult {
    let cls = class(vm, cls)?;
    let base = state::alloc(vm, st)?;
    Ok(Value::Obj(
        vm.alloc(Obj::Instance(Instance::new(cls, base)))?,
    ))
}

fn set_attr(vm: &mut Vm, obj: Value, name: &str, v: Value) -> PyResult<()> {
    let k = vm.intern(name);
    vm.generic_setattr(obj, k, v)
}

fn get_attr(vm: &mut Vm, obj: Value, name: &str) -> PyResult<Value> {
    let k = vm.intern(name);
    vm.getattr(obj, k)
}

/// `zlib.compressobj(level=-1, method=DEFLATED, wbits=MAX_WBITS,
/// memLevel=DEF_MEM_LEVEL, strategy=Z_DEFAULT_STRATEGY, zdict=None)`.
fn compressobj(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    const F: &str = "compressobj";
    let names = ["level", "method", "wbits", "memLevel", "strategy", "zdict"];
    let v = args(vm, a, kw, &names, 6, F)?;
    let level = int_arg(vm, v[0], -1)?;
    let method = int_arg(vm, v[1], 8)?;
    let wbits = int_arg(vm, v[2], 15)?;
    let mem = int_arg(vm, v[3], 8)?;
    let strategy = int_arg(vm, v[4], 0)?;
    let wrap = compress_wrap(wbits);
    let bad = !(-1..=9).contains(&level)
        || method != 8
        || wrap.is_none()
        || !(1..=9).contains(&mem)
        || !(0..=4).contains(&strategy);
    let Some(wrap) = wrap.filter(|_| !bad) else {
        return Err(vm.value_error("Invalid initialization option"));
    };
    no_zdict(vm, v[5])?;
    let z = Deflater::new(wrap, level, strategy);
    instance(vm, "Compress", NativeState::Deflate(Box::new(z)))
}

fn no_zdict(vm: &mut Vm, zdict: Option<Value>) -> PyResult<()> {
    match zdict {
        None | Some(Value::None) => Ok(()),
        Some(d) => {
            let b = state::buf_arg(vm, d)?;
            if b.is_empty() {
                Ok(())
            } else {
                Err(vm.value_error("zdict (preset dictionaries) is not supported by capy"))
            }
        }
    }
}

/// `zlib.decompressobj(wbits=MAX_WBITS, zdict=b'')`.
fn decompressobj(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    const F: &str = "decompressobj";
    let v = args(vm, a, kw, &["wbits", "zdict"], 2, F)?;
    let wbits = int_arg(vm, v[0], 15)?;
    let Some(wrap) = decompress_wrap(wbits) else {
        return Err(vm.value_error("Invalid initialization option"));
    };
    no_zdict(vm, v[1])?;
    let obj = instance(
        vm,
        "Decompress",
        NativeState::Inflate(Box::new(Inflater::new(wrap))),
    )?;
    init_decompress_attrs(vm, obj)?;
    Ok(obj)
}

fn init_decompress_attrs(vm: &mut Vm, obj: Value) -> PyResult<()> {
    let empty = bytes(vm, Vec::new())?;
    set_attr(vm, obj, "unused_data", empty)?;
    set_attr(vm, obj, "unconsumed_tail", empty)?;
    set_attr(vm, obj, "eof", Value::Bool(false))
}

/// The state object behind `self` and the state taken out of it.
fn take_this(vm: &mut Vm, a: &[Value], what: &str) -> PyResult<(Gc, NativeState)> {
    let v = a.first().copied().unwrap_or(Value::None);
    if let Some(g) = state::state_of(vm, v) {
        let st = state::take(vm, g);
        let ok = matches!(
            (&st, what),
            (NativeState::Deflate(_), "Compress") | (NativeState::Inflate(_), "Decompress")
        );
        if ok {
            return Ok((g, st));
        }
        state::put(vm, g, st);
    }
    let t = vm.type_name(v);
    Err(vm.type_error(format!(
        "descriptor requires a 'zlib.{what}' object but received a '{t}'"
    )))
}

fn c_compress(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    if a.len() != 2 {
        return Err(vm.type_error(format!(
            "compress() takes exactly one argument ({} given)",
            a.len().saturating_sub(1)
        )));
    }
    let (g, st) = take_this(vm, a, "Compress")?;
    let NativeState::Deflate(mut z) = st else {
        return Err(vm.type_error("not a compressor"));
    };
    let r = (|| {
        let data = state::buf_arg(vm, a[1])?;
        if z.finished {
            return Err(error(
                vm,
                "Error -2 while compressing data: inconsistent stream state",
            ));
        }
        let mut out = Vec::new();
        deflate_run(vm, &mut z, Some(data), MZFlush::None, &mut out)?;
        bytes(vm, out)
    })();
    state::put(vm, g, NativeState::Deflate(z));
    r
}

fn c_flush(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    if a.len() > 2 {
        return Err(vm.type_error(format!(
            "flush expected at most 1 argument, got {}",
            a.len() - 1
        )));
    }
    let (g, st) = take_this(vm, a, "Compress")?;
    let NativeState::Deflate(mut z) = st else {
        return Err(vm.type_error("not a compressor"));
    };
    let r = (|| {
        let mode = int_arg(vm, a.get(1).copied(), 4)?;
        if mode == 0 {
            return bytes(vm, Vec::new());
        }
        let flush = match mode {
            1 | 2 | 5 | 6 => MZFlush::Sync,
            3 => MZFlush::Full,
            4 => MZFlush::Finish,
            _ => MZFlush::Block,
        };
        if z.finished || flush == MZFlush::Block {
            return Err(error(
                vm,
                "Error -2 while flushing: inconsistent stream state",
            ));
        }
        let mut out = Vec::new();
        deflate_run(vm, &mut z, None, flush, &mut out)?;
        if flush == MZFlush::Finish {
            z.finished = true;
        }
        bytes(vm, out)
    })();
    state::put(vm, g, NativeState::Deflate(z));
    r
}

fn c_copy(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (g, st) = take_this(vm, a, "Compress")?;
    let finished = matches!(&st, NativeState::Deflate(z) if z.finished);
    state::put(vm, g, st);
    if finished {
        return Err(vm.value_error("Inconsistent stream state"));
    }
    Err(vm.error(
        crate::errors::ExcKind::NotImplementedError,
        "Compress.copy() is not supported by capy",
    ))
}

/// Runs `f` on the decompressor behind `self`, putting it back after.
fn with_inflater(
    vm: &mut Vm,
    a: &[Value],
    f: impl FnOnce(&mut Vm, &mut Inflater) -> PyResult,
) -> PyResult {
    let (g, st) = take_this(vm, a, "Decompress")?;
    let NativeState::Inflate(mut z) = st else {
        return Err(vm.type_error("not a decompressor"));
    };
    let r = f(vm, &mut z);
    state::put(vm, g, NativeState::Inflate(z));
    r
}

/// After a call consumed `used` bytes of `input`: the rest is the
/// unconsumed tail, or (the stream having ended) more unused data.
fn settle(vm: &mut Vm, this: Value, z: &Inflater, input: Buf, used: usize) -> PyResult<()> {
    let rest = input.slice(vm, used, input.len()).to_vec();
    if z.done() {
        let prev = get_attr(vm, this, "unused_data")?;
        let mut all = state::buf_arg(vm, prev)?.to_vec(vm);
        all.extend_from_slice(&rest);
        let v = bytes(vm, all)?;
        set_attr(vm, this, "unused_data", v)?;
        let empty = bytes(vm, Vec::new())?;
        set_attr(vm, this, "unconsumed_tail", empty)?;
        set_attr(vm, this, "eof", Value::Bool(true))
    } else {
        let v = bytes(vm, rest)?;
        set_attr(vm, this, "unconsumed_tail", v)
    }
}

fn d_decompress(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    const F: &str = "decompress";
    let this = a.first().copied().unwrap_or(Value::None);
    let rest = a.get(1..).unwrap_or(&[]);
    let v = args(vm, rest, kw, &["data", "max_length"], 2, F)?;
    let data = required(vm, v[0], F, "data")?;
    let data = state::buf_arg(vm, data)?;
    let max = int_arg(vm, v[1], 0)?;
    if max < 0 {
        return Err(vm.value_error("max_length must be non-negative"));
    }
    with_inflater(vm, a, |vm, z| {
        let mut out = Vec::new();
        let used = if z.done() {
            0
        } else {
            inflate_run(vm, z, data, max as usize, FIRST_STEP, &mut out)?
        };
        settle(vm, this, z, data, used)?;
        bytes(vm, out)
    })
}

fn d_flush(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    if a.len() > 2 {
        return Err(vm.type_error(format!(
            "flush expected at most 1 argument, got {}",
            a.len() - 1
        )));
    }
    let this = a.first().copied().unwrap_or(Value::None);
    let length = int_arg(vm, a.get(1).copied(), DEF_BUF_SIZE as i64)?;
    if length <= 0 {
        return Err(vm.value_error("length must be greater than zero"));
    }
    let tail = get_attr(vm, this, "unconsumed_tail")?;
    let tail = state::buf_arg(vm, tail)?;
    with_inflater(vm, a, |vm, z| {
        let mut out = Vec::new();
        // A stream that failed has nothing more to give (its error was
        // raised by `decompress`).
        let used = if z.done() || z.failed.is_some() {
            0
        } else {
            inflate_run(vm, z, tail, 0, length as usize, &mut out)?
        };
        settle(vm, this, z, tail, used)?;
        bytes(vm, out)
    })
}

fn d_copy(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let this = a.first().copied().unwrap_or(Value::None);
    let twin = with_inflater(vm, a, |vm, z| {
        let twin = z.clone();
        instance(vm, "Decompress", NativeState::Inflate(Box::new(twin)))
    })?;
    for name in ["unused_data", "unconsumed_tail", "eof"] {
        let v = get_attr(vm, this, name)?;
        set_attr(vm, twin, name, v)?;
    }
    Ok(twin)
}

fn cannot_create(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let name = match a.first() {
        Some(&Value::Obj(c)) => vm.class_name(c),
        _ => "object".to_string(),
    };
    Err(vm.type_error(format!("cannot create 'zlib.{name}' instances")))
}

// ---------------------------------------------------------------- module

const CONSTANTS: &[(&str, i64)] = &[
    ("MAX_WBITS", 15),
    ("DEFLATED", 8),
    ("DEF_MEM_LEVEL", 8),
    ("DEF_BUF_SIZE", DEF_BUF_SIZE as i64),
    ("Z_NO_COMPRESSION", 0),
    ("Z_BEST_SPEED", 1),
    ("Z_BEST_COMPRESSION", 9),
    ("Z_DEFAULT_COMPRESSION", -1),
    ("Z_FILTERED", 1),
    ("Z_HUFFMAN_ONLY", 2),
    ("Z_RLE", 3),
    ("Z_FIXED", 4),
    ("Z_DEFAULT_STRATEGY", 0),
    ("Z_NO_FLUSH", 0),
    ("Z_PARTIAL_FLUSH", 1),
    ("Z_SYNC_FLUSH", 2),
    ("Z_FULL_FLUSH", 3),
    ("Z_FINISH", 4),
    ("Z_BLOCK", 5),
    ("Z_TREES", 6),
];

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("zlib")?;
    let d = crate::import::module_dict(vm, m);
    let exc = vm.exc_class(crate::ExcKind::Exception);
    let err = super::module_exception(vm, "zlib", "error", exc)?;
    vm.dict_set_str(d, "error", Value::Obj(err))?;
    for &(name, v) in CONSTANTS {
        vm.dict_set_str(d, name, Value::Int(v))?;
    }
    let fns: &[(&'static str, NativeFn, bool)] = &[
        ("compress", compress, true),
        ("decompress", decompress, true),
        ("compressobj", compressobj, true),
        ("decompressobj", decompressobj, true),
        ("crc32", crc32, false),
        ("adler32", adler32, false),
    ];
    for &(name, f, kw) in fns {
        let v = crate::types::native(vm, name, f, kw, Value::Obj(m))?;
        vm.dict_set_str(d, name, v)?;
    }
    let compress_methods: &[(&'static str, NativeFn)] = &[
        ("compress", c_compress),
        ("flush", c_flush),
        ("copy", c_copy),
        ("__copy__", c_copy),
    ];
    let c = super::hashlib::native_class(
        vm,
        "Compress",
        "zlib",
        vec![],
        compress_methods,
        &[],
        cannot_create,
    )?;
    vm.dict_set_str(d, "Compress", Value::Obj(c))?;
    let decompress_methods: &[(&'static str, NativeFn)] = &[
        ("decompress", d_decompress),
        ("flush", d_flush),
        ("copy", d_copy),
        ("__copy__", d_copy),
    ];
    let c = super::hashlib::native_class(
        vm,
        "Decompress",
        "zlib",
        vec![],
        decompress_methods,
        &[],
        cannot_create,
    )?;
    vm.dict_set_str(d, "Decompress", Value::Obj(c))?;
    Ok(m)
}
