//! The instance's interrupt flag (set by Ctrl-C) wakes natives that block:
//! a sleep, or a wait for input, ends with KeyboardInterrupt soon after the
//! flag is set, not when the wait would have ended.

use capy_compiler::Mode;
use capy_vm::{ExcKind, Limits, Value, Vm};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Runs `src`, setting the interrupt flag after 200 ms from another
/// thread; returns whether it ended with KeyboardInterrupt, and when.
fn interrupted_after(src: &str) -> (bool, Duration) {
    let mut vm = Vm::new(Limits::default());
    let code = vm.compile(src, "<test>", Mode::Exec).expect("compiles");
    let globals = vm.new_dict_obj().expect("a dict");
    vm.extra_roots.push(Value::Obj(globals));
    let flag = vm.interrupt_flag();
    let setter = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        flag.store(true, Ordering::Relaxed);
    });
    let start = Instant::now();
    vm.start_clock();
    let r = vm.run_code(&code, globals, Value::Null);
    let took = start.elapsed();
    setter.join().unwrap();
    let ki = matches!(r, Err(e) if vm.err_is(e, ExcKind::KeyboardInterrupt));
    (ki, took)
}

#[test]
fn interrupt_wakes_sleep() {
    for src in [
        "import time\ntime.sleep(30)\n",
        "import time\ntime.sleep_ms(30000)\n",
        "import time\ntime.sleep_us(30000000)\n",
        "import asyncio\nasyncio.run(asyncio.sleep(30))\n",
    ] {
        let (ki, took) = interrupted_after(src);
        assert!(ki, "{src:?} did not raise KeyboardInterrupt");
        assert!(took < Duration::from_secs(5), "{src:?} took {took:?}");
    }
}

/// stdin of the test process is whatever cargo gives it; a pipe whose
/// writer stays open is what blocks, so the test makes fd 0 one.
#[cfg(unix)]
#[test]
fn interrupt_wakes_input() {
    let mut fds = [0i32; 2];
    // SAFETY: a two-element array for pipe(2); dup2 onto fd 0 of this
    // test process, whose stdin no other test reads.
    unsafe {
        assert_eq!(libc::pipe(fds.as_mut_ptr()), 0);
        assert!(libc::dup2(fds[0], 0) >= 0);
    }
    let (ki, took) = interrupted_after("input()\n");
    assert!(ki, "input() did not raise KeyboardInterrupt");
    assert!(took < Duration::from_secs(5), "input() took {took:?}");
    let (ki, took) = interrupted_after("import sys\nsys.stdin.readline()\n");
    assert!(ki, "sys.stdin.readline() did not raise KeyboardInterrupt");
    assert!(took < Duration::from_secs(5), "readline took {took:?}");
    // The write end stays open until here, so the reads above blocked.
    unsafe {
        libc::close(fds[1]);
    }
}
