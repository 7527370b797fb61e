//! `str.encode` and `bytes.decode` for utf-8, utf-16/32 (see
//! `widecodec`), latin-1 and ascii, with every standard error handler,
//! and the UnicodeEncodeError/UnicodeDecodeError they raise (CPython's
//! messages and `encoding`/`object`/`start`/`end`/`reason` attributes).

use super::strbuf::StrBuf;
use super::widecodec::{self, WideCodec};
use crate::errors::ExcKind;
use crate::obj::Obj;
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;

/// An error handler, by its CPython name.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Handler {
    Strict,
    Ignore,
    Replace,
    Backslash,
    XmlRef,
    Name,
    SurEscape,
    SurPass,
    /// A name no codec knows: LookupError, but only once an error occurs.
    Unknown,
}

impl Handler {
    pub fn of(name: &str) -> Handler {
        match name {
            "strict" => Handler::Strict,
            "ignore" => Handler::Ignore,
            "replace" => Handler::Replace,
            "backslashreplace" => Handler::Backslash,
            "xmlcharrefreplace" => Handler::XmlRef,
            "namereplace" => Handler::Name,
            "surrogateescape" => Handler::SurEscape,
            "surrogatepass" => Handler::SurPass,
            _ => Handler::Unknown,
        }
    }
}

