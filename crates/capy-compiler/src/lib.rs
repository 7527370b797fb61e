//! capy's front end: Python source → [`Code`] objects.
//!
//! Pipeline of [`compile`]:
//! 1. `rustpython-parser` builds the AST (errors translated to CPython's
//!    wording in [`source`]);
//! 2. [`symtable`] resolves every name to local/cell/free/global and bounds
//!    the nesting depth of the tree (so no later walk can overflow);
//! 3. `compile` (private: `compile/{mod,stmt,flow,expr,func}.rs`) emits the
//!    instructions defined in [`bytecode`].
//!
//! [`disassemble`] renders code objects for debugging; [`serialize`] and
//! [`validate`] handle the bytecode file format and verification;
//! [`encoding`] turns the bytes of a source file into text (PEP 263).

pub mod bytecode;
mod compile;
mod dis;
pub mod encoding;
mod error;
mod mangle;
pub mod serialize;
pub mod source;
pub mod symtable;
pub mod validate;

pub use bytecode::{BinOp, CmpOp, Code, Const, Instr, UnOp};
pub use dis::disassemble;
pub use error::{location_block, CompileError, CompileErrorKind};

use rustpython_parser::ast;
use source::SourceMap;
use std::rc::Rc;
use symtable::SymbolTable;

/// What kind of source is being compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A module or `exec()` source: a sequence of statements.
    Exec,
    /// An `eval()` source: a single expression whose value is returned.
    Eval,
    /// One interactive (REPL) input: expression statements print their value.
    Single,
    /// A notebook cell or an embedder's `run`: a sequence of statements
    /// whose value is that of the last statement when it is an expression
    /// statement (None otherwise), like a REPL cell's.
    Cell,
}

impl Mode {
    fn parser_mode(self) -> rustpython_parser::Mode {
        match self {
            Mode::Exec | Mode::Cell => rustpython_parser::Mode::Module,
            Mode::Eval => rustpython_parser::Mode::Expression,
            Mode::Single => rustpython_parser::Mode::Interactive,
        }
    }
}

/// Compile Python source to a module/expression code object.
///
/// Deeply nested input is rejected with [`CompileErrorKind::TooDeep`]
/// rather than overflowing the stack: the symbol-table pass bounds the
/// depth of every later recursive walk, and a too-deep tree is dropped on a
/// helper thread with a large stack (dropping a boxed AST recurses).
pub fn compile(source: &str, filename: &str, mode: Mode) -> Result<Rc<Code>, CompileError> {
    let source = universal_newlines(source);
    let src = SourceMap::new(&source, filename);
    let (tree, table) = parse_checked(&src, mode)?;
    generate(&src, mode, &tree, &table)
}

/// Like [`compile`], but parses and checks on a spawned thread with a stack
/// of 64 MiB + 512 bytes per source byte, for callers (REPL, tests) that
/// run on small stacks. Only the depth-checked tree comes back; code
/// generation (bounded by [`symtable::MAX_DEPTH`]) runs on the caller's thread.
pub fn compile_with_big_stack(
    source: &str,
    filename: &str,
    mode: Mode,
) -> Result<Rc<Code>, CompileError> {
    let source = &*universal_newlines(source);
    let owned_source = source.to_string();
    let owned_name = filename.to_string();
    let stack = big_stack_size(source.len());
    let worker = std::thread::Builder::new()
        .stack_size(stack)
        .spawn(move || {
            let src = SourceMap::new(&owned_source, &owned_name);
            parse_checked(&src, mode)
        });
    let src = SourceMap::new(source, filename);
    let spawn_error = || {
        src.error(
            CompileErrorKind::TooDeep,
            "cannot start the compiler thread",
            0,
        )
    };
    let handle = worker.map_err(|_| spawn_error())?;
    let (tree, table) = handle.join().map_err(|_| spawn_error())??;
    generate(&src, mode, &tree, &table)
}

/// Source text with `\r\n` and lone `\r` line ends turned into `\n`, as
/// CPython's tokenizer reads source (a `\r` inside a string literal too).
pub fn universal_newlines(source: &str) -> std::borrow::Cow<'_, str> {
    if source.contains('\r') {
        std::borrow::Cow::Owned(source.replace("\r\n", "\n").replace('\r', "\n"))
    } else {
        std::borrow::Cow::Borrowed(source)
    }
}

fn big_stack_size(source_len: usize) -> usize {
    (64usize << 20).saturating_add(source_len.saturating_mul(512))
}

/// Parse and build the symbol table. On failure the tree is dropped on a
/// big-stack thread, since a rejected tree may be arbitrarily deep.
/// CPython's tokenizer limit on bracket nesting (its `MAXLEVEL`).
pub const MAX_BRACKET_DEPTH: usize = 200;

