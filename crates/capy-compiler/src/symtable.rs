//! Scope analysis: decides, for every name in every scope, whether it is a
//! fast local, a cell, a free variable or a global.
//!
//! Two passes. `Builder` walks the AST once, creating a [`Scope`] for the
//! module and for each function, lambda, class body and comprehension, and
//! recording how each name is used there (bound, used, declared global...).
//! `analyze` then walks the scope tree top-down with the set of names
//! bound in enclosing *function* scopes, and bottom-up with the set of names
//! children need from outside, turning locals captured by inner functions
//! into cells and threading free variables through intermediate scopes.
//!
//! The codegen finds a node's scope by its source range (see
//! [`SymbolTable::scope_at`]). This pass also checks the nesting depth of
//! the whole AST, so that the recursive code generator never runs on a tree
//! deeper than [`MAX_DEPTH`].

use crate::error::{CompileError, CompileErrorKind};
use crate::source::SourceMap;
use rustpython_parser::ast::{self, Expr, Ranged, Stmt};
use std::collections::{BTreeSet, HashMap, HashSet};

/// Maximum nesting of statements/expressions (each recursion level of the
/// compiler's walks counts one).
pub const MAX_DEPTH: usize = 200;

/// Maximum nesting of statements (blocks inside blocks). Statement levels
/// cost far more stack than expression levels in debug builds; CPython's
/// own limit on statically nested blocks is much lower (20).
pub const MAX_BLOCK_DEPTH: usize = 100;

/// Longest `elif` chain and left-nested operator chain (`a + b + ...`).
/// Both are walked in loops, not by recursion, but the syntax tree holds
/// them nested, and dropping it recurses once per link: this bounds that
/// depth on any thread's stack. (CPython compiles both far beyond what
/// programs write; this is fifty times the hundred branches programs were refused at.)
pub const MAX_CHAIN: usize = 5_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScopeKind {
    Module,
    Class,
    Function,
    Lambda,
    Comprehension,
}

/// Where a name lives, as seen from one scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolScope {
    /// Bound in this scope (fast local in functions, namespace entry in
    /// module and class bodies).
    Local,
    /// Declared `global` (here or in an enclosing function).
    GlobalExplicit,
    /// Never bound in any enclosing function: a global or builtin.
    GlobalImplicit,
    /// Bound in an enclosing function: read through a cell from the closure.
    Free,
    /// Local here but captured by an inner scope: lives in a cell.
    Cell,
}

/// Usage flags of a name within one scope.
pub mod def {
    pub const LOCAL: u32 = 1;
    pub const PARAM: u32 = 2;
    pub const GLOBAL: u32 = 4;
    pub const NONLOCAL: u32 = 8;
    pub const USE: u32 = 16;
    /// In a class body: local to the class, but also needed free by a method
    /// (so the class body must pass the enclosing cell through).
    pub const FREE_CLASS: u32 = 32;
}

#[derive(Clone, Debug)]
pub struct Symbol {
    pub name: String,
    pub flags: u32,
    pub scope: SymbolScope,
    /// Offset of the `nonlocal` declaration, for error messages.
    decl_offset: usize,
}

#[derive(Clone, Debug)]
pub struct Scope {
    pub kind: ScopeKind,
    pub name: String,
    pub qualname: String,
    pub symbols: Vec<Symbol>,
    index: HashMap<String, usize>,
    /// Parameter names in local order: positional, keyword-only, *args, **kwargs.
    pub params: Vec<String>,
    pub children: Vec<usize>,
    pub is_generator: bool,
    /// `async def`, or a comprehension using `await`/`async for`.
    pub is_async: bool,
    /// Sorted names of cells owned by this scope (class bodies: `__class__`).
    pub cellvars: Vec<String>,
    /// Sorted names of free variables received through the closure.
    pub freevars: Vec<String>,
    /// A class body whose methods use `super`/`__class__`.
    pub needs_class_cell: bool,
}

impl Scope {
    fn new(kind: ScopeKind, name: &str, qualname: String) -> Self {
        Scope {
            kind,
            name: name.to_string(),
            qualname,
            symbols: Vec::new(),
            index: HashMap::new(),
            params: Vec::new(),
            children: Vec::new(),
            is_generator: false,
            is_async: false,
            cellvars: Vec::new(),
            freevars: Vec::new(),
            needs_class_cell: false,
        }
    }

    pub fn lookup(&self, name: &str) -> Option<&Symbol> {
        self.index.get(name).and_then(|&i| self.symbols.get(i))
    }

