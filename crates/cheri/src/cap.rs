//! The capability value type and the operations that derive one capability
//! from another.
//!
//! A [`Capability`] is the architectural 129-bit value (tag, 64-bit pesbt,
//! 64-bit cursor) plus its decoded bounds, cached so that checks on the hot
//! path (every load and store) do not re-decode. The cache is always
//! `decode_bounds(pesbt, cursor)`: every constructor goes through
//! [`Capability::from_bits`] or keeps pesbt's bounds bits and cursor as they
//! were.
//!
//! Two styles of operation:
//! - *hardware style* (`set_address`, `set_bounds`, `and_perms`,
//!   `set_flags`, `seal_entry`): never fail; like the Morello instructions
//!   they clear the result's tag when a rule is broken, so the result can
//!   never be used to widen authority;
//! - *checked style* (`set_bounds_exact`, `seal`, `unseal`, `build`,
//!   `check_access`): return a [`Fault`] saying which rule was broken, the
//!   way a language binding wants to raise an exception.

use crate::compress::{
    bounds_address, bounds_use_address, decode_bounds, encode_bounds, extract_bounds_bits,
    is_representable_fast, BoundsBits, EBT_MASK, MAX_TOP, RESET_EBT,
};
use crate::fault::{Fault, FaultKind};
use crate::otype::{OType, SentryKind, FIRST_USER_OTYPE, MAX_OTYPE};
use crate::perms::Perms;
use std::fmt;

const PERMS_SHIFT: u32 = 46;
const OTYPE_SHIFT: u32 = 31;
const OTYPE_FIELD: u64 = (MAX_OTYPE as u64) << OTYPE_SHIFT;
const PERMS_FIELD: u64 = (Perms::ALL.bits() as u64) << PERMS_SHIFT;
const FLAGS_SHIFT: u32 = 56;

/// A Morello capability (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Capability {
    pesbt: u64,
    cursor: u64,
    base: u64,
    top: u128,
    tag: bool,
    bounds_valid: bool,
}

impl Default for Capability {
    fn default() -> Self {
        Capability::null()
    }
}

impl Capability {
    // ---- construction and the architectural bits ----

    /// Decode the architectural value: pesbt (bits 127..64), cursor (bits
    /// 63..0) and tag. Any bit pattern is accepted, as Morello's CSETTAG /
    /// memory loads accept it; malformed bounds show up as
    /// [`Capability::bounds_valid`] being false.
    #[inline]
    pub fn from_bits(pesbt: u64, cursor: u64, tag: bool) -> Capability {
        let b = decode_bounds(pesbt, cursor);
        Capability {
            pesbt,
            cursor,
            base: b.base,
            top: b.top,
            tag,
            bounds_valid: b.valid,
        }
    }

    /// From the 128-bit in-memory form (pesbt in the high half).
    pub fn from_u128(bits: u128, tag: bool) -> Capability {
        Capability::from_bits((bits >> 64) as u64, bits as u64, tag)
    }

    /// The 128-bit form (pesbt in the high half); the tag is separate.
    pub fn to_u128(&self) -> u128 {
        (u128::from(self.pesbt) << 64) | u128::from(self.cursor)
    }

    /// The null capability: all bits zero, untagged. Its bounds decode as
    /// the whole address space (the all-ones internal exponent).
    pub fn null() -> Capability {
        Capability::from_bits(0, 0, false)
    }

    /// An untagged null-derived capability holding an integer address.
    pub fn null_with_address(addr: u64) -> Capability {
        Capability::from_bits(0, addr, false)
    }

    /// The almighty root: tagged, every permission, unsealed, bounds
    /// [0, 2^64), cursor 0 (the Morello reset capability).
    pub fn root() -> Capability {
        Capability::from_bits(PERMS_FIELD | RESET_EBT, 0, true)
    }

