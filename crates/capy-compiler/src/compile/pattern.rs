//! The `match` statement (PEP 634): each `case` pattern becomes a chain
//! of tests on the value stack.
//!
//! A pattern is compiled against the value on top of the stack, with `d`
//! values above the statement's own stack floor (the value counted). On
//! success the value is consumed and control falls through; on failure
//! control jumps to a [`Fail`] stub that pops whatever the pattern had
//! pushed, so every path reaches the next `case` with the same stack (the
//! verifier checks this). Capture names are bound as the pattern goes, as
//! PEP 634 allows: after a failed case some of its names may be bound.

use super::{CResult, Compiler, Label};
use crate::bytecode::{CmpOp, Const, Instr};
use rustpython_parser::ast::{self, Constant, Expr, Pattern, Ranged};
use std::rc::Rc;

/// Where a failing test goes: `target`, after popping the values above
/// depth `base`. Stubs are made on demand, one per depth, and emitted as
/// a chain of `Pop`s (see [`Compiler::emit_fail_stubs`]).
struct Fail {
    target: Label,
    base: usize,
    /// `stubs[k]`: the entry that pops `k + 1` values.
    stubs: Vec<Option<Label>>,
}

impl Fail {
    fn new(target: Label, base: usize) -> Fail {
        Fail {
            target,
            base,
            stubs: Vec::new(),
        }
    }
}

impl<'a, 'src> Compiler<'a, 'src> {
    pub(super) fn match_stmt(&mut self, m: &'a ast::StmtMatch) -> CResult {
        check_reachable(self, m)?;
        self.expr(&m.subject)?;
        let end = self.new_label();
        let n = m.cases.len();
        for (i, case) in m.cases.iter().enumerate() {
            self.set_line(usize::from(case.pattern.start()));
            let last = i + 1 == n;
            // All but the last case match a copy, keeping the subject for
            // the next; the last matches the subject itself.
            let next = if last { end } else { self.new_label() };
            let mut fail = Fail::new(next, usize::from(!last));
            if !last {
                self.emit(Instr::Dup);
            }
            self.pattern(&case.pattern, 1 + usize::from(!last), &mut fail)?;
            if let Some(g) = &case.guard {
                let to = self.fail_at(&mut fail, usize::from(!last));
                self.expr(g)?;
                self.jump(Instr::PopJumpIfFalse, to);
            }
            if !last {
                self.emit(Instr::Pop);
            }
            self.stmts(&case.body)?;
            self.jump(Instr::Jump, end);
            self.emit_fail_stubs(fail);
            if !last {
                self.bind(next);
            }
        }
        self.bind(end);
        Ok(())
    }

    /// The label a test at depth `d` jumps to on failure.
    fn fail_at(&mut self, f: &mut Fail, d: usize) -> Label {
        let k = d - f.base;
        if k == 0 {
            return f.target;
        }
        if f.stubs.len() < k {
            f.stubs.resize(k, None);
        }
        match f.stubs[k - 1] {
            Some(l) => l,
            None => {
                let l = self.new_label();
                f.stubs[k - 1] = Some(l);
                l
            }
        }
    }

    /// The pops of `f`, deepest first, each falling into the next; the
    /// caller has made sure nothing falls into the first.
    fn emit_fail_stubs(&mut self, f: Fail) {
        if f.stubs.is_empty() {
            return;
        }
        for stub in f.stubs.iter().rev() {
            if let Some(l) = stub {
                self.bind(*l);
            }
            self.emit(Instr::Pop);
        }
        self.jump(Instr::Jump, f.target);
    }

    /// Match the value on top (at depth `d`) against `p`.
    fn pattern(&mut self, p: &'a Pattern, d: usize, fail: &mut Fail) -> CResult {
        let off = usize::from(p.start());
        self.enter(off)?;
        let r = self.pattern_inner(p, d, fail);
        self.leave();
        r
    }

