//! UTF-16 and UTF-32 for `str.encode` and `bytes.decode`: the plain names
//! write a byte order mark (little-endian, as CPython on x86 writes) and
//! read one if present; `-le`/`-be` neither write nor read it. Messages
//! name the byte order actually used, as CPython's do.

use super::codec::{on_fault, Fail, Handler};
use super::strbuf::StrBuf;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Unit {
    U16,
    U32,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub struct WideCodec {
    unit: Unit,
    /// Big-endian; None for the plain name (a mark decides, else little).
    big: Option<bool>,
}

/// The codec for an encoding name already lower-cased with `-`.
pub fn lookup(enc: &str) -> Option<WideCodec> {
    let (unit, big) = match enc {
        "utf-16" | "utf16" => (Unit::U16, None),
        "utf-16-le" | "utf-16le" => (Unit::U16, Some(false)),
        "utf-16-be" | "utf-16be" => (Unit::U16, Some(true)),
        "utf-32" | "utf32" => (Unit::U32, None),
        "utf-32-le" | "utf-32le" => (Unit::U32, Some(false)),
        "utf-32-be" | "utf-32be" => (Unit::U32, Some(true)),
        _ => return None,
    };
    Some(WideCodec { unit, big })
}

fn name(unit: Unit, big: bool) -> &'static str {
    match (unit, big) {
        (Unit::U16, false) => "utf-16-le",
        (Unit::U16, true) => "utf-16-be",
        (Unit::U32, false) => "utf-32-le",
        (Unit::U32, true) => "utf-32-be",
    }
}

