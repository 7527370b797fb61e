//! The on-disk bytecode format (`capy compile`, like MicroPython's `.mpy`).
//!
//! Layout (all integers LEB128; "zigzag" = signed values mapped to unsigned
//! so that small magnitudes stay short):
//!
//! ```text
//! file    := "CAPYC" version:u8(=1) code            (nothing may follow)
//! code    := name:str qualname:str filename:str first_line:uleb flags:uleb
//!            argcount:uleb posonlyargcount:uleb kwonlyargcount:uleb
//!            varnames:strs cellvars:strs
//!            cell2arg:(n:uleb (0 = None | idx+1)*n)
//!            freevars:strs names:strs
//!            consts:(n:uleb const*n)
//!            instrs:(n:uleb instr*n)
//!            lines:(n:uleb zigzag-delta*n)          (first delta is from first_line)
//!            doc:(0 | 1 str)
//! str     := len:uleb utf8-bytes
//! strs    := n:uleb str*n
//! instr   := tag:u8 [arg]       (arg present only for variants that carry one:
//!                                u32 args as uleb, LoadSmallInt as zigzag,
//!                                bool/BinOp/UnOp/CmpOp as a small uleb index)
//! const   := tag:u8 payload     (see the CONST_* tags)
//! ```
//!
//! The loader treats its input as hostile: it never panics, never reserves
//! memory from a length prefix that the remaining input could not possibly
//! fill, bounds the nesting of code and tuple constants by
//! [`validate::MAX_NESTING`], and runs [`validate::validate`] on the result,
//! so a loaded code object satisfies the same invariants as compiler output.

use crate::bytecode::{BinOp, CmpOp, Code, Const, Instr, UnOp};
use crate::validate::{self, ValidateError};
use num_bigint::{BigInt, Sign};
use std::fmt;
use std::rc::Rc;

/// The first bytes of every bytecode file.
pub const MAGIC: &[u8; 5] = b"CAPYC";
/// The format version written by [`to_bytes`]; the only one [`from_bytes`] reads.
pub const FORMAT_VERSION: u8 = 2;

// Constant tags.
const CONST_NONE: u8 = 0;
const CONST_FALSE: u8 = 1;
const CONST_TRUE: u8 = 2;
const CONST_INT: u8 = 3;
const CONST_BIGINT: u8 = 4;
const CONST_FLOAT: u8 = 5;
const CONST_COMPLEX: u8 = 6;
const CONST_STR: u8 = 7;
const CONST_BYTES: u8 = 8;
const CONST_TUPLE: u8 = 9;
const CONST_ELLIPSIS: u8 = 10;
const CONST_CODE: u8 = 11;

/// Operator tables: the serialized operand of BinaryOp/InplaceOp/UnaryOp/
/// Compare is the index into these arrays (which follow declaration order).
const UNOPS: [UnOp; 4] = [UnOp::Neg, UnOp::Pos, UnOp::Invert, UnOp::Not];
const CMPOPS: [CmpOp; 11] = [
    CmpOp::Lt,
    CmpOp::Le,
    CmpOp::Eq,
    CmpOp::Ne,
    CmpOp::Gt,
    CmpOp::Ge,
    CmpOp::In,
    CmpOp::NotIn,
    CmpOp::Is,
    CmpOp::IsNot,
    CmpOp::ExcMatch,
];

