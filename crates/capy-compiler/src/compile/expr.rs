//! Expressions: operators, literals and displays, calls, f-strings,
//! yield/await. Lambdas and comprehensions are in `func.rs`.

use super::stmt::binop;
use super::{surrogate, CResult, Compiler};
use crate::bytecode::{CmpOp, Const, Instr, UnOp};
use num_traits::ToPrimitive;
use rustpython_parser::ast::{self, ConversionFlag, Expr, Ranged};
use std::rc::Rc;

fn cmpop(op: ast::CmpOp) -> CmpOp {
    use ast::CmpOp as C;
    match op {
        C::Eq => CmpOp::Eq,
        C::NotEq => CmpOp::Ne,
        C::Lt => CmpOp::Lt,
        C::LtE => CmpOp::Le,
        C::Gt => CmpOp::Gt,
        C::GtE => CmpOp::Ge,
        C::Is => CmpOp::Is,
        C::IsNot => CmpOp::IsNot,
        C::In => CmpOp::In,
        C::NotIn => CmpOp::NotIn,
    }
}

/// The constant a literal denotes (tuples of literals fold to one constant).
fn const_of(e: &Expr) -> Option<Const> {
    match e {
        Expr::Constant(c) => Some(match &c.value {
            ast::Constant::None => Const::None,
            ast::Constant::Bool(b) => Const::Bool(*b),
            ast::Constant::Str(s) => Const::Str(Rc::from(s.as_str())),
            ast::Constant::Bytes(b) => Const::Bytes(Rc::from(b.as_slice())),
            ast::Constant::Int(i) => match i.to_i64() {
                Some(v) => Const::Int(v),
                None => Const::BigInt(i.clone()),
            },
            ast::Constant::Float(f) => Const::Float(*f),
            ast::Constant::Complex { real, imag } => Const::Complex(*real, *imag),
            ast::Constant::Ellipsis => Const::Ellipsis,
            ast::Constant::Tuple(items) => {
                let consts: Option<Vec<Const>> = items
                    .iter()
                    .map(|c| {
                        const_of(&Expr::Constant(ast::ExprConstant {
                            range: c_range(),
                            value: c.clone(),
                            kind: None,
                        }))
                    })
                    .collect();
                Const::Tuple(Rc::from(consts?))
            }
        }),
        Expr::Tuple(t) if !t.elts.is_empty() && t.elts.len() <= 256 => {
            let consts: Option<Vec<Const>> = t.elts.iter().map(const_of).collect();
            Some(Const::Tuple(Rc::from(consts?)))
        }
        _ => None,
    }
}

fn c_range() -> ast::text_size::TextRange {
    ast::text_size::TextRange::default()
}

impl<'a, 'src> Compiler<'a, 'src> {
    pub fn expr(&mut self, e: &'a Expr) -> CResult {
        let off = usize::from(e.start());
        self.enter(off)?;
        let saved = self.set_line(off);
        let r = self.expr_inner(e, off);
        self.unit().line = saved;
        self.leave();
        r
    }