impl WideCodec {
    fn width(self) -> usize {
        if self.unit == Unit::U16 {
            2
        } else {
            4
        }
    }
    /// The name in encode errors: the one asked for.
    pub fn encode_name(self) -> &'static str {
        match (self.unit, self.big) {
            (Unit::U16, None) => "utf-16",
            (Unit::U32, None) => "utf-32",
            (u, Some(big)) => name(u, big),
        }
    }
    /// The name in decode errors: the byte order actually read.
    pub fn decode_name(self, b: &[u8]) -> &'static str {
        name(self.unit, self.order(b).0)
    }
    fn put_unit(self, u: u32, out: &mut Vec<u8>) {
        let bytes = u.to_le_bytes();
        let unit = &bytes[..self.width()];
        if self.big == Some(true) {
            out.extend(unit.iter().rev());
        } else {
            out.extend_from_slice(unit);
        }
    }
    /// The byte order mark, written by the plain names only.
    pub fn put_mark(self, out: &mut Vec<u8>) {
        if self.big.is_none() {
            self.put_unit(0xFEFF, out);
        }
    }
    /// One code point (a lone surrogate is written as its own unit).
    pub fn put(self, cp: u32, out: &mut Vec<u8>) {
        if self.unit == Unit::U16 && cp >= 0x10000 {
            let v = cp - 0x10000;
            self.put_unit(0xD800 | (v >> 10), out);
            self.put_unit(0xDC00 | (v & 0x3FF), out);
        } else {
            self.put_unit(cp, out);
        }
    }
    /// Big-endian?, and where the data starts (after a mark).
    fn order(self, b: &[u8]) -> (bool, usize) {
        let width = self.width();
        if self.big.is_some() || b.len() < width {
            return (self.big.unwrap_or(false), 0);
        }
        let (le, be): (&[u8], &[u8]) = if width == 2 {
            (b"\xff\xfe", b"\xfe\xff")
        } else {
            (b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")
        };
        if b.starts_with(le) {
            (false, width)
        } else if b.starts_with(be) {
            (true, width)
        } else {
            (false, 0)
        }
    }
    /// Decodes `b`; errors go to the handler (surrogatepass keeps lone
    /// surrogates here).
    pub fn decode(self, b: &[u8], h: Handler) -> Result<StrBuf, Fail> {
        let width = self.width();
        let (big, mut at) = self.order(b);
        let unit_at = |i: usize| -> Option<u32> {
            let mut v = [0u8; 4];
            v[..width].copy_from_slice(b.get(i..i + width)?);
            if big {
                v[..width].reverse();
            }
            Some(u32::from_le_bytes(v))
        };
        let pass = h == Handler::SurPass;
        let mut out = StrBuf::with_capacity(b.len() / width);
        while at < b.len() {
            let Some(u) = unit_at(at) else {
                at = on_fault(h, b, (at, b.len(), "truncated data"), &mut out)?;
                continue;
            };
            at = match self.unit {
                Unit::U32 if u < 0x110000 && (pass || !(0xD800..0xE000).contains(&u)) => {
                    out.push_cp(u);
                    at + 4
                }
                Unit::U32 => {
                    let why = if u > 0x10FFFF {
                        "code point not in range(0x110000)"
                    } else {
                        "code point in surrogate code point range(0xd800, 0xe000)"
                    };
                    on_fault(h, b, (at, at + 4, why), &mut out)?
                }
                Unit::U16 => self.decode_u16(u, unit_at(at + 2), b, at, h, &mut out)?,
            };
        }
        Ok(out)
    }
    /// One UTF-16 unit `u` at `at` (and the next, if any): where the
    /// next one starts.
    fn decode_u16(
        self,
        u: u32,
        next: Option<u32>,
        b: &[u8],
        at: usize,
        h: Handler,
        out: &mut StrBuf,
    ) -> Result<usize, Fail> {
        let pass = h == Handler::SurPass;
        if !(0xD800..0xE000).contains(&u) || (pass && u >= 0xDC00) {
            out.push_cp(u);
            return Ok(at + 2);
        }
        if u >= 0xDC00 {
            return on_fault(h, b, (at, at + 2, "illegal encoding"), out);
        }
        match next {
            Some(lo) if (0xDC00..0xE000).contains(&lo) => {
                out.push_cp(0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00));
                Ok(at + 4)
            }
            _ if pass => {
                out.push_cp(u);
                Ok(at + 2)
            }
            // A high surrogate at the end: the rest is missing.
            None => on_fault(h, b, (at, b.len(), "unexpected end of data"), out),
            _ => on_fault(h, b, (at, at + 2, "illegal UTF-16 surrogate"), out),
        }
    }
    /// `-le`/`-be`: no byte order mark.
    pub fn has_order(self) -> bool {
        self.big.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enc(c: WideCodec, s: &str) -> Vec<u8> {
        let mut out = Vec::new();
        c.put_mark(&mut out);
        s.chars().for_each(|ch| c.put(ch as u32, &mut out));
        out
    }

    fn dec(c: WideCodec, b: &[u8], h: Handler) -> Result<String, (usize, usize, &'static str)> {
        match c.decode(b, h) {
            Ok(s) => Ok(s.s),
            Err(Fail::Span(a, b, r)) => Err((a, b, r)),
            Err(_) => Err((0, 0, "")),
        }
    }

    #[test]
    fn round_trips_every_width_and_order() {
        let s = "aé€😀";
        for name in [
            "utf-16",
            "utf-16-le",
            "utf-16-be",
            "utf-32",
            "utf-32-le",
            "utf-32-be",
        ] {
            let c = lookup(name).unwrap();
            assert_eq!(dec(c, &enc(c, s), Handler::Strict).unwrap(), s, "{name}");
        }
        let c = lookup("utf-16").unwrap();
        assert_eq!(&enc(c, "x")[..], b"\xff\xfex\x00");
    }

    #[test]
    fn bad_data_is_described_as_cpython_does() {
        let le = lookup("utf-16-le").unwrap();
        assert_eq!(
            dec(le, b"a\x00b", Handler::Strict),
            Err((2, 3, "truncated data"))
        );
        assert_eq!(
            dec(le, b"\x00\xdca\x00", Handler::Strict),
            Err((0, 2, "illegal encoding"))
        );
        assert_eq!(
            dec(le, b"\x00\xd8a\x00", Handler::Strict),
            Err((0, 2, "illegal UTF-16 surrogate"))
        );
        assert_eq!(
            dec(le, b"\x00\xdc\x00\xd8", Handler::Replace).unwrap(),
            "\u{fffd}\u{fffd}"
        );
    }
}
