//! `import capy`: capy's compartments for CPython hosts.
//!
//! ```python
//! import capy
//! with capy.Compartment(grants={"fetch": my_fetch}) as c:
//!     c.run("def double(x): return 2 * x")
//!     assert c.call("double", 21) == 42
//! ```
//!
//! Each [`Compartment`] owns a thread that owns its interpreter
//! (worker.rs). Its methods send the thread a job and wait for the reply
//! with the GIL released, so compartments driven from different host
//! threads run at the same time. Calls of granted host callables and
//! printed text for a `stdout` callable come back to the waiting host
//! thread, which serves them with the GIL.

mod convert;
mod options;
mod worker;

use capy_vm::embed::{EmbedError, ErrorKind, HostError, HostValue};
use convert::{to_host, to_py, Handle};
use pyo3::exceptions::{PyException, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::ThreadId;
use std::time::Duration;
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

/// Numbers compartments, so a handle is refused by every other one.
static SERIAL: AtomicU64 = AtomicU64::new(1);

/// How often a waiting host thread looks for signals (Ctrl-C).
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// A sandboxed Python world with limits, driven from the host.
#[pyclass(module = "capy")]
pub struct Compartment {
    name: String,
    /// Granted host callables, by the index the worker's calls carry.
    functions: Vec<Py<PyAny>>,
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
}

/// What a job's wait ends with.
enum Answer {
    Value(HostValue),
    Text(String),
}

#[pymethods]
impl Compartment {
    #[new]
    #[pyo3(signature = (name=None, *, heap=None, timeout=None, recursion=None, steps=None, grants=None, stdout=None, **other))]
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
        other: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Compartment> {
        options::no_other(other)?;
        let name = options::name(name)?;
        let serial = SERIAL.fetch_add(1, Ordering::Relaxed);
        let jobs_for_grants = worker::Jobs {
            name: name.clone(),
            serial,
            tx: std::sync::mpsc::channel().0,
        };
        let (values, functions) = options::grants(grants, &jobs_for_grants)?;
        let stdout = options::stdout(stdout)?;
        let spec = worker::Spec {
            name: name.clone(),
            heap: options::heap(heap)?,
            timeout: options::timeout(timeout)?,
            recursion: options::recursion(recursion)?,
            steps: options::steps(steps)?,
            values,
            functions: functions
                .iter()
                .enumerate()
                .map(|(i, (n, _))| (n.clone(), i))
                .collect(),
            stdout_callback: stdout.is_some(),
        };
        let w = py.detach(|| Worker::start(spec, serial)).map_err(|e| {
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
        })
    }

    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// Runs `code`; returns the value of its last statement if that is
    /// an expression statement (None otherwise).
    fn run(&self, py: Python<'_>, code: &str) -> PyResult<Py<PyAny>> {
        self.value(py, Job::Run(code.to_string()))
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
        self.value(py, Job::Call(name.to_string(), a, kw))
    }

    /// The compartment's global `name`.
    fn get(&self, py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
        self.value(py, Job::Get(name.to_string()))
    }

    /// Back to a fresh state with the same limits and grants.
    fn reset(&self, py: Python<'_>) -> PyResult<()> {
        self.value(py, Job::Reset).map(|_| ())
    }

    /// The text printed since the last call (captured output; empty when
    /// a `stdout` callable receives it).
    fn output(&self, py: Python<'_>) -> PyResult<String> {
        match self.wait(py, Job::Output)? {
            Answer::Text(t) => Ok(t),
            Answer::Value(_) => Ok(String::new()),
        }
    }

    /// Stops the compartment's thread and frees its heap; later uses
    /// raise CompartmentError (kind "Closed"). Closing twice is allowed.
    fn close(&self, py: Python<'_>) -> PyResult<()> {
        self.refuse_reentry("closed")?;
        let w = py.detach(|| self.worker.lock().unwrap_or_else(|p| p.into_inner()).take());
        self.closed.store(true, Ordering::Relaxed);
        if let Some(mut w) = w {
            let _ = w.jobs.tx.send(Job::Stop);
            if let Some(t) = w.thread.take() {
                let _ = py.detach(|| t.join());
            }
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
        let message = format!("compartment '{}' is closed", self.name);
        error(
            CompartmentError::new_err(format!("Closed: {message}")),
            "Closed",
            &message,
            "",
        )
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
            Answer::Value(v) => to_py(py, v, &jobs),
            Answer::Text(t) => Ok(t.into_pyobject(py)?.into_any().unbind()),
        }
    }

    /// Sends `job` and waits for its answer with the GIL released,
    /// serving the worker's requests meanwhile.
    fn wait(&self, py: Python<'_>, job: Job) -> PyResult<Answer> {
        self.refuse_reentry("used")?;
        let done = py.detach(|| {
            let guard = self.worker.lock().unwrap_or_else(|p| p.into_inner());
            let Some(w) = guard.as_ref() else {
                return Err(Python::attach(|_| self.closed_error()));
            };
            *self.running_on.lock().unwrap_or_else(|p| p.into_inner()) =
                Some(std::thread::current().id());
            let r = self.serve(w, job);
            *self.running_on.lock().unwrap_or_else(|p| p.into_inner()) = None;
            r
        })?;
        match done {
            Msg::Done(Ok(v)) => Ok(Answer::Value(v)),
            Msg::Done(Err(e)) => Err(raise(&e)),
            Msg::Text(t) => Ok(Answer::Text(t)),
            _ => Err(PyRuntimeError::new_err("compartment: unexpected answer")),
        }
    }

    /// The host's side of one job (called without the GIL).
    fn serve(&self, w: &Worker, job: Job) -> PyResult<Msg> {
        let lost = || PyRuntimeError::new_err(format!("compartment '{}' stopped", self.name));
        w.jobs.tx.send(job).map_err(|_| lost())?;
        let mut interrupted: Option<PyErr> = None;
        loop {
            let msg = match w.msgs.recv_timeout(SIGNAL_POLL) {
                Ok(m) => m,
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                    // Ctrl-C in the host stops the code; the job still
                    // ends in order before the host sees its interrupt.
                    if interrupted.is_none() {
                        if let Err(e) = Python::attach(|py| py.check_signals()) {
                            w.interrupt.store(true, Ordering::Relaxed);
                            interrupted = Some(e);
                        }
                    }
                    continue;
                }
                Err(_) => return Err(lost()),
            };
            match msg {
                Msg::HostCall(i, args, kwargs) => {
                    let reply = Python::attach(|py| self.host_call(py, &w.jobs, i, args, kwargs));
                    w.replies.send(reply).map_err(|_| lost())?;
                }
                Msg::Stdout(text) => Python::attach(|py| self.print(py, &text)),
                done => {
                    return match interrupted {
                        Some(e) => Err(e),
                        None => Ok(done),
                    }
                }
            }
        }
    }

    /// Calls granted host callable `i`; its exception becomes a host
    /// error naming the nearest built-in exception type it derives from.
    fn host_call(
        &self,
        py: Python<'_>,
        jobs: &Arc<worker::Jobs>,
        i: usize,
        args: Vec<HostValue>,
        kwargs: Vec<(String, HostValue)>,
    ) -> Result<HostValue, HostError> {
        let call = || -> PyResult<HostValue> {
            let Some(f) = self.functions.get(i) else {
                return Err(PyRuntimeError::new_err("no such host function"));
            };
            let f = f.bind(py);
            let a = args
                .into_iter()
                .map(|x| to_py(py, x, jobs))
                .collect::<PyResult<Vec<_>>>()?;
            let kw = PyDict::new(py);
            for (k, v) in kwargs {
                kw.set_item(k, to_py(py, v, jobs)?)?;
            }
            let r = f.call(PyTuple::new(py, a)?, Some(&kw))?;
            to_host(&r, jobs)
        };
        call().map_err(|e| host_error(py, &e))
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
fn host_error(py: Python<'_>, e: &PyErr) -> HostError {
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
fn error(err: PyErr, kind: &str, message: &str, traceback: &str) -> PyErr {
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
    m.add("CompartmentError", py.get_type::<CompartmentError>())?;
    m.add("TimeoutError", py.get_type::<TimeoutError>())?;
    m.add("MemoryLimitError", py.get_type::<MemoryLimitError>())?;
    m.add("RecursionLimitError", py.get_type::<RecursionLimitError>())?;
    Ok(())
}