    fn expr_inner(&mut self, e: &'a Expr, off: usize) -> CResult {
        match e {
            Expr::BoolOp(b) => self.bool_op(b),
            Expr::NamedExpr(n) => {
                self.expr(&n.value)?;
                self.emit(Instr::Dup);
                self.store_target(&n.target)
            }
            Expr::BinOp(b) => {
                // `a + b + c + ...` nests to the left; its spine is walked
                // in a loop, so a chain of any length costs no nesting
                // (every node starts at the same offset, so the line is
                // the same too).
                let mut spine = vec![b];
                let mut left = &*b.left;
                while let Expr::BinOp(inner) = left {
                    spine.push(inner);
                    left = &inner.left;
                }
                self.expr(left)?;
                for node in spine.iter().rev() {
                    self.expr(&node.right)?;
                    self.emit(Instr::BinaryOp(binop(node.op)));
                }
                Ok(())
            }
            Expr::UnaryOp(u) if u.op == ast::UnaryOp::USub && self.negative_literal(&u.operand) => {
                Ok(())
            }
            Expr::UnaryOp(u) => {
                self.expr(&u.operand)?;
                let op = match u.op {
                    ast::UnaryOp::Invert => UnOp::Invert,
                    ast::UnaryOp::Not => UnOp::Not,
                    ast::UnaryOp::UAdd => UnOp::Pos,
                    ast::UnaryOp::USub => UnOp::Neg,
                };
                self.emit(Instr::UnaryOp(op));
                Ok(())
            }
            Expr::Lambda(l) => self.lambda(l),
            Expr::IfExp(i) => {
                let else_l = self.new_label();
                let end = self.new_label();
                self.cond_jump(&i.test, false, else_l)?;
                self.expr(&i.body)?;
                self.jump(Instr::Jump, end);
                self.bind(else_l);
                self.expr(&i.orelse)?;
                self.bind(end);
                Ok(())
            }
            Expr::Dict(d) => self.dict_display(d),
            Expr::Set(s) => self.sequence_display(&s.elts, Display::Set),
            Expr::List(l) => self.sequence_display(&l.elts, Display::List),
            Expr::Tuple(t) => {
                let folds = !t.elts.iter().any(super::surrogate::maybe_surrogate);
                if let Some(c) = const_of(e).filter(|_| folds) {
                    self.load_const(c);
                    return Ok(());
                }
                self.sequence_display(&t.elts, Display::Tuple)
            }
            Expr::ListComp(c) => self.comprehension(
                e,
                &c.generators,
                super::func::CompKind::List(&c.elt),
                c.range,
            ),
            Expr::SetComp(c) => self.comprehension(
                e,
                &c.generators,
                super::func::CompKind::Set(&c.elt),
                c.range,
            ),
            Expr::DictComp(c) => self.comprehension(
                e,
                &c.generators,
                super::func::CompKind::Dict(&c.key, &c.value),
                c.range,
            ),
            Expr::GeneratorExp(c) => self.comprehension(
                e,
                &c.generators,
                super::func::CompKind::Gen(&c.elt),
                c.range,
            ),
            Expr::Await(a) => {
                self.expr(&a.value)?;
                self.emit(Instr::GetAwaitable);
                self.await_top();
                Ok(())
            }
            Expr::Yield(y) => {
                self.check_yield(off)?;
                match &y.value {
                    Some(v) => self.expr(v)?,
                    None => self.emit(Instr::LoadNone),
                }
                self.emit(Instr::YieldValue);
                Ok(())
            }
            Expr::YieldFrom(y) => {
                self.check_yield(off)?;
                self.expr(&y.value)?;
                self.emit(Instr::GetYieldFromIter);
                self.emit(Instr::LoadNone);
                self.emit(Instr::YieldFrom);
                Ok(())
            }
            Expr::Compare(c) => self.compare(c),
            Expr::Call(c) => self.call(c),
            Expr::FormattedValue(f) => self.formatted_value(f),
            Expr::JoinedStr(j) => self.joined_str(j),
            Expr::Constant(c) => {
                if self.surrogate_literal(c) {
                    return Ok(());
                }
                self.constant(&c.value);
                Ok(())
            }
            Expr::Attribute(a) => {
                self.expr(&a.value)?;
                let i = self.name_index(a.attr.as_str());
                self.emit(Instr::LoadAttr(i));
                Ok(())
            }
            Expr::Subscript(s) => {
                self.expr(&s.value)?;
                self.expr(&s.slice)?;
                self.emit(Instr::Subscr);
                Ok(())
            }
            Expr::Starred(_) => Err(self.err("can't use starred expression here", off)),
            Expr::Name(n) => {
                self.load_name(n.id.as_str());
                Ok(())
            }
            Expr::Slice(s) => {
                for part in [&s.lower, &s.upper] {
                    match part {
                        Some(p) => self.expr(p)?,
                        None => self.emit(Instr::LoadNone),
                    }
                }
                match &s.step {
                    Some(step) => {
                        self.expr(step)?;
                        self.emit(Instr::BuildSlice(3));
                    }
                    None => self.emit(Instr::BuildSlice(2)),
                }
                Ok(())
            }
        }
    }

