//! The thread that owns a compartment's interpreter.
//!
//! An interpreter is bound to the thread that made it (it shares that
//! thread's frozen built-ins), so each compartment gets a thread of its
//! own (taken from the parked ones when it can: pool.rs). The host thread sends it a [`Job`] and waits, without the GIL, for
//! the [`Msg`]s that come back: requests to call a granted host function
//! or to deliver printed text (served on the host thread, with the GIL,
//! so host code always runs on the thread that called into the
//! compartment), and finally the job's result.

use capy_vm::embed::snapshot::{Answer, Step};
use capy_vm::embed::{EmbedError, HostError, HostValue, Sandbox, Stdout, Tape};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::atomic::AtomicBool;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a waiting side polls before it sleeps: a warm request's
/// round trip takes a few microseconds, less than waking a sleeping
/// thread costs.
const SPIN: Duration = Duration::from_micros(50);

/// What the host asks of a compartment: a request, as its log keeps it
/// ([`Step::Output`] is answered with [`Msg::Text`], [`Step::Release`]
/// not at all), or to stop.
pub enum Job {
    Step(Step),
    Stop,
}

/// What comes back to the waiting host thread.
pub enum Msg {
    /// The job's result.
    Done(Result<HostValue, EmbedError>),
    /// The captured output (the reply to [`Step::Output`]).
    Text(String),
    /// Call granted host function number `.0`; the worker waits for the
    /// reply on its reply channel.
    HostCall(usize, Vec<HostValue>, Vec<(String, HostValue)>),
    /// Printed text for the host's `stdout` callable.
    Stdout(String),
}

/// The host's answer to a host call (kept in the compartment's log).
pub type Reply = Answer;

/// The host handles to each opaque object (each opaque value sent to the
/// host becomes one): the object is released with the last.
type Held = Rc<RefCell<HashMap<u64, usize>>>;

/// How to make the compartment.
pub struct Spec {
    pub name: String,
    pub heap: usize,
    pub timeout: Option<Duration>,
    pub recursion: usize,
    pub steps: Option<u64>,
    pub values: Vec<(String, HostValue)>,
    /// Granted host functions: name, index into the host's table, and
    /// whether its calls may suspend the run (external and async ones:
    /// their wait is not charged to the run's time).
    pub functions: Vec<(String, usize, bool)>,
    /// Whether printed text goes to the host's callable (else captured).
    pub stdout_callback: bool,
    /// Granted directories (path, writable).
    pub dirs: Vec<(std::path::PathBuf, bool)>,
    /// Where its readings of the world are recorded (and replayed from),
    /// if it records (read straight from the world otherwise).
    pub tape: Option<Tape>,
}

/// The queue of jobs of one compartment, shared with its handles (which
/// send their releases through it).
pub struct Jobs {
    pub name: String,
    pub serial: u64,
    pub tx: Sender<Job>,
    /// Everything that changed the compartment since it was made: what a
    /// snapshot replays (snapshot.rs). None when it does not record (it
    /// can never be snapshotted): its jobs then pay nothing for it.
    pub log: Option<Mutex<Log>>,
}

/// A compartment's record of its requests and of the answers it got.
#[derive(Default)]
pub struct Log {
    pub steps: Vec<Step>,
    /// Host calls: the function's index and the host's answer.
    pub answers: Vec<(u64, Answer)>,
    /// Each finished request: None, or its error's kind.
    pub outcomes: Vec<Option<String>>,
    /// Why the compartment can no longer be snapshotted, if it cannot.
    pub spoiled: Option<String>,
}

/// The most entries (requests, host answers, outcomes) a log keeps: past
/// it the log is dropped and the compartment can no longer be
/// snapshotted, so a long-lived compartment's host memory stays bounded.
pub const LOG_ENTRIES: usize = 100_000;

impl Log {
    /// Whether one more entry may be recorded; drops the log (and says
    /// why in `spoiled`) once it is full.
    pub fn room(&mut self) -> bool {
        if self.steps.len() + self.answers.len() + self.outcomes.len() < LOG_ENTRIES {
            return true;
        }
        if !self.steps.is_empty() || self.spoiled.is_none() {
            *self = Log {
                spoiled: Some(format!(
                    "its history passed {LOG_ENTRIES} recorded requests and answers"
                )),
                ..Log::default()
            };
        }
        false
    }
}

impl Jobs {
    pub fn new(name: String, serial: u64, tx: Sender<Job>) -> Jobs {
        Jobs {
            name,
            serial,
            tx,
            log: None,
        }
    }

