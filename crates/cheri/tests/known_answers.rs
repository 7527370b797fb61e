//! Known-answer tests, one group per rule, concentrating on edge cases.
//! Set-bounds expectations were produced by CTSRD-CHERI's
//! cheri-compressed-cap (Morello format) on the listed inputs.

use cheri::compress::{decode_bounds, encode_bounds, extract_bounds_bits, MAX_TOP};
use cheri::{
    representable_alignment_mask, representable_length, Capability, FaultKind, Memory, OType,
    Perms, SentryKind,
};

/// CSetBounds on the root with address BASE and length LEN:
/// (base, len, result base, result top, exact, tag, result pesbt).
const SETBOUNDS_ON_ROOT: &[(u64, u64, u64, u128, bool, bool, u64)] = &[
    // zero length
    (
        0x1000,
        0x0,
        0x1000,
        0x0_0000000000001000,
        true,
        true,
        0xffffc00050001000,
    ),
    // around 2^14 (largest exact length at any base is 2^14 - 1)
    (
        0x1001,
        0x3fff,
        0x1001,
        0x0_0000000000005000,
        true,
        true,
        0xffffc00050001001,
    ),
    (
        0x1001,
        0x4000,
        0x1000,
        0x0_0000000000005008,
        false,
        true,
        0xffffc000100f1007,
    ),
    (
        0x1001,
        0x4001,
        0x1000,
        0x0_0000000000005008,
        false,
        true,
        0xffffc000100f1007,
    ),
    // around 2^15 and 2^16
    (
        0x1001,
        0x7fff,
        0x1000,
        0x0_0000000000009000,
        false,
        true,
        0xffffc00008070806,
    ),
    (
        0x1000,
        0x8000,
        0x1000,
        0x0_0000000000009000,
        true,
        true,
        0xffffc00008070806,
    ),
    (
        0x1001,
        0x8000,
        0x1000,
        0x0_0000000000009010,
        false,
        true,
        0xffffc000080f0806,
    ),
    (
        0x1001,
        0xffff,
        0x1000,
        0x0_0000000000011000,
        false,
        true,
        0xffffc00004070405,
    ),
    (
        0x1001,
        0x10000,
        0x1000,
        0x0_0000000000011020,
        false,
        true,
        0xffffc000040f0405,
    ),
    (
        0x1001,
        0x10001,
        0x1000,
        0x0_0000000000011020,
        false,
        true,
        0xffffc000040f0405,
    ),
    // 100000 bytes: exact only at a 32-byte-aligned base
    (
        0x10010,
        0x186a0,
        0x10000,
        0x0_00000000000286c0,
        false,
        true,
        0xffffc00021b74005,
    ),
    (
        0x10020,
        0x186a0,
        0x10020,
        0x0_00000000000286c0,
        true,
        true,
        0xffffc00021b7400d,
    ),
    // near 2^64: rounds to the whole address space
    (
        0x0,
        0xffffffffffffffff,
        0x0,
        0x1_0000000000000000,
        false,
        true,
        0xffffc00000010005,
    ),
    (
        0x1,
        0xffffffffffffffff,
        0x0,
        0x1_0000000000000000,
        false,
        true,
        0xffffc00000010005,
    ),
    // top = 2^64 exactly, and one past it (outside the root: tag lost)
    (
        0xfffffffffffffff0,
        0x10,
        0xfffffffffffffff0,
        0x1_0000000000000000,
        true,
        true,
        0xffffc0004000fff0,
    ),
    (
        0xfffffffffffffff1,
        0x10,
        0xfffffffffffffff1,
        0x1_0000000000000001,
        true,
        false,
        0xffffc0004001fff1,
    ),
    // non-canonical flags on a large capability going small: tag lost
    (
        0x1200000000000000,
        0x1000,
        0x0,
        0x0_0000000000001000,
        true,
        false,
        0xffffc00050000000,
    ),
    // canonical (sign-extended) high addresses stay tagged ...
    (
        0xff80000000001000,
        0x1000,
        0xff80000000001000,
        0x0_ff80000000002000,
        true,
        true,
        0xffffc00060001000,
    ),
    // ... but bit 55 set under zero flags is not canonical
    (
        0x0080000000001000,
        0x1000,
        0xff80000000001000,
        0x0_ff80000000002000,
        true,
        false,
        0xffffc00060001000,
    ),
    (
        0x8000000000000000,
        0x8000000000000000,
        0x8000000000000000,
        0x1_0000000000000000,
        true,
        true,
        0xffffc00000014006,
    ),
    (
        0x0,
        0x100000000000000,
        0x0,
        0x0_0100000000000000,
        true,
        true,
        0xffffc00000020005,
    ),
    (
        0x00ff000000000000,
        0x100000,
        0xffff000000000000,
        0x0_ffff000000100000,
        true,
        false,
        0xffffc00000070001,
    ),
    (
        0x4000000000000000,
        0x4000000000000000,
        0x4000000000000000,
        0x0_8000000000000000,
        true,
        true,
        0xffffc00000014007,
    ),
];