/// Why a byte string could not be loaded as bytecode. Offsets are byte
/// offsets into the input.
#[derive(Clone, Debug, PartialEq)]
pub enum LoadError {
    /// The input does not start with `CAPYC`.
    BadMagic,
    /// The format version byte is not one this loader understands.
    UnsupportedVersion(u8),
    /// The input ended in the middle of an item starting at `offset`.
    Truncated { offset: usize },
    /// A string's bytes are not UTF-8; `offset` is the first bad byte.
    InvalidUtf8 { offset: usize },
    /// An unknown tag byte (instruction, constant, option, sign...).
    BadTag {
        what: &'static str,
        tag: u64,
        offset: usize,
    },
    /// A LEB128 number longer than 10 bytes or wider than 64 bits.
    BadVarint { offset: usize },
    /// A number or declared length too large for what it describes (a length
    /// larger than the rest of the input, or a value that does not fit).
    TooLarge {
        what: &'static str,
        value: u64,
        offset: usize,
    },
    /// Code/tuple constants nested deeper than [`validate::MAX_NESTING`].
    TooDeep { offset: usize },
    /// Bytes left over after the top-level code object.
    TrailingBytes { offset: usize },
    /// The code object decoded but is not valid bytecode.
    Invalid(ValidateError),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::BadMagic => write!(f, "not a capy bytecode file (bad magic)"),
            LoadError::UnsupportedVersion(v) => write!(
                f,
                "unsupported bytecode format version {v} (this capy reads version {FORMAT_VERSION})"
            ),
            LoadError::Truncated { offset } => {
                write!(
                    f,
                    "truncated bytecode: input ends inside the item at byte offset {offset}"
                )
            }
            LoadError::InvalidUtf8 { offset } => {
                write!(f, "invalid UTF-8 in string at byte offset {offset}")
            }
            LoadError::BadTag { what, tag, offset } => {
                write!(f, "invalid {what} tag {tag} at byte offset {offset}")
            }
            LoadError::BadVarint { offset } => {
                write!(f, "malformed LEB128 number at byte offset {offset}")
            }
            LoadError::TooLarge {
                what,
                value,
                offset,
            } => {
                write!(f, "{what} {value} at byte offset {offset} is too large")
            }
            LoadError::TooDeep { offset } => write!(
                f,
                "constants nested more than {} deep at byte offset {offset}",
                validate::MAX_NESTING
            ),
            LoadError::TrailingBytes { offset } => {
                write!(
                    f,
                    "unexpected data after the code object at byte offset {offset}"
                )
            }
            LoadError::Invalid(e) => write!(f, "invalid bytecode: {e}"),
        }
    }
}

impl std::error::Error for LoadError {}

impl From<ValidateError> for LoadError {
    fn from(e: ValidateError) -> Self {
        LoadError::Invalid(e)
    }
}

// ---------------------------------------------------------------------------
// Instruction codec. One table drives both directions so they cannot drift;
// the encoder's match is exhaustive, so adding an `Instr` variant without a
// tag is a compile error. Tags are part of the file format: never renumber,
// only append (and bump FORMAT_VERSION if meanings change).

const TAG_LOAD_BOOL: u8 = 3;
const TAG_LOAD_SMALL_INT: u8 = 4;
const TAG_BINARY_OP: u8 = 34;
const TAG_INPLACE_OP: u8 = 35;
const TAG_UNARY_OP: u8 = 36;
const TAG_COMPARE: u8 = 37;

macro_rules! instr_codec {
    (
        plain: { $($p_tag:literal => $p_name:ident,)* }
        with_u32: { $($u_tag:literal => $u_name:ident,)* }
    ) => {
        fn encode_instr(out: &mut Vec<u8>, instr: &Instr) {
            match *instr {
                $(Instr::$p_name => out.push($p_tag),)*
                $(Instr::$u_name(a) => {
                    out.push($u_tag);
                    write_uleb(out, u64::from(a));
                })*
                Instr::LoadBool(b) => {
                    out.push(TAG_LOAD_BOOL);
                    out.push(u8::from(b));
                }
                Instr::LoadSmallInt(v) => {
                    out.push(TAG_LOAD_SMALL_INT);
                    write_uleb(out, zigzag(i64::from(v)));
                }
                Instr::BinaryOp(op) => {
                    out.push(TAG_BINARY_OP);
                    out.push(op as u8);
                }
                Instr::InplaceOp(op) => {
                    out.push(TAG_INPLACE_OP);
                    out.push(op as u8);
                }
                Instr::UnaryOp(op) => {
                    out.push(TAG_UNARY_OP);
                    out.push(op as u8);
                }
                Instr::Compare(op) => {
                    out.push(TAG_COMPARE);
                    out.push(op as u8);
                }
            }
        }

        fn decode_instr(r: &mut Reader<'_>) -> Result<Instr, LoadError> {
            let offset = r.pos;
            let tag = r.byte()?;
            Ok(match tag {
                $($p_tag => Instr::$p_name,)*
                $($u_tag => Instr::$u_name(r.u32("instruction argument")?),)*
                TAG_LOAD_BOOL => Instr::LoadBool(r.pick("LoadBool argument", &[false, true])?),
                TAG_LOAD_SMALL_INT => {
                    let at = r.pos;
                    let v = unzigzag(r.uleb()?);
                    let v = i32::try_from(v).map_err(|_| LoadError::TooLarge {
                        what: "LoadSmallInt argument",
                        value: v.unsigned_abs(),
                        offset: at,
                    })?;
                    Instr::LoadSmallInt(v)
                }
                TAG_BINARY_OP => Instr::BinaryOp(r.pick("binary operator", &BinOp::ALL)?),
                TAG_INPLACE_OP => Instr::InplaceOp(r.pick("binary operator", &BinOp::ALL)?),
                TAG_UNARY_OP => Instr::UnaryOp(r.pick("unary operator", &UNOPS)?),
                TAG_COMPARE => Instr::Compare(r.pick("comparison operator", &CMPOPS)?),
                _ => {
                    return Err(LoadError::BadTag {
                        what: "instruction",
                        tag: u64::from(tag),
                        offset,
                    })
                }
            })
        }
    };
}

