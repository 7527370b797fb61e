//! `capy.restore(data, key)`: a compartment brought back from a snapshot
//! (suspend.rs makes them), at the call its run was pending in.
//!
//! The snapshot is the compartment's log (how it was made, every request,
//! every answer of a host call, its readings of the world). Restoring
//! makes the compartment again and replays the log: the code runs again,
//! answered from the log (the host is not called, nothing is printed), so
//! a restore costs what the recorded runs cost.

use crate::serve::{First, Mode, Replay, Served};
use crate::worker::{Job, Jobs, Spec};
use crate::{Compartment, Granted, Kind, SnapshotError, SERIAL};
use capy_vm::embed::snapshot::{self, FnKind, Step};
use capy_vm::embed::Tape;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use std::sync::atomic::Ordering;
use std::time::Duration;

/// Restores the snapshot `data` authenticated with `key`: the Pending it
/// was taken at. `grants` gives the host callables again (by name: they
/// are not in a snapshot); `stdout` receives what is printed from now on.
#[pyfunction]
#[pyo3(signature = (data, key, *, grants=None, stdout=None))]
pub fn restore(
    py: Python<'_>,
    data: Vec<u8>,
    key: Vec<u8>,
    grants: Option<&Bound<'_, PyDict>>,
    stdout: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let image = snapshot::open(&data, &key).map_err(|e| SnapshotError::new_err(e.0))?;
    let stdout = crate::options::stdout(stdout)?;
    let mut functions = Vec::with_capacity(image.functions.len());
    for (name, kind) in &image.functions {
        let kind = match kind {
            FnKind::External => Kind::External,
            FnKind::Host => Kind::Host(callable(grants, name)?),
            FnKind::Async => Kind::Async(callable(grants, name)?),
        };
        functions.push((
            name.clone(),
            Granted {
                name: name.clone(),
                kind,
            },
        ));
    }
    let serial = SERIAL.fetch_add(1, Ordering::Relaxed);
    let spec = Spec {
        name: image.name.clone(),
        heap: usize::try_from(image.heap).unwrap_or(usize::MAX).max(1),
        timeout: image.timeout_nanos.map(Duration::from_nanos),
        recursion: (image.recursion as usize).clamp(1, capy_vm::budget::MAX_RECURSION),
        steps: image.step_limit,
        values: image.values.clone(),
        functions: Vec::new(),
        // Text printed by the replay is dropped: it was printed already.
        stdout_callback: image.stdout_callback,
        dirs: Vec::new(),
        tape: Some(Tape::replaying(image.tape.clone())),
    };
    let jobs = Jobs::new(image.name.clone(), serial, std::sync::mpsc::channel().0);
    let comp = Compartment::make(py, spec, functions, stdout, jobs, None)?;
    let comp = Py::new(py, comp)?;
    replay(py, comp, image.steps, image.answers, image.outcomes)
}

/// The host callable `name` from `grants`.
fn callable(grants: Option<&Bound<'_, PyDict>>, name: &str) -> PyResult<Py<PyAny>> {
    let found = grants.and_then(|g| g.get_item(PyString::new(g.py(), name)).ok().flatten());
    match found {
        Some(f) if f.is_callable() => Ok(f.unbind()),
        _ => Err(SnapshotError::new_err(format!(
            "the snapshot's compartment was granted host function '{name}': restore it with grants={{'{name}': ...}}"
        ))),
    }
}

/// Replays `steps` in `comp`, answering its host calls from `answers`,
/// to the pending call the snapshot was taken at.
fn replay(
    py: Python<'_>,
    comp: Py<Compartment>,
    steps: Vec<Step>,
    answers: Vec<(u64, snapshot::Answer)>,
    outcomes: Vec<Option<String>>,
) -> PyResult<Py<PyAny>> {
    let mut rp = Replay {
        answers: answers.into(),
        outcomes: outcomes.into(),
    };
    let c = comp.borrow(py);
    let mut steps = steps.into_iter();
    while let Some(step) = steps.next() {
        if let Step::Release(id) = step {
            c.jobs.release(id);
            continue;
        }
        let start = matches!(step, Step::Start(_));
        let served = c.drive(
            py,
            First::Job(Job::Step(step)),
            &mut Mode::replaying(start, &mut rp),
        );
        let served = match served {
            Err(e) => {
                drop(c);
                let _ = comp.borrow(py).close(py);
                return Err(e);
            }
            Ok(s) => s,
        };
        if let Served::Suspended { .. } = served {
            // The pending call: only releases of handles may follow it.
            let rest_ok = rp.answers.is_empty()
                && rp.outcomes.is_empty()
                && steps.all(|s| match s {
                    Step::Release(id) => {
                        c.jobs.release(id);
                        true
                    }
                    _ => false,
                });
            if !rest_ok {
                drop(c);
                let _ = comp.borrow(py).close(py);
                return Err(SnapshotError::new_err(
                    "the replay diverged from the snapshot (it suspended early)",
                ));
            }
            drop(c);
            return crate::suspend::outcome(py, comp, served);
        }
    }
    drop(c);
    let _ = comp.borrow(py).close(py);
    Err(SnapshotError::new_err("the snapshot holds no pending call"))
}
