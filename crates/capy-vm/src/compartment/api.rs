//! The Python module `compartment`.
//!
//! ```python
//! import compartment
//! with compartment.Compartment("plugin", heap="8M", timeout=1.0) as c:
//!     c.exec("def double(x): return 2 * x")
//!     double = c.get("double")      # a handle: calling it crosses
//!     print(double(21))             # 42
//! ```
//!
//! In a compartment the module holds only `CompartmentError` (making
//! compartments is the program's authority, see authority.rs).

use super::lifetime;
use super::switch::{self, cross, Pass};
use super::transfer::{self, Parties, Seal};
use super::{
    authority, CompId, Config, Exceptions, Init, NameRef, OnFault, Parked, Sealed, Slot, Target,
};
use crate::budget::Limits;
use crate::dict::Dict;
use crate::errors::ExcKind;
use crate::obj::{Instance, NativeFn, Obj};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::{PyErr, PyResult};
use std::rc::Rc;
use std::time::Duration;

pub(super) type Kw<'a> = &'a [(Value, Value)];

/// The classes of the module in the root instance.
#[derive(Clone, Copy)]
pub struct Classes {
    pub compartment: Gc,
    pub isolator: Gc,
    pub isolated: Gc,
}

impl Classes {
    pub fn roots(&self, out: &mut Vec<Value>) {
        out.extend([self.compartment, self.isolator, self.isolated].map(Value::Obj));
    }
}

const COMPARTMENT_METHODS: &[(&str, NativeFn)] = &[
    ("exec", c_exec),
    ("eval", c_eval),
    ("get", c_get),
    ("reset", c_reset),
    ("close", c_close),
    ("stats", c_stats),
    ("__enter__", c_enter),
    ("__exit__", c_exit),
    ("__repr__", c_repr),
];

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("compartment")?;
    let d = crate::import::module_dict(vm, m);
    let err = error_class(vm)?;
    vm.dict_set_str(d, "CompartmentError", Value::Obj(err))?;
    if vm.comp.confined {
        return Ok(m);
    }
    let handle = super::handle::class(vm)?;
    vm.dict_set_str(d, "Handle", Value::Obj(handle))?;
    let class = classes(vm)?.compartment;
    vm.dict_set_str(d, "Compartment", Value::Obj(class))?;
    let dir = super::dir::class(vm)?;
    vm.dict_set_str(d, "Dir", Value::Obj(dir))?;
    for (name, f) in [
        ("load", m_load as NativeFn),
        ("isolate", super::isolate::m_isolate),
        ("fs", super::dir::m_fs),
    ] {
        let v = crate::types::native(vm, name, f, true, Value::None)?;
        vm.dict_set_str(d, name, v)?;
    }
    Ok(m)
}

pub(super) fn classes(vm: &mut Vm) -> PyResult<Classes> {
    if let Some(c) = vm.comp.api {
        return Ok(c);
    }
    let c = Classes {
        compartment: native_class(vm, "Compartment", COMPARTMENT_METHODS, Some(c_new))?,
        isolator: native_class(
            vm,
            "isolate",
            &[("__call__", super::isolate::iso_wrap)],
            None,
        )?,
        isolated: native_class(
            vm,
            "Isolated",
            &[
                ("__call__", super::isolate::iso_call),
                ("__getattr__", super::isolate::iso_getattr),
            ],
            None,
        )?,
    };
    vm.comp.api = Some(c);
    Ok(c)
}

