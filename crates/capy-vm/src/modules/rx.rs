//! The regex engine under `re` (modules/re.rs): translation of Python
//! pattern syntax, compiled regexes and their per-instance cache, subjects
//! and the match loop, all drawing on the instance's budget.
//!
//! Compiled regexes (regex-automata's meta engine, the one inside the
//! `regex` crate, used directly for its memory accounting) cannot live on
//! the VM heap, so each instance keeps a small cache of them in `Vm`. Their
//! memory, as the engine reports it, counts against the heap quota: it is
//! charged when it grows and added back after every collection (see
//! `Vm::collect_garbage`), and a quota too full for it empties the cache.
//! The engine's own limits bound what one pattern may take, and the cache
//! is bounded in entries and in bytes.
//!
//! Matching runs in linear time, but one search over a huge subject still
//! cannot be interrupted: the budget is checked between matches.

use crate::vm::Vm;
use crate::PyResult;
use regex_automata::meta;
use regex_automata::util::captures::Captures;
use regex_automata::util::syntax;
use regex_automata::{Anchored, Input, MatchKind};
use std::cell::{Cell, OnceCell, RefCell};
use std::rc::Rc;

pub const I: i64 = 2;
pub const M: i64 = 8;
pub const S: i64 = 16;
pub const U: i64 = 32;
pub const X: i64 = 64;
pub const A: i64 = 256;

/// The largest compiled program (NFA) one pattern may build.
const NFA_LIMIT: usize = 4 << 20;
/// The lazy DFA's state cache, per search direction.
const DFA_CACHE: usize = 1 << 20;
/// Patterns longer than this are refused before parsing: the parser takes
/// about `PARSE_BYTES` per pattern character (measured: 430 MB for 4 MB of
/// literal), and no pattern this long compiles within `NFA_LIMIT` anyway.
const MAX_PATTERN: usize = 512 << 10;
const PARSE_BYTES: usize = 128;
/// Compiled regexes kept per instance, and the bytes they may hold. The
/// bytes are added to the heap's count after every collection, and so to
/// the allocation that brings on the next one. A regex bigger than this
/// is compiled for each call that uses it. The cache is first in, first
/// out, so a program cycling through more patterns than it holds misses
/// every time: 32 entries did for pyperformance's regex_v8 (133 patterns
/// passed as strings; compiling was 3/4 of its time). CPython keeps 512.
const CACHE_ENTRIES: usize = 256;
const CACHE_BYTES: usize = 8 << 20;

/// A compiled pattern with its scratch space.
pub struct Rx {
    engine: Engine,
    /// Bytes charged to the quota for this regex so far.
    charged: Cell<usize>,
    /// The search after an empty match first looks for a non-empty match
    /// at the same place (CPython's rule): a backtracking engine for that,
    /// built the first time it is needed from this source (in
    /// fancy-regex's syntax). None for bytes and fullmatch patterns.
    not_empty_src: Option<(String, super::rxback::Flags)>,
    not_empty: OnceCell<Option<super::rxback::Backtracking>>,
}

enum Engine {
    /// Linear time (regex-automata's meta engine): most patterns.
    Linear {
        re: meta::Regex,
        /// Boxed: the cache is large and the other engine small.
        cache: Box<RefCell<meta::Cache>>,
    },
    /// Backreferences, look-around, Python's `$` (rxback.rs).
    Backtracking(super::rxback::Backtracking),
}

impl Rx {
    pub fn captures_len(&self) -> usize {
        match &self.engine {
            Engine::Linear { re, .. } => re.captures_len(),
            Engine::Backtracking(b) => b.captures_len(),
        }
    }

    pub fn names(&self) -> Vec<Option<String>> {
        match &self.engine {
            Engine::Linear { re, .. } => re
                .group_info()
                .pattern_names(regex_automata::PatternID::ZERO)
                .map(|n| n.map(str::to_string))
                .collect(),
            Engine::Backtracking(b) => b.names(),
        }
    }