    /// Yield is only legal in function bodies (the symbol table has
    /// rejected other places); this guards generator expressions'
    /// own synthesized scope too.
    fn check_yield(&self, off: usize) -> CResult {
        if self.in_function() {
            Ok(())
        } else {
            Err(self.err("'yield' outside function", off))
        }
    }

    /// Fold `-<number literal>` into one constant (so `-1` is a single
    /// LoadSmallInt and `-0.0` keeps its sign). Returns false, emitting
    /// nothing, when the operand is not a number literal.
    fn negative_literal(&mut self, operand: &Expr) -> bool {
        let Expr::Constant(c) = operand else {
            return false;
        };
        match &c.value {
            ast::Constant::Int(i) => self.constant(&ast::Constant::Int(-i.clone())),
            ast::Constant::Float(f) => self.load_const(Const::Float(-f)),
            ast::Constant::Complex { real, imag } => self.load_const(Const::Complex(-real, -imag)),
            _ => return false,
        }
        true
    }

    pub fn constant(&mut self, c: &ast::Constant) {
        match c {
            ast::Constant::None => self.emit(Instr::LoadNone),
            ast::Constant::Bool(b) => self.emit(Instr::LoadBool(*b)),
            ast::Constant::Int(i) => match i.to_i32() {
                Some(v) => self.emit(Instr::LoadSmallInt(v)),
                None => {
                    let k = match i.to_i64() {
                        Some(v) => Const::Int(v),
                        None => Const::BigInt(i.clone()),
                    };
                    self.load_const(k);
                }
            },
            other => {
                let expr = Expr::Constant(ast::ExprConstant {
                    range: c_range(),
                    value: other.clone(),
                    kind: None,
                });
                if let Some(k) = const_of(&expr) {
                    self.load_const(k);
                }
            }
        }
    }

    fn bool_op(&mut self, b: &'a ast::ExprBoolOp) -> CResult {
        let end = self.new_label();
        let n = b.values.len();
        for (i, v) in b.values.iter().enumerate() {
            self.expr(v)?;
            if i + 1 < n {
                let j = if b.op == ast::BoolOp::And {
                    Instr::JumpIfFalseOrPop
                } else {
                    Instr::JumpIfTrueOrPop
                };
                self.jump(j, end);
            }
        }
        self.bind(end);
        Ok(())
    }

    /// `a < b < c`: b is evaluated once; a failed link short-circuits to a
    /// cleanup that drops the duplicated operand.
    fn compare(&mut self, c: &'a ast::ExprCompare) -> CResult {
        self.expr(&c.left)?;
        let n = c.ops.len().min(c.comparators.len());
        if n == 0 {
            return Ok(());
        }
        let cleanup = self.new_label();
        for i in 0..n {
            self.expr(&c.comparators[i])?;
            if i + 1 < n {
                self.emit(Instr::Dup);
                self.emit(Instr::Rot3);
                self.emit(Instr::Compare(cmpop(c.ops[i])));
                self.jump(Instr::JumpIfFalseOrPop, cleanup);
            } else {
                self.emit(Instr::Compare(cmpop(c.ops[i])));
            }
        }
        if n > 1 {
            let end = self.new_label();
            self.jump(Instr::Jump, end);
            self.bind(cleanup);
            self.emit(Instr::Rot2);
            self.emit(Instr::Pop);
            self.bind(end);
        }
        Ok(())
    }