instr_codec! {
    plain: {
        0 => Nop,
        2 => LoadNone,
        5 => Pop,
        6 => Dup,
        7 => Dup2,
        8 => Rot2,
        9 => Rot3,
        10 => Rot4,
        30 => Subscr,
        31 => StoreSubscr,
        32 => DeleteSubscr,
        43 => GetIter,
        53 => ListExtend,
        54 => SetUpdate,
        55 => DictUpdate,
        56 => DictMerge,
        57 => ListToTuple,
        64 => LoadBuildClass,
        65 => ReturnValue,
        66 => YieldValue,
        67 => GetYieldFromIter,
        68 => YieldFrom,
        69 => GetAwaitable,
        70 => GetAIter,
        71 => GetANext,
        74 => PopBlock,
        75 => PopExcept,
        77 => Reraise,
        79 => WithExitNormal,
        80 => WithExitExc,
        82 => AsyncWithExitNormal,
        83 => AsyncWithExitExc,
        84 => AsyncWithExitEnd,
        85 => LoadAssertionError,
        88 => ImportStar,
        90 => PrintExpr,
        93 => MatchSequence,
        94 => MatchMapping,
        95 => GetLen,
        96 => MatchKeys,
        97 => MatchRest,
        100 => ExcStarReraise,
    }
    with_u32: {
        1 => LoadConst,
        11 => LoadFast,
        12 => StoreFast,
        13 => DeleteFast,
        14 => LoadDeref,
        15 => StoreDeref,
        16 => DeleteDeref,
        17 => LoadClosure,
        18 => LoadClassDeref,
        19 => LoadGlobal,
        20 => StoreGlobal,
        21 => DeleteGlobal,
        22 => LoadName,
        23 => StoreName,
        24 => DeleteName,
        25 => LoadAttr,
        26 => StoreAttr,
        27 => DeleteAttr,
        28 => LoadMethod,
        29 => CallMethod,
        33 => BuildSlice,
        38 => Jump,
        39 => PopJumpIfFalse,
        40 => PopJumpIfTrue,
        41 => JumpIfFalseOrPop,
        42 => JumpIfTrueOrPop,
        44 => ForIter,
        45 => BuildTuple,
        46 => BuildList,
        47 => BuildSet,
        92 => BuildConstSet,
        48 => BuildMap,
        49 => BuildString,
        50 => ListAppend,
        51 => SetAdd,
        52 => MapAdd,
        58 => UnpackSequence,
        59 => UnpackEx,
        60 => Call,
        61 => CallKw,
        62 => CallEx,
        63 => MakeFunction,
        72 => EndAsyncFor,
        73 => SetupExcept,
        76 => Raise,
        78 => SetupWith,
        81 => SetupAsyncWith,
        91 => PushWithBlock,
        86 => ImportName,
        87 => ImportFrom,
        89 => FormatValue,
        98 => MatchClass,
        99 => ExcStarMatch,
        101 => ForIterPair,
    }
}

// ---------------------------------------------------------------------------
// Writing

/// Serialize a code object (and everything nested in it) to the bytecode
/// file format. Deterministic: equal code objects (floats compared by bit
/// pattern) give equal bytes.
pub fn to_bytes(code: &Code) -> Vec<u8> {
    let mut out = Vec::with_capacity(64 + code.instrs.len() * 2);
    out.extend_from_slice(MAGIC);
    out.push(FORMAT_VERSION);
    write_code(&mut out, code);
    out
}

