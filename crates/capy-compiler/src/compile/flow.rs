//! Compound statements (if, loops, try, with) and the unwinding that
//! `break`, `continue` and `return` perform when they leave blocks early.
//!
//! Each construct that needs cleanup on early exit pushes an [`FBlock`]
//! while its body is compiled; an early exit walks those blocks from the
//! innermost outwards and emits the cleanup each one needs.

use super::{CResult, Compiler, FBlock, Label};
use crate::bytecode::{CmpOp, Instr};
use crate::symtable::ScopeKind;
use rustpython_parser::ast::{self, Expr, Ranged, Stmt};

/// A `try` statement's parts: `try`/`except` and `try`/`except*` share
/// their layout but for the handlers.
pub(super) struct TryParts<'a> {
    pub body: &'a [Stmt],
    pub handlers: &'a [ast::ExceptHandler],
    pub orelse: &'a [Stmt],
    pub finalbody: &'a [Stmt],
    /// `except*` clauses.
    pub star: bool,
}

impl<'a> TryParts<'a> {
    pub fn plain(t: &'a ast::StmtTry) -> Self {
        TryParts {
            body: &t.body,
            handlers: &t.handlers,
            orelse: &t.orelse,
            finalbody: &t.finalbody,
            star: false,
        }
    }

    pub fn star(t: &'a ast::StmtTryStar) -> Self {
        TryParts {
            body: &t.body,
            handlers: &t.handlers,
            orelse: &t.orelse,
            finalbody: &t.finalbody,
            star: true,
        }
    }
}

/// Where an early exit stops unwinding.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Exit {
    /// `break`/`continue`: stop at the innermost loop.
    Loop,
    /// `return`: unwind everything; the return value is on top of the stack.
    Return,
}

impl<'a, 'src> Compiler<'a, 'src> {
    /// An `elif` chain is an `if` in each `else`; it is compiled in a loop,
    /// so a chain of any length costs no nesting (CPython compiles one of
    /// a thousand branches).
    pub(super) fn if_stmt(&mut self, i: &'a ast::StmtIf) -> CResult {
        let end = self.new_label();
        let mut cur = i;
        loop {
            let else_l = self.new_label();
            self.cond_jump(&cur.test, false, else_l)?;
            self.stmts(&cur.body)?;
            if cur.orelse.is_empty() {
                self.bind(else_l);
                break;
            }
            self.jump(Instr::Jump, end);
            self.bind(else_l);
            match cur.orelse.as_slice() {
                [Stmt::If(next)] => {
                    self.set_line(usize::from(next.range.start()));
                    cur = next;
                }
                rest => {
                    self.stmts(rest)?;
                    break;
                }
            }
        }
        self.bind(end);
        Ok(())
    }

    /// Evaluate `test` and jump to `target` when its truth equals `when`.
    pub(super) fn cond_jump(&mut self, test: &'a Expr, when: bool, target: Label) -> CResult {
        if let Expr::UnaryOp(u) = test {
            if u.op == ast::UnaryOp::Not {
                return self.cond_jump(&u.operand, !when, target);
            }
        }
        self.expr(test)?;
        self.jump(
            if when {
                Instr::PopJumpIfTrue
            } else {
                Instr::PopJumpIfFalse
            },
            target,
        );
        Ok(())
    }

    pub(super) fn while_loop(&mut self, w: &'a ast::StmtWhile) -> CResult {
        let start = self.new_label();
        let else_l = self.new_label();
        let end = self.new_label();
        self.bind(start);
        self.cond_jump(&w.test, false, else_l)?;
        self.loop_body(&w.body, start, end, false)?;
        self.jump(Instr::Jump, start);
        self.bind(else_l);
        self.stmts(&w.orelse)?;
        self.bind(end);
        Ok(())
    }

    fn loop_body(&mut self, body: &'a [Stmt], start: Label, end: Label, for_iter: bool) -> CResult {
        self.unit().fblocks.push(FBlock::Loop {
            start,
            end,
            for_iter,
        });
        let r = self.stmts(body);
        self.unit().fblocks.pop();
        r
    }