/// Rejects brackets nested deeper than [`MAX_BRACKET_DEPTH`] as CPython
/// does, before parsing: the parser would accept any depth, and building,
/// checking and dropping a tree 100,000 brackets deep took seconds that no
/// time budget could interrupt (found by fuzzing).
///
/// Returns whether the source has a class and a private name (`__x`), so
/// that names may need mangling ([`mangle`]).
fn check_bracket_depth(src: &SourceMap, mode: Mode) -> Result<bool, CompileError> {
    use rustpython_parser::Tok;
    let mut depth = 0usize;
    let (mut class, mut private) = (false, false);
    for tok in rustpython_parser::lexer::lex(src.source, mode.parser_mode()) {
        // A lexical error is reported, better worded, by the parser.
        let Ok((tok, range)) = tok else { break };
        match tok {
            Tok::Class => class = true,
            Tok::Name { name } if !private => private = mangle::is_private(&name),
            Tok::Lpar | Tok::Lsqb | Tok::Lbrace => {
                depth += 1;
                if depth > MAX_BRACKET_DEPTH {
                    let at = usize::from(range.start());
                    return Err(src.error(
                        CompileErrorKind::TooDeep,
                        "too many nested parentheses",
                        at,
                    ));
                }
            }
            Tok::Rpar | Tok::Rsqb | Tok::Rbrace => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(class && private)
}

fn parse_checked(src: &SourceMap, mode: Mode) -> Result<(ast::Mod, SymbolTable), CompileError> {
    let private = check_bracket_depth(src, mode)?;
    let mut tree = rustpython_parser::parse(src.source, mode.parser_mode(), &src.filename)
        .map_err(|e| src.parse_error(&e, mode.parser_mode()))?;
    if private {
        match &mut tree {
            ast::Mod::Module(m) => m.body = mangle::mangle(std::mem::take(&mut m.body)),
            ast::Mod::Interactive(m) => m.body = mangle::mangle(std::mem::take(&mut m.body)),
            _ => {}
        }
    }
    if let ast::Mod::Interactive(m) = &tree {
        single_statement(src, &m.body)?;
    }
    let table = match &tree {
        ast::Mod::Module(m) => symtable::build(&m.body, None, src),
        ast::Mod::Interactive(m) => symtable::build(&m.body, None, src),
        ast::Mod::Expression(e) => symtable::build(&[], Some(&e.body), src),
        ast::Mod::FunctionType(_) => Err(src.syntax_error("unsupported source kind", 0)),
    };
    match table {
        Ok(t) => Ok((tree, t)),
        Err(e) => {
            drop_deep(tree, src.source.len());
            Err(e)
        }
    }
}

/// `single` mode (the REPL, `compile(..., "single")`) takes one
/// statement: a compound one, or simple ones on one line (`a = 1; b = 2`).
fn single_statement(src: &SourceMap, body: &[ast::Stmt]) -> Result<(), CompileError> {
    use ast::Ranged;
    let Some(first) = body.first() else {
        return Ok(());
    };
    let last_line = src.line_of(usize::from(first.end()));
    match body
        .iter()
        .find(|s| src.line_of(usize::from(s.start())) > last_line)
    {
        Some(s) => Err(src.syntax_error(
            "multiple statements found while compiling a single statement",
            usize::from(s.start()),
        )),
        None => Ok(()),
    }
}

/// Drop a possibly very deep AST without overflowing this thread's stack.
/// The tree goes through a shared slot so that, if the thread cannot be
/// started, it can be taken back and leaked instead of dropped here.
fn drop_deep(tree: ast::Mod, source_len: usize) {
    let slot = std::sync::Arc::new(std::sync::Mutex::new(Some(tree)));
    let theirs = slot.clone();
    let builder = std::thread::Builder::new().stack_size(big_stack_size(source_len));
    let spawned = builder.spawn(move || {
        let taken = theirs.lock().ok().and_then(|mut g| g.take());
        drop(taken);
    });
    match spawned {
        Ok(h) => {
            let _ = h.join();
        }
        Err(_) => {
            let taken = slot.lock().ok().and_then(|mut g| g.take());
            std::mem::forget(taken);
        }
    }
}

fn generate(
    src: &SourceMap,
    mode: Mode,
    tree: &ast::Mod,
    table: &SymbolTable,
) -> Result<Rc<Code>, CompileError> {
    match tree {
        ast::Mod::Module(m) => {
            compile::compile_module(src, table, mode, &m.body, None).map_err(|e| *e)
        }
        ast::Mod::Interactive(m) => {
            compile::compile_module(src, table, mode, &m.body, None).map_err(|e| *e)
        }
        ast::Mod::Expression(e) => {
            compile::compile_module(src, table, mode, &[], Some(&e.body)).map_err(|e| *e)
        }
        ast::Mod::FunctionType(_) => Err(src.syntax_error("unsupported source kind", 0)),
    }
}
