//! Source files from bytes to text, with CPython's rules (PEP 263) and
//! messages: UTF-8 unless one of the first two lines declares an encoding;
//! a UTF-8 byte order mark declares UTF-8. Besides UTF-8 only Latin-1 is
//! decoded; a file declaring any other encoding is read as UTF-8 when it is
//! valid UTF-8 (as capy always did) and refused otherwise.
//!
//! CPython reports bad bytes in two ways, and which one a program sees
//! depends on how the file was reached (see [`SourceOrigin`]); both are
//! reproduced because programs (and tests) see the message.

use crate::error::{CompileError, CompileErrorKind};
use std::borrow::Cow;

/// How a source file was reached, which decides how bad bytes are reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceOrigin {
    /// The script named on the command line. With no declaration, CPython's
    /// file reader checks every line (comments too) as it reads and names
    /// the first bad byte: "Non-UTF-8 code starting with ...".
    Script,
    /// An imported module (or `-m`). CPython compiles the file's bytes and
    /// decodes them token by token: a bad byte in a comment goes unnoticed,
    /// elsewhere the codec error of that token becomes
    /// "(unicode error) 'utf-8' codec can't decode ...".
    Import,
}

/// Why a source file cannot be read as text.
#[derive(Clone, Debug, PartialEq)]
pub enum DecodeError {
    /// A SyntaxError with this message and no location.
    Plain(String),
    /// A SyntaxError at a place in the file.
    At(CompileError),
}

