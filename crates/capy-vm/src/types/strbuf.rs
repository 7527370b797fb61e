//! Strs with lone surrogates (U+D800..U+DFFF). A `PyStr` keeps valid
//! UTF-8 text with U+FFFD at each surrogate and a side table of the real
//! values (see `PyStr::surrogates`); this module builds such strs and
//! holds the code-point-level slow paths that operations take when a
//! side table is present. Strs without surrogates never come here.

use crate::obj::{Obj, PyStr};
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;
use std::cmp::Ordering;

/// Text under construction that may hold lone surrogates.
#[derive(Default)]
pub struct StrBuf {
    pub s: String,
    chars: usize,
    sur: Vec<(u32, u16)>,
}

impl StrBuf {
    pub fn with_capacity(n: usize) -> StrBuf {
        StrBuf {
            s: String::with_capacity(n),
            ..StrBuf::default()
        }
    }
    pub fn push(&mut self, c: char) {
        self.s.push(c);
        self.chars += 1;
    }
    /// Any code point: a surrogate goes to the side table; a number past
    /// U+10FFFF (callers check) is kept as U+FFFD.
    pub fn push_cp(&mut self, cp: u32) {
        if (0xD800..0xE000).contains(&cp) {
            self.sur.push((self.chars as u32, cp as u16));
        }
        self.push(char::from_u32(cp).unwrap_or('\u{fffd}'));
    }
    pub fn push_str(&mut self, s: &str) {
        self.s.push_str(s);
        self.chars += if s.is_ascii() {
            s.len()
        } else {
            s.chars().count()
        };
    }
    /// Code points `from..to` of `p` (clamped to its length).
    pub fn push_range(&mut self, p: &PyStr, from: usize, to: usize) {
        let to = to.min(p.char_len());
        if from >= to {
            return;
        }
        let (b0, b1) = (p.byte_offset(from), p.byte_offset(to));
        for &(at, u) in p.surrogates_in(from, to) {
            let at = at as usize - from + self.chars;
            self.sur.push((at as u32, u));
        }
        self.s.push_str(p.s.get(b0..b1).unwrap_or(""));
        self.chars += to - from;
    }
    pub fn push_pystr(&mut self, p: &PyStr) {
        if !p.has_surrogates() {
            // The whole text: no offsets to find, no side table to copy.
            self.s.push_str(&p.s);
            self.chars += p.char_len();
            return;
        }
        self.push_range(p, 0, p.char_len());
    }
    pub fn char_len(&self) -> usize {
        self.chars
    }
    pub fn into_pystr(self) -> PyStr {
        if self.sur.is_empty() {
            let hash = crate::heap::str_hash(&self.s);
            return PyStr::new(self.s.into_boxed_str(), hash);
        }
        PyStr::with_surrogates(self.s.into_boxed_str(), self.sur)
    }
}

impl Vm {
    /// A new str from a builder (the plain path when it has no surrogates).
    pub fn new_strbuf(&mut self, b: StrBuf) -> PyResult {
        if b.sur.is_empty() {
            return self.new_string(b.s);
        }
        Ok(Value::Obj(self.alloc(Obj::Str(b.into_pystr()))?))
    }
    /// A new str holding the given code points.
    pub fn new_code_points(&mut self, cps: &[u32]) -> PyResult {
        let mut b = StrBuf::with_capacity(cps.len());
        for &c in cps {
            b.push_cp(c);
        }
        self.new_strbuf(b)
    }
}

/// The str values joined (others are skipped), lone surrogates kept.
pub fn concat(vm: &mut Vm, parts: &[Value]) -> PyResult {
    let mut b = StrBuf::default();
    for &v in parts {
        if let Some(p) = vm.heap.pystr(v) {
            b.push_pystr(p);
        }
    }
    vm.new_strbuf(b)
}

