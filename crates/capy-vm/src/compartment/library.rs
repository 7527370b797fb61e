//! Library compartments: the c18n mode.
//!
//! `capy run --compartments=per-module app.py` runs an unmodified program
//! with every module it imports from its search path in a compartment of
//! its own, as CheriBSD's c18n puts every shared library of an unmodified
//! binary in one; the main program is one more (the root, named
//! `__main__`). `capy run --policy app.toml` does the same with the
//! compartments, their modules, quotas and grants, and the calls each may
//! make, written in a policy file (a [`Plan`]).
//!
//! An `import` of a module that belongs to another compartment makes that
//! compartment on first use, imports the module there, and gives the
//! importer a proxy (a handle with target [`Target::Module`]): its
//! attributes are by-name handles to the module's globals, or copies of
//! immutable values. Module compartments are made with
//! `exceptions="propagate"`, so an exception raised in a module reaches
//! its caller as itself (mirror.rs) and the program catches it by its
//! class. Built-in modules are imported in each compartment as usual,
//! unless a policy lists one in a compartment: then it runs there, with
//! that compartment's grants, and the others reach it through a proxy.
//!
//! A package is one compartment: `import pkg.sub` imports `pkg` and
//! `pkg.sub` in the compartment `pkg`, which finds its submodules itself
//! (from the library's search path, not from a `__path__` it could set).
//! What cannot cross transparently fails naming both compartments:
//! subclassing a class of another compartment, and assigning to or
//! deleting another module's globals.

use super::switch::{cross, Pass};
use super::transfer::{handle_for, is_copied, Seal};
use super::{authority::Authority, CompId, Config, Exceptions, NameRef, OnFault, Sealed, Target};
use crate::budget::Limits;
use crate::errors::ExcKind;
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;
use std::collections::HashMap;
use std::path::Path;
use std::rc::Rc;

/// How a compartment of a policy is made.
#[derive(Clone, Debug)]
pub struct Spec {
    pub limits: Limits,
    pub on_fault: OnFault,
    pub grants: Vec<Authority>,
}

/// What a policy file says (the CLI reads the file; this is what the
/// runtime needs of it).
pub trait Plan {
    /// The compartment module `module` (a top-level name) goes to.
    fn compartment_of(&self, module: &str) -> String;
    /// How compartment `name` is made (None: the library's defaults).
    fn spec(&self, name: &str) -> Option<Spec>;
    /// Whether `caller` may use `name`, an export of `callee`: Err says
    /// which rule refuses it.
    fn check(&self, caller: &str, callee: &str, name: &str) -> Result<(), String>;
    /// Whether `caller` may import anything of `callee`.
    fn may_import(&self, caller: &str, callee: &str) -> Result<(), String>;
    /// Whether the plan names `module` (a top-level name) in one of its
    /// compartments: a built-in module so named runs there, not in each
    /// compartment that imports it.
    fn places(&self, _module: &str) -> bool {
        false
    }
}

/// The c18n mode's state, carried by the world.
pub struct Library {
    /// Where modules are found: the program's search path when the mode
    /// was turned on. Compartments find their modules here, never through
    /// a path of their own.
    pub path: Vec<String>,
    /// The compartment made for each compartment name.
    pub comps: HashMap<Rc<str>, CompId>,
    /// Limits of a module's compartment when the plan sets none.
    pub defaults: Limits,
    /// The program's command line (for compartments granted `argv`).
    pub argv: Vec<String>,
    pub plan: Option<Box<dyn Plan>>,
}

impl Library {
    fn compartment_of(&self, top: &str) -> String {
        match &self.plan {
            Some(p) => p.compartment_of(top),
            None => top.to_string(),
        }
    }

    /// Whether the module `top` goes to a compartment: it is on the
    /// search path, or the plan places it (a built-in module listed in a
    /// compartment: `os` with the compartment that holds the file grants).
    fn routes(&self, top: &str) -> bool {
        self.find(top) || self.plan.as_ref().is_some_and(|p| p.places(top))
    }

    /// Whether a module named `top` is on the search path.
    fn find(&self, top: &str) -> bool {
        self.path.iter().any(|d| {
            let base = Path::new(if d.is_empty() { "." } else { d });
            base.join(format!("{top}.py")).is_file() || base.join(top).is_dir()
        })
    }
}

/// Turns the c18n mode on for the root instance `vm` (before it runs
/// anything), with `plan` deciding compartments and calls, else one
/// compartment per module with `defaults`.
pub fn enable(vm: &mut Vm, defaults: Limits, plan: Option<Box<dyn Plan>>) {
    vm.world.ensure_root();
    let main = plan
        .as_ref()
        .map_or_else(|| "__main__".to_string(), |p| p.compartment_of("__main__"));
    vm.world.slots[0].name = Rc::from(main.as_str());
    let mut comps = HashMap::new();
    comps.insert(Rc::from(main.as_str()), super::ROOT);
    vm.world.library = Some(Box::new(Library {
        path: vm.sys_path.clone(),
        comps,
        defaults,
        argv: vm.argv.clone(),
        plan,
    }));
}

/// Whether a policy places module `full` (its top-level name) in a
/// compartment other than the running one: for built-in modules, which
/// are otherwise imported in each compartment.
pub fn placed_elsewhere(vm: &Vm, full: &str) -> bool {
    let Some(lib) = vm.world.library.as_deref() else {
        return false;
    };
    let top = full.split('.').next().unwrap_or(full);
    lib.plan.as_ref().is_some_and(|p| p.places(top))
        && *lib.compartment_of(top) != *vm.world.name_of(vm.comp.id)
}

