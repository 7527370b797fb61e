//! Arbitrary bytes → `serialize::from_bytes` → if accepted, run in a fresh
//! `Vm` under small limits. Loaded (validated) bytecode that no compiler
//! produced must still never make the VM panic, abort or hang.
#![no_main]

use capy_fuzz::run_limited;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if capy_compiler::serialize::from_bytes(data).is_err() {
        return;
    }
    let data = data.to_vec();
    run_limited(move |vm| {
        // Re-load inside the thread: `Code` holds `Rc`s and is not `Send`.
        capy_compiler::serialize::from_bytes(&data)
            .map_err(|_| vm.error(capy_vm::ExcKind::ValueError, "bad bytecode"))
    });
});