    fn bytes(&self) -> usize {
        let engine = match &self.engine {
            Engine::Linear { re, cache } => {
                re.memory_usage()
                    + cache
                        .try_borrow()
                        .map_or(0, |c| c.memory_usage() + std::mem::size_of::<meta::Cache>())
            }
            // fancy-regex does not report its memory: a fixed estimate.
            Engine::Backtracking(_) => 64 << 10,
        };
        engine + std::mem::size_of::<Rx>()
    }

    /// Charges what the regex has grown by since it was last charged (its
    /// lazy DFA fills its cache as it searches).
    fn charge_growth(&self, vm: &mut Vm) -> PyResult<()> {
        let now = self.bytes();
        let before = self.charged.get();
        if now > before {
            vm.charge(now - before)?;
            self.charged.set(now);
        }
        Ok(())
    }
}

type CacheKey = (Vec<u8>, bool, i64, bool);

/// One instance's compiled regexes, most recently compiled last.
#[derive(Default)]
pub struct ReCache {
    entries: Vec<(CacheKey, Rc<Rx>)>,
}

impl ReCache {
    /// Bytes the cached regexes hold, for the heap quota.
    pub fn bytes(&self) -> usize {
        self.entries.iter().map(|(_, r)| r.charged.get()).sum()
    }

    pub fn clear(&mut self) {
        self.entries.clear();
    }
}

/// The subject of a search: str subjects are matched as their UTF-8 bytes.
pub enum Hay {
    Str(String),
    Bytes(Vec<u8>),
}

impl Hay {
    pub fn bytes(&self) -> &[u8] {
        match self {
            Hay::Str(s) => s.as_bytes(),
            Hay::Bytes(b) => b,
        }
    }
    pub fn len(&self) -> usize {
        self.bytes().len()
    }
    pub fn is_empty(&self) -> bool {
        self.bytes().is_empty()
    }
    /// Byte offset of the code point after the one at byte `b`.
    pub fn next_char(&self, b: usize) -> usize {
        match self {
            Hay::Str(s) => s
                .get(b..)
                .and_then(|t| t.chars().next())
                .map_or(b + 1, |c| b + c.len_utf8()),
            Hay::Bytes(_) => b + 1,
        }
    }
}

/// Byte offsets → code point indices for one non-ASCII str subject: the
/// count of code points before every `STRIDE`-th byte, the rest counted
/// on demand (an entry per code point took 8 bytes per character).
pub struct Pos {
    marks: Option<Vec<usize>>,
}

const STRIDE: usize = 256;

fn is_char_start(b: u8) -> bool {
    b & 0xC0 != 0x80
}

impl Pos {
    pub fn new(vm: &mut Vm, h: &Hay, held: usize) -> PyResult<Pos> {
        match h {
            Hay::Str(s) if !s.is_ascii() => {
                let n = s.len() / STRIDE + 1;
                vm.reserve_temp(held + n * std::mem::size_of::<usize>())?;
                let mut marks = Vec::with_capacity(n);
                let mut count = 0;
                for block in s.as_bytes().chunks(STRIDE) {
                    marks.push(count);
                    count += block.iter().filter(|&&b| is_char_start(b)).count();
                }
                marks.push(count);
                Ok(Pos { marks: Some(marks) })
            }
            _ => Ok(Pos { marks: None }),
        }
    }
    /// Bytes this map holds.
    pub fn bytes(&self) -> usize {
        self.marks
            .as_ref()
            .map_or(0, |m| m.capacity() * std::mem::size_of::<usize>())
    }

    /// The number of code points of the subject.
    pub fn chars(&self, hay: &Hay) -> usize {
        match &self.marks {
            Some(m) => m.last().copied().unwrap_or(0),
            None => hay.len(),
        }
    }

