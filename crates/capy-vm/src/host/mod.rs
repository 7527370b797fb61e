//! What of the host operating system an instance reaches: its file system
//! ([`fs`]) and its environment variables ([`EnvView`]).
//!
//! | instance | file system | environment |
//! | --- | --- | --- |
//! | the user's program (`capy FILE`) | all of it, as the process | all of it |
//! | `capy --sandbox FILE` | what `--allow-read`/`--allow-write` name | what `--allow-env` names |
//! | a compartment | the `compartment.Dir`s it is granted | none |
//!
//! Everything that touches a path or a variable asks here first; a refusal
//! becomes a `PermissionError` naming the path (or variable) and, in a
//! sandbox, the flag that would allow it.

pub mod fs;

use crate::errors::ExcKind;
use crate::modules::file::core::FileCore;
use crate::value::Value;
use crate::vm::Vm;
use crate::{PyErr, PyResult};
use fs::{Access, Confinement, FsView, Target};
use std::cell::RefCell;
use std::io;
use std::rc::Weak;

/// Which environment variables an instance reads and writes.
#[derive(Clone, Debug, Default)]
pub enum EnvView {
    #[default]
    All,
    /// These names only (`--allow-env=A,B`).
    Only(Vec<String>),
    /// None (a sandbox without `--allow-env`, a compartment).
    Nothing(Confinement),
}

impl EnvView {
    pub fn allows(&self, name: &str) -> bool {
        match self {
            EnvView::All => true,
            EnvView::Only(names) => names.iter().any(|n| n == name),
            EnvView::Nothing(_) => false,
        }
    }

    /// The names of the variables the instance can see that are set.
    pub fn visible(&self) -> Vec<(String, String)> {
        std::env::vars_os()
            .filter_map(|(k, v)| Some((k.into_string().ok()?, v.into_string().ok()?)))
            .filter(|(k, _)| self.allows(k))
            .collect()
    }
}

/// The host view of one instance.
pub struct Host {
    pub fs: FsView,
    pub env: EnvView,
    /// Standard input (`input()`, `sys.stdin`): refused under `--sandbox`
    /// without `--allow-stdin`. (A compartment's is its authority bit.)
    pub stdin: bool,
    /// The files this instance opened that may still hold unwritten data.
    pub files: Vec<Weak<RefCell<FileCore>>>,
}

impl Default for Host {
    fn default() -> Host {
        Host::ambient()
    }
}

impl Host {
    fn new(fs: FsView, env: EnvView, stdin: bool) -> Host {
        Host {
            fs,
            env,
            stdin,
            files: Vec::new(),
        }
    }

    /// The user's own program: everything.
    pub fn ambient() -> Host {
        Host::new(FsView::Ambient, EnvView::All, true)
    }

    /// A compartment's start: nothing.
    pub fn compartment() -> Host {
        Host::new(
            FsView::none(Confinement::Compartment),
            EnvView::Nothing(Confinement::Compartment),
            true,
        )
    }
}

/// What `capy --sandbox` gives back, flag by flag.
#[derive(Clone, Debug, Default)]
pub struct SandboxSpec {
    pub read: Vec<std::path::PathBuf>,
    pub write: Vec<std::path::PathBuf>,
    /// `--allow-env` (None: not given; empty: every variable).
    pub env: Option<Vec<String>>,
    pub stdin: bool,
}

impl SandboxSpec {
    /// A sandbox with nothing given back.
    pub fn deny_all(&self) -> Host {
        Host::new(
            FsView::none(Confinement::Sandbox),
            EnvView::Nothing(Confinement::Sandbox),
            false,
        )
    }

    /// The view the spec describes; a named path that cannot be opened is
    /// an error for the command line to report.
    pub fn build(&self) -> Result<Host, String> {
        let mut view = FsView::none(Confinement::Sandbox);
        let both = self.read.iter().map(|p| (p, false));
        for (p, write) in both.chain(self.write.iter().map(|p| (p, true))) {
            let d = fs::DirCap::open(p, write).map_err(|e| {
                let flag = if write {
                    "--allow-write"
                } else {
                    "--allow-read"
                };
                format!("{flag}={}: {}", p.display(), errno_text(&e))
            })?;
            view.grant(std::rc::Rc::new(d));
        }
        let env = match &self.env {
            None => EnvView::Nothing(Confinement::Sandbox),
            Some(names) if names.is_empty() => EnvView::All,
            Some(names) => EnvView::Only(names.clone()),
        };
        Ok(Host::new(view, env, self.stdin))
    }
}

