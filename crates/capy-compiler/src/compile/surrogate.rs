//! String literals with lone surrogates (`'\ud800'`). The parser gives
//! their value with U+FFFD in place of each surrogate (a Rust `str`
//! cannot hold one), so the literal's source is decoded again here; when
//! it does hold a surrogate, the str is built at run time from its
//! surrogatepass UTF-8 bytes (`b'...'.decode('utf-8', 'surrogatepass')`),
//! which keeps the bytecode format unchanged.

use super::Compiler;
use crate::bytecode::{Const, Instr};
use rustpython_parser::ast::{self, Ranged};
use std::rc::Rc;

/// Whether `e` is a str literal whose value has U+FFFD (which may stand
/// for a surrogate: such literals are not folded into constant tuples).
pub(crate) fn maybe_surrogate(e: &ast::Expr) -> bool {
    matches!(e, ast::Expr::Constant(c) if matches!(&c.value, ast::Constant::Str(s) if s.contains('\u{fffd}')))
}

impl Compiler<'_, '_> {
    /// Emits a str literal that holds lone surrogates; false (nothing
    /// emitted) for any other constant.
    pub(crate) fn surrogate_literal(&mut self, c: &ast::ExprConstant) -> bool {
        let ast::Constant::Str(value) = &c.value else {
            return false;
        };
        if !value.contains('\u{fffd}') {
            return false;
        }
        let (start, end) = (c.range().start().to_usize(), c.range().end().to_usize());
        let Some(cps) = self
            .src
            .source
            .get(start..end)
            .and_then(literal_code_points)
        else {
            return false;
        };
        // Only when this reading agrees with the parser's, surrogates aside.
        let plain: String = cps
            .iter()
            .map(|&u| char::from_u32(u).unwrap_or('\u{fffd}'))
            .collect();
        if plain != *value || !cps.iter().any(|u| (0xD800..0xE000).contains(u)) {
            return false;
        }
        let mut bytes = Vec::with_capacity(cps.len() * 3);
        for &u in &cps {
            match char::from_u32(u) {
                Some(ch) => bytes.extend_from_slice(ch.encode_utf8(&mut [0; 4]).as_bytes()),
                None => bytes.extend_from_slice(&[
                    0xE0 | (u >> 12) as u8,
                    0x80 | ((u >> 6) & 0x3F) as u8,
                    0x80 | (u & 0x3F) as u8,
                ]),
            }
        }
        self.load_const(Const::Bytes(Rc::from(bytes)));
        let i = self.name_index("decode");
        self.emit(Instr::LoadMethod(i));
        self.load_const(Const::Str(Rc::from("utf-8")));
        self.load_const(Const::Str(Rc::from("surrogatepass")));
        self.emit(Instr::CallMethod(2));
        true
    }
}

/// The code points of one or more adjacent str literals (their source,
/// with whatever lies between them), or None if it is not that.
fn literal_code_points(src: &str) -> Option<Vec<u32>> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b' ' | b'\t' | b'\n' | b'\r' | b'\x0c' | b'(' | b')' => i += 1,
            b'\\' => i += 1,
            b'#' => {
                i += b[i..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .unwrap_or(b.len() - i)
            }
            _ => i = literal(src, i, &mut out)?,
        }
    }
    Some(out)
}

/// Decodes the literal starting at `i` (prefix included); the index after it.
fn literal(src: &str, mut i: usize, out: &mut Vec<u32>) -> Option<usize> {
    let b = src.as_bytes();
    let mut raw = false;
    while let Some(&c) = b.get(i) {
        match c {
            b'r' | b'R' => raw = true,
            b'u' | b'U' => {}
            b'\'' | b'"' => break,
            _ => return None,
        }
        i += 1;
    }
    let q = *b.get(i)?;
    let triple = b.get(i..i + 3) == Some(&[q, q, q][..]);
    let ql = if triple { 3 } else { 1 };
    i += ql;
    let body_start = i;
    loop {
        match b.get(i)? {
            b'\\' => i += 2,
            &c if c == q && (!triple || b.get(i..i + 3) == Some(&[q, q, q][..])) => break,
            _ => i += 1,
        }
    }
    let body = src.get(body_start..i)?;
    if raw {
        out.extend(body.chars().map(|c| c as u32));
    } else {
        unescape(body, out)?;
    }
    Some(i + ql)
}

/// The escapes of a non-raw str literal.
pub(crate) fn unescape(body: &str, out: &mut Vec<u32>) -> Option<()> {
    let mut it = body.chars().peekable();
    while let Some(c) = it.next() {
        if c != '\\' {
            out.push(c as u32);
            continue;
        }
        let Some(e) = it.next() else {
            out.push('\\' as u32);
            break;
        };
        let simple = match e {
            '\n' => continue,
            '\\' | '\'' | '"' => e,
            'a' => '\x07',
            'b' => '\x08',
            'f' => '\x0c',
            'n' => '\n',
            'r' => '\r',
            't' => '\t',
            'v' => '\x0b',
            '0'..='7' => {
                let mut n = e.to_digit(8)?;
                for _ in 0..2 {
                    match it.peek().and_then(|d| d.to_digit(8)) {
                        Some(d) => {
                            n = n * 8 + d;
                            it.next();
                        }
                        None => break,
                    }
                }
                out.push(n);
                continue;
            }
            'x' | 'u' | 'U' => {
                let digits = match e {
                    'x' => 2,
                    'u' => 4,
                    _ => 8,
                };
                let hex: String = (0..digits).filter_map(|_| it.next()).collect();
                out.push(u32::from_str_radix(&hex, 16).ok()?);
                continue;
            }
            'N' => {
                if it.next()? != '{' {
                    return None;
                }
                let name: String = it.by_ref().take_while(|&c| c != '}').collect();
                out.push(unicode_names2::character(&name)? as u32);
                continue;
            }
            other => {
                out.push('\\' as u32);
                other
            }
        };
        out.push(simple as u32);
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::literal_code_points;

    #[test]
    fn reads_escapes_and_adjacent_literals() {
        assert_eq!(literal_code_points(r"'a\ud800'"), Some(vec![0x61, 0xD800]));
        assert_eq!(
            literal_code_points("('\\udc80' # c\n \"\\x41\\N{EURO SIGN}\")"),
            Some(vec![0xDC80, 0x41, 0x20AC])
        );
        assert_eq!(
            literal_code_points(r"r'\ud800'"),
            Some(r"\ud800".chars().map(|c| c as u32).collect())
        );
        assert_eq!(
            literal_code_points(r"'''a\'''b'''"),
            Some("a'''b".chars().map(|c| c as u32).collect())
        );
    }
}
