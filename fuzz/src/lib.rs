//! Shared harness of the fuzz targets that run programs.

pub mod diff;
pub mod pygen;

use capy_vm::{Limits, PyResult, Value, Vm};
use std::io::Write;
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The interpreter recurses on the native stack (Python calls, nested
/// expressions, repr of nested containers), so each input runs on a thread
/// with a stack as roomy as the CLI's is relative to its limits.
const STACK_BYTES: usize = 256 << 20;

/// Builds a fresh instance with small limits and output going nowhere, gets
/// the code from `load` (compile or deserialize) and runs it as `__main__`,
/// then formats any uncaught exception as the CLI would.
pub fn run_limited<F>(load: F)
where
    F: FnOnce(&mut Vm) -> PyResult<Rc<capy_compiler::Code>> + Send + 'static,
{
    let limits = Limits {
        heap_bytes: 16 << 20,
        recursion: 200,
        timeout: Some(Duration::from_secs(1)),
        ..Limits::default()
    };
    run_on_thread(limits, None, load);
}

/// What a program did in capy ([`run_capture`]).
pub struct CapyRun {
    /// Everything it printed to stdout.
    pub stdout: Vec<u8>,
    /// The formatted traceback of an uncaught exception (or SyntaxError).
    pub uncaught: Option<String>,
    /// Wall-clock time of compile + run.
    pub elapsed: Duration,
}

/// A `Write` whose bytes the harness reads back after the run.
#[derive(Clone, Default)]
struct SharedBuf(Arc<Mutex<Vec<u8>>>);

impl Write for SharedBuf {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        if let Ok(mut v) = self.0.lock() {
            v.extend_from_slice(b);
        }
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Compiles and runs `source` as `__main__` in a fresh instance with
/// `limits`, capturing stdout and the uncaught exception. `None` if the
/// interpreter thread could not be started.
pub fn run_capture(source: String, limits: Limits) -> Option<CapyRun> {
    let out = SharedBuf::default();
    let uncaught: Arc<Mutex<Option<String>>> = Arc::default();
    let start = Instant::now();
    let ok = run_on_thread(limits, Some((out.clone(), uncaught.clone())), move |vm| {
        vm.compile(&source, "<fuzz>", capy_compiler::Mode::Exec)
    });
    let elapsed = start.elapsed();
    if !ok {
        return None;
    }
    let stdout = std::mem::take(&mut *out.0.lock().ok()?);
    let uncaught = uncaught.lock().ok()?.take();
    Some(CapyRun {
        stdout,
        uncaught,
        elapsed,
    })
}

type Capture = (SharedBuf, Arc<Mutex<Option<String>>>);

/// Runs the code from `load` in a fresh `Vm` on a roomy thread; with
/// `capture`, stdout goes to its buffer and the formatted uncaught
/// exception to its slot (else output goes nowhere). False if the thread
/// could not be started.
fn run_on_thread<F>(limits: Limits, capture: Option<Capture>, load: F) -> bool
where
    F: FnOnce(&mut Vm) -> PyResult<Rc<capy_compiler::Code>> + Send + 'static,
{
    let spawned = std::thread::Builder::new()
        .stack_size(STACK_BYTES)
        .spawn(move || {
            let mut vm = Vm::new(limits);
            match &capture {
                Some((out, _)) => vm.set_output(Box::new(out.clone()), Box::new(std::io::sink())),
                None => vm.set_output(Box::new(std::io::sink()), Box::new(std::io::sink())),
            }
            // Imports, `open` and `os` must not reach the fuzzing
            // machine's files or environment: a sandbox with nothing given.
            vm.sys_path = Vec::new();
            vm.comp.host = capy_vm::host::SandboxSpec::default().deny_all();
            let r = load(&mut vm).and_then(|code| {
                let globals = vm.new_dict_obj()?;
                let name = vm.new_str("__main__")?;
                vm.dict_set_str(globals, "__name__", name)?;
                let b = Value::Obj(vm.builtins);
                vm.dict_set_str(globals, "__builtins__", b)?;
                vm.extra_roots.push(Value::Obj(globals));
                vm.start_clock();
                vm.run_code(&code, globals, Value::Null)
            });
            if let Err(e) = r {
                let text = vm.format_exception(e);
                if let Some((_, slot)) = &capture {
                    if let Ok(mut s) = slot.lock() {
                        *s = Some(text);
                    }
                }
            }
            vm.flush();
        });
    // Failing to start a thread is the fuzzing machine's trouble, not the
    // input's: skip the input rather than report a crash.
    let Ok(t) = spawned else {
        eprintln!("fuzz harness: cannot start the interpreter thread; input skipped");
        return false;
    };
    if t.join().is_err() {
        // The panic hook of libfuzzer-sys aborts first; this is a backstop.
        std::process::abort();
    }
    true
}
