//! Policy files: which modules share a compartment, what each compartment
//! may spend and hold, and which names of one compartment another may use.
//!
//! This module only reads and checks a policy (`docs/policy.md` is the
//! format reference); running one is the job of `capy run --policy`, and
//! `capy audit` (`audit.rs`) checks a program's imports against one.
//!
//! The file is read with the toml crate's span-keeping parser (no serde):
//! every value keeps its byte range, so every error names the line and
//! column of the key or value at fault.

use std::fmt;
use std::path::{Path, PathBuf};

mod parse;

use parse::{line_col, Parser};

/// The module name of the program a policy runs.
pub const MAIN_MODULE: &str = "__main__";
/// The compartment the program runs in when no compartment lists it.
pub const MAIN_COMPARTMENT: &str = "main";
/// The deepest recursion limit a compartment may be given (the VM's cap).
pub const MAX_RECURSION: usize = capy_vm::budget::MAX_RECURSION;

/// What happens to a compartment after a fault (as `on_fault=` of
/// `compartment.Compartment`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnFault {
    /// It keeps its state; the caller gets the error.
    Raise,
    /// It is reset before its next use.
    Restart,
}

impl OnFault {
    pub fn name(self) -> &'static str {
        match self {
            OnFault::Raise => "raise",
            OnFault::Restart => "restart",
        }
    }
}

/// An authority a compartment can be handed; none is given by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grant {
    /// Standard input (`input()`, `sys.stdin`).
    Stdin,
    /// The command line arguments (`sys.argv`).
    Argv,
    /// The full-resolution clock (otherwise whole milliseconds).
    Clock,
}

impl Grant {
    pub const ALL: [Grant; 3] = [Grant::Stdin, Grant::Argv, Grant::Clock];

    pub fn name(self) -> &'static str {
        match self {
            Grant::Stdin => "stdin",
            Grant::Argv => "argv",
            Grant::Clock => "clock",
        }
    }

    fn from_name(s: &str) -> Option<Grant> {
        Grant::ALL.into_iter().find(|g| g.name() == s)
    }
}

/// The budgets of one compartment.
#[derive(Clone, Debug, PartialEq)]
pub struct Quotas {
    /// Heap quota in bytes.
    pub heap: usize,
    /// Steps (loop iterations, calls) one crossing may spend.
    pub steps: Option<u64>,
    /// Seconds one crossing may run.
    pub timeout: Option<f64>,
    /// Nesting depth of its frames (at most [`MAX_RECURSION`]).
    pub recursion: usize,
}

/// One `[compartments.NAME]` table, or an implied compartment.
#[derive(Clone, Debug, PartialEq)]
pub struct CompartmentSpec {
    pub name: String,
    /// Modules loaded into it (they share its heap), in the file's order.
    pub modules: Vec<String>,
    pub limits: Quotas,
    pub on_fault: OnFault,
    pub grants: Vec<Grant>,
    /// Line of its table header; 0 for an implied compartment.
    pub line: usize,
}

/// One `[[allow]]` rule: `callers` may use `exports` of `callee`.
#[derive(Clone, Debug, PartialEq)]
pub struct Rule {
    pub callee: String,
    /// Global names of the callee's modules, or `"*"`: all public names
    /// (those not starting with `_`) and the module objects themselves.
    pub exports: Vec<String>,
    /// Compartment names, or `"*"`: every other compartment.
    pub callers: Vec<String>,
    /// Line of its `[[allow]]` header.
    pub line: usize,
}

/// A checked policy file. Paths are resolved against the policy's folder.
#[derive(Clone, Debug, PartialEq)]
pub struct Policy {
    /// The policy file, as it was named.
    pub file: PathBuf,
    /// The program (`[app] main`).
    pub main: PathBuf,
    /// The module search path (`[app] path`, or main's folder).
    pub path: Vec<PathBuf>,
    /// `[app] default = "allow"`: crossings no rule names are allowed.
    pub default_allow: bool,
    /// The declared compartments, in file order. The implied ones (the
    /// main compartment when none lists `__main__`, and one per unlisted
    /// module) are not here: see [`Policy::spec`].
    pub compartments: Vec<CompartmentSpec>,
    pub rules: Vec<Rule>,
    /// `[defaults]`: the limits of compartments that do not set their own.
    pub defaults: Quotas,
    pub default_on_fault: OnFault,
}

/// Why a policy file was refused. `Display` gives `FILE:LINE:COL: message`
/// (`FILE: message` when the file could not be read).
#[derive(Clone, Debug, PartialEq)]
pub enum PolicyError {
    /// The file could not be read.
    Read { file: PathBuf, message: String },
    /// Not TOML; the message and position are the toml parser's.
    Syntax {
        file: PathBuf,
        line: usize,
        col: usize,
        message: String,
    },
    /// TOML, but not a valid policy.
    Invalid {
        file: PathBuf,
        line: usize,
        col: usize,
        message: String,
    },
}

