//! capy's front end: Python source → [`Code`] objects.
//!
//! Parsing is done by `rustpython-parser`; this crate adds scope analysis
//! ([`symtable`]), code generation ([`compile`]) and the bytecode format
//! itself ([`bytecode`]).

pub mod bytecode;
pub mod serialize;
pub mod validate;
mod error;

pub use bytecode::{BinOp, CmpOp, Code, Const, Instr, UnOp};
pub use error::{CompileError, CompileErrorKind};

/// What kind of source is being compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A module or `exec()` source: a sequence of statements.
    Exec,
    /// An `eval()` source: a single expression whose value is returned.
    Eval,
    /// One interactive (REPL) input: expression statements print their value.
    Single,
}