fn write_uleb(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let byte = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

fn zigzag(v: i64) -> u64 {
    ((v << 1) ^ (v >> 63)) as u64
}

fn unzigzag(v: u64) -> i64 {
    ((v >> 1) as i64) ^ -((v & 1) as i64)
}

fn write_len(out: &mut Vec<u8>, n: usize) {
    write_uleb(out, n as u64);
}

fn write_str(out: &mut Vec<u8>, s: &str) {
    write_len(out, s.len());
    out.extend_from_slice(s.as_bytes());
}

fn write_strs(out: &mut Vec<u8>, v: &[Rc<str>]) {
    write_len(out, v.len());
    for s in v {
        write_str(out, s);
    }
}

fn write_code(out: &mut Vec<u8>, code: &Code) {
    write_str(out, &code.name);
    write_str(out, &code.qualname);
    write_str(out, &code.filename);
    write_uleb(out, u64::from(code.first_line));
    write_uleb(out, u64::from(code.flags));
    write_uleb(out, u64::from(code.argcount));
    write_uleb(out, u64::from(code.posonlyargcount));
    write_uleb(out, u64::from(code.kwonlyargcount));
    write_strs(out, &code.varnames);
    write_strs(out, &code.cellvars);
    write_len(out, code.cell2arg.len());
    for c in &code.cell2arg {
        write_uleb(out, c.map_or(0, |a| u64::from(a) + 1));
    }
    write_strs(out, &code.freevars);
    write_strs(out, &code.names);
    write_len(out, code.consts.len());
    for c in &code.consts {
        write_const(out, c);
    }
    write_len(out, code.instrs.len());
    for i in &code.instrs {
        encode_instr(out, i);
    }
    // Lines are mostly equal or increasing by one: deltas are one byte each.
    write_len(out, code.lines.len());
    let mut prev = i64::from(code.first_line);
    for &line in &code.lines {
        write_uleb(out, zigzag(i64::from(line) - prev));
        prev = i64::from(line);
    }
    match &code.doc {
        None => out.push(0),
        Some(d) => {
            out.push(1);
            write_str(out, d);
        }
    }
}

fn write_const(out: &mut Vec<u8>, c: &Const) {
    match c {
        Const::None => out.push(CONST_NONE),
        Const::Bool(false) => out.push(CONST_FALSE),
        Const::Bool(true) => out.push(CONST_TRUE),
        Const::Int(v) => {
            out.push(CONST_INT);
            write_uleb(out, zigzag(*v));
        }
        Const::BigInt(b) => {
            out.push(CONST_BIGINT);
            let (sign, mag) = b.to_bytes_le();
            out.push(u8::from(sign == Sign::Minus));
            write_len(out, mag.len());
            out.extend_from_slice(&mag);
        }
        Const::Float(x) => {
            out.push(CONST_FLOAT);
            out.extend_from_slice(&x.to_le_bytes());
        }
        Const::Complex(re, im) => {
            out.push(CONST_COMPLEX);
            out.extend_from_slice(&re.to_le_bytes());
            out.extend_from_slice(&im.to_le_bytes());
        }
        Const::Str(s) => {
            out.push(CONST_STR);
            write_str(out, s);
        }
        Const::Bytes(b) => {
            out.push(CONST_BYTES);
            write_len(out, b.len());
            out.extend_from_slice(b);
        }
        Const::Tuple(items) => {
            out.push(CONST_TUPLE);
            write_len(out, items.len());
            for item in items.iter() {
                write_const(out, item);
            }
        }
        Const::Ellipsis => out.push(CONST_ELLIPSIS),
        Const::Code(code) => {
            out.push(CONST_CODE);
            write_code(out, code);
        }
    }
}

// ---------------------------------------------------------------------------
// Reading

/// Load a code object written by [`to_bytes`]. The result has passed
/// [`validate::validate`]. Never panics, whatever the input.
pub fn from_bytes(data: &[u8]) -> Result<Rc<Code>, LoadError> {
    if data.len() < MAGIC.len() || &data[..MAGIC.len()] != MAGIC {
        return Err(LoadError::BadMagic);
    }
    let mut r = Reader {
        data,
        pos: MAGIC.len(),
    };
    let version = r.byte()?;
    if version != FORMAT_VERSION {
        return Err(LoadError::UnsupportedVersion(version));
    }
    let code = read_code(&mut r, 0)?;
    if r.pos != data.len() {
        return Err(LoadError::TrailingBytes { offset: r.pos });
    }
    // One call covers the nested code objects too (validate recurses).
    validate::validate(&code)?;
    Ok(Rc::new(code))
}

struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn remaining(&self) -> usize {
        self.data.len().saturating_sub(self.pos)
    }

    fn byte(&mut self) -> Result<u8, LoadError> {
        let b = *self
            .data
            .get(self.pos)
            .ok_or(LoadError::Truncated { offset: self.pos })?;
        self.pos += 1;
        Ok(b)
    }

    fn bytes(&mut self, n: usize, start: usize) -> Result<&'a [u8], LoadError> {
        if n > self.remaining() {
            return Err(LoadError::Truncated { offset: start });
        }
        let s = &self.data[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }

    fn uleb(&mut self) -> Result<u64, LoadError> {
        let start = self.pos;
        let mut value: u64 = 0;
        for i in 0..10u32 {
            let b = self
                .byte()
                .map_err(|_| LoadError::Truncated { offset: start })?;
            let bits = u64::from(b & 0x7f);
            // The 10th byte may only contribute the single top bit.
            if i == 9 && bits > 1 {
                return Err(LoadError::BadVarint { offset: start });
            }
            value |= bits << (7 * i);
            if b & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(LoadError::BadVarint { offset: start })
    }

    fn u32(&mut self, what: &'static str) -> Result<u32, LoadError> {
        let offset = self.pos;
        let v = self.uleb()?;
        u32::try_from(v).map_err(|_| LoadError::TooLarge {
            what,
            value: v,
            offset,
        })
    }

    /// A small enumerated operand (bool, operator): an index into `table`.
    fn pick<T: Copy>(&mut self, what: &'static str, table: &[T]) -> Result<T, LoadError> {
        let offset = self.pos;
        let v = self.uleb()?;
        usize::try_from(v)
            .ok()
            .and_then(|i| table.get(i).copied())
            .ok_or(LoadError::BadTag {
                what,
                tag: v,
                offset,
            })
    }

    /// A declared element count. Every element takes at least one byte, so
    /// a count larger than the remaining input is rejected before anything
    /// is allocated for it.
    fn count(&mut self, what: &'static str) -> Result<usize, LoadError> {
        let offset = self.pos;
        let v = self.uleb()?;
        match usize::try_from(v) {
            Ok(n) if n <= self.remaining() => Ok(n),
            _ => Err(LoadError::TooLarge {
                what,
                value: v,
                offset,
            }),
        }
    }

    fn str(&mut self, what: &'static str) -> Result<Rc<str>, LoadError> {
        let n = self.count(what)?;
        let start = self.pos;
        let bytes = self.bytes(n, start)?;
        match std::str::from_utf8(bytes) {
            Ok(s) => Ok(Rc::from(s)),
            Err(e) => Err(LoadError::InvalidUtf8 {
                offset: start + e.valid_up_to(),
            }),
        }
    }

    fn strs(&mut self, what: &'static str) -> Result<Vec<Rc<str>>, LoadError> {
        let n = self.count(what)?;
        let mut v = Vec::with_capacity(n);
        for _ in 0..n {
            v.push(self.str(what)?);
        }
        Ok(v)
    }

    fn f64(&mut self) -> Result<f64, LoadError> {
        let start = self.pos;
        let b = self.bytes(8, start)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(f64::from_le_bytes(a))
    }
}

// Code and tuple constants recurse (read_code -> read_const -> read_code),
// up to MAX_NESTING levels, so the recursive functions are kept lean: all
// non-recursive parsing happens in helpers whose frames are gone before the
// next level starts (debug builds give every temporary its own stack slot,
// which made a one-function reader overflow a 2 MiB thread at ~150 levels).

fn read_code(r: &mut Reader<'_>, depth: usize) -> Result<Code, LoadError> {
    let mut code = read_code_header(r)?;
    let n = r.count("consts count")?;
    code.consts.reserve_exact(n);
    for _ in 0..n {
        let c = read_const(r, depth)?;
        code.consts.push(c);
    }
    read_code_tail(r, &mut code)?;
    Ok(code)
}

/// Everything before the constants; the rest of `Code` is left empty.
#[inline(never)]
fn read_code_header(r: &mut Reader<'_>) -> Result<Code, LoadError> {
    let name = r.str("name length")?;
    let qualname = r.str("qualname length")?;
    let filename = r.str("filename length")?;
    let first_line = r.u32("first line")?;
    let flags = r.u32("flags")?;
    let argcount = r.u32("argcount")?;
    let posonlyargcount = r.u32("posonlyargcount")?;
    let kwonlyargcount = r.u32("kwonlyargcount")?;
    let varnames = r.strs("varnames count")?;
    let cellvars = r.strs("cellvars count")?;
    let n = r.count("cell2arg count")?;
    let mut cell2arg = Vec::with_capacity(n);
    for _ in 0..n {
        let offset = r.pos;
        let v = r.uleb()?;
        cell2arg.push(match v {
            0 => None,
            _ => Some(u32::try_from(v - 1).map_err(|_| LoadError::TooLarge {
                what: "cell2arg entry",
                value: v,
                offset,
            })?),
        });
    }
    let freevars = r.strs("freevars count")?;
    let names = r.strs("names count")?;
    Ok(Code {
        name,
        qualname,
        filename,
        first_line,
        flags,
        argcount,
        posonlyargcount,
        kwonlyargcount,
        varnames,
        cellvars,
        cell2arg,
        freevars,
        names,
        consts: Vec::new(),
        instrs: Vec::new(),
        lines: Vec::new(),
        doc: None,
        source: None,
    })
}

/// Instructions, line table and docstring.
#[inline(never)]
fn read_code_tail(r: &mut Reader<'_>, code: &mut Code) -> Result<(), LoadError> {
    let n = r.count("instruction count")?;
    code.instrs.reserve_exact(n);
    for _ in 0..n {
        code.instrs.push(decode_instr(r)?);
    }
    let n = r.count("line table length")?;
    code.lines.reserve_exact(n);
    let mut prev = i64::from(code.first_line);
    for _ in 0..n {
        let offset = r.pos;
        let delta = unzigzag(r.uleb()?);
        let line = prev
            .checked_add(delta)
            .and_then(|l| u32::try_from(l).ok())
            .ok_or(LoadError::TooLarge {
                what: "line delta",
                value: delta.unsigned_abs(),
                offset,
            })?;
        code.lines.push(line);
        prev = i64::from(line);
    }
    let offset = r.pos;
    code.doc = match r.byte()? {
        0 => None,
        1 => Some(r.str("docstring length")?),
        t => {
            return Err(LoadError::BadTag {
                what: "docstring option",
                tag: u64::from(t),
                offset,
            })
        }
    };
    Ok(())
}

/// `depth` is the nesting level of the code object or tuple that holds this
/// constant (0 = the top-level code's own constants).
fn read_const(r: &mut Reader<'_>, depth: usize) -> Result<Const, LoadError> {
    let offset = r.pos;
    let tag = r.byte()?;
    if tag != CONST_TUPLE && tag != CONST_CODE {
        return read_scalar_const(r, tag, offset);
    }
    if depth >= validate::MAX_NESTING {
        return Err(LoadError::TooDeep { offset });
    }
    if tag == CONST_CODE {
        return Ok(Const::Code(Rc::new(read_code(r, depth + 1)?)));
    }
    let n = r.count("tuple length")?;
    let mut items = Vec::with_capacity(n);
    for _ in 0..n {
        let c = read_const(r, depth + 1)?;
        items.push(c);
    }
    Ok(Const::Tuple(Rc::from(items)))
}

/// Constants that contain no other constants.
#[inline(never)]
fn read_scalar_const(r: &mut Reader<'_>, tag: u8, offset: usize) -> Result<Const, LoadError> {
    Ok(match tag {
        CONST_NONE => Const::None,
        CONST_FALSE => Const::Bool(false),
        CONST_TRUE => Const::Bool(true),
        CONST_INT => Const::Int(unzigzag(r.uleb()?)),
        CONST_BIGINT => {
            let sign_at = r.pos;
            let sign = match r.byte()? {
                0 => Sign::Plus,
                1 => Sign::Minus,
                t => {
                    return Err(LoadError::BadTag {
                        what: "bigint sign",
                        tag: u64::from(t),
                        offset: sign_at,
                    })
                }
            };
            let n = r.count("bigint length")?;
            let start = r.pos;
            Const::BigInt(BigInt::from_bytes_le(sign, r.bytes(n, start)?))
        }
        CONST_FLOAT => Const::Float(r.f64()?),
        CONST_COMPLEX => {
            let re = r.f64()?;
            let im = r.f64()?;
            Const::Complex(re, im)
        }
        CONST_STR => Const::Str(r.str("string constant length")?),
        CONST_BYTES => {
            let n = r.count("bytes constant length")?;
            let start = r.pos;
            Const::Bytes(Rc::from(r.bytes(n, start)?))
        }
        CONST_ELLIPSIS => Const::Ellipsis,
        _ => {
            return Err(LoadError::BadTag {
                what: "constant",
                tag: u64::from(tag),
                offset,
            })
        }
    })
}

// ---------------------------------------------------------------------------
// Frozen images: bytecode compiled into the binary at build time

/// A hash of this compiler's source, set by the crate's build script.
pub const COMPILER_STAMP: &str = env!("CAPY_COMPILER_STAMP");

/// The first bytes of a frozen image: `CAPYF`, then the [`COMPILER_STAMP`]
/// of the compiler that made it, then a bytecode file.
pub const FROZEN_MAGIC: &[u8; 5] = b"CAPYF";

/// Why a frozen image was not loaded.
#[derive(Clone, Debug, PartialEq)]
pub enum FrozenError {
    /// Made by another compiler (or another format version): not read at
    /// all, since instructions that decode may still mean something else.
    Stale,
    /// From this compiler, but not a valid bytecode file.
    Corrupt(LoadError),
}

impl fmt::Display for FrozenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FrozenError::Stale => write!(f, "compiled by another version of the compiler"),
            FrozenError::Corrupt(e) => write!(f, "corrupt: {e}"),
        }
    }
}

