//! Arbitrary bytes → `from_bytes`. The loader must never panic; whatever it
//! accepts must be valid, re-serialize, and load again to an equal object.
#![no_main]

use capy_compiler::serialize::{from_bytes, same_code, to_bytes};
use capy_compiler::validate::validate;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(code) = from_bytes(data) {
        validate(&code).expect("loaded code must validate");
        let bytes = to_bytes(&code);
        let again = from_bytes(&bytes).expect("re-serialized code must load");
        assert!(
            same_code(&code, &again),
            "round trip changed the code object"
        );
        assert_eq!(
            bytes,
            to_bytes(&again),
            "serialization is not deterministic"
        );
    }
});
