//! capy's virtual machine.
//!
//! Layout (one idea per module):
//! - [`value`]: the `Value` representation; [`heap`]: the arena and collector;
//!   [`obj`]: heap object layouts; [`dict`]: the hash table.
//! - [`budget`]: every limit of an instance and its meters.
//! - [`vm`]: an interpreter instance; [`eval`]: the bytecode loop;
//!   [`call`]: calling conventions; [`attr`]: attribute lookup;
//!   [`ops`]: operators, comparison, hashing; [`errors`]: exceptions.
//! - [`types`]: built-in types, one module per type; [`builtins`]: builtin
//!   functions; [`modules`]: native modules.
//! - [`embed`]: the API for Rust hosts (a sandboxed instance with limits).

pub mod attr;
pub mod attrcache;
pub mod attric;
pub mod base;
pub mod bind;
pub mod budget;
pub mod builtins;
pub mod call;
pub mod compartment;
pub mod dict;
pub mod embed;
pub mod errors;
pub mod eval;
pub mod frame;
pub mod framestack;
pub mod globalcache;
pub mod heap;
pub mod host;
pub mod import;
pub mod instattr;
pub mod matching;
pub mod modules;
pub mod obj;
pub mod opframes;
pub mod ops;
pub mod repr;
pub mod shape;
pub mod sort;
pub mod stdstream;
pub mod strdata;
pub mod types;
pub mod value;
pub mod vm;

pub use budget::{Budget, Exceeded, Limits};
pub use errors::{ExcKind, PyErr};
pub use value::{Gc, Value};
pub use vm::Vm;

/// The result of anything that can raise a Python exception.
pub type PyResult<T = Value> = Result<T, PyErr>;