/// A class of module `compartment` whose methods are natives.
pub fn native_class(
    vm: &mut Vm,
    name: &str,
    methods: &[(&'static str, NativeFn)],
    new: Option<NativeFn>,
) -> PyResult<Gc> {
    use crate::modules::collections::{make_class, method, static_new};
    let mut ns = Dict::new();
    for &(n, f) in methods {
        method(vm, &mut ns, n, f)?;
    }
    if let Some(f) = new {
        static_new(vm, &mut ns, f)?;
    }
    make_class(vm, name, vec![], ns, "compartment")
}

pub(super) fn set_attr(vm: &mut Vm, obj: Value, name: &str, v: Value) -> PyResult<()> {
    let n = vm.intern(name);
    vm.generic_setattr(obj, n, v)
}

// ---- CompartmentError

fn error_class(vm: &mut Vm) -> PyResult<Gc> {
    if let Some(c) = vm.comp.error_class {
        return Ok(c);
    }
    let base = vm.exc_class(ExcKind::Exception);
    let c = crate::modules::module_exception(vm, "compartment", "CompartmentError", base)?;
    vm.comp.error_class = Some(c);
    Ok(c)
}

/// `CompartmentError("compartment 'name': Kind: message")` with
/// `.compartment`, `.kind` and `.message`.
pub fn make_error(vm: &mut Vm, name: &str, kind: &str, message: &str) -> PyResult<PyErr> {
    let class = error_class(vm)?;
    let text = if kind == "CompartmentError" {
        message.to_string()
    } else if message.is_empty() {
        format!("compartment '{name}': {kind}")
    } else {
        format!("compartment '{name}': {kind}: {message}")
    };
    let text = vm.new_string(text)?;
    let e = vm.new_exception(class, vec![text]);
    for (attr, v) in [("compartment", name), ("kind", kind), ("message", message)] {
        let v = vm.new_str(v)?;
        let n = vm.intern(attr);
        vm.generic_setattr(e.value(), n, v)?;
    }
    Ok(e)
}

// ---- making compartments

/// The options every way of making a compartment takes.
pub(super) struct Options {
    limits: Limits,
    on_fault: OnFault,
    exceptions: Exceptions,
    pub(super) grants: Value,
}

impl Options {
    pub(super) fn config(&self, init: Option<Init>) -> Config {
        Config {
            limits: self.limits.clone(),
            on_fault: self.on_fault,
            init,
            exceptions: self.exceptions,
            authorities: Vec::new(),
        }
    }
}

const OPTION_NAMES: &[&str] = &[
    "heap",
    "steps",
    "timeout",
    "recursion",
    "grants",
    "on_fault",
    "exceptions",
];

pub(super) fn options(vm: &mut Vm, kw: Kw, extra: &[&str]) -> PyResult<Options> {
    let mut o = Options {
        limits: Limits {
            heap_bytes: 8 << 20,
            recursion: 200,
            timeout: None,
            steps: None,
        },
        on_fault: OnFault::Raise,
        exceptions: Exceptions::Contain,
        grants: Value::None,
    };
    for &(k, v) in kw {
        let key = vm.heap.str_of(k).unwrap_or("").to_string();
        match key.as_str() {
            "heap" => o.limits.heap_bytes = size_option(vm, v)?,
            "steps" => {
                o.limits.steps = match v {
                    Value::None => None,
                    _ => Some(positive(vm, v, "steps")?),
                }
            }
            "timeout" => o.limits.timeout = timeout_option(vm, v)?,
            "recursion" => {
                o.limits.recursion =
                    positive(vm, v, "recursion")?.min(crate::budget::MAX_RECURSION as u64) as usize
            }
            "grants" => o.grants = v,
            "on_fault" => {
                o.on_fault = match vm.heap.str_of(v) {
                    Some("raise") => OnFault::Raise,
                    Some("restart") => OnFault::Restart,
                    _ => return Err(vm.value_error("on_fault must be 'raise' or 'restart'")),
                }
            }
            "exceptions" => {
                o.exceptions = match vm.heap.str_of(v) {
                    Some("contain") => Exceptions::Contain,
                    Some("propagate") => Exceptions::Propagate,
                    _ => return Err(vm.value_error("exceptions must be 'contain' or 'propagate'")),
                }
            }
            k if extra.contains(&k) => {}
            k => {
                return Err(vm.type_error(format!(
                    "unexpected option '{k}' (options: {})",
                    OPTION_NAMES.join(", ")
                )))
            }
        }
    }
    Ok(o)
}

fn positive(vm: &mut Vm, v: Value, name: &str) -> PyResult<u64> {
    match v {
        Value::Int(i) if i > 0 => Ok(i as u64),
        Value::Int(_) => Err(vm.value_error(format!("{name} must be positive"))),
        _ => Err(vm.type_error(format!("{name} must be an int"))),
    }
}

fn timeout_option(vm: &mut Vm, v: Value) -> PyResult<Option<Duration>> {
    let secs = match v {
        Value::None => return Ok(None),
        Value::Int(i) => i as f64,
        Value::Float(f) => f,
        _ => return Err(vm.type_error("timeout must be a number of seconds or None")),
    };
    if !(secs > 0.0 && secs < 1e9) {
        return Err(vm.value_error("timeout must be positive"));
    }
    Ok(Some(Duration::from_secs_f64(secs)))
}

/// `"64K"`, `"8M"`, `"1G"` or an int of bytes.
fn size_option(vm: &mut Vm, v: Value) -> PyResult<usize> {
    if let Value::Int(i) = v {
        return usize::try_from(i)
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| vm.value_error("heap must be positive"));
    }
    let Some(s) = vm.heap.str_of(v).map(|s| s.trim().to_string()) else {
        return Err(vm.type_error("heap must be an int or a size such as '8M'"));
    };
    match crate::budget::parse_size(&s) {
        Some(n) if n > 0 => Ok(n),
        _ => Err(vm.value_error(format!(
            "heap: invalid size '{s}' (use e.g. '64K', '8M', '1G')"
        ))),
    }
}

/// Makes compartment `name` as `config` says and gives it `grants` (a
/// dict of names to values, or None); returns its id.
pub(super) fn create(vm: &mut Vm, name: &str, config: Config, grants: Value) -> PyResult<CompId> {
    vm.world.ensure_root();
    let grants = grant_list(vm, grants)?;
    let reused = vm.world.reuse();
    let id = reused.unwrap_or(vm.world.slots.len() as CompId);
    let mut inst = Box::new(new_instance(vm, &config, id));
    inst.budget.share_interrupt(vm.interrupt_flag());
    let module = config.init.as_ref().map(|i| i.module.clone());
    // Its maker's reference lasts until the maker has attached it to
    // what keeps it (an object, a handle, the library): `unhold`.
    let mut slot = Slot::new(name, config);
    // A freed slot's generation was moved on when it closed.
    slot.gen = reused.map_or(0, |i| vm.world.slots[i as usize].gen);
    match reused {
        Some(i) => vm.world.slots[i as usize] = slot,
        None => vm.world.slots.push(slot),
    }
    vm.world.open += 1;
    vm.budget.memory.note_external(lifetime::IDLE_FOOTPRINT);
    let mut world = std::mem::take(&mut vm.world);
    let mut moved = Vec::with_capacity(grants.len());
    let mut failed = None;
    for (k, v) in grants {
        // A container is granted as data: read-only.
        let seal = if transfer::is_container(vm, v) {
            Seal::ReadOnly
        } else {
            Seal::Object
        };
        let r = Parties {
            world: &mut world,
            src: vm,
            dst: &mut inst,
            bystander: None,
        }
        .transfer(v, seal);
        match r {
            Ok(v) => moved.push((k, v)),
            Err(e) => {
                failed = Some(e);
                break;
            }
        }
    }
    vm.world = world;
    let setup = setup_main(&mut inst, &moved, module.as_deref());
    vm.world.slots[id as usize].vm = Parked::Idle(inst);
    if let Some(e) = failed {
        close(vm, id);
        vm.world.unhold(id);
        return Err(vm.value_error(format!("grants: {e}")));
    }
    if setup.is_err() {
        close(vm, id);
        vm.world.unhold(id);
        return Err(vm.memory_error());
    }
    Ok(id)
}

/// A new confined instance for compartment `id` made as `config` says.
pub(super) fn new_instance(vm: &Vm, config: &Config, id: CompId) -> Vm {
    let argv = vm.world.library.as_ref().map_or(&[][..], |l| &l.argv[..]);
    authority::new_instance(&config.limits, id, &config.authorities, argv)
}

/// The grants dict as (name, value) pairs; names must be identifiers.
fn grant_list(vm: &mut Vm, grants: Value) -> PyResult<Vec<(Rc<str>, Value)>> {
    if grants.is_none() {
        return Ok(Vec::new());
    }
    let Value::Obj(d) = grants else {
        return Err(vm.type_error("grants must be a dict of names to values"));
    };
    let pairs: Vec<(Value, Value)> = match vm.heap.get(d) {
        Obj::Dict(t) => t.iter().collect(),
        _ => return Err(vm.type_error("grants must be a dict of names to values")),
    };
    let mut out = Vec::with_capacity(pairs.len());
    for (k, v) in pairs {
        match vm.heap.str_of(k) {
            Some(s) if is_identifier(s) => out.push((Rc::from(s), v)),
            _ => return Err(vm.value_error("grants: every name must be an identifier string")),
        }
    }
    Ok(out)
}

fn is_identifier(s: &str) -> bool {
    let mut cs = s.chars();
    matches!(cs.next(), Some(c) if c == '_' || c.is_alphabetic())
        && cs.all(|c| c == '_' || c.is_alphanumeric())
}

/// A new instance's main namespace (module `module`, else `__main__`),
/// with its grants as globals.
pub fn setup_main(vm: &mut Vm, grants: &[(Rc<str>, Value)], module: Option<&str>) -> PyResult<()> {
    let name = module.unwrap_or("__main__");
    let m = vm.new_module(name)?;
    let d = crate::import::module_dict(vm, m);
    let b = Value::Obj(vm.builtins);
    vm.dict_set_str(d, "__builtins__", b)?;
    for (k, v) in grants {
        vm.dict_set_str(d, k, *v)?;
        if let Some(dir) = super::dir::dir_of(vm, *v) {
            vm.comp.host.fs.grant(dir);
        }
    }
    let key = vm.new_str(name)?;
    vm.dict_set(Value::Obj(vm.modules), key, Value::Obj(m))?;
    vm.comp.main = Some(d);
    vm.comp.grants = grants.to_vec();
    Ok(())
}

/// Compiles and runs `source` in the instance's main namespace.
pub fn run_source(vm: &mut Vm, source: &str, filename: &str) -> PyResult {
    let main = vm
        .comp
        .main
        .ok_or_else(|| vm.error(ExcKind::RuntimeError, "compartment has no namespace"))?;
    let code = vm.compile_file(source, filename)?;
    vm.run_code(&code, main, Value::Null)
}

/// Closes compartment `id`: its instance is dropped at once.
fn close(vm: &mut Vm, id: CompId) {
    vm.world.close(id);
}

// ---- the Compartment class

fn c_new(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let name = match a.get(1).and_then(|&n| vm.heap.str_of(n)) {
        Some(s) if !s.is_empty() => s.to_string(),
        Some(_) => return Err(vm.value_error("a compartment needs a non-empty name")),
        None => return Err(vm.type_error("Compartment() needs a name (a str)")),
    };
    if a.len() > 2 {
        return Err(vm.type_error("Compartment() takes its options as keywords"));
    }
    let o = options(vm, kw, &[])?;
    let id = create(vm, &name, o.config(None), o.grants)?;
    let obj = compartment_object(vm, id, &name);
    vm.world.unhold(id);
    obj
}

/// The `Compartment` object of compartment `id`, which keeps it alive
/// (lifetime.rs).
pub(super) fn compartment_object(vm: &mut Vm, id: CompId, name: &str) -> PyResult {
    let class = classes(vm)?.compartment;
    let base = vm.alloc(Obj::Compartment(id))?;
    vm.comp.owned.push((base, id));
    vm.world.hold(id);
    let obj = Value::Obj(vm.alloc(Obj::Instance(Instance::new(class, Value::Obj(base))))?);
    let n = vm.new_str(name)?;
    set_attr(vm, obj, "name", n)?;
    Ok(obj)
}

fn this_id(vm: &mut Vm, a: &[Value]) -> PyResult<CompId> {
    if let Some(Value::Obj(h)) = a.first() {
        if let Obj::Instance(i) = vm.heap.get(*h) {
            if let Value::Obj(b) = i.base {
                if let Obj::Compartment(id) = vm.heap.get(b) {
                    return Ok(*id);
                }
            }
        }
    }
    Err(vm.type_error("a Compartment method needs a Compartment"))
}

fn str_arg(vm: &mut Vm, a: &[Value], what: &str) -> PyResult<String> {
    match a.get(1).and_then(|&v| vm.heap.str_of(v)) {
        Some(s) => Ok(s.to_string()),
        None => Err(vm.type_error(format!("{what} must be a str"))),
    }
}

fn label(vm: &Vm, id: CompId) -> String {
    let name = vm
        .world
        .slot(id)
        .map(|s| s.name.to_string())
        .unwrap_or_default();
    format!("<compartment {name}>")
}

fn c_exec(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    run_in(vm, a, capy_compiler::Mode::Exec, "exec() source")?;
    Ok(Value::None)
}

fn c_eval(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    run_in(vm, a, capy_compiler::Mode::Eval, "eval() expression")
}

/// Compiles the source argument in the compartment and runs it in its
/// namespace (the value of an `Eval` comes back).
fn run_in(vm: &mut Vm, a: &[Value], mode: capy_compiler::Mode, what: &str) -> PyResult {
    let id = this_id(vm, a)?;
    let src = str_arg(vm, a, what)?;
    let file = label(vm, id);
    cross(vm, id, None, &[], Pass::Nothing, move |vm, _| {
        let code = vm.compile(&src, &file, mode)?;
        let main = vm
            .comp
            .main
            .ok_or_else(|| vm.runtime_error("no namespace"))?;
        let v = vm.run_code(&code, main, Value::Null)?;
        Ok((v, Seal::Object))
    })
}

pub(super) fn c_get(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let id = this_id(vm, a)?;
    let name = str_arg(vm, a, "get() name")?;
    cross(vm, id, None, &[], Pass::Nothing, move |vm, _| {
        let main = vm
            .comp
            .main
            .ok_or_else(|| vm.runtime_error("no namespace"))?;
        let Some(v) = vm.dict_get_str(main, &name) else {
            return Err(vm.error(ExcKind::NameError, format!("name '{name}' is not defined")));
        };
        if transfer::is_copied(vm, v) {
            return Ok((v, Seal::Object));
        }
        let me = vm.comp.id;
        let slot = vm.world.name_slot(me, NameRef::global(&name));
        Ok((v, Seal::Global(slot)))
    })
}

fn c_reset(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let id = this_id(vm, a)?;
    if vm.world.slot(id).is_some_and(|s| s.closed) {
        let name = vm.world.slots[id as usize].name.clone();
        return Err(switch::closed_error(vm, &name));
    }
    switch::reset(vm, id)?;
    Ok(Value::None)
}

fn c_close(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let id = this_id(vm, a)?;
    if vm
        .world
        .slot(id)
        .is_some_and(|s| !s.closed && (!s.vm.is_idle() || s.entries > 0))
    {
        return Err(switch::running_error(vm, id, "closed"));
    }
    close(vm, id);
    Ok(Value::None)
}

fn c_enter(_vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    Ok(a.first().copied().unwrap_or(Value::None))
}

fn c_exit(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    c_close(vm, &a[..1.min(a.len())], &[])?;
    Ok(Value::Bool(false))
}

fn c_repr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let id = this_id(vm, a)?;
    let (name, closed) = vm
        .world
        .slot(id)
        .map_or((String::new(), true), |s| (s.name.to_string(), s.closed));
    let state = if closed { " (closed)" } else { "" };
    vm.new_string(format!("<Compartment '{name}'{state}>"))
}