impl fmt::Display for PolicyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PolicyError::Read { file, message } => write!(f, "{}: {message}", file.display()),
            PolicyError::Syntax {
                file,
                line,
                col,
                message,
            }
            | PolicyError::Invalid {
                file,
                line,
                col,
                message,
            } => write!(f, "{}:{line}:{col}: {message}", file.display()),
        }
    }
}

impl std::error::Error for PolicyError {}

impl Policy {
    /// Reads and checks the policy file at `path`.
    pub fn load(path: &Path) -> Result<Policy, PolicyError> {
        let bytes = std::fs::read(path).map_err(|e| PolicyError::Read {
            file: path.to_path_buf(),
            message: format!("can't read the policy: {e}"),
        })?;
        let text = String::from_utf8(bytes).map_err(|e| {
            let at = e.utf8_error().valid_up_to();
            let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
            let (line, col) = line_col(&text, at);
            PolicyError::Syntax {
                file: path.to_path_buf(),
                line,
                col,
                message: "the policy is not UTF-8 text".into(),
            }
        })?;
        Policy::parse(&text, path)
    }

    /// Checks the policy text `text`; `file` names it in errors and is the
    /// base of its relative paths.
    pub fn parse(text: &str, file: &Path) -> Result<Policy, PolicyError> {
        Parser { text, file }.policy()
    }

    /// The compartment `module` goes to: the one listing it, else the
    /// main compartment for `__main__`, else one named after the module
    /// (which is a declared compartment if one has that name).
    pub fn compartment_of(&self, module: &str) -> String {
        if let Some(c) = self.compartments.iter().find(|c| c.has_module(module)) {
            return c.name.clone();
        }
        if module == MAIN_MODULE {
            return MAIN_COMPARTMENT.to_string();
        }
        module.to_string()
    }

    /// The compartment named `name`: a declared one, or the one the policy
    /// implies by that name — the main compartment (modules `__main__`,
    /// the defaults but the command line's default heap) or a module's own
    /// (that module, the defaults).
    pub fn spec(&self, name: &str) -> CompartmentSpec {
        if let Some(c) = self.compartments.iter().find(|c| c.name == name) {
            return c.clone();
        }
        let mut limits = self.defaults.clone();
        let module = if name == MAIN_COMPARTMENT && !self.lists(MAIN_MODULE) {
            limits.heap = capy_vm::Limits::default().heap_bytes;
            MAIN_MODULE
        } else {
            name
        };
        CompartmentSpec {
            name: name.to_string(),
            modules: vec![module.to_string()],
            limits,
            on_fault: self.default_on_fault,
            grants: Vec::new(),
            line: 0,
        }
    }

    /// Whether some declared compartment lists `module`.
    pub fn lists(&self, module: &str) -> bool {
        self.compartments.iter().any(|c| c.has_module(module))
    }

    /// Whether compartment `caller` may use export `name` of compartment
    /// `callee`: `Ok(Some(line))` if the `[[allow]]` rule at that line
    /// allows it, `Ok(None)` if no rule is needed (the same compartment)
    /// or the default allows it, `Err(why not)` otherwise. `name` `"*"`
    /// stands for the module object itself (or `from m import *`), which
    /// only `exports = ["*"]` allows.
    pub fn check(&self, caller: &str, callee: &str, name: &str) -> Result<Option<usize>, String> {
        if caller == callee {
            return Ok(None);
        }
        let for_callee: Vec<&Rule> = self.rules.iter().filter(|r| r.callee == callee).collect();
        let allowing = for_callee.iter().find(|r| {
            r.callers.iter().any(|c| c == "*" || c == caller)
                && r.exports
                    .iter()
                    .any(|e| e == name || (e == "*" && !name.starts_with('_')))
        });
        if let Some(r) = allowing {
            return Ok(Some(r.line));
        }
        if self.default_allow {
            return Ok(None);
        }
        let rules = match for_callee.as_slice() {
            [] => format!("no rules for '{callee}'"),
            [one] => format!("rules for '{callee}': line {}", one.line),
            many => {
                let lines: Vec<String> = many.iter().map(|r| r.line.to_string()).collect();
                format!("rules for '{callee}': lines {}", lines.join(", "))
            }
        };
        let private = if name.starts_with('_') && for_callee.iter().any(|r| r.exports_all()) {
            "; '*' covers public names only"
        } else {
            ""
        };
        let what = if name == "*" {
            format!("all of '{callee}'")
        } else {
            format!("'{callee}.{name}'")
        };
        Err(format!(
            "policy {}: no [[allow]] rule lets '{caller}' use {what} ({rules}{private})",
            self.file.display()
        ))
    }
}

impl CompartmentSpec {
    pub fn has_module(&self, module: &str) -> bool {
        self.modules.iter().any(|m| m == module)
    }
}

impl Rule {
    /// `exports = ["*"]`.
    pub fn exports_all(&self) -> bool {
        self.exports.iter().any(|e| e == "*")
    }
}

#[cfg(test)]
mod tests;
