//! The text layer of a file object (`io.TextIOWrapper`): bytes decoded
//! to text as they are read, text encoded as it is written, and newlines
//! translated as `open`'s `newline` argument says.
//!
//! Decoded text is kept *untranslated* (`dec[dpos..]`), so the byte
//! position of what has not been handed out is exact (`pending_bytes`)
//! and `tell` needs no cookie: the number it returns is a byte offset, as
//! CPython's is for these codecs when the decoder holds nothing.

/// The codecs a text file speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Codec {
    Utf8,
    /// UTF-8 with a byte order mark skipped on reading and written first.
    Utf8Sig,
    Latin1,
    Ascii,
}

impl Codec {
    pub fn named(name: &str) -> Option<Codec> {
        let n = name.to_ascii_lowercase().replace('_', "-");
        Some(match n.as_str() {
            "utf-8" | "utf8" | "u8" => Codec::Utf8,
            "utf-8-sig" | "utf8-sig" => Codec::Utf8Sig,
            "latin-1" | "latin1" | "iso-8859-1" | "iso8859-1" | "l1" => Codec::Latin1,
            "ascii" | "us-ascii" => Codec::Ascii,
            _ => return None,
        })
    }

    fn label(self) -> &'static str {
        match self {
            Codec::Utf8 | Codec::Utf8Sig => "utf-8",
            Codec::Latin1 => "latin-1",
            Codec::Ascii => "ascii",
        }
    }

    /// Bytes `s` takes in this codec (every char of `s` is encodable: it
    /// was decoded by it).
    fn byte_len(self, s: &str) -> usize {
        match self {
            Codec::Utf8 | Codec::Utf8Sig => s.len(),
            Codec::Latin1 | Codec::Ascii => s.chars().count(),
        }
    }
}

/// The error handlers text files accept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Errors {
    Strict,
    Ignore,
    Replace,
    BackslashReplace,
    XmlCharRefReplace,
}

impl Errors {
    pub fn named(name: &str) -> Option<Errors> {
        Some(match name {
            "strict" => Errors::Strict,
            "ignore" => Errors::Ignore,
            "replace" => Errors::Replace,
            "backslashreplace" => Errors::BackslashReplace,
            "xmlcharrefreplace" => Errors::XmlCharRefReplace,
            _ => return None,
        })
    }
}

/// `open`'s `newline`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Newline {
    /// None: `\r\n` and `\r` read as `\n`; `\n` written as `\n`.
    Universal,
    /// `""`: lines end at any of the three, nothing translated.
    Untranslated,
    /// `"\n"`, `"\r"` or `"\r\n"`: lines end there; `\n` written as it.
    Exactly(&'static str),
}

impl Newline {
    pub fn named(s: Option<&str>) -> Option<Newline> {
        Some(match s {
            None => Newline::Universal,
            Some("") => Newline::Untranslated,
            Some("\n") => Newline::Exactly("\n"),
            Some("\r") => Newline::Exactly("\r"),
            Some("\r\n") => Newline::Exactly("\r\n"),
            Some(_) => return None,
        })
    }
}

pub struct TextLayer {
    pub codec: Codec,
    pub encoding: String,
    pub errors: Errors,
    pub errors_name: String,
    pub newline: Newline,
    dec: String,
    dpos: usize,
    /// Bytes of an incomplete character at the end of what was read.
    tail: Vec<u8>,
    /// Nothing decoded yet (a UTF-8-SIG mark may come).
    at_start: bool,
    /// Bytes decoded so far, for error positions.
    offset: usize,
}

/// A character-level failure, as the exception's message.
pub type CodecError = String;

impl TextLayer {
    pub fn new(
        codec: Codec,
        encoding: String,
        errors: Errors,
        errors_name: String,
        newline: Newline,
    ) -> TextLayer {
        TextLayer {
            codec,
            encoding,
            errors,
            errors_name,
            newline,
            dec: String::new(),
            dpos: 0,
            tail: Vec::new(),
            at_start: true,
            offset: 0,
        }
    }

    /// Bytes read from the file that have not been handed out as text.
    pub fn pending_bytes(&self) -> usize {
        self.codec.byte_len(&self.dec[self.dpos..]) + self.tail.len()
    }

    /// Forgets what is decoded (after a seek or before a write).
    pub fn reset(&mut self, at_start: bool) {
        self.dec.clear();
        self.dpos = 0;
        self.tail.clear();
        self.at_start = at_start;
    }

    pub fn has_pending(&self) -> bool {
        self.dpos < self.dec.len() || !self.tail.is_empty()
    }

    /// Decodes `raw` (bytes just read; `eof` when there are no more).
    pub fn feed(&mut self, raw: &[u8], eof: bool) -> Result<(), CodecError> {
        if self.dpos > 0 && self.dpos * 2 >= self.dec.len() {
            self.dec.drain(..self.dpos);
            self.dpos = 0;
        }
        let mut bytes = std::mem::take(&mut self.tail);
        bytes.extend_from_slice(raw);
        let mut from = 0;
        if self.at_start && self.codec == Codec::Utf8Sig {
            if bytes.len() < 3 && !eof && b"\xef\xbb\xbf".starts_with(&bytes) {
                self.tail = bytes;
                return Ok(());
            }
            if bytes.starts_with(b"\xef\xbb\xbf") {
                from = 3;
            }
        }
        if !bytes.is_empty() {
            self.at_start = false;
        }
        let keep = self.decode_into(&bytes[from..], eof)?;
        self.offset += bytes.len() - from - keep;
        self.tail = bytes[bytes.len() - keep..].to_vec();
        Ok(())
    }

