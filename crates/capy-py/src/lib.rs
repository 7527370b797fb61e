//! `import capy`: capy's compartments for CPython hosts.
//!
//! ```python
//! import capy
//! with capy.Compartment(grants={"fetch": my_fetch}) as c:
//!     c.run("def double(x): return 2 * x")
//!     assert c.call("double", 21) == 42
//! ```
//!
//! Each [`Compartment`] owns a thread (parked for the next one once it
//! closes: pool.rs) that owns its interpreter
//! (worker.rs). Its methods send the thread a job and wait for the reply
//! with the GIL released, so compartments driven from different host
//! threads run at the same time. Calls of granted host callables and
//! printed text for a `stdout` callable come back to the waiting host
//! thread, which serves them with the GIL.
//!
//! | file | holds |
//! | --- | --- |
//! | `lib.rs` | [`Compartment`], its errors |
//! | `worker.rs` | the compartment's thread, its jobs and log |
//! | `pool.rs` | parked threads, reused by the next compartments |
//! | `serve.rs` | the host's side of a job: host calls, output, suspension, replay |
//! | `suspend.rs` | `start`'s `Pending` and `Done`, `capy.external`, `capy.Dir`, making snapshots |
//! | `restore.rs` | `capy.restore`: a snapshot replayed |
//! | `options.rs`, `convert.rs` | option checking; values both ways |

mod convert;
mod options;
mod pool;
mod restore;
mod serve;
mod suspend;
mod worker;

