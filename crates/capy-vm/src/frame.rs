//! Frames. A frame's values (fast locals, cells and its value stack) live in
//! the VM's shared value stack from `base` upwards, so the collector sees
//! every live frame's values without tracking Rust locals; the [`Frame`]
//! struct is the small part that stays in the interpreter loop.

use crate::value::{Gc, Value};
use capy_compiler::Code;
use std::rc::Rc;

/// A `try` or `with` block set up in a frame.
#[derive(Clone, Copy, Debug)]
pub struct Block {
    pub handler: u32,
    /// Value-stack height (absolute) to cut back to when handling.
    pub sp: usize,
    /// Depth of the VM's handled-exception stack at setup.
    pub handling: usize,
}

pub struct Frame {
    pub code: Rc<Code>,
    pub consts: Rc<[Value]>,
    pub globals: Gc,
    /// The namespace dict for LoadName/StoreName (module and class bodies), or Null.
    pub locals: Value,
    /// Where this frame's values start in the VM stack.
    pub base: usize,
    pub ip: usize,
    /// Blocks of this frame (start index in the VM's block stack).
    pub block_base: usize,
    /// Unique per activation (for tracebacks).
    pub id: u64,
    /// For a generator frame: its blocks while suspended.
    pub saved_blocks: Vec<Block>,
    pub names: crate::attric::Names,
    pub handling_base: usize,
    /// Length of the VM's temporary roots at entry: allocations above it
    /// belong to this frame's current instruction.
    pub temp_base: usize,
}

impl Frame {
    /// Values a suspended frame holds outside the shared stack.
    pub fn trace<T: crate::obj::Tracer>(&self, out: &mut T) {
        out.values(&self.consts);
        self.names.iter().for_each(|n| out.value(n.name));
        out.value(Value::Obj(self.globals));
        out.value(self.locals);
    }

    pub fn nslots(&self) -> usize {
        self.code.varnames.len() + self.code.cellvars.len() + self.code.freevars.len()
    }
}