/// The text of a source file named `filename`.
pub fn decode_source<'a>(
    bytes: &'a [u8],
    filename: &str,
    origin: SourceOrigin,
) -> Result<Cow<'a, str>, DecodeError> {
    let bom = bytes.starts_with(b"\xef\xbb\xbf");
    let declared = declared_encoding(bytes);
    let enc = declared
        .as_deref()
        .map(Encoding::of)
        .unwrap_or(Encoding::Utf8);
    if let (true, Some(name)) = (bom, &declared) {
        if enc != Encoding::Utf8 {
            return Err(DecodeError::Plain(format!(
                "encoding problem: {name} with BOM"
            )));
        }
    }
    if enc == Encoding::Latin1 {
        return Ok(Cow::Owned(bytes.iter().map(|&b| b as char).collect()));
    }
    let first_bad = match std::str::from_utf8(bytes) {
        Ok(s) => return Ok(Cow::Borrowed(s)),
        Err(e) => e.valid_up_to(),
    };
    if let (Encoding::Other, Some(name)) = (enc, &declared) {
        return Err(DecodeError::Plain(match origin {
            SourceOrigin::Script => format!("encoding problem: {name}"),
            SourceOrigin::Import => format!("unknown encoding: {name}"),
        }));
    }
    if origin == SourceOrigin::Script && declared.is_none() && !bom {
        let line = 1 + bytes[..first_bad].iter().filter(|&&b| b == b'\n').count();
        return Err(DecodeError::Plain(format!(
            "Non-UTF-8 code starting with '\\x{:02x}' in file {filename} on line {line}, \
             but no encoding declared; see https://peps.python.org/pep-0263/ for details",
            bytes[first_bad]
        )));
    }
    match first_bad_token(bytes) {
        // Bad bytes only in comments, which are never decoded.
        None => Ok(Cow::Owned(String::from_utf8_lossy(bytes).into_owned())),
        Some(bad) => Err(DecodeError::At(bad.into_error(bytes, filename))),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Encoding {
    Utf8,
    Latin1,
    Other,
}

impl Encoding {
    /// By CPython's normalised names (`_` and `-` alike, any case, and a
    /// `-suffix` after the utf-8 and latin-1 names).
    fn of(name: &str) -> Encoding {
        let n = name.to_ascii_lowercase().replace('_', "-");
        let family = |base: &str| n == base || n.starts_with(&format!("{base}-"));
        if family("utf-8") || n == "utf8" {
            Encoding::Utf8
        } else if family("latin-1")
            || family("iso-8859-1")
            || family("iso-latin-1")
            || matches!(
                n.as_str(),
                "latin1" | "iso8859-1" | "l1" | "latin" | "cp819"
            )
        {
            Encoding::Latin1
        } else {
            Encoding::Other
        }
    }
}

/// The encoding named by a `coding[:=]name` comment on line 1, or on line 2
/// when line 1 is a comment or blank (PEP 263).
fn declared_encoding(bytes: &[u8]) -> Option<String> {
    let mut lines = bytes.split(|&b| b == b'\n');
    let first = lines.next()?;
    if let Some(name) = coding_spec(first) {
        return Some(name);
    }
    let trimmed = first.trim_ascii_start();
    if !(trimmed.is_empty() || trimmed.starts_with(b"#")) {
        return None;
    }
    coding_spec(lines.next()?)
}

fn coding_spec(line: &[u8]) -> Option<String> {
    let line = line.strip_prefix(b"\xef\xbb\xbf").unwrap_or(line);
    let start = line
        .iter()
        .position(|&b| !matches!(b, b' ' | b'\t' | b'\x0c'))?;
    let comment = line[start..].strip_prefix(b"#")?;
    let at = comment.windows(6).position(|w| w == b"coding")?;
    let rest = comment[at + 6..]
        .strip_prefix(b":")
        .or_else(|| comment[at + 6..].strip_prefix(b"="))?;
    let rest = rest.trim_ascii_start();
    let end = rest
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.')))
        .unwrap_or(rest.len());
    (end > 0).then(|| String::from_utf8_lossy(&rest[..end]).into_owned())
}

/// The first token (outside comments) whose bytes are not UTF-8: the
/// bytes CPython decodes as one piece, and their start in the file.
struct BadToken {
    start: usize,
    end: usize,
    /// A bytes literal: refused for holding non-ASCII, whatever the bytes.
    bytes_literal: bool,
}

impl BadToken {
    fn into_error(self, src: &[u8], filename: &str) -> CompileError {
        let unit = &src[self.start..self.end];
        let (msg, at) = match std::str::from_utf8(unit) {
            _ if self.bytes_literal => (
                "bytes can only contain ASCII literal characters".to_string(),
                self.start,
            ),
            Err(e) => (
                format!("(unicode error) {}", utf8_error_message(unit, &e)),
                self.start + e.valid_up_to(),
            ),
            // Unreachable: only undecodable tokens are reported.
            Ok(_) => ("invalid utf-8".to_string(), self.start),
        };
        let line_start = src[..at]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        let line_end = src[at..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(src.len(), |p| at + p);
        let col = String::from_utf8_lossy(&src[line_start..at])
            .chars()
            .count()
            + 1;
        CompileError {
            kind: CompileErrorKind::SyntaxError,
            msg,
            filename: filename.to_string(),
            line: 1 + src[..at].iter().filter(|&&b| b == b'\n').count() as u32,
            col: col as u32,
            text: Some(String::from_utf8_lossy(&src[line_start..line_end]).into_owned()),
        }
    }
}

/// CPython's text for a failed UTF-8 decode of `b`:
/// `'utf-8' codec can't decode byte 0xff in position 3: invalid start byte`.
pub fn utf8_error_message(b: &[u8], e: &std::str::Utf8Error) -> String {
    let p = e.valid_up_to();
    let reason = match e.error_len() {
        None => "unexpected end of data",
        Some(_) if !(0xc2..=0xf4).contains(&b[p]) => "invalid start byte",
        Some(_) => "invalid continuation byte",
    };
    let end = p + e.error_len().unwrap_or(b.len() - p);
    if end - p > 1 {
        format!(
            "'utf-8' codec can't decode bytes in position {p}-{}: {reason}",
            end - 1
        )
    } else {
        format!(
            "'utf-8' codec can't decode byte 0x{:02x} in position {p}: {reason}",
            b[p]
        )
    }
}

fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

/// Scans tokens as CPython's tokenizer would split them, far enough to
/// know where comments and string literals are.
fn first_bad_token(src: &[u8]) -> Option<BadToken> {
    let bad = |start: usize, end: usize| std::str::from_utf8(&src[start..end]).is_err();
    let mut i = 0;
    while i < src.len() {
        match src[i] {
            b'#' => {
                while i < src.len() && src[i] != b'\n' {
                    i += 1;
                }
            }
            b'\'' | b'"' => {
                let (tok, next) = string_token(src, i, i);
                if tok.is_some() {
                    return tok;
                }
                i = next;
            }
            b if is_name_byte(b) => {
                let start = i;
                while i < src.len() && is_name_byte(src[i]) {
                    i += 1;
                }
                let prefix = &src[start..i];
                let is_prefix = prefix.len() <= 2
                    && prefix
                        .iter()
                        .all(|c| matches!(c.to_ascii_lowercase(), b'r' | b'b' | b'u' | b'f'));
                if is_prefix && matches!(src.get(i), Some(b'\'' | b'"')) {
                    let (tok, next) = string_token(src, start, i);
                    if tok.is_some() {
                        return tok;
                    }
                    i = next;
                } else if bad(start, i) {
                    return Some(BadToken {
                        start,
                        end: i,
                        bytes_literal: false,
                    });
                }
            }
            _ => i += 1,
        }
    }
    None
}

/// The string literal whose prefix starts at `start` and quote at `q`: the
/// undecodable part of it if any, and where scanning goes on. CPython
/// decodes a raw or escape-free body whole, and otherwise each run of
/// non-ASCII bytes between escapes on its own.
fn string_token(src: &[u8], start: usize, q: usize) -> (Option<BadToken>, usize) {
    let quote = src[q];
    let triple = src.get(q + 1) == Some(&quote) && src.get(q + 2) == Some(&quote);
    let body_start = if triple { q + 3 } else { q + 1 };
    let mut i = body_start;
    let body_end = loop {
        match src.get(i) {
            None => break i,
            Some(b'\\') => i += 2,
            Some(b'\n') if !triple => break i,
            Some(&c) if c == quote && (!triple || src[i..].starts_with(&[quote; 3])) => break i,
            Some(_) => i += 1,
        }
    };
    let body_end = body_end.min(src.len());
    let next = if triple { body_end + 3 } else { body_end + 1 };
    let prefix = &src[start..q];
    let body = &src[body_start..body_end];
    if std::str::from_utf8(body).is_ok() {
        return (None, next);
    }
    if prefix.iter().any(|c| c.eq_ignore_ascii_case(&b'b')) {
        let tok = BadToken {
            start,
            end: body_end,
            bytes_literal: true,
        };
        return (Some(tok), next);
    }
    let raw = prefix.iter().any(|c| c.eq_ignore_ascii_case(&b'r'));
    if raw || !body.contains(&b'\\') {
        let tok = BadToken {
            start: body_start,
            end: body_end,
            bytes_literal: false,
        };
        return (Some(tok), next);
    }
    let mut j = body_start;
    while j < body_end {
        if src[j] < 0x80 {
            j += 1;
            continue;
        }
        let run = j;
        while j < body_end && src[j] >= 0x80 {
            j += 1;
        }
        if std::str::from_utf8(&src[run..j]).is_err() {
            let tok = BadToken {
                start: run,
                end: j,
                bytes_literal: false,
            };
            return (Some(tok), next);
        }
    }
    (None, next)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(src: &[u8], origin: SourceOrigin) -> String {
        match decode_source(src, "f.py", origin) {
            Err(DecodeError::Plain(m)) => m,
            other => panic!("{other:?}"),
        }
    }

    fn at(src: &[u8]) -> (String, u32, u32) {
        match decode_source(src, "f.py", SourceOrigin::Import) {
            Err(DecodeError::At(e)) => (e.msg, e.line, e.col),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn script_without_declaration_names_the_first_bad_byte() {
        assert_eq!(
            plain(b"x = 1\n# caf\xe9\n", SourceOrigin::Script),
            "Non-UTF-8 code starting with '\\xe9' in file f.py on line 2, but no encoding \
             declared; see https://peps.python.org/pep-0263/ for details"
        );
    }

    #[test]
    fn import_decodes_token_by_token() {
        let u = |s: &str| format!("(unicode error) 'utf-8' codec can't decode {s}");
        assert_eq!(
            at(b"x = \"abc\xff\xfedef\"\n"),
            (u("byte 0xff in position 3: invalid start byte"), 1, 9)
        );
        assert_eq!(
            at(b"x = 1\ny\xe9 = 2\n"),
            (u("byte 0xe9 in position 1: unexpected end of data"), 2, 2)
        );
        assert_eq!(
            at(b"x = \"a\\n\xe9b\"\n"),
            (u("byte 0xe9 in position 0: unexpected end of data"), 1, 9)
        );
        assert_eq!(
            at(b"\"\"\"doc\n\xe9\"\"\"\n"),
            (u("byte 0xe9 in position 4: unexpected end of data"), 2, 1)
        );
        assert_eq!(
            at(b"y = b\"\xe9\"\n").0,
            "bytes can only contain ASCII literal characters"
        );
        // Comments are never decoded.
        assert_eq!(
            decode_source(b"x = 1 # \xe9\n", "f.py", SourceOrigin::Import).unwrap(),
            "x = 1 # \u{fffd}\n"
        );
    }

    #[test]
    fn declarations() {
        let latin = b"# -*- coding: latin-1 -*-\nx = '\xe9'\n";
        for origin in [SourceOrigin::Script, SourceOrigin::Import] {
            assert_eq!(
                decode_source(latin, "f.py", origin).unwrap(),
                "# -*- coding: latin-1 -*-\nx = '\u{e9}'\n"
            );
        }
        // A declared UTF-8 file is decoded token by token even as a script.
        let utf8 = b"#!/bin/env python\n# vim: set fileencoding=utf-8 :\n# \xe9\nx = '\xff'\n";
        assert_eq!(at(utf8).1, 4);
        assert!(matches!(
            decode_source(utf8, "f.py", SourceOrigin::Script),
            Err(DecodeError::At(_))
        ));
        // Line 2 counts only after a comment line.
        assert!(declared_encoding(b"x = 1\n# coding: latin-1\n").is_none());
        assert_eq!(
            plain(b"# coding: bogus\nx = '\xe9'\n", SourceOrigin::Script),
            "encoding problem: bogus"
        );
        assert_eq!(
            decode_source(b"# coding: cp1252\nx = 1\n", "f.py", SourceOrigin::Script).unwrap(),
            "# coding: cp1252\nx = 1\n"
        );
    }
}
