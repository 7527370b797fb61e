//! `capy audit POLICY.toml [--json]`: what a policy lets a program do,
//! found without running anything.
//!
//! The audit finds the program's modules on the policy's search path,
//! compiles each (never runs it), reads its imports and the names it uses
//! of each imported module from the bytecode (`imports.rs`), maps modules
//! to compartments as the policy does, and checks every name used across
//! compartments against the policy's rules. The report (`audit_report.rs`)
//! is text or JSON; the exit status is 0 when every crossing is allowed
//! and every module could be read, 1 otherwise, 2 for a malformed policy.

use crate::imports::{self, Kind, Use};
use crate::policy::{CompartmentSpec, Policy, MAIN_MODULE};
use capy_compiler::encoding::{decode_source, DecodeError, SourceOrigin};
use capy_compiler::{CompileError, Mode};
use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Where a module name leads on the policy's search path.
#[derive(Clone, Debug, PartialEq)]
pub enum Resolved {
    /// A `.py` file, or a package's `__init__.py`.
    Source {
        file: PathBuf,
        package: bool,
    },
    /// A folder without `__init__.py`.
    Namespace {
        dir: PathBuf,
    },
    /// One of capy's native modules.
    Builtin,
    NotFound,
}

impl Resolved {
    /// Something `import` would bind to a module object of the path.
    fn is_module(&self) -> bool {
        matches!(self, Resolved::Source { .. } | Resolved::Namespace { .. })
    }
}

/// What one module imports of another, by name.
#[derive(Debug, Default)]
pub struct Target {
    /// Line of the first statement that imports it (or leads to it).
    pub line: u32,
    /// Names used, each with the lines that use it; `"*"` is the module
    /// object itself or `from m import *`.
    pub names: BTreeMap<String, BTreeSet<u32>>,
}

#[derive(Debug)]
pub struct Module {
    pub name: String,
    pub found: Resolved,
    /// Named in some compartment's `modules`.
    pub listed: bool,
    /// Imported, directly or not, by the program.
    pub reached: bool,
    /// Its compartment; None for a built-in no compartment lists (each
    /// compartment has its own copy of those) and for a missing module.
    pub compartment: Option<String>,
    /// Imported modules by name, in the order first imported.
    pub imports: Vec<(String, Target)>,
    /// Why it could not be read or compiled.
    pub error: Option<String>,
    /// Import statements that will fail when they run.
    pub notes: Vec<String>,
}

/// One name used across compartments and the policy's verdict.
#[derive(Debug)]
pub struct Crossing {
    pub name: String,
    /// `FILE:LINE` of each use, FILE relative to the policy's folder.
    pub uses: Vec<String>,
    /// `Ok(Some(line))`: allowed by the rule at that line; `Ok(None)`: by
    /// the default; `Err`: denied, and why.
    pub verdict: Result<Option<usize>, String>,
}

#[derive(Debug)]
pub struct Edge {
    pub caller: String,
    pub callee: String,
    /// Empty when the callee's modules are imported but no name is used.
    pub names: Vec<Crossing>,
}

/// One compartment as the audit sees it: its spec (declared or implied)
/// and the modules found in it.
#[derive(Debug)]
pub struct Compartment {
    pub spec: CompartmentSpec,
    pub implied: bool,
    /// Listed modules first (in the policy's order), then the others
    /// that map to it.
    pub modules: Vec<String>,
    /// Built-in modules its modules import (its own copies).
    pub builtins: BTreeSet<String>,
}

#[derive(Debug)]
pub struct Report {
    pub policy: Policy,
    /// The policy's folder: report paths are relative to it.
    pub base: PathBuf,
    pub compartments: Vec<Compartment>,
    /// In the order found: the program, what it imports (breadth first),
    /// then listed modules it does not import.
    pub modules: Vec<Module>,
    pub edges: Vec<Edge>,
}