    /// The byte offset of code point `i` (clamped to the end).
    pub fn byte(&self, hay: &Hay, i: usize) -> usize {
        let bytes = hay.bytes();
        let Some(m) = &self.marks else {
            return i.min(bytes.len());
        };
        // The last block starting at or before code point i.
        let k = m.partition_point(|&c| c <= i).saturating_sub(1);
        let mut count = m[k];
        for (off, &b) in bytes.iter().enumerate().skip(k * STRIDE) {
            if is_char_start(b) {
                if count == i {
                    return off;
                }
                count += 1;
            }
        }
        bytes.len()
    }

    /// The code point index of byte offset `b` (a code point boundary).
    pub fn idx(&self, hay: &Hay, b: usize) -> usize {
        match &self.marks {
            Some(m) => {
                let k = b / STRIDE;
                let from = k * STRIDE;
                let bytes = hay.bytes();
                m[k] + bytes[from..b.min(bytes.len())]
                    .iter()
                    .filter(|&&x| is_char_start(x))
                    .count()
            }
            None => b,
        }
    }
}

/// Group spans (byte offsets) of one match; None for a group that did not
/// take part.
pub type Spans = Vec<Option<(usize, usize)>>;

/// Calls `f` with each of the non-overlapping matches in `hay[start..end]`
/// (at most `limit` of them when nonzero), with Python 3.7's rule for
/// empty matches: an empty match may follow a non-empty one directly, but
/// after an empty match the next match is the best non-empty one at the
/// same place, or else the search resumes one character later. The budget
/// is checked between matches, and so is that the `held` bytes of copies
/// the caller keeps outside the heap still fit beside it. Returns the
/// number of matches.
#[allow(clippy::too_many_arguments)]
pub fn each_match(
    vm: &mut Vm,
    rx: &Rx,
    hay: &Hay,
    start: usize,
    end: usize,
    limit: usize,
    held: usize,
    mut f: impl FnMut(&mut Vm, &Spans) -> PyResult<()>,
) -> PyResult<usize> {
    each_match_anchored(vm, rx, hay, (start, end), limit, held, false, &mut f)
}

#[allow(clippy::too_many_arguments)]
fn each_match_anchored(
    vm: &mut Vm,
    rx: &Rx,
    hay: &Hay,
    (start, end): (usize, usize),
    limit: usize,
    held: usize,
    anchored: bool,
    f: &mut dyn FnMut(&mut Vm, &Spans) -> PyResult<()>,
) -> PyResult<usize> {
    let mut caps = match &rx.engine {
        Engine::Linear { re, .. } => Some(re.create_captures()),
        Engine::Backtracking(_) => None,
    };
    let mut spans: Spans = Vec::with_capacity(rx.captures_len());
    let mut at = start;
    let mut n = 0;
    // The last match was empty (and ended at `at`).
    let mut after_empty = false;
    while at <= end && (limit == 0 || n < limit) {
        // Every search may scan to the end of the subject: the clock is
        // read before each one.
        vm.check_deadline()?;
        if n % 64 == 0 {
            vm.reserve_temp(held)?;
        }
        let mut found = false;
        if after_empty {
            if let Some(b) = not_empty_engine(rx) {
                found = backtrack(vm, b, hay, end, at, true, &mut spans)?;
            }
            if !found {
                at = hay.next_char(at);
                if at > end {
                    break;
                }
            }
        }
        if !found {
            found = match (&rx.engine, caps.as_mut()) {
                (Engine::Linear { re, cache }, Some(caps)) => {
                    search(re, cache, hay, end, at, anchored, caps, &mut spans)
                }
                (Engine::Backtracking(b), _) => {
                    backtrack(vm, b, hay, end, at, anchored, &mut spans)?
                }
                _ => false,
            };
        }
        if !found {
            break;
        }
        let Some((a, b)) = spans.first().copied().flatten() else {
            break;
        };
        after_empty = a == b;
        at = b;
        n += 1;
        f(vm, &spans)?;
    }
    rx.charge_growth(vm)?;
    Ok(n)
}

