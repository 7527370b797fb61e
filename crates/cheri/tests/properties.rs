//! Property tests of the capability algebra.

use cheri::compress::{decode_bounds, encode_bounds, MAX_TOP};
use cheri::{Capability, Fault, Memory, OType, Perms, SentryKind};
use proptest::prelude::*;

/// Lengths of every magnitude, with extra weight on powers of two and the
/// mantissa boundaries.
fn length() -> impl Strategy<Value = u64> {
    prop_oneof![
        0u64..0x20000,
        (0u32..64, -2i64..=2).prop_map(|(k, d)| (1u64 << k).wrapping_add_signed(d)),
        (any::<u64>(), 0u32..64).prop_map(|(x, s)| x >> s),
    ]
}

fn address() -> impl Strategy<Value = u64> {
    prop_oneof![
        any::<u64>(),
        (any::<u64>(), 0u32..64).prop_map(|(x, s)| x >> s),
        (any::<u64>(), 8u32..64).prop_map(|(x, s)| bounds_canonical(x >> s)),
    ]
}

fn bounds_canonical(a: u64) -> u64 {
    cheri::compress::bounds_address(a)
}

fn perms() -> impl Strategy<Value = Perms> {
    (0u32..(1 << 18)).prop_map(Perms::from_bits)
}

/// A capability derived from the root by set-address, set-bounds and
/// and-perms (tagged or not), or an arbitrary bit pattern.
fn capability() -> impl Strategy<Value = Capability> {
    prop_oneof![
        3 => (address(), length(), perms(), any::<i16>()).prop_map(|(a, l, p, d)| {
            Capability::root().set_address(a).set_bounds(l).and_perms(p).increment_address(i64::from(d))
        }),
        1 => (any::<u64>(), any::<u64>(), any::<bool>()).prop_map(|(p, c, t)| Capability::from_bits(p, c, t)),
    ]
}

/// A tagged capability: canonical address, request within the root.
fn tagged_capability() -> impl Strategy<Value = Capability> {
    (address(), length(), perms(), any::<i16>()).prop_map(|(a, l, p, d)| {
        let a = bounds_canonical(a);
        let room = 0u64.wrapping_sub(a);
        let l = if a == 0 { l } else { l.min(room) };
        let c = Capability::root().set_address(a).set_bounds(l).and_perms(p);
        let moved = c.increment_address(i64::from(d));
        if moved.tag() {
            moved
        } else {
            c
        }
    })
}

#[derive(Clone, Debug)]
enum Op {
    SetAddress(u64),
    Increment(i64),
    SetBounds(u64),
    SetBoundsExact(u64),
    AndPerms(Perms),
    SetFlags(u8),
    SealEntry(u8),
    Seal(u16),
    Unseal(u16),
    UnsealSentry,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        address().prop_map(Op::SetAddress),
        any::<i32>().prop_map(|d| Op::Increment(i64::from(d))),
        length().prop_map(Op::SetBounds),
        length().prop_map(Op::SetBoundsExact),
        perms().prop_map(Op::AndPerms),
        any::<u8>().prop_map(Op::SetFlags),
        (0u8..3).prop_map(Op::SealEntry),
        (0u16..0x40).prop_map(Op::Seal),
        (0u16..0x40).prop_map(Op::Unseal),
        Just(Op::UnsealSentry),
    ]
}

/// A sealer/unsealer for otypes 0..0x40.
fn sealer(ot: u16) -> Capability {
    Capability::root()
        .set_address(0)
        .set_bounds(0x40)
        .and_perms(Perms::SEAL | Perms::UNSEAL | Perms::GLOBAL)
        .set_address(u64::from(ot))
}

fn apply(c: &Capability, op: &Op) -> Capability {
    let or_untagged = |r: Result<Capability, Fault>| r.unwrap_or_else(|_| c.clear_tag());
    match *op {
        Op::SetAddress(a) => c.set_address(a),
        Op::Increment(d) => c.increment_address(d),
        Op::SetBounds(l) => c.set_bounds(l),
        Op::SetBoundsExact(l) => or_untagged(c.set_bounds_exact(l)),
        Op::AndPerms(p) => c.and_perms(p),
        Op::SetFlags(f) => c.set_flags(f),
        Op::SealEntry(k) => {
            c.seal_entry([SentryKind::Rb, SentryKind::Lpb, SentryKind::Lb][usize::from(k)])
        }
        Op::Seal(ot) => or_untagged(c.seal(&sealer(ot))),
        Op::Unseal(ot) => or_untagged(c.unseal(&sealer(ot))),
        Op::UnsealSentry => or_untagged(c.unseal_sentry()),
    }
}