impl Report {
    pub fn module(&self, name: &str) -> Option<&Module> {
        self.modules.iter().find(|m| m.name == name)
    }

    /// Denied crossings, in edge order.
    pub fn violations(&self) -> impl Iterator<Item = (&Edge, &Crossing)> {
        self.edges
            .iter()
            .flat_map(|e| e.names.iter().map(move |c| (e, c)))
            .filter(|(_, c)| c.verdict.is_err())
    }

    pub fn errors(&self) -> impl Iterator<Item = &Module> {
        self.modules.iter().filter(|m| m.error.is_some())
    }

    /// `p` relative to the policy's folder, as the report shows paths.
    pub fn rel(&self, p: &Path) -> String {
        rel(&self.base, p)
    }
}

fn rel(base: &Path, p: &Path) -> String {
    let p = p.strip_prefix(base).unwrap_or(p);
    // `./lib` and `lib` are the same folder; show the shorter.
    let p: PathBuf = p
        .components()
        .skip_while(|c| matches!(c, std::path::Component::CurDir))
        .collect();
    if p.as_os_str().is_empty() {
        ".".into()
    } else {
        p.to_string_lossy().into_owned()
    }
}

/// capy's native modules, importable without a file.
fn native_modules() -> BTreeSet<String> {
    capy_vm::modules::NATIVE
        .iter()
        .chain(capy_vm::modules::frozen::STDLIB)
        .map(|(k, _)| k.to_string())
        .collect()
}

struct Resolver<'a> {
    path: &'a [PathBuf],
    natives: BTreeSet<String>,
    cache: HashMap<String, Resolved>,
}

impl Resolver<'_> {
    /// Finds `full` as the VM's import would: a native module first, then
    /// each component in the folders of the one before (the search path
    /// for the first): a package, a `.py` file, or a namespace folder.
    fn resolve(&mut self, full: &str) -> Resolved {
        if let Some(f) = self.cache.get(full) {
            return f.clone();
        }
        let found = self.find(full);
        self.cache.insert(full.to_string(), found.clone());
        found
    }

    fn find(&self, full: &str) -> Resolved {
        if self.natives.contains(full) {
            return Resolved::Builtin;
        }
        let mut dirs: Vec<PathBuf> = self.path.to_vec();
        let mut found = Resolved::NotFound;
        for (i, part) in full.split('.').enumerate() {
            // A native module has no submodules.
            if part.is_empty() || (i == 0 && self.natives.contains(part)) {
                return Resolved::NotFound;
            }
            let hit = dirs.iter().find_map(|d| {
                let sub = d.join(part);
                let init = sub.join("__init__.py");
                let file = d.join(format!("{part}.py"));
                if init.is_file() {
                    Some((
                        Resolved::Source {
                            file: init,
                            package: true,
                        },
                        vec![sub],
                    ))
                } else if file.is_file() {
                    Some((
                        Resolved::Source {
                            file,
                            package: false,
                        },
                        Vec::new(),
                    ))
                } else if sub.is_dir() {
                    Some((Resolved::Namespace { dir: sub.clone() }, vec![sub]))
                } else {
                    None
                }
            });
            match hit {
                Some((f, sub)) => {
                    found = f;
                    dirs = sub;
                }
                None => return Resolved::NotFound,
            }
        }
        found
    }
}