    /// Scope of `name` as used here; unknown names are implicit globals.
    pub fn scope_of(&self, name: &str) -> SymbolScope {
        self.lookup(name)
            .map_or(SymbolScope::GlobalImplicit, |s| s.scope)
    }

    fn symbol_mut(&mut self, name: &str) -> &mut Symbol {
        let i = match self.index.get(name) {
            Some(&i) => i,
            None => {
                self.symbols.push(Symbol {
                    name: name.to_string(),
                    flags: 0,
                    scope: SymbolScope::GlobalImplicit,
                    decl_offset: 0,
                });
                self.index.insert(name.to_string(), self.symbols.len() - 1);
                self.symbols.len() - 1
            }
        };
        &mut self.symbols[i]
    }

    pub fn is_function_like(&self) -> bool {
        matches!(
            self.kind,
            ScopeKind::Function | ScopeKind::Lambda | ScopeKind::Comprehension
        )
    }
}

#[derive(Clone, Debug, Default)]
pub struct SymbolTable {
    /// Scope 0 is the module.
    pub scopes: Vec<Scope>,
    by_range: HashMap<(u32, u32), usize>,
}

impl SymbolTable {
    /// The scope created for the function/class/lambda/comprehension node
    /// with this source range.
    pub fn scope_at(&self, range: ast::text_size::TextRange) -> Option<usize> {
        self.by_range
            .get(&(range.start().into(), range.end().into()))
            .copied()
    }
}

/// Build and analyze the symbol table of a parsed module.
pub fn build(
    module: &[Stmt],
    expr: Option<&Expr>,
    src: &SourceMap,
) -> Result<SymbolTable, CompileError> {
    build_boxed(module, expr, src).map_err(|e| *e)
}

/// Errors are boxed inside the recursive walks: an unboxed `CompileError`
/// return slot in every frame costs a lot of stack in debug builds.
type BoxedError = Box<CompileError>;

fn build_boxed(
    module: &[Stmt],
    expr: Option<&Expr>,
    src: &SourceMap,
) -> Result<SymbolTable, BoxedError> {
    let mut b = Builder {
        table: SymbolTable::default(),
        stack: Vec::new(),
        depth: 0,
        block_depth: 0,
        in_annotation: false,
        lazy_annotations: crate::compile::future_annotations(module),
        src,
    };
    b.table
        .scopes
        .push(Scope::new(ScopeKind::Module, "<module>", String::new()));
    b.stack.push(0);
    for s in module {
        b.stmt(s)?;
    }
    if let Some(e) = expr {
        b.expr(e)?;
    }
    let mut table = b.table;
    analyze(&mut table, 0, &HashSet::new(), &HashSet::new(), src)?;
    Ok(table)
}

struct Builder<'s, 'src> {
    table: SymbolTable,
    /// Scopes being visited, innermost last.
    stack: Vec<usize>,
    depth: usize,
    /// Statement nesting only (also counted in `depth`).
    block_depth: usize,
    /// Walking an annotation: annotations are never evaluated, so they bind
    /// and use nothing, but they are still walked so that their depth is
    /// checked (the whole tree must be shallow enough to drop safely).
    in_annotation: bool,
    /// `from __future__ import annotations`: no annotation is evaluated.
    lazy_annotations: bool,
    src: &'s SourceMap<'src>,
}

type R = Result<(), BoxedError>;

impl<'s, 'src> Builder<'s, 'src> {
    fn cur(&self) -> usize {
        self.stack.last().copied().unwrap_or(0)
    }

    fn scope(&mut self) -> &mut Scope {
        let i = self.cur();
        &mut self.table.scopes[i]
    }

    fn err(&self, msg: impl Into<String>, offset: usize) -> BoxedError {
        Box::new(self.src.syntax_error(msg, offset))
    }

    fn too_long(&self, offset: usize) -> BoxedError {
        Box::new(self.src.error(
            CompileErrorKind::TooDeep,
            format!("chain too long to compile (more than {MAX_CHAIN} links)"),
            offset,
        ))
    }

