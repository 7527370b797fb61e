//! Fuzz bytes → a generated Python program (`capy_fuzz::pygen`) → run in
//! capy (in process) and in CPython (subprocess); their stdout and final
//! uncaught exception must agree (`capy_fuzz::diff` for the rules and what
//! is skipped). A difference panics with the program and both outputs;
//! reproduce with `cargo run --release --example diffgen -- --run INPUT`.
#![no_main]

use capy_fuzz::diff::{check, Verdict};
use capy_fuzz::pygen::generate;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let program = generate(data);
    match check(&program) {
        Verdict::Same | Verdict::Skip(_) => {}
        Verdict::Differ(report) => panic!("{report}"),
    }
});
