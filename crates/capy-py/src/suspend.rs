//! Suspending a run at a host call: `capy.external(name)` declares a
//! granted function the host answers later; `Compartment.start` returns a
//! [`Pending`] at its call (or a [`Done`]), and the pending run goes on
//! with `resume(value)` or `throw(exc)`. Also `capy.Dir`, the directory
//! grant.
//!
//! The compartment's thread simply waits for the answer meanwhile: the
//! running code's state stays on its stack. A pending run is the
//! compartment's only job until it is answered, reset or closed.

use crate::convert::{to_host, to_py};
use crate::serve::{First, Mode, Served};
use crate::{error, host_error, Compartment, CompartmentError, SnapshotError};
use capy_vm::embed::snapshot::{self, Answer};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyTuple};
use pyo3::IntoPyObjectExt;
use std::sync::atomic::{AtomicBool, Ordering};

/// `capy.external(name)`: granted under a name, a function whose calls
/// suspend a `start` and are answered by the host.
#[pyclass(module = "capy", frozen)]
pub struct External {
    #[pyo3(get)]
    pub name: String,
}

#[pymethods]
impl External {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let name = pyo3::types::PyString::new(py, &self.name).repr()?;
        Ok(format!("capy.external({name})"))
    }
}

#[pyfunction]
pub fn external(name: &str) -> PyResult<External> {
    if name.is_empty() {
        return Err(PyValueError::new_err(
            "external: the name must not be empty",
        ));
    }
    Ok(External {
        name: name.to_string(),
    })
}

/// `capy.Dir(path, write=False)`: a directory granted with `fs=`.
#[pyclass(module = "capy", frozen)]
pub struct Dir {
    pub path: std::path::PathBuf,
    #[pyo3(get)]
    pub write: bool,
}

#[pymethods]
impl Dir {
    #[new]
    #[pyo3(signature = (path, write=false))]
    fn new(path: std::path::PathBuf, write: bool) -> Dir {
        Dir { path, write }
    }

    #[getter]
    fn path(&self) -> String {
        self.path.display().to_string()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let path = pyo3::types::PyString::new(py, &self.path.display().to_string()).repr()?;
        let write = if self.write { "True" } else { "False" };
        Ok(format!("capy.Dir({path}, write={write})"))
    }
}

/// The end of a started run: `.value`, as `run` would have returned it.
#[pyclass(module = "capy", frozen)]
pub struct Done {
    #[pyo3(get)]
    value: Py<PyAny>,
}

#[pymethods]
impl Done {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("<capy.Done {}>", self.value.bind(py).repr()?))
    }
}

/// A started run waiting in a call of an external (or async) function:
/// `.name`, `.args`, `.kwargs`; `resume(value)` or `throw(exc)` goes on.
#[pyclass(module = "capy", frozen)]
pub struct Pending {
    comp: Py<Compartment>,
    gen: u64,
    index: usize,
    #[pyo3(get)]
    name: String,
    #[pyo3(get)]
    args: Py<PyTuple>,
    #[pyo3(get)]
    kwargs: Py<PyDict>,
    used: AtomicBool,
}

#[pymethods]
impl Pending {
    /// The compartment it belongs to.
    #[getter]
    fn compartment(&self, py: Python<'_>) -> Py<Compartment> {
        self.comp.clone_ref(py)
    }

    /// Whether it waits in an async host function (awaited by `await`).
    #[getter]
    fn is_async(&self, py: Python<'_>) -> bool {
        self.function(py).is_some()
    }

    /// The coroutine function it waits in (None for an external).
    #[getter]
    fn _function(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.function(py)
    }

    /// Goes on with `value` as the call's result: a Done or a Pending.
    #[pyo3(signature = (value=None))]
    fn resume(&self, py: Python<'_>, value: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
        let jobs = self.comp.borrow(py).jobs()?;
        let v = match value {
            Some(v) => to_host(v, &jobs)?,
            None => capy_vm::embed::HostValue::None,
        };
        self.answer(py, Answer::Value(v))
    }