/// The C library's text for an error, without Rust's "(os error N)".
pub fn errno_text(e: &io::Error) -> String {
    let s = e.to_string();
    match s.rfind(" (os error ") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// The `OSError` subclass CPython raises for `errno`.
fn kind_of(errno: i32) -> ExcKind {
    match errno {
        2 => ExcKind::FileNotFoundError,
        1 | 13 => ExcKind::PermissionError,
        17 => ExcKind::FileExistsError,
        20 => ExcKind::NotADirectoryError,
        21 => ExcKind::IsADirectoryError,
        4 => ExcKind::InterruptedError,
        11 => ExcKind::BlockingIOError,
        32 => ExcKind::BrokenPipeError,
        _ => ExcKind::OSError,
    }
}

/// `OSError(errno, strerror)` of the right subclass, with `filename`
/// and `filename2` set as CPython sets them.
pub fn raise(
    vm: &mut Vm,
    errno: i32,
    strerror: &str,
    file: Option<&str>,
    file2: Option<&str>,
) -> PyErr {
    let class = vm.exc_class(kind_of(errno));
    let msg = match vm.new_str(strerror) {
        Ok(s) => s,
        Err(e) => return e,
    };
    let e = vm.new_exception(class, vec![Value::Int(errno as i64), msg]);
    for (attr, f) in [("filename", file), ("filename2", file2)] {
        let Some(f) = f else { continue };
        let v = match vm.new_str(f) {
            Ok(v) => v,
            Err(err) => return err,
        };
        let key = vm.intern(attr);
        if let Err(err) = vm.generic_setattr(e.value(), key, v) {
            return err;
        }
    }
    e
}

/// An I/O failure on `file` as the `OSError` CPython raises.
pub fn io_error(vm: &mut Vm, e: &io::Error, file: Option<&str>) -> PyErr {
    io_error2(vm, e, file, None)
}

pub fn io_error2(vm: &mut Vm, e: &io::Error, file: Option<&str>, file2: Option<&str>) -> PyErr {
    match e.raw_os_error() {
        Some(n) => raise(vm, n, &errno_text(e), file, file2),
        // cap-std's refusal of a path that leads out of its directory.
        None if e.kind() == io::ErrorKind::PermissionDenied => raise(
            vm,
            13,
            "Permission denied (the path leads out of the granted directory)",
            file,
            file2,
        ),
        None => raise(vm, 5, &errno_text(e), file, file2),
    }
}

/// A path out of reach.
pub fn denied(vm: &mut Vm, d: &fs::Denied, file: &str) -> PyErr {
    raise(vm, 13, &d.to_string(), Some(file), None)
}

impl Host {
    /// Remembers a file that was opened, for [`Host::flush_files`].
    pub fn track(&mut self, f: &std::rc::Rc<RefCell<FileCore>>) {
        self.files.retain(|w| w.strong_count() > 0);
        self.files.push(std::rc::Rc::downgrade(f));
    }

    /// Writes out what every file still open holds. A file object nobody
    /// refers to any more keeps its data until it is collected, where
    /// CPython's reference counting writes it out at once; so that
    /// `open(p, "w").write(s)` followed by reading `p` sees `s`, every
    /// operation on a path writes out pending data first.
    pub fn flush_files(&mut self) {
        self.files.retain(|w| match w.upgrade() {
            Some(f) => {
                if let Ok(mut f) = f.try_borrow_mut() {
                    let _ = f.flush();
                }
                true
            }
            None => false,
        });
    }
}

/// Where `path` leads in the running instance for `access`, or the
/// `PermissionError` that refuses it.
pub fn resolve(vm: &mut Vm, path: &str, access: Access) -> PyResult<Target> {
    vm.comp.host.flush_files();
    match vm.comp.host.fs.resolve(path, access) {
        Ok(t) => Ok(t),
        Err(d) => Err(denied(vm, &d, path)),
    }
}

/// The value of environment variable `name`, or PermissionError when the
/// instance may not read it.
pub fn getenv(vm: &mut Vm, name: &str) -> PyResult<Option<String>> {
    require_env(vm, name)?;
    Ok(std::env::var_os(name).and_then(|v| v.into_string().ok()))
}

/// PermissionError unless the instance may read and write `name`.
pub fn require_env(vm: &mut Vm, name: &str) -> PyResult<()> {
    let why = match &vm.comp.host.env {
        v if v.allows(name) => return Ok(()),
        EnvView::Nothing(Confinement::Compartment) => {
            "the environment is not granted to this compartment".to_string()
        }
        _ => format!("run capy with --allow-env={name} to allow it"),
    };
    Err(vm.error(
        ExcKind::PermissionError,
        format!("environment variable '{name}' is out of reach ({why})"),
    ))
}
