//! `sys._getframe`: the running frames of this instance, as frame objects
//! (`f_code`, `f_lineno`, `f_globals`, `f_locals`, `f_back`,
//! `f_builtins`), which `logging`, `warnings` and `traceback` use to say
//! where they were called from.
//!
//! A frame object is a snapshot taken at the call, built by the frozen
//! `_frame` module: `f_lineno` is the line at that moment and `f_locals`
//! a copy, as CPython's `f_locals` of a function frame is a copy. The
//! chain ends where this instance's frames end, so a compartment sees
//! only frames of its own code, never its caller's (a crossing runs the
//! callee on its own instance, whose frame stack starts at the crossing).

use crate::obj::Obj;
use crate::value::Value;
use crate::vm::{FrameInfo, Vm};
use crate::PyResult;

type Kw<'a> = &'a [(Value, Value)];

/// `sys._getframe(depth=0)`: the frame `depth` calls below the caller's.
pub fn getframe(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let depth = match a.first() {
        None => 0,
        Some(Value::Int(i)) => (*i).max(0) as usize,
        Some(Value::Bool(b)) => *b as usize,
        Some(&v) => {
            let t = vm.type_name(v);
            return Err(vm.type_error(format!("'{t}' object cannot be interpreted as an integer")));
        }
    };
    let n = vm.frames.len();
    if depth >= n {
        return Err(vm.value_error("call stack is not deep enough"));
    }
    // (id, code, globals, line) of each frame, outermost first.
    let frames: Vec<_> = vm
        .frames
        .iter()
        .take(n - depth)
        .map(|fi| (fi.id, fi.code.clone(), fi.globals, line_of(fi)))
        .collect();
    let builtins = Value::Obj(crate::import::module_dict(vm, vm.builtins));
    // Locals are copied now only for the frame asked for; the frames
    // behind it are made (by `_frame.lazy`) when `f_back` reaches them,
    // and copy theirs when first read (one that has returned by then
    // reads as having none). `logging` asks for a frame at every record
    // and reads a few behind it, not the whole stack.
    let state = match frames.last() {
        Some(&(id, ..)) => live_state(vm, id)?,
        None => None,
    };
    let state = state.unwrap_or(Value::None);
    let mut records = Vec::with_capacity(frames.len());
    for (id, code, globals, line) in frames {
        let c = crate::types::code::wrap(vm, &code)?;
        let id = Value::Int(id as i64);
        records.push(vm.new_tuple(vec![c, id, Value::Obj(globals), line])?);
    }
    let records = vm.new_list(records)?;
    let live = crate::types::native(vm, "_live", frame_live, false, Value::None)?;
    let module = vm.import_dotted("_frame")?;
    let lazy = vm.getattr_str(module, "lazy")?;
    vm.call(lazy, &[records, live, state, builtins], &[])
}

/// The line a frame is running (or, for a caller, the line of its call).
fn line_of(fi: &FrameInfo) -> Value {
    Value::Int(fi.code.line_at(fi.ip.saturating_sub(1)).into())
}

/// `(line, locals)` of the running frame `id`, or None once it has
/// returned (a frame object then keeps what it last saw). With a true
/// second argument, only the line (`f_lineno`, which need not copy the
/// locals).
fn frame_live(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let id = match a.first() {
        Some(Value::Int(i)) => *i as u64,
        _ => return Ok(Value::None),
    };
    if matches!(a.get(1), Some(Value::Bool(true))) {
        let fi = vm.frames.iter().find(|fi: &&FrameInfo| fi.id == id);
        return Ok(fi.map_or(Value::None, line_of));
    }
    Ok(live_state(vm, id)?.unwrap_or(Value::None))
}

/// `_traceback.caller(skip, stacklevel)`: `(co_filename, line, co_name)`
/// of the frame `logging` reports a record as coming from. From the
/// caller's frame, out `stacklevel` frames whose file is not `skip`
/// (frames of `skip` do not count); the outermost frame if the stack ends
/// first. It is what walking `sys._getframe(0).f_back` gives, without
/// making a frame object per step (which cost more than the rest of
/// logging a record).
pub fn caller(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let skip: std::rc::Rc<str> = match a.first().and_then(|&v| vm.heap.str_of(v)) {
        Some(s) => s.into(),
        None => return Err(vm.type_error("caller() argument 1 must be str")),
    };
    let mut left = match a.get(1) {
        Some(&v) => vm.index_value(v)?,
        None => 1,
    };
    let frames: Vec<&FrameInfo> = vm.frames.iter().collect();
    let Some(mut i) = frames.len().checked_sub(1) else {
        return Ok(Value::None);
    };
    while left > 0 && i > 0 {
        i -= 1;
        if frames[i].code.filename != skip {
            left -= 1;
        }
    }
    let (code, line) = (frames[i].code.clone(), line_of(frames[i]));
    let file = vm.new_str(&code.filename)?;
    let name = vm.new_str(&code.name)?;
    vm.new_tuple(vec![file, line, name])
}