    /// Encode a capability from its fields: the inverse of decoding.
    /// Returns `None` when [base, top) is not exactly representable or the
    /// cursor lies outside the region where these bounds decode correctly.
    pub fn from_fields(
        base: u64,
        top: u128,
        cursor: u64,
        perms: Perms,
        otype: OType,
        tag: bool,
    ) -> Option<Capability> {
        if top < u128::from(base) || top > MAX_TOP {
            return None;
        }
        let enc = encode_bounds(base, top);
        let pesbt = (u64::from(perms.bits()) << PERMS_SHIFT)
            | (u64::from(otype.bits()) << OTYPE_SHIFT)
            | enc.ebt;
        let cap = Capability::from_bits(pesbt, cursor, tag);
        (enc.exact && cap.base == base && cap.top == top).then_some(cap)
    }

    /// Bits 127..64: permissions, object type, bounds.
    #[inline]
    pub fn pesbt(&self) -> u64 {
        self.pesbt
    }

    /// The full 64-bit cursor, flags byte included.
    #[inline]
    pub fn address(&self) -> u64 {
        self.cursor
    }

    #[inline]
    pub fn tag(&self) -> bool {
        self.tag
    }

    /// Morello flags: the top byte of the cursor (ignored by bounds).
    #[inline]
    pub fn flags(&self) -> u8 {
        (self.cursor >> FLAGS_SHIFT) as u8
    }

    #[inline]
    pub fn base(&self) -> u64 {
        self.base
    }

    /// One past the last address: 65 bits, 2^64 for the whole space.
    #[inline]
    pub fn top(&self) -> u128 {
        self.top
    }

    /// `top - base`, or `None` for (untagged, malformed) capabilities whose
    /// top decodes below their base.
    #[inline]
    pub fn length(&self) -> Option<u128> {
        self.top.checked_sub(u128::from(self.base))
    }

    /// Address minus base, wrapping (CGetOffset).
    #[inline]
    pub fn offset(&self) -> u64 {
        self.cursor.wrapping_sub(self.base)
    }

    #[inline]
    pub fn perms(&self) -> Perms {
        Perms::from_bits((self.pesbt >> PERMS_SHIFT) as u32)
    }

    #[inline]
    pub fn otype(&self) -> OType {
        OType::from_bits(((self.pesbt >> OTYPE_SHIFT) as u16) & MAX_OTYPE)
    }

    #[inline]
    pub fn is_sealed(&self) -> bool {
        self.pesbt & OTYPE_FIELD != 0
    }

    /// The decoded exponent (0..=63; above 50 is malformed except 63).
    pub fn exponent(&self) -> u8 {
        extract_bounds_bits(self.pesbt).e
    }

    /// The raw bounds fields (E, B, T and the IE flag).
    pub fn bounds_bits(&self) -> BoundsBits {
        extract_bounds_bits(self.pesbt)
    }

    /// False when the exponent is malformed (51..=62).
    #[inline]
    pub fn bounds_valid(&self) -> bool {
        self.bounds_valid
    }

    /// Same capability with the tag cleared (CCLRTAG).
    pub fn clear_tag(&self) -> Capability {
        Capability {
            tag: false,
            ..*self
        }
    }

    /// Same bits with pesbt's non-bounds fields replaced; bounds are
    /// unchanged because the EBT bits and cursor are.
    fn with_pesbt_fields(&self, pesbt: u64, tag: bool) -> Capability {
        debug_assert_eq!(pesbt & EBT_MASK, self.pesbt & EBT_MASK);
        Capability {
            pesbt,
            tag,
            ..*self
        }
    }

    // ---- bounds queries ----

    /// Is `addr` (as a bounds address: flags removed, bit 55 extended)
    /// within [base, top)?
    #[inline]
    pub fn in_bounds(&self, addr: u64) -> bool {
        self.range_in_bounds(addr, 1)
    }

    /// Is [addr, addr + size) within the bounds? Malformed bounds contain
    /// nothing (DDI0606 CapIsRangeInBounds uses the bounds' valid flag).
    #[inline]
    pub fn range_in_bounds(&self, addr: u64, size: u64) -> bool {
        let a = u128::from(bounds_address(addr));
        self.bounds_valid && a >= u128::from(self.base) && a + u128::from(size) <= self.top
    }

