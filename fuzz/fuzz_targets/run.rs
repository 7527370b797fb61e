//! Arbitrary UTF-8 source → compile → run in a fresh `Vm` under small
//! limits. Whatever the program does, the runtime must not panic, abort,
//! overflow the native stack or run past its time budget (libFuzzer's
//! `-timeout` catches a hang; keep it well above the 1 s budget).
#![no_main]

use capy_fuzz::run_limited;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    let source = source.to_string();
    run_limited(move |vm| vm.compile(&source, "<fuzz>", capy_compiler::Mode::Exec));
});