fn c_stats(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let id = this_id(vm, a)?;
    let Some(slot) = vm.world.slot(id) else {
        return Err(vm.runtime_error("no such compartment"));
    };
    let s = slot.stats.clone();
    let (heap, peak, limit, exports) = match slot.vm.get() {
        Some(v) => (
            v.budget.memory.bytes(),
            v.budget.memory.peak(),
            v.budget.memory.limit(),
            v.comp.exports.len(),
        ),
        None => (0, 0, slot.config.limits.heap_bytes, 0),
    };
    let closed = slot.closed;
    let d = vm.new_dict()?;
    let ints: [(&str, u64); 9] = [
        ("heap", heap as u64),
        ("heap_peak", peak.max(s.peak_before) as u64),
        ("heap_limit", limit as u64),
        ("calls_in", s.calls_in),
        ("calls_out", s.calls_out),
        ("faults", s.faults),
        ("steps", s.steps),
        ("resets", s.resets),
        ("exports", exports as u64),
    ];
    for (k, n) in ints {
        let key = vm.new_str(k)?;
        vm.dict_set(d, key, Value::Int(n.min(i64::MAX as u64) as i64))?;
    }
    let key = vm.new_str("time")?;
    vm.dict_set(d, key, Value::Float(s.seconds()))?;
    let key = vm.new_str("closed")?;
    vm.dict_set(d, key, Value::Bool(closed))?;
    Ok(d)
}

