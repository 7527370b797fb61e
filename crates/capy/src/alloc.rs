//! The process's allocator: mimalloc for small blocks, the kernel's own
//! mappings for large ones.
//!
//! An interpreter allocates many small, short-lived blocks (frames'
//! argument vectors, strings, dict tables), which mimalloc serves markedly
//! faster than the system allocator (see bench/). But a heap's big arrays
//! (the object arena, a long list, a large dict's table) grow by doubling,
//! and mimalloc moves a large block on every growth by copying it, keeping
//! the old copy resident while the new one fills: a 21.6 MB vector grown
//! by pushes peaked at 71.7 MB under mimalloc, 23.1 MB under glibc (which
//! grows it in place with `mremap`). That is most of why 300,000 tuples
//! peaked at 1.8x CPython's memory (bench/memory.py).
//!
//! So a block of [`LARGE`] bytes or more is a private anonymous mapping of
//! its own: it grows with `mremap` (the kernel moves page-table entries,
//! not bytes, and only pages written are resident) and is returned to the
//! kernel the moment it is freed. Whether a block is large depends only on
//! its size and alignment, which the caller repeats at `dealloc` and
//! `realloc` (the `GlobalAlloc` contract), so each block is always handed
//! back to the allocator that made it; a `realloc` across the threshold
//! moves the block from one to the other.
//!
//! A program that makes and drops a large block over and over (a 300 KB
//! buffer per call) would pay two system calls and a page fault per page
//! each time; so a few freed mappings of up to [`PARK_MAX`] bytes are kept
//! ([`Parked`]) and handed out again, resized with `mremap`, to the next
//! large allocation.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::UnsafeCell;
use std::sync::atomic::{AtomicBool, Ordering};

/// Blocks of at least this size are mappings of their own. Large enough
/// that the system calls are rare next to the work of filling the block.
const LARGE: usize = 256 << 10;

/// Blocks of at most this alignment go straight to `mi_malloc`, whose
/// blocks are all word-aligned: the mimalloc crate's `GlobalAlloc` asks
/// for `mi_malloc_aligned` on every allocation, a longer path for the
/// alignment every small block already has (1-2% of the instructions of
/// allocation-heavy programs: bench/README.md).
const WORD: usize = std::mem::size_of::<usize>();

/// The page size mappings are made of (4 KiB on the targets capy runs
/// on; a larger real page size only wastes a little of each mapping).
const PAGE: usize = 4096;

pub struct Allocator;

/// Freed mappings at most this long are kept for reuse.
const PARK_MAX: usize = 1 << 20;

/// How many freed mappings are kept (so at most 4 MiB stay resident
/// unused).
const PARK_SLOTS: usize = 4;

/// Freed mappings kept for the next large allocations: (address, length)
/// pairs, length 0 for an empty slot, behind a spin lock (the critical
/// sections are a few loads and stores, and must not allocate).
struct Parked {
    lock: AtomicBool,
    slots: UnsafeCell<[(usize, usize); PARK_SLOTS]>,
}

// SAFETY: `slots` is only touched while `lock` is held (`with_parked`).
unsafe impl Sync for Parked {}

static PARKED: Parked = Parked {
    lock: AtomicBool::new(false),
    slots: UnsafeCell::new([(0, 0); PARK_SLOTS]),
};

fn with_parked<R>(f: impl FnOnce(&mut [(usize, usize); PARK_SLOTS]) -> R) -> R {
    while PARKED
        .lock
        .compare_exchange_weak(false, true, Ordering::Acquire, Ordering::Relaxed)
        .is_err()
    {
        std::hint::spin_loop();
    }
    // SAFETY: the lock is held, so this is the only reference.
    let r = f(unsafe { &mut *PARKED.slots.get() });
    PARKED.lock.store(false, Ordering::Release);
    r
}

/// A parked mapping resized to `size` bytes, if one is parked.
fn unpark(size: usize) -> Option<*mut u8> {
    let (addr, len) = with_parked(|slots| {
        let i = slots.iter().position(|&(_, len)| len != 0)?;
        Some(std::mem::take(&mut slots[i]))
    })?;
    if len == pages(size) {
        return Some(addr as *mut u8);
    }
    // SAFETY: (addr, len) is a whole mapping `map` made, now owned here
    // alone (taken out of its slot); the kernel may move it.
    let q = unsafe {
        libc::mremap(
            addr as *mut libc::c_void,
            len,
            pages(size),
            libc::MREMAP_MAYMOVE,
        )
    };
    if q == libc::MAP_FAILED {
        // SAFETY: as above; the mapping is not used again.
        unsafe { libc::munmap(addr as *mut libc::c_void, len) };
        return None;
    }
    Some(q.cast())
}