#[test]
fn setbounds_on_root_matches_reference() {
    for &(base, len, rbase, rtop, exact, tag, pesbt) in SETBOUNDS_ON_ROOT {
        let (c, ex) = Capability::root().set_address(base).set_bounds_detail(len);
        let got = (c.base(), c.top(), ex, c.tag(), c.pesbt());
        assert_eq!(
            got,
            (rbase, rtop, exact, tag, pesbt),
            "base {base:#x} len {len:#x}"
        );
    }
}

#[test]
fn root_and_null() {
    let r = Capability::root();
    assert_eq!(
        (r.base(), r.top(), r.tag(), r.perms()),
        (0, MAX_TOP, true, Perms::ALL)
    );
    assert_eq!(r.pesbt(), 0xffff_c000_0001_0005);
    assert_eq!(r.exponent(), 50);
    let n = Capability::null();
    assert_eq!(n.to_u128(), 0);
    assert_eq!(
        (n.base(), n.top(), n.tag(), n.exponent()),
        (0, MAX_TOP, false, 63)
    );
    assert!(n.bounds_valid());
    assert_eq!(n.perms(), Perms::NONE);
}

#[test]
fn u128_round_trip() {
    let c = Capability::root().set_address(0x1234).set_bounds(0x100);
    assert_eq!(Capability::from_u128(c.to_u128(), true), c);
}

#[test]
fn malformed_exponents() {
    // IE with stored exponent bits giving E = 51..=62: whole space, invalid.
    for e in 51u8..=62 {
        let inv = u64::from(!e & 0x3f);
        let pesbt = (Perms::ALL.bits() as u64) << 46 | ((inv >> 3) << 16) | (inv & 7);
        assert_eq!(extract_bounds_bits(pesbt).e, e);
        let b = decode_bounds(pesbt, 0x1000);
        assert_eq!((b.base, b.top, b.valid), (0, MAX_TOP, false), "E={e}");
        let c = Capability::from_bits(pesbt, 0x1000, true);
        assert!(!c.set_address(0x1001).tag(), "address change detags E={e}");
        assert!(!c.set_bounds(0x10).tag(), "set-bounds detags E={e}");
        assert_eq!(
            c.check_access(0x1000, 1, Perms::LOAD).unwrap_err().kind(),
            FaultKind::Bounds
        );
    }
    // E = 63 (all stored bits zero) is well formed: the null encoding.
    assert!(decode_bounds(0, 5).valid);
}

#[test]
fn e_zero_needs_internal_exponent_when_bit_14_set() {
    let enc = encode_bounds(0, 0x4000);
    assert!(extract_bounds_bits(enc.ebt).ie);
    assert_eq!(extract_bounds_bits(enc.ebt).e, 0);
    let enc = encode_bounds(0, 0x3fff);
    assert!(!extract_bounds_bits(enc.ebt).ie);
}

#[test]
fn crrl_and_cram() {
    // (length, CRRL, CRAM) from cheri-compressed-cap.
    for (len, rl, mask) in [
        (0u64, 0u64, u64::MAX),
        (0x3fff, 0x3fff, u64::MAX),
        (0x4000, 0x4000, !7),
        (0x4001, 0x4008, !7),
        (100_000, 100_000, !31),
        (100_001, 100_032, !31),
        (0xdc47, 0xdc50, 0xffff_ffff_ffff_fff0),
        (u64::MAX, 0, 0xffe0_0000_0000_0000),
    ] {
        assert_eq!(representable_length(len), rl, "CRRL {len:#x}");
        assert_eq!(representable_alignment_mask(len), mask, "CRAM {len:#x}");
    }
}