    pub(super) fn for_loop(&mut self, f: &'a ast::StmtFor) -> CResult {
        let start = self.new_label();
        let else_l = self.new_label();
        let end = self.new_label();
        self.expr(&f.iter)?;
        self.emit(Instr::GetIter);
        self.bind(start);
        self.for_step(&f.target, else_l)?;
        self.loop_body(&f.body, start, end, true)?;
        self.jump(Instr::Jump, start);
        self.bind(else_l);
        self.stmts(&f.orelse)?;
        self.bind(end);
        Ok(())
    }

    /// A `for` step into `target`: `ForIterPair` and the two stores for a
    /// target of two unstarred elements (the VM then need not make the
    /// pair's tuple), else `ForIter` and the target's store.
    pub(super) fn for_step(&mut self, target: &'a Expr, exit: Label) -> CResult {
        match target {
            Expr::Tuple(ast::ExprTuple { elts, .. }) | Expr::List(ast::ExprList { elts, .. })
                if elts.len() == 2 && !elts.iter().any(|e| matches!(e, Expr::Starred(_))) =>
            {
                self.jump(Instr::ForIterPair, exit);
                self.enter(usize::from(target.start()))?;
                let r = elts.iter().try_for_each(|e| self.store_target(e));
                self.leave();
                r
            }
            _ => {
                self.jump(Instr::ForIter, exit);
                self.store_target(target)
            }
        }
    }

    /// `async for`: each step awaits `__anext__` inside an exception block;
    /// EndAsyncFor turns StopAsyncIteration into the loop exit.
    pub(super) fn async_for_loop(&mut self, f: &'a ast::StmtAsyncFor) -> CResult {
        self.check_async_context(
            usize::from(f.range.start()),
            "'async for' outside async function",
        )?;
        let start = self.new_label();
        let handler = self.new_label();
        let else_l = self.new_label();
        let end = self.new_label();
        self.expr(&f.iter)?;
        self.emit(Instr::GetAIter);
        self.bind(start);
        self.jump(Instr::SetupExcept, handler);
        self.emit(Instr::GetANext);
        self.emit(Instr::LoadNone);
        self.emit(Instr::YieldFrom);
        self.emit(Instr::PopBlock);
        self.store_target(&f.target)?;
        self.loop_body(&f.body, start, end, true)?;
        self.jump(Instr::Jump, start);
        self.bind(handler);
        self.jump(Instr::EndAsyncFor, else_l);
        self.bind(else_l);
        self.stmts(&f.orelse)?;
        self.bind(end);
        Ok(())
    }

    pub(super) fn check_async_context(&self, off: usize, msg: &str) -> CResult {
        let s = self.scope();
        if s.is_async && matches!(s.kind, ScopeKind::Function | ScopeKind::Comprehension) {
            Ok(())
        } else {
            Err(self.err(msg, off))
        }
    }

    pub(super) fn try_stmt(&mut self, t: &TryParts<'a>) -> CResult {
        if t.finalbody.is_empty() {
            return self.try_handlers(t);
        }
        let handler = self.new_label();
        let end = self.new_label();
        self.jump(Instr::SetupExcept, handler);
        self.unit().fblocks.push(FBlock::TryFinally(t.finalbody));
        let r = if t.handlers.is_empty() {
            self.stmts(t.body)
        } else {
            self.try_handlers(t)
        };
        self.unit().fblocks.pop();
        r?;
        self.emit(Instr::PopBlock);
        self.stmts(t.finalbody)?;
        self.jump(Instr::Jump, end);
        self.bind(handler);
        self.unit().fblocks.push(FBlock::FinallyExc);
        let r = self.stmts(t.finalbody);
        self.unit().fblocks.pop();
        r?;
        self.emit(Instr::Reraise);
        self.bind(end);
        Ok(())
    }

    /// `try`/`except` (or `except*`) with its `else`, without `finally`.
    fn try_handlers(&mut self, t: &TryParts<'a>) -> CResult {
        let end = self.new_label();
        let handler = self.try_body(t, end)?;
        self.bind(handler);
        if t.star {
            self.except_star_clauses(t.handlers)?;
        } else {
            self.except_clauses(t.handlers, end)?;
        }
        self.bind(end);
        Ok(())
    }