/// Keeps a freed mapping for reuse if it is small enough and a slot is
/// free; otherwise returns it to the kernel.
fn release(p: *mut u8, size: usize) {
    let len = pages(size);
    let kept = len <= PARK_MAX
        && with_parked(|slots| match slots.iter_mut().find(|s| s.1 == 0) {
            Some(slot) => {
                *slot = (p as usize, len);
                true
            }
            None => false,
        });
    if !kept {
        // SAFETY: `p` is a whole mapping of `len` bytes made by `map`,
        // not used again by anyone.
        unsafe { libc::munmap(p.cast(), len) };
    }
}

fn is_large(size: usize, align: usize) -> bool {
    size >= LARGE && align <= PAGE
}

/// `n` rounded up to whole pages (no overflow: `n` is at most
/// `isize::MAX`, which `Layout` guarantees).
fn pages(n: usize) -> usize {
    (n + PAGE - 1) & !(PAGE - 1)
}

fn map(size: usize) -> *mut u8 {
    // SAFETY: an anonymous private mapping at an address the kernel picks
    // touches no existing memory; failure is reported as MAP_FAILED.
    let p = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            pages(size),
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        )
    };
    if p == libc::MAP_FAILED {
        std::ptr::null_mut()
    } else {
        p.cast()
    }
}

