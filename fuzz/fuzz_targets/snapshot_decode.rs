//! Arbitrary bytes → the decoder of embedded sandboxes' snapshots
//! (`capy_vm::embed::snapshot`). It must never panic nor allocate more
//! than the input justifies; whatever it accepts must re-encode to bytes
//! that decode to the same encoding. `open` (MAC first) must never panic
//! either.
#![no_main]

use capy_vm::embed::snapshot::{decode_image, encode_image, open};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = open(data, b"0123456789abcdef0123456789abcdef");
    if let Ok(image) = decode_image(data) {
        let bytes = encode_image(&image);
        let again = decode_image(&bytes).expect("a re-encoded image must decode");
        assert_eq!(bytes, encode_image(&again), "encoding is not stable");
    }
});
