//! The switcher: the only way from one compartment into another.
//!
//! [`cross`] checks that the target is live (not closed, and for a handle
//! to an object, not reset since), moves the inputs into the callee
//! ([`super::transfer`]), parks the caller and makes the callee the active
//! instance, starts the callee's budgets (never more time or steps than
//! the caller has left; its depth counts on top of the caller's), runs the
//! operation, switches back, and moves the result out. A fault in the
//! callee (an uncaught exception, its quota, time or step budget, its
//! recursion limit) reaches the caller as `compartment.CompartmentError`
//! carrying the callee's name, the exception's type name and its message,
//! as strings: nothing of the callee's heap.

use super::transfer::{Parties, Seal, TransferError};
use super::{CompId, Exceptions, OnFault, Parked, Sealed, Suspended, Target};
use crate::errors::ExcKind;
use crate::obj::Obj;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::{PyErr, PyResult};

/// What went wrong in the callee, as the caller learns it.
#[derive(Debug, Clone)]
pub struct Fault {
    pub kind: String,
    pub message: String,
    /// A built-in exception type the caller may re-raise as itself.
    pub builtin: Option<ExcKind>,
    /// The host's interrupt (Ctrl-C) stopped the callee.
    pub interrupt: bool,
    /// The exception itself (in the callee's heap, rooted there until the
    /// crossing ends), when it crosses as itself (`exceptions="propagate"`).
    pub exc: Option<Value>,
    /// A `CompartmentError` of the callee (a fault further in, or of the
    /// switcher): it stays one.
    nested: bool,
}

impl Fault {
    fn from_exception(vm: &mut Vm, e: PyErr) -> Fault {
        let class = vm.err_class(e);
        let kind = class.map_or_else(|| "Exception".to_string(), |c| vm.class_name(c));
        let builtin = class.and_then(|c| super::mirror::builtin_kind(vm, c));
        let nested = class.is_some() && class == vm.comp.error_class;
        // The message is made by the callee's own code (`__str__`), under
        // its budget; if that fails too, the type name says enough.
        let message = vm.to_str(e.value()).unwrap_or_default();
        Fault {
            kind,
            message,
            builtin,
            interrupt: false,
            exc: None,
            nested,
        }
    }

    /// Whether the exception may cross as itself: an ordinary exception,
    /// not a budget or quota fault, an interrupt or a `CompartmentError`.
    fn ordinary(&self) -> bool {
        !self.interrupt
            && !self.nested
            && !matches!(
                self.builtin,
                Some(
                    ExcKind::MemoryError
                        | ExcKind::TimeoutError
                        | ExcKind::RecursionError
                        | ExcKind::KeyboardInterrupt
                )
            )
    }

    /// AttributeError or StopIteration: the answers of the attribute and
    /// iterator protocols, which cross as themselves through handles.
    fn is_protocol(&self) -> bool {
        matches!(
            self.builtin,
            Some(ExcKind::AttributeError | ExcKind::StopIteration)
        )
    }

    /// Whether it counts as a fault of the callee (its statistics, a
    /// restart due): the ends of the attribute and iterator protocols
    /// are answers, and an exception crossing as itself is the caller's
    /// to handle.
    fn counts(&self, pass: Pass) -> bool {
        !(pass == Pass::Protocol && self.is_protocol()) && self.exc.is_none()
    }

    /// A fault of the switcher itself (not of code in the callee).
    pub fn switcher(message: String) -> Fault {
        Fault {
            kind: "CompartmentError".into(),
            message,
            builtin: None,
            interrupt: false,
            exc: None,
            nested: false,
        }
    }

    fn of_transfer(e: &TransferError) -> Fault {
        let (kind, builtin) = match e {
            TransferError::Refused { kind, .. } if *kind == "MemoryError" => {
                ("MemoryError", Some(ExcKind::MemoryError))
            }
            _ => ("CompartmentError", None),
        };
        Fault {
            kind: kind.to_string(),
            message: e.to_string(),
            builtin,
            interrupt: false,
            exc: None,
            nested: false,
        }
    }
}