#[test]
fn set_address_representability() {
    let c = Capability::root().set_address(0x10000).set_bounds(0x1000);
    // Inside, and a little outside, the bounds: still tagged, same bounds.
    for a in [0x10000, 0x10fff, 0x11000, 0xffff, 0x12000] {
        let d = c.set_address(a);
        assert!(d.tag(), "{a:#x}");
        assert_eq!((d.base(), d.top()), (0x10000, 0x11000));
    }
    // Far away: tag cleared.
    let far = c.set_address(0x1000_0000);
    assert!(!far.tag());
    // Changing bit 55 always detags a small capability.
    assert!(!c.set_address(0x10000 | 1 << 55).tag());
    // Flags do not move the bounds and keep the tag.
    let f = c.set_flags(0xa5);
    assert!(f.tag());
    assert_eq!((f.flags(), f.base(), f.top()), (0xa5, 0x10000, 0x11000));
    assert!(f.set_address(0xa500_0000_0001_0008).tag());
}

#[test]
fn and_perms_only_removes() {
    let c = Capability::root().and_perms(Perms::LOAD | Perms::STORE);
    assert_eq!(c.perms(), Perms::LOAD | Perms::STORE);
    assert!(c.tag());
    assert_eq!(c.and_perms(Perms::ALL).perms(), Perms::LOAD | Perms::STORE);
}

#[test]
fn sealing() {
    let root = Capability::root();
    let obj = root.set_address(0x4000).set_bounds(64);
    let sealer = root
        .set_address(0x10)
        .set_bounds(0x10)
        .and_perms(Perms::SEAL | Perms::UNSEAL | Perms::GLOBAL);
    let sealed = obj.seal(&sealer.set_address(0x15)).unwrap();
    assert_eq!(sealed.otype(), OType::Sealed(0x15));
    assert!(sealed.tag() && sealed.is_sealed());
    // Sealed: cannot be modified (results lose the tag) or dereferenced.
    assert!(!sealed.set_address(0x4001).tag());
    assert!(!sealed.set_bounds(8).tag());
    assert!(!sealed.and_perms(Perms::LOAD).tag());
    assert!(!sealed.set_flags(1).tag());
    assert_eq!(
        sealed
            .check_access(0x4000, 1, Perms::LOAD)
            .unwrap_err()
            .kind(),
        FaultKind::Seal
    );
    assert_eq!(
        sealed.set_bounds_exact(8).unwrap_err().kind(),
        FaultKind::Seal
    );
    assert_eq!(
        sealed.seal(&sealer.set_address(0x15)).unwrap_err().kind(),
        FaultKind::Seal
    );
    // Unsealing needs the matching type.
    assert_eq!(
        sealed.unseal(&sealer.set_address(0x16)).unwrap_err().kind(),
        FaultKind::Seal
    );
    assert_eq!(sealed.unseal(&sealer.set_address(0x15)).unwrap(), obj);
    // ... and the Unseal permission; an unsealer without Global strips it.
    let no_unseal = sealer.and_perms(Perms::SEAL).set_address(0x15);
    assert_eq!(
        sealed.unseal(&no_unseal).unwrap_err().kind(),
        FaultKind::Permission
    );
    let local = sealer.and_perms(Perms::UNSEAL).set_address(0x15);
    assert!(!sealed
        .unseal(&local)
        .unwrap()
        .perms()
        .contains(Perms::GLOBAL));
    // Sealer errors: no Seal, otype outside its bounds, reserved otypes.
    assert_eq!(
        obj.seal(&no_unseal.and_perms(Perms::UNSEAL))
            .unwrap_err()
            .kind(),
        FaultKind::Permission
    );
    assert_eq!(
        obj.seal(&sealer.set_address(0x20)).unwrap_err().kind(),
        FaultKind::Bounds
    );
    let low = root.set_address(0).set_bounds(16);
    assert_eq!(
        obj.seal(&low.set_address(2)).unwrap_err().kind(),
        FaultKind::Bounds
    );
    assert_eq!(
        obj.seal(&sealer.clear_tag()).unwrap_err().kind(),
        FaultKind::Tag
    );
}

