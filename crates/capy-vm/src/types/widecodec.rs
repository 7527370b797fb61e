//! UTF-16 and UTF-32 for `str.encode` and `bytes.decode`: the plain names
//! write a byte order mark (little-endian, as CPython on x86 writes) and
//! read one if present; `-le`/`-be` neither write nor read it. Messages
//! name the byte order actually used, as CPython's do.

#[derive(Clone, Copy, PartialEq, Eq)]
enum Unit {
    U16,
    U32,
}

#[derive(Clone, Copy)]
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

pub fn encode(c: WideCodec, s: &str) -> Vec<u8> {
    let big = c.big.unwrap_or(false);
    let mut out = Vec::with_capacity(s.len() * 4 + 4);
    let mut put = |u: u32, width: usize| {
        let bytes = u.to_le_bytes();
        let mut b = bytes[..width].to_vec();
        if big {
            b.reverse();
        }
        out.extend_from_slice(&b);
    };
    let width = if c.unit == Unit::U16 { 2 } else { 4 };
    if c.big.is_none() {
        put(0xFEFF, width);
    }
    for ch in s.chars() {
        match c.unit {
            Unit::U32 => put(ch as u32, 4),
            Unit::U16 => {
                let mut buf = [0u16; 2];
                for u in ch.encode_utf16(&mut buf) {
                    put(*u as u32, 2);
                }
            }
        }
    }
    out
}

/// Decodes `b`; `errors` is strict, ignore or replace (others act as
/// strict). The error is CPython's message.
pub fn decode(c: WideCodec, b: &[u8], errors: &str) -> Result<String, String> {
    let width = if c.unit == Unit::U16 { 2 } else { 4 };
    let (mut big, mut at) = (c.big.unwrap_or(false), 0);
    if c.big.is_none() && b.len() >= width {
        let le_mark: &[u8] = if width == 2 {
            b"\xff\xfe"
        } else {
            b"\xff\xfe\x00\x00"
        };
        let be_mark: &[u8] = if width == 2 {
            b"\xfe\xff"
        } else {
            b"\x00\x00\xfe\xff"
        };
        if b.starts_with(le_mark) {
            at = width;
        } else if b.starts_with(be_mark) {
            big = true;
            at = width;
        }
    }
    let label = name(c.unit, big);
    let unit_at = |i: usize| -> u32 {
        let mut v = [0u8; 4];
        v[..width].copy_from_slice(&b[i..i + width]);
        if big {
            v[..width].reverse();
        }
        u32::from_le_bytes(v)
    };
    let mut out = String::with_capacity(b.len() / width);
    let bad = |out: &mut String, from: usize, to: usize, why: &str| -> Result<(), String> {
        match errors {
            "ignore" => Ok(()),
            "replace" => {
                out.push('\u{fffd}');
                Ok(())
            }
            _ if to - from == 1 => Err(format!(
                "'{label}' codec can't decode byte 0x{:02x} in position {from}: {why}",
                b[from]
            )),
            _ => Err(format!(
                "'{label}' codec can't decode bytes in position {from}-{}: {why}",
                to - 1
            )),
        }
    };
    while at < b.len() {
        if b.len() - at < width {
            bad(&mut out, at, b.len(), "truncated data")?;
            break;
        }
        let u = unit_at(at);
        match c.unit {
            Unit::U32 => {
                match char::from_u32(u) {
                    Some(ch) => out.push(ch),
                    None if u > 0x10FFFF => {
                        bad(&mut out, at, at + 4, "code point not in range(0x110000)")?
                    }
                    None => bad(
                        &mut out,
                        at,
                        at + 4,
                        "code point in surrogate code point range(0xd800, 0xe000)",
                    )?,
                }
                at += 4;
            }
            Unit::U16 if (0xD800..0xDC00).contains(&u) => {
                if b.len() - at < 4 {
                    bad(&mut out, at, b.len(), "unexpected end of data")?;
                    break;
                }
                let lo = unit_at(at + 2);
                if (0xDC00..0xE000).contains(&lo) {
                    let cp = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
                    out.push(char::from_u32(cp).unwrap_or('\u{fffd}'));
                    at += 4;
                } else {
                    bad(&mut out, at, at + 2, "illegal UTF-16 surrogate")?;
                    at += 2;
                }
            }
            Unit::U16 if (0xDC00..0xE000).contains(&u) => {
                bad(&mut out, at, at + 2, "illegal encoding")?;
                at += 2;
            }
            Unit::U16 => {
                out.push(char::from_u32(u).unwrap_or('\u{fffd}'));
                at += 2;
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

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
            assert_eq!(decode(c, &encode(c, s), "strict").unwrap(), s, "{name}");
        }
        let c = lookup("utf-16").unwrap();
        assert_eq!(&encode(c, "x")[..], b"\xff\xfex\x00");
    }

    #[test]
    fn bad_data_is_described_as_cpython_does() {
        let le = lookup("utf-16-le").unwrap();
        let e = decode(le, b"a\x00b", "strict").unwrap_err();
        assert_eq!(
            e,
            "'utf-16-le' codec can't decode byte 0x62 in position 2: truncated data"
        );
        let e = decode(le, b"\x00\xdca\x00", "strict").unwrap_err();
        assert!(e.ends_with("position 0-1: illegal encoding"), "{e}");
        let e = decode(le, b"\x00\xd8a\x00", "strict").unwrap_err();
        assert!(e.ends_with("position 0-1: illegal UTF-16 surrogate"), "{e}");
        assert_eq!(
            decode(le, b"\x00\xdc\x00\xd8", "replace").unwrap(),
            "\u{fffd}\u{fffd}"
        );
    }
}