    fn pattern_inner(&mut self, p: &'a Pattern, d: usize, fail: &mut Fail) -> CResult {
        match p {
            Pattern::MatchAs(a) => match (&a.pattern, &a.name) {
                (None, None) => {
                    self.emit(Instr::Pop);
                    Ok(())
                }
                (None, Some(n)) => {
                    self.store_name_op(n.as_str());
                    Ok(())
                }
                (Some(sub), name) => {
                    if let Some(n) = name {
                        self.emit(Instr::Dup);
                        self.pattern(sub, d + 1, fail)?;
                        self.store_name_op(n.as_str());
                        Ok(())
                    } else {
                        self.pattern(sub, d, fail)
                    }
                }
            },
            Pattern::MatchValue(v) => {
                self.expr(&v.value)?;
                self.emit(Instr::Compare(CmpOp::Eq));
                let to = self.fail_at(fail, d - 1);
                self.jump(Instr::PopJumpIfFalse, to);
                Ok(())
            }
            Pattern::MatchSingleton(s) => {
                match &s.value {
                    Constant::Bool(b) => self.emit(Instr::LoadBool(*b)),
                    _ => self.emit(Instr::LoadNone),
                }
                self.emit(Instr::Compare(CmpOp::Is));
                let to = self.fail_at(fail, d - 1);
                self.jump(Instr::PopJumpIfFalse, to);
                Ok(())
            }
            Pattern::MatchSequence(s) => self.sequence_pattern(&s.patterns, d, fail),
            Pattern::MatchMapping(m) => self.mapping_pattern(m, d, fail),
            Pattern::MatchClass(c) => self.class_pattern(c, d, fail),
            Pattern::MatchOr(o) => self.or_pattern(&o.patterns, d, fail),
            Pattern::MatchStar(s) => {
                Err(self.err("can't use starred name here", usize::from(s.range.start())))
            }
        }
    }

    /// `[p1, p2, *rest, pn]`: a sequence of the right length, each item
    /// matched in order.
    fn sequence_pattern(&mut self, ps: &'a [Pattern], d: usize, fail: &mut Fail) -> CResult {
        let star = ps.iter().position(|p| matches!(p, Pattern::MatchStar(_)));
        if ps
            .iter()
            .filter(|p| matches!(p, Pattern::MatchStar(_)))
            .count()
            > 1
        {
            let off = ps.first().map_or(0, |p| usize::from(p.start()));
            return Err(self.err("multiple starred names in sequence pattern", off));
        }
        self.emit(Instr::MatchSequence);
        let to = self.fail_at(fail, d);
        self.jump(Instr::PopJumpIfFalse, to);
        let n = ps.len();
        self.emit(Instr::GetLen);
        let (want, op) = match star {
            Some(_) => (n - 1, CmpOp::Ge),
            None => (n, CmpOp::Eq),
        };
        self.emit(Instr::LoadSmallInt(small(want)));
        self.emit(Instr::Compare(op));
        self.jump(Instr::PopJumpIfFalse, to);
        match star {
            None => self.emit(Instr::UnpackSequence(small(n) as u32)),
            Some(i) => {
                let after = n - i - 1;
                // UnpackEx packs both counts in 16 bits each.
                if i > 0xffff || after > 0xffff {
                    let off = ps.first().map_or(0, |p| usize::from(p.start()));
                    return Err(self.err("too many sub-patterns in sequence pattern", off));
                }
                self.emit(Instr::UnpackEx(i as u32 | (after as u32) << 16));
            }
        }
        let mut depth = d - 1 + n;
        for p in ps {
            match p {
                Pattern::MatchStar(s) => match &s.name {
                    Some(name) => self.store_name_op(name.as_str()),
                    None => self.emit(Instr::Pop),
                },
                _ => self.pattern(p, depth, fail)?,
            }
            depth -= 1;
        }
        Ok(())
    }

