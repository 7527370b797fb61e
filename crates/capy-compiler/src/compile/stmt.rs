//! Simple statements, assignment targets, `del` and imports. Compound
//! control flow lives in `flow.rs`, definitions in `func.rs`.

use super::flow::TryParts;
use super::{CResult, Compiler};
use crate::bytecode::{BinOp, Const, Instr};
use crate::Mode;
use rustpython_parser::ast::{self, Expr, Ranged, Stmt};
use std::rc::Rc;

/// CPython's name for an expression kind that cannot be a target.
fn target_kind_name(e: &Expr) -> &'static str {
    match e {
        Expr::Call(_) => "function call",
        Expr::Constant(c) => match c.value {
            ast::Constant::None => "None",
            ast::Constant::Bool(true) => "True",
            ast::Constant::Bool(false) => "False",
            ast::Constant::Ellipsis => "ellipsis",
            _ => "literal",
        },
        Expr::Compare(_) => "comparison",
        Expr::Lambda(_) => "lambda",
        Expr::IfExp(_) => "conditional expression",
        Expr::ListComp(_) => "list comprehension",
        Expr::SetComp(_) => "set comprehension",
        Expr::DictComp(_) => "dict comprehension",
        Expr::GeneratorExp(_) => "generator expression",
        Expr::Await(_) => "await expression",
        Expr::Yield(_) | Expr::YieldFrom(_) => "yield expression",
        Expr::JoinedStr(_) | Expr::FormattedValue(_) => "f-string expression",
        Expr::NamedExpr(_) => "named expression",
        Expr::Dict(_) => "dict literal",
        Expr::Set(_) => "set display",
        _ => "expression",
    }
}

pub(crate) fn binop(op: ast::Operator) -> BinOp {
    use ast::Operator as O;
    match op {
        O::Add => BinOp::Add,
        O::Sub => BinOp::Sub,
        O::Mult => BinOp::Mul,
        O::MatMult => BinOp::MatMul,
        O::Div => BinOp::TrueDiv,
        O::Mod => BinOp::Mod,
        O::Pow => BinOp::Pow,
        O::LShift => BinOp::LShift,
        O::RShift => BinOp::RShift,
        O::BitOr => BinOp::Or,
        O::BitXor => BinOp::Xor,
        O::BitAnd => BinOp::And,
        O::FloorDiv => BinOp::FloorDiv,
    }
}

impl<'a, 'src> Compiler<'a, 'src> {
    pub fn stmts(&mut self, body: &'a [Stmt]) -> CResult {
        body.iter().try_for_each(|s| self.stmt(s))
    }

    pub fn stmt(&mut self, s: &'a Stmt) -> CResult {
        let off = usize::from(s.start());
        self.enter(off)?;
        let saved = self.set_line(off);
        let r = self.stmt_inner(s, off);
        self.unit().line = saved;
        self.leave();
        r
    }

    fn stmt_inner(&mut self, s: &'a Stmt, off: usize) -> CResult {
        match s {
            Stmt::FunctionDef(f) => self.function_def(
                f.name.as_str(),
                &f.args,
                &f.body,
                &f.decorator_list,
                f.returns.as_deref(),
                f.range,
            ),
            Stmt::AsyncFunctionDef(f) => self.function_def(
                f.name.as_str(),
                &f.args,
                &f.body,
                &f.decorator_list,
                f.returns.as_deref(),
                f.range,
            ),
            Stmt::ClassDef(c) => self.class_def(c),
            Stmt::Return(r) => self.return_stmt(r.value.as_deref(), off),
            Stmt::Delete(d) => d.targets.iter().try_for_each(|t| self.delete_target(t)),
            Stmt::Assign(a) => {
                for (i, t) in a.targets.iter().enumerate() {
                    self.check_assign_target(t, i == 0)?;
                }
                self.expr(&a.value)?;
                let n = a.targets.len();
                for (i, t) in a.targets.iter().enumerate() {
                    if i + 1 < n {
                        self.emit(Instr::Dup);
                    }
                    self.store_target(t)?;
                }
                Ok(())
            }
            Stmt::AugAssign(a) => self.aug_assign(&a.target, a.op, &a.value),
            Stmt::AnnAssign(a) => {
                if let Some(v) = &a.value {
                    self.expr(v)?;
                    self.store_target(&a.target)?;
                }
                self.ann_assign_annotation(a)
            }
            Stmt::For(f) => self.for_loop(f),
            Stmt::AsyncFor(f) => self.async_for_loop(f),
            Stmt::While(w) => self.while_loop(w),
            Stmt::If(i) => self.if_stmt(i),
            Stmt::With(w) => self.with_stmt(&w.items, &w.body, false),
            Stmt::AsyncWith(w) => self.with_stmt(&w.items, &w.body, true),
            Stmt::Match(m) => self.match_stmt(m),
            Stmt::TryStar(t) => self.try_stmt(&TryParts::star(t)),
            Stmt::TypeAlias(_) => Err(self.err("'type' statement is not supported", off)),
            Stmt::Raise(r) => {
                let mut n = 0;
                if let Some(e) = &r.exc {
                    self.expr(e)?;
                    n = 1;
                    if let Some(c) = &r.cause {
                        self.expr(c)?;
                        n = 2;
                    }
                }
                self.emit(Instr::Raise(n));
                Ok(())
            }
            Stmt::Try(t) => self.try_stmt(&TryParts::plain(t)),
            Stmt::Assert(a) => {
                let end = self.new_label();
                self.expr(&a.test)?;
                self.jump(Instr::PopJumpIfTrue, end);
                self.emit(Instr::LoadAssertionError);
                if let Some(m) = &a.msg {
                    self.expr(m)?;
                    self.emit(Instr::Call(1));
                }
                self.emit(Instr::Raise(1));
                self.bind(end);
                Ok(())
            }
            Stmt::Import(i) => self.import(i),
            Stmt::ImportFrom(i) => self.import_from(i),
            Stmt::Global(_) | Stmt::Nonlocal(_) | Stmt::Pass(_) => Ok(()),
            Stmt::Expr(e) => self.expr_stmt(&e.value),
            Stmt::Break(_) => self.break_stmt(off),
            Stmt::Continue(_) => self.continue_stmt(off),
        }
    }