/// Builds the report for `policy`: reads and compiles modules, runs nothing.
pub fn audit(policy: Policy) -> Report {
    let base = policy
        .file
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let path = policy.path.clone();
    let mut res = Resolver {
        path: &path,
        natives: native_modules(),
        cache: HashMap::new(),
    };
    let mut modules: Vec<Module> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    // The program's imports first (reached), then listed modules it does
    // not import: a listed module may still be loaded another way.
    let mut queue: VecDeque<(String, bool)> = VecDeque::new();
    queue.push_back((MAIN_MODULE.to_string(), true));
    let listed: Vec<String> = policy
        .compartments
        .iter()
        .flat_map(|c| c.modules.iter().cloned())
        .collect();
    let mut seeded = false;
    loop {
        let Some((name, reached)) = queue.pop_front() else {
            if seeded {
                break;
            }
            seeded = true;
            queue.extend(listed.iter().map(|m| (m.clone(), false)));
            continue;
        };
        if let Some(&i) = index.get(&name) {
            modules[i].reached |= reached;
            continue;
        }
        let found = if name == MAIN_MODULE {
            Resolved::Source {
                file: policy.main.clone(),
                package: false,
            }
        } else {
            res.resolve(&name)
        };
        let mut m = Module {
            listed: policy.lists(&name),
            compartment: None,
            name: name.clone(),
            found,
            reached,
            imports: Vec::new(),
            error: None,
            notes: Vec::new(),
        };
        m.compartment = match m.found {
            Resolved::Builtin if !m.listed => None,
            Resolved::NotFound => None,
            _ => Some(policy.compartment_of(&name)),
        };
        if let Resolved::Source { file, package } = &m.found {
            let package_name = if *package {
                name.clone()
            } else if name == MAIN_MODULE {
                String::new()
            } else {
                name.rsplit_once('.')
                    .map(|(p, _)| p.to_string())
                    .unwrap_or_default()
            };
            let origin = if name == MAIN_MODULE {
                SourceOrigin::Script
            } else {
                SourceOrigin::Import
            };
            match compile(file, &rel(&base, file), origin) {
                Ok(code) => {
                    let scan = imports::scan(&code, &package_name);
                    m.notes = scan.notes;
                    for imp in scan.imports {
                        record(&mut m, imp, &mut res, &mut |n| {
                            queue.push_back((n, reached))
                        });
                    }
                    // `from . import sub` in a package's __init__ names
                    // the package itself: not an import of another module.
                    m.imports.retain(|(t, _)| *t != name);
                }
                Err(e) => m.error = Some(e),
            }
        }
        index.insert(name, modules.len());
        modules.push(m);
    }
    let compartments = compartments(&policy, &modules);
    let edges = edges(&policy, &base, &modules, &compartments);
    Report {
        policy,
        base,
        compartments,
        modules,
        edges,
    }
}

/// Reads and compiles a module; the error names the file as `shown`.
fn compile(
    file: &Path,
    shown: &str,
    origin: SourceOrigin,
) -> Result<std::rc::Rc<capy_compiler::Code>, String> {
    let bytes = std::fs::read(file).map_err(|e| format!("{shown}: can't read: {e}"))?;
    let at = |e: CompileError| {
        format!(
            "{shown}:{}:{}: {}: {}",
            e.line,
            e.col,
            e.kind.exception_name(),
            e.msg
        )
    };
    let src = match decode_source(&bytes, shown, origin) {
        Ok(s) => s,
        Err(DecodeError::Plain(msg)) => return Err(format!("{shown}: SyntaxError: {msg}")),
        Err(DecodeError::At(e)) => return Err(at(e)),
    };
    capy_compiler::compile(&src, shown, Mode::Exec).map_err(at)
}

/// Adds what statement `imp` imports to `m.imports`, and every module it
/// loads to `load` (to be scanned in turn).
fn record(m: &mut Module, imp: imports::Import, res: &mut Resolver, load: &mut dyn FnMut(String)) {
    let line = imp.line;
    match imp.kind {
        Kind::Module {
            module,
            bound,
            uses,
        } => {
            load_chain(&module, load);
            target(m, &module, line);
            follow(m, &bound, &uses, res, line);
        }
        Kind::From { module, names } => {
            load_chain(&module, load);
            target(m, &module, line);
            for n in names {
                let sub = format!("{module}.{}", n.name);
                // `from pkg import sub` binds the submodule when pkg has
                // no such global: its uses are read like `import pkg.sub`'s.
                if res.resolve(&module).is_module() && res.resolve(&sub).is_module() {
                    load(sub.clone());
                    target(m, &sub, line);
                    follow(m, &sub, &n.uses, res, line);
                } else {
                    use_name(m, &module, &n.name, line);
                }
            }
        }
        Kind::Star { module } => {
            load_chain(&module, load);
            use_name(m, &module, "*", line);
        }
    }
}

