//! The backtracking engine under `re`, for the patterns the linear one
//! cannot run: backreferences (`\1`, `(?P=name)`), look-ahead and
//! look-behind, and `$` outside multi-line mode (Python's `$` also
//! matches before a final newline, a look-ahead). It is fancy-regex,
//! which hands every part that needs no backtracking to the same
//! regex-automata engine the rest of `re` uses.
//!
//! A backtracking search can take exponential time. fancy-regex counts
//! backtracking steps and gives up past a limit; the search is then run
//! again with twice the limit, after a look at the instance's time and
//! step budgets, so a catastrophic pattern ends in TimeoutError (or
//! KeyboardInterrupt) instead of running unchecked. The repeated work is
//! at most half of the total, and a search overruns the deadline by at
//! most the time spent before it.

use fancy_regex::{Regex, RegexBuilder, RegexInput};
use std::cell::{Cell, RefCell};

/// Backtracking steps allowed before the first look at the budget.
const FIRST_LIMIT: usize = 1 << 20;

pub struct Backtracking {
    re: RefCell<Regex>,
    pattern: String,
    flags: Flags,
    /// Matches must not be empty (the search after an empty match).
    not_empty: bool,
    limit: Cell<usize>,
}

#[derive(Clone, Copy)]
pub struct Flags {
    pub case_insensitive: bool,
    pub multi_line: bool,
    pub dot_all: bool,
    pub verbose: bool,
    pub unicode: bool,
}

/// A search that ran out of backtracking steps.
pub struct OutOfSteps;

fn build(pattern: &str, f: Flags, not_empty: bool, limit: usize) -> Result<Regex, String> {
    RegexBuilder::new(pattern)
        .find_not_empty(not_empty)
        .case_insensitive(f.case_insensitive)
        .multi_line(f.multi_line)
        .dot_matches_new_line(f.dot_all)
        .ignore_whitespace(f.verbose)
        .unicode_mode(f.unicode)
        .backtrack_limit(limit)
        .build()
        .map_err(|e| match e {
            fancy_regex::Error::CompileError(c) => format!("{c}"),
            fancy_regex::Error::ParseError(_, p) => format!("{p}"),
            other => format!("{other}"),
        })
}

impl Backtracking {
    pub fn new(pattern: String, flags: Flags) -> Result<Backtracking, String> {
        Self::with(pattern, flags, false)
    }

    /// The same pattern, finding only non-empty matches (its best
    /// non-empty match where its best match is empty). Err also for a
    /// pattern that can only match empty.
    pub fn not_empty(pattern: String, flags: Flags) -> Result<Backtracking, String> {
        Self::with(pattern, flags, true)
    }

    fn with(pattern: String, flags: Flags, not_empty: bool) -> Result<Backtracking, String> {
        let re = build(&pattern, flags, not_empty, FIRST_LIMIT)?;
        Ok(Backtracking {
            re: RefCell::new(re),
            pattern,
            flags,
            not_empty,
            limit: Cell::new(FIRST_LIMIT),
        })
    }

    pub fn captures_len(&self) -> usize {
        self.re.borrow().captures_len()
    }

    pub fn names(&self) -> Vec<Option<String>> {
        self.re
            .borrow()
            .capture_names()
            .map(|n| n.map(str::to_string))
            .collect()
    }

    /// Rebuilds the regex with twice the backtracking limit.
    pub fn raise_limit(&self) {
        let limit = self.limit.get().saturating_mul(2);
        if let Ok(re) = build(&self.pattern, self.flags, self.not_empty, limit) {
            if let Ok(mut slot) = self.re.try_borrow_mut() {
                *slot = re;
                self.limit.set(limit);
            }
        }
    }

    /// The leftmost match in `hay[at..end]` (at `at` only when
    /// `anchored`), as the spans of its groups.
    pub fn search(
        &self,
        hay: &str,
        at: usize,
        end: usize,
        anchored: bool,
        spans: &mut Vec<Option<(usize, usize)>>,
    ) -> Result<bool, OutOfSteps> {
        let re = self.re.borrow();
        let input = RegexInput::new(hay).range(at..end).anchored(anchored);
        match re.captures_input(input) {
            Ok(Some(c)) => {
                spans.clear();
                spans.extend((0..c.len()).map(|g| c.get(g).map(|m| (m.start(), m.end()))));
                Ok(true)
            }
            Ok(None) => Ok(false),
            Err(fancy_regex::Error::RuntimeError(
                fancy_regex::RuntimeError::BacktrackLimitExceeded,
            )) => Err(OutOfSteps),
            Err(_) => Ok(false),
        }
    }
}

/// Whether a Python pattern needs backtracking: a backreference, a
/// look-around, or (outside multi-line mode) a `$`.
pub fn needed(p: &[char], multi_line: bool) -> bool {
    let mut i = 0;
    let mut in_class = false;
    while i < p.len() {
        match p[i] {
            '\\' => {
                if !in_class && matches!(p.get(i + 1), Some('1'..='9')) {
                    return true;
                }
                i += 2;
                continue;
            }
            '[' if !in_class => in_class = true,
            ']' if in_class => in_class = false,
            '$' if !in_class && !multi_line => return true,
            '(' if !in_class && p.get(i + 1) == Some(&'?') => {
                let rest: String = p[i + 2..p.len().min(i + 5)].iter().collect();
                if rest.starts_with('=')
                    || rest.starts_with('!')
                    || rest.starts_with("<=")
                    || rest.starts_with("<!")
                    || rest.starts_with("P=")
                {
                    return true;
                }
            }
            _ => {}
        }
        i += 1;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags() -> Flags {
        Flags {
            case_insensitive: false,
            multi_line: false,
            dot_all: false,
            verbose: false,
            unicode: true,
        }
    }

    #[test]
    fn only_patterns_that_need_it_backtrack() {
        let chars = |s: &str| s.chars().collect::<Vec<_>>();
        for p in [r"(a)\1", "(?=a)", "(?<!b)c", "(?P<x>a)(?P=x)", "a$"] {
            assert!(needed(&chars(p), false), "{p}");
        }
        for p in [r"[\1$]", "(?:a)", "(?P<x>a)", r"a\$", "a+b"] {
            assert!(!needed(&chars(p), false), "{p}");
        }
        assert!(!needed(&chars("a$"), true));
    }

    #[test]
    fn a_catastrophic_search_runs_out_of_steps_then_goes_further() {
        let b = Backtracking::new(r"(x+x+)+\1y".into(), flags()).unwrap();
        let hay = "x".repeat(40);
        let mut spans = Vec::new();
        assert!(b.search(&hay, 0, hay.len(), false, &mut spans).is_err());
        let before = b.limit.get();
        b.raise_limit();
        assert_eq!(b.limit.get(), before * 2);
    }
}
