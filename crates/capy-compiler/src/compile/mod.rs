//! Code generation: AST + symbol table → [`Code`] objects.
//!
//! One [`Unit`] is open per code object being generated (module, class body,
//! function, lambda, comprehension); nested definitions push a unit, compile
//! their body and pop it into a `Const::Code`. Jumps are emitted against
//! [`Label`]s and resolved to absolute indices when a unit is finished.
//!
//! Split by topic: `stmt.rs` (simple statements and assignment), `flow.rs`
//! (loops, try, with and the unwinding done by break/continue/return),
//! `expr.rs` (expressions and calls), `func.rs` (functions, lambdas,
//! classes and comprehensions), `pattern.rs` (the `match` statement).

mod expr;
mod flow;
mod func;
mod pattern;
mod stmt;
mod surrogate;
mod trystar;

use crate::bytecode::{code_flags, Code, Const, Instr};
use crate::error::{CompileError, CompileErrorKind};
use crate::source::SourceMap;
use crate::symtable::{ScopeKind, SymbolScope, SymbolTable, MAX_DEPTH};
use crate::Mode;
use rustpython_parser::ast::{self, Stmt};
use std::collections::HashMap;
use std::rc::Rc;

/// Errors are boxed: an unboxed `CompileError` return slot in every
/// recursive frame costs a lot of stack in debug builds.
pub(crate) type CResult<T = ()> = Result<T, Box<CompileError>>;

/// A jump target, resolved to an instruction index when the unit finishes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Label(u32);

/// An enclosing construct that `break`/`continue`/`return` must unwind.
#[derive(Clone, Copy)]
pub(crate) enum FBlock<'a> {
    /// A loop; `for_iter` when an iterator sits on the stack.
    Loop {
        start: Label,
        end: Label,
        for_iter: bool,
    },
    /// The body of `try: ... except` (a SetupExcept block is active).
    TryExcept,
    /// The body of `try: ... finally` (a SetupExcept block is active, and
    /// leaving early must run the finally body).
    TryFinally(&'a [Stmt]),
    /// The exception path of a finally body: the exception is on the stack
    /// and is the handled exception.
    FinallyExc,
    /// An except clause body; the name bound to the exception, if any.
    Handler(Option<&'a str>),
    /// An `except*` clause body: `break`, `continue` and `return` may not
    /// leave it (a SyntaxError, as in CPython).
    StarHandler,
    /// A `with` body: the exit callable is on the stack under a SetupWith block.
    With,
    AsyncWith,
    /// A finally body inlined by a `return`: the return value waits on the
    /// stack, and a `break`/`continue`/`return` in the body discards it.
    PendingReturn,
}

/// Hashable identity of a constant, for de-duplication (floats by bits, so
/// that 0.0 and -0.0 stay distinct).
#[derive(Clone, PartialEq, Eq, Hash)]
enum ConstKey {
    Str(Rc<str>),
    Bytes(Rc<[u8]>),
    Int(i64),
    Big(String),
    Float(u64),
    Complex(u64, u64),
    Ellipsis,
    StrTuple(Vec<Rc<str>>),
}

/// The code object under construction.
pub(crate) struct Unit<'a> {
    pub scope: usize,
    pub kind: ScopeKind,
    pub name: Rc<str>,
    pub qualname: Rc<str>,
    pub first_line: u32,
    pub flags: u32,
    pub argcount: u32,
    pub posonlyargcount: u32,
    pub kwonlyargcount: u32,
    pub instrs: Vec<Instr>,
    pub lines: Vec<u32>,
    consts: Vec<Const>,
    const_map: HashMap<ConstKey, u32>,
    names: Vec<Rc<str>>,
    name_map: HashMap<Rc<str>, u32>,
    varnames: Vec<Rc<str>>,
    var_map: HashMap<Rc<str>, u32>,
    cellvars: Vec<Rc<str>>,
    freevars: Vec<Rc<str>>,
    labels: Vec<Option<u32>>,
    pub fblocks: Vec<FBlock<'a>>,
    pub doc: Option<Rc<str>>,
    /// Line attributed to emitted instructions.
    pub line: u32,
}

