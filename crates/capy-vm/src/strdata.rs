//! The text of a str: an owned box, or a prefix of a buffer shared with
//! the strs concatenated onto it.
//!
//! Why: `t += piece` in a loop made a new str per step holding a copy of
//! all of `t`, so building a string cost time quadratic in its length.
//! CPython resizes `t` in place when its reference count shows nobody
//! else holds it; capy's collector keeps no counts, so a concatenation
//! instead writes into spare room after the left operand's bytes, when
//! the left operand ends where its buffer's written bytes end (no other
//! str has been appended to it yet). The left operand keeps reading its
//! own prefix, which no append ever changes, and the buffer is replaced
//! by a new one (twice the size) when full, so each byte is copied a
//! bounded number of times on average.
//!
//! The one `unsafe` block of this module reads a prefix of a buffer as
//! `&str` while the same buffer may later get bytes written past that
//! prefix; its argument is beside it.

use std::cell::Cell;
use std::ops::Deref;
use std::rc::Rc;

/// Results shorter than this are plain copies: copying them costs less
/// than a shared buffer's header, and short strs are the most numerous.
pub const SHARE_FROM: usize = 64;

/// The bytes of a str.
pub enum StrData {
    Owned(Box<str>),
    Shared(Prefix),
}

/// The first `len` bytes of a shared buffer.
pub struct Prefix {
    buf: Rc<Buffer>,
    len: usize,
}

/// An append-only byte buffer. Invariants, on which [`Prefix::as_str`]
/// relies:
/// - `bytes` is allocated once and never reallocated, moved or freed
///   while a `Prefix` holds the `Rc`;
/// - the bytes below `used` are never written again once `used` has
///   passed them, and `used` only grows;
/// - every `Prefix` of the buffer has `len <= used`, and its first `len`
///   bytes are valid UTF-8 (each prefix was made as the concatenation of
///   two valid strs, the second written entirely before the prefix
///   exists).
struct Buffer {
    bytes: Box<[Cell<u8>]>,
    used: Cell<usize>,
}

impl Prefix {
    /// A new buffer holding `a` then `b`, with as much room again after.
    fn new(a: &str, b: &str) -> Prefix {
        let len = a.len() + b.len();
        let cap = len.saturating_mul(2);
        let mut bytes: Vec<Cell<u8>> = Vec::with_capacity(cap);
        bytes.extend(a.bytes().chain(b.bytes()).map(Cell::new));
        bytes.resize(cap, Cell::new(0));
        Prefix {
            buf: Rc::new(Buffer {
                bytes: bytes.into_boxed_slice(),
                used: Cell::new(len),
            }),
            len,
        }
    }

    /// `self + extra` written in place after `self`, if `self` ends
    /// where the buffer's written bytes end and `extra` fits in the room
    /// left; the result shares the buffer, and `self` is unchanged.
    fn append(&self, extra: &str) -> Option<Prefix> {
        let end = self.len.checked_add(extra.len())?;
        if self.buf.used.get() != self.len {
            return None;
        }
        let dest = self.buf.bytes.get(self.len..end)?;
        // Claim the region before writing it: from here on no other
        // prefix of this buffer ends at `used`, so none can write here.
        self.buf.used.set(end);
        for (d, &b) in dest.iter().zip(extra.as_bytes()) {
            d.set(b);
        }
        Some(Prefix {
            buf: Rc::clone(&self.buf),
            len: end,
        })
    }

    fn as_str(&self) -> &str {
        let cells = &self.buf.bytes[..self.len];
        // SAFETY: `Cell<u8>` has the layout of `u8`, so the pointer and
        // length describe `self.len` initialized bytes of the buffer's
        // allocation, which lives as long as `self` holds its `Rc` (the
        // returned borrow is tied to `&self`) and never moves (a boxed
        // slice that is never reallocated). Those bytes lie below `used`
        // (`len <= used`), and no byte below `used` is ever written again
        // (`append` writes only at and past `used`, after raising it), so
        // they do not change while the `&str` exists: no write aliases
        // the shared borrow. They are valid UTF-8 as every prefix is the
        // concatenation of two `&str`s (the invariants on `Buffer`).
        unsafe {
            let bytes = std::slice::from_raw_parts(cells.as_ptr().cast::<u8>(), cells.len());
            std::str::from_utf8_unchecked(bytes)
        }
    }
}

impl StrData {
    /// `a + b`, and the bytes of new storage it took (for the heap
    /// quota): in place after `a` when `a` is the latest str of a shared
    /// buffer with room for `b`, else a copy (into a new shared buffer
    /// with room to grow when the result is not short).
    pub fn concat(a: &StrData, b: &str) -> (StrData, usize) {
        if let StrData::Shared(p) = a {
            if let Some(q) = p.append(b) {
                return (StrData::Shared(q), b.len());
            }
        }
        let len = a.len() + b.len();
        if len < SHARE_FROM {
            let mut s = String::with_capacity(len);
            s.push_str(a);
            s.push_str(b);
            return (StrData::Owned(s.into_boxed_str()), len);
        }
        let p = Prefix::new(a, b);
        let fresh = p.buf.bytes.len();
        (StrData::Shared(p), fresh)
    }

    /// The bytes of new storage `concat(a, b)` would take, for `b` of
    /// `b_len` bytes (so the quota can refuse it before it is allocated).
    pub fn concat_fresh(a: &StrData, b_len: usize) -> usize {
        if let StrData::Shared(p) = a {
            let room = p.buf.bytes.len() - p.len;
            if p.buf.used.get() == p.len && b_len <= room {
                return b_len;
            }
        }
        let len = a.len().saturating_add(b_len);
        if len < SHARE_FROM {
            len
        } else {
            len.saturating_mul(2)
        }
    }