/// Why a codec stopped: the unencodable/undecodable span and reason, or
/// a handler that cannot apply.
pub enum Fail {
    Span(usize, usize, &'static str),
    NotForDecoding,
    UnknownHandler,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Enc {
    Utf8,
    Wide(WideCodec),
    Latin1,
    Ascii,
}

fn lookup(encoding: &str) -> Option<Enc> {
    let enc = encoding.to_ascii_lowercase().replace('_', "-");
    if let Some(c) = widecodec::lookup(&enc) {
        return Some(Enc::Wide(c));
    }
    Some(match enc.as_str() {
        "utf-8" | "utf8" => Enc::Utf8,
        "ascii" | "us-ascii" => Enc::Ascii,
        "latin-1" | "latin1" | "iso-8859-1" | "iso8859-1" => Enc::Latin1,
        _ => return None,
    })
}

fn unknown_encoding(vm: &mut Vm, encoding: &str) -> crate::PyErr {
    vm.error(
        ExcKind::LookupError,
        format!("unknown encoding: {encoding}"),
    )
}

/// The name in messages: CPython's canonical one.
fn enc_name(e: Enc) -> &'static str {
    match e {
        Enc::Utf8 => "utf-8",
        Enc::Wide(c) => c.encode_name(),
        Enc::Latin1 => "latin-1",
        Enc::Ascii => "ascii",
    }
}

/// Appends code point `cp` in encoding `e` (the caller knows it fits;
/// surrogates are written as they are, for surrogatepass).
fn put(e: Enc, cp: u32, out: &mut Vec<u8>) {
    match e {
        Enc::Utf8 => match char::from_u32(cp) {
            Some(c) => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
            None => out.extend_from_slice(&[
                0xE0 | (cp >> 12) as u8,
                0x80 | ((cp >> 6) & 0x3F) as u8,
                0x80 | (cp & 0x3F) as u8,
            ]),
        },
        Enc::Wide(c) => c.put(cp, out),
        Enc::Latin1 | Enc::Ascii => out.push(cp as u8),
    }
}

fn is_surrogate(cp: u32) -> bool {
    (0xD800..0xE000).contains(&cp)
}

fn encodable(e: Enc, cp: u32) -> bool {
    match e {
        Enc::Utf8 | Enc::Wide(_) => !is_surrogate(cp),
        Enc::Latin1 => cp < 0x100,
        Enc::Ascii => cp < 0x80,
    }
}

/// `\xNN`, `\uNNNN` or `\UNNNNNNNN`, as backslashreplace and messages write.
pub fn escape_cp(cp: u32) -> String {
    if cp < 0x100 {
        format!("\\x{cp:02x}")
    } else if cp < 0x10000 {
        format!("\\u{cp:04x}")
    } else {
        format!("\\U{cp:08x}")
    }
}

/// What a handler writes for one unencodable code point, as ASCII text.
fn substitute(h: Handler, cp: u32) -> String {
    match h {
        Handler::Replace => "?".into(),
        Handler::XmlRef => format!("&#{cp};"),
        Handler::Name => match char::from_u32(cp).and_then(unicode_names2::name) {
            Some(n) => format!("\\N{{{n}}}"),
            None => escape_cp(cp),
        },
        _ => escape_cp(cp),
    }
}

/// Encodes code points; errors are spans in code points.
fn encode_cps(e: Enc, cps: &[u32], h: Handler) -> Result<Vec<u8>, Fail> {
    let mut out = Vec::with_capacity(cps.len());
    if let Enc::Wide(c) = e {
        c.put_mark(&mut out);
    }
    let mut i = 0;
    while let Some(&cp) = cps.get(i) {
        if encodable(e, cp) {
            put(e, cp, &mut out);
            i += 1;
            continue;
        }
        // UTF-16/32 report each surrogate alone; the others a whole run.
        let end = match e {
            Enc::Wide(_) => i + 1,
            _ => i + cps[i..].iter().take_while(|&&c| !encodable(e, c)).count(),
        };
        let run = cps.get(i..end).unwrap_or(&[]);
        let reason = match e {
            Enc::Latin1 => "ordinal not in range(256)",
            Enc::Ascii => "ordinal not in range(128)",
            _ => "surrogates not allowed",
        };
        let fail = Fail::Span(i, end, reason);
        match h {
            Handler::Strict => return Err(fail),
            Handler::Unknown => return Err(Fail::UnknownHandler),
            Handler::Ignore => {}
            Handler::SurEscape => {
                let escaped = |c: &u32| (0xDC80..0xDD00).contains(c);
                if matches!(e, Enc::Wide(_)) || !run.iter().all(escaped) {
                    return Err(fail);
                }
                out.extend(run.iter().map(|&c| (c - 0xDC00) as u8));
            }
            Handler::SurPass => {
                if matches!(e, Enc::Latin1 | Enc::Ascii) || !run.iter().all(|&c| is_surrogate(c)) {
                    return Err(fail);
                }
                run.iter().for_each(|&c| put(e, c, &mut out));
            }
            _ => {
                for &c in run {
                    for b in substitute(h, c).bytes() {
                        put(e, b as u32, &mut out);
                    }
                }
            }
        }
        i = end;
    }
    Ok(out)
}

/// `s.encode(encoding, errors)` for a str value `v`.
pub fn encode_value(vm: &mut Vm, v: Value, encoding: &str, errors: &str) -> PyResult<Vec<u8>> {
    let Some(e) = lookup(encoding) else {
        return Err(unknown_encoding(vm, encoding));
    };
    let Some(p) = vm.heap.pystr(v) else {
        return Ok(Vec::new());
    };
    // The common case, without a copy into code points.
    if e == Enc::Utf8 && !p.has_surrogates() {
        return Ok(p.s.as_bytes().to_vec());
    }
    let cps: Vec<u32> = p.code_points().collect();
    vm.charge(cps.len() * 4)?;
    match encode_cps(e, &cps, Handler::of(errors)) {
        Ok(b) => Ok(b),
        Err(f) => Err(codec_error(vm, f, enc_name(e), v, errors, true)),
    }
}

/// The exception for a failed encode or decode of `obj`.
fn codec_error(
    vm: &mut Vm,
    f: Fail,
    enc: &str,
    obj: Value,
    errors: &str,
    encoding: bool,
) -> crate::PyErr {
    let (start, end, reason) = match f {
        Fail::Span(s, e, r) => (s, e, r),
        Fail::NotForDecoding => {
            return vm.type_error("don't know how to handle UnicodeDecodeError in error callback")
        }
        Fail::UnknownHandler => {
            return vm.error(
                ExcKind::LookupError,
                format!("unknown error handler name '{errors}'"),
            )
        }
    };
    let kind = if encoding {
        ExcKind::UnicodeEncodeError
    } else {
        ExcKind::UnicodeDecodeError
    };
    match unicode_error(vm, kind, enc, obj, start, end, reason) {
        Ok(e) | Err(e) => e,
    }
}

/// A UnicodeEncodeError/UnicodeDecodeError with its five arguments and
/// attributes.
pub fn unicode_error(
    vm: &mut Vm,
    kind: ExcKind,
    enc: &str,
    obj: Value,
    start: usize,
    end: usize,
    reason: &str,
) -> PyResult<crate::PyErr> {
    let class = vm.exc_classes[kind as usize];
    let enc = vm.new_str(enc)?;
    let reason = vm.new_str(reason)?;
    let args = [
        enc,
        obj,
        Value::Int(start as i64),
        Value::Int(end as i64),
        reason,
    ];
    let e = vm.new_exception(class, args.to_vec());
    set_fields(vm, e.value(), &args)?;
    Ok(e)
}

const FIELDS: [&str; 5] = ["encoding", "object", "start", "end", "reason"];

fn set_fields(vm: &mut Vm, this: Value, args: &[Value]) -> PyResult<()> {
    for (name, &v) in FIELDS.iter().zip(args) {
        let n = vm.intern(name);
        vm.generic_setattr(this, n, v)?;
    }
    Ok(())
}

/// `UnicodeEncodeError(encoding, object, start, end, reason)` (and the
/// decode one): the five arguments become attributes.
pub fn unicode_error_init(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let Some((&this, given)) = a.split_first() else {
        return Ok(Value::None);
    };
    if given.len() != 5 {
        return Err(vm.type_error(format!(
            "function takes exactly 5 arguments ({} given)",
            given.len()
        )));
    }
    let t = vm.new_tuple(given.to_vec())?;
    if let Value::Obj(h) = this {
        if let Obj::Exception(e) = vm.heap.get_mut(h) {
            e.args = t;
        }
    }
    set_fields(vm, this, given)?;
    Ok(Value::None)
}

/// The message CPython shows, from the attributes.
pub fn unicode_error_str(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let this = a.first().copied().unwrap_or(Value::None);
    let mut f = [Value::None; 5];
    for (slot, name) in f.iter_mut().zip(FIELDS) {
        match vm.getattr_str(this, name) {
            Ok(v) => *slot = v,
            Err(_) => return fallback_str(vm, this),
        }
    }
    let [enc, obj, start, end, reason] = f;
    let (Value::Int(start), Value::Int(end)) = (start, end) else {
        return fallback_str(vm, this);
    };
    let (enc, reason) = (vm.to_str(enc)?, vm.to_str(reason)?);
    let start_u = usize::try_from(start).unwrap_or(usize::MAX);
    let one = end == start.saturating_add(1);
    let msg = if let Some(p) = vm.heap.pystr(obj) {
        match p.code_point(start_u) {
            Some(cp) if one => format!(
                "'{enc}' codec can't encode character '{}' in position {start}: {reason}",
                escape_cp(cp)
            ),
            _ => format!(
                "'{enc}' codec can't encode characters in position {start}-{}: {reason}",
                end - 1
            ),
        }
    } else {
        let byte = crate::types::bytes::buffer_opt(vm, obj).and_then(|b| b.get(start_u).copied());
        match byte {
            Some(b) if one => {
                format!("'{enc}' codec can't decode byte 0x{b:02x} in position {start}: {reason}")
            }
            _ => format!(
                "'{enc}' codec can't decode bytes in position {start}-{}: {reason}",
                end - 1
            ),
        }
    };
    vm.new_string(msg)
}

/// `str(e)` of a unicode error made with other arguments: its args.
fn fallback_str(vm: &mut Vm, this: Value) -> PyResult {
    let args = match this {
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::Exception(e) => e.args,
            _ => Value::None,
        },
        _ => Value::None,
    };
    let items = vm.seq_items(args).unwrap_or_default();
    match items.as_slice() {
        [] => vm.new_str(""),
        [one] => {
            let s = vm.to_str(*one)?;
            vm.new_string(s)
        }
        _ => {
            let s = vm.repr(args)?;
            vm.new_string(s)
        }
    }
}