pub(crate) struct Compiler<'a, 'src> {
    pub src: &'a SourceMap<'src>,
    pub table: &'a SymbolTable,
    pub mode: Mode,
    pub units: Vec<Unit<'a>>,
    depth: usize,
    /// `from __future__ import annotations`: annotations are kept as
    /// their source text instead of being evaluated.
    pub lazy_annotations: bool,
}

/// Compile a parsed module / expression.
pub(crate) fn compile_module<'a>(
    src: &'a SourceMap,
    table: &'a SymbolTable,
    mode: Mode,
    body: &'a [Stmt],
    expr: Option<&'a ast::Expr>,
) -> CResult<Rc<Code>> {
    let mut c = Compiler {
        src,
        table,
        mode,
        units: Vec::new(),
        depth: 0,
        lazy_annotations: future_annotations(body),
    };
    c.push_unit(0, "<module>", "<module>", 1)?;
    c.unit().flags |= code_flags::MODULE;
    if let Some(e) = expr {
        c.expr(e)?;
        c.emit(Instr::ReturnValue);
    } else {
        if mode == Mode::Exec {
            if let Some(doc) = docstring(body) {
                c.unit().doc = Some(doc.clone());
                c.load_const(Const::Str(doc));
                c.store_name_op("__doc__");
            }
        }
        if mode == Mode::Exec {
            c.setup_annotations(body);
        }
        if mode == Mode::Cell {
            c.setup_annotations(body);
            // A cell has no docstring: a lone string is its value.
            if let Some((Stmt::Expr(last), rest)) = body.split_last() {
                c.stmts(rest)?;
                c.set_line(usize::from(ast::Ranged::start(last)));
                c.expr(&last.value)?;
                c.emit(Instr::ReturnValue);
                return Ok(Rc::new(c.pop_unit()?));
            }
        }
        let skip = usize::from(mode == Mode::Exec && docstring(body).is_some());
        c.stmts(body.get(skip..).unwrap_or(&[]))?;
        c.emit(Instr::LoadNone);
        c.emit(Instr::ReturnValue);
    }
    Ok(Rc::new(c.pop_unit()?))
}

/// Whether a module starts (after its docstring) with `from __future__
/// import annotations`.
pub(crate) fn future_annotations(body: &[Stmt]) -> bool {
    let skip = usize::from(docstring(body).is_some());
    body.iter()
        .skip(skip)
        .map_while(|s| match s {
            Stmt::ImportFrom(i) if i.module.as_deref() == Some("__future__") => Some(i),
            _ => None,
        })
        .any(|i| i.names.iter().any(|a| a.name.as_str() == "annotations"))
}

/// Whether a module or class body annotates a plain name (`x: int`) in
/// its own scope (nested in `if`/`for`/... too, not in nested functions
/// or classes): it then starts with `__annotations__ = {}`.
fn has_name_annotations(body: &[Stmt]) -> bool {
    body.iter().any(|s| match s {
        Stmt::AnnAssign(a) => a.simple,
        Stmt::If(x) => has_name_annotations(&x.body) || has_name_annotations(&x.orelse),
        Stmt::For(x) => has_name_annotations(&x.body) || has_name_annotations(&x.orelse),
        Stmt::AsyncFor(x) => has_name_annotations(&x.body) || has_name_annotations(&x.orelse),
        Stmt::While(x) => has_name_annotations(&x.body) || has_name_annotations(&x.orelse),
        Stmt::With(x) => has_name_annotations(&x.body),
        Stmt::AsyncWith(x) => has_name_annotations(&x.body),
        Stmt::Try(x) => {
            has_name_annotations(&x.body)
                || has_name_annotations(&x.orelse)
                || has_name_annotations(&x.finalbody)
                || x.handlers.iter().any(|h| {
                    let ast::ExceptHandler::ExceptHandler(h) = h;
                    has_name_annotations(&h.body)
                })
        }
        _ => false,
    })
}