    fn enter_depth(&mut self, offset: usize) -> R {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Box::new(self.src.error(
                CompileErrorKind::TooDeep,
                "too many nested parentheses",
                offset,
            )));
        }
        Ok(())
    }

    fn add(&mut self, name: &str, flag: u32, offset: usize) -> R {
        if self.in_annotation {
            return Ok(());
        }
        let sym = self.scope().symbol_mut(name);
        if flag == def::PARAM && sym.flags & def::PARAM != 0 {
            return Err(self.err(
                format!("duplicate argument '{name}' in function definition"),
                offset,
            ));
        }
        sym.flags |= flag;
        Ok(())
    }

    fn push_scope(
        &mut self,
        kind: ScopeKind,
        name: &str,
        range: ast::text_size::TextRange,
    ) -> usize {
        let parent = &self.table.scopes[self.cur()];
        let qualname = match parent.kind {
            ScopeKind::Module => name.to_string(),
            // A comprehension's scope adds no `<locals>` (CPython's rule:
            // only function and lambda parents do).
            ScopeKind::Class | ScopeKind::Comprehension => format!("{}.{}", parent.qualname, name),
            _ => format!("{}.<locals>.{}", parent.qualname, name),
        };
        let id = self.table.scopes.len();
        self.table.scopes.push(Scope::new(kind, name, qualname));
        let cur = self.cur();
        self.table.scopes[cur].children.push(id);
        self.table
            .by_range
            .insert((range.start().into(), range.end().into()), id);
        self.stack.push(id);
        id
    }

    /// A `case` pattern: its capture names are assignments; its value
    /// and class expressions are uses.
    fn pattern(&mut self, p: &ast::Pattern, off: usize) -> R {
        self.enter_depth(off)?;
        let r = match p {
            ast::Pattern::MatchValue(v) => self.expr(&v.value),
            ast::Pattern::MatchSingleton(_) => Ok(()),
            ast::Pattern::MatchSequence(s) => {
                s.patterns.iter().try_for_each(|p| self.pattern(p, off))
            }
            ast::Pattern::MatchMapping(m) => {
                self.exprs(&m.keys)?;
                m.patterns.iter().try_for_each(|p| self.pattern(p, off))?;
                m.rest
                    .as_ref()
                    .map_or(Ok(()), |n| self.add(n.as_str(), def::LOCAL, off))
            }
            ast::Pattern::MatchClass(c) => {
                self.expr(&c.cls)?;
                c.patterns.iter().try_for_each(|p| self.pattern(p, off))?;
                c.kwd_patterns.iter().try_for_each(|p| self.pattern(p, off))
            }
            ast::Pattern::MatchStar(s) => s
                .name
                .as_ref()
                .map_or(Ok(()), |n| self.add(n.as_str(), def::LOCAL, off)),
            ast::Pattern::MatchAs(a) => {
                if let Some(p) = &a.pattern {
                    self.pattern(p, off)?;
                }
                a.name
                    .as_ref()
                    .map_or(Ok(()), |n| self.add(n.as_str(), def::LOCAL, off))
            }
            ast::Pattern::MatchOr(o) => o.patterns.iter().try_for_each(|p| self.pattern(p, off)),
        };
        self.depth -= 1;
        r
    }

    fn stmts(&mut self, body: &[Stmt]) -> R {
        body.iter().try_for_each(|s| self.stmt(s))
    }

    fn exprs(&mut self, es: &[Expr]) -> R {
        es.iter().try_for_each(|e| self.expr(e))
    }

    fn stmt(&mut self, s: &Stmt) -> R {
        let off = usize::from(s.start());
        self.block_depth += 1;
        if self.block_depth > MAX_BLOCK_DEPTH {
            return Err(Box::new(self.src.error(
                CompileErrorKind::TooDeep,
                "too many statically nested blocks",
                off,
            )));
        }
        self.enter_depth(off)?;
        let r = self.stmt_inner(s, off);
        self.depth -= 1;
        self.block_depth -= 1;
        r
    }

    fn stmt_inner(&mut self, s: &Stmt, off: usize) -> R {
        match s {
            Stmt::FunctionDef(f) => {
                self.no_type_params(!f.type_params.is_empty(), off)?;
                if let Some(r) = &f.returns {
                    self.evaluated_annotation(r)?;
                }
                self.function(
                    f.name.as_str(),
                    &f.args,
                    &f.body,
                    &f.decorator_list,
                    f.range,
                    false,
                )
            }
            Stmt::AsyncFunctionDef(f) => {
                self.no_type_params(!f.type_params.is_empty(), off)?;
                if let Some(r) = &f.returns {
                    self.evaluated_annotation(r)?;
                }
                self.function(
                    f.name.as_str(),
                    &f.args,
                    &f.body,
                    &f.decorator_list,
                    f.range,
                    true,
                )
            }
            Stmt::ClassDef(c) => {
                self.no_type_params(!c.type_params.is_empty(), off)?;
                self.exprs(&c.decorator_list)?;
                self.exprs(&c.bases)?;
                for k in &c.keywords {
                    self.expr(&k.value)?;
                }
                self.add(c.name.as_str(), def::LOCAL, off)?;
                self.push_scope(ScopeKind::Class, c.name.as_str(), c.range);
                self.stmts(&c.body)?;
                self.stack.pop();
                Ok(())
            }
            Stmt::Return(r) => r.value.as_deref().map_or(Ok(()), |v| self.expr(v)),
            Stmt::Delete(d) => self.exprs(&d.targets),
            Stmt::Assign(a) => {
                self.expr(&a.value)?;
                self.exprs(&a.targets)
            }
            Stmt::AugAssign(a) => {
                self.expr(&a.value)?;
                if let Expr::Name(n) = &*a.target {
                    self.add(n.id.as_str(), def::LOCAL | def::USE, off)
                } else {
                    self.expr(&a.target)
                }
            }
            Stmt::AnnAssign(a) => {
                // Evaluated in module and class bodies only.
                if matches!(
                    self.table.scopes[self.cur()].kind,
                    ScopeKind::Module | ScopeKind::Class
                ) {
                    self.evaluated_annotation(&a.annotation)?;
                } else {
                    self.annotation(&a.annotation)?;
                }
                if let Some(v) = &a.value {
                    self.expr(v)?;
                }
                match (&*a.target, &a.value) {
                    // `x: int` makes x local even without a value (CPython).
                    (Expr::Name(n), _) => self.add(n.id.as_str(), def::LOCAL, off),
                    (t, Some(_)) => self.expr(t),
                    _ => Ok(()),
                }
            }
            Stmt::For(f) => self.for_loop(&f.target, &f.iter, &f.body, &f.orelse),
            Stmt::AsyncFor(f) => {
                self.check_async(off, "'async for' outside async function")?;
                self.for_loop(&f.target, &f.iter, &f.body, &f.orelse)
            }
            Stmt::While(w) => {
                self.expr(&w.test)?;
                self.stmts(&w.body)?;
                self.stmts(&w.orelse)
            }
            Stmt::If(i) => {
                // An `elif` chain, walked in a loop: no nesting (flow.rs).
                let mut cur = i;
                for _ in 0..MAX_CHAIN {
                    self.expr(&cur.test)?;
                    self.stmts(&cur.body)?;
                    match cur.orelse.as_slice() {
                        [Stmt::If(next)] => cur = next,
                        rest => return self.stmts(rest),
                    }
                }
                Err(self.too_long(off))
            }
            Stmt::With(w) => self.with(&w.items, &w.body),
            Stmt::AsyncWith(w) => {
                self.check_async(off, "'async with' outside async function")?;
                self.with(&w.items, &w.body)
            }
            Stmt::Match(m) => {
                self.expr(&m.subject)?;
                for c in &m.cases {
                    self.pattern(&c.pattern, off)?;
                    if let Some(g) = &c.guard {
                        self.expr(g)?;
                    }
                    self.stmts(&c.body)?;
                }
                Ok(())
            }
            Stmt::TypeAlias(_) => Err(self.err("'type' statement is not supported", off)),
            Stmt::Raise(r) => {
                if let Some(e) = &r.exc {
                    self.expr(e)?;
                }
                r.cause.as_deref().map_or(Ok(()), |c| self.expr(c))
            }
            Stmt::Try(t) => self.try_parts(&t.body, &t.handlers, &t.orelse, &t.finalbody, off),
            Stmt::TryStar(t) => self.try_parts(&t.body, &t.handlers, &t.orelse, &t.finalbody, off),
            Stmt::Assert(a) => {
                self.expr(&a.test)?;
                a.msg.as_deref().map_or(Ok(()), |m| self.expr(m))
            }
            Stmt::Import(i) => {
                for a in &i.names {
                    let bound = match &a.asname {
                        Some(n) => n.as_str(),
                        None => a.name.as_str().split('.').next().unwrap_or(""),
                    };
                    self.add(bound, def::LOCAL, off)?;
                }
                Ok(())
            }
            Stmt::ImportFrom(i) => {
                for a in &i.names {
                    if a.name.as_str() == "*" {
                        if self.scope().kind != ScopeKind::Module {
                            return Err(self.err("import * only allowed at module level", off));
                        }
                        continue;
                    }
                    let bound = a.asname.as_ref().unwrap_or(&a.name);
                    self.add(bound.as_str(), def::LOCAL, off)?;
                }
                Ok(())
            }
            Stmt::Global(g) => {
                for n in &g.names {
                    self.declare(n.as_str(), def::GLOBAL, off)?;
                }
                Ok(())
            }
            Stmt::Nonlocal(g) => {
                if self.scope().kind == ScopeKind::Module {
                    return Err(self.err("nonlocal declaration not allowed at module level", off));
                }
                for n in &g.names {
                    self.declare(n.as_str(), def::NONLOCAL, off)?;
                }
                Ok(())
            }
            Stmt::Expr(e) => self.expr(&e.value),
            Stmt::Pass(_) | Stmt::Break(_) | Stmt::Continue(_) => Ok(()),
        }
    }

    fn no_type_params(&self, present: bool, off: usize) -> R {
        if present {
            return Err(self.err("type parameter lists are not supported", off));
        }
        Ok(())
    }

    /// `global`/`nonlocal` declarations, with CPython's ordering checks.
    fn declare(&mut self, name: &str, flag: u32, off: usize) -> R {
        let what = if flag == def::GLOBAL {
            "global"
        } else {
            "nonlocal"
        };
        let sym = self.scope().symbol_mut(name);
        let prior = sym.flags;
        let msg = if prior & def::PARAM != 0 {
            Some(format!("name '{name}' is parameter and {what}"))
        } else if prior & (def::GLOBAL | def::NONLOCAL) != 0 && prior & flag == 0 {
            Some(format!("name '{name}' is nonlocal and global"))
        } else if prior & def::LOCAL != 0 {
            Some(format!(
                "name '{name}' is assigned to before {what} declaration"
            ))
        } else if prior & def::USE != 0 {
            Some(format!("name '{name}' is used prior to {what} declaration"))
        } else {
            None
        };
        if let Some(msg) = msg {
            return Err(self.err(msg, off));
        }
        sym.flags |= flag;
        sym.decl_offset = off;
        Ok(())
    }

    fn check_async(&mut self, off: usize, msg: &str) -> R {
        let scope = self.scope();
        match scope.kind {
            ScopeKind::Function if scope.is_async => Ok(()),
            ScopeKind::Comprehension => {
                scope.is_async = true;
                Ok(())
            }
            _ => Err(self.err(msg, off)),
        }
    }

    /// An annotation the compiler evaluates (of a parameter, a return, or
    /// a name in a module or class body): its names are uses of the scope
    /// being visited, unless annotations are lazy.
    fn evaluated_annotation(&mut self, e: &Expr) -> R {
        if self.lazy_annotations {
            self.annotation(e)
        } else {
            self.expr(e)
        }
    }

    /// Walk an annotation for its depth only (see `in_annotation`).
    fn annotation(&mut self, e: &Expr) -> R {
        let saved = std::mem::replace(&mut self.in_annotation, true);
        let r = self.expr(e);
        self.in_annotation = saved;
        r
    }

    fn param_annotations(&mut self, args: &ast::Arguments) -> R {
        let with_default = args
            .posonlyargs
            .iter()
            .chain(&args.args)
            .chain(&args.kwonlyargs);
        let plain = with_default
            .map(|a| &a.def)
            .chain(args.vararg.as_deref())
            .chain(args.kwarg.as_deref());
        for a in plain {
            if let Some(ann) = &a.annotation {
                self.evaluated_annotation(ann)?;
            }
        }
        Ok(())
    }

    fn for_loop(&mut self, target: &Expr, iter: &Expr, body: &[Stmt], orelse: &[Stmt]) -> R {
        self.expr(iter)?;
        self.expr(target)?;
        self.stmts(body)?;
        self.stmts(orelse)
    }

    /// `try` and `try`/`except*` alike: each handler's name is a local.
    fn try_parts(
        &mut self,
        body: &[Stmt],
        handlers: &[ast::ExceptHandler],
        orelse: &[Stmt],
        finalbody: &[Stmt],
        off: usize,
    ) -> R {
        self.stmts(body)?;
        for h in handlers {
            let ast::ExceptHandler::ExceptHandler(h) = h;
            if let Some(ty) = &h.type_ {
                self.expr(ty)?;
            }
            if let Some(n) = &h.name {
                self.add(n.as_str(), def::LOCAL, off)?;
            }
            self.stmts(&h.body)?;
        }
        self.stmts(orelse)?;
        self.stmts(finalbody)
    }

    fn with(&mut self, items: &[ast::WithItem], body: &[Stmt]) -> R {
        for it in items {
            self.expr(&it.context_expr)?;
            if let Some(v) = &it.optional_vars {
                self.expr(v)?;
            }
        }
        self.stmts(body)
    }

    /// Defaults and decorators belong to the enclosing scope; annotations
    /// are never evaluated, so they are not visited.
    fn arguments_outer(&mut self, args: &ast::Arguments) -> R {
        for a in args
            .posonlyargs
            .iter()
            .chain(&args.args)
            .chain(&args.kwonlyargs)
        {
            if let Some(d) = &a.default {
                self.expr(d)?;
            }
        }
        Ok(())
    }

    fn params(&mut self, args: &ast::Arguments, off: usize) -> R {
        let positional = args
            .posonlyargs
            .iter()
            .chain(&args.args)
            .chain(&args.kwonlyargs);
        let mut names: Vec<&str> = positional.map(|a| a.def.arg.as_str()).collect();
        if let Some(v) = &args.vararg {
            names.push(v.arg.as_str());
        }
        if let Some(k) = &args.kwarg {
            names.push(k.arg.as_str());
        }
        for n in names {
            self.add(n, def::PARAM, off)?;
            self.scope().params.push(n.to_string());
        }
        Ok(())
    }

    fn function(
        &mut self,
        name: &str,
        args: &ast::Arguments,
        body: &[Stmt],
        decorators: &[Expr],
        range: ast::text_size::TextRange,
        is_async: bool,
    ) -> R {
        let off = usize::from(range.start());
        self.exprs(decorators)?;
        self.arguments_outer(args)?;
        self.param_annotations(args)?;
        self.add(name, def::LOCAL, off)?;
        let id = self.push_scope(ScopeKind::Function, name, range);
        self.table.scopes[id].is_async = is_async;
        self.params(args, off)?;
        self.stmts(body)?;
        self.stack.pop();
        Ok(())
    }

    fn expr(&mut self, e: &Expr) -> R {
        let off = usize::from(e.start());
        self.enter_depth(off)?;
        let r = self.expr_inner(e, off);
        self.depth -= 1;
        r
    }

    fn expr_inner(&mut self, e: &Expr, off: usize) -> R {
        match e {
            Expr::Name(n) => {
                let name = n.id.as_str();
                if matches!(n.ctx, ast::ExprContext::Load) {
                    self.add(name, def::USE, off)?;
                    // Zero-argument super() needs the class cell.
                    if name == "super" && self.scope().is_function_like() {
                        self.add("__class__", def::USE, off)?;
                    }
                    Ok(())
                } else {
                    self.add(name, def::LOCAL, off)
                }
            }
            Expr::NamedExpr(n) => {
                self.expr(&n.value)?;
                match &*n.target {
                    Expr::Name(t) => self.walrus_target(t.id.as_str(), off),
                    _ => Err(self.err("cannot use assignment expressions with this target", off)),
                }
            }
            Expr::Lambda(l) => {
                self.arguments_outer(&l.args)?;
                self.param_annotations(&l.args)?;
                self.push_scope(ScopeKind::Lambda, "<lambda>", l.range);
                self.params(&l.args, off)?;
                self.expr(&l.body)?;
                self.stack.pop();
                Ok(())
            }
            Expr::ListComp(c) => {
                self.comprehension("<listcomp>", &c.generators, &[&c.elt], c.range)
            }
            Expr::SetComp(c) => self.comprehension("<setcomp>", &c.generators, &[&c.elt], c.range),
            Expr::DictComp(c) => {
                self.comprehension("<dictcomp>", &c.generators, &[&c.key, &c.value], c.range)
            }
            Expr::GeneratorExp(c) => {
                self.comprehension("<genexpr>", &c.generators, &[&c.elt], c.range)
            }
            Expr::Yield(y) => {
                self.mark_yield(off)?;
                y.value.as_deref().map_or(Ok(()), |v| self.expr(v))
            }
            Expr::YieldFrom(y) => {
                self.mark_yield(off)?;
                if self.scope().is_async {
                    return Err(self.err("'yield from' inside async function", off));
                }
                self.expr(&y.value)
            }
            Expr::Await(a) if self.in_annotation => self.expr(&a.value),
            Expr::Await(a) => {
                let scope = self.scope();
                let msg = match scope.kind {
                    ScopeKind::Function | ScopeKind::Lambda if !scope.is_async => {
                        Some("'await' outside async function")
                    }
                    ScopeKind::Module | ScopeKind::Class => Some("'await' outside function"),
                    _ => None,
                };
                if let Some(m) = msg {
                    return Err(self.err(m, off));
                }
                if scope.kind == ScopeKind::Comprehension {
                    scope.is_async = true;
                }
                self.expr(&a.value)
            }
            Expr::BoolOp(b) => self.exprs(&b.values),
            Expr::BinOp(b) => {
                // A left-nested chain, walked in a loop (compile/expr.rs).
                let mut rights = vec![&*b.right];
                let mut left = &*b.left;
                while let Expr::BinOp(inner) = left {
                    rights.push(&inner.right);
                    left = &inner.left;
                    if rights.len() > MAX_CHAIN {
                        return Err(self.too_long(usize::from(e.start())));
                    }
                }
                self.expr(left)?;
                rights.into_iter().rev().try_for_each(|r| self.expr(r))
            }
            Expr::UnaryOp(u) => self.expr(&u.operand),
            Expr::IfExp(i) => {
                self.expr(&i.test)?;
                self.expr(&i.body)?;
                self.expr(&i.orelse)
            }
            Expr::Dict(d) => {
                for k in d.keys.iter().flatten() {
                    self.expr(k)?;
                }
                self.exprs(&d.values)
            }
            Expr::Set(s) => self.exprs(&s.elts),
            Expr::Compare(c) => {
                self.expr(&c.left)?;
                self.exprs(&c.comparators)
            }
            Expr::Call(c) => {
                self.expr(&c.func)?;
                self.exprs(&c.args)?;
                c.keywords.iter().try_for_each(|k| self.expr(&k.value))
            }
            Expr::FormattedValue(f) => {
                self.expr(&f.value)?;
                f.format_spec.as_deref().map_or(Ok(()), |s| self.expr(s))
            }
            Expr::JoinedStr(j) => self.exprs(&j.values),
            Expr::Constant(_) => Ok(()),
            Expr::Attribute(a) => self.expr(&a.value),
            Expr::Subscript(s) => {
                self.expr(&s.value)?;
                self.expr(&s.slice)
            }
            Expr::Starred(s) => self.expr(&s.value),
            Expr::List(l) => self.exprs(&l.elts),
            Expr::Tuple(t) => self.exprs(&t.elts),
            Expr::Slice(s) => {
                for part in [&s.lower, &s.upper, &s.step].into_iter().flatten() {
                    self.expr(part)?;
                }
                Ok(())
            }
        }
    }

    fn mark_yield(&mut self, off: usize) -> R {
        if self.in_annotation {
            return Ok(());
        }
        let scope = self.scope();
        match scope.kind {
            ScopeKind::Function | ScopeKind::Lambda => {
                scope.is_generator = true;
                Ok(())
            }
            ScopeKind::Comprehension => {
                let what = match scope.name.as_str() {
                    "<genexpr>" => "generator expression",
                    "<listcomp>" => "list comprehension",
                    "<setcomp>" => "set comprehension",
                    _ => "dict comprehension",
                };
                Err(self.err(format!("'yield' inside {what}"), off))
            }
            _ => Err(self.err("'yield' outside function", off)),
        }
    }

    /// Comprehensions are implicit functions taking the outermost iterator
    /// (evaluated in the enclosing scope) as their only argument, `.0`.
    fn comprehension(
        &mut self,
        name: &str,
        generators: &[ast::Comprehension],
        elts: &[&Expr],
        range: ast::text_size::TextRange,
    ) -> R {
        let off = usize::from(range.start());
        let Some(first) = generators.first() else {
            return Err(self.err("comprehension without 'for'", off));
        };
        self.expr(&first.iter)?;
        let id = self.push_scope(ScopeKind::Comprehension, name, range);
        self.add(".0", def::PARAM, off)?;
        self.table.scopes[id].params.push(".0".to_string());
        for (i, g) in generators.iter().enumerate() {
            if g.is_async {
                self.table.scopes[id].is_async = true;
            }
            if i > 0 {
                self.expr(&g.iter)?;
            }
            self.expr(&g.target)?;
            self.exprs(&g.ifs)?;
        }
        for e in elts {
            self.expr(e)?;
        }
        self.stack.pop();
        if self.table.scopes[id].is_async && name != "<genexpr>" && !self.in_annotation {
            // An async list/set/dict comprehension is awaited in place.
            let cur = self.cur();
            let outer = &self.table.scopes[cur];
            let ok = (outer.kind == ScopeKind::Function && outer.is_async)
                || outer.kind == ScopeKind::Comprehension;
            if !ok {
                return Err(self.err(
                    "asynchronous comprehension outside of an asynchronous function",
                    off,
                ));
            }
            if outer.kind == ScopeKind::Comprehension {
                self.table.scopes[cur].is_async = true;
            }
        }
        Ok(())
    }

    /// `(x := v)` inside a comprehension binds x in the nearest enclosing
    /// non-comprehension scope.
    fn walrus_target(&mut self, name: &str, off: usize) -> R {
        if self.in_annotation {
            return Ok(());
        }
        if self.scope().kind != ScopeKind::Comprehension {
            return self.add(name, def::LOCAL, off);
        }
        let Some(pos) = self
            .stack
            .iter()
            .rposition(|&i| self.table.scopes[i].kind != ScopeKind::Comprehension)
        else {
            return self.add(name, def::LOCAL, off);
        };
        let target = self.stack[pos];
        if self.table.scopes[target].kind == ScopeKind::Class {
            return Err(self.err(
                "assignment expression within a comprehension cannot be used in a class body",
                off,
            ));
        }
        let comps: Vec<usize> = self.stack[pos + 1..].to_vec();
        for &c in &comps {
            if self.table.scopes[c]
                .lookup(name)
                .is_some_and(|s| s.flags & def::LOCAL != 0)
            {
                return Err(self.err(
                    format!("assignment expression cannot rebind comprehension iteration variable '{name}'"),
                    off,
                ));
            }
        }
        let tscope = &mut self.table.scopes[target];
        let is_global = tscope.kind == ScopeKind::Module
            || tscope
                .lookup(name)
                .is_some_and(|s| s.flags & def::GLOBAL != 0);
        tscope.symbol_mut(name).flags |= def::LOCAL;
        for c in comps {
            let sym = self.table.scopes[c].symbol_mut(name);
            sym.flags |= if is_global {
                def::GLOBAL
            } else {
                def::NONLOCAL
            };
            sym.decl_offset = off;
        }
        Ok(())
    }
}