/// Which faults cross as their own exception type instead of
/// `CompartmentError`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// None: every fault is a `CompartmentError`.
    Nothing,
    /// AttributeError (the attribute protocol: `hasattr`, `getattr` with
    /// a default) and StopIteration (the end of an iterator).
    Protocol,
}

/// Puts `p` in `place`, which the crossing left [`Parked::Absent`] (or
/// holding the suspended caller it takes back): never an idle instance,
/// the only kind that owns anything, so what was there is overwritten
/// without its drop glue. (Were it idle after all, the instance would
/// leak, not be freed twice.)
#[inline(always)]
fn put(place: &mut Parked, p: Parked) {
    debug_assert!(!place.is_idle());
    std::mem::forget(std::mem::replace(place, p));
}

/// The callee's instance, taken out of its slot for one crossing.
enum Callee {
    /// It was idle: its slot's box, put back when the crossing ends.
    Owned(Box<Vm>),
    /// It was suspended further up the host stack (A→B→A): the pointer
    /// its slot held, put back when the crossing ends.
    Resumed(Suspended),
}

impl Callee {
    /// The instance out of its slot `place` (left absent); None when the
    /// slot has none (it is running now, or closed).
    #[inline(always)]
    fn take(place: &mut Parked) -> Option<Callee> {
        match std::mem::replace(place, Parked::Absent) {
            Parked::Idle(b) => Some(Callee::Owned(b)),
            Parked::Suspended(p) => Some(Callee::Resumed(p)),
            Parked::Absent => None,
        }
    }

    fn vm(&mut self) -> &mut Vm {
        match self {
            Callee::Owned(b) => b,
            Callee::Resumed(s) => s.get_mut(),
        }
    }

    fn park(self) -> Parked {
        match self {
            Callee::Owned(b) => Parked::Idle(b),
            Callee::Resumed(s) => Parked::Suspended(s),
        }
    }
}

/// Runs `op` in compartment `id` with `inputs` moved into it, and moves
/// its result back as `op` says to seal it. `gen`, when given, is the
/// incarnation the caller's handle was made for.
///
/// No instance moves: the callee runs where it lies, and the caller
/// (`vm`) is suspended in its slot (a [`Suspended`] pointer) until the
/// callee returns. From the moment the pointer is made until it is taken
/// back, this function does not touch `vm`: the slot is the only way to
/// the caller, which is what makes the pointer sound.
pub fn cross(
    vm: &mut Vm,
    id: CompId,
    gen: Option<u32>,
    inputs: &[Value],
    pass: Pass,
    op: impl FnOnce(&mut Vm, &[Value]) -> PyResult<(Value, Seal)>,
) -> PyResult {
    // (The root's slot was made with the first compartment: a world
    // with a slot `id` has one for every caller.)
    let caller = vm.comp.id;
    match vm.world.slot(id) {
        Some(s) if s.closed => return Err(closed_error(vm, &s.name.clone())),
        Some(s) if gen.is_some_and(|g| g != s.gen) => {
            let name = s.name.clone();
            let e = TransferError::Stale {
                owner: name.to_string(),
            };
            return Err(compartment_error(vm, &name, &Fault::of_transfer(&e)));
        }
        // A compartment with frames on the stack is not reset under them;
        // it restarts at its next outermost entry.
        Some(s) if s.restart_pending && s.entries == 0 => reset(vm, id)?,
        Some(_) => {}
        None => return Err(vm.error(ExcKind::SystemError, "internal error: no such compartment")),
    }
    let Some(mut taken) = Callee::take(&mut vm.world.slots[id as usize].vm) else {
        let name = vm.world.name_of(id);
        return Err(vm.error(
            ExcKind::RuntimeError,
            format!("compartment '{name}' is already running: a compartment cannot call itself through a handle"),
        ));
    };
    let callee = taken.vm();
    if !vm.comp.released.is_empty() {
        super::lifetime::settle(vm);
    }
    if !vm.world.slots[id as usize].releases.is_empty() {
        callee.comp.apply_releases(&mut vm.world.slots[id as usize]);
    }
    if !vm.world.slots[caller as usize].releases.is_empty() {
        vm.comp.apply_releases(&mut vm.world.slots[caller as usize]);
    }

    // Inputs, into the callee's heap (rooted there until the crossing
    // ends). Values that are not heap objects cross as they are.
    let mark = callee.temp_roots.len();
    let copied: Vec<Value>;
    let moved: &[Value] = if inputs.iter().all(|v| !matches!(v, Value::Obj(_))) {
        inputs
    } else {
        let mut world = std::mem::take(&mut vm.world);
        let r: Result<Vec<Value>, TransferError> = {
            let mut p = Parties {
                world: &mut world,
                src: vm,
                dst: callee,
                bystander: None,
            };
            inputs
                .iter()
                .map(|&v| p.transfer(v, Seal::Object))
                .collect()
        };
        vm.world = world;
        match r {
            Ok(m) => {
                copied = m;
                &copied
            }
            Err(e) => {
                callee.temp_roots.truncate(mark);
                vm.world.slots[id as usize].vm = taken.park();
                let name = vm.world.name_of(id);
                return Err(compartment_error(vm, &name, &Fault::of_transfer(&e)));
            }
        }
    };
    let entry = suspend(vm, callee, id);
    callee.reserve_stack();
    let result = op(callee, moved).map_err(|e| fault_of(callee, e, &entry));
    let faulted = result.as_ref().is_err_and(|f| f.counts(pass));
    resume(vm, callee, &entry, faulted);
    let out = finish(vm, callee, id, result, pass);
    callee.temp_roots.truncate(mark);
    vm.world.slots[id as usize].vm = taken.park();
    // The crossing may have been the last use of the callee.
    if vm.world.slots[id as usize].refs == 0 {
        vm.world.free_if_unreferenced(id);
    }
    out
}