    /// `{k1: p1, k2: p2, **rest}`: a mapping holding every key, each value
    /// matched in order.
    fn mapping_pattern(
        &mut self,
        m: &'a ast::PatternMatchMapping,
        d: usize,
        fail: &mut Fail,
    ) -> CResult {
        check_unique_keys(self, &m.keys)?;
        self.emit(Instr::MatchMapping);
        let to = self.fail_at(fail, d);
        self.jump(Instr::PopJumpIfFalse, to);
        let k = m.keys.len();
        if k == 0 && m.rest.is_none() {
            self.emit(Instr::Pop);
            return Ok(());
        }
        if k > 0 {
            self.emit(Instr::GetLen);
            self.emit(Instr::LoadSmallInt(small(k)));
            self.emit(Instr::Compare(CmpOp::Ge));
            self.jump(Instr::PopJumpIfFalse, to);
        }
        for key in &m.keys {
            self.expr(key)?;
        }
        self.emit(Instr::BuildTuple(small(k) as u32));
        self.emit(Instr::MatchKeys);
        self.emit(Instr::Dup);
        self.emit(Instr::LoadNone);
        self.emit(Instr::Compare(CmpOp::IsNot));
        let to = self.fail_at(fail, d + 2);
        self.jump(Instr::PopJumpIfFalse, to);
        self.emit(Instr::UnpackSequence(small(k) as u32));
        let mut depth = d + 1 + k;
        for p in &m.patterns {
            self.pattern(p, depth, fail)?;
            depth -= 1;
        }
        match &m.rest {
            Some(name) => {
                self.emit(Instr::MatchRest);
                self.store_name_op(name.as_str());
            }
            None => {
                self.emit(Instr::Pop);
                self.emit(Instr::Pop);
            }
        }
        Ok(())
    }

    /// `Cls(p1, p2, attr=p3)`: an instance of `Cls` whose positional and
    /// named attributes match.
    fn class_pattern(
        &mut self,
        c: &'a ast::PatternMatchClass,
        d: usize,
        fail: &mut Fail,
    ) -> CResult {
        for (i, a) in c.kwd_attrs.iter().enumerate() {
            if c.kwd_attrs[..i].iter().any(|b| b.as_str() == a.as_str()) {
                let off = usize::from(c.range.start());
                return Err(self.err(
                    format!("attribute name repeated in class pattern: {}", a.as_str()),
                    off,
                ));
            }
        }
        self.expr(&c.cls)?;
        let names = c
            .kwd_attrs
            .iter()
            .map(|a| Const::Str(Rc::from(a.as_str())))
            .collect();
        self.load_const(Const::Tuple(names));
        let npos = c.patterns.len();
        self.emit(Instr::MatchClass(small(npos) as u32));
        self.emit(Instr::Dup);
        self.emit(Instr::LoadNone);
        self.emit(Instr::Compare(CmpOp::Is));
        let to = self.fail_at(fail, d);
        self.jump(Instr::PopJumpIfTrue, to);
        let total = npos + c.kwd_patterns.len();
        self.emit(Instr::UnpackSequence(small(total) as u32));
        let mut depth = d - 1 + total;
        for p in c.patterns.iter().chain(&c.kwd_patterns) {
            self.pattern(p, depth, fail)?;
            depth -= 1;
        }
        Ok(())
    }

    /// `p1 | p2 | ...`: each alternative tried on a copy, in order.
    fn or_pattern(&mut self, alts: &'a [Pattern], d: usize, fail: &mut Fail) -> CResult {
        let Some((last, rest)) = alts.split_last() else {
            return Ok(());
        };
        for alt in rest {
            if irrefutable(alt) {
                let off = usize::from(alt.start());
                return Err(self.err(unreachable_message(alt), off));
            }
        }
        let sorted = |p| {
            let mut v = bound_names(p);
            v.sort_unstable();
            v
        };
        let first_names = sorted(alts.first().unwrap_or(last));
        for alt in alts {
            if sorted(alt) != first_names {
                let off = usize::from(alt.start());
                return Err(self.err("alternative patterns bind different names", off));
            }
        }
        let done = self.new_label();
        for alt in rest {
            let next = self.new_label();
            let mut alt_fail = Fail::new(next, d);
            self.emit(Instr::Dup);
            self.pattern(alt, d + 1, &mut alt_fail)?;
            self.emit(Instr::Pop);
            self.jump(Instr::Jump, done);
            self.emit_fail_stubs(alt_fail);
            self.bind(next);
        }
        self.pattern(last, d, fail)?;
        self.bind(done);
        Ok(())
    }
}

