//! The text and JSON forms of a `capy audit` report. Both carry the same
//! content; paths are relative to the policy's folder and rules are named
//! by their line, so a report does not depend on the machine or on the
//! folder `capy audit` was run from (except the policy's own name in the
//! reasons of denied crossings, which is the file as given).

use crate::audit::{Compartment, Crossing, Module, Report, Resolved};
use crate::size::format_size;
use serde_json::{json, Value};
use std::fmt::Write;

pub const HELP: &str = "Prints what a policy lets the program do, without running it: each
compartment with its modules, quotas and grants; the imports of each module,
found by compiling it; every name one compartment uses of another, allowed
(by which [[allow]] rule) or denied; and what each compartment can reach.

--json   the same report as JSON

Exit status: 0 when every crossing is allowed and every module compiles,
1 otherwise (the VIOLATIONS and ERRORS sections list why), 2 for a policy
that cannot be read or is not valid (FILE:LINE:COL: message on stderr).";

/// How a module was found, as the report shows it.
fn location(r: &Report, m: &Module) -> String {
    match &m.found {
        Resolved::Source { file, .. } => r.rel(file),
        Resolved::Namespace { dir } => format!("{}/ (namespace package)", r.rel(dir)),
        Resolved::Builtin => "(built-in)".into(),
        Resolved::NotFound => "(not found)".into(),
    }
}

fn kind(f: &Resolved) -> &'static str {
    match f {
        Resolved::Source { package: false, .. } => "source",
        Resolved::Source { package: true, .. } => "package",
        Resolved::Namespace { .. } => "namespace package",
        Resolved::Builtin => "built-in",
        Resolved::NotFound => "not found",
    }
}

fn file(r: &Report, f: &Resolved) -> Option<String> {
    match f {
        Resolved::Source { file, .. } => Some(r.rel(file)),
        Resolved::Namespace { dir } => Some(r.rel(dir)),
        _ => None,
    }
}

fn show_name(n: &str) -> &str {
    if n == "*" {
        "* (whole module)"
    } else {
        n
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// What an import of `target` by `m` is: a crossing, local, a built-in...
fn import_status(r: &Report, m: &Module, target: &str) -> &'static str {
    match r.module(target) {
        Some(t) if t.found == Resolved::NotFound => "not found",
        Some(t) if t.compartment.is_none() => "built-in",
        Some(t) if t.compartment == m.compartment => "same compartment",
        Some(_) => "crossing",
        None => "not found",
    }
}

/// Exports of other compartments `c` can use, by rule: (callee, exports, line).
fn reaches<'r>(r: &'r Report, c: &Compartment) -> Vec<(&'r str, String, usize)> {
    r.policy
        .rules
        .iter()
        .filter(|rule| {
            rule.callee != c.spec.name && rule.callers.iter().any(|x| x == "*" || *x == c.spec.name)
        })
        .map(|rule| {
            let exports = if rule.exports_all() {
                "* (all public names)".to_string()
            } else {
                rule.exports.join(", ")
            };
            (rule.callee.as_str(), exports, rule.line)
        })
        .collect()
}

fn verdict_text(c: &Crossing) -> String {
    match &c.verdict {
        Ok(Some(line)) => format!("allowed by the rule at line {line}"),
        Ok(None) => "allowed by the default".into(),
        Err(_) => "DENIED".into(),
    }
}

fn pad(s: &str, w: usize) -> String {
    format!("{s:<w$}")
}