#[test]
fn sentries() {
    let f = Capability::root().set_address(0x8000).set_bounds(0x100);
    for kind in [SentryKind::Rb, SentryKind::Lpb, SentryKind::Lb] {
        let s = f.seal_entry(kind);
        assert!(s.tag() && s.is_sealed());
        assert_eq!(s.otype(), OType::Sentry(kind));
        assert_eq!(s.otype().bits(), kind.otype());
        assert!(!s.seal_entry(kind).tag(), "resealing detags");
        assert!(!s.set_address(0x8004).tag());
    }
    assert_eq!(f.seal_entry(SentryKind::Rb).unseal_sentry().unwrap(), f);
    assert_eq!(
        f.seal_entry(SentryKind::Lb)
            .unseal_sentry()
            .unwrap_err()
            .kind(),
        FaultKind::Seal
    );
}

#[test]
fn set_bounds_exact_faults() {
    let c = Capability::root().set_address(0x1001);
    assert_eq!(
        c.set_bounds_exact(0x4000).unwrap_err().kind(),
        FaultKind::Representability
    );
    let ok = c.set_bounds_exact(0x3fff).unwrap();
    assert_eq!((ok.base(), ok.top()), (0x1001, 0x5000));
    assert_eq!(
        ok.set_bounds_exact(0x4000).unwrap_err().kind(),
        FaultKind::Bounds
    );
    assert_eq!(
        ok.clear_tag().set_bounds_exact(1).unwrap_err().kind(),
        FaultKind::Tag
    );
}

#[test]
fn build_and_subset() {
    let root = Capability::root();
    let auth = root
        .set_address(0x1000)
        .set_bounds(0x1000)
        .and_perms(Perms::LOAD | Perms::STORE | Perms::GLOBAL);
    let want = auth
        .set_address(0x1100)
        .set_bounds(0x10)
        .and_perms(Perms::LOAD);
    let forged = want.clear_tag();
    assert_eq!(auth.build(&forged).unwrap(), want);
    assert!(want.is_subset_of(&auth));
    assert!(!auth.is_subset_of(&want));
    // More permissions than the authority: refused.
    let greedy = Capability::from_bits(
        forged.pesbt() | (u64::from(Perms::EXECUTE.bits()) << 46),
        0x1100,
        false,
    );
    assert_eq!(
        auth.build(&greedy).unwrap_err().kind(),
        FaultKind::Permission
    );
    // Bounds outside the authority: refused.
    let wide = root.set_address(0x800).set_bounds(0x1000).clear_tag();
    assert_eq!(auth.build(&wide).unwrap_err().kind(), FaultKind::Bounds);
    // A sealed data value comes back unsealed, a sentry stays a sentry.
    let s = want.seal_entry(SentryKind::Rb).clear_tag();
    assert_eq!(
        auth.build(&s).unwrap().otype(),
        OType::Sentry(SentryKind::Rb)
    );
    assert_eq!(
        auth.clear_tag().build(&forged).unwrap_err().kind(),
        FaultKind::Tag
    );
}

#[test]
fn from_fields_encodes() {
    let c = Capability::from_fields(0x1000, 0x2000, 0x1800, Perms::LOAD, OType::Unsealed, true)
        .unwrap();
    assert_eq!(
        (c.base(), c.top(), c.address(), c.perms()),
        (0x1000, 0x2000, 0x1800, Perms::LOAD)
    );
    assert!(
        Capability::from_fields(0x1001, 0x5001, 0x1001, Perms::LOAD, OType::Unsealed, true)
            .is_none()
    );
    assert!(Capability::from_fields(0, MAX_TOP, 0, Perms::ALL, OType::Unsealed, true).is_some());
}