/// `f` applied to each run of text between lone surrogates (told whether
/// the run starts the str), the surrogates kept in between.
pub fn map_runs_at(vm: &mut Vm, v: Value, f: impl Fn(&str, bool) -> String) -> PyResult {
    let Some(p) = vm.heap.pystr(v) else {
        return vm.new_str("");
    };
    let mut b = StrBuf::with_capacity(p.s.len());
    let mut from = 0;
    let run = |b: &mut StrBuf, from: usize, to: usize| {
        if from < to {
            let (x, y) = (p.byte_offset(from), p.byte_offset(to));
            b.push_str(&f(p.s.get(x..y).unwrap_or(""), from == 0));
        }
    };
    for &(at, u) in p.surrogates() {
        run(&mut b, from, at as usize);
        b.push_cp(u as u32);
        from = at as usize + 1;
    }
    run(&mut b, from, p.char_len());
    vm.new_strbuf(b)
}

/// Code point order (UTF-8 byte order is the same when there are no
/// surrogates; U+FFFD stands for each surrogate in the text).
pub fn str_cmp(x: &PyStr, y: &PyStr) -> Ordering {
    if !x.has_surrogates() && !y.has_surrogates() {
        return x.s.as_bytes().cmp(y.s.as_bytes());
    }
    x.code_points().cmp(y.code_points())
}

/// The code points of a str value, if it has surrogates (the slow path
/// operations take); None for plain strs and other values.
pub fn wide_of(vm: &Vm, v: Value) -> Option<Vec<u32>> {
    let p = vm.heap.pystr(v)?;
    p.has_surrogates().then(|| p.code_points().collect())
}

/// The code points of any str value.
pub fn code_points_of(vm: &Vm, v: Value) -> Option<Vec<u32>> {
    vm.heap.pystr(v).map(|p| p.code_points().collect())
}

/// The first index at or after `from` where `n` occurs in `h` (before `to`).
pub fn find_cp(h: &[u32], n: &[u32], from: usize, to: usize) -> Option<usize> {
    let h = h.get(..to.min(h.len()))?;
    if n.is_empty() {
        return (from <= h.len()).then_some(from);
    }
    (from..h.len().saturating_sub(n.len() - 1)).find(|&i| h.get(i..i + n.len()) == Some(n))
}

/// The last index in `from..to` where `n` occurs in `h`.
pub fn rfind_cp(h: &[u32], n: &[u32], from: usize, to: usize) -> Option<usize> {
    let h = h.get(..to.min(h.len()))?;
    if n.is_empty() {
        return (from <= h.len()).then_some(h.len());
    }
    (from..h.len().saturating_sub(n.len() - 1))
        .rev()
        .find(|&i| h.get(i..i + n.len()) == Some(n))
}

/// Non-overlapping occurrences of `n` in `h[from..to]`.
pub fn count_cp(h: &[u32], n: &[u32], from: usize, to: usize) -> usize {
    let to = to.min(h.len());
    if from > to {
        return 0;
    }
    if n.is_empty() {
        return to - from + 1;
    }
    let (mut i, mut k) = (from, 0);
    while let Some(j) = find_cp(h, n, i, to) {
        k += 1;
        i = j + n.len();
    }
    k
}

/// `repr()` of a str with lone surrogates: each surrogate as `\udXXX`,
/// everything else as for any str.
pub fn wide_repr(p: &PyStr) -> String {
    let quote = if p.s.contains('\'') && !p.s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(p.s.len() + 8);
    out.push(quote);
    for cp in p.code_points() {
        match char::from_u32(cp) {
            Some(c) if c == quote || c == '\\' => {
                out.push('\\');
                out.push(c);
            }
            Some(c) => {
                // The plain repr of the one character, without its quotes.
                let r = numfmt::py_str_repr(c.encode_utf8(&mut [0; 4]));
                out.push_str(r.get(1..r.len() - 1).unwrap_or(""));
            }
            None => out.push_str(&format!("\\u{cp:04x}")),
        }
    }
    out.push(quote);
    out
}