/// The common crossing, made cheap: a call through handle `r` whose
/// arguments are all immediates (no heap object crosses in) to a plain
/// Python function of the owner (`Function::plain_arity`) given exactly
/// its parameters. The switch, the budgets and the faults are [`cross`]'s
/// own; what it saves is the generic path's opening of the target and
/// call dispatch in the callee. None when it does not apply: the caller
/// then takes the generic path, which decides everything this one
/// declines (a closed or stale compartment, a reset due, releases to pass
/// on, a target that is not such a function or not in the owner's cache).
#[inline(always)]
pub fn call_immediate(vm: &mut Vm, r: Sealed, args: Args) -> Option<PyResult> {
    // (Borrowing the caller's stack alone, which the switch below does
    // not change.)
    let args = args.of(&vm.stack)?;
    if args.iter().any(|v| matches!(v, Value::Obj(_))) {
        return None;
    }
    let id = r.owner;
    let caller = vm.comp.id;
    let s = vm.world.slots.get(id as usize)?;
    let stale = matches!(r.target, Target::Object(_)) && r.gen != s.gen;
    if s.closed
        || stale
        || s.restart_pending
        || !s.releases.is_empty()
        || !vm.comp.released.is_empty()
        || !vm.world.slots.get(caller as usize)?.releases.is_empty()
    {
        return None;
    }
    let f = plain_function(s.vm.get()?, r, args.len())?;
    let seal = if r.read_only {
        Seal::ReadOnly
    } else {
        Seal::Object
    };
    // (`get` above found an instance: always there.)
    let mut taken = Callee::take(&mut vm.world.slots[id as usize].vm)?;
    let callee = taken.vm();
    let mark = callee.temp_roots.len();
    callee.reserve_stack();
    // The function and its arguments (immediates: copied as they are)
    // straight onto the callee's stack, where its frame takes them as its
    // first locals. (Up to three arguments as one array of known length:
    // pushing one by one checks the capacity each time; callgrind counted
    // 53 instructions for three pushes, 15 fewer this way.)
    let fpos = callee.stack.len();
    let fv = Value::Obj(f);
    match *args {
        [] => callee.stack.push(fv),
        [a] => callee.stack.extend_from_slice(&[fv, a]),
        [a, b] => callee.stack.extend_from_slice(&[fv, a, b]),
        [a, b, c] => callee.stack.extend_from_slice(&[fv, a, b, c]),
        _ => {
            callee.stack.push(fv);
            callee.stack.extend_from_slice(args);
        }
    }
    let entry = suspend(vm, callee, id);
    let out = match callee.call_plain(f, fpos) {
        Ok(v) if !matches!(v, Value::Obj(_)) => {
            resume(vm, callee, &entry, false);
            Ok(v)
        }
        r => resume_slow(vm, callee, &entry, r, seal),
    };
    callee.temp_roots.truncate(mark);
    put(&mut vm.world.slots[id as usize].vm, taken.park());
    if vm.world.slots[id as usize].refs == 0 {
        vm.world.free_if_unreferenced(id);
    }
    Some(out)
}