#[test]
fn memory_tags_and_checks() {
    let mut m = Memory::new(4096).unwrap();
    let root = m.root();
    assert_eq!((root.base(), root.top(), m.size()), (0, 4096, 4096));
    let buf = root.set_address(0x100).set_bounds(0x40);
    m.store_u64(&buf, 8, 0x1122_3344_5566_7788).unwrap();
    assert_eq!(m.load_u64(&buf, 8).unwrap(), 0x1122_3344_5566_7788);
    assert_eq!(m.load_u8(&buf, 8).unwrap(), 0x88);
    assert_eq!(m.load_u16(&buf, 8).unwrap(), 0x7788);
    assert_eq!(m.load_u32(&buf, 12).unwrap(), 0x1122_3344);
    // Bounds: the last byte is fine, one more is not.
    m.store_u8(&buf, 0x3f, 1).unwrap();
    let f = m.store_u8(&buf, 0x40, 1).unwrap_err();
    assert_eq!((f.kind(), f.address()), (FaultKind::Bounds, 0x140));
    assert_eq!(
        m.load_u64(&buf, 0x39).unwrap_err().kind(),
        FaultKind::Bounds
    );
    assert_eq!(
        m.load_u8(&buf, u64::MAX).unwrap_err().kind(),
        FaultKind::Bounds
    );
    // Capability store sets the tag; a data store into the granule clears it.
    m.store_cap(&root, 0x200, &buf).unwrap();
    assert!(m.tag_at(0x200));
    assert_eq!(m.load_cap(&root, 0x200).unwrap(), buf);
    m.store_u8(&root, 0x20f, 0).unwrap();
    assert!(!m.tag_at(0x200));
    assert!(!m.load_cap(&root, 0x200).unwrap().tag());
    // Misaligned capability accesses fault.
    assert_eq!(
        m.store_cap(&root, 0x208, &buf).unwrap_err().kind(),
        FaultKind::Alignment
    );
    // Without LoadCap the loaded capability is untagged; without
    // MutableLoad it loses store rights.
    m.store_cap(&root, 0x200, &buf).unwrap();
    let no_lc = root.and_perms(!Perms::LOAD_CAP);
    assert!(!m.load_cap(&no_lc, 0x200).unwrap().tag());
    let no_ml = root.and_perms(!Perms::MUTABLE_LOAD);
    let l = m.load_cap(&no_ml, 0x200).unwrap();
    assert!(l.tag() && !l.perms().contains(Perms::STORE));
    // Storing a tagged capability needs StoreCap; a local one StoreLocalCap.
    let no_sc = root.and_perms(!Perms::STORE_CAP);
    assert_eq!(
        m.store_cap(&no_sc, 0x200, &buf).unwrap_err().kind(),
        FaultKind::Permission
    );
    m.store_cap(&no_sc, 0x200, &buf.clear_tag()).unwrap();
    let local = buf.and_perms(!Perms::GLOBAL);
    let no_slc = root.and_perms(!Perms::STORE_LOCAL_CAP);
    assert_eq!(
        m.store_cap(&no_slc, 0x200, &local).unwrap_err().kind(),
        FaultKind::Permission
    );
    // Permission and tag checks.
    let ro = buf.and_perms(Perms::LOAD);
    assert_eq!(
        m.store_u8(&ro, 0, 1).unwrap_err().kind(),
        FaultKind::Permission
    );
    assert_eq!(
        m.load_u8(&buf.clear_tag(), 0).unwrap_err().kind(),
        FaultKind::Tag
    );
    // Byte slices.
    m.store_bytes(&buf, 0, b"hello").unwrap();
    let mut out = [0u8; 5];
    m.load_bytes(&buf, 0, &mut out).unwrap();
    assert_eq!(&out, b"hello");
    let mut big = [0u8; 0x41];
    assert_eq!(
        m.load_bytes(&buf, 0, &mut big).unwrap_err().kind(),
        FaultKind::Bounds
    );
}

#[test]
fn memory_rounds_to_representable_size() {
    let m = Memory::new(100_001).unwrap();
    assert_eq!(m.size(), 100_032);
    assert_eq!((m.root().base(), m.root().top()), (0, 100_032));
    assert!(Memory::new(u64::MAX).is_err());
}

#[test]
fn fault_display() {
    let c = Capability::root().set_address(0x100).set_bounds(0x10);
    let e = c.check_access(0x110, 1, Perms::LOAD).unwrap_err();
    let s = e.to_string();
    assert!(s.starts_with("bounds fault at address 0x110"), "{s}");
    assert!(s.contains("0x100-0x110"), "{s}");
    assert_eq!(e.kind().name(), "BOUNDS");
}

#[test]
fn flag_bits_outside_sign_extension() {
    // A case from cheri-compressed-cap's Morello tests (found by fuzzing):
    // the bounds' upper bits are not a sign extension of the 56-bit
    // address, and top exceeds 2^64.
    let c = Capability::from_bits(0xa98a_a9a9_bf79_a9ae, 0xada9_a9a9_a9e9_a9f4, false);
    assert_eq!(c.base(), 0x5350_0000_0000_0000);
    assert_eq!(c.top(), MAX_TOP | 0xfef0_0000_0000_0000);
    assert!(c.bounds_valid());
    assert_eq!(c.exponent(), 49);
    // Moving the address to the base keeps those bounds.
    assert!(c.is_representable(c.base()));
    let d = c.set_address(c.base());
    assert_eq!((d.base(), d.top()), (c.base(), c.top()));
}