    /// Its log, if it records.
    pub fn log(&self) -> Option<std::sync::MutexGuard<'_, Log>> {
        let log = self.log.as_ref()?;
        Some(log.lock().unwrap_or_else(|p| p.into_inner()))
    }

    /// Records `answer` to a call of function `index`, if it records.
    pub fn log_answer(&self, index: usize, answer: &Answer) {
        if let Some(mut log) = self.log() {
            if log.spoiled.is_none() && log.room() {
                log.answers.push((index as u64, answer.clone()));
            }
        }
    }

    /// Sends `job`, logging it first if it records (under the log's lock,
    /// so the log's order is the order the compartment receives them in).
    pub fn send(&self, job: Job) -> Result<(), ()> {
        let Some(mut log) = self.log() else {
            return self.tx.send(job).map_err(|_| ());
        };
        if let Job::Step(step) = &job {
            if log.spoiled.is_none() && log.room() {
                log.steps.push(step.clone());
            }
        }
        self.tx.send(job).map_err(|_| ())
    }

    pub fn release(&self, id: u64) {
        // A closed compartment no longer listens: nothing to release.
        let _ = self.send(Job::Step(Step::Release(id)));
    }
}

/// The host's end of a compartment's thread.
pub struct Worker {
    pub jobs: Arc<Jobs>,
    pub msgs: Receiver<Msg>,
    pub replies: Sender<Reply>,
    /// Disconnected once the compartment's interpreter is dropped (its
    /// thread then goes back to the pool).
    pub ended: Receiver<()>,
    /// Set to stop the running code with KeyboardInterrupt.
    pub interrupt: Arc<AtomicBool>,
}

impl Worker {
    /// Starts the thread and makes the compartment there.
    pub fn start(spec: Spec, jobs: Jobs) -> std::io::Result<Worker> {
        let (job_tx, job_rx) = channel::<Job>();
        let (msg_tx, msg_rx) = channel::<Msg>();
        let (reply_tx, reply_rx) = channel::<Reply>();
        let (flag_tx, flag_rx) = channel();
        let (ended_tx, ended_rx) = channel::<()>();
        crate::pool::run(Box::new(move || {
            let held = Held::default();
            let abandoned = Rc::new(Cell::new(false));
            match make(spec, &msg_tx, reply_rx, &held, &abandoned) {
                Ok(sb) => {
                    let _ = flag_tx.send(Ok(sb.interrupt_flag()));
                    // Drops the interpreter when it returns.
                    serve(sb, job_rx, msg_tx, &held, &abandoned);
                }
                Err(e) => {
                    let _ = flag_tx.send(Err(e));
                }
            }
            ended_tx
        }))?;
        let interrupt = recv_soon(&flag_rx, None)
            .map_err(|_| std::io::Error::other("the compartment's thread did not start"))??;
        Ok(Worker {
            jobs: Arc::new(Jobs { tx: job_tx, ..jobs }),
            msgs: msg_rx,
            replies: reply_tx,
            ended: ended_rx,
            interrupt,
        })
    }
}

/// The sandbox as `spec` says, its host functions forwarding each call
/// to the host thread and waiting for the reply.
fn make(
    spec: Spec,
    msgs: &Sender<Msg>,
    replies: Receiver<Reply>,
    held: &Held,
    abandoned: &Rc<Cell<bool>>,
) -> std::io::Result<Sandbox> {
    let mut b = Sandbox::builder(&spec.name)
        .heap(spec.heap)
        .timeout(spec.timeout)
        .recursion(spec.recursion)
        .steps(spec.steps);
    if let Some(tape) = spec.tape {
        b = b.record(tape);
    }
    for (path, write) in &spec.dirs {
        b = b.grant_dir(path, *write)?;
    }
    for (name, v) in spec.values {
        b = b.grant_value(&name, v);
    }
    let replies = Rc::new(replies);
    // `abandoned`: set when the host abandons a suspended run: the run's
    // later host calls fail at once, until its job ends.
    // The sandbox's interrupt flag, known once it is built: an abandoned
    // run is also interrupted, so it ends soon.
    let stop = Rc::new(RefCell::new(None::<Arc<AtomicBool>>));
    for (name, index, suspends) in spec.functions {
        let (tx, rx, held) = (msgs.clone(), replies.clone(), held.clone());
        let (abandoned, flag) = (abandoned.clone(), stop.clone());
        b = b.grant_fn(&name, move |args, kwargs| {
            let lost = || HostError::new("RuntimeError", "the host stopped waiting for this call");
            if abandoned.get() {
                return Err(lost());
            }
            let mut h = held.borrow_mut();
            args.iter().for_each(|v| count_handles(v, &mut h));
            kwargs.iter().for_each(|(_, v)| count_handles(v, &mut h));
            drop(h);
            tx.send(Msg::HostCall(index, args.to_vec(), kwargs.to_vec()))
                .map_err(|_| lost())?;
            let answer = rx.recv().map_err(|_| lost())?;
            if suspends {
                capy_vm::embed::suspended();
            }
            match answer {
                Answer::Value(v) => Ok(v),
                Answer::Error(e) => Err(e),
                Answer::Abandon => {
                    abandoned.set(true);
                    if let Some(f) = flag.borrow().as_ref() {
                        f.store(true, Ordering::Relaxed);
                    }
                    Err(lost())
                }
            }
        });
    }
    if spec.stdout_callback {
        let tx = msgs.clone();
        b = b.stdout(Stdout::callback(move |s| {
            let _ = tx.send(Msg::Stdout(s.to_string()));
        }));
    }
    let sb = b.build();
    *stop.borrow_mut() = Some(sb.interrupt_flag());
    Ok(sb)
}

