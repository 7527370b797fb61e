//! `_base64`: the byte loops of the frozen `base64` module (Base32,
//! Base16 decoding, Base85 and Ascii85), which cost 5–25x CPython's time
//! when they ran as Python loops over single bytes.
//!
//! base64.py keeps the public functions, their argument checks and
//! options; these natives take `bytes` and return `bytes`, raising
//! `binascii.Error` or `ValueError` with the messages CPython's base64
//! gives.

use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

use super::add_func as func;

type Kw<'a> = &'a [(Value, Value)];

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("_base64")?;
    func(vm, m, "b32encode", b32encode)?;
    func(vm, m, "b32decode", b32decode)?;
    func(vm, m, "b16decode", b16decode)?;
    func(vm, m, "encode85", encode85)?;
    func(vm, m, "b85decode", b85decode)?;
    func(vm, m, "a85decode", a85decode)?;
    Ok(m)
}

/// Why a decoder refused its input; `Binascii` errors are raised as
/// `binascii.Error`, the others as `ValueError` (as CPython's base64).
#[derive(Debug, PartialEq, Eq)]
pub enum DecodeError {
    Binascii(&'static str),
    Value(String),
}

const B32: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const B32HEX: &[u8; 32] = b"0123456789ABCDEFGHIJKLMNOPQRSTUV";
const B85: &[u8; 85] =
    b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~";

/// Base32 of `data` (RFC 4648, padded with `=`).
pub fn b32_encode(data: &[u8], hex: bool) -> Vec<u8> {
    let alphabet = if hex { B32HEX } else { B32 };
    let mut out = Vec::with_capacity(data.len().div_ceil(5) * 8);
    for chunk in data.chunks(5) {
        let mut group = [0u8; 5];
        group[..chunk.len()].copy_from_slice(chunk);
        let n = group.iter().fold(0u64, |n, &b| n << 8 | u64::from(b));
        // A group of k bytes carries ceil(8k / 5) characters.
        let chars = (chunk.len() * 8).div_ceil(5);
        for j in 0..8 {
            if j < chars {
                out.push(alphabet[(n >> (35 - 5 * j) & 31) as usize]);
            } else {
                out.push(b'=');
            }
        }
    }
    out
}

/// `data` decoded from Base32 (already case-folded and with `map01`
/// applied by the caller): whole groups of 8, `=` only at the end.
pub fn b32_decode(data: &[u8], hex: bool) -> Result<Vec<u8>, DecodeError> {
    const PADDING: DecodeError = DecodeError::Binascii("Incorrect padding");
    if !data.len().is_multiple_of(8) {
        return Err(PADDING);
    }
    let alphabet = if hex { B32HEX } else { B32 };
    let mut table = [u8::MAX; 256];
    for (i, &c) in alphabet.iter().enumerate() {
        table[c as usize] = i as u8;
    }
    let body_len = data.iter().rposition(|&c| c != b'=').map_or(0, |p| p + 1);
    let pads = data.len() - body_len;
    let mut out = Vec::with_capacity(data.len() / 8 * 5);
    for group in data[..body_len].chunks(8) {
        let mut n = 0u64;
        for &c in group {
            let v = table[c as usize];
            if v == u8::MAX {
                return Err(DecodeError::Binascii("Non-base32 digit found"));
            }
            n = n << 5 | u64::from(v);
        }
        n <<= 5 * (8 - group.len());
        out.extend_from_slice(&n.to_be_bytes()[3..]);
    }
    if pads > 0 {
        // 1, 3, 4 or 6 pad characters leave 4, 3, 2 or 1 bytes of the
        // last group.
        let keep = match pads {
            1 => 4,
            3 => 3,
            4 => 2,
            6 => 1,
            _ => return Err(PADDING),
        };
        if body_len == 0 {
            return Err(PADDING);
        }
        out.truncate(out.len() - 5 + keep);
    }
    Ok(out)
}

/// Base16 (upper-case digits only, as `b16decode` without casefold).
pub fn b16_decode(data: &[u8]) -> Result<Vec<u8>, DecodeError> {
    fn digit(c: u8) -> Option<u8> {
        match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'A'..=b'F' => Some(c - b'A' + 10),
            _ => None,
        }
    }
    let mut values = Vec::with_capacity(data.len());
    for &c in data {
        values.push(digit(c).ok_or(DecodeError::Binascii("Non-base16 digit found"))?);
    }
    if !values.len().is_multiple_of(2) {
        return Err(DecodeError::Binascii("Odd-length string"));
    }
    Ok(values.chunks_exact(2).map(|p| p[0] << 4 | p[1]).collect())
}