    fn dict_display(&mut self, d: &'a ast::ExprDict) -> CResult {
        // Runs of `k: v` pairs are built with BuildMap; `**m` merges with DictUpdate.
        let mut run = 0u32;
        let mut started = false;
        for (k, v) in d.keys.iter().zip(&d.values) {
            match k {
                Some(k) => {
                    self.expr(k)?;
                    self.expr(v)?;
                    run += 1;
                }
                None => {
                    self.flush_map_run(&mut run, &mut started);
                    if !started {
                        self.emit(Instr::BuildMap(0));
                        started = true;
                    }
                    self.expr(v)?;
                    self.emit(Instr::DictUpdate);
                }
            }
        }
        if !started {
            self.emit(Instr::BuildMap(run));
        } else if run > 0 {
            self.flush_map_run(&mut run, &mut started);
        }
        Ok(())
    }

    fn flush_map_run(&mut self, run: &mut u32, started: &mut bool) {
        if *run == 0 {
            return;
        }
        self.emit(Instr::BuildMap(*run));
        if *started {
            self.emit(Instr::DictUpdate);
        }
        *started = true;
        *run = 0;
    }

    /// List/tuple/set displays, with `*x` items built by extension.
    fn sequence_display(&mut self, elts: &'a [Expr], kind: Display) -> CResult {
        let n = u32::try_from(elts.len()).unwrap_or(u32::MAX);
        let star = elts.iter().position(|e| matches!(e, Expr::Starred(_)));
        let Some(first_star) = star else {
            for e in elts {
                self.expr(e)?;
            }
            self.emit(match kind {
                Display::List => Instr::BuildList(n),
                Display::Tuple => Instr::BuildTuple(n),
                Display::Set if n > 2 && elts.iter().all(is_constant) => Instr::BuildConstSet(n),
                Display::Set => Instr::BuildSet(n),
            });
            return Ok(());
        };
        let (leading, rest) = elts.split_at(first_star);
        for e in leading {
            self.expr(e)?;
        }
        let lead = leading.len() as u32;
        self.emit(if kind == Display::Set {
            Instr::BuildSet(lead)
        } else {
            Instr::BuildList(lead)
        });
        for e in rest {
            match e {
                Expr::Starred(s) => {
                    self.expr(&s.value)?;
                    self.emit(if kind == Display::Set {
                        Instr::SetUpdate
                    } else {
                        Instr::ListExtend
                    });
                }
                _ => {
                    self.expr(e)?;
                    self.emit(if kind == Display::Set {
                        Instr::SetAdd(1)
                    } else {
                        Instr::ListAppend(1)
                    });
                }
            }
        }
        if kind == Display::Tuple {
            self.emit(Instr::ListToTuple);
        }
        Ok(())
    }

    fn call(&mut self, c: &'a ast::ExprCall) -> CResult {
        self.check_bare_genexp(c)?;
        let simple = c.keywords.is_empty() && !c.args.iter().any(|a| matches!(a, Expr::Starred(_)));
        if let (true, Expr::Attribute(a)) = (simple, &*c.func) {
            self.expr(&a.value)?;
            let i = self.name_index(a.attr.as_str());
            self.emit(Instr::LoadMethod(i));
            for arg in &c.args {
                self.expr(arg)?;
            }
            self.emit(Instr::CallMethod(c.args.len() as u32));
            return Ok(());
        }
        self.expr(&c.func)?;
        self.call_args(&c.args, &c.keywords, 0)
    }

    /// `f(x for x in y, 1)`: a generator expression that is not the sole
    /// argument must have its own parentheses (the parser accepts it).
    fn check_bare_genexp(&self, c: &ast::ExprCall) -> CResult {
        if c.args.len() + c.keywords.len() < 2 {
            return Ok(());
        }
        for a in &c.args {
            if let Expr::GeneratorExp(g) = a {
                let start = usize::from(g.range.start());
                if self.src.source.get(start..start + 1) != Some("(") {
                    return Err(self.err("Generator expression must be parenthesized", start));
                }
            }
        }
        Ok(())
    }