/// The engine for a non-empty match where the pattern's best is empty,
/// built on first use; None where there is none (bytes patterns, a
/// pattern that only matches empty, or one fancy-regex cannot take).
fn not_empty_engine(rx: &Rx) -> Option<&super::rxback::Backtracking> {
    rx.not_empty
        .get_or_init(|| {
            let (src, flags) = rx.not_empty_src.clone()?;
            super::rxback::Backtracking::not_empty(src, flags).ok()
        })
        .as_ref()
}

/// The backtracking engine's leftmost match: as [`search`], running the
/// search again with a higher step limit after each look at the budget.
fn backtrack(
    vm: &mut Vm,
    b: &super::rxback::Backtracking,
    hay: &Hay,
    end: usize,
    at: usize,
    anchored: bool,
    spans: &mut Spans,
) -> PyResult<bool> {
    let Hay::Str(s) = hay else {
        return Ok(false);
    };
    if at > end || end > s.len() {
        return Ok(false);
    }
    loop {
        match b.search(s, at, end, anchored, spans) {
            Ok(found) => return Ok(found),
            Err(super::rxback::OutOfSteps) => {
                vm.poll_budget()?;
                vm.check_deadline()?;
                b.raise_limit();
            }
        }
    }
}

/// The leftmost match at or after `at` in `hay[..end]`, into `spans`.
#[allow(clippy::too_many_arguments)]
fn search(
    re: &meta::Regex,
    cache: &RefCell<meta::Cache>,
    hay: &Hay,
    end: usize,
    at: usize,
    anchored: bool,
    caps: &mut Captures,
    spans: &mut Spans,
) -> bool {
    let Some(h) = hay.bytes().get(..end) else {
        return false;
    };
    if at > h.len() {
        return false;
    }
    let mut input = Input::new(h).range(at..);
    if anchored {
        // `match` and `fullmatch` need not scan past the start.
        input = input.anchored(Anchored::Yes);
    }
    // Borrowed only for the search: `f` above may run Python code that
    // uses the same pattern.
    match cache.try_borrow_mut() {
        Ok(mut cache) => re.search_captures_with(&mut cache, &input, caps),
        Err(_) => re.search_captures(&input, caps),
    }
    if !caps.is_match() {
        return false;
    }
    spans.clear();
    spans.extend((0..caps.group_len()).map(|g| caps.get_group(g).map(|s| (s.start, s.end))));
    true
}

/// The one match of `search`, or of `match`/`fullmatch` when `anchored`
/// (at `start` only), if any.
pub fn first_match(
    vm: &mut Vm,
    rx: &Rx,
    hay: &Hay,
    start: usize,
    end: usize,
    anchored: bool,
) -> PyResult<Option<Spans>> {
    let mut found = None;
    let mut keep = |_: &mut Vm, s: &Spans| {
        found = Some(s.clone());
        Ok(())
    };
    each_match_anchored(vm, rx, hay, (start, end), 1, 0, anchored, &mut keep)?;
    Ok(found)
}

// ---------------------------------------------------------------- compiling