/// Where the arguments of a crossing by [`call_immediate`] are.
pub enum Args<'b> {
    Slice(&'b [Value]),
    /// On the caller's value stack: `.1` values from index `.0` (a call
    /// instruction's, copied from there straight into the callee).
    Stack(usize, usize),
}

impl Args<'_> {
    #[inline(always)]
    fn of<'a>(&'a self, stack: &'a [Value]) -> Option<&'a [Value]> {
        match *self {
            Args::Slice(s) => Some(s),
            Args::Stack(at, n) => stack.get(at..at.checked_add(n)?),
        }
    }
}

/// The plain function of `n` parameters that `r` names in its owner
/// `callee` (parked: only read), found without running anything: an
/// export, or a global by its cached place (handle.rs). It stays rooted
/// there until the call puts it on the callee's stack.
#[inline(always)]
fn plain_function(callee: &Vm, r: Sealed, n: usize) -> Option<Gc> {
    let v = match r.target {
        Target::Object(slot) => callee.comp.exports.get(slot)?,
        Target::Global(i) => {
            let hit = callee.comp.name_hits.get(i as usize)?.as_ref()?;
            super::handle::cached(callee, hit)?
        }
        Target::Exports | Target::Module(_) => return None,
    };
    let Value::Obj(g) = v else { return None };
    match callee.heap.get(g) {
        Obj::Func(func) if func.plain_arity as usize == n => Some(g),
        _ => None,
    }
}

/// What [`suspend`] changed, for [`resume`] to put back.
struct Entry {
    caller: CompId,
    id: CompId,
    /// The callee's outermost activation: its budgets started with it.
    first: bool,
    /// The callee's nesting under earlier crossings, before this one.
    saved_outer: usize,
    /// Interrupts the callee's budget had delivered when it was entered.
    interrupts: u64,
    /// When it was entered, by the coarse clock.
    started: u64,
}

/// Makes `callee` (compartment `id`, taken out of its slot) the active
/// instance: it gets the world, starts its budgets within what the caller
/// has left (never more time or steps; its depth counts on top of the
/// caller's) and the caller `vm` is suspended in its slot. From here
/// until [`resume`] the crossing does not touch `vm`: the slot is the only
/// way to the caller, which is what makes the pointer in it sound.
#[inline(always)]
fn suspend(vm: &mut Vm, callee: &mut Vm, id: CompId) -> Entry {
    let caller = vm.comp.id;
    let outer_depth = vm.budget.depth() + vm.budget.outer_depth();
    let slot = &mut vm.world.slots[id as usize];
    let first = slot.entries == 0;
    slot.entries += 1;
    vm.world.slots[caller as usize].stats.calls_out += 1;
    // A re-entry (A→B→A) keeps the budget of the activation below it.
    if first {
        callee
            .budget
            .start_within(vm.budget.deadline(), vm.budget.steps_left());
    }
    let saved_outer = callee.budget.outer_depth();
    callee.budget.set_outer_depth(outer_depth);
    std::mem::swap(&mut vm.world, &mut callee.world);
    callee.world.active = id;
    put(
        &mut callee.world.slots[caller as usize].vm,
        Parked::Suspended(Suspended::new(vm)),
    );
    Entry {
        caller,
        id,
        first,
        saved_outer,
        interrupts: callee.budget.interrupts(),
        started: super::stats::coarse_now(),
    }
}