/// How [`encode85`] writes: the alphabet (Base85's, or Ascii85's `!`..`u`)
/// and Ascii85's abbreviations.
#[derive(Clone, Copy)]
pub struct Style85 {
    pub ascii85: bool,
    pub pad: bool,
    /// `y` for a group of four spaces (Ascii85 with `foldspaces`).
    pub fold_spaces: bool,
}

/// Each 4-byte group of `data` as 5 characters; the last group is cut
/// short unless `pad`. Ascii85 writes `z` for an all-zero group (not
/// for a short last one).
pub fn encode_85(data: &[u8], style: Style85) -> Vec<u8> {
    let digit = |r: u32| {
        if style.ascii85 {
            r as u8 + b'!'
        } else {
            B85[r as usize]
        }
    };
    let mut out = Vec::with_capacity(data.len().div_ceil(4) * 5);
    for chunk in data.chunks(4) {
        let mut word = [0u8; 4];
        word[..chunk.len()].copy_from_slice(chunk);
        let short = chunk.len() < 4 && !style.pad;
        if style.ascii85 && !short {
            if word == [0; 4] {
                out.push(b'z');
                continue;
            }
            if style.fold_spaces && word == [b' '; 4] {
                out.push(b'y');
                continue;
            }
        }
        let mut n = u32::from_be_bytes(word);
        let mut chars = [0u8; 5];
        for c in chars.iter_mut().rev() {
            *c = digit(n % 85);
            n /= 85;
        }
        let keep = if short { chunk.len() + 1 } else { 5 };
        out.extend_from_slice(&chars[..keep]);
    }
    out
}

/// Base85 (git's alphabet); a short last group is completed with the
/// highest digit and its surplus bytes dropped.
pub fn b85_decode(data: &[u8]) -> Result<Vec<u8>, DecodeError> {
    let mut table = [u8::MAX; 256];
    for (i, &c) in B85.iter().enumerate() {
        table[c as usize] = i as u8;
    }
    let mut out = Vec::with_capacity(data.len().div_ceil(5) * 4);
    for (g, chunk) in data.chunks(5).enumerate() {
        let mut n = 0u64;
        for j in 0..5 {
            let c = chunk.get(j).copied().unwrap_or(b'~');
            let v = table[c as usize];
            if v == u8::MAX {
                let pos = g * 5 + j;
                return Err(DecodeError::Value(format!(
                    "bad base85 character at position {pos}"
                )));
            }
            n = n * 85 + u64::from(v);
        }
        let Ok(word) = u32::try_from(n) else {
            let start = g * 5;
            return Err(DecodeError::Value(format!(
                "base85 overflow in hunk starting at byte {start}"
            )));
        };
        let keep = if chunk.len() < 5 { chunk.len() - 1 } else { 4 };
        out.extend_from_slice(&word.to_be_bytes()[..keep]);
    }
    Ok(out)
}