/// A compiled regex for a pattern's source, from the instance's cache when
/// it is there. `Err` carries the message of the `re.error` to raise.
pub fn compile(
    vm: &mut Vm,
    src: &[u8],
    is_bytes: bool,
    flags: i64,
    full: bool,
) -> PyResult<Result<Rc<Rx>, String>> {
    let key: CacheKey = (src.to_vec(), is_bytes, flags, full);
    if let Some(r) = vm.re_cache.entries.iter().find(|(k, _)| *k == key) {
        return Ok(Ok(r.1.clone()));
    }
    if src.len() > MAX_PATTERN {
        return Ok(Err("pattern too large".into()));
    }
    vm.reserve_temp(src.len().saturating_mul(PARSE_BYTES))?;
    let chars: Vec<char> = if is_bytes {
        src.iter().map(|&b| b as char).collect()
    } else {
        String::from_utf8_lossy(src).chars().collect()
    };
    let backtracking = super::rxback::needed(&chars, flags & M != 0);
    if backtracking && is_bytes {
        return Ok(Err(
            "backreferences, look-around and $ in bytes patterns are not supported".into(),
        ));
    }
    let mut t = match translate(&chars, backtracking, flags & M != 0) {
        Ok(t) => t,
        Err(m) => return Ok(Err(m)),
    };
    if is_bytes {
        // Bytes patterns are Latin-1 here: spell high bytes as escapes.
        t = t
            .chars()
            .map(|c| {
                if (c as u32) > 0x7f {
                    format!("\\x{:02X}", c as u32)
                } else {
                    c.to_string()
                }
            })
            .collect();
    }
    if full {
        t = format!("(?:{t})\\z");
    }
    let f = super::rxback::Flags {
        case_insensitive: flags & I != 0,
        multi_line: flags & M != 0,
        dot_all: flags & S != 0,
        verbose: flags & X != 0,
        unicode: flags & A == 0,
    };
    let not_empty_src = match (is_bytes || full, backtracking) {
        (true, _) => None,
        (false, true) => Some((t.clone(), f)),
        (false, false) => translate(&chars, true, flags & M != 0)
            .ok()
            .map(|bt| (bt, f)),
    };
    let engine = if backtracking {
        match super::rxback::Backtracking::new(t, f) {
            Ok(b) => Engine::Backtracking(b),
            Err(m) => return Ok(Err(m)),
        }
    } else {
        match linear(&t, is_bytes, flags) {
            Ok(e) => e,
            Err(m) => return Ok(Err(m)),
        }
    };
    let rx = Rc::new(Rx {
        engine,
        charged: Cell::new(0),
        not_empty_src,
        not_empty: OnceCell::new(),
    });
    if rx.charge_growth(vm).is_err() {
        // Make room by forgetting the other regexes, then try again.
        vm.re_cache.clear();
        rx.charge_growth(vm)?;
    }
    let cache = &mut vm.re_cache;
    if rx.charged.get() <= CACHE_BYTES {
        cache.entries.push((key, rx.clone()));
        while cache.entries.len() > CACHE_ENTRIES || cache.bytes() > CACHE_BYTES {
            cache.entries.remove(0);
        }
    }
    Ok(Ok(rx))
}

/// The linear-time engine for a translated pattern.
fn linear(t: &str, is_bytes: bool, flags: i64) -> Result<Engine, String> {
    let syn = syntax::Config::new()
        .unicode(!is_bytes)
        .utf8(!is_bytes)
        .case_insensitive(flags & I != 0)
        .multi_line(flags & M != 0)
        .dot_matches_new_line(flags & S != 0)
        .ignore_whitespace(flags & X != 0);
    let cfg = meta::Config::new()
        .match_kind(MatchKind::LeftmostFirst)
        .utf8_empty(!is_bytes)
        .nfa_size_limit(Some(NFA_LIMIT))
        .hybrid_cache_capacity(DFA_CACHE);
    let re = match meta::Builder::new().configure(cfg).syntax(syn).build(t) {
        Ok(r) => r,
        Err(e) => {
            let msg = if e.size_limit().is_some() {
                "pattern too large".to_string()
            } else if let Some(s) = e.syntax_error() {
                s.to_string()
                    .lines()
                    .last()
                    .unwrap_or("invalid pattern")
                    .trim()
                    .to_string()
            } else {
                "invalid pattern".to_string()
            };
            return Err(msg);
        }
    };
    let cache = Box::new(RefCell::new(re.create_cache()));
    Ok(Engine::Linear { re, cache })
}