    /// Bytes this str keeps alive, for the heap quota: a shared buffer
    /// whole for the str that ends its written bytes (in a `t += piece`
    /// loop, the one still in use), the str's own length for the others
    /// (prefixes made earlier, whose copies CPython would hold as well).
    pub fn held_bytes(&self) -> usize {
        match self {
            StrData::Owned(s) => s.len(),
            StrData::Shared(p) if p.buf.used.get() == p.len => p.buf.bytes.len(),
            StrData::Shared(p) => p.len,
        }
    }
}

impl Deref for StrData {
    type Target = str;
    #[inline]
    fn deref(&self) -> &str {
        match self {
            StrData::Owned(s) => s,
            StrData::Shared(p) => p.as_str(),
        }
    }
}

impl From<Box<str>> for StrData {
    fn from(s: Box<str>) -> StrData {
        StrData::Owned(s)
    }
}

impl PartialEq for StrData {
    fn eq(&self, other: &StrData) -> bool {
        **self == **other
    }
}

impl std::fmt::Debug for StrData {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&**self, f)
    }
}

impl std::fmt::Display for StrData {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owned(s: &str) -> StrData {
        StrData::Owned(s.into())
    }

    fn long(c: char) -> String {
        c.to_string().repeat(SHARE_FROM)
    }

    #[test]
    fn short_results_are_owned() {
        let (s, fresh) = StrData::concat(&owned("ab"), "cd");
        assert!(matches!(s, StrData::Owned(_)));
        assert_eq!((&*s, fresh), ("abcd", 4));
    }

    #[test]
    fn appends_in_place_and_prefixes_stay() {
        let (a, _) = StrData::concat(&owned(&long('a')), "b");
        let (b, fresh) = StrData::concat(&a, "cd");
        assert_eq!(fresh, 2);
        assert_eq!(StrData::concat_fresh(&b, 5), 5);
        assert_eq!(StrData::concat_fresh(&a, 5), 2 * (SHARE_FROM + 6));
        assert_eq!(StrData::concat_fresh(&b, 1000), 2 * (SHARE_FROM + 1003));
        let (StrData::Shared(pa), StrData::Shared(pb)) = (&a, &b) else {
            panic!("expected shared buffers");
        };
        assert!(Rc::ptr_eq(&pa.buf, &pb.buf));
        let held: &str = &a;
        let (c, _) = StrData::concat(&b, "ef");
        assert_eq!(held, format!("{}b", long('a')));
        assert_eq!(&*b, format!("{}bcd", long('a')));
        assert_eq!(&*c, format!("{}bcdef", long('a')));
    }

    #[test]
    fn branches_from_one_prefix_do_not_see_each_other() {
        let (a, _) = StrData::concat(&owned(&long('a')), "");
        let (b, _) = StrData::concat(&a, "x");
        let (c, fresh) = StrData::concat(&a, "y");
        // `a` no longer ends the buffer: `c` is a copy.
        assert_eq!(fresh, 2 * (SHARE_FROM + 1));
        assert_eq!(&*b, format!("{}x", long('a')));
        assert_eq!(&*c, format!("{}y", long('a')));
        assert_eq!(&*a, long('a'));
        // Both branches grow on: each stays its own.
        let (b2, _) = StrData::concat(&b, "1");
        let (c2, _) = StrData::concat(&c, "2");
        assert_eq!(&*b2, format!("{}x1", long('a')));
        assert_eq!(&*c2, format!("{}y2", long('a')));
        assert_eq!(b, StrData::concat(&a, "x").0);
    }

    #[test]
    fn full_buffer_moves_to_a_bigger_one() {
        let (mut t, _) = StrData::concat(&owned(&long('a')), "");
        let mut copies = 0;
        let mut expect = long('a');
        for i in 0..2000 {
            let piece = if i % 3 == 0 { "é" } else { "z" };
            let (n, fresh) = StrData::concat(&t, piece);
            if fresh != piece.len() {
                copies += 1;
            }
            expect.push_str(piece);
            assert_eq!(&*n, expect);
            t = n;
        }
        assert!(copies < 12, "{copies} copies");
        assert!(t.held_bytes() >= t.len());
    }

    #[test]
    fn doubling_and_drop_order() {
        let (a, _) = StrData::concat(&owned(&long('q')), "");
        let (b, _) = StrData::concat(&a, &a);
        let (c, _) = StrData::concat(&b, "!");
        drop(b);
        assert_eq!(&*a, long('q'));
        drop(a);
        assert_eq!(&*c, format!("{}{}!", long('q'), long('q')));
        // Only a prefix that ends the written bytes counts the whole buffer.
        let (d, _) = StrData::concat(&c, "?");
        assert_eq!(c.held_bytes(), c.len());
        assert!(d.held_bytes() >= d.len());
    }

    #[test]
    fn replacement_chars_survive() {
        // (Lone surrogates are kept beside the text as U+FFFD.)
        let (a, _) = StrData::concat(&owned(&long('\u{fffd}')), "\u{10000}");
        let (b, _) = StrData::concat(&a, "\u{fffd}");
        assert_eq!(b.chars().count(), SHARE_FROM + 2);
        assert!(b.ends_with("\u{10000}\u{fffd}"));
    }
}