use capy_vm::embed::snapshot::{Answer, FnKind, Image, Step};
use capy_vm::embed::{EmbedError, ErrorKind, HostError, HostValue, Tape};
use convert::{to_host, to_py, Handle};
use pyo3::exceptions::{PyException, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use serve::{First, Mode, Served};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::ThreadId;
use std::time::Duration;
use suspend::{Dir, Done, External, Pending};
use worker::{Job, Msg, Worker};

pyo3::create_exception!(capy, CompartmentError, PyException, "An error in a compartment: `.kind` (the exception's type name, or Timeout, MemoryLimit, RecursionLimit, Closed), `.message`, `.traceback` (text, with the compartment's own file name and line numbers).");
pyo3::create_exception!(
    capy,
    TimeoutError,
    CompartmentError,
    "The code ran past its time or step budget."
);
pyo3::create_exception!(
    capy,
    MemoryLimitError,
    CompartmentError,
    "The code needed more than its heap quota."
);
pyo3::create_exception!(
    capy,
    RecursionLimitError,
    CompartmentError,
    "Calls nested deeper than the recursion limit."
);
pyo3::create_exception!(
    capy,
    SnapshotError,
    PyException,
    "A snapshot that cannot be made, or that is refused: altered, truncated, made with another key or by another capy version."
);

/// Numbers compartments, so a handle is refused by every other one.
pub(crate) static SERIAL: AtomicU64 = AtomicU64::new(1);

/// How often a waiting host thread looks for signals (Ctrl-C).
pub(crate) const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// A granted function, as the host serves its calls.
pub enum Kind {
    /// A host callable, called when the code calls it.
    Host(Py<PyAny>),
    /// `capy.external(name)`: a `start` suspends at its calls.
    External,
    /// A coroutine function: awaited by the host's event loop.
    Async(Py<PyAny>),
}

pub struct Granted {
    /// The name a `Pending` reports.
    pub name: String,
    pub kind: Kind,
}

/// A sandboxed Python world with limits, driven from the host.
#[pyclass(module = "capy")]
pub struct Compartment {
    name: String,
    /// Granted functions, by the index the worker's calls carry.
    functions: Vec<Granted>,
    stdout: Option<Py<PyAny>>,
    /// The queue of its jobs, shared with its handles.
    jobs: Arc<worker::Jobs>,
    /// Set by `close` (read without waiting for a running job).
    closed: AtomicBool,
    /// None once closed. Held for the whole of a job: one job at a time.
    worker: Mutex<Option<Worker>>,
    /// The thread running a job now: a granted callable calling back
    /// into the compartment it was called from is refused, not deadlocked.
    running_on: Mutex<Option<ThreadId>>,
    /// The suspended `start`, if any: its generation and the index of the
    /// function it waits in.
    pending: Mutex<Option<(u64, usize)>>,
    generation: AtomicU64,
    /// How it was made (a snapshot adds the log of what happened since).
    image: Image,
    /// Why it can never be snapshotted (it records no history: granted
    /// directories, no external function, `snapshots=False`), if so.
    unsnapshottable: Option<String>,
    /// Its readings of the world, if it records.
    tape: Option<Tape>,
}

/// What a job's wait ends with.
enum Reply {
    Value(HostValue),
    Text(String),
}

#[pymethods]
impl Compartment {
    #[new]
    #[pyo3(signature = (name=None, *, heap=None, timeout=None, recursion=None, steps=None, grants=None, stdout=None, fs=None, snapshots=None, **other))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        name: Option<&Bound<'_, PyAny>>,
        heap: Option<&Bound<'_, PyAny>>,
        timeout: Option<&Bound<'_, PyAny>>,
        recursion: Option<&Bound<'_, PyAny>>,
        steps: Option<&Bound<'_, PyAny>>,
        grants: Option<&Bound<'_, PyAny>>,
        stdout: Option<&Bound<'_, PyAny>>,
        fs: Option<&Bound<'_, PyAny>>,
        snapshots: Option<&Bound<'_, PyAny>>,
        other: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Compartment> {
        options::no_other(other)?;
        let name = options::name(name)?;
        let serial = SERIAL.fetch_add(1, Ordering::Relaxed);
        let jobs = worker::Jobs::new(name.clone(), serial, std::sync::mpsc::channel().0);
        let (values, functions) = options::grants(grants, &jobs)?;
        let dirs = options::dirs(fs)?;
        let external = functions
            .iter()
            .any(|(_, g)| matches!(g.kind, Kind::External));
        let unsnapshottable = options::snapshots(snapshots, external, !dirs.is_empty())?;
        let spec = worker::Spec {
            name,
            heap: options::heap(heap)?,
            timeout: options::timeout(timeout)?,
            recursion: options::recursion(recursion)?,
            steps: options::steps(steps)?,
            values,
            functions: Vec::new(),
            stdout_callback: false,
            dirs,
            tape: None,
        };
        let stdout = options::stdout(stdout)?;
        Compartment::make(py, spec, functions, stdout, jobs, unsnapshottable)
    }

    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// Runs `code`; returns the value of its last statement if that is
    /// an expression statement (None otherwise).
    fn run(&self, py: Python<'_>, code: &str) -> PyResult<Py<PyAny>> {
        self.value(py, Job::Step(Step::Run(code.to_string())))
    }

    /// Runs `code` until it calls an external function (a `Pending`) or
    /// ends (a `Done`).
    fn start(slf: &Bound<'_, Self>, code: &str) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let served = slf.borrow().drive(
            py,
            First::Job(Job::Step(Step::Start(code.to_string()))),
            &mut Mode::suspend(),
        )?;
        suspend::outcome(py, slf.clone().unbind(), served)
    }

    /// `run` for asyncio hosts: a coroutine whose granted coroutine
    /// functions are awaited on the running event loop.
    fn run_async(slf: &Bound<'_, Self>, code: &str) -> PyResult<Py<PyAny>> {
        let aio = slf.py().import("capy._aio")?;
        Ok(aio.call_method1("run_async", (slf, code))?.unbind())
    }

    /// Calls the compartment's global `name` with converted arguments.
    #[pyo3(signature = (name, *args, **kwargs))]
    fn call(
        &self,
        py: Python<'_>,
        name: &str,
        args: &Bound<'_, PyTuple>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Py<PyAny>> {
        let jobs = self.jobs()?;
        let a = args
            .iter()
            .map(|x| to_host(&x, &jobs))
            .collect::<PyResult<Vec<_>>>()?;
        let mut kw = Vec::new();
        if let Some(k) = kwargs {
            for (key, v) in k.iter() {
                kw.push((key.extract::<String>()?, to_host(&v, &jobs)?));
            }
        }
        self.value(py, Job::Step(Step::Call(name.to_string(), a, kw)))
    }

    /// The compartment's global `name`.
    fn get(&self, py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
        self.value(py, Job::Step(Step::Get(name.to_string())))
    }

    /// Back to a fresh state with the same limits and grants (abandoning
    /// a pending `start`).
    fn reset(&self, py: Python<'_>) -> PyResult<()> {
        self.abandon(py);
        self.value(py, Job::Step(Step::Reset)).map(|_| ())
    }

    /// The text printed since the last call (captured output; empty when
    /// a `stdout` callable receives it).
    fn output(&self, py: Python<'_>) -> PyResult<String> {
        match self.wait(py, Job::Step(Step::Output))? {
            Reply::Text(t) => Ok(t),
            Reply::Value(_) => Ok(String::new()),
        }
    }

    /// Stops the compartment's thread and frees its heap; later uses
    /// raise CompartmentError (kind "Closed"). Closing twice is allowed.
    fn close(&self, py: Python<'_>) -> PyResult<()> {
        self.refuse_reentry("closed")?;
        let w = py.detach(|| self.worker.lock().unwrap_or_else(|p| p.into_inner()).take());
        self.closed.store(true, Ordering::Relaxed);
        if let Some(w) = w {
            // A suspended run is abandoned: its thread unblocks and ends it.
            if self.lock_pending().take().is_some() {
                let _ = w.replies.send(Answer::Abandon);
            }
            let _ = w.jobs.tx.send(Job::Stop);
            // Its interpreter is dropped (its heap freed) before this returns.
            let ended = w.ended;
            let _ = py.detach(move || worker::recv_soon(&ended, None));
        }
        Ok(())
    }

    #[getter]
    fn closed(&self) -> bool {
        self.closed.load(Ordering::Relaxed)
    }

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    #[pyo3(signature = (*_exc))]
    fn __exit__(&self, py: Python<'_>, _exc: &Bound<'_, PyTuple>) -> PyResult<bool> {
        self.close(py)?;
        Ok(false)
    }

    fn __repr__(&self) -> String {
        let state = if self.closed() { " (closed)" } else { "" };
        format!("<capy.Compartment '{}'{state}>", self.name)
    }
}