/// The compartment's thread: serves jobs until told to stop or until the
/// host is gone.
fn serve(
    mut sb: Sandbox,
    jobs: Receiver<Job>,
    msgs: Sender<Msg>,
    held: &Held,
    abandoned: &Cell<bool>,
) {
    while let Ok(Job::Step(step)) = recv_soon(&jobs, None) {
        abandoned.set(false);
        let done = match step {
            Step::Run(src) | Step::Start(src) => sb.run(&src),
            Step::Call(name, args, kwargs) => sb.call(&name, &args, &kwargs),
            Step::Get(name) => sb.get(&name),
            Step::Reset => {
                sb.reset();
                held.borrow_mut().clear();
                Ok(HostValue::None)
            }
            Step::Output => {
                let _ = msgs.send(Msg::Text(sb.output()));
                continue;
            }
            Step::Release(id) => {
                let mut h = held.borrow_mut();
                if let Some(n) = h.get_mut(&id) {
                    *n -= 1;
                    if *n == 0 {
                        h.remove(&id);
                        sb.release(id);
                    }
                }
                continue;
            }
        };
        if abandoned.get() {
            // The interrupt meant for the abandoned run must not reach
            // the next one.
            sb.interrupt_flag().store(false, Ordering::Relaxed);
        }
        if let Ok(v) = &done {
            count_handles(v, &mut held.borrow_mut());
        }
        if msgs.send(Msg::Done(done)).is_err() {
            break;
        }
    }
}

/// The next message on `rx`, polled for up to [`SPIN`] before sleeping
/// (for up to `timeout`, or until one comes): a host driving a compartment
/// in a loop sends its next request sooner than a sleeping thread wakes.
/// Each poll yields the core: on a busy machine the other side may need
/// this very core to send it (a pure spin then costs the whole [`SPIN`]).
pub fn recv_soon<T>(rx: &Receiver<T>, timeout: Option<Duration>) -> Result<T, RecvTimeoutError> {
    let start = Instant::now();
    let mut polls = 0u32;
    loop {
        match rx.try_recv() {
            Ok(m) => return Ok(m),
            Err(TryRecvError::Disconnected) => return Err(RecvTimeoutError::Disconnected),
            Err(TryRecvError::Empty) => {}
        }
        polls += 1;
        if polls.is_multiple_of(8) && start.elapsed() >= SPIN {
            break;
        }
        std::thread::yield_now();
    }
    match timeout {
        Some(t) => rx.recv_timeout(t),
        None => rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
    }
}

/// Counts the opaque values in `v`: each becomes one host handle.
pub fn count_handles(v: &HostValue, held: &mut HashMap<u64, usize>) {
    match v {
        HostValue::Opaque(id) => *held.entry(*id).or_default() += 1,
        HostValue::List(xs)
        | HostValue::Tuple(xs)
        | HostValue::Set(xs)
        | HostValue::FrozenSet(xs) => xs.iter().for_each(|x| count_handles(x, held)),
        HostValue::Dict(kvs) => kvs.iter().for_each(|(k, x)| {
            count_handles(k, held);
            count_handles(x, held);
        }),
        _ => {}
    }
}
