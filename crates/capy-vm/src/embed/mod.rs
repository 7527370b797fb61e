//! Embedding capy in a Rust program: run code you did not write, with
//! limits on by default.
//!
//! ```
//! use capy_vm::embed::{HostError, HostValue, Sandbox};
//!
//! let mut sb = Sandbox::builder("main")
//!     .heap(64 << 20)
//!     .grant_fn("shout", |args, _kw| match args {
//!         [HostValue::Str(s)] => Ok(HostValue::Str(s.to_uppercase())),
//!         _ => Err(HostError::new("TypeError", "shout() takes one str")),
//!     })
//!     .build();
//! assert_eq!(sb.run("x = 20\nx + 22").unwrap(), HostValue::from(42));
//! assert_eq!(sb.run("shout('hi')").unwrap(), HostValue::from("HI"));
//! let e = sb.run("1 / 0").unwrap_err();
//! assert_eq!(e.kind.name(), "ZeroDivisionError");
//! sb.run("print('out')").unwrap();
//! assert_eq!(sb.output(), "out\n");
//! ```
//!
//! A [`Sandbox`] is one interpreter instance confined as a compartment is
//! (compartment/authority.rs): no files, no environment, no process, only
//! the modules that reach nothing outside, plus what the host grants (host
//! functions and values, as globals). Its heap, time, step and recursion
//! limits apply to every [`Sandbox::run`] and [`Sandbox::call`] separately;
//! an exceeded limit is an [`EmbedError`] of its own kind, and the sandbox
//! stays usable after any error. State persists between runs until
//! [`Sandbox::reset`].
//!
//! Threads: a `Sandbox` is bound to the thread that made it (the
//! interpreter shares its frozen built-ins per thread, base.rs), so it is
//! neither `Send` nor `Sync`. Sandboxes on different threads run in
//! parallel; a host that drives sandboxes from several threads gives each
//! one a thread that owns it (what the `capy` Python module does).
//!
//! | file | holds |
//! | --- | --- |
//! | `mod.rs` | [`Sandbox`], its [`Builder`], errors and output |
//! | `value.rs` | [`HostValue`] and the conversions both ways |
//! | `host.rs` | granted host functions and the table of opaque handles |
//! | `tape.rs` | the readings of the world (clocks, entropy) a host records and replays |
//! | `snapshot.rs` | the authenticated, versioned byte format of a host's record of a sandbox |

mod host;
pub mod snapshot;
pub mod tape;
pub mod value;

#[cfg(test)]
mod tests;

pub use host::{builtin_exception, suspended, State};
pub use tape::Tape;
pub use value::HostValue;

use crate::budget::Limits;
use crate::errors::ExcKind;
use crate::value::Value;
use crate::vm::{Output, Vm};
use crate::PyErr;
use std::fmt;
use std::io::Write;
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A host function granted to a sandbox: positional and keyword arguments
/// in, a value or an error out.
pub type HostFn = Rc<dyn Fn(&[HostValue], &[(String, HostValue)]) -> Result<HostValue, HostError>>;

/// The limits a sandbox starts with unless told otherwise.
pub const DEFAULT_HEAP: usize = 256 << 20;
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);
pub const DEFAULT_RECURSION: usize = 1000;

/// An error a host function returns: the name of a built-in exception
/// type (`"ValueError"`) and its message. The sandbox's code sees that
/// exception; a name that is not a built-in `Exception` subclass becomes
/// RuntimeError.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostError {
    pub kind: String,
    pub message: String,
}

impl HostError {
    pub fn new(kind: impl Into<String>, message: impl Into<String>) -> HostError {
        HostError {
            kind: kind.into(),
            message: message.into(),
        }
    }
}

/// What went wrong in a sandbox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// An exception of this type (its class name) was not caught.
    Exception(String),
    /// The run took longer than its time or step budget.
    Timeout,
    /// The run needed more heap than the sandbox's quota.
    MemoryLimit,
    /// Calls nested deeper than the recursion limit.
    RecursionLimit,
}

impl ErrorKind {
    /// The exception's type name, or `Timeout`, `MemoryLimit`,
    /// `RecursionLimit`.
    pub fn name(&self) -> &str {
        match self {
            ErrorKind::Exception(n) => n,
            ErrorKind::Timeout => "Timeout",
            ErrorKind::MemoryLimit => "MemoryLimit",
            ErrorKind::RecursionLimit => "RecursionLimit",
        }
    }
}

