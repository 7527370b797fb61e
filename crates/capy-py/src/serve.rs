//! The host's side of a compartment's job: sending it, then serving the
//! worker's requests (host calls, printed text) until the job ends, or
//! until the code calls an external function under `start` (the job is
//! then suspended: the worker waits for the answer a `Pending` gives).
//!
//! The same loop replays a snapshot (restore.rs): the host calls are then
//! answered from the snapshot's log, in order, and printed text is
//! dropped (it was printed when the log was made).

use crate::worker::{Job, Msg, Worker};
use crate::{closed_error, host_error, Compartment, Kind, SnapshotError, SIGNAL_POLL};
use capy_vm::embed::snapshot::Answer;
use capy_vm::embed::{HostError, HostValue};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::collections::VecDeque;
use std::sync::atomic::Ordering;

/// How a job begins.
pub enum First {
    /// A new job (refused while a `start` is pending).
    Job(Job),
    /// The answer to the pending `start` of this generation.
    Answer(u64, Answer),
}

/// The answers and outcomes a replay must see, in order.
pub struct Replay {
    pub answers: VecDeque<(u64, Answer)>,
    pub outcomes: VecDeque<Option<String>>,
}

/// How to serve a job.
pub struct Mode<'a> {
    /// Whether a call of an external or async function suspends the job.
    suspend: bool,
    pub replay: Option<&'a mut Replay>,
}

impl Mode<'_> {
    pub fn plain() -> Mode<'static> {
        Mode {
            suspend: false,
            replay: None,
        }
    }

    pub fn suspend() -> Mode<'static> {
        Mode {
            suspend: true,
            replay: None,
        }
    }

    pub fn replaying(suspend: bool, replay: &mut Replay) -> Mode<'_> {
        Mode {
            suspend,
            replay: Some(replay),
        }
    }
}

/// How serving a job ended.
pub enum Served {
    /// The job's last message (its result, or the captured text).
    Msg(Msg),
    /// The code called function `index` (external or async) under
    /// `start`; the job waits for the answer of generation `gen`.
    Suspended {
        gen: u64,
        index: usize,
        args: Vec<HostValue>,
        kwargs: Vec<(String, HostValue)>,
    },
}

fn diverged(what: &str) -> PyErr {
    SnapshotError::new_err(format!(
        "the replay diverged from the snapshot ({what}): the code does not behave as when it was recorded"
    ))
}

impl Compartment {
    /// Begins a job and serves it with the GIL released.
    pub(crate) fn drive(&self, py: Python<'_>, first: First, mode: &mut Mode) -> PyResult<Served> {
        self.refuse_reentry("used")?;
        py.detach(|| {
            let guard = self.worker.lock().unwrap_or_else(|p| p.into_inner());
            let Some(w) = guard.as_ref() else {
                return Err(closed_error(&self.name));
            };
            *self.running_on.lock().unwrap_or_else(|p| p.into_inner()) =
                Some(std::thread::current().id());
            let r = self.begin(w, first).and_then(|_| self.serve(w, mode));
            if let Ok(Served::Suspended { gen, index, .. }) = &r {
                *self.lock_pending() = Some((*gen, *index));
            }
            *self.running_on.lock().unwrap_or_else(|p| p.into_inner()) = None;
            r
        })
    }

    fn begin(&self, w: &Worker, first: First) -> PyResult<()> {
        let lost = || PyRuntimeError::new_err(format!("compartment '{}' stopped", self.name));
        match first {
            First::Job(job) => {
                if self.lock_pending().is_some() {
                    return Err(crate::suspend::pending_error(&self.name));
                }
                w.jobs.send(job).map_err(|_| lost())
            }
            First::Answer(gen, answer) => {
                let mut p = self.lock_pending();
                let index = match *p {
                    Some((g, index)) if g == gen => index,
                    _ => return Err(crate::suspend::stale_error()),
                };
                *p = None;
                drop(p);
                w.jobs.log_answer(index, &answer);
                w.replies.send(answer).map_err(|_| lost())
            }
        }
    }