/// The report as text.
pub fn text(r: &Report) -> String {
    let mut o = String::new();
    let p = &r.policy;
    let _ = writeln!(o, "policy {}", p.file.display());
    let _ = writeln!(o, "  program  {}", r.rel(&p.main));
    let path: Vec<String> = p.path.iter().map(|d| r.rel(d)).collect();
    let _ = writeln!(o, "  path     {}", path.join(", "));
    let _ = writeln!(
        o,
        "  default  {}",
        if p.default_allow {
            "allow (a crossing no [[allow]] rule names is allowed)"
        } else {
            "deny (a crossing needs an [[allow]] rule)"
        }
    );

    let _ = writeln!(o, "\ncompartments ({})", r.compartments.len());
    for c in &r.compartments {
        let origin = match (c.implied, c.spec.line) {
            (false, line) => format!("line {line}"),
            (true, _) if c.spec.modules.iter().any(|m| m == "__main__") => {
                "implied: runs the program".into()
            }
            (true, _) => "implied: a module of its own".into(),
        };
        let _ = writeln!(o, "  {}  ({origin})", c.spec.name);
        let width = c.modules.iter().map(|m| m.len()).max().unwrap_or(0);
        for (i, name) in c.modules.iter().enumerate() {
            let label = if i == 0 { "modules  " } else { "         " };
            let loc = match r.module(name) {
                Some(m) => {
                    let mut s = location(r, m);
                    if !m.reached && m.found != Resolved::NotFound {
                        s.push_str(" (not imported by the program)");
                    }
                    s
                }
                None => "(not found)".into(),
            };
            let _ = writeln!(o, "    {label}  {}  {loc}", pad(name, width));
        }
        if !c.builtins.is_empty() {
            let b: Vec<&str> = c.builtins.iter().map(String::as_str).collect();
            let _ = writeln!(o, "    built-ins  {}", b.join(", "));
        }
        let q = &c.spec.limits;
        let _ = writeln!(
            o,
            "    quotas     heap {}, steps {}, timeout {}, recursion {}",
            format_size(q.heap),
            q.steps.map_or("none".into(), |s| s.to_string()),
            q.timeout.map_or("none".into(), |t| format!("{t}s")),
            q.recursion
        );
        let _ = writeln!(o, "    on_fault   {}", c.spec.on_fault.name());
        let grants: Vec<&str> = c.spec.grants.iter().map(|g| g.name()).collect();
        let _ = writeln!(
            o,
            "    grants     {}",
            if grants.is_empty() {
                "none".to_string()
            } else {
                grants.join(", ")
            }
        );
    }

    let _ = writeln!(o, "\nimports");
    for m in &r.modules {
        if !matches!(m.found, Resolved::Source { .. }) {
            continue;
        }
        let comp = m.compartment.as_deref().unwrap_or("-");
        let _ = writeln!(o, "  {}  {}  [{comp}]", m.name, location(r, m));
        if let Some(e) = &m.error {
            let _ = writeln!(o, "    error: {e}");
        }
        let width = m.imports.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
        for (t, target) in &m.imports {
            let names: Vec<&str> = target.names.keys().map(|n| show_name(n)).collect();
            let status = import_status(r, m, t);
            let what = match status {
                "crossing" => {
                    let callee = r
                        .module(t)
                        .and_then(|x| x.compartment.as_deref())
                        .unwrap_or("?");
                    format!("-> {callee}: {}", or_none(&names))
                }
                "same compartment" => format!("same compartment: {}", or_none(&names)),
                other => other.to_string(),
            };
            let _ = writeln!(o, "    line {:<4} {}  {what}", target.line, pad(t, width));
        }
        for n in &m.notes {
            let _ = writeln!(o, "    note: {n}");
        }
    }

    let _ = writeln!(o, "\ncrossings");
    if r.edges.is_empty() {
        let _ = writeln!(o, "  none");
    }
    for e in &r.edges {
        let _ = writeln!(o, "  {} -> {}", e.caller, e.callee);
        if e.names.is_empty() {
            let _ = writeln!(o, "    (imports only, no names used)");
        }
        let width = e
            .names
            .iter()
            .map(|c| show_name(&c.name).len())
            .max()
            .unwrap_or(0);
        let vwidth = e
            .names
            .iter()
            .map(|c| verdict_text(c).len())
            .max()
            .unwrap_or(0);
        for c in &e.names {
            let _ = writeln!(
                o,
                "    {}  {}  {}",
                pad(show_name(&c.name), width),
                pad(&verdict_text(c), vwidth),
                c.uses.join(", ")
            );
        }
    }

    let _ = writeln!(o, "\nreachable exports");
    let width = r
        .compartments
        .iter()
        .map(|c| c.spec.name.len())
        .max()
        .unwrap_or(0);
    for c in &r.compartments {
        let mut items: Vec<String> = reaches(r, c)
            .into_iter()
            .map(|(callee, exports, line)| format!("{callee}: {exports} (line {line})"))
            .collect();
        if p.default_allow {
            items.push("anything else (default allow)".into());
        }
        if items.is_empty() {
            items.push("nothing".into());
        }
        for (i, item) in items.iter().enumerate() {
            let name = if i == 0 { c.spec.name.as_str() } else { "" };
            let _ = writeln!(o, "  {}  {item}", pad(name, width));
        }
    }

    let violations: Vec<_> = r.violations().collect();
    if !violations.is_empty() {
        let _ = writeln!(o, "\nVIOLATIONS ({})", violations.len());
        for (e, c) in &violations {
            let _ = writeln!(
                o,
                "  {} -> {}: {}  at {}",
                e.caller,
                e.callee,
                show_name(&c.name),
                c.uses.join(", ")
            );
            if let Err(why) = &c.verdict {
                let _ = writeln!(o, "    {why}");
            }
        }
    }
    let errors: Vec<&Module> = r.errors().collect();
    if !errors.is_empty() {
        let _ = writeln!(o, "\nERRORS ({})", errors.len());
        for m in &errors {
            let _ = writeln!(o, "  {}: {}", m.name, m.error.as_deref().unwrap_or(""));
        }
    }
    let _ = writeln!(
        o,
        "\nresult: {}, {}",
        plural(violations.len(), "violation", "violations"),
        plural(errors.len(), "error", "errors")
    );
    o
}