    /// Emit the arguments and the call instruction for a callable already on
    /// the stack, with `pushed` positional arguments already pushed after it
    /// (class definitions push the body function and the name).
    pub fn call_args(
        &mut self,
        args: &'a [Expr],
        keywords: &'a [ast::Keyword],
        pushed: u32,
    ) -> CResult {
        let has_star = args.iter().any(|a| matches!(a, Expr::Starred(_)));
        let has_dstar = keywords.iter().any(|k| k.arg.is_none());
        if !has_star && !has_dstar {
            for a in args {
                self.expr(a)?;
            }
            for k in keywords {
                self.expr(&k.value)?;
            }
            let total = pushed + (args.len() + keywords.len()) as u32;
            if keywords.is_empty() {
                self.emit(Instr::Call(total));
            } else {
                let names: Vec<Const> = keywords
                    .iter()
                    .map(|k| Const::Str(Rc::from(k.arg.as_ref().map_or("", |a| a.as_str()))))
                    .collect();
                self.load_const(Const::Tuple(Rc::from(names)));
                self.emit(Instr::CallKw(total));
            }
            return Ok(());
        }
        self.star_positional(args, pushed)?;
        if keywords.is_empty() {
            self.emit(Instr::CallEx(0));
            return Ok(());
        }
        self.keyword_dict(keywords)?;
        self.emit(Instr::CallEx(1));
        Ok(())
    }

    /// Build the positional-arguments tuple for CallEx.
    fn star_positional(&mut self, args: &'a [Expr], pushed: u32) -> CResult {
        let first_star = args.iter().position(|a| matches!(a, Expr::Starred(_)));
        let Some(first_star) = first_star else {
            for a in args {
                self.expr(a)?;
            }
            self.emit(Instr::BuildTuple(pushed + args.len() as u32));
            return Ok(());
        };
        let (leading, rest) = args.split_at(first_star);
        for a in leading {
            self.expr(a)?;
        }
        self.emit(Instr::BuildList(pushed + leading.len() as u32));
        for a in rest {
            match a {
                Expr::Starred(s) => {
                    self.expr(&s.value)?;
                    self.emit(Instr::ListExtend);
                }
                _ => {
                    self.expr(a)?;
                    self.emit(Instr::ListAppend(1));
                }
            }
        }
        self.emit(Instr::ListToTuple);
        Ok(())
    }

    /// Build the keyword-arguments dict for CallEx: runs of `k=v` become
    /// BuildMap, `**m` merges with DictMerge (which rejects duplicates).
    fn keyword_dict(&mut self, keywords: &'a [ast::Keyword]) -> CResult {
        let mut run = 0u32;
        let mut started = false;
        for k in keywords {
            match &k.arg {
                Some(name) => {
                    self.load_str(name.as_str());
                    self.expr(&k.value)?;
                    run += 1;
                }
                None => {
                    if run > 0 {
                        self.emit(Instr::BuildMap(run));
                        if started {
                            self.emit(Instr::DictMerge);
                        }
                        started = true;
                        run = 0;
                    }
                    if !started {
                        self.emit(Instr::BuildMap(0));
                        started = true;
                    }
                    self.expr(&k.value)?;
                    self.emit(Instr::DictMerge);
                }
            }
        }
        if run > 0 {
            self.emit(Instr::BuildMap(run));
            if started {
                self.emit(Instr::DictMerge);
            }
        }
        Ok(())
    }

    fn formatted_value(&mut self, f: &'a ast::ExprFormattedValue) -> CResult {
        self.expr(&f.value)?;
        let mut flags = match f.conversion {
            ConversionFlag::None => 0,
            ConversionFlag::Str => 1,
            ConversionFlag::Repr => 2,
            ConversionFlag::Ascii => 3,
        };
        if let Some(spec) = &f.format_spec {
            self.format_spec(spec)?;
            flags |= 4;
        }
        self.emit(Instr::FormatValue(flags));
        Ok(())
    }