/// A frozen image of `code` (what the build script embeds).
pub fn to_frozen(code: &Code) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(FROZEN_MAGIC);
    out.extend_from_slice(COMPILER_STAMP.as_bytes());
    out.extend_from_slice(&to_bytes(code));
    out
}

/// Loads an image written by [`to_frozen`] with the same compiler. Never
/// panics: it is as careful with its input as [`from_bytes`].
pub fn from_frozen(data: &[u8]) -> Result<Rc<Code>, FrozenError> {
    let stamp = COMPILER_STAMP.as_bytes();
    let header = FROZEN_MAGIC.len() + stamp.len();
    let ours = data.len() >= header
        && &data[..FROZEN_MAGIC.len()] == FROZEN_MAGIC
        && &data[FROZEN_MAGIC.len()..header] == stamp;
    if !ours {
        return Err(FrozenError::Stale);
    }
    match from_bytes(&data[header..]) {
        Ok(code) => Ok(code),
        Err(LoadError::UnsupportedVersion(_)) => Err(FrozenError::Stale),
        Err(e) => Err(FrozenError::Corrupt(e)),
    }
}

// ---------------------------------------------------------------------------
// Equality for round-trip checks

/// Structural equality of two code objects in which floats (and complex
/// parts) compare by bit pattern, so NaN constants and -0.0 round-trip
/// checks work (the derived `PartialEq` says NaN != NaN and 0.0 == -0.0).
pub fn same_code(a: &Code, b: &Code) -> bool {
    a.name == b.name
        && a.qualname == b.qualname
        && a.filename == b.filename
        && a.first_line == b.first_line
        && a.flags == b.flags
        && a.argcount == b.argcount
        && a.posonlyargcount == b.posonlyargcount
        && a.kwonlyargcount == b.kwonlyargcount
        && a.varnames == b.varnames
        && a.cellvars == b.cellvars
        && a.cell2arg == b.cell2arg
        && a.freevars == b.freevars
        && a.names == b.names
        && a.instrs == b.instrs
        && a.lines == b.lines
        && a.doc == b.doc
        && a.consts.len() == b.consts.len()
        && a.consts
            .iter()
            .zip(&b.consts)
            .all(|(x, y)| same_const(x, y))
}