/// `b` grants no more than `a`: bounds within, permissions a subset.
fn no_wider(b: &Capability, a: &Capability) -> bool {
    b.base() >= a.base() && b.top() <= a.top() && a.perms().contains(b.perms())
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000)
}

proptest! {
    // PROPTEST_CASES=100000 for a longer run; 2000 by default.
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    /// No sequence of operations produces a tagged capability that grants
    /// more than the tagged capability it started from.
    #[test]
    fn monotonic(start in prop_oneof![capability(), tagged_capability()], ops in prop::collection::vec(op(), 1..12)) {
        let mut c = start;
        for op in &ops {
            let next = apply(&c, op);
            if next.tag() {
                prop_assert!(c.tag(), "{op:?} made a tag from nothing: {c} -> {next}");
                prop_assert!(no_wider(&next, &c), "{op:?} widened {c} -> {next}");
                if next.is_sealed() && !c.is_sealed() {
                    prop_assert_eq!((next.base(), next.top()), (c.base(), c.top()));
                }
            }
            c = next;
        }
        if c.tag() && start.tag() {
            prop_assert!(no_wider(&c, &start));
        }
    }

    /// Every capability set-bounds produces is representable: encoding its
    /// bounds again is exact and decodes to the same bounds.
    #[test]
    fn encode_decode_round_trip(c in tagged_capability(), d in any::<i16>()) {
        prop_assert!(c.tag());
        let enc = encode_bounds(c.base(), c.top());
        prop_assert!(enc.exact, "{c}");
        let b = decode_bounds(enc.ebt, c.address());
        prop_assert_eq!((b.base, b.top), (c.base(), c.top()));
        // ... and from_fields rebuilds the same capability, also with the
        // cursor moved within the bounds.
        let cur = c.set_address(c.address().wrapping_add_signed(i64::from(d)));
        if cur.tag() {
            let rebuilt =
                Capability::from_fields(c.base(), c.top(), cur.address(), c.perms(), OType::Unsealed, true);
            prop_assert_eq!(rebuilt, Some(cur));
        }
        // The 128-bit form round-trips exactly.
        prop_assert_eq!(Capability::from_u128(c.to_u128(), true), c);
    }

    /// A set-bounds result contains the request; exact means equal; a
    /// tagged result stays within the original.
    #[test]
    fn set_bounds_contains_request(c in capability(), l in length()) {
        let (r, exact) = c.set_bounds_detail(l);
        if r.tag() {
            let base = r.address();
            let req_base = if c.exponent() >= 48 { base } else { bounds_canonical(base) };
            let req_top = u128::from(req_base) + u128::from(l);
            prop_assert!(r.base() <= req_base && r.top() >= req_top, "{c} len {l:#x} -> {r}");
            if exact {
                prop_assert_eq!((r.base(), r.top()), (req_base, req_top));
            }
            prop_assert!(no_wider(&r, &c));
            prop_assert!(r.top() <= MAX_TOP);
        }
    }

    /// set_bounds_exact either returns exactly the request or faults.
    #[test]
    fn set_bounds_exact_is_exact(a in 0u64..(1 << 50), l in length()) {
        let c = Capability::root().set_address(a);
        match c.set_bounds_exact(l) {
            Ok(r) => prop_assert_eq!((r.base(), r.top()), (a, u128::from(a) + u128::from(l))),
            Err(_) => {
                let (r, exact) = c.set_bounds_detail(l);
                prop_assert!(!exact || !r.tag());
            }
        }
    }

    /// CRRL/CRAM: a base aligned to the mask with the representable length
    /// gives exact bounds of that length.
    #[test]
    fn crrl_cram_give_exact_bounds(a in 0u64..(1 << 54), l in length()) {
        let rl = cheri::representable_length(l);
        let mask = cheri::representable_alignment_mask(l);
        prop_assume!(rl >= l); // wraps to 0 for lengths near 2^64
        let base = a & mask;
        let (r, exact) = Capability::root().set_address(base).set_bounds_detail(rl);
        prop_assert!(exact, "base {base:#x} len {rl:#x}");
        prop_assert_eq!((r.base(), r.top()), (base, u128::from(base) + u128::from(rl)));
    }

    /// Sealed capabilities cannot be modified or dereferenced.
    #[test]
    fn sealed_is_frozen(c in tagged_capability(), op in op(), off in 0u64..64) {
        let s = c.seal_entry(SentryKind::Lb);
        prop_assert!(s.tag());
        let r = apply(&s, &op);
        // Only unsealing (not possible for an LB sentry) may keep the tag.
        prop_assert!(!r.tag() || r == s, "{op:?} modified a sealed capability: {s} -> {r}");
        let mut m = Memory::new(256).unwrap();
        prop_assert!(m.load_u8(&s, off).is_err());
        prop_assert!(m.store_u8(&s, off, 1).is_err());
    }

    /// Nothing panics on arbitrary bit patterns, and any operation on an
    /// untagged capability stays untagged (build aside).
    #[test]
    fn untagged_stays_untagged(p in any::<u64>(), cur in any::<u64>(), ops in prop::collection::vec(op(), 1..8)) {
        let mut c = Capability::from_bits(p, cur, false);
        for op in &ops {
            c = apply(&c, op);
            prop_assert!(!c.tag());
        }
        let _ = c.to_string();
        let _ = Capability::root().build(&c);
    }

    /// build only ever produces what its authority covers.
    #[test]
    fn build_never_widens(auth in capability(), data in capability()) {
        if let Ok(b) = auth.build(&data.clear_tag()) {
            prop_assert!(auth.tag() && b.tag());
            prop_assert!(no_wider(&b, &auth));
            prop_assert_eq!(b.address(), data.address());
        }
    }

    /// Memory: an access succeeds only within the capability's bounds, and
    /// a failed store changes nothing.
    #[test]
    fn memory_checks(c in capability(), off in any::<u64>(), size in 0usize..40, small in 0u64..0x1100) {
        let mut m = Memory::new(4096).unwrap();
        let root = m.root();
        // Point the capability into this memory half of the time.
        let c = if small % 2 == 0 { root.set_address(small % 4096).set_bounds(small / 2).and_perms(c.perms()) } else { c };
        let off = if small % 3 == 0 { off } else { off % 0x80 };
        let before = {
            let mut all = vec![0u8; 4096];
            m.load_bytes(&root, 0, &mut all).unwrap();
            all
        };
        let data = vec![0xabu8; size];
        let addr = c.address().wrapping_add(off);
        match m.store_bytes(&c, off, &data) {
            Ok(()) => {
                prop_assert!(c.tag() && c.range_in_bounds(addr, size as u64));
                prop_assert!(c.perms().contains(Perms::STORE));
            }
            Err(_) => {
                let mut after = vec![0u8; 4096];
                m.load_bytes(&root, 0, &mut after).unwrap();
                prop_assert_eq!(before, after);
            }
        }
        let mut buf = vec![0u8; size];
        if m.load_bytes(&c, off, &mut buf).is_ok() {
            prop_assert!(c.tag() && c.range_in_bounds(addr, size as u64));
        }
    }

    /// Tag rules: a capability store sets the tag, a data store overlapping
    /// the granule clears it, a load without LoadCap yields no tag.
    #[test]
    fn memory_tag_rules(g in 0u64..16, off in 0u64..16, w in 1usize..9, c in capability()) {
        let mut m = Memory::new(256).unwrap();
        let root = m.root();
        let at = g * 16;
        m.store_cap(&root, at, &c).unwrap();
        prop_assert_eq!(m.tag_at(at), c.tag());
        let back = m.load_cap(&root, at).unwrap();
        prop_assert_eq!(back, c);
        prop_assert!(!m.load_cap(&root.and_perms(!Perms::LOAD_CAP), at).unwrap().tag());
        let pos = (at + off).min(256 - w as u64);
        m.store_bytes(&root, pos, &vec![0u8; w]).unwrap();
        let overlaps = pos < at + 16 && pos + w as u64 > at;
        if overlaps {
            prop_assert!(!m.tag_at(at));
        } else {
            prop_assert_eq!(m.tag_at(at), c.tag());
        }
    }
}