/// A count as an instruction argument; patterns are bounded by the
/// source's size, far below `i32::MAX`.
fn small(n: usize) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// SyntaxError for a case that makes the following ones unreachable, and
/// for a name bound twice in one pattern (as CPython reports them).
fn check_reachable(c: &Compiler, m: &ast::StmtMatch) -> CResult {
    let n = m.cases.len();
    for (i, case) in m.cases.iter().enumerate() {
        let off = usize::from(case.pattern.start());
        if i + 1 < n && case.guard.is_none() && irrefutable(&case.pattern) {
            return Err(c.err(unreachable_message(&case.pattern), off));
        }
        let names = bound_names(&case.pattern);
        for (j, name) in names.iter().enumerate() {
            if names[..j].contains(name) {
                return Err(c.err(
                    format!("multiple assignments to name '{name}' in pattern"),
                    off,
                ));
            }
        }
    }
    Ok(())
}

/// A mapping pattern may not test one literal key twice.
fn check_unique_keys(c: &Compiler, keys: &[Expr]) -> CResult {
    let mut seen: Vec<String> = Vec::new();
    for k in keys {
        let Expr::Constant(k) = k else { continue };
        let text = match &k.value {
            Constant::Str(s) => format!("'{s}'"),
            Constant::Int(i) => i.to_string(),
            Constant::Bool(b) => if *b { "True" } else { "False" }.to_string(),
            Constant::None => "None".to_string(),
            _ => continue,
        };
        if seen.contains(&text) {
            let off = usize::from(k.range.start());
            return Err(c.err(
                format!("mapping pattern checks duplicate key ({text})"),
                off,
            ));
        }
        seen.push(text);
    }
    Ok(())
}

/// Whether `p` matches every value: a capture, `_`, or an alternative
/// that is one.
fn irrefutable(p: &Pattern) -> bool {
    match p {
        Pattern::MatchAs(a) => a.pattern.is_none(),
        Pattern::MatchOr(o) => o.patterns.iter().any(irrefutable),
        _ => false,
    }
}

fn unreachable_message(p: &Pattern) -> String {
    match p {
        Pattern::MatchAs(ast::PatternMatchAs {
            pattern: None,
            name: Some(n),
            ..
        }) => format!(
            "name capture '{}' makes remaining patterns unreachable",
            n.as_str()
        ),
        Pattern::MatchOr(o) => o
            .patterns
            .iter()
            .find(|p| irrefutable(p))
            .map_or_else(String::new, unreachable_message),
        _ => "wildcard makes remaining patterns unreachable".to_string(),
    }
}

/// The names `p` binds, in order (an alternative's: its first's).
fn bound_names(p: &Pattern) -> Vec<&str> {
    let mut out = Vec::new();
    collect_names(p, &mut out);
    out
}

fn collect_names<'p>(p: &'p Pattern, out: &mut Vec<&'p str>) {
    match p {
        Pattern::MatchValue(_) | Pattern::MatchSingleton(_) => {}
        Pattern::MatchSequence(s) => s.patterns.iter().for_each(|p| collect_names(p, out)),
        Pattern::MatchMapping(m) => {
            m.patterns.iter().for_each(|p| collect_names(p, out));
            if let Some(r) = &m.rest {
                out.push(r.as_str());
            }
        }
        Pattern::MatchClass(c) => {
            c.patterns.iter().for_each(|p| collect_names(p, out));
            c.kwd_patterns.iter().for_each(|p| collect_names(p, out));
        }
        Pattern::MatchStar(s) => out.extend(s.name.as_ref().map(|n| n.as_str())),
        Pattern::MatchAs(a) => {
            if let Some(p) = &a.pattern {
                collect_names(p, out);
            }
            out.extend(a.name.as_ref().map(|n| n.as_str()));
        }
        Pattern::MatchOr(o) => {
            if let Some(first) = o.patterns.first() {
                let mut names = Vec::new();
                collect_names(first, &mut names);
                names.sort_unstable();
                out.extend(names);
            }
        }
    }
}