/// An error of [`Sandbox::run`], [`Sandbox::call`] or [`Sandbox::get`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmbedError {
    pub kind: ErrorKind,
    /// The exception's message (`str(e)`).
    pub message: String,
    /// The traceback as CPython prints it, with the sandbox's own file
    /// name (`<name>`) and line numbers; empty for errors of the host's
    /// request itself (an unknown name in `call`).
    pub traceback: String,
}

impl fmt::Display for EmbedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.message.is_empty() {
            f.write_str(self.kind.name())
        } else {
            write!(f, "{}: {}", self.kind.name(), self.message)
        }
    }
}

impl std::error::Error for EmbedError {}

/// A function receiving a sandbox's printed text (shared: a reset gives it
/// to the new instance).
pub type OutputFn = Arc<Mutex<dyn FnMut(&str) + Send>>;

/// Where a sandbox's printed text goes (`print`, `sys.stdout`,
/// `sys.stderr`).
#[derive(Clone, Default)]
pub enum Stdout {
    /// Kept until [`Sandbox::output`] takes it.
    #[default]
    Capture,
    /// Given to the function as it is written.
    Callback(OutputFn),
    /// Dropped.
    Discard,
}

impl Stdout {
    /// [`Stdout::Callback`] of `f`.
    pub fn callback(f: impl FnMut(&str) + Send + 'static) -> Stdout {
        Stdout::Callback(Arc::new(Mutex::new(f)))
    }
}

/// What a granted name holds.
#[derive(Clone)]
enum Grant {
    Value(HostValue),
    Function(HostFn),
}

/// How to make a [`Sandbox`]: limits (on by default), grants, output.
#[derive(Clone)]
pub struct Builder {
    name: String,
    limits: Limits,
    grants: Vec<(String, Grant)>,
    stdout: Stdout,
    /// Directories granted as the sandbox's file system.
    dirs: Vec<Rc<crate::host::fs::DirCap>>,
    /// Where its readings of the world go, if recorded (tape.rs).
    tape: Option<Tape>,
}

impl Builder {
    /// Heap quota in bytes (default 256 MiB).
    pub fn heap(mut self, bytes: usize) -> Builder {
        self.limits.heap_bytes = bytes.max(1);
        self
    }

    /// Wall-clock budget of each run or call (default 30 s); None: none.
    pub fn timeout(mut self, t: Option<Duration>) -> Builder {
        self.limits.timeout = t;
        self
    }

    /// Nesting of calls (default 1000, at most
    /// [`crate::budget::MAX_RECURSION`]).
    pub fn recursion(mut self, depth: usize) -> Builder {
        self.limits.recursion = depth.clamp(1, crate::budget::MAX_RECURSION);
        self
    }

    /// Safe points each run or call may pass (default: no limit): a budget
    /// that does not depend on the machine's speed.
    pub fn steps(mut self, steps: Option<u64>) -> Builder {
        self.limits.steps = steps;
        self
    }

    /// Grants `value` as the global `name`.
    pub fn grant_value(mut self, name: &str, value: HostValue) -> Builder {
        self.grants.push((name.to_string(), Grant::Value(value)));
        self
    }

    /// Grants `f` as the global `name`, a callable.
    pub fn grant_fn(
        mut self,
        name: &str,
        f: impl Fn(&[HostValue], &[(String, HostValue)]) -> Result<HostValue, HostError> + 'static,
    ) -> Builder {
        self.grants
            .push((name.to_string(), Grant::Function(Rc::new(f))));
        self
    }

    /// Grants directory `path` (read-only unless `write`) as the sandbox's
    /// file system: `open`, `os.listdir`, `os.stat`... reach what is inside
    /// it and nothing else, relative to the first one granted. Opened now,
    /// with the host's authority.
    pub fn grant_dir(mut self, path: &std::path::Path, write: bool) -> std::io::Result<Builder> {
        let d = crate::host::fs::DirCap::open(path, write)?;
        if d.only.is_some() {
            return Err(std::io::Error::other(format!(
                "{} is not a directory",
                path.display()
            )));
        }
        self.dirs.push(Rc::new(d));
        Ok(self)
    }

