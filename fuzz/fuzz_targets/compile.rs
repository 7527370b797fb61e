//! Arbitrary UTF-8 source → `compile`. The compiler must never panic; what
//! it produces must pass the verifier and survive a file round trip.
#![no_main]

use capy_compiler::serialize::{from_bytes, same_code, to_bytes};
use capy_compiler::validate::validate;
use capy_compiler::{compile, Mode};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(code) = compile(source, "<fuzz>", Mode::Exec) {
        if let Err(e) = validate(&code) {
            panic!("compiler output fails validation: {e}");
        }
        let loaded = match from_bytes(&to_bytes(&code)) {
            Ok(c) => c,
            Err(e) => panic!("compiler output does not load: {e}"),
        };
        assert!(
            same_code(&code, &loaded),
            "round trip changed the code object"
        );
    }
});