    /// Goes on with `exc` raised by the call (as the nearest built-in
    /// exception type, as a host function's exception is).
    fn throw(&self, py: Python<'_>, exc: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let err = if exc.is_instance_of::<pyo3::exceptions::PyBaseException>() {
            PyErr::from_value(exc.clone())
        } else if exc.is_instance_of::<pyo3::types::PyType>() {
            PyErr::from_value(exc.call0()?)
        } else {
            return Err(PyTypeError::new_err(
                "throw() takes an exception or an exception type",
            ));
        };
        self.answer(py, Answer::Error(host_error(py, &err)))
    }

    /// The compartment's state at this point, as bytes authenticated with
    /// `key` (HMAC-SHA256): `capy.restore(data, key)` brings it back.
    fn snapshot<'py>(&self, py: Python<'py>, key: Vec<u8>) -> PyResult<Bound<'py, PyBytes>> {
        if self.used.load(Ordering::Relaxed) {
            return Err(stale_error());
        }
        if self.function(py).is_some() {
            return Err(SnapshotError::new_err(
                "cannot snapshot: an async host call is in flight",
            ));
        }
        let data = self.comp.borrow(py).snapshot(self.gen, &key)?;
        Ok(PyBytes::new(py, &data))
    }

    fn __await__(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let aio = slf.py().import("capy._aio")?;
        Ok(aio
            .call_method1("drive", (slf,))?
            .call_method0("__await__")?
            .unbind())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "<capy.Pending {}(*{}, **{})>",
            self.name,
            self.args.bind(py).repr()?,
            self.kwargs.bind(py).repr()?
        ))
    }
}

impl Pending {
    fn function(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        match &self.comp.borrow(py).functions.get(self.index)?.kind {
            crate::Kind::Async(f) => Some(f.clone_ref(py)),
            _ => None,
        }
    }

    fn answer(&self, py: Python<'_>, answer: Answer) -> PyResult<Py<PyAny>> {
        if self.used.swap(true, Ordering::Relaxed) {
            return Err(stale_error());
        }
        let served = self.comp.borrow(py).drive(
            py,
            First::Answer(self.gen, answer),
            &mut Mode::suspend(),
        )?;
        outcome(py, self.comp.clone_ref(py), served)
    }
}

/// A Done, a Pending, or the job's error raised.
pub fn outcome(py: Python<'_>, comp: Py<Compartment>, served: Served) -> PyResult<Py<PyAny>> {
    let jobs = comp.borrow(py).jobs()?;
    match served {
        Served::Msg(crate::Msg::Done(Ok(v))) => Done {
            value: to_py(py, v, &jobs)?,
        }
        .into_py_any(py),
        Served::Msg(crate::Msg::Done(Err(e))) => Err(crate::raise(&e)),
        Served::Msg(_) => Err(pyo3::exceptions::PyRuntimeError::new_err(
            "compartment: unexpected answer",
        )),
        Served::Suspended {
            gen,
            index,
            args,
            kwargs,
        } => {
            let (a, kw) = crate::convert::arguments(py, args, kwargs, &jobs)?;
            let name = comp.borrow(py).functions[index].name.clone();
            Pending {
                comp,
                gen,
                index,
                name,
                args: PyTuple::new(py, a)?.unbind(),
                kwargs: kw.unbind(),
                used: AtomicBool::new(false),
            }
            .into_py_any(py)
        }
    }
}

/// CompartmentError (kind "Pending"): a job while a `start` waits.
pub fn pending_error(name: &str) -> PyErr {
    let message = format!(
        "compartment '{name}' has a pending start(): resume or throw its Pending, or reset the compartment"
    );
    error(
        CompartmentError::new_err(format!("Pending: {message}")),
        "Pending",
        &message,
        "",
    )
}

/// CompartmentError (kind "Resumed"): a Pending answered already, or
/// abandoned by a reset or close.
pub fn stale_error() -> PyErr {
    let message = "this Pending was already resumed (or its compartment was reset or closed)";
    error(
        CompartmentError::new_err(format!("Resumed: {message}")),
        "Resumed",
        message,
        "",
    )
}

impl Compartment {
    /// The snapshot of the compartment pending at generation `gen`.
    fn snapshot(&self, gen: u64, key: &[u8]) -> PyResult<Vec<u8>> {
        if !matches!(*self.lock_pending(), Some((g, _)) if g == gen) {
            return Err(stale_error());
        }
        let refuse = |why: &str| {
            SnapshotError::new_err(format!(
                "cannot snapshot compartment '{}': {why}",
                self.name
            ))
        };
        if let Some(why) = &self.unsnapshottable {
            return Err(refuse(why));
        }
        let (Some(log), Some(tape)) = (self.jobs.log(), &self.tape) else {
            return Err(refuse("it records no history"));
        };
        if let Some(why) = &log.spoiled {
            return Err(refuse(why));
        }
        let mut image = self.image.clone();
        image.steps = log.steps.clone();
        image.answers = log.answers.clone();
        image.outcomes = log.outcomes.clone();
        drop(log);
        image.tape = tape.recorded();
        snapshot::seal(&image, key).map_err(|e| SnapshotError::new_err(e.0))
    }
}