    /// Records the sandbox's readings of the world (clocks, entropy) on
    /// `tape`, replaying what the tape already holds first (tape.rs).
    pub fn record(mut self, tape: Tape) -> Builder {
        self.tape = Some(tape);
        self
    }

    /// Where printed text goes (default: captured).
    pub fn stdout(mut self, s: Stdout) -> Builder {
        self.stdout = s;
        self
    }

    pub fn build(self) -> Sandbox {
        let captured = Arc::new(Mutex::new(Vec::new()));
        // Made once: its first instance is made here, not by a reset.
        let (vm, grant_error) = instance(&self, &captured, None);
        Sandbox {
            vm: Box::new(vm),
            filename: format!("<{}>", self.name),
            config: self,
            captured,
            grant_error,
            compiled: Default::default(),
        }
    }
}

/// An isolated interpreter with limits: see the module's documentation.
pub struct Sandbox {
    vm: Box<Vm>,
    config: Builder,
    /// The file name its code runs as: `<name>`.
    filename: String,
    captured: Arc<Mutex<Vec<u8>>>,
    /// Why the last reset could not grant everything (a granted value too
    /// big for the heap quota): reported by the next run.
    grant_error: Option<EmbedError>,
    /// Code of recently run small sources (code objects belong to no
    /// heap, so they outlive resets).
    compiled: std::collections::HashMap<String, Rc<capy_compiler::Code>>,
}

/// Sources up to this size have their code kept for the next run ...
const CACHED_SOURCE_BYTES: usize = 4096;
/// ... this many of them (the table starts over when full).
const CACHED_SOURCES: usize = 64;

impl Sandbox {
    /// A builder for a sandbox called `name` (its code's file name is
    /// `<name>`), with the default limits.
    pub fn builder(name: &str) -> Builder {
        Builder {
            name: name.to_string(),
            limits: Limits {
                heap_bytes: DEFAULT_HEAP,
                recursion: DEFAULT_RECURSION,
                timeout: Some(DEFAULT_TIMEOUT),
                steps: None,
            },
            grants: Vec::new(),
            stdout: Stdout::Capture,
            dirs: Vec::new(),
            tape: None,
        }
    }

    /// A sandbox called `name` with the default limits and no grants.
    pub fn new(name: &str) -> Sandbox {
        Sandbox::builder(name).build()
    }

    pub fn name(&self) -> &str {
        &self.config.name
    }

    pub fn limits(&self) -> &Limits {
        &self.config.limits
    }

    /// Runs `source` in the sandbox's namespace and returns the value of
    /// its last statement if that is an expression statement (None
    /// otherwise), as a REPL cell does.
    pub fn run(&mut self, source: &str) -> Result<HostValue, EmbedError> {
        if let Some(e) = self.grant_error.clone() {
            return Err(e);
        }
        let cached = self.compiled.get(source).cloned();
        let filename = &self.filename;
        let mut made = None;
        let r = run_op(&mut self.vm, |vm| {
            let main = main_namespace(vm)?;
            let code = match cached {
                Some(c) => c,
                None => {
                    let mut code = vm.compile(source, filename, capy_compiler::Mode::Cell)?;
                    // Tracebacks quote the cell's own lines.
                    if let Some(c) = Rc::get_mut(&mut code) {
                        c.source = Some(Rc::from(&*capy_compiler::universal_newlines(source)));
                    }
                    made = Some(code.clone());
                    code
                }
            };
            vm.run_code(&code, main, Value::Null)
        });
        if let Some(code) = made {
            self.remember(source, code);
        }
        r
    }

    /// Keeps the code of a small source for its next run: hosts run the
    /// same snippets again and again, and compiling costs more than
    /// running a small one.
    fn remember(&mut self, source: &str, code: Rc<capy_compiler::Code>) {
        if source.len() > CACHED_SOURCE_BYTES {
            return;
        }
        if self.compiled.len() >= CACHED_SOURCES {
            self.compiled.clear();
        }
        self.compiled.insert(source.to_string(), code);
    }