impl Drop for Compartment {
    fn drop(&mut self) {
        // Not joined: the thread ends on its own once it reads this.
        if let Some(w) = self.worker.get_mut().ok().and_then(|w| w.take()) {
            let _ = w.replies.send(Answer::Abandon);
            let _ = w.jobs.tx.send(Job::Stop);
        }
    }
}

impl Compartment {
    fn jobs(&self) -> PyResult<Arc<worker::Jobs>> {
        if self.closed() {
            return Err(self.closed_error());
        }
        Ok(self.jobs.clone())
    }

    fn closed_error(&self) -> PyErr {
        closed_error(&self.name)
    }

    fn refuse_reentry(&self, what: &str) -> PyResult<()> {
        let me = std::thread::current().id();
        if *self.running_on.lock().unwrap_or_else(|p| p.into_inner()) == Some(me) {
            return Err(PyRuntimeError::new_err(format!(
                "compartment '{}' is running on this thread: it cannot be {what} from a function it called",
                self.name
            )));
        }
        Ok(())
    }

    fn value(&self, py: Python<'_>, job: Job) -> PyResult<Py<PyAny>> {
        let jobs = self.jobs()?;
        match self.wait(py, job)? {
            Reply::Value(v) => to_py(py, v, &jobs),
            Reply::Text(t) => Ok(t.into_pyobject(py)?.into_any().unbind()),
        }
    }

    /// Sends `job` and waits for its answer.
    fn wait(&self, py: Python<'_>, job: Job) -> PyResult<Reply> {
        match self.drive(py, First::Job(job), &mut Mode::plain())? {
            Served::Msg(Msg::Done(Ok(v))) => Ok(Reply::Value(v)),
            Served::Msg(Msg::Done(Err(e))) => Err(raise(&e)),
            Served::Msg(Msg::Text(t)) => Ok(Reply::Text(t)),
            _ => Err(PyRuntimeError::new_err("compartment: unexpected answer")),
        }
    }

    fn lock_pending(&self) -> std::sync::MutexGuard<'_, Option<(u64, usize)>> {
        self.pending.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Ends a pending `start`, if any: its external call fails and the
    /// run goes on to its end (its later host calls fail at once).
    fn abandon(&self, py: Python<'_>) {
        let Some((gen, _)) = *self.lock_pending() else {
            return;
        };
        let _ = self.drive(py, First::Answer(gen, Answer::Abandon), &mut Mode::plain());
    }

    /// Starts a compartment as `spec` says, serving `functions`; it
    /// records its history (what a snapshot replays) unless
    /// `unsnapshottable` says why it never can be snapshotted.
    fn make(
        py: Python<'_>,
        mut spec: worker::Spec,
        functions: Vec<(String, Granted)>,
        stdout: Option<Py<PyAny>>,
        mut jobs: worker::Jobs,
        unsnapshottable: Option<String>,
    ) -> PyResult<Compartment> {
        if unsnapshottable.is_none() {
            jobs.log = Some(Mutex::default());
            spec.tape.get_or_insert_with(Tape::new);
        } else {
            spec.tape = None;
        }
        spec.functions = functions
            .iter()
            .enumerate()
            .map(|(i, (n, g))| (n.clone(), i, !matches!(g.kind, Kind::Host(_))))
            .collect();
        spec.stdout_callback |= stdout.is_some();
        let image = Image {
            name: spec.name.clone(),
            heap: spec.heap as u64,
            timeout_nanos: spec.timeout.map(|t| t.as_nanos() as u64),
            recursion: spec.recursion as u64,
            step_limit: spec.steps,
            stdout_callback: spec.stdout_callback,
            values: spec.values.clone(),
            functions: functions
                .iter()
                .map(|(n, g)| (n.clone(), g.kind.snapshot_kind()))
                .collect(),
            ..Image::default()
        };
        let (name, tape) = (spec.name.clone(), spec.tape.clone());
        let w = py.detach(|| Worker::start(spec, jobs)).map_err(|e| {
            PyRuntimeError::new_err(format!("cannot start compartment '{name}': {e}"))
        })?;
        Ok(Compartment {
            name,
            jobs: w.jobs.clone(),
            closed: AtomicBool::new(false),
            functions: functions.into_iter().map(|(_, f)| f).collect(),
            stdout,
            worker: Mutex::new(Some(w)),
            running_on: Mutex::new(None),
            pending: Mutex::new(None),
            generation: AtomicU64::new(0),
            image,
            unsnapshottable,
            tape,
        })
    }