impl Compiler<'_, '_> {
    /// `__annotations__ = {}` at the start of a module or class body that
    /// annotates names.
    pub(crate) fn setup_annotations(&mut self, body: &[Stmt]) {
        if has_name_annotations(body) {
            self.emit(Instr::BuildMap(0));
            self.store_name_op("__annotations__");
        }
    }
}

/// The docstring of a body: a leading string-literal expression statement.
pub(crate) fn docstring(body: &[Stmt]) -> Option<Rc<str>> {
    if let Some(Stmt::Expr(e)) = body.first() {
        if let ast::Expr::Constant(c) = &*e.value {
            if let ast::Constant::Str(s) = &c.value {
                return Some(Rc::from(s.as_str()));
            }
        }
    }
    None
}

fn retarget(i: &mut Instr, labels: &[Option<u32>]) -> Option<()> {
    let arg = match i {
        Instr::Jump(a)
        | Instr::PopJumpIfFalse(a)
        | Instr::PopJumpIfTrue(a)
        | Instr::JumpIfFalseOrPop(a)
        | Instr::JumpIfTrueOrPop(a)
        | Instr::ForIter(a)
        | Instr::ForIterPair(a)
        | Instr::EndAsyncFor(a)
        | Instr::SetupExcept(a)
        | Instr::SetupWith(a)
        | Instr::SetupAsyncWith(a)
        | Instr::PushWithBlock(a)
        | Instr::ExcStarMatch(a) => a,
        _ => return Some(()),
    };
    *arg = (*labels.get(*arg as usize)?)?;
    Some(())
}