/// `import a.b.c` runs a, then a.b, then a.b.c.
fn load_chain(module: &str, load: &mut dyn FnMut(String)) {
    let mut prefix = String::new();
    for part in module.split('.') {
        if !prefix.is_empty() {
            prefix.push('.');
        }
        prefix.push_str(part);
        load(prefix.clone());
    }
}

fn target<'m>(m: &'m mut Module, module: &str, line: u32) -> &'m mut Target {
    let i = match m.imports.iter().position(|(n, _)| n == module) {
        Some(i) => i,
        None => {
            m.imports.push((
                module.to_string(),
                Target {
                    line,
                    names: BTreeMap::new(),
                },
            ));
            m.imports.len() - 1
        }
    };
    &mut m.imports[i].1
}

fn use_name(m: &mut Module, module: &str, name: &str, line: u32) {
    target(m, module, line)
        .names
        .entry(name.to_string())
        .or_default()
        .insert(line);
}

/// Each use of a name bound to module `bound`: attributes that are
/// submodules lead on to them; the first that is not is a name used of
/// the module reached; a chain that ends on a module uses it whole.
/// `line` is the import statement's, for modules first reached this way.
fn follow(m: &mut Module, bound: &str, uses: &[Use], res: &mut Resolver, line: u32) {
    for u in uses {
        let mut cur = bound.to_string();
        let mut name = "*";
        for a in &u.attrs {
            let sub = format!("{cur}.{a}");
            if res.resolve(&sub).is_module() {
                cur = sub;
            } else {
                name = a;
                break;
            }
        }
        target(m, &cur, line)
            .names
            .entry(name.to_string())
            .or_default()
            .insert(u.line);
    }
}

/// The compartments in report order: declared ones in file order, then
/// the implied main compartment, then implied per-module ones by name.
fn compartments(policy: &Policy, modules: &[Module]) -> Vec<Compartment> {
    let mut out: Vec<Compartment> = policy
        .compartments
        .iter()
        .map(|c| Compartment {
            spec: c.clone(),
            implied: false,
            modules: c.modules.clone(),
            builtins: BTreeSet::new(),
        })
        .collect();
    let mut implied: BTreeSet<&str> = BTreeSet::new();
    for m in modules {
        if let Some(c) = &m.compartment {
            if !out.iter().any(|x| &x.spec.name == c) {
                implied.insert(c);
            }
        }
    }
    let main = crate::policy::MAIN_COMPARTMENT;
    let mut names: Vec<&str> = implied.iter().copied().filter(|&c| c == main).collect();
    names.extend(implied.iter().copied().filter(|&c| c != main));
    for name in names {
        out.push(Compartment {
            spec: policy.spec(name),
            implied: true,
            modules: Vec::new(),
            builtins: BTreeSet::new(),
        });
    }
    let mut extra: Vec<&Module> = modules.iter().filter(|m| !m.listed).collect();
    extra.sort_by(|a, b| a.name.cmp(&b.name));
    for m in extra {
        if let Some(c) = out
            .iter_mut()
            .find(|c| Some(&c.spec.name) == m.compartment.as_ref())
        {
            if !c.modules.contains(&m.name) {
                c.modules.push(m.name.clone());
            }
        }
    }
    for m in modules {
        let Some(c) = out
            .iter_mut()
            .find(|c| Some(&c.spec.name) == m.compartment.as_ref())
        else {
            continue;
        };
        for (t, _) in &m.imports {
            let local_builtin = modules
                .iter()
                .any(|x| &x.name == t && x.found == Resolved::Builtin && x.compartment.is_none());
            if local_builtin {
                c.builtins.insert(t.clone());
            }
        }
    }
    out
}

