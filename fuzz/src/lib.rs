//! Shared harness of the fuzz targets that run programs.

use capy_vm::{Limits, PyResult, Value, Vm};
use std::rc::Rc;
use std::time::Duration;

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
    let spawned = std::thread::Builder::new()
        .stack_size(STACK_BYTES)
        .spawn(move || {
            let limits = Limits {
                heap_bytes: 16 << 20,
                recursion: 200,
                timeout: Some(Duration::from_secs(1)),
            };
            let mut vm = Vm::new(limits);
            vm.set_output(Box::new(std::io::sink()), Box::new(std::io::sink()));
            // Imports must not reach the fuzzing machine's files.
            vm.sys_path = Vec::new();
            let r = load(&mut vm).and_then(|code| {
                let globals = vm.new_dict_obj();
                let name = vm.new_str("__main__")?;
                vm.dict_set_str(globals, "__name__", name)?;
                let b = Value::Obj(vm.builtins);
                vm.dict_set_str(globals, "__builtins__", b)?;
                vm.extra_roots.push(Value::Obj(globals));
                vm.start_clock();
                vm.run_code(&code, globals, Value::Null)
            });
            if let Err(e) = r {
                let _ = vm.format_exception(e);
            }
            vm.flush();
        });
    // Failing to start a thread is the fuzzing machine's trouble, not the
    // input's: skip the input rather than report a crash.
    let Ok(t) = spawned else {
        eprintln!("fuzz harness: cannot start the interpreter thread; input skipped");
        return;
    };
    if t.join().is_err() {
        // The panic hook of libfuzzer-sys aborts first; this is a backstop.
        std::process::abort();
    }
}