fn or_none(names: &[&str]) -> String {
    if names.is_empty() {
        "no names used".into()
    } else {
        names.join(", ")
    }
}

/// The report as JSON (keys sorted; arrays keep the text's order).
pub fn json(r: &Report) -> String {
    let p = &r.policy;
    let compartments: Vec<Value> = r
        .compartments
        .iter()
        .map(|c| {
            let q = &c.spec.limits;
            let modules: Vec<Value> = c
                .modules
                .iter()
                .map(|name| match r.module(name) {
                    Some(m) => json!({
                        "name": name,
                        "kind": kind(&m.found),
                        "file": file(r, &m.found),
                        "imported": m.reached,
                    }),
                    None => {
                        json!({"name": name, "kind": "not found", "file": null, "imported": false})
                    }
                })
                .collect();
            let reach: Vec<Value> = reaches(r, c)
                .into_iter()
                .map(|(callee, _, line)| {
                    let rule = p.rules.iter().find(|x| x.line == line);
                    json!({
                        "callee": callee,
                        "exports": rule.map(|x| x.exports.clone()).unwrap_or_default(),
                        "rule": line,
                    })
                })
                .collect();
            json!({
                "name": c.spec.name,
                "line": if c.implied { None } else { Some(c.spec.line) },
                "implied": c.implied,
                "modules": modules,
                "builtins": c.builtins,
                "quotas": {
                    "heap": q.heap,
                    "steps": q.steps,
                    "timeout": q.timeout,
                    "recursion": q.recursion,
                },
                "on_fault": c.spec.on_fault.name(),
                "grants": c.spec.grants.iter().map(|g| g.name()).collect::<Vec<_>>(),
                "reaches": reach,
            })
        })
        .collect();
    let modules: Vec<Value> = r
        .modules
        .iter()
        .map(|m| {
            let imports: Vec<Value> = m
                .imports
                .iter()
                .map(|(t, target)| {
                    let names: Vec<Value> = target
                        .names
                        .iter()
                        .map(|(n, lines)| json!({"name": n, "lines": lines}))
                        .collect();
                    json!({
                        "module": t,
                        "line": target.line,
                        "status": import_status(r, m, t),
                        "names": names,
                    })
                })
                .collect();
            json!({
                "name": m.name,
                "kind": kind(&m.found),
                "file": file(r, &m.found),
                "compartment": m.compartment,
                "listed": m.listed,
                "imported": m.reached,
                "imports": imports,
                "error": m.error,
                "notes": m.notes,
            })
        })
        .collect();
    let crossing = |c: &Crossing| {
        json!({
            "name": c.name,
            "uses": c.uses,
            "allowed": c.verdict.is_ok(),
            "rule": c.verdict.as_ref().ok().copied().flatten(),
            "reason": c.verdict.as_ref().err(),
        })
    };
    let edges: Vec<Value> = r
        .edges
        .iter()
        .map(|e| {
            json!({
                "caller": e.caller,
                "callee": e.callee,
                "names": e.names.iter().map(crossing).collect::<Vec<_>>(),
            })
        })
        .collect();
    let violations: Vec<Value> = r
        .violations()
        .map(|(e, c)| {
            json!({
                "caller": e.caller,
                "callee": e.callee,
                "name": c.name,
                "uses": c.uses,
                "reason": c.verdict.as_ref().err(),
            })
        })
        .collect();
    let errors: Vec<Value> = r
        .errors()
        .map(|m| json!({"module": m.name, "error": m.error}))
        .collect();
    let doc = json!({
        "policy": p.file.display().to_string(),
        "program": r.rel(&p.main),
        "path": p.path.iter().map(|d| r.rel(d)).collect::<Vec<_>>(),
        "default": if p.default_allow { "allow" } else { "deny" },
        "compartments": compartments,
        "modules": modules,
        "crossings": edges,
        "violations": violations,
        "errors": errors,
        "ok": violations.is_empty() && errors.is_empty(),
    });
    // Serializing a Value cannot fail; the fallback keeps it panic-free.
    let mut s = serde_json::to_string_pretty(&doc).unwrap_or_else(|_| "{}".into());
    s.push('\n');
    s
}