/// The names used across compartments, with the policy's verdicts.
fn edges(policy: &Policy, base: &Path, modules: &[Module], comps: &[Compartment]) -> Vec<Edge> {
    let order = |c: &str| {
        comps
            .iter()
            .position(|x| x.spec.name == c)
            .unwrap_or(usize::MAX)
    };
    let by_name: HashMap<&str, &Module> = modules.iter().map(|m| (m.name.as_str(), m)).collect();
    // (caller index, callee index) -> name -> uses.
    type Names = BTreeMap<String, BTreeSet<(String, u32)>>;
    let mut map: BTreeMap<(usize, usize), (String, String, Names)> = BTreeMap::new();
    for m in modules {
        let Some(caller) = &m.compartment else {
            continue;
        };
        let file = match &m.found {
            Resolved::Source { file, .. } => rel(base, file),
            _ => m.name.clone(),
        };
        for (t, target) in &m.imports {
            let Some(callee) = by_name.get(t.as_str()).and_then(|x| x.compartment.as_ref()) else {
                continue;
            };
            if callee == caller {
                continue;
            }
            let entry = map
                .entry((order(caller), order(callee)))
                .or_insert_with(|| (caller.clone(), callee.clone(), BTreeMap::new()));
            for (name, lines) in &target.names {
                let uses = entry.2.entry(name.clone()).or_default();
                uses.extend(lines.iter().map(|&l| (file.clone(), l)));
            }
        }
    }
    map.into_values()
        .map(|(caller, callee, names)| Edge {
            names: names
                .into_iter()
                .map(|(name, uses)| Crossing {
                    verdict: policy.check(&caller, &callee, &name),
                    uses: uses.into_iter().map(|(f, l)| format!("{f}:{l}")).collect(),
                    name,
                })
                .collect(),
            caller,
            callee,
        })
        .collect()
}

const AUDIT_USAGE: &str = "usage: capy audit POLICY.toml [--json]";

/// `capy audit` from the command line.
pub fn main(args: &[String]) -> ExitCode {
    let mut file = None;
    let mut json = false;
    for a in args {
        match a.as_str() {
            "--json" => json = true,
            "-h" | "--help" => {
                println!("{AUDIT_USAGE}\n\n{}", crate::audit_report::HELP);
                return ExitCode::SUCCESS;
            }
            s if s.starts_with('-') => {
                eprintln!("capy audit: unknown option {s}\n{AUDIT_USAGE}");
                return ExitCode::from(2);
            }
            s if file.is_none() => file = Some(PathBuf::from(s)),
            s => {
                eprintln!("capy audit: unexpected argument {s}\n{AUDIT_USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let Some(file) = file else {
        eprintln!("capy audit: a policy file is needed\n{AUDIT_USAGE}");
        return ExitCode::from(2);
    };
    let policy = match Policy::load(&file) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    // The compiler's recursion is bounded, but deep sources still want
    // the stack the interpreter thread has.
    let worker = std::thread::Builder::new()
        .stack_size(crate::STACK_BYTES)
        .spawn(move || {
            let report = audit(policy);
            let text = if json {
                crate::audit_report::json(&report)
            } else {
                crate::audit_report::text(&report)
            };
            let clean = report.violations().next().is_none() && report.errors().next().is_none();
            (text, clean)
        });
    match worker.map(|h| h.join()) {
        Ok(Ok((text, clean))) => {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            if out
                .write_all(text.as_bytes())
                .and_then(|_| out.flush())
                .is_err()
            {
                return ExitCode::from(1);
            }
            if clean {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        _ => {
            eprintln!("capy audit: internal error");
            ExitCode::from(70)
        }
    }
}
