//! `capy run --policy app.toml`: a policy (policy/) as the runtime's plan
//! of library compartments (`capy_vm::compartment::library`).

use crate::policy::{Grant, OnFault, Policy, Quotas};
use capy_vm::compartment::authority::Authority;
use capy_vm::compartment::library::{Plan, Spec};
use capy_vm::compartment::OnFault as VmOnFault;
use capy_vm::Limits;
use std::time::Duration;

pub struct PolicyPlan(pub Policy);

/// A policy's quotas as the runtime's limits.
pub fn limits(q: &Quotas) -> Limits {
    Limits {
        heap_bytes: q.heap,
        recursion: q.recursion,
        timeout: q.timeout.map(Duration::from_secs_f64),
        steps: q.steps,
    }
}

/// A policy's grants as the runtime's authorities.
pub fn authorities(grants: &[Grant]) -> Vec<Authority> {
    grants
        .iter()
        .map(|g| match g {
            Grant::Stdin => Authority::Stdin,
            Grant::Argv => Authority::Argv,
            Grant::Clock => Authority::Clock,
        })
        .collect()
}

impl Plan for PolicyPlan {
    fn compartment_of(&self, module: &str) -> String {
        self.0.compartment_of(module)
    }

    fn spec(&self, name: &str) -> Option<Spec> {
        let s = self.0.spec(name);
        Some(Spec {
            limits: limits(&s.limits),
            on_fault: match s.on_fault {
                OnFault::Raise => VmOnFault::Raise,
                OnFault::Restart => VmOnFault::Restart,
            },
            grants: authorities(&s.grants),
        })
    }

    fn check(&self, caller: &str, callee: &str, name: &str) -> Result<(), String> {
        self.0.check(caller, callee, name).map(|_| ())
    }

    /// Every module a compartment lists runs there, built-in ones too
    /// (the program itself, `__main__`, is never imported by name).
    fn places(&self, module: &str) -> bool {
        module != "__main__" && self.0.lists(module)
    }

    /// An import is allowed when the caller may use something of the
    /// callee: a rule names it (or all callers), or the default allows.
    fn may_import(&self, caller: &str, callee: &str) -> Result<(), String> {
        let p = &self.0;
        let named = p
            .rules
            .iter()
            .any(|r| r.callee == callee && r.callers.iter().any(|c| c == "*" || c == caller));
        if caller == callee || p.default_allow || named {
            return Ok(());
        }
        Err(format!(
            "policy {}: no [[allow]] rule lets '{caller}' import anything of '{callee}'",
            p.file.display()
        ))
    }
}