/// Ascii85 without its `<~ ~>` framing (the caller strips it): `z` for
/// four zero bytes, `y` for four spaces when `fold_spaces`, bytes of
/// `ignore` skipped.
pub fn a85_decode(data: &[u8], fold_spaces: bool, ignore: &[u8]) -> Result<Vec<u8>, DecodeError> {
    fn word(group: &[u8; 5]) -> Result<[u8; 4], DecodeError> {
        let n = group.iter().fold(0u64, |n, &v| n * 85 + u64::from(v));
        u32::try_from(n)
            .map(u32::to_be_bytes)
            .map_err(|_| DecodeError::Value("Ascii85 overflow".into()))
    }
    let mut out = Vec::with_capacity(data.len() / 5 * 4);
    let mut group = [0u8; 5];
    let mut k = 0;
    for &c in data {
        match c {
            b'!'..=b'u' => {
                group[k] = c - b'!';
                k += 1;
                if k == 5 {
                    out.extend_from_slice(&word(&group)?);
                    k = 0;
                }
            }
            b'z' | b'y' if k > 0 && (c == b'z' || fold_spaces) => {
                let msg = format!("{} inside Ascii85 5-tuple", c as char);
                return Err(DecodeError::Value(msg));
            }
            b'z' => out.extend_from_slice(&[0; 4]),
            b'y' if fold_spaces => out.extend_from_slice(&[b' '; 4]),
            _ if ignore.contains(&c) => {}
            _ => {
                let msg = format!("Non-Ascii85 digit found: {}", c as char);
                return Err(DecodeError::Value(msg));
            }
        }
    }
    if k > 0 {
        // A final group of k characters carries k - 1 bytes: it is
        // completed with the highest digit and the surplus dropped.
        group[k..].fill(84);
        out.extend_from_slice(&word(&group)?[..k - 1]);
    }
    Ok(out)
}

// ---------------------------------------------------------------- glue

fn bytes_arg(vm: &mut Vm, a: &[Value], i: usize, fname: &str) -> PyResult<Vec<u8>> {
    let v = a.get(i).copied().unwrap_or(Value::None);
    crate::types::bytes::buffer_opt(vm, v).ok_or_else(|| {
        let t = vm.type_name(v);
        vm.type_error(format!("_base64.{fname}() needs bytes, not '{t}'"))
    })
}

fn flag(vm: &mut Vm, a: &[Value], i: usize) -> PyResult<bool> {
    match a.get(i) {
        Some(&v) => vm.truthy(v),
        None => Ok(false),
    }
}

fn result(vm: &mut Vm, r: Result<Vec<u8>, DecodeError>) -> PyResult {
    match r {
        Ok(b) => super::binascii::new_bytes(vm, b),
        Err(DecodeError::Binascii(msg)) => Err(super::binascii::error(vm, msg)),
        Err(DecodeError::Value(msg)) => Err(vm.value_error(msg)),
    }
}

/// `b32encode(data, hex)`
fn b32encode(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let data = bytes_arg(vm, a, 0, "b32encode")?;
    let hex = flag(vm, a, 1)?;
    super::binascii::new_bytes(vm, b32_encode(&data, hex))
}

/// `b32decode(data, hex)`
fn b32decode(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let data = bytes_arg(vm, a, 0, "b32decode")?;
    let hex = flag(vm, a, 1)?;
    result(vm, b32_decode(&data, hex))
}

/// `b16decode(data)`
fn b16decode(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let data = bytes_arg(vm, a, 0, "b16decode")?;
    result(vm, b16_decode(&data))
}

/// `encode85(data, ascii85, pad, foldspaces)`
fn encode85(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let data = bytes_arg(vm, a, 0, "encode85")?;
    let style = Style85 {
        ascii85: flag(vm, a, 1)?,
        pad: flag(vm, a, 2)?,
        fold_spaces: flag(vm, a, 3)?,
    };
    super::binascii::new_bytes(vm, encode_85(&data, style))
}

/// `b85decode(data)`
fn b85decode(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let data = bytes_arg(vm, a, 0, "b85decode")?;
    result(vm, b85_decode(&data))
}