    /// `try` body and `else` clause, jumping to `end`; returns the label
    /// of the handler (entered with the exception on the stack).
    fn try_body(&mut self, t: &TryParts<'a>, end: Label) -> CResult<Label> {
        let handler = self.new_label();
        self.jump(Instr::SetupExcept, handler);
        self.unit().fblocks.push(FBlock::TryExcept);
        let r = self.stmts(t.body);
        self.unit().fblocks.pop();
        r?;
        self.emit(Instr::PopBlock);
        self.stmts(t.orelse)?;
        self.jump(Instr::Jump, end);
        Ok(handler)
    }

    /// `except` clauses: `[exc]` on entry; each tests the exception in turn.
    fn except_clauses(&mut self, handlers: &'a [ast::ExceptHandler], end: Label) -> CResult {
        let n = handlers.len();
        let mut bare = false;
        for (i, h) in handlers.iter().enumerate() {
            let ast::ExceptHandler::ExceptHandler(h) = h;
            let off = usize::from(h.range.start());
            let saved = self.set_line(off);
            let next = self.new_label();
            match &h.type_ {
                Some(ty) => {
                    self.emit(Instr::Dup);
                    self.expr(ty)?;
                    self.emit(Instr::Compare(CmpOp::ExcMatch));
                    self.jump(Instr::PopJumpIfFalse, next);
                }
                None if i + 1 < n => return Err(self.err("default 'except:' must be last", off)),
                None => bare = true,
            }
            let name = h.name.as_ref().map(|n| n.as_str());
            match name {
                Some(n) => self.store_name_op(n),
                None => self.emit(Instr::Pop),
            }
            self.unit().fblocks.push(FBlock::Handler(name));
            let r = self.stmts(&h.body);
            self.unit().fblocks.pop();
            r?;
            self.emit(Instr::PopExcept);
            if let Some(n) = name {
                self.clear_handler_name(n);
            }
            self.jump(Instr::Jump, end);
            self.bind(next);
            self.unit().line = saved;
        }
        if !bare {
            self.emit(Instr::Reraise);
        }
        Ok(())
    }

    /// `except E as e:` unbinds e at the end of the clause (as CPython does).
    pub(super) fn clear_handler_name(&mut self, name: &str) {
        self.emit(Instr::LoadNone);
        self.store_name_op(name);
        self.delete_name_op(name);
    }

    /// `with a as x, b:` is `with a as x: with b:`.
    pub(super) fn with_stmt(
        &mut self,
        items: &'a [ast::WithItem],
        body: &'a [Stmt],
        is_async: bool,
    ) -> CResult {
        let Some((item, rest)) = items.split_first() else {
            return self.stmts(body);
        };
        if is_async {
            let off = usize::from(item.context_expr.range().start());
            self.check_async_context(off, "'async with' outside async function")?;
        }
        let handler = self.new_label();
        let end = self.new_label();
        self.expr(&item.context_expr)?;
        if is_async {
            self.jump(Instr::SetupAsyncWith, handler);
            self.await_top();
            self.jump(Instr::PushWithBlock, handler);
        } else {
            self.jump(Instr::SetupWith, handler);
        }
        match &item.optional_vars {
            Some(t) => self.store_target(t)?,
            None => self.emit(Instr::Pop),
        }
        self.unit().fblocks.push(if is_async {
            FBlock::AsyncWith
        } else {
            FBlock::With
        });
        let r = self.with_stmt(rest, body, is_async);
        self.unit().fblocks.pop();
        r?;
        self.emit(Instr::PopBlock);
        self.with_exit_normal(is_async);
        self.jump(Instr::Jump, end);
        self.bind(handler);
        if is_async {
            self.emit(Instr::AsyncWithExitExc);
            self.await_top();
            self.emit(Instr::AsyncWithExitEnd);
        } else {
            self.emit(Instr::WithExitExc);
        }
        self.bind(end);
        Ok(())
    }

    /// `[exit] -> []`: call the exit with no exception (awaiting it for async with).
    fn with_exit_normal(&mut self, is_async: bool) {
        if is_async {
            self.emit(Instr::AsyncWithExitNormal);
            self.await_top();
            self.emit(Instr::Pop);
        } else {
            self.emit(Instr::WithExitNormal);
        }
    }