impl<'a, 'src> Compiler<'a, 'src> {
    pub fn unit(&mut self) -> &mut Unit<'a> {
        // A unit is always open while compiling (pushed in compile_module).
        let n = self.units.len();
        &mut self.units[n - 1]
    }

    pub fn unit_ref(&self) -> &Unit<'a> {
        &self.units[self.units.len() - 1]
    }

    pub fn scope(&self) -> &'a crate::symtable::Scope {
        let table: &'a SymbolTable = self.table;
        &table.scopes[self.unit_ref().scope]
    }

    pub fn err(&self, msg: impl Into<String>, offset: usize) -> Box<CompileError> {
        Box::new(self.src.syntax_error(msg, offset))
    }

    /// Enter one level of recursion (statement or expression).
    pub fn enter(&mut self, offset: usize) -> CResult {
        self.depth += 1;
        if self.depth > MAX_DEPTH + 50 {
            return Err(Box::new(self.src.error(
                CompileErrorKind::TooDeep,
                "expression too deeply nested",
                offset,
            )));
        }
        Ok(())
    }

    pub fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Set the current line from a node offset, returning the previous one.
    pub fn set_line(&mut self, offset: usize) -> u32 {
        let line = self.src.line_of(offset);
        std::mem::replace(&mut self.unit().line, line)
    }

    pub fn push_unit(
        &mut self,
        scope: usize,
        name: &str,
        qualname: &str,
        first_line: u32,
    ) -> CResult {
        let s = &self.table.scopes[scope];
        let mut varnames: Vec<Rc<str>> = s.params.iter().map(|p| Rc::from(p.as_str())).collect();
        if s.is_function_like() {
            for sym in &s.symbols {
                let is_local = matches!(sym.scope, SymbolScope::Local);
                if is_local && !s.params.contains(&sym.name) {
                    varnames.push(Rc::from(sym.name.as_str()));
                }
            }
        }
        let var_map = varnames
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), i as u32))
            .collect();
        self.units.push(Unit {
            scope,
            kind: s.kind,
            name: Rc::from(name),
            qualname: Rc::from(qualname),
            first_line,
            flags: 0,
            argcount: 0,
            posonlyargcount: 0,
            kwonlyargcount: 0,
            instrs: Vec::new(),
            lines: Vec::new(),
            consts: Vec::new(),
            const_map: HashMap::new(),
            names: Vec::new(),
            name_map: HashMap::new(),
            varnames,
            var_map,
            cellvars: s.cellvars.iter().map(|n| Rc::from(n.as_str())).collect(),
            freevars: s.freevars.iter().map(|n| Rc::from(n.as_str())).collect(),
            labels: Vec::new(),
            fblocks: Vec::new(),
            doc: None,
            line: first_line,
        });
        Ok(())
    }

    /// Finish the innermost unit: resolve labels and build the Code.
    pub fn pop_unit(&mut self) -> CResult<Code> {
        let Some(mut u) = self.units.pop() else {
            return Err(self.err("internal compiler error: no code unit", 0));
        };
        for i in u.instrs.iter_mut() {
            if retarget(i, &u.labels).is_none() {
                return Err(self.err("internal compiler error: unbound label", 0));
            }
        }
        let cell2arg = u
            .cellvars
            .iter()
            .map(|c| {
                let nparams = self.table.scopes[u.scope].params.len();
                u.varnames
                    .iter()
                    .take(nparams)
                    .position(|v| v == c)
                    .map(|p| p as u32)
            })
            .collect();
        Ok(Code {
            name: u.name,
            qualname: u.qualname,
            filename: Rc::from(self.src.filename.as_str()),
            first_line: u.first_line,
            flags: u.flags,
            argcount: u.argcount,
            posonlyargcount: u.posonlyargcount,
            kwonlyargcount: u.kwonlyargcount,
            varnames: u.varnames,
            cellvars: u.cellvars,
            cell2arg,
            freevars: u.freevars,
            names: u.names,
            consts: u.consts,
            instrs: u.instrs,
            lines: u.lines,
            doc: u.doc,
            source: None,
        })
    }

    // ---- emitting

    pub fn emit(&mut self, i: Instr) {
        let u = self.unit();
        let line = u.line;
        u.instrs.push(i);
        u.lines.push(line);
    }

    pub fn new_label(&mut self) -> Label {
        let u = self.unit();
        u.labels.push(None);
        Label(u.labels.len() as u32 - 1)
    }

    pub fn bind(&mut self, l: Label) {
        let u = self.unit();
        let here = u.instrs.len() as u32;
        if let Some(slot) = u.labels.get_mut(l.0 as usize) {
            *slot = Some(here);
        }
    }

    /// Emit a jump-type instruction (`make` wraps the label id).
    pub fn jump(&mut self, make: fn(u32) -> Instr, l: Label) {
        self.emit(make(l.0));
    }

    pub fn add_const(&mut self, c: Const) -> u32 {
        let key = match &c {
            Const::Str(s) => Some(ConstKey::Str(s.clone())),
            Const::Bytes(b) => Some(ConstKey::Bytes(b.clone())),
            Const::Int(i) => Some(ConstKey::Int(*i)),
            Const::BigInt(b) => Some(ConstKey::Big(b.to_string())),
            Const::Float(f) => Some(ConstKey::Float(f.to_bits())),
            Const::Complex(r, i) => Some(ConstKey::Complex(r.to_bits(), i.to_bits())),
            Const::Ellipsis => Some(ConstKey::Ellipsis),
            Const::Tuple(items) => {
                let strs: Option<Vec<Rc<str>>> = items
                    .iter()
                    .map(|i| {
                        if let Const::Str(s) = i {
                            Some(s.clone())
                        } else {
                            None
                        }
                    })
                    .collect();
                strs.map(ConstKey::StrTuple)
            }
            _ => None,
        };
        let u = self.unit();
        if let Some(k) = &key {
            if let Some(&i) = u.const_map.get(k) {
                return i;
            }
        }
        u.consts.push(c);
        let i = u.consts.len() as u32 - 1;
        if let Some(k) = key {
            u.const_map.insert(k, i);
        }
        i
    }

    pub fn load_const(&mut self, c: Const) {
        let i = self.add_const(c);
        self.emit(Instr::LoadConst(i));
    }

    pub fn load_str(&mut self, s: &str) {
        self.load_const(Const::Str(Rc::from(s)));
    }

    pub fn name_index(&mut self, name: &str) -> u32 {
        let u = self.unit();
        if let Some(&i) = u.name_map.get(name) {
            return i;
        }
        let rc: Rc<str> = Rc::from(name);
        u.names.push(rc.clone());
        let i = u.names.len() as u32 - 1;
        u.name_map.insert(rc, i);
        i
    }

    /// Slot of `name` in the unit's cell array (cellvars, then freevars).
    pub fn cell_slot(&self, name: &str) -> Option<u32> {
        let u = self.unit_ref();
        if let Some(i) = u.cellvars.iter().position(|c| &**c == name) {
            return Some(i as u32);
        }
        u.freevars
            .iter()
            .position(|c| &**c == name)
            .map(|i| (i + u.cellvars.len()) as u32)
    }

    fn var_index(&mut self, name: &str) -> u32 {
        let u = self.unit();
        if let Some(&i) = u.var_map.get(name) {
            return i;
        }
        // A name the symbol table did not see as local (cannot normally
        // happen); give it a fresh slot rather than failing.
        let rc: Rc<str> = Rc::from(name);
        u.varnames.push(rc.clone());
        let i = u.varnames.len() as u32 - 1;
        u.var_map.insert(rc, i);
        i
    }

    // ---- names

    pub fn load_name(&mut self, name: &str) {
        self.name_op(name, NameCtx::Load);
    }

    pub fn store_name_op(&mut self, name: &str) {
        self.name_op(name, NameCtx::Store);
    }

    pub fn delete_name_op(&mut self, name: &str) {
        self.name_op(name, NameCtx::Del);
    }

    fn name_op(&mut self, name: &str, ctx: NameCtx) {
        let scope = self.scope();
        let sym = scope.scope_of(name);
        let kind = self.unit_ref().kind;
        let op = match (kind, sym) {
            (ScopeKind::Module, _) => Op::Name,
            (_, SymbolScope::GlobalExplicit) => Op::Global,
            (ScopeKind::Class, SymbolScope::Free) => Op::ClassDeref,
            (ScopeKind::Class, _) => Op::Name,
            (_, SymbolScope::Local) => Op::Fast,
            (_, SymbolScope::Cell | SymbolScope::Free) => Op::Deref,
            (_, SymbolScope::GlobalImplicit) => Op::Global,
        };
        let instr = match op {
            Op::Name => {
                let i = self.name_index(name);
                ctx.pick(
                    Instr::LoadName(i),
                    Instr::StoreName(i),
                    Instr::DeleteName(i),
                )
            }
            Op::Global => {
                let i = self.name_index(name);
                ctx.pick(
                    Instr::LoadGlobal(i),
                    Instr::StoreGlobal(i),
                    Instr::DeleteGlobal(i),
                )
            }
            Op::Fast => {
                let i = self.var_index(name);
                ctx.pick(
                    Instr::LoadFast(i),
                    Instr::StoreFast(i),
                    Instr::DeleteFast(i),
                )
            }
            Op::Deref | Op::ClassDeref => match self.cell_slot(name) {
                Some(i) => {
                    let load = if op == Op::ClassDeref {
                        Instr::LoadClassDeref(i)
                    } else {
                        Instr::LoadDeref(i)
                    };
                    ctx.pick(load, Instr::StoreDeref(i), Instr::DeleteDeref(i))
                }
                None => {
                    let i = self.name_index(name);
                    ctx.pick(
                        Instr::LoadGlobal(i),
                        Instr::StoreGlobal(i),
                        Instr::DeleteGlobal(i),
                    )
                }
            },
        };
        self.emit(instr);
    }

    /// True when inside a function-like unit (where `return` is allowed).
    pub fn in_function(&self) -> bool {
        matches!(
            self.unit_ref().kind,
            ScopeKind::Function | ScopeKind::Lambda | ScopeKind::Comprehension
        )
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    Name,
    Global,
    Fast,
    Deref,
    ClassDeref,
}

#[derive(Clone, Copy)]
enum NameCtx {
    Load,
    Store,
    Del,
}

impl NameCtx {
    fn pick(self, load: Instr, store: Instr, del: Instr) -> Instr {
        match self {
            NameCtx::Load => load,
            NameCtx::Store => store,
            NameCtx::Del => del,
        }
    }
}
