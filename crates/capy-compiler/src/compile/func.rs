//! Definitions that create nested code objects: functions, lambdas, class
//! bodies and comprehensions.

use super::{docstring, CResult, Compiler};
use crate::bytecode::{code_flags, Code, Const, Instr};
use crate::symtable::ScopeKind;
use rustpython_parser::ast::{self, text_size::TextRange, Expr, Stmt};
use std::rc::Rc;

/// What a comprehension builds, with its element expression(s).
#[derive(Clone, Copy)]
pub(crate) enum CompKind<'a> {
    List(&'a Expr),
    Set(&'a Expr),
    Dict(&'a Expr, &'a Expr),
    Gen(&'a Expr),
}

/// MakeFunction flag bits (see `Instr::MakeFunction`).
const HAS_DEFAULTS: u32 = 1;
const HAS_KWDEFAULTS: u32 = 2;
const HAS_CLOSURE: u32 = 4;

impl<'a, 'src> Compiler<'a, 'src> {
    /// The scope the symbol table created for the node at `range`.
    fn child_scope(&self, range: TextRange) -> CResult<usize> {
        self.table.scope_at(range).ok_or_else(|| {
            self.err(
                "internal compiler error: missing scope",
                usize::from(range.start()),
            )
        })
    }

    /// Push positional defaults (a tuple) and keyword-only defaults (a dict
    /// keyed by parameter name); returns the MakeFunction flags for them.
    fn defaults(&mut self, args: &'a ast::Arguments) -> CResult<u32> {
        let mut flags = 0;
        let positional: Vec<&'a Expr> = args
            .posonlyargs
            .iter()
            .chain(&args.args)
            .filter_map(|a| a.default.as_deref())
            .collect();
        if !positional.is_empty() {
            for d in &positional {
                self.expr(d)?;
            }
            self.emit(Instr::BuildTuple(positional.len() as u32));
            flags |= HAS_DEFAULTS;
        }
        let mut nkw = 0;
        for a in &args.kwonlyargs {
            if let Some(d) = &a.default {
                self.load_str(a.def.arg.as_str());
                self.expr(d)?;
                nkw += 1;
            }
        }
        if nkw > 0 {
            self.emit(Instr::BuildMap(nkw));
            flags |= HAS_KWDEFAULTS;
        }
        Ok(flags)
    }

    /// Set the signature fields of the unit being generated.
    fn set_signature(&mut self, args: &ast::Arguments) {
        let u = self.unit();
        u.posonlyargcount = args.posonlyargs.len() as u32;
        u.argcount = (args.posonlyargs.len() + args.args.len()) as u32;
        u.kwonlyargcount = args.kwonlyargs.len() as u32;
        if args.vararg.is_some() {
            u.flags |= code_flags::VARARGS;
        }
        if args.kwarg.is_some() {
            u.flags |= code_flags::VARKEYWORDS;
        }
    }

    /// GENERATOR / COROUTINE / ASYNC_GENERATOR from the scope.
    fn set_kind_flags(&mut self, kind_is_gen_expr: bool) {
        let s = self.scope();
        let generator = s.is_generator || kind_is_gen_expr;
        let flag = match (s.is_async, generator) {
            (true, true) => code_flags::ASYNC_GENERATOR,
            (true, false) => code_flags::COROUTINE,
            (false, true) => code_flags::GENERATOR,
            (false, false) => 0,
        };
        self.unit().flags |= flag;
    }

    /// Emit the closure tuple (if the code has free variables), the code
    /// constant and MakeFunction.
    fn make_function(&mut self, code: Code, mut flags: u32, off: usize) -> CResult {
        if !code.freevars.is_empty() {
            for name in &code.freevars {
                let slot = self.cell_slot(name).ok_or_else(|| {
                    self.err(
                        format!("internal compiler error: no cell for '{name}'"),
                        off,
                    )
                })?;
                self.emit(Instr::LoadClosure(slot));
            }
            self.emit(Instr::BuildTuple(code.freevars.len() as u32));
            flags |= HAS_CLOSURE;
        }
        self.load_const(Const::Code(Rc::new(code)));
        self.emit(Instr::MakeFunction(flags));
        Ok(())
    }

    fn apply_decorators(&mut self, decorators: &[Expr]) {
        for _ in decorators {
            self.emit(Instr::Call(1));
        }
    }

    pub(super) fn function_def(
        &mut self,
        name: &str,
        args: &'a ast::Arguments,
        body: &'a [Stmt],
        decorators: &'a [Expr],
        returns: Option<&'a Expr>,
        range: TextRange,
    ) -> CResult {
        let off = usize::from(range.start());
        for d in decorators {
            self.expr(d)?;
        }
        let flags = self.defaults(args)?;
        let id = self.child_scope(range)?;
        let qualname = self.table.scopes[id].qualname.clone();
        let line = self.src.line_of(off);
        self.push_unit(id, name, &qualname, line)?;
        self.set_signature(args);
        self.set_kind_flags(false);
        let doc = docstring(body);
        let skip = usize::from(doc.is_some());
        self.unit().doc = doc;
        let r = self.stmts(body.get(skip..).unwrap_or(&[]));
        if let Err(e) = r {
            self.units.pop();
            return Err(e);
        }
        self.emit(Instr::LoadNone);
        self.emit(Instr::ReturnValue);
        let code = self.pop_unit()?;
        self.make_function(code, flags, off)?;
        self.function_annotations(args, returns)?;
        self.apply_decorators(decorators);
        self.store_name_op(name);
        Ok(())
    }

    /// With the new function on the stack: sets its `__annotations__` to a
    /// dict of the annotated parameters (in order, then `return`),
    /// evaluated now in the enclosing scope as CPython does. Nothing is
    /// emitted for a function without annotations (its attribute is then
    /// made empty on first access).
    fn function_annotations(
        &mut self,
        args: &'a ast::Arguments,
        returns: Option<&'a Expr>,
    ) -> CResult {
        let params = args
            .posonlyargs
            .iter()
            .chain(&args.args)
            .map(|a| &a.def)
            .chain(args.vararg.as_deref())
            .chain(args.kwonlyargs.iter().map(|a| &a.def))
            .chain(args.kwarg.as_deref());
        let mut items: Vec<(&str, &'a Expr)> = params
            .filter_map(|a| a.annotation.as_deref().map(|e| (a.arg.as_str(), e)))
            .collect();
        if let Some(r) = returns {
            items.push(("return", r));
        }
        if items.is_empty() {
            return Ok(());
        }
        self.emit(Instr::Dup);
        for (name, e) in &items {
            self.load_str(name);
            self.annotation_value(e)?;
        }
        self.emit(Instr::BuildMap(items.len() as u32));
        self.emit(Instr::Rot2);
        let i = self.name_index("__annotations__");
        self.emit(Instr::StoreAttr(i));
        Ok(())
    }

    /// An annotation's value: the expression, or under `from __future__
    /// import annotations` its source text.
    pub(super) fn annotation_value(&mut self, e: &'a Expr) -> CResult {
        if self.lazy_annotations {
            let r = ast::Ranged::range(e);
            let text = self
                .src
                .source
                .get(usize::from(r.start())..usize::from(r.end()))
                .unwrap_or("");
            self.load_str(text);
            Ok(())
        } else {
            self.expr(e)
        }
    }

    /// `x: T` in a module or class body records `T` in `__annotations__`
    /// (a function body evaluates nothing: its annotations are not kept).
    /// Annotations of other targets (`a.b: T`) are evaluated, not stored.
    pub(super) fn ann_assign_annotation(&mut self, a: &'a ast::StmtAnnAssign) -> CResult {
        if !matches!(self.unit_ref().kind, ScopeKind::Module | ScopeKind::Class) {
            return Ok(());
        }
        self.annotation_value(&a.annotation)?;
        match &*a.target {
            Expr::Name(n) if a.simple => {
                let i = self.name_index("__annotations__");
                self.emit(Instr::LoadName(i));
                self.load_str(n.id.as_str());
                self.emit(Instr::StoreSubscr);
            }
            _ => self.emit(Instr::Pop),
        }
        Ok(())
    }

    pub(super) fn lambda(&mut self, l: &'a ast::ExprLambda) -> CResult {
        let off = usize::from(l.range.start());
        let flags = self.defaults(&l.args)?;
        let id = self.child_scope(l.range)?;
        let qualname = self.table.scopes[id].qualname.clone();
        let line = self.src.line_of(off);
        self.push_unit(id, "<lambda>", &qualname, line)?;
        self.set_signature(&l.args);
        self.set_kind_flags(false);
        if let Err(e) = self.expr(&l.body) {
            self.units.pop();
            return Err(e);
        }
        self.emit(Instr::ReturnValue);
        let code = self.pop_unit()?;
        self.make_function(code, flags, off)
    }

    pub(super) fn class_def(&mut self, c: &'a ast::StmtClassDef) -> CResult {
        let off = usize::from(c.range.start());
        let name = c.name.as_str();
        for d in &c.decorator_list {
            self.expr(d)?;
        }
        self.emit(Instr::LoadBuildClass);
        let id = self.child_scope(c.range)?;
        let qualname = self.table.scopes[id].qualname.clone();
        let line = self.src.line_of(off);
        self.push_unit(id, name, &qualname, line)?;
        self.unit().flags |= code_flags::CLASS_BODY;
        if let Err(e) = self.class_body(&c.body, &qualname, off) {
            self.units.pop();
            return Err(e);
        }
        let code = self.pop_unit()?;
        self.make_function(code, 0, off)?;
        self.load_str(name);
        self.call_args(&c.bases, &c.keywords, 2)?;
        self.apply_decorators(&c.decorator_list);
        self.store_name_op(name);
        Ok(())
    }

    fn class_body(&mut self, body: &'a [Stmt], qualname: &str, off: usize) -> CResult {
        let name_i = self.name_index("__name__");
        self.emit(Instr::LoadName(name_i));
        let module_i = self.name_index("__module__");
        self.emit(Instr::StoreName(module_i));
        self.load_str(qualname);
        let qual_i = self.name_index("__qualname__");
        self.emit(Instr::StoreName(qual_i));
        let doc = docstring(body);
        if let Some(d) = &doc {
            self.load_const(Const::Str(d.clone()));
            let doc_i = self.name_index("__doc__");
            self.emit(Instr::StoreName(doc_i));
        }
        let skip = usize::from(doc.is_some());
        self.unit().doc = doc;
        self.setup_annotations(body);
        self.stmts(body.get(skip..).unwrap_or(&[]))?;
        if self.scope().needs_class_cell {
            // __build_class__ fills this cell with the new class, for
            // zero-argument super() and __class__ in methods.
            let slot = self
                .cell_slot("__class__")
                .ok_or_else(|| self.err("internal compiler error: no __class__ cell", off))?;
            self.emit(Instr::LoadClosure(slot));
            let cc = self.name_index("__classcell__");
            self.emit(Instr::StoreName(cc));
        }
        self.emit(Instr::LoadNone);
        self.emit(Instr::ReturnValue);
        Ok(())
    }

    /// A comprehension is a nested function called at once with the
    /// iterator of its outermost iterable (a generator expression returns
    /// the generator instead of running it).
    pub(super) fn comprehension(
        &mut self,
        _e: &'a Expr,
        generators: &'a [ast::Comprehension],
        kind: CompKind<'a>,
        range: TextRange,
    ) -> CResult {
        let off = usize::from(range.start());
        let Some(first) = generators.first() else {
            return Err(self.err("comprehension without 'for'", off));
        };
        let id = self.child_scope(range)?;
        let scope = &self.table.scopes[id];
        let (name, qualname, is_async) =
            (scope.name.clone(), scope.qualname.clone(), scope.is_async);
        let line = self.src.line_of(off);
        self.push_unit(id, &name, &qualname, line)?;
        self.unit().argcount = 1;
        self.set_kind_flags(matches!(kind, CompKind::Gen(_)));
        if let Err(e) = self.comprehension_body(generators, kind) {
            self.units.pop();
            return Err(e);
        }
        let code = self.pop_unit()?;
        self.make_function(code, 0, off)?;
        self.expr(&first.iter)?;
        self.emit(if first.is_async {
            Instr::GetAIter
        } else {
            Instr::GetIter
        });
        self.emit(Instr::Call(1));
        if is_async && !matches!(kind, CompKind::Gen(_)) {
            self.emit(Instr::GetAwaitable);
            self.await_top();
        }
        Ok(())
    }

    fn comprehension_body(
        &mut self,
        generators: &'a [ast::Comprehension],
        kind: CompKind<'a>,
    ) -> CResult {
        match kind {
            CompKind::List(_) => self.emit(Instr::BuildList(0)),
            CompKind::Set(_) => self.emit(Instr::BuildSet(0)),
            CompKind::Dict(..) => self.emit(Instr::BuildMap(0)),
            CompKind::Gen(_) => {}
        }
        self.comprehension_loop(generators, 0, kind)?;
        if matches!(kind, CompKind::Gen(_)) {
            self.emit(Instr::LoadNone);
        }
        self.emit(Instr::ReturnValue);
        Ok(())
    }

    /// One `for` clause (and, recursively, the clauses after it).
    fn comprehension_loop(
        &mut self,
        generators: &'a [ast::Comprehension],
        i: usize,
        kind: CompKind<'a>,
    ) -> CResult {
        let Some(g) = generators.get(i) else {
            return self.comprehension_element(generators.len() as u32, kind);
        };
        let start = self.new_label();
        let end = self.new_label();
        if i == 0 {
            self.emit(Instr::LoadFast(0));
        } else {
            self.expr(&g.iter)?;
            self.emit(if g.is_async {
                Instr::GetAIter
            } else {
                Instr::GetIter
            });
        }
        self.bind(start);
        let handler = self.new_label();
        if g.is_async {
            self.jump(Instr::SetupExcept, handler);
            self.emit(Instr::GetANext);
            self.await_top();
            self.emit(Instr::PopBlock);
            self.store_target(&g.target)?;
        } else {
            self.for_step(&g.target, end)?;
        }
        for cond in &g.ifs {
            self.cond_jump(cond, false, start)?;
        }
        self.comprehension_loop(generators, i + 1, kind)?;
        self.jump(Instr::Jump, start);
        if g.is_async {
            self.bind(handler);
            self.jump(Instr::EndAsyncFor, end);
        }
        self.bind(end);
        Ok(())
    }

    /// Add one element; `depth` iterators sit between the result and the top.
    fn comprehension_element(&mut self, depth: u32, kind: CompKind<'a>) -> CResult {
        match kind {
            CompKind::List(e) => {
                self.expr(e)?;
                self.emit(Instr::ListAppend(depth + 1));
            }
            CompKind::Set(e) => {
                self.expr(e)?;
                self.emit(Instr::SetAdd(depth + 1));
            }
            CompKind::Dict(k, v) => {
                self.expr(k)?;
                self.expr(v)?;
                self.emit(Instr::MapAdd(depth + 1));
            }
            CompKind::Gen(e) => {
                self.expr(e)?;
                self.emit(Instr::YieldValue);
                self.emit(Instr::Pop);
            }
        }
        Ok(())
    }
}
