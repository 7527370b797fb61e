//! Bounds and permissions only ever shrink.
//!
//! Run: cargo run -p capy-cheri --example monotonicity

use cheri::{Capability, Memory, Perms};

fn main() {
    let mut mem = Memory::new(0x1000).expect("alloc");
    let root = mem.root();
    println!("root:      {root}");

    // Derive a 64-byte, read/write buffer at 0x200.
    let buf = root
        .set_address(0x200)
        .set_bounds(64)
        .and_perms(Perms::LOAD | Perms::STORE | Perms::GLOBAL);
    println!("buf:       {buf}");

    // Narrow it further: a read-only view of its second half.
    let half = buf.set_address(0x220).set_bounds(32).and_perms(Perms::LOAD);
    println!("half:      {half}");

    // Trying to widen produces an untagged capability, useless as a pointer.
    let wider = half.set_address(0x200).set_bounds(64);
    println!("widened:   {wider}");
    println!("  load:    {}", mem.load_u8(&wider, 0).unwrap_err());
    // Permissions cannot be added back either: and_perms can only clear.
    let rw = half.and_perms(Perms::ALL);
    println!("re-added:  {rw}");
    println!("  store:   {}", mem.store_u8(&rw, 0, 1).unwrap_err());

    // Moving the address outside the bounds is allowed (C pointers do it)
    // as long as the bounds stay representable; using it is not.
    let past = buf.set_address(0x240);
    println!("one past:  {past}");
    println!("  load:    {}", mem.load_u8(&past, 0).unwrap_err());
    // Far outside, the compressed bounds could no longer be decoded: the
    // tag is cleared at once.
    let far = buf.set_address(0x200 + 0x10_0000);
    println!("far away:  {far}");

    // The exact variant reports what set_bounds would silently round.
    match buf.set_address(0x201).set_bounds_exact(63) {
        Ok(c) => println!("exact:     {c}"),
        Err(e) => println!("exact:     {e}"),
    }
    let odd = Capability::root()
        .set_address(0x1001)
        .set_bounds_exact(0x4000);
    println!("exact 16K at 0x1001: {}", odd.unwrap_err());
}
