//! Finding a buffer overflow with tight bounds: a base64 decoder that sizes
//! its output as `(len / 4) * 3 + 1`, the bug CHERI found in MicroPython.
//!
//! Base64 turns every 4 input characters into 3 bytes, and a final group of
//! 2 or 3 characters (when the padding `=` is left out) into 1 or 2 bytes.
//! `(len / 4) * 3 + 1` leaves room for only one byte of such a tail, so
//! "TWE" (2 bytes, "Ma") overflows by one byte. On a conventional heap the
//! extra byte lands in whatever follows; through a capability bounded to
//! the allocation the write faults at the first byte out of bounds.
//!
//! Run: cargo run -p capy-cheri --example base64_overflow

use cheri::{representable_length, Capability, Fault, Memory, Perms};

/// A bump allocator handing out exactly bounded capabilities.
struct Heap {
    root: Capability,
    next: u64,
}

impl Heap {
    fn malloc(&mut self, size: u64) -> Capability {
        let len = representable_length(size).max(1);
        let align = cheri::representable_alignment_mask(size)
            .wrapping_neg()
            .max(16);
        let base = self.next.div_ceil(align) * align;
        self.next = base + len;
        // Tight bounds: exactly `size` bytes when representable.
        self.root
            .set_address(base)
            .set_bounds(size)
            .and_perms(Perms::LOAD | Perms::STORE | Perms::GLOBAL)
    }
}

fn sextet(c: u8) -> Option<u32> {
    Some(u32::from(match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => return None,
    }))
}

/// Decode `input` into a freshly allocated buffer sized the buggy way.
/// Every byte goes through the buffer's capability.
fn b64decode(mem: &mut Memory, heap: &mut Heap, input: &[u8]) -> Result<(Capability, u64), Fault> {
    let out = heap.malloc((input.len() as u64 / 4) * 3 + 1); // the bug
    let mut n = 0u64;
    let (mut acc, mut bits) = (0u32, 0u32);
    for &c in input {
        let Some(v) = sextet(c) else { break };
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            mem.store_u8(&out, n, (acc >> bits) as u8)?;
            n += 1;
        }
    }
    Ok((out, n))
}

fn main() {
    let mut mem = Memory::new(1 << 16).expect("alloc");
    let mut heap = Heap {
        root: mem.root(),
        next: 0x1000,
    };
    for input in ["TWFu", "TWFuTWFu", "TWE=", "TWE", "TQ"] {
        match b64decode(&mut mem, &mut heap, input.as_bytes()) {
            Ok((buf, n)) => {
                let mut bytes = vec![0u8; n as usize];
                mem.load_bytes(&buf, 0, &mut bytes).expect("in bounds");
                println!(
                    "{input:<9} -> {:?} (buffer of {} bytes)",
                    String::from_utf8_lossy(&bytes),
                    buf.length().unwrap_or(0)
                );
            }
            Err(e) => println!("{input:<9} -> {e}"),
        }
    }
}