    /// Serves the worker's requests until the job ends or suspends.
    fn serve(&self, w: &Worker, mode: &mut Mode) -> PyResult<Served> {
        let lost = || PyRuntimeError::new_err(format!("compartment '{}' stopped", self.name));
        let mut interrupted: Option<PyErr> = None;
        loop {
            let msg = match crate::worker::recv_soon(&w.msgs, Some(SIGNAL_POLL)) {
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
                    let answer = match self.answer(w, mode, i, args, kwargs)? {
                        Ok(a) => a,
                        Err(suspended) => return Ok(suspended),
                    };
                    w.jobs.log_answer(i, &answer);
                    w.replies.send(answer).map_err(|_| lost())?;
                }
                Msg::Stdout(text) => {
                    if mode.replay.is_none() {
                        Python::attach(|py| self.print(py, &text));
                    }
                }
                Msg::Done(r) => {
                    self.record_outcome(w, mode, &r)?;
                    return match interrupted {
                        Some(e) => Err(e),
                        None => Ok(Served::Msg(Msg::Done(r))),
                    };
                }
                done => {
                    return match interrupted {
                        Some(e) => Err(e),
                        None => Ok(Served::Msg(done)),
                    }
                }
            }
        }
    }

    /// The answer to a call of granted function `i`, or the suspension
    /// of the job there.
    fn answer(
        &self,
        w: &Worker,
        mode: &mut Mode,
        i: usize,
        args: Vec<HostValue>,
        kwargs: Vec<(String, HostValue)>,
    ) -> PyResult<Result<Answer, Served>> {
        if let Some(r) = mode.replay.as_deref_mut() {
            if let Some((index, a)) = r.answers.pop_front() {
                if index as usize != i {
                    return Err(diverged("another function was called"));
                }
                return Ok(Ok(a));
            }
        }
        let Some(g) = self.functions.get(i) else {
            return Err(PyRuntimeError::new_err("no such host function"));
        };
        let refuse = |what: &str| {
            Ok(Ok(Answer::Error(HostError::new(
                "RuntimeError",
                format!(
                    "{what} '{}' can be called only under {}",
                    g.name,
                    if what == "external function" {
                        "start()"
                    } else {
                        "run_async() or start()"
                    }
                ),
            ))))
        };
        match &g.kind {
            Kind::External | Kind::Async(_) if mode.suspend => {
                let gen = self.generation.fetch_add(1, Ordering::Relaxed) + 1;
                Ok(Err(Served::Suspended {
                    gen,
                    index: i,
                    args,
                    kwargs,
                }))
            }
            _ if mode.replay.is_some() => {
                Err(diverged("a host call the snapshot has no answer for"))
            }
            Kind::External => refuse("external function"),
            Kind::Async(_) => refuse("async host function"),
            Kind::Host(f) => Ok(Ok(Python::attach(|py| {
                match self.host_call(py, w, f, args, kwargs) {
                    Ok(v) => Answer::Value(v),
                    Err(e) => Answer::Error(e),
                }
            }))),
        }
    }

    /// Logs how a job ended; a replay checks it ended as it did before.
    fn record_outcome(
        &self,
        w: &Worker,
        mode: &mut Mode,
        r: &Result<HostValue, capy_vm::embed::EmbedError>,
    ) -> PyResult<()> {
        let outcome = r.as_ref().err().map(|e| e.kind.name().to_string());
        if let Some(mut log) = w.jobs.log() {
            // A wall clock or a Ctrl-C decided these: a replay may not.
            let why = match outcome.as_deref() {
                Some("Timeout") => Some("a run ended by its time limit"),
                Some("KeyboardInterrupt") => Some("a run was interrupted"),
                _ => None,
            };
            if let (Some(why), None) = (why, &log.spoiled) {
                log.spoiled = Some(format!("{why}, which a replay cannot reproduce"));
            }
            if log.spoiled.is_none() && log.room() {
                log.outcomes.push(outcome.clone());
            }
        }
        if let Some(rp) = mode.replay.as_deref_mut() {
            match rp.outcomes.pop_front() {
                Some(o) if o == outcome => {}
                _ => return Err(diverged("a request ended otherwise")),
            }
        }
        Ok(())
    }

    /// Calls granted host callable `f`; its exception becomes a host
    /// error naming the nearest built-in exception type it derives from.
    fn host_call(
        &self,
        py: Python<'_>,
        w: &Worker,
        f: &Py<PyAny>,
        args: Vec<HostValue>,
        kwargs: Vec<(String, HostValue)>,
    ) -> Result<HostValue, HostError> {
        let call = || -> PyResult<HostValue> {
            let (a, kw) = crate::convert::arguments(py, args, kwargs, &w.jobs)?;
            let r = f.bind(py).call(PyTuple::new(py, a)?, Some(&kw))?;
            crate::convert::to_host(&r, &w.jobs)
        };
        call().map_err(|e| host_error(py, &e))
    }
}