// ---- load

fn m_load(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let what = match a.first().and_then(|&v| vm.heap.str_of(v)) {
        Some(s) => s.to_string(),
        None => return Err(vm.type_error("load() needs a module name or a path (a str)")),
    };
    let o = options(vm, kw, &[])?;
    let (path, module) = find_module(vm, &what)?;
    let (filename, source) = vm.read_module_source(&path)?;
    let init = Init {
        source: Rc::from(source.as_str()),
        filename: Rc::from(filename.as_str()),
        module: Rc::from(module.as_str()),
    };
    let id = create(vm, &module, o.config(Some(init)), o.grants)?;
    let run = cross(vm, id, None, &[], Pass::Nothing, move |vm, _| {
        run_source(vm, &source, &filename).map(|_| (Value::None, Seal::Object))
    });
    if let Err(e) = run {
        close(vm, id);
        vm.world.unhold(id);
        return Err(e);
    }
    let gen = vm.world.slots[id as usize].gen;
    let exports = transfer::handle_for(
        vm,
        Sealed {
            owner: id,
            gen,
            target: Target::Exports,
            read_only: false,
        },
    );
    // The proxy keeps it from here on.
    vm.world.unhold(id);
    exports
}

/// A module name searched on the program's `sys.path`, or a path; with
/// the name the module gets (the last part of a dotted name, or the
/// file's stem).
fn find_module(vm: &mut Vm, what: &str) -> PyResult<(std::path::PathBuf, String)> {
    if what.ends_with(".py") || what.contains('/') {
        let p = std::path::PathBuf::from(what);
        if p.is_file() {
            let stem = p.file_stem().map(|s| s.to_string_lossy().to_string());
            return Ok((p, stem.unwrap_or_else(|| what.to_string())));
        }
        return Err(vm.error(ExcKind::ImportError, format!("no such file: '{what}'")));
    }
    let rel = what.replace('.', "/");
    let name = what.rsplit('.').next().unwrap_or(what).to_string();
    for dir in vm.sys_path.clone() {
        let base = std::path::Path::new(if dir.is_empty() { "." } else { &dir });
        for cand in [
            base.join(format!("{rel}.py")),
            base.join(&rel).join("__init__.py"),
        ] {
            if cand.is_file() {
                return Ok((cand, name));
            }
        }
    }
    Err(vm.error(
        ExcKind::ModuleNotFoundError,
        format!("No module named '{what}'"),
    ))
}