/// Registers `__init__`/`__str__` of UnicodeEncodeError/DecodeError.
pub fn init(vm: &mut Vm) {
    for kind in [ExcKind::UnicodeEncodeError, ExcKind::UnicodeDecodeError] {
        let class = vm.exc_classes[kind as usize];
        let defs: [(&'static str, crate::obj::NativeFn); 2] = [
            ("__init__", unicode_error_init),
            ("__str__", unicode_error_str),
        ];
        for (name, f) in defs {
            let v = crate::types::boot_native(vm, name, f, false, Value::Obj(class));
            let _ = vm.dict_set_str_class(class, name, v);
        }
    }
}

/// What a decode handler does with the undecodable bytes `b[start..end]`
/// (surrogatepass is the codec's own business: here it only fails); the
/// position to go on decoding from.
pub fn on_fault(
    h: Handler,
    b: &[u8],
    fail: (usize, usize, &'static str),
    out: &mut StrBuf,
) -> Result<usize, Fail> {
    let (start, end, reason) = fail;
    let bad = b.get(start..end).unwrap_or(&[]);
    match h {
        Handler::Ignore => {}
        Handler::Replace => out.push('\u{fffd}'),
        Handler::Backslash => bad
            .iter()
            .for_each(|&x| out.push_str(&format!("\\x{x:02x}"))),
        Handler::SurEscape => {
            // Escapes the leading bytes past 0x7F; decoding goes on after
            // them (and meets the rest again).
            let n = bad.iter().take_while(|&&x| x >= 0x80).count();
            if n == 0 {
                return Err(Fail::Span(start, end, reason));
            }
            bad.iter()
                .take(n)
                .for_each(|&x| out.push_cp(0xDC00 + x as u32));
            return Ok(start + n);
        }
        Handler::XmlRef | Handler::Name => return Err(Fail::NotForDecoding),
        Handler::Unknown => return Err(Fail::UnknownHandler),
        Handler::Strict | Handler::SurPass => return Err(Fail::Span(start, end, reason)),
    }
    Ok(end)
}

fn decode_utf8(b: &[u8], h: Handler) -> Result<StrBuf, Fail> {
    let mut out = StrBuf::with_capacity(b.len());
    let mut at = 0;
    while let Some(rest) = b.get(at..) {
        let e = match std::str::from_utf8(rest) {
            Ok(s) => {
                out.push_str(s);
                break;
            }
            Err(e) => e,
        };
        let p = at + e.valid_up_to();
        out.push_str(std::str::from_utf8(&b[at..p]).unwrap_or_default());
        // surrogatepass: ED A0..BF 80..BF is a surrogate written as UTF-8.
        if let (Handler::SurPass, [0xED, b1 @ 0xA0..=0xBF, b2 @ 0x80..=0xBF, ..]) = (h, &b[p..]) {
            out.push_cp(0xD000 | ((*b1 as u32 & 0x3F) << 6) | (*b2 as u32 & 0x3F));
            at = p + 3;
            continue;
        }
        let lead = b.get(p).copied().unwrap_or(0);
        let (end, reason) = match e.error_len() {
            None => (b.len(), "unexpected end of data"),
            Some(n) if !(0xC2..=0xF4).contains(&lead) => (p + n, "invalid start byte"),
            Some(n) => (p + n, "invalid continuation byte"),
        };
        at = on_fault(h, b, (p, end, reason), &mut out)?;
    }
    Ok(out)
}

/// ASCII: every byte past 0x7F is an error of its own.
fn decode_ascii(b: &[u8], h: Handler) -> Result<StrBuf, Fail> {
    if b.is_ascii() {
        let mut out = StrBuf::with_capacity(b.len());
        out.push_str(std::str::from_utf8(b).unwrap_or_default());
        return Ok(out);
    }
    let mut out = StrBuf::with_capacity(b.len());
    for (i, &c) in b.iter().enumerate() {
        if c < 0x80 {
            out.push(c as char);
        } else {
            // Every handler consumes the one byte.
            on_fault(h, b, (i, i + 1, "ordinal not in range(128)"), &mut out)?;
        }
    }
    Ok(out)
}

/// `b.decode(encoding, errors)`: a new str value.
pub fn decode_value(vm: &mut Vm, b: &[u8], encoding: &str, errors: &str) -> PyResult {
    let Some(e) = lookup(encoding) else {
        return Err(unknown_encoding(vm, encoding));
    };
    let h = Handler::of(errors);
    let r = match e {
        Enc::Utf8 => decode_utf8(b, h),
        Enc::Ascii => decode_ascii(b, h),
        Enc::Latin1 => {
            let mut out = StrBuf::with_capacity(b.len());
            b.iter().for_each(|&c| out.push(c as char));
            Ok(out)
        }
        Enc::Wide(c) => c.decode(b, h),
    };
    match r {
        Ok(s) => vm.new_strbuf(s),
        Err(Fail::NotForDecoding) if matches!(e, Enc::Wide(c) if c.has_order()) => {
            // These codecs run through CPython's codec registry, which
            // wraps the handler's TypeError.
            let name = enc_name(e);
            Err(vm.type_error(format!("decoding with '{name}' codec failed (TypeError: don't know how to handle UnicodeDecodeError in error callback)")))
        }
        Err(f) => {
            let name = match e {
                Enc::Wide(c) => c.decode_name(b),
                _ => enc_name(e),
            };
            let obj = vm.alloc(Obj::Bytes(b.into()))?;
            Err(codec_error(vm, f, name, Value::Obj(obj), errors, false))
        }
    }
}

/// The error a str with lone surrogates meets on its way to a UTF-8 text
/// stream (print, write), as CPython's strict encoder reports it.
pub fn check_writable(vm: &mut Vm, v: Value) -> PyResult<()> {
    if vm.heap.pystr(v).is_some_and(|p| p.has_surrogates()) {
        encode_value(vm, v, "utf-8", "strict")?;
    }
    Ok(())
}
