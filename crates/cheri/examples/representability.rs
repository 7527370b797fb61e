//! Why a 100000-byte buffer can get wider bounds than asked for.
//!
//! Run: cargo run -p capy-cheri --example representability

use cheri::{representable_alignment_mask, representable_length, Capability};

fn show(base: u64, len: u64) {
    let (c, exact) = Capability::root().set_address(base).set_bounds_detail(len);
    let got = c.length().unwrap_or(0);
    println!(
        "set_bounds(base={base:#x}, len={len}) -> [{:#x}, {:#x}) length {got} exact={exact} (+{} bytes)",
        c.base(),
        c.top(),
        got - u128::from(len),
    );
}

fn main() {
    for len in [16_000u64, 16_384, 100_000, 100_001, 1 << 20, (1 << 20) + 1] {
        let mask = representable_alignment_mask(len);
        println!(
            "len {len:>8}: representable_length = {:>8}, alignment_mask = {mask:#x} (base must be a multiple of {})",
            representable_length(len),
            mask.wrapping_neg(),
        );
    }
    println!();
    // A 100000-byte buffer at a 16-byte-aligned address, as malloc gives:
    show(0x10010, 100_000);
    // The same buffer 32-byte aligned is exact:
    show(0x10020, 100_000);
    // One byte more needs 32 extra bytes, wherever it is:
    show(0x10020, 100_001);
    // A 1 MiB + 1 buffer:
    show(0x200000, (1 << 20) + 1);
}