/// `a85decode(data, foldspaces, ignorechars)`
fn a85decode(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let data = bytes_arg(vm, a, 0, "a85decode")?;
    let fold = flag(vm, a, 1)?;
    let ignore = bytes_arg(vm, a, 2, "a85decode")?;
    result(vm, a85_decode(&data, fold, &ignore))
}

#[cfg(test)]
mod tests {
    use super::*;

    const A85: Style85 = Style85 {
        ascii85: true,
        pad: false,
        fold_spaces: false,
    };
    const B85S: Style85 = Style85 {
        ascii85: false,
        pad: false,
        fold_spaces: false,
    };

    #[test]
    fn base32_matches_rfc4648_vectors() {
        let cases: [(&[u8], &[u8]); 7] = [
            (b"", b""),
            (b"f", b"MY======"),
            (b"fo", b"MZXQ===="),
            (b"foo", b"MZXW6==="),
            (b"foob", b"MZXW6YQ="),
            (b"fooba", b"MZXW6YTB"),
            (b"foobar", b"MZXW6YTBOI======"),
        ];
        for (plain, coded) in cases {
            assert_eq!(b32_encode(plain, false), coded);
            assert_eq!(b32_decode(coded, false).unwrap(), plain);
        }
        assert_eq!(b32_encode(b"foobar", true), b"CPNMUOJ1E8======");
        assert_eq!(b32_decode(b"CPNMUOJ1E8======", true).unwrap(), b"foobar");
    }

    #[test]
    fn base32_refuses_bad_input() {
        let pad = Err(DecodeError::Binascii("Incorrect padding"));
        assert_eq!(b32_decode(b"MY=====", false), pad);
        assert!(b32_decode(b"MY=====A", false).is_err());
        assert_eq!(b32_decode(b"========", false), pad);
        assert_eq!(b32_decode(b"MZ======", false).unwrap(), b"f");
        assert_eq!(
            b32_decode(b"my======", false),
            Err(DecodeError::Binascii("Non-base32 digit found"))
        );
    }

    #[test]
    fn base16_decodes_upper_case_pairs() {
        assert_eq!(b16_decode(b"00FF7A").unwrap(), vec![0, 255, 0x7a]);
        assert!(b16_decode(b"0f").is_err());
        assert_eq!(
            b16_decode(b"ABC"),
            Err(DecodeError::Binascii("Odd-length string"))
        );
    }

    #[test]
    fn base85_round_trips_every_length() {
        let data: Vec<u8> = (0..=255u8).rev().collect();
        for n in 0..12 {
            let part = &data[..n];
            let coded = encode_85(part, B85S);
            assert_eq!(b85_decode(&coded).unwrap(), part, "length {n}");
            let coded = encode_85(part, A85);
            assert_eq!(a85_decode(&coded, false, b"").unwrap(), part, "length {n}");
        }
    }

    #[test]
    fn ascii85_abbreviates_zeros_and_spaces() {
        let fold = Style85 {
            fold_spaces: true,
            ..A85
        };
        assert_eq!(encode_85(&[0; 8], A85), b"zz");
        assert_eq!(encode_85(b"    ", fold), b"y");
        assert_eq!(encode_85(b"    ", A85), b"+<VdL");
        assert_eq!(a85_decode(b"zy", true, b"").unwrap(), b"\0\0\0\0    ");
        assert_eq!(
            a85_decode(b"9jqo^ BlbD-", false, b" ").unwrap(),
            b"Man is d"
        );
        assert!(a85_decode(b"9jz", false, b"").is_err());
        assert!(a85_decode(b"s8W-\"", false, b"").is_err());
    }

    #[test]
    fn base85_reports_where_it_failed() {
        assert_eq!(
            b85_decode(b"0000\""),
            Err(DecodeError::Value(
                "bad base85 character at position 4".into()
            ))
        );
        assert_eq!(
            b85_decode(b"~~~~~"),
            Err(DecodeError::Value(
                "base85 overflow in hunk starting at byte 0".into()
            ))
        );
    }
}