    fn expr_stmt(&mut self, e: &'a Expr) -> CResult {
        let interactive = self.mode == Mode::Single && self.units.len() == 1;
        if interactive {
            self.expr(e)?;
            self.emit(Instr::PrintExpr);
            return Ok(());
        }
        // A bare constant (docstring-like) statement has no effect.
        if matches!(e, Expr::Constant(_)) {
            return Ok(());
        }
        self.expr(e)?;
        self.emit(Instr::Pop);
        Ok(())
    }

    /// Store the value on top of the stack into `target`.
    pub fn store_target(&mut self, t: &'a Expr) -> CResult {
        let off = usize::from(t.start());
        self.enter(off)?;
        let r = self.store_target_inner(t, off);
        self.leave();
        r
    }

    fn store_target_inner(&mut self, t: &'a Expr, off: usize) -> CResult {
        match t {
            Expr::Name(n) => {
                self.check_assignable_name(n.id.as_str(), off)?;
                self.store_name_op(n.id.as_str());
                Ok(())
            }
            Expr::Attribute(a) => {
                self.expr(&a.value)?;
                let i = self.name_index(a.attr.as_str());
                self.emit(Instr::StoreAttr(i));
                Ok(())
            }
            Expr::Subscript(s) => {
                self.expr(&s.value)?;
                self.expr(&s.slice)?;
                self.emit(Instr::StoreSubscr);
                Ok(())
            }
            Expr::Tuple(ast::ExprTuple { elts, .. }) | Expr::List(ast::ExprList { elts, .. }) => {
                self.unpack(elts, off)?;
                for e in elts {
                    match e {
                        Expr::Starred(s) => self.store_target(&s.value)?,
                        _ => self.store_target(e)?,
                    }
                }
                Ok(())
            }
            Expr::Starred(_) => {
                Err(self.err("starred assignment target must be in a list or tuple", off))
            }
            other => Err(self.err(format!("cannot assign to {}", target_kind_name(other)), off)),
        }
    }

    /// A top-level `=` target that can never be assigned. Like CPython, the
    /// first target gets a "Maybe you meant '=='" hint when it is a simple
    /// operand (not a comparison, boolean operation, lambda, ...).
    fn check_assign_target(&self, t: &Expr, first: bool) -> CResult {
        let hint = first
            && !matches!(
                t,
                Expr::Compare(_)
                    | Expr::BoolOp(_)
                    | Expr::Lambda(_)
                    | Expr::IfExp(_)
                    | Expr::NamedExpr(_)
                    | Expr::GeneratorExp(_)
                    | Expr::UnaryOp(ast::ExprUnaryOp {
                        op: ast::UnaryOp::Not,
                        ..
                    })
            );
        match t {
            Expr::Name(_)
            | Expr::Attribute(_)
            | Expr::Subscript(_)
            | Expr::Tuple(_)
            | Expr::List(_)
            | Expr::Starred(_) => Ok(()),
            other => {
                let what = target_kind_name(other);
                let msg = if hint && !matches!(what, "None" | "True" | "False") {
                    format!("cannot assign to {what} here. Maybe you meant '==' instead of '='?")
                } else {
                    format!("cannot assign to {what}")
                };
                Err(self.err(msg, usize::from(t.start())))
            }
        }
    }

    fn check_assignable_name(&self, name: &str, off: usize) -> CResult {
        if name == "__debug__" {
            return Err(self.err("cannot assign to __debug__", off));
        }
        Ok(())
    }