// SAFETY: every block is served by exactly one of two allocators, chosen
// by `is_large` on the layout, which the caller passes unchanged to
// `dealloc` and (with the new size) to `realloc`; mimalloc's blocks go
// back to mimalloc, mappings to munmap/mremap with the length they were
// made with. Mappings are page-aligned, which satisfies every alignment
// `is_large` admits.
unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        if is_large(l.size(), l.align()) {
            unpark(l.size()).unwrap_or_else(|| map(l.size()))
        } else if l.align() <= WORD {
            // SAFETY: mimalloc's blocks are word-aligned, which satisfies
            // `l.align()`; the size is the caller's (non-zero).
            unsafe { libmimalloc_sys::mi_malloc(l.size()).cast() }
        } else {
            // SAFETY: forwarded with the caller's guarantees (non-zero size).
            unsafe { mimalloc::MiMalloc.alloc(l) }
        }
    }

    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        if is_large(l.size(), l.align()) {
            // Fresh anonymous pages read as zero (a parked mapping holds old
            // bytes); writing zeros would make every page resident.
            map(l.size())
        } else if l.align() <= WORD {
            // SAFETY: as in `alloc`.
            unsafe { libmimalloc_sys::mi_zalloc(l.size()).cast() }
        } else {
            // SAFETY: as in `alloc`.
            unsafe { mimalloc::MiMalloc.alloc_zeroed(l) }
        }
    }

    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        if is_large(l.size(), l.align()) {
            // `p` is a mapping made for this size (the layout is the one
            // it was allocated with), not used again by the caller.
            release(p, l.size());
        } else {
            // SAFETY: `p` came from mimalloc (by either path above), and
            // its `dealloc` is `mi_free`, which takes any of its blocks.
            unsafe { mimalloc::MiMalloc.dealloc(p, l) }
        }
    }

    unsafe fn realloc(&self, p: *mut u8, l: Layout, new: usize) -> *mut u8 {
        match (is_large(l.size(), l.align()), is_large(new, l.align())) {
            (true, true) => {
                // SAFETY: `p` is a mapping of `pages(l.size())` bytes made
                // by `map`; MREMAP_MAYMOVE lets the kernel move it, and the
                // caller uses only the returned pointer afterwards.
                let q = unsafe {
                    libc::mremap(p.cast(), pages(l.size()), pages(new), libc::MREMAP_MAYMOVE)
                };
                if q == libc::MAP_FAILED {
                    std::ptr::null_mut()
                } else {
                    q.cast()
                }
            }
            // SAFETY: `p` came from mimalloc; a word-aligned block stays
            // word-aligned when `mi_realloc` moves it.
            (false, false) if l.align() <= WORD => unsafe {
                libmimalloc_sys::mi_realloc(p.cast(), new).cast()
            },
            // SAFETY: `p` came from mimalloc with layout `l`.
            (false, false) => unsafe { mimalloc::MiMalloc.realloc(p, l, new) },
            _ => {
                // SAFETY: `new` is non-zero and, rounded to `l.align()`,
                // does not overflow (the caller's guarantees for realloc).
                let nl = unsafe { Layout::from_size_align_unchecked(new, l.align()) };
                // SAFETY: as in `alloc`.
                let q = unsafe { self.alloc(nl) };
                if !q.is_null() {
                    // SAFETY: both blocks are live, distinct, and at least
                    // the smaller size long; `p` is freed with its layout.
                    unsafe {
                        std::ptr::copy_nonoverlapping(p, q, l.size().min(new));
                        self.dealloc(p, l);
                    }
                }
                q
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Blocks that cross the threshold both ways keep their contents, and
    /// each is freed by the allocator that made it.
    #[test]
    fn blocks_keep_their_bytes_across_the_threshold() {
        let a = Allocator;
        for &(from, to) in &[
            (100, LARGE * 3),
            (LARGE * 3, 100),
            (LARGE, LARGE * 5 + 17),
            (LARGE * 5 + 17, LARGE + 1),
            (1000, 2000),
        ] {
            let l = Layout::from_size_align(from, 8).unwrap();
            // SAFETY: non-zero sizes; every pointer is checked, written
            // within its size and freed once with its layout.
            unsafe {
                let p = a.alloc(l);
                assert!(!p.is_null());
                for i in 0..from {
                    *p.add(i) = (i % 251) as u8;
                }
                let q = a.realloc(p, l, to);
                assert!(!q.is_null());
                for i in 0..from.min(to) {
                    assert_eq!(*q.add(i), (i % 251) as u8, "byte {i} of {from} -> {to}");
                }
                a.dealloc(q, Layout::from_size_align(to, 8).unwrap());
            }
        }
    }

    /// Random allocations, growths, shrinks and frees around the
    /// threshold, each block filled with its own pattern and checked
    /// before every change: a block handed to the wrong allocator, or
    /// a mapping remapped with the wrong length, corrupts or crashes.
    #[test]
    fn random_traffic_keeps_every_block_intact() {
        let a = Allocator;
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let sizes = [1, 64, 4095, LARGE - 1, LARGE, LARGE + 1, 3 * LARGE + 100];
        let mut live: Vec<(*mut u8, usize, u8)> = Vec::new();
        let fill = |p: *mut u8, n: usize, tag: u8| {
            for i in (0..n).step_by(509).chain(std::iter::once(n - 1)) {
                // SAFETY: i < n, within the live block of n bytes.
                unsafe { *p.add(i) = tag ^ (i as u8) };
            }
        };
        let check = |p: *mut u8, n: usize, tag: u8| {
            (0..n).step_by(509).chain(std::iter::once(n - 1)).all(|i| {
                // SAFETY: as in `fill`.
                unsafe { *p.add(i) == tag ^ (i as u8) }
            })
        };
        for step in 0..20_000u32 {
            let r = next();
            let size = sizes[(r % sizes.len() as u64) as usize] + (r >> 40) as usize % 64;
            let tag = (r >> 8) as u8;
            match (r >> 16) % 3 {
                0 if live.len() < 64 => {
                    let l = Layout::from_size_align(size, 8).unwrap();
                    // SAFETY: non-zero size; the block is freed below.
                    let p = unsafe { a.alloc(l) };
                    assert!(!p.is_null());
                    fill(p, size, tag);
                    live.push((p, size, tag));
                }
                1 if !live.is_empty() => {
                    let k = (r >> 24) as usize % live.len();
                    let (p, n, t) = live[k];
                    assert!(check(p, n, t), "step {step}: block of {n} changed");
                    // SAFETY: a live block with its layout; only the
                    // returned pointer is used afterwards.
                    let q = unsafe { a.realloc(p, Layout::from_size_align(n, 8).unwrap(), size) };
                    assert!(!q.is_null());
                    let kept = n.min(size);
                    assert!(
                        (0..kept).step_by(509).all(|i| {
                            // SAFETY: i < kept <= both sizes.
                            unsafe { *q.add(i) == t ^ (i as u8) }
                        }),
                        "step {step}: realloc {n} -> {size} lost bytes"
                    );
                    fill(q, size, tag);
                    live[k] = (q, size, tag);
                }
                _ if !live.is_empty() => {
                    let (p, n, t) = live.swap_remove((r >> 24) as usize % live.len());
                    assert!(check(p, n, t), "step {step}: block of {n} changed");
                    // SAFETY: a live block freed once with its layout.
                    unsafe { a.dealloc(p, Layout::from_size_align(n, 8).unwrap()) };
                }
                _ => {}
            }
        }
        for (p, n, t) in live {
            assert!(check(p, n, t));
            // SAFETY: as above.
            unsafe { a.dealloc(p, Layout::from_size_align(n, 8).unwrap()) };
        }
    }

    #[test]
    fn large_zeroed_blocks_are_zero() {
        let a = Allocator;
        let l = Layout::from_size_align(LARGE * 2, 16).unwrap();
        // SAFETY: as above.
        unsafe {
            let p = a.alloc_zeroed(l);
            assert!(!p.is_null());
            assert!((0..l.size()).step_by(997).all(|i| *p.add(i) == 0));
            a.dealloc(p, l);
        }
    }
}
