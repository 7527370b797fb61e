//! The introspection attributes of generators, coroutines and async
//! generators (`gi_*`, `cr_*`, `ag_*`): whether one is running or
//! suspended, its code, its frame while it has one, and what it delegates
//! to (`yield from` / `await`).

use crate::obj::{GenKind, GenState, Obj};
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;

/// `gen.<name>` for a `gi_`/`cr_`/`ag_` name of the generator's kind, or
/// None (an AttributeError follows) for any other.
pub fn get(vm: &mut Vm, gen: Value, name: &str) -> PyResult<Option<Value>> {
    let Value::Obj(h) = gen else { return Ok(None) };
    let Obj::Generator(g) = vm.heap.get(h) else {
        return Ok(None);
    };
    let prefix = match g.kind {
        GenKind::Generator => "gi_",
        GenKind::Coroutine => "cr_",
        GenKind::AsyncGenerator => "ag_",
    };
    let Some(field) = name.strip_prefix(prefix) else {
        return Ok(None);
    };
    let delegate = match (g.kind, field) {
        (GenKind::Generator, "yieldfrom") => true,
        (GenKind::Coroutine | GenKind::AsyncGenerator, "await") => true,
        (_, "running" | "suspended" | "code" | "frame") => false,
        _ => return Ok(None),
    };
    if delegate {
        return Ok(Some(delegated(vm, h)));
    }
    Ok(Some(match field {
        "running" => Value::Bool(g.state == GenState::Running),
        "suspended" => Value::Bool(g.state == GenState::Suspended),
        "code" => {
            let code = g.code.clone();
            crate::types::code::wrap(vm, &code)?
        }
        _ => frame(vm, h)?,
    }))
}

/// The iterator a suspended generator is delegating to, or None.
fn delegated(vm: &Vm, h: crate::value::Gc) -> Value {
    let Obj::Generator(g) = vm.heap.get(h) else {
        return Value::None;
    };
    let Some(f) = g.frame.as_ref() else {
        return Value::None;
    };
    let at_yield_from = matches!(
        f.code.instrs.get(f.ip),
        Some(capy_compiler::Instr::YieldFrom)
    );
    match g.saved.last() {
        Some(&sub) if g.state == GenState::Suspended && at_yield_from => sub,
        _ => Value::None,
    }
}

/// `gi_frame`: None once the generator has finished.
fn frame(vm: &mut Vm, h: crate::value::Gc) -> PyResult {
    let Obj::Generator(g) = vm.heap.get(h) else {
        return Ok(Value::None);
    };
    let (code, id) = (g.code.clone(), g.frame_id);
    let (globals, line, slots) = match (&g.frame, g.state) {
        (_, GenState::Done) => return Ok(Value::None),
        (Some(f), state) => {
            // A suspended frame's ip is past its yield; a new one's is 0.
            let ip = if state == GenState::Created {
                0
            } else {
                f.ip.saturating_sub(1)
            };
            let n = f.nslots().min(g.saved.len());
            (f.globals, f.code.line_at(ip), g.saved[..n].to_vec())
        }
        // Running: the frame is on the frame stack, read live.
        (None, GenState::Running) => match vm.frames.iter().find(|fi| fi.id == id) {
            Some(fi) => (fi.globals, 0, Vec::new()),
            None => return Ok(Value::None),
        },
        (None, _) => return Ok(Value::None),
    };
    crate::modules::sysframe::generator_frame(vm, &code, id, globals, line, &slots)
}