/// Ends what [`suspend`] began: the callee's statistics (`faulted`: the
/// crossing ends in a fault of the callee), its budgets back as they
/// were, and the caller `vm` resumed with the world, charged the steps
/// the callee spent.
#[inline(always)]
fn resume(vm: &mut Vm, callee: &mut Vm, e: &Entry, faulted: bool) {
    let steps = if e.first {
        callee.budget.steps_used()
    } else {
        0
    };
    callee.budget.set_outer_depth(e.saved_outer);
    let s = &mut callee.world.slots[e.id as usize];
    s.entries -= 1;
    s.stats.calls_in += 1;
    s.stats.steps += steps;
    s.stats.time_ns += super::stats::coarse_now().saturating_sub(e.started);
    if faulted {
        s.stats.faults += 1;
        if s.config.on_fault == OnFault::Restart {
            s.restart_pending = true;
        }
    }
    if !callee.comp.released.is_empty() {
        super::lifetime::settle(callee);
    }
    // The caller's pointer leaves its slot before `vm` is used again.
    put(
        &mut callee.world.slots[e.caller as usize].vm,
        Parked::Absent,
    );
    std::mem::swap(&mut vm.world, &mut callee.world);
    vm.world.active = e.caller;
    if steps > 0 {
        vm.budget.spend_steps(steps);
    }
}

/// [`resume`] and [`finish`] for a call by [`call_immediate`] that did
/// not return an immediate: an object to move out, or a fault.
#[cold]
#[inline(never)]
fn resume_slow(vm: &mut Vm, callee: &mut Vm, e: &Entry, r: PyResult, seal: Seal) -> PyResult {
    let result = r.map(|v| (v, seal)).map_err(|x| fault_of(callee, x, e));
    let faulted = result.as_ref().is_err_and(|f| f.counts(Pass::Protocol));
    resume(vm, callee, e, faulted);
    finish(vm, callee, e.id, result, Pass::Protocol)
}

/// The fault the callee's exception `e` makes, made while the callee is
/// still active (its `__str__` runs there, under its budget).
#[cold]
#[inline(never)]
fn fault_of(callee: &mut Vm, e: PyErr, entry: &Entry) -> Box<Fault> {
    let mut f = Box::new(Fault::from_exception(callee, e));
    // Only the user's Ctrl-C crosses as KeyboardInterrupt; code that
    // raises it itself must not stop its caller.
    f.interrupt = f.kind == "KeyboardInterrupt" && callee.budget.interrupts() > entry.interrupts;
    let propagate =
        callee.world.slots[entry.id as usize].config.exceptions == Exceptions::Propagate;
    if propagate && f.ordinary() {
        callee.temp_roots.push(e.value());
        f.exc = Some(e.value());
    }
    f
}

/// The crossing's outcome in the caller `vm`: the callee's result moved
/// out of its heap, or what its fault becomes.
fn finish(
    vm: &mut Vm,
    callee: &mut Vm,
    id: CompId,
    result: Result<(Value, Seal), Box<Fault>>,
    pass: Pass,
) -> PyResult {
    match result {
        Ok((v, _)) if !matches!(v, Value::Obj(_)) => Ok(v),
        Ok((v, seal)) => move_out(vm, callee, v, seal).map_err(|e| transfer_fault(vm, id, &e)),
        Err(f) => match f.exc {
            // The exception crosses as itself.
            Some(x) => match move_out(vm, callee, x, Seal::Object) {
                Ok(Value::Obj(g)) => Err(PyErr(g)),
                Ok(_) => {
                    Err(vm.error(ExcKind::SystemError, "an exception crossed as a non-object"))
                }
                Err(e) => Err(transfer_fault(vm, id, &e)),
            },
            None => {
                let name = vm.world.name_of(id);
                Err(raise_fault(vm, &name, &f, pass))
            }
        },
    }
}

/// CompartmentError for a value of compartment `id` that could not cross.
fn transfer_fault(vm: &mut Vm, id: CompId, e: &TransferError) -> PyErr {
    let name = vm.world.name_of(id);
    compartment_error(vm, &name, &Fault::of_transfer(e))
}

