//! `except*` clauses (PEP 654).
//!
//! The handler is entered with the exception on the stack and keeps three
//! values while its clauses run: the original exception, a list of what
//! the clauses raised, and the rest still to be matched. Each clause
//! splits the rest (`ExcStarMatch`); its body runs under its own handler
//! block, so an exception it raises is collected instead of leaving, and
//! the later clauses still run. At the end `ExcStarReraise` raises what
//! is left, if anything:
//!
//! ```text
//! handler:  [exc]  Dup BuildList(0) Rot2          [orig, raised, rest]
//! clause:   <type> ExcStarMatch(next)             [orig, raised, rest, match]
//!           Store name | Pop; SetupExcept(fail)   [orig, raised, rest]
//!           <body> PopBlock; clear name; Jump next
//! fail:     clear name; ListAppend(2) PopExcept   [orig, raised, rest]
//! next:     ... more clauses ...
//!           ListAppend(1) ExcStarReraise PopExcept
//! ```

use super::{CResult, Compiler, FBlock};
use crate::bytecode::Instr;
use rustpython_parser::ast;

/// CPython's message for an early exit from an `except*` clause.
const EARLY_EXIT: &str = "'break', 'continue' and 'return' cannot appear in an except* block";

impl<'a, 'src> Compiler<'a, 'src> {
    /// The clauses of a `try`/`except*`, from the handler entry `[exc]`.
    pub(super) fn except_star_clauses(&mut self, handlers: &'a [ast::ExceptHandler]) -> CResult {
        self.emit(Instr::Dup);
        self.emit(Instr::BuildList(0));
        self.emit(Instr::Rot2);
        for h in handlers {
            let ast::ExceptHandler::ExceptHandler(h) = h;
            let off = usize::from(h.range.start());
            let saved = self.set_line(off);
            // The grammar requires a type after `except*`.
            let Some(ty) = &h.type_ else {
                return Err(self.err("expected one or more exception types", off));
            };
            let next = self.new_label();
            let fail = self.new_label();
            self.expr(ty)?;
            self.jump(Instr::ExcStarMatch, next);
            let name = h.name.as_ref().map(|n| n.as_str());
            match name {
                Some(n) => self.store_name_op(n),
                None => self.emit(Instr::Pop),
            }
            self.jump(Instr::SetupExcept, fail);
            self.unit().fblocks.push(FBlock::StarHandler);
            let r = self.stmts(&h.body);
            self.unit().fblocks.pop();
            r?;
            self.emit(Instr::PopBlock);
            if let Some(n) = name {
                self.clear_handler_name(n);
            }
            self.jump(Instr::Jump, next);
            self.bind(fail);
            if let Some(n) = name {
                self.clear_handler_name(n);
            }
            self.emit(Instr::ListAppend(2));
            self.emit(Instr::PopExcept);
            self.bind(next);
            self.unit().line = saved;
        }
        self.emit(Instr::ListAppend(1));
        self.emit(Instr::ExcStarReraise);
        self.emit(Instr::PopExcept);
        Ok(())
    }

    /// `break`/`continue` (`to_loop`) and `return` may not leave an
    /// `except*` clause; a loop inside the clause is theirs to leave.
    pub(super) fn check_star_exit(&self, to_loop: bool, off: usize) -> CResult {
        for block in self.unit_ref().fblocks.iter().rev() {
            match block {
                FBlock::Loop { .. } if to_loop => return Ok(()),
                FBlock::StarHandler => return Err(self.err(EARLY_EXIT, off)),
                _ => {}
            }
        }
        Ok(())
    }
}