    /// UnpackSequence, or UnpackEx when one element is starred.
    fn unpack(&mut self, elts: &[Expr], off: usize) -> CResult {
        let stars: Vec<usize> = elts
            .iter()
            .enumerate()
            .filter(|(_, e)| matches!(e, Expr::Starred(_)))
            .map(|(i, _)| i)
            .collect();
        match stars.as_slice() {
            [] => {
                let n = u32::try_from(elts.len()).map_err(|_| self.err("too many targets", off))?;
                self.emit(Instr::UnpackSequence(n));
            }
            [i] => {
                let before = *i;
                let after = elts.len() - i - 1;
                if before > 0xFFFF || after > 0xFFFF {
                    return Err(self.err("too many expressions in star-unpacking assignment", off));
                }
                self.emit(Instr::UnpackEx(before as u32 | ((after as u32) << 16)));
            }
            _ => return Err(self.err("multiple starred expressions in assignment", off)),
        }
        Ok(())
    }

    fn delete_target(&mut self, t: &'a Expr) -> CResult {
        let off = usize::from(t.start());
        self.enter(off)?;
        let r = match t {
            Expr::Name(n) => {
                self.delete_name_op(n.id.as_str());
                Ok(())
            }
            Expr::Attribute(a) => {
                self.expr(&a.value)?;
                let i = self.name_index(a.attr.as_str());
                self.emit(Instr::DeleteAttr(i));
                Ok(())
            }
            Expr::Subscript(s) => {
                self.expr(&s.value)?;
                self.expr(&s.slice)?;
                self.emit(Instr::DeleteSubscr);
                Ok(())
            }
            Expr::Tuple(ast::ExprTuple { elts, .. }) | Expr::List(ast::ExprList { elts, .. }) => {
                elts.iter().try_for_each(|e| self.delete_target(e))
            }
            other => Err(self.err(format!("cannot delete {}", target_kind_name(other)), off)),
        };
        self.leave();
        r
    }

    fn aug_assign(&mut self, target: &'a Expr, op: ast::Operator, value: &'a Expr) -> CResult {
        let op = binop(op);
        match target {
            Expr::Name(n) => {
                self.load_name(n.id.as_str());
                self.expr(value)?;
                self.emit(Instr::InplaceOp(op));
                self.store_name_op(n.id.as_str());
            }
            Expr::Attribute(a) => {
                self.expr(&a.value)?;
                self.emit(Instr::Dup);
                let i = self.name_index(a.attr.as_str());
                self.emit(Instr::LoadAttr(i));
                self.expr(value)?;
                self.emit(Instr::InplaceOp(op));
                self.emit(Instr::Rot2);
                self.emit(Instr::StoreAttr(i));
            }
            Expr::Subscript(s) => {
                self.expr(&s.value)?;
                self.expr(&s.slice)?;
                self.emit(Instr::Dup2);
                self.emit(Instr::Subscr);
                self.expr(value)?;
                self.emit(Instr::InplaceOp(op));
                self.emit(Instr::Rot3);
                self.emit(Instr::StoreSubscr);
            }
            Expr::Tuple(_) | Expr::List(_) => {
                let what = if matches!(target, Expr::Tuple(_)) {
                    "tuple"
                } else {
                    "list"
                };
                return Err(self.err(
                    format!("'{what}' is an illegal expression for augmented assignment"),
                    usize::from(target.start()),
                ));
            }
            other => {
                return Err(self.err(
                    format!(
                        "'{}' is an illegal expression for augmented assignment",
                        target_kind_name(other)
                    ),
                    usize::from(target.start()),
                ))
            }
        }
        Ok(())
    }

    /// `import a.b.c` binds `a`; `import a.b.c as d` binds the submodule.
    fn import(&mut self, i: &'a ast::StmtImport) -> CResult {
        for alias in &i.names {
            let full = alias.name.as_str();
            self.emit(Instr::LoadSmallInt(0));
            self.emit(Instr::LoadNone);
            let idx = self.name_index(full);
            self.emit(Instr::ImportName(idx));
            match &alias.asname {
                Some(as_name) => {
                    for part in full.split('.').skip(1) {
                        let p = self.name_index(part);
                        self.emit(Instr::LoadAttr(p));
                    }
                    self.store_name_op(as_name.as_str());
                }
                None => {
                    let top = full.split('.').next().unwrap_or(full);
                    self.store_name_op(top);
                }
            }
        }
        Ok(())
    }

    fn import_from(&mut self, i: &'a ast::StmtImportFrom) -> CResult {
        let level = i.level.as_ref().map_or(0, |l| l.to_u32());
        self.emit(Instr::LoadSmallInt(
            i32::try_from(level).unwrap_or(i32::MAX),
        ));
        let names: Vec<Const> = i
            .names
            .iter()
            .map(|a| Const::Str(Rc::from(a.name.as_str())))
            .collect();
        self.load_const(Const::Tuple(Rc::from(names)));
        let module = i.module.as_ref().map_or("", |m| m.as_str());
        let idx = self.name_index(module);
        self.emit(Instr::ImportName(idx));
        if i.names.len() == 1 && i.names.first().is_some_and(|a| a.name.as_str() == "*") {
            self.emit(Instr::ImportStar);
            return Ok(());
        }
        for alias in &i.names {
            let n = self.name_index(alias.name.as_str());
            self.emit(Instr::ImportFrom(n));
            let bound = alias.asname.as_ref().unwrap_or(&alias.name);
            self.store_name_op(bound.as_str());
        }
        self.emit(Instr::Pop);
        Ok(())
    }
}