    /// Would moving the cursor to `new_addr` keep the bounds? This is the
    /// check Morello's address-changing instructions use (DDI0606
    /// CapIsRepresentableFast), including its refusal to let bit 55 change
    /// while it takes part in the bounds.
    pub fn is_representable(&self, new_addr: u64) -> bool {
        let e = self.exponent();
        // Bit 55 is the sign of the bounds address: flipping it moves the
        // cursor by 2^56 within any bounds that read it.
        if (new_addr ^ self.cursor) & (1 << 55) != 0 && bounds_use_address(e) {
            return false;
        }
        // Malformed exponents detag on every address change.
        if !self.bounds_valid {
            return false;
        }
        let a = u128::from(bounds_address(new_addr));
        if a >= u128::from(self.base) && a < self.top {
            return true;
        }
        if self.base == 0 && self.top == MAX_TOP {
            return true;
        }
        is_representable_fast(self.pesbt, self.cursor, new_addr)
    }

    // ---- hardware-style derivation ----

    /// Move the cursor (SCVALUE / CSetAddr). The tag is cleared if the
    /// capability is sealed or the new address is not representable; the
    /// bounds are then whatever the old bounds bits decode to at the new
    /// address, as on hardware.
    #[inline]
    pub fn set_address(&self, addr: u64) -> Capability {
        let tag = self.tag && !self.is_sealed() && self.is_representable(addr);
        // Hardware keeps only the 128 bits, so the bounds are whatever the
        // bounds bits decode to at the new address (unchanged whenever the
        // representability check passed).
        Capability::from_bits(self.pesbt, addr, tag)
    }

    /// Add a signed offset to the address (ADD/SUB on a capability).
    pub fn increment_address(&self, delta: i64) -> Capability {
        self.set_address(self.cursor.wrapping_add_signed(delta))
    }

    /// Replace the flags byte (SCFLGS). Flags are not part of the bounds,
    /// so only sealing clears the tag.
    pub fn set_flags(&self, flags: u8) -> Capability {
        let cursor = (self.cursor & !(0xff << FLAGS_SHIFT)) | (u64::from(flags) << FLAGS_SHIFT);
        Capability {
            cursor,
            tag: self.tag && !self.is_sealed(),
            ..*self
        }
    }

    /// Clear permissions (CLRPERM; "and-permissions" is `and_perms`).
    /// Sealed inputs lose their tag.
    pub fn and_perms(&self, keep: Perms) -> Capability {
        let perms = self.perms() & keep;
        let pesbt = (self.pesbt & !PERMS_FIELD) | (u64::from(perms.bits()) << PERMS_SHIFT);
        self.with_pesbt_fields(pesbt, self.tag && !self.is_sealed())
    }

    /// CSetBounds (SCBNDS): bounds [address, address + len), rounded
    /// outward to the nearest representable bounds. Returns the result and
    /// whether it is exact.
    ///
    /// The tag is cleared (DDI0606 CSetBounds / the reference's
    /// setbounds_impl) when the input is sealed, its bounds are malformed,
    /// the request is not within the current bounds, or a "large"
    /// capability (E >= 48, whose bounds ignore the cursor) becomes a small
    /// one while the cursor has non-canonical flag bits — then the bounds
    /// would silently move by the flags' value.
    pub fn set_bounds_detail(&self, len: u64) -> (Capability, bool) {
        let mut tag = self.tag && !self.is_sealed() && self.bounds_valid;
        let from_large = !bounds_use_address(self.exponent());
        // Small capabilities compute bounds from the sign-extended 56-bit
        // address; large ones use the raw cursor (matching the taped-out
        // chip, which does not mask there).
        let req_base = if from_large {
            self.cursor
        } else {
            bounds_address(self.cursor)
        };
        let req_top = u128::from(req_base) + u128::from(len);
        if req_base < self.base || req_top > self.top {
            tag = false;
        }
        let enc = encode_bounds(req_base, req_top);
        let pesbt = (self.pesbt & !EBT_MASK) | enc.ebt;
        let to_small = bounds_use_address(extract_bounds_bits(pesbt).e);
        if from_large && to_small && bounds_address(self.cursor) != self.cursor {
            tag = false;
        }
        (Capability::from_bits(pesbt, self.cursor, tag), enc.exact)
    }

