//! Sealing a capability to use it as an opaque handle.
//!
//! A "library" owns some state in tagged memory and hands its clients
//! sealed capabilities to it. A client can store and pass the handle around
//! but can neither read through it nor change it; only the library, which
//! holds the unsealing capability for that object type, can turn it back
//! into a usable pointer.
//!
//! Run: cargo run -p capy-cheri --example sealing

use cheri::{Capability, Memory, Perms};

struct Library {
    /// Seal/Unseal authority for exactly one object type, 0x42.
    key: Capability,
}

impl Library {
    fn open(mem: &mut Memory, root: &Capability) -> (Library, Capability) {
        // The library's state: 32 bytes at 0x100, with a secret in it.
        let state = root
            .set_address(0x100)
            .set_bounds(32)
            .and_perms(Perms::LOAD | Perms::STORE | Perms::GLOBAL);
        mem.store_u64(&state, 0, 0x5ec2e7).expect("in bounds");
        // A sealing capability whose bounds cover only otype 0x42.
        let key = root
            .set_address(0x42)
            .set_bounds(1)
            .and_perms(Perms::SEAL | Perms::UNSEAL | Perms::GLOBAL);
        let handle = state.seal(&key).expect("key may seal");
        (Library { key }, handle)
    }

    fn read_secret(&self, mem: &Memory, handle: &Capability) -> u64 {
        let state = handle.unseal(&self.key).expect("our handle");
        mem.load_u64(&state, 0).expect("in bounds")
    }
}

fn main() {
    let mut mem = Memory::new(4096).expect("alloc");
    let root = mem.root();
    let (lib, handle) = Library::open(&mut mem, &root);
    println!("handle: {handle}");

    // The client cannot dereference the handle ...
    match mem.load_u64(&handle, 0) {
        Ok(v) => println!("client read {v:#x} (should not happen)"),
        Err(e) => println!("client load:   {e}"),
    }
    // ... nor move it or change its bounds or permissions: the results lose
    // their tag, so they are useless as pointers.
    let moved = handle.set_address(0x108);
    println!(
        "client moves it: tag={} -> load: {}",
        moved.tag(),
        mem.load_u64(&moved, 0).unwrap_err()
    );
    // ... nor unseal it without the key for otype 0x42.
    let other_key = root
        .set_address(0x43)
        .set_bounds(1)
        .and_perms(Perms::UNSEAL);
    println!("client unseal: {}", handle.unseal(&other_key).unwrap_err());

    // Handing it back to the library works.
    println!(
        "library reads the secret through the handle: {:#x}",
        lib.read_secret(&mem, &handle)
    );
}
