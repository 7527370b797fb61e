//! Python `repr(str)`, needed for error messages that quote the input.

use crate::printable_table::NON_PRINTABLE;

/// `str.isprintable()` for one character (CPython 3.11 / Unicode 14.0).
fn is_printable(c: char) -> bool {
    let u = c as u32;
    if (0x20..0x7f).contains(&u) {
        return true;
    }
    NON_PRINTABLE
        .binary_search_by(|&(lo, hi)| {
            if hi < u {
                std::cmp::Ordering::Less
            } else if lo > u {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_err()
}

/// `repr(s)` for a Python `str`.
pub fn py_str_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if is_printable(c) => out.push(c),
            c => {
                let u = c as u32;
                if u < 0x100 {
                    out.push_str(&format!("\\x{:02x}", u));
                } else if u < 0x10000 {
                    out.push_str(&format!("\\u{:04x}", u));
                } else {
                    out.push_str(&format!("\\U{:08x}", u));
                }
            }
        }
    }
    out.push(quote);
    out
}

/// `%.200R`-style: the repr cut to at most `max` characters.
pub(crate) fn repr_truncated(s: &str, max: usize) -> String {
    let r = py_str_repr(s);
    match r.char_indices().nth(max) {
        Some((i, _)) => r[..i].to_string(),
        None => r,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reprs() {
        assert_eq!(
            py_str_repr("a\n\u{e9}\u{200b}'\""),
            "'a\\n\u{e9}\\u200b\\'\"'"
        );
        assert_eq!(py_str_repr("it's"), "\"it's\"");
        assert_eq!(
            py_str_repr("\x7f\u{a0}\u{10ffff}\u{1f600}"),
            "'\\x7f\\xa0\\U0010ffff\u{1f600}'"
        );
    }
}