    /// CSetBounds, rounding outward (see [`Capability::set_bounds_detail`]).
    pub fn set_bounds(&self, len: u64) -> Capability {
        self.set_bounds_detail(len).0
    }

    /// Exact CSetBounds (SCBNDSE), checked: faults instead of rounding or
    /// silently clearing the tag.
    pub fn set_bounds_exact(&self, len: u64) -> Result<Capability, Fault> {
        self.check_derivable()?;
        let (cap, exact) = self.set_bounds_detail(len);
        // Input tagged and unsealed, so a cleared tag means the request
        // left the bounds (or malformed bounds / non-canonical flags on a
        // large capability, which also make the bounds unusable).
        if !cap.tag {
            return Err(Fault::new(FaultKind::Bounds, self.cursor, *self));
        }
        if !exact {
            return Err(Fault::new(FaultKind::Representability, self.cursor, *self));
        }
        Ok(cap)
    }

    /// Tagged and unsealed, or the matching fault.
    fn check_derivable(&self) -> Result<(), Fault> {
        if !self.tag {
            return Err(Fault::new(FaultKind::Tag, self.cursor, *self));
        }
        if self.is_sealed() {
            return Err(Fault::new(FaultKind::Seal, self.cursor, *self));
        }
        Ok(())
    }

    // ---- sealing ----

    /// Seal with the object type given by `sealer`'s address (CSEAL).
    /// Needs: both tagged and unsealed; `sealer` has Seal, its address is
    /// within its bounds and is a non-reserved object type (4..=0x7fff).
    pub fn seal(&self, sealer: &Capability) -> Result<Capability, Fault> {
        self.check_derivable()?;
        sealer.check_derivable()?;
        let ot = sealer.cursor;
        if !sealer.perms().contains(Perms::SEAL) {
            return Err(Fault::new(FaultKind::Permission, ot, *sealer));
        }
        if !sealer.in_bounds(ot) || ot < u64::from(FIRST_USER_OTYPE) || ot > u64::from(MAX_OTYPE) {
            return Err(Fault::new(FaultKind::Bounds, ot, *sealer));
        }
        let pesbt = (self.pesbt & !OTYPE_FIELD) | (ot << OTYPE_SHIFT);
        Ok(self.with_pesbt_fields(pesbt, true))
    }

    /// Unseal (CUNSEAL). Needs: `self` tagged and sealed with a
    /// non-sentry type; `unsealer` tagged, unsealed, with Unseal, its
    /// address within its bounds and equal to the object type. The result
    /// keeps Global only if both had it (DDI0606 CUNSEAL).
    pub fn unseal(&self, unsealer: &Capability) -> Result<Capability, Fault> {
        if !self.tag {
            return Err(Fault::new(FaultKind::Tag, self.cursor, *self));
        }
        let OType::Sealed(ot) = self.otype() else {
            return Err(Fault::new(FaultKind::Seal, self.cursor, *self));
        };
        unsealer.check_derivable()?;
        let addr = unsealer.cursor;
        if !unsealer.perms().contains(Perms::UNSEAL) {
            return Err(Fault::new(FaultKind::Permission, addr, *unsealer));
        }
        if !unsealer.in_bounds(addr) {
            return Err(Fault::new(FaultKind::Bounds, addr, *unsealer));
        }
        if addr != u64::from(ot) {
            return Err(Fault::new(FaultKind::Seal, addr, *unsealer));
        }
        let mut pesbt = self.pesbt & !OTYPE_FIELD;
        if !unsealer.perms().contains(Perms::GLOBAL) {
            pesbt &= !(u64::from(Perms::GLOBAL.bits()) << PERMS_SHIFT);
        }
        Ok(self.with_pesbt_fields(pesbt, true))
    }

    /// Make a sentry (SEAL with an immediate form: RB, LPB or LB). A
    /// capability that is already sealed loses its tag.
    pub fn seal_entry(&self, kind: SentryKind) -> Capability {
        let pesbt = (self.pesbt & !OTYPE_FIELD) | (u64::from(kind.otype()) << OTYPE_SHIFT);
        self.with_pesbt_fields(pesbt, self.tag && !self.is_sealed())
    }