    /// Calls the sandbox's global `name` with `args` and `kwargs`.
    pub fn call(
        &mut self,
        name: &str,
        args: &[HostValue],
        kwargs: &[(String, HostValue)],
    ) -> Result<HostValue, EmbedError> {
        self.with_vm(|vm| {
            let f = global(vm, name)?;
            let mut a = Vec::with_capacity(args.len());
            for x in args {
                a.push(value::to_vm(vm, x)?);
            }
            let mut kw = Vec::with_capacity(kwargs.len());
            for (k, x) in kwargs {
                let k = vm.new_str(k)?;
                kw.push((k, value::to_vm(vm, x)?));
            }
            vm.call(f, &a, &kw)
        })
    }

    /// The sandbox's global `name`.
    pub fn get(&mut self, name: &str) -> Result<HostValue, EmbedError> {
        self.with_vm(|vm| global(vm, name))
    }

    /// Sets the sandbox's global `name` to `value`.
    pub fn set(&mut self, name: &str, value: &HostValue) -> Result<(), EmbedError> {
        self.with_vm(|vm| {
            let main = main_namespace(vm)?;
            let v = value::to_vm(vm, value)?;
            vm.dict_set_str(main, name, v)?;
            Ok(Value::None)
        })
        .map(|_| ())
    }

    /// Lets go of opaque handle `id` (the object may then be freed);
    /// false if the sandbox did not hold it.
    pub fn release(&mut self, id: u64) -> bool {
        host::state_mut(&mut self.vm).release(id)
    }

    /// Opaque handles the host holds.
    pub fn handles(&self) -> usize {
        self.vm.comp.embed.as_ref().map_or(0, |s| s.handles())
    }

    /// Back to the state right after it was made: a new heap, its grants
    /// given again; opaque handles of the old state no longer resolve.
    pub fn reset(&mut self) {
        let (vm, grant_error) = instance(&self.config, &self.captured, Some(&self.vm));
        self.grant_error = grant_error;
        *self.vm = vm;
    }

    /// The captured output since the last call (empty unless the output
    /// is [`Stdout::Capture`]).
    pub fn output(&mut self) -> String {
        self.vm.flush();
        let mut buf = self.captured.lock().unwrap_or_else(|p| p.into_inner());
        let bytes = std::mem::take(&mut *buf);
        String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into())
    }

    /// Heap bytes in use now.
    pub fn heap_bytes(&self) -> usize {
        self.vm.budget.memory.bytes()
    }

    /// The flag that stops the running code with KeyboardInterrupt at its
    /// next safe point, when set from another thread.
    pub fn interrupt_flag(&self) -> Arc<std::sync::atomic::AtomicBool> {
        self.vm.interrupt_flag()
    }

    /// Runs `op` under fresh budgets; its value leaves as a host value,
    /// its exception as an [`EmbedError`].
    fn with_vm(
        &mut self,
        op: impl FnOnce(&mut Vm) -> crate::PyResult,
    ) -> Result<HostValue, EmbedError> {
        run_op(&mut self.vm, op)
    }
}

/// [`Sandbox::with_vm`] on `vm` (a free function, so a caller may borrow
/// the sandbox's other fields meanwhile).
fn run_op(
    vm: &mut Vm,
    op: impl FnOnce(&mut Vm) -> crate::PyResult,
) -> Result<HostValue, EmbedError> {
    vm.reserve_stack();
    vm.start_clock();
    // After a MemoryLimit the heap may still be full of the sandbox's
    // data: the next run can still run code that lets go of it.
    vm.budget.memory.renew_overdraft();
    let mark = vm.temp_roots.len();
    let r = match op(vm) {
        Ok(v) => Ok(value::to_host(vm, v)),
        Err(e) => Err(error_of(vm, e)),
    };
    vm.temp_roots.truncate(mark);
    vm.flush();
    if matches!(&r, Err(e) if e.kind == ErrorKind::MemoryLimit) {
        // Give back what the failed run left for the collector.
        vm.collect_garbage(&[]);
    }
    r
}