    /// Gives printed text to the host's `stdout` callable; its errors are
    /// reported as unraisable (the code that printed goes on).
    fn print(&self, py: Python<'_>, text: &str) {
        if let Some(f) = &self.stdout {
            if let Err(e) = f.bind(py).call1((text,)) {
                e.write_unraisable(py, Some(f.bind(py)));
            }
        }
    }
}

/// `e` as the compartment sees it: the first built-in exception type in
/// its class's MRO (a host `class NotFound(KeyError)` is a KeyError), with
/// its message.
pub(crate) fn host_error(py: Python<'_>, e: &PyErr) -> HostError {
    let value = e.value(py);
    // The argument itself when there is one (`str(KeyError('k'))` quotes it).
    let one = value
        .getattr("args")
        .ok()
        .and_then(|a| a.cast_into::<PyTuple>().ok())
        .filter(|a| a.len() == 1)
        .and_then(|a| a.get_item(0).ok());
    let message = one
        .unwrap_or_else(|| value.clone().into_any())
        .str()
        .map(|s| s.to_string())
        .unwrap_or_default();
    let mut kind = "RuntimeError".to_string();
    if let Ok(mro) = value.get_type().getattr("__mro__") {
        if let Ok(mro) = mro.cast::<PyTuple>() {
            for c in mro.iter() {
                let module = c.getattr("__module__").and_then(|m| m.extract::<String>());
                let name = c.getattr("__name__").and_then(|m| m.extract::<String>());
                if let (Ok(m), Ok(n)) = (module, name) {
                    if m == "builtins" && capy_vm::embed::builtin_exception(&n).is_some() {
                        kind = n;
                        break;
                    }
                }
            }
        }
    }
    HostError::new(kind, message)
}

/// CompartmentError (kind "Closed") for compartment `name`.
pub(crate) fn closed_error(name: &str) -> PyErr {
    let message = format!("compartment '{name}' is closed");
    error(
        CompartmentError::new_err(format!("Closed: {message}")),
        "Closed",
        &message,
        "",
    )
}

impl Kind {
    fn snapshot_kind(&self) -> FnKind {
        match self {
            Kind::Host(_) => FnKind::Host,
            Kind::External => FnKind::External,
            Kind::Async(_) => FnKind::Async,
        }
    }
}

/// The Python exception for an error of the compartment.
fn raise(e: &EmbedError) -> PyErr {
    let text = e.to_string();
    let err = match e.kind {
        ErrorKind::Timeout => TimeoutError::new_err(text),
        ErrorKind::MemoryLimit => MemoryLimitError::new_err(text),
        ErrorKind::RecursionLimit => RecursionLimitError::new_err(text),
        ErrorKind::Exception(_) => CompartmentError::new_err(text),
    };
    error(err, e.kind.name(), &e.message, &e.traceback)
}

/// `err` with its `.kind`, `.message` and `.traceback`.
pub(crate) fn error(err: PyErr, kind: &str, message: &str, traceback: &str) -> PyErr {
    Python::attach(|py| {
        let v = err.value(py);
        let _ = v.setattr("kind", kind);
        let _ = v.setattr("message", message);
        let _ = v.setattr("traceback", traceback);
    });
    err
}

#[pymodule]
fn _capy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Compartment>()?;
    m.add_class::<Handle>()?;
    m.add_class::<Pending>()?;
    m.add_class::<Done>()?;
    m.add_class::<External>()?;
    m.add_class::<Dir>()?;
    m.add_function(pyo3::wrap_pyfunction!(suspend::external, m)?)?;
    m.add_function(pyo3::wrap_pyfunction!(restore::restore, m)?)?;
    m.add("SnapshotError", py.get_type::<SnapshotError>())?;
    m.add("CompartmentError", py.get_type::<CompartmentError>())?;
    m.add("TimeoutError", py.get_type::<TimeoutError>())?;
    m.add("MemoryLimitError", py.get_type::<MemoryLimitError>())?;
    m.add("RecursionLimitError", py.get_type::<RecursionLimitError>())?;
    Ok(())
}