/// [`same_code`] for constants.
pub fn same_const(a: &Const, b: &Const) -> bool {
    match (a, b) {
        (Const::Float(x), Const::Float(y)) => x.to_bits() == y.to_bits(),
        (Const::Complex(xr, xi), Const::Complex(yr, yi)) => {
            xr.to_bits() == yr.to_bits() && xi.to_bits() == yi.to_bits()
        }
        (Const::Tuple(x), Const::Tuple(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| same_const(p, q))
        }
        (Const::Code(x), Const::Code(y)) => same_code(x, y),
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every tag either is rejected or decodes to an instruction that
    /// encodes back to the same bytes; and every `Instr` variant has a tag
    /// (102 variants, checked by counting the distinct decodable tags).
    #[test]
    fn instruction_tags_round_trip() {
        let mut decodable = 0;
        for tag in 0..=255u8 {
            let input = [tag, 1];
            let mut r = Reader {
                data: &input,
                pos: 0,
            };
            match decode_instr(&mut r) {
                Ok(instr) => {
                    decodable += 1;
                    let mut out = Vec::new();
                    encode_instr(&mut out, &instr);
                    assert_eq!(out, input[..r.pos], "tag {tag}: {instr:?}");
                }
                Err(e) => assert_eq!(
                    e,
                    LoadError::BadTag {
                        what: "instruction",
                        tag: u64::from(tag),
                        offset: 0
                    }
                ),
            }
        }
        assert_eq!(decodable, 102);
    }

    fn sample() -> Rc<Code> {
        let src = "def f(x):\n    return [x * 2.5, 'a', (1, None)]\nclass C:\n    y = f(3)\n";
        crate::compile(src, "<frozen sample>", crate::Mode::Exec).unwrap()
    }

    #[test]
    fn frozen_images_round_trip() {
        let code = sample();
        let image = to_frozen(&code);
        assert!(image.starts_with(FROZEN_MAGIC));
        assert_eq!(COMPILER_STAMP.len(), 16);
        let back = from_frozen(&image).unwrap();
        assert!(same_code(&code, &back));
    }

    /// An image from another compiler (another stamp) or another format
    /// version is stale, however well it would decode.
    #[test]
    fn frozen_images_of_another_compiler_are_stale() {
        let image = to_frozen(&sample());
        let header = FROZEN_MAGIC.len() + COMPILER_STAMP.len();
        let mut other = image.clone();
        other[FROZEN_MAGIC.len()] ^= 1;
        assert_eq!(from_frozen(&other), Err(FrozenError::Stale));
        let mut version = image.clone();
        version[header + MAGIC.len()] = FORMAT_VERSION + 1;
        assert_eq!(from_frozen(&version), Err(FrozenError::Stale));
        let mut magic = image.clone();
        magic[0] = b'X';
        assert_eq!(from_frozen(&magic), Err(FrozenError::Stale));
        assert_eq!(from_frozen(b""), Err(FrozenError::Stale));
        // A plain bytecode file is not a frozen image.
        assert_eq!(from_frozen(&to_bytes(&sample())), Err(FrozenError::Stale));
    }

    /// Damage after the header is reported as corrupt, never a panic:
    /// every truncation, and every single-byte change that still decodes
    /// is either valid or an error.
    #[test]
    fn damaged_frozen_images_are_errors() {
        let image = to_frozen(&sample());
        let header = FROZEN_MAGIC.len() + COMPILER_STAMP.len() + MAGIC.len() + 1;
        for n in header..image.len() {
            assert!(
                matches!(from_frozen(&image[..n]), Err(FrozenError::Corrupt(_))),
                "truncated to {n} bytes"
            );
        }
        let mut longer = image.clone();
        longer.push(0);
        assert!(matches!(
            from_frozen(&longer),
            Err(FrozenError::Corrupt(LoadError::TrailingBytes { .. }))
        ));
        for i in header..image.len() {
            for b in [0u8, 0x7f, 0x80, 0xff] {
                let mut bad = image.clone();
                bad[i] = b;
                let _ = from_frozen(&bad);
            }
        }
    }

    #[test]
    fn operator_tables_match_declaration_order() {
        for (i, op) in BinOp::ALL.iter().enumerate() {
            assert_eq!(*op as usize, i);
        }
        for (i, op) in UNOPS.iter().enumerate() {
            assert_eq!(*op as usize, i);
        }
        for (i, op) in CMPOPS.iter().enumerate() {
            assert_eq!(*op as usize, i);
        }
    }

    #[test]
    fn leb_and_zigzag() {
        for v in [
            0i64,
            1,
            -1,
            63,
            -64,
            64,
            i64::from(i32::MIN),
            i64::MAX,
            i64::MIN,
        ] {
            assert_eq!(unzigzag(zigzag(v)), v);
            let mut out = Vec::new();
            write_uleb(&mut out, zigzag(v));
            let mut r = Reader { data: &out, pos: 0 };
            assert_eq!(unzigzag(r.uleb().unwrap()), v);
            assert_eq!(r.pos, out.len());
        }
        // 10-byte maximum: u64::MAX encodes in exactly 10 bytes.
        let mut out = Vec::new();
        write_uleb(&mut out, u64::MAX);
        assert_eq!(out.len(), 10);
        // A 10th byte carrying more than bit 63 overflows.
        let bad = [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02];
        let mut r = Reader { data: &bad, pos: 0 };
        assert_eq!(r.uleb(), Err(LoadError::BadVarint { offset: 0 }));
    }
}