    /// What a branch to an RB sentry installs as the program counter: the
    /// same capability unsealed. Other capabilities fault.
    pub fn unseal_sentry(&self) -> Result<Capability, Fault> {
        if !self.tag {
            return Err(Fault::new(FaultKind::Tag, self.cursor, *self));
        }
        if self.otype() != OType::Sentry(SentryKind::Rb) {
            return Err(Fault::new(FaultKind::Seal, self.cursor, *self));
        }
        Ok(self.with_pesbt_fields(self.pesbt & !OTYPE_FIELD, true))
    }

    // ---- rebuilding and comparison ----

    /// Rebuild a tagged capability from untagged `data`, authorised by
    /// `self` (CBuildCap / Morello BUILD): the only operation that can
    /// produce a tag from an untagged value, and only for a value `self`
    /// could have derived. Needs: `self` tagged, unsealed, with valid
    /// bounds; `data`'s bounds valid, base <= top and within `self`'s; its
    /// permissions a subset. A sentry `data` stays a sentry; any other
    /// object type becomes unsealed (the CHERI ISA CBuildCap rule).
    pub fn build(&self, data: &Capability) -> Result<Capability, Fault> {
        self.check_derivable()?;
        if !self.bounds_valid {
            return Err(Fault::new(FaultKind::Bounds, self.cursor, *self));
        }
        let addr = data.cursor;
        let ok_bounds = data.bounds_valid
            && u128::from(data.base) <= data.top
            && data.base >= self.base
            && data.top <= self.top;
        if !ok_bounds {
            return Err(Fault::new(FaultKind::Bounds, addr, *data));
        }
        if !self.perms().contains(data.perms()) {
            return Err(Fault::new(FaultKind::Permission, addr, *data));
        }
        let pesbt = match data.otype() {
            OType::Sentry(_) => data.pesbt,
            _ => data.pesbt & !OTYPE_FIELD,
        };
        Ok(Capability {
            pesbt,
            tag: true,
            ..*data
        })
    }

    /// Morello CHKSS / CHERI CTestSubset: same tag, bounds within
    /// `other`'s and permissions a subset of `other`'s.
    pub fn is_subset_of(&self, other: &Capability) -> bool {
        self.tag == other.tag
            && self.base >= other.base
            && self.top <= other.top
            && other.perms().contains(self.perms())
    }

    /// Morello CHKEQ / CHERI CSetEqualExact: tag and all 128 bits equal.
    /// (Same as `==`, spelled out for bindings.)
    pub fn exact_equals(&self, other: &Capability) -> bool {
        self.tag == other.tag && self.pesbt == other.pesbt && self.cursor == other.cursor
    }

    // ---- access checks ----

    /// Check that `size` bytes at `addr` may be accessed with permissions
    /// `need`, in DDI0606 CheckCapability order: tag, seal, permissions,
    /// bounds.
    #[inline]
    pub fn check_access(&self, addr: u64, size: u64, need: Perms) -> Result<(), Fault> {
        if !self.tag {
            return Err(Fault::Tag {
                address: addr,
                cap: *self,
            });
        }
        if self.is_sealed() {
            return Err(Fault::Seal {
                address: addr,
                cap: *self,
            });
        }
        if !self.perms().contains(need) {
            return Err(Fault::Permission {
                address: addr,
                cap: *self,
            });
        }
        if !self.range_in_bounds(addr, size) {
            return Err(Fault::Bounds {
                address: addr,
                cap: *self,
            });
        }
        Ok(())
    }
}

/// `0x1000 [Load,Store 0x1000-0x1040] sealed 0x5 (invalid)`-style summary.
impl fmt::Display for Capability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:#x} [{} {:#x}-{:#x}]",
            self.cursor,
            self.perms(),
            self.base,
            self.top
        )?;
        if self.is_sealed() {
            write!(f, " {}", self.otype())?;
        }
        if !self.bounds_valid {
            f.write_str(" (malformed bounds)")?;
        }
        if !self.tag {
            f.write_str(" (invalid)")?;
        }
        Ok(())
    }
}