    /// The parser leaves the escapes in a format spec's literal text as
    /// written (`f'{x:\x41>5}'` gives the spec text `\x41>5`): they are
    /// decoded here, unless the f-string is raw.
    fn format_spec(&mut self, spec: &'a Expr) -> CResult {
        let Expr::JoinedStr(j) = spec else {
            return self.expr(spec);
        };
        for v in &j.values {
            let decoded = match v {
                Expr::Constant(c) => self.escaped_spec_text(c),
                _ => None,
            };
            match decoded {
                Some(text) => self.load_str(&text),
                None => self.expr(v)?,
            }
        }
        match j.values.len() {
            0 => self.load_str(""),
            1 => {}
            n => self.emit(Instr::BuildString(n as u32)),
        }
        Ok(())
    }

    /// The decoded text of a format spec's literal part that holds a
    /// backslash in a non-raw f-string (the part's range is its string
    /// literal's, prefix included); None for any other.
    fn escaped_spec_text(&self, c: &ast::ExprConstant) -> Option<String> {
        let ast::Constant::Str(text) = &c.value else {
            return None;
        };
        if !text.contains('\\') {
            return None;
        }
        let literal = self.src.source.get(c.range.start().to_usize()..)?;
        let prefix = literal.split(['\'', '"']).next()?;
        if prefix.contains(['r', 'R']) {
            return None;
        }
        let mut cps = Vec::new();
        surrogate::unescape(text, &mut cps)?;
        Some(
            cps.into_iter()
                .map(|u| char::from_u32(u).unwrap_or('\u{fffd}'))
                .collect(),
        )
    }

    fn joined_str(&mut self, j: &'a ast::ExprJoinedStr) -> CResult {
        match j.values.as_slice() {
            [] => self.load_str(""),
            [single @ Expr::Constant(_)] => self.expr(single)?,
            values => {
                for v in values {
                    self.expr(v)?;
                }
                self.emit(Instr::BuildString(values.len() as u32));
            }
        }
        Ok(())
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Display {
    List,
    Tuple,
    Set,
}

/// Whether CPython's compiler takes `e` for a constant: a literal, a
/// tuple of constants, or arithmetic on constants that its optimizer
/// folds (a power only while the result stays within 128 bits, its
/// limit). A set display of more than two of them becomes a constant
/// there (`BuildConstSet`).
fn is_constant(e: &Expr) -> bool {
    match e {
        Expr::Constant(_) => true,
        Expr::UnaryOp(u) => {
            matches!(
                u.op,
                ast::UnaryOp::USub | ast::UnaryOp::UAdd | ast::UnaryOp::Invert
            ) && is_constant(&u.operand)
        }
        Expr::BinOp(b) if matches!(b.op, ast::Operator::Pow) => small_power(&b.left, &b.right),
        Expr::BinOp(b) => {
            matches!(
                b.op,
                ast::Operator::Add | ast::Operator::Sub | ast::Operator::Mult
            ) && is_constant(&b.left)
                && is_constant(&b.right)
        }
        Expr::Tuple(t) => t.elts.iter().all(is_constant),
        _ => false,
    }
}

/// `base ** exp` of int literals whose result fits in 128 bits.
fn small_power(base: &Expr, exp: &Expr) -> bool {
    let int = |e: &Expr| match e {
        Expr::Constant(c) => match &c.value {
            ast::Constant::Int(i) => Some(i.clone()),
            _ => None,
        },
        _ => None,
    };
    match (int(base), int(exp).and_then(|e| e.to_u64())) {
        (Some(b), Some(e)) => b.bits().saturating_mul(e) <= 128,
        _ => false,
    }
}