/// Resolve every symbol of scope `id` (and its children). `bound` holds the
/// names bound in enclosing function scopes; `globals` those declared global
/// in enclosing scopes. Returns the free names this scope needs from its parent.
fn analyze(
    table: &mut SymbolTable,
    id: usize,
    bound: &HashSet<String>,
    globals: &HashSet<String>,
    src: &SourceMap,
) -> Result<BTreeSet<String>, BoxedError> {
    let kind = table.scopes[id].kind;
    let mut local = HashSet::new();
    let mut child_globals = globals.clone();
    for sym in &mut table.scopes[id].symbols {
        sym.scope = if sym.flags & def::GLOBAL != 0 {
            child_globals.insert(sym.name.clone());
            SymbolScope::GlobalExplicit
        } else if sym.flags & def::NONLOCAL != 0 {
            if !bound.contains(&sym.name) {
                let msg = format!("no binding for nonlocal '{}' found", sym.name);
                return Err(Box::new(src.syntax_error(msg, sym.decl_offset)));
            }
            SymbolScope::Free
        } else if sym.flags & (def::LOCAL | def::PARAM) != 0 {
            local.insert(sym.name.clone());
            child_globals.remove(&sym.name);
            SymbolScope::Local
        } else if kind != ScopeKind::Module && bound.contains(&sym.name) {
            SymbolScope::Free
        } else if globals.contains(&sym.name) {
            SymbolScope::GlobalExplicit
        } else {
            SymbolScope::GlobalImplicit
        };
    }
    let child_bound: HashSet<String> = match kind {
        ScopeKind::Module => HashSet::new(),
        ScopeKind::Class => {
            let mut b = bound.clone();
            b.insert("__class__".to_string());
            b
        }
        _ => bound.union(&local).cloned().collect(),
    };
    let mut child_free = BTreeSet::new();
    for child in table.scopes[id].children.clone() {
        child_free.extend(analyze(table, child, &child_bound, &child_globals, src)?);
    }
    let scope = &mut table.scopes[id];
    for name in child_free {
        match kind {
            ScopeKind::Module => {}
            ScopeKind::Class if name == "__class__" => scope.needs_class_cell = true,
            ScopeKind::Class => {
                let sym = scope.symbol_mut(&name);
                if sym.scope == SymbolScope::Local {
                    sym.flags |= def::FREE_CLASS;
                } else {
                    sym.scope = SymbolScope::Free;
                }
            }
            _ => {
                let sym = scope.symbol_mut(&name);
                if local.contains(&name) {
                    sym.scope = SymbolScope::Cell;
                } else {
                    sym.scope = SymbolScope::Free;
                }
            }
        }
    }
    let mut cells: Vec<String> = Vec::new();
    let mut frees: Vec<String> = Vec::new();
    for sym in &scope.symbols {
        match sym.scope {
            SymbolScope::Cell => cells.push(sym.name.clone()),
            SymbolScope::Free => frees.push(sym.name.clone()),
            SymbolScope::Local if sym.flags & def::FREE_CLASS != 0 => frees.push(sym.name.clone()),
            _ => {}
        }
    }
    if scope.needs_class_cell {
        cells.push("__class__".to_string());
    }
    cells.sort();
    frees.sort();
    scope.cellvars = cells;
    scope.freevars = frees.clone();
    Ok(frees.into_iter().collect())
}