/// Rewrites Python regex syntax into the engine's (`backtracking`: into
/// fancy-regex's, which takes backreferences and look-around).
fn translate(p: &[char], backtracking: bool, multi_line: bool) -> Result<String, String> {
    let mut out = String::with_capacity(p.len() + 8);
    let mut i = 0;
    let mut in_class = false;
    while i < p.len() {
        let c = p[i];
        if in_class {
            match c {
                '\\' => {
                    let Some(&n) = p.get(i + 1) else {
                        return Err("bad escape (end of pattern)".into());
                    };
                    push_escape(&mut out, n);
                    i += 2;
                    continue;
                }
                ']' => in_class = false,
                '[' | '&' | '~' => out.push('\\'),
                '-' if p.get(i + 1) == Some(&'-') => out.push('\\'),
                _ => {}
            }
            out.push(c);
            i += 1;
            continue;
        }
        match c {
            '\\' => {
                let Some(&n) = p.get(i + 1) else {
                    return Err("bad escape (end of pattern)".into());
                };
                match n {
                    'Z' => out.push_str("\\z"),
                    '0' => out.push_str("\\x00"),
                    '1'..='9' if backtracking => {
                        out.push('\\');
                        out.push(n);
                    }
                    '1'..='9' => return Err("backreferences are not supported".into()),
                    _ => push_escape(&mut out, n),
                }
                i += 2;
            }
            '[' => {
                in_class = true;
                out.push('[');
                i += 1;
                if p.get(i) == Some(&'^') {
                    out.push('^');
                    i += 1;
                }
                if p.get(i) == Some(&']') {
                    out.push_str("\\]");
                    i += 1;
                }
            }
            '{' => match quantifier(&p[i..]) {
                Some((text, len)) => {
                    out.push_str(&text);
                    i += len;
                }
                None => {
                    out.push_str("\\{");
                    i += 1;
                }
            },
            '}' => {
                out.push_str("\\}");
                i += 1;
            }
            '(' if p.get(i + 1) == Some(&'?') && p.get(i + 2) == Some(&'#') => {
                while i < p.len() && p[i] != ')' {
                    i += 1;
                }
                i += 1;
            }
            '(' if !backtracking
                && p.get(i + 1) == Some(&'?')
                && p.get(i + 2) == Some(&'P')
                && p.get(i + 3) == Some(&'=') =>
            {
                return Err("backreferences are not supported".into());
            }
            // Python's `$` (outside multi-line mode): the end, or before a
            // newline that ends the subject.
            '$' if backtracking && !multi_line => {
                out.push_str("(?=\\n?\\z)");
                i += 1;
            }
            _ => {
                out.push(c);
                i += 1;
            }
        }
    }
    if in_class {
        return Err("unterminated character set".into());
    }
    Ok(out)
}

fn push_escape(out: &mut String, n: char) {
    if n.is_ascii_alphanumeric() || n.is_ascii_punctuation() || n == ' ' {
        if n == ' ' {
            out.push_str("\\x20");
        } else {
            out.push('\\');
            out.push(n);
        }
    } else {
        // An escaped non-ASCII character is that character.
        out.push_str(&regex_syntax::escape(&n.to_string()));
    }
}

/// A `{m}`, `{m,}`, `{,n}` or `{m,n}` quantifier at the start of `p`.
fn quantifier(p: &[char]) -> Option<(String, usize)> {
    let close = p.iter().position(|&c| c == '}')?;
    let body: String = p[1..close].iter().collect();
    let (lo, hi) = match body.split_once(',') {
        Some((a, b)) => (a.to_string(), Some(b.to_string())),
        None => (body.clone(), None),
    };
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if !digits(&lo) || !hi.as_deref().is_none_or(digits) {
        return None;
    }
    if lo.is_empty() && hi.as_deref().is_none_or(|h| h.is_empty()) {
        return None;
    }
    let lo = if lo.is_empty() { "0".to_string() } else { lo };
    let text = match hi {
        Some(h) => format!("{{{lo},{h}}}"),
        None => format!("{{{lo}}}"),
    };
    Some((text, close + 1))
}