    /// Await the awaitable on top of the stack.
    pub(super) fn await_top(&mut self) {
        self.emit(Instr::LoadNone);
        self.emit(Instr::YieldFrom);
    }

    pub(super) fn break_stmt(&mut self, off: usize) -> CResult {
        self.check_star_exit(true, off)?;
        match self.unwind(Exit::Loop)? {
            Some(FBlock::Loop { end, for_iter, .. }) => {
                if for_iter {
                    self.emit(Instr::Pop);
                }
                self.jump(Instr::Jump, end);
                Ok(())
            }
            _ => Err(self.err("'break' outside loop", off)),
        }
    }

    pub(super) fn continue_stmt(&mut self, off: usize) -> CResult {
        self.check_star_exit(true, off)?;
        match self.unwind(Exit::Loop)? {
            Some(FBlock::Loop { start, .. }) => {
                self.jump(Instr::Jump, start);
                Ok(())
            }
            _ => Err(self.err("'continue' not properly in loop", off)),
        }
    }

    pub(super) fn return_stmt(&mut self, value: Option<&'a Expr>, off: usize) -> CResult {
        if !self.in_function() {
            return Err(self.err("'return' outside function", off));
        }
        let scope = self.scope();
        if value.is_some() && scope.is_async && scope.is_generator {
            return Err(self.err("'return' with value in async generator", off));
        }
        self.check_star_exit(false, off)?;
        match value {
            Some(v) => self.expr(v)?,
            None => self.emit(Instr::LoadNone),
        }
        self.unwind(Exit::Return)?;
        self.emit(Instr::ReturnValue);
        Ok(())
    }

    /// Emit the cleanup for every block between here and the exit target.
    /// For `Exit::Loop` returns the loop block reached (None if there is no
    /// enclosing loop in this code unit). The fblock stack itself is left
    /// unchanged; finally bodies are compiled with the blocks from theirs
    /// outwards temporarily removed, so an exit inside them unwinds correctly.
    fn unwind(&mut self, exit: Exit) -> CResult<Option<FBlock<'a>>> {
        let has_value = exit == Exit::Return;
        let mut i = self.unit_ref().fblocks.len();
        while i > 0 {
            i -= 1;
            let Some(&block) = self.unit_ref().fblocks.get(i) else {
                break;
            };
            match block {
                FBlock::Loop { for_iter, .. } => {
                    if exit == Exit::Loop {
                        return Ok(Some(block));
                    }
                    if for_iter {
                        self.pop_under_value(has_value);
                    }
                }
                FBlock::TryExcept => self.emit(Instr::PopBlock),
                // Refused before unwinding (check_star_exit).
                FBlock::StarHandler => {}
                FBlock::TryFinally(body) => {
                    self.emit(Instr::PopBlock);
                    let saved = self.unit().fblocks.split_off(i);
                    if has_value {
                        self.unit().fblocks.push(FBlock::PendingReturn);
                    }
                    let r = self.stmts(body);
                    if has_value {
                        self.unit().fblocks.pop();
                    }
                    self.unit().fblocks.extend(saved);
                    r?;
                }
                FBlock::PendingReturn => self.pop_under_value(has_value),
                FBlock::FinallyExc => {
                    self.pop_under_value(has_value);
                    self.emit(Instr::PopExcept);
                }
                FBlock::Handler(name) => {
                    self.emit(Instr::PopExcept);
                    if let Some(n) = name {
                        self.clear_handler_name(n);
                    }
                }
                FBlock::With | FBlock::AsyncWith => {
                    self.emit(Instr::PopBlock);
                    if has_value {
                        self.emit(Instr::Rot2);
                    }
                    self.with_exit_normal(matches!(block, FBlock::AsyncWith));
                }
            }
        }
        Ok(None)
    }

    /// Drop the stack item just under the return value (or the top item
    /// when no value is in flight, i.e. break/continue).
    fn pop_under_value(&mut self, has_value: bool) {
        if has_value {
            self.emit(Instr::Rot2);
        }
        self.emit(Instr::Pop);
    }
}