/// Moves `v` out of the `callee` into the active caller `vm`.
fn move_out(vm: &mut Vm, callee: &mut Vm, v: Value, seal: Seal) -> Result<Value, TransferError> {
    let mut world = std::mem::take(&mut vm.world);
    let r = Parties {
        world: &mut world,
        src: callee,
        dst: vm,
        bystander: None,
    }
    .transfer(v, seal);
    vm.world = world;
    r
}

/// The exception the caller sees for a fault in compartment `name`.
fn raise_fault(vm: &mut Vm, name: &str, f: &Fault, pass: Pass) -> PyErr {
    if f.interrupt {
        // The user's interrupt stops whatever runs, wherever it runs.
        let k = vm.exc_class(ExcKind::KeyboardInterrupt);
        return vm.new_exception(k, vec![]);
    }
    if pass == Pass::Protocol && f.is_protocol() {
        if let Some(k) = f.builtin {
            return vm.error(k, &f.message);
        }
    }
    compartment_error(vm, name, f)
}

/// `CompartmentError` in the running instance.
pub fn compartment_error(vm: &mut Vm, name: &str, f: &Fault) -> PyErr {
    match super::api::make_error(vm, name, &f.kind, &f.message) {
        Ok(e) | Err(e) => e,
    }
}

pub fn closed_error(vm: &mut Vm, name: &str) -> PyErr {
    let f = Fault::switcher(format!("compartment '{name}' is closed"));
    compartment_error(vm, name, &f)
}

/// RuntimeError: compartment `id` has frames on the stack.
pub fn running_error(vm: &mut Vm, id: CompId, what: &str) -> PyErr {
    let name = vm.world.slots[id as usize].name.clone();
    vm.error(
        ExcKind::RuntimeError,
        format!("compartment '{name}' is running: it cannot be {what} from inside a call into it"),
    )
}

/// Micro-reboot: compartment `id` goes back to the state right after it
/// was made (or loaded). Its heap is freed; handles to its objects held
/// anywhere become stale; handles to its globals by name (`get`, `load`)
/// keep working. Its grants are given again.
pub fn reset(vm: &mut Vm, id: CompId) -> PyResult<()> {
    let config = vm.world.slots[id as usize].config.clone();
    let init = config.init.clone();
    if vm.world.slots[id as usize].entries > 0 {
        return Err(running_error(vm, id, "reset"));
    }
    let Some(mut old) = vm.world.slots[id as usize].vm.take_idle() else {
        return Err(running_error(vm, id, "reset"));
    };
    let mut new = Box::new(super::api::new_instance(vm, &config, id));
    new.budget.share_interrupt(vm.interrupt_flag());
    {
        let s = &mut vm.world.slots[id as usize];
        s.stats.peak_before = s.stats.peak_before.max(old.budget.memory.peak());
        s.stats.resets += 1;
        s.gen = s.gen.wrapping_add(1);
        s.restart_pending = false;
        s.releases.clear();
    }
    let grants = std::mem::take(&mut old.comp.grants);
    let mut world = std::mem::take(&mut vm.world);
    let mut moved = Vec::with_capacity(grants.len());
    let mut failed = None;
    for (name, v) in grants {
        let r = Parties {
            world: &mut world,
            src: &mut old,
            dst: &mut new,
            bystander: Some(vm),
        }
        .transfer(v, Seal::Object);
        match r {
            Ok(v) => moved.push((name, v)),
            Err(e) => failed = Some(e),
        }
    }
    // What the old incarnation held of others is let go.
    world.let_go_of(&mut old.comp);
    vm.world = world;
    drop(old);
    let setup = super::api::setup_main(&mut new, &moved, init.as_ref().map(|i| &*i.module));
    vm.world.slots[id as usize].vm = Parked::Idle(new);
    if let Some(e) = failed {
        let name = vm.world.slots[id as usize].name.clone();
        return Err(compartment_error(vm, &name, &Fault::of_transfer(&e)));
    }
    if setup.is_err() {
        return Err(vm.memory_error());
    }
    if let Some(init) = init {
        let src = init.source.clone();
        let file = init.filename.clone();
        cross(vm, id, None, &[], Pass::Nothing, move |vm, _| {
            super::api::run_source(vm, &src, &file).map(|_| (Value::None, Seal::Object))
        })?;
    }
    Ok(())
}