    /// Decodes what it can of `b`, returning how many bytes at the end
    /// make an incomplete character kept for later.
    fn decode_into(&mut self, b: &[u8], eof: bool) -> Result<usize, CodecError> {
        match self.codec {
            Codec::Latin1 => {
                self.dec.extend(b.iter().map(|&c| c as char));
                Ok(0)
            }
            Codec::Ascii => {
                for (i, &c) in b.iter().enumerate() {
                    if c < 0x80 {
                        self.dec.push(c as char);
                    } else {
                        self.bad_byte(b, i, 1, "ordinal not in range(128)")?;
                    }
                }
                Ok(0)
            }
            Codec::Utf8 | Codec::Utf8Sig => {
                let mut rest = b;
                let mut at = 0;
                loop {
                    match std::str::from_utf8(rest) {
                        Ok(s) => {
                            self.dec.push_str(s);
                            return Ok(0);
                        }
                        Err(e) => {
                            let good = e.valid_up_to();
                            self.dec
                                .push_str(std::str::from_utf8(&rest[..good]).unwrap_or(""));
                            match e.error_len() {
                                None if !eof => return Ok(rest.len() - good),
                                None => {
                                    let n = rest.len() - good;
                                    self.bad_byte(b, at + good, n, "unexpected end of data")?;
                                    return Ok(0);
                                }
                                Some(n) => {
                                    self.bad_byte(b, at + good, n, "invalid start byte")?;
                                    at += good + n;
                                    rest = &rest[good + n..];
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// An undecodable run of `n` bytes at `i` of `b`, as the handler says.
    fn bad_byte(&mut self, b: &[u8], i: usize, n: usize, why: &str) -> Result<(), CodecError> {
        match self.errors {
            Errors::Strict => {
                let pos = self.offset + i;
                let byte = b[i];
                Err(if n > 1 {
                    format!(
                        "'{}' codec can't decode bytes in position {pos}-{}: {why}",
                        self.codec.label(),
                        pos + n - 1
                    )
                } else {
                    format!(
                        "'{}' codec can't decode byte 0x{byte:02x} in position {pos}: {why}",
                        self.codec.label()
                    )
                })
            }
            Errors::Ignore => Ok(()),
            Errors::Replace | Errors::XmlCharRefReplace => {
                self.dec.push('\u{fffd}');
                Ok(())
            }
            Errors::BackslashReplace => {
                for &c in &b[i..i + n] {
                    self.dec.push_str(&format!("\\x{c:02x}"));
                }
                Ok(())
            }
        }
    }

    /// The untranslated text not handed out yet.
    fn rest(&self) -> &str {
        &self.dec[self.dpos..]
    }

    /// Hands out everything decoded (at the end of the file).
    pub fn take_all(&mut self) -> String {
        let s = translate(self.rest(), self.newline);
        self.dpos = self.dec.len();
        s
    }

    /// Hands out up to `n` characters, or None when more bytes must be
    /// read first (a `\r` at the end may be half of `\r\n`).
    pub fn take_chars(&mut self, n: usize, eof: bool) -> Option<String> {
        let rest = self.rest();
        let mut out = String::new();
        let mut used = 0;
        let mut chars = rest.char_indices().peekable();
        let mut count = 0;
        while count < n {
            let Some((i, c)) = chars.next() else { break };
            used = i + c.len_utf8();
            if c == '\r' && self.newline == Newline::Universal {
                match chars.peek() {
                    Some(&(_, '\n')) => {
                        chars.next();
                        used += 1;
                    }
                    None if !eof => return None,
                    _ => {}
                }
                out.push('\n');
            } else {
                out.push(c);
            }
            count += 1;
        }
        if count < n && !eof {
            return None;
        }
        self.dpos += used;
        Some(out)
    }

    /// Hands out one line (with its ending, translated), or None when the
    /// decoded text holds no whole line yet and more can come. `limit`
    /// caps the line's length in characters.
    pub fn take_line(&mut self, eof: bool, limit: Option<usize>) -> Option<String> {
        let rest = self.rest();
        let end = match self.newline {
            Newline::Exactly(sep) => rest.find(sep).map(|i| (i, i + sep.len(), sep)),
            Newline::Universal | Newline::Untranslated => {
                match memchr::memchr2(b'\n', b'\r', rest.as_bytes()) {
                    None => None,
                    Some(i) if rest.as_bytes()[i] == b'\n' => Some((i, i + 1, "\n")),
                    Some(i) if i + 1 < rest.len() => {
                        if rest.as_bytes()[i + 1] == b'\n' {
                            Some((i, i + 2, "\r\n"))
                        } else {
                            Some((i, i + 1, "\r"))
                        }
                    }
                    // A final \r: wait for what follows unless at the end.
                    Some(i) if eof => Some((i, i + 1, "\r")),
                    Some(_) => None,
                }
            }
        };
        if let Some(limit) = limit {
            let line_chars = match end {
                Some((i, _, _)) => rest[..i].chars().count() + 1,
                None => rest.chars().count(),
            };
            if line_chars > limit && (end.is_some() || eof || rest.chars().count() >= limit) {
                return self.take_chars(limit, true);
            }
        }
        let (body_end, next, sep) = match end {
            Some(e) => e,
            None if eof => (rest.len(), rest.len(), ""),
            None => return None,
        };
        let mut line = rest[..body_end].to_string();
        let sep = if self.newline == Newline::Universal && !sep.is_empty() {
            "\n"
        } else {
            sep
        };
        line.push_str(sep);
        self.dpos += next;
        Some(line)
    }

    /// `s` as the file's bytes: newlines translated, then encoded.
    pub fn encode(&mut self, s: &str) -> Result<Vec<u8>, CodecError> {
        let text = match self.newline {
            Newline::Exactly(sep) if sep != "\n" => std::borrow::Cow::Owned(s.replace('\n', sep)),
            _ => std::borrow::Cow::Borrowed(s),
        };
        let mut out = Vec::with_capacity(text.len() + 3);
        if self.at_start && self.codec == Codec::Utf8Sig {
            out.extend_from_slice(b"\xef\xbb\xbf");
        }
        self.at_start = false;
        let limit = match self.codec {
            Codec::Utf8 | Codec::Utf8Sig => {
                out.extend_from_slice(text.as_bytes());
                return Ok(out);
            }
            Codec::Latin1 => 0x100,
            Codec::Ascii => 0x80,
        };
        for (i, c) in text.chars().enumerate() {
            let n = c as u32;
            if n < limit {
                out.push(n as u8);
                continue;
            }
            match self.errors {
                Errors::Strict => {
                    return Err(format!(
                        "'{}' codec can't encode character '{}' in position {i}: ordinal not in range({limit})",
                        self.codec.label(),
                        crate::repr::ascii_escape(&c.to_string())
                    ))
                }
                Errors::Ignore => {}
                Errors::Replace => out.push(b'?'),
                Errors::BackslashReplace => {
                    out.extend_from_slice(crate::repr::ascii_escape(&c.to_string()).as_bytes())
                }
                Errors::XmlCharRefReplace => out.extend_from_slice(format!("&#{n};").as_bytes()),
            }
        }
        Ok(out)
    }
}

/// Universal newlines: `\r\n` and `\r` become `\n`.
fn translate(s: &str, nl: Newline) -> String {
    if nl == Newline::Universal && s.contains('\r') {
        s.replace("\r\n", "\n").replace('\r', "\n")
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layer(codec: Codec, nl: Newline) -> TextLayer {
        TextLayer::new(codec, "utf-8".into(), Errors::Strict, "strict".into(), nl)
    }

    #[test]
    fn a_character_split_between_reads_is_decoded_whole() {
        let mut t = layer(Codec::Utf8, Newline::Universal);
        let b = "é€".as_bytes();
        t.feed(&b[..1], false).unwrap();
        assert_eq!(t.pending_bytes(), 1);
        t.feed(&b[1..4], false).unwrap();
        t.feed(&b[4..], true).unwrap();
        assert_eq!(t.take_all(), "é€");
    }

    #[test]
    fn universal_newlines_wait_for_the_byte_after_a_carriage_return() {
        let mut t = layer(Codec::Utf8, Newline::Universal);
        t.feed(b"a\r", false).unwrap();
        assert_eq!(t.take_line(false, None), None);
        t.feed(b"\nb\rc", true).unwrap();
        assert_eq!(t.take_line(true, None).as_deref(), Some("a\n"));
        assert_eq!(t.take_line(true, None).as_deref(), Some("b\n"));
        assert_eq!(t.take_line(true, None).as_deref(), Some("c"));
    }

    #[test]
    fn untranslated_lines_keep_their_endings() {
        let mut t = layer(Codec::Latin1, Newline::Untranslated);
        t.feed(b"a\r\nb\rc\n", true).unwrap();
        let lines: Vec<_> =
            std::iter::from_fn(|| t.take_line(true, None).filter(|l| !l.is_empty())).collect();
        assert_eq!(lines, ["a\r\n", "b\r", "c\n"]);
    }

    #[test]
    fn strict_decoding_names_the_position() {
        let mut t = layer(Codec::Utf8, Newline::Universal);
        t.feed(b"ab", false).unwrap();
        let e = t.feed(b"\xff", true).unwrap_err();
        assert!(e.contains("position 2"), "{e}");
    }

    #[test]
    fn writing_translates_then_encodes() {
        let mut t = layer(Codec::Latin1, Newline::Exactly("\r\n"));
        assert_eq!(t.encode("é\n").unwrap(), b"\xe9\r\n");
        let mut t = layer(Codec::Ascii, Newline::Universal);
        assert!(t.encode("é").is_err());
    }
}