/// The `import` of `full` in the running instance: a proxy of the module
/// if it belongs to another compartment; None if it is imported here as
/// usual (the mode is off, the module is this compartment's own, or it is
/// not on the search path).
pub fn import(vm: &mut Vm, full: &str) -> PyResult<Option<Value>> {
    let Some(lib) = vm.world.library.as_deref() else {
        return Ok(None);
    };
    let top = full.split('.').next().unwrap_or(full);
    let owner = lib.compartment_of(top);
    let me = vm.world.name_of(vm.comp.id);
    if *owner == *me || !lib.routes(top) {
        return Ok(None);
    }
    if let Some(p) = &lib.plan {
        if let Err(why) = p.may_import(&me, &owner) {
            return Err(vm.error(ExcKind::PermissionError, why));
        }
    }
    let id = compartment(vm, &owner)?;
    let module: Rc<str> = Rc::from(full);
    let slot = vm.world.name_slot(
        id,
        NameRef {
            module: Some(module.clone()),
            attr: None,
        },
    );
    cross(vm, id, None, &[], Pass::Nothing, move |vm, _| {
        vm.import_dotted(&module)?;
        Ok((Value::None, Seal::Object))
    })?;
    let gen = vm.world.slots[id as usize].gen;
    handle_for(
        vm,
        Sealed {
            owner: id,
            gen,
            target: Target::Module(slot),
            read_only: false,
        },
    )
    .map(Some)
}

/// The compartment named `name`, made on first use.
fn compartment(vm: &mut Vm, name: &str) -> PyResult<CompId> {
    let Some(lib) = vm.world.library.as_deref() else {
        return Err(vm.runtime_error("the c18n mode is off"));
    };
    if let Some(&id) = lib.comps.get(name) {
        return Ok(id);
    }
    let spec = lib.plan.as_ref().and_then(|p| p.spec(name));
    let config = Config {
        limits: spec
            .as_ref()
            .map_or(lib.defaults.clone(), |s| s.limits.clone()),
        on_fault: spec.as_ref().map_or(OnFault::Raise, |s| s.on_fault),
        init: None,
        exceptions: Exceptions::Propagate,
        authorities: spec.map(|s| s.grants).unwrap_or_default(),
    };
    let id = super::api::create(vm, name, config, Value::None)?;
    if let Some(lib) = vm.world.library.as_deref_mut() {
        lib.comps.insert(Rc::from(name), id);
    }
    Ok(id)
}

/// Where a compartment looks for module `full`, one of its own: the
/// library's search path (and, for a submodule, the package's folders on
/// it). Nothing outside the library mode: a compartment has no file
/// system.
pub fn local_dirs(vm: &Vm, full: &str) -> Vec<String> {
    let Some(lib) = vm.world.library.as_deref() else {
        return Vec::new();
    };
    let mut parts: Vec<&str> = full.split('.').collect();
    parts.pop();
    lib.path
        .iter()
        .map(|d| {
            let mut p = std::path::PathBuf::from(if d.is_empty() { "." } else { d });
            p.extend(&parts);
            p.to_string_lossy().into_owned()
        })
        .collect()
}

/// An attribute of a module proxy: a by-name handle to the module's
/// global (or a copy of an immutable value), if the plan lets the caller
/// use it.
pub fn module_getattr(vm: &mut Vm, r: Sealed, name: String) -> PyResult {
    let module = match &vm.world.slots[r.owner as usize].names.get(target_slot(r)) {
        Some(n) => n.module.clone().unwrap_or_else(|| Rc::from("?")),
        None => return Err(vm.runtime_error("stale module handle")),
    };
    if let Some(p) = vm.world.library.as_ref().and_then(|l| l.plan.as_ref()) {
        let me = vm.world.name_of(vm.comp.id);
        let owner = vm.world.name_of(r.owner);
        // `from m import *` reads `__all__`: the policy's whole-module use.
        let what = if name == "__all__" {
            "*"
        } else {
            name.as_str()
        };
        if let Err(why) = p.check(&me, &owner, what) {
            return Err(vm.error(ExcKind::PermissionError, why));
        }
    }
    cross(vm, r.owner, None, &[], Pass::Protocol, move |vm, _| {
        let m = super::handle::open(vm, r)?;
        if name == "__all__" {
            return Ok((public_names(vm, m)?, Seal::Object));
        }
        let v = vm.getattr_str(m, &name)?;
        if is_copied(vm, v) {
            return Ok((v, Seal::Object));
        }
        let id = vm.comp.id;
        let slot = vm.world.name_slot(
            id,
            NameRef {
                module: Some(module),
                attr: Some(Rc::from(name.as_str())),
            },
        );
        Ok((v, Seal::Global(slot)))
    })
}

fn target_slot(r: Sealed) -> usize {
    match r.target {
        Target::Module(i) | Target::Global(i) | Target::Object(i) => i as usize,
        Target::Exports => usize::MAX,
    }
}

/// `module.__all__` as a tuple of names (its own, or its public names),
/// so `from module import *` works through a proxy.
fn public_names(vm: &mut Vm, m: Value) -> PyResult {
    let names = match vm.getattr_str(m, "__all__") {
        Ok(all) => vm.iter_to_vec(all)?,
        Err(_) => {
            let d = match m {
                Value::Obj(g) => crate::import::module_dict(vm, g),
                _ => return vm.new_tuple(Vec::new()),
            };
            vm.iter_to_vec(Value::Obj(d))?
                .into_iter()
                .filter(|&k| vm.heap.str_of(k).is_some_and(|s| !s.starts_with('_')))
                .collect()
        }
    };
    vm.new_tuple(names)
}

/// Whether `name` may be read through a module proxy (`__all__` and the
/// descriptive dunders; no other dunder).
pub fn readable(name: &str) -> bool {
    matches!(name, "__all__" | "__file__")
}