/// A new instance as `config` says, its output going where the config
/// says (`captured` when captured), and why not all its grants could be
/// given, if so. The host's interrupt flag and handle numbers of the
/// `previous` instance carry over: a handle of the old state must never
/// name an object of the new.
fn instance(
    config: &Builder,
    captured: &Arc<Mutex<Vec<u8>>>,
    previous: Option<&Vm>,
) -> (Vm, Option<EmbedError>) {
    let mut vm = crate::compartment::authority::new_instance(
        &config.limits,
        crate::compartment::ROOT,
        &[],
        &[],
    );
    vm.world.out = output_sink(&config.stdout, captured);
    let mut next = 0;
    if let Some(old) = previous {
        vm.budget.share_interrupt(old.interrupt_flag());
        next = old.comp.embed.as_ref().map_or(0, |s| s.next_id());
    }
    host::state_mut(&mut vm).continue_from(next);
    host::state_mut(&mut vm).tape = config.tape.clone();
    for d in &config.dirs {
        vm.comp.host.fs.grant(d.clone());
    }
    let grant_error = grant_all(&mut vm, &config.grants)
        .err()
        .map(|e| error_of(&mut vm, e));
    vm.temp_roots.clear();
    (vm, grant_error)
}

fn output_sink(stdout: &Stdout, captured: &Arc<Mutex<Vec<u8>>>) -> Output {
    let w = || -> Box<dyn Write + Send> {
        match stdout {
            Stdout::Capture => Box::new(Capture(captured.clone())),
            Stdout::Callback(f) => Box::new(Callback(f.clone())),
            Stdout::Discard => Box::new(std::io::sink()),
        }
    };
    Output { out: w(), err: w() }
}

/// The instance's main namespace.
fn main_namespace(vm: &mut Vm) -> crate::PyResult<crate::value::Gc> {
    vm.comp
        .main
        .ok_or_else(|| vm.error(ExcKind::RuntimeError, "the sandbox has no namespace"))
}

fn global(vm: &mut Vm, name: &str) -> crate::PyResult {
    let main = main_namespace(vm)?;
    match vm.dict_get_str(main, name) {
        Some(v) => Ok(v),
        None => Err(vm.error(ExcKind::NameError, format!("name '{name}' is not defined"))),
    }
}

/// Makes the main namespace of `vm` holding `grants`.
fn grant_all(vm: &mut Vm, grants: &[(String, Grant)]) -> Result<(), PyErr> {
    let mut values = Vec::with_capacity(grants.len());
    for (name, g) in grants {
        let v = match g {
            Grant::Value(h) => value::to_vm(vm, h)?,
            Grant::Function(f) => host::function(vm, name, f.clone())?,
        };
        values.push((Rc::from(name.as_str()), v));
    }
    crate::compartment::api::setup_main(vm, &values, None)
}

/// The host's view of exception `e` of `vm`.
fn error_of(vm: &mut Vm, e: PyErr) -> EmbedError {
    let class = vm.err_class(e);
    let name = class.map_or_else(|| "Exception".to_string(), |c| vm.class_name(c));
    let mut message = vm.to_str(e.value()).unwrap_or_default();
    let traceback = vm.format_exception_full(e);
    if message.is_empty() && e.0 == vm.prealloc_memory_error {
        message = crate::Exceeded::Memory.to_string();
    }
    let kind = match class.and_then(|c| crate::compartment::mirror::builtin_kind(vm, c)) {
        // A limit's own error, not one the code raised itself.
        Some(ExcKind::MemoryError) if e.0 == vm.prealloc_memory_error => ErrorKind::MemoryLimit,
        Some(ExcKind::TimeoutError)
            if is_limit_message(&message, &[crate::Exceeded::Time, crate::Exceeded::Steps]) =>
        {
            ErrorKind::Timeout
        }
        Some(ExcKind::RecursionError)
            if message.starts_with("maximum recursion depth exceeded") =>
        {
            ErrorKind::RecursionLimit
        }
        _ => ErrorKind::Exception(name),
    };
    EmbedError {
        kind,
        message,
        traceback,
    }
}

fn is_limit_message(message: &str, which: &[crate::Exceeded]) -> bool {
    which.iter().any(|e| e.to_string() == message)
}

/// Output kept for [`Sandbox::output`].
struct Capture(Arc<Mutex<Vec<u8>>>);

impl Write for Capture {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        let mut buf = self.0.lock().unwrap_or_else(|p| p.into_inner());
        buf.extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Output handed to the host's function as it is written.
struct Callback(OutputFn);

impl Write for Callback {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        let mut f = self.0.lock().unwrap_or_else(|p| p.into_inner());
        (*f)(&String::from_utf8_lossy(b));
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