fn live_state(vm: &mut Vm, id: u64) -> PyResult<Option<Value>> {
    let Some(fi) = vm.frames.iter().find(|fi: &&FrameInfo| fi.id == id) else {
        return Ok(None);
    };
    let line = line_of(fi);
    let (code, base, globals, locals) = (fi.code.clone(), fi.base, fi.globals, fi.locals);
    let n = code.varnames.len() + code.cellvars.len() + code.freevars.len();
    let slots = vm.stack.get(base..).unwrap_or_default();
    let slots = slots[..n.min(slots.len())].to_vec();
    let f_locals = frame_locals(vm, &code, &slots, globals, locals)?;
    Ok(Some(vm.new_tuple(vec![line, f_locals])?))
}

/// A frame object for a generator's frame (`gi_frame`): read live while
/// it runs (frame `id` is then on the frame stack), otherwise as it is
/// suspended, at `line` with its local `slots`.
pub fn generator_frame(
    vm: &mut Vm,
    code: &std::rc::Rc<capy_compiler::Code>,
    id: u64,
    globals: crate::value::Gc,
    line: u32,
    slots: &[Value],
) -> PyResult {
    let state = match live_state(vm, id)? {
        Some(s) => s,
        None => {
            let f_locals = frame_locals(vm, code, slots, globals, Value::Null)?;
            vm.new_tuple(vec![Value::Int(line.into()), f_locals])?
        }
    };
    let c = crate::types::code::wrap(vm, code)?;
    let builtins = Value::Obj(crate::import::module_dict(vm, vm.builtins));
    let record = vm.new_tuple(vec![
        c,
        Value::Int(id as i64),
        Value::Obj(globals),
        state,
        builtins,
    ])?;
    let records = vm.new_list(vec![record])?;
    let live = crate::types::native(vm, "_live", frame_live, false, Value::None)?;
    let module = vm.import_dotted("_frame")?;
    let chain = vm.getattr_str(module, "chain")?;
    vm.call(chain, &[records, live], &[])
}

/// A copy of a frame's local names: the namespace of a module or class
/// body, or the bound fast locals and cells of a function.
fn frame_locals(
    vm: &mut Vm,
    code: &capy_compiler::Code,
    slots: &[Value],
    globals: crate::value::Gc,
    locals: Value,
) -> PyResult {
    match locals {
        Value::Null => {}
        ns => return Ok(ns),
    }
    use capy_compiler::bytecode::code_flags::{CLASS_BODY, MODULE};
    if code.flags & (MODULE | CLASS_BODY) != 0 {
        return Ok(Value::Obj(globals));
    }
    let names: Vec<std::rc::Rc<str>> = code
        .varnames
        .iter()
        .chain(&code.cellvars)
        .chain(&code.freevars)
        .cloned()
        .collect();
    let ncells_from = code.varnames.len();
    let d = vm.new_dict()?;
    for (i, name) in names.iter().enumerate() {
        let Some(&v) = slots.get(i) else {
            break;
        };
        let v = if i >= ncells_from {
            match v {
                Value::Obj(c) => match vm.heap.get(c) {
                    Obj::Cell(inner) => *inner,
                    _ => Value::Null,
                },
                _ => Value::Null,
            }
        } else {
            v
        };
        if !matches!(v, Value::Null) {
            let k = vm.new_str(name)?;
            vm.dict_set(d, k, v)?;
        }
    }
    Ok(d)
}

/// `_traceback.frames(exc)`: for each traceback entry of `exc`, outermost
/// first, the record `_frame.chain` makes a frame of (code, id, globals,
/// (line, locals), builtins). A frame still running reads as it is now;
/// one that has returned has its entry's line and no locals (capy keeps
/// no frame objects past their return).
pub fn tb_records(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let entries: Vec<_> = match a.first() {
        Some(&Value::Obj(h)) => match vm.heap.get(h) {
            Obj::Exception(x) => x
                .traceback
                .iter()
                .rev()
                .map(|t| (t.code.clone(), t.frame_id, t.globals, t.line))
                .collect(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    };
    let builtins = Value::Obj(crate::import::module_dict(vm, vm.builtins));
    let mut records = Vec::with_capacity(entries.len());
    for (code, id, globals, line) in entries {
        let state = match live_state(vm, id)? {
            Some(s) => s,
            None => {
                let empty = vm.new_dict()?;
                vm.new_tuple(vec![Value::Int(line.into()), empty])?
            }
        };
        let c = crate::types::code::wrap(vm, &code)?;
        vm.reserve_growth(&records)?;
        records.push(vm.new_tuple(vec![
            c,
            Value::Int(id as i64),
            Value::Obj(globals),
            state,
            builtins,
        ])?);
    }
    let live = crate::types::native(vm, "_live", frame_live, false, Value::None)?;
    let list = vm.new_list(records)?;
    vm.new_tuple(vec![list, live])
}
