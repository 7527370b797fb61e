//! Morello 128-bit bounds compression ("CHERI Concentrate" as specialised by
//! Arm DDI0606).
//!
//! A capability in memory is 128 bits plus a tag. The upper 64 bits are the
//! `pesbt` word (Permissions, otype/sEal, Bounds: Top and Bottom); the lower 64
//! bits are the cursor (the address, whose top byte holds Morello's flags).
//!
//! Layout of `pesbt` (bit numbers of the 128-bit capability, then of `pesbt`):
//!
//! ```text
//! 127..110  (63..46)  permissions, 18 bits            -> perms.rs
//! 109..95   (45..31)  object type, 15 bits            -> otype.rs
//!      94   (30)      "exponent is zero" flag: 1 = no internal exponent
//!  93..80   (29..16)  T[13:0]            (E = 0)   |  T[13:3], E[5:3] (IE)
//!  79..64   (15..0)   B[15:0]            (E = 0)   |  B[15:3], E[2:0] (IE)
//! ```
//!
//! With an internal exponent (IE) the six exponent bits are stored inverted
//! (DDI0606 CapGetExponent: `E = NOT(...)`), so an all-zero pesbt — the null
//! capability — decodes with E = 63, which Morello treats as "whole address
//! space". The top two bits of T are never stored; they are inferred from B
//! and the carry (DDI0606 CapGetTop / CHERI Concentrate §"Decoding").
//!
//! Everything here is pure integer arithmetic on the encoded words and never
//! panics: shifts are bounded explicitly and additions wrap on purpose where
//! the architecture truncates.

/// Width of the B mantissa (bits of the bottom field when E = 0).
pub const MANTISSA_WIDTH: u32 = 16;
/// Largest exponent an encoding *needs*: 2^(50+14) covers the 65-bit top.
/// Exponents 51..=62 are malformed; 63 is "whole address space".
pub const MAX_EXPONENT: u8 = 50;
/// The all-ones stored exponent, which Morello decodes as base 0, top 2^64.
pub const MAX_ENCODABLE_EXPONENT: u8 = 63;
/// `top` is a 65-bit quantity; this is its largest well-formed value.
pub const MAX_TOP: u128 = 1 << 64;
/// Address bits that take part in bounds: the flags byte (63..56) does not.
pub const CURSOR_MASK: u64 = 0x00FF_FFFF_FFFF_FFFF;
const LEN_MASK_65: u128 = (1u128 << 65) - 1;

/// pesbt bit 30: set when the exponent is zero (no internal exponent).
const EXP_ZERO_BIT: u64 = 1 << 30;
/// Mask of the 31 bounds bits (EBT) inside pesbt.
pub const EBT_MASK: u64 = (1 << 31) - 1;

/// The pesbt bounds field of the almighty (reset) capability: IE with E = 50,
/// B = 0, T = 0x4000 (stored T bits all zero; the top bits are inferred).
/// Decodes to base 0, top 2^64 (CHERI Concentrate reset encoding; the
/// reference implementation calls it RESET_EBT).
pub const RESET_EBT: u64 = encode_exponent(MAX_EXPONENT);

/// The raw bounds fields of a pesbt word: what DDI0606 calls the exponent,
/// bottom and (completed) top mantissas.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoundsBits {
    /// B, 16 bits (low 3 bits zero when `ie`).
    pub b: u16,
    /// T, 16 bits including the two inferred top bits (low 3 zero when `ie`).
    pub t: u16,
    /// Exponent, 0..=63 as decoded (not yet clamped).
    pub e: u8,
    /// Internal exponent: the exponent is stored in the low bits of B and T.
    pub ie: bool,
}

/// Inverted, split exponent field for an internal-exponent encoding:
/// E[5:3] at pesbt 18..16, E[2:0] at pesbt 2..0 (DDI0606 CapGetExponent).
const fn encode_exponent(e: u8) -> u64 {
    let inv = !(e as u64) & 0x3f;
    ((inv >> 3) << 16) | (inv & 7)
}

/// Extract B, T and E from `pesbt` and infer T's top two bits.
///
/// DDI0606 CapGetExponent / CapGetBottom / CapGetTop: T[15:14] = B[15:14] +
/// L_carry + L_msb, where L_carry is set when the stored T is below B (the
/// length wrapped the 14-bit window) and L_msb is the implied length bit
/// (1 with an internal exponent, 0 otherwise).
#[inline]
pub fn extract_bounds_bits(pesbt: u64) -> BoundsBits {
    let ie = pesbt & EXP_ZERO_BIT == 0;
    // Written without branches on `ie` (selects only): whether a
    // capability has an internal exponent is data-dependent, and a
    // mispredicted branch costs more than this whole function.
    // IE: B[15:3], T[13:3] with the low three bits holding the exponent.
    let low = if ie { 0xfff8u64 } else { 0xffff };
    let b = (pesbt & low) as u16;
    let t = ((pesbt >> 16) & low & 0x3fff) as u16;
    let stored = (((pesbt >> 16) & 7) << 3) | (pesbt & 7);
    let e = if ie { (!stored & 0x3f) as u8 } else { 0 };
    let l_msb = u16::from(ie);
    let l_carry = u16::from(t < (b & 0x3fff));
    let t_top = ((b >> 14) + l_carry + l_msb) & 3;
    BoundsBits {
        b,
        t: t | (t_top << 14),
        e,
        ie,
    }
}

/// The address as bounds arithmetic sees it: Morello's flags byte is
/// removed and bit 55 is sign-extended over it (DDI0606 CapBoundsAddress).
#[inline]
pub const fn bounds_address(addr: u64) -> u64 {
    // Shift the 56-bit value to the top and arithmetic-shift back.
    (((addr << 8) as i64) >> 8) as u64
}

/// Decoded bounds of a capability.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bounds {
    /// Lowest address (64 bits; bit 64 of the intermediate is discarded, as
    /// in DDI0606 CapGetBase which returns 64 bits).
    pub base: u64,
    /// One past the highest address, 65 bits.
    pub top: u128,
    /// False for malformed exponents (51..=62): such bounds decode as the
    /// whole address space but no address change keeps them tagged.
    pub valid: bool,
}

/// Compute base and top from the bounds fields and the cursor.
///
/// DDI0606 CapGetBounds. The mantissas give the low bits of base and top;
/// the high bits come from the cursor, corrected by -1/0/+1 depending on
/// which 2^(E+16)-aligned region the cursor, B and T fall into relative to
/// the representable-region floor R = B[15:13] - 1 (the "correction factors"
/// of CHERI Concentrate, computed on the top three mantissa bits).
#[inline]
pub fn compute_bounds(bits: BoundsBits, cursor: u64) -> Bounds {
    // DDI0606 CapGetBounds: an exponent above the maximum decodes as the
    // whole address space; only the all-ones exponent is well formed.
    if bits.e > MAX_EXPONENT {
        return Bounds {
            base: 0,
            top: MAX_TOP,
            valid: bits.e == MAX_ENCODABLE_EXPONENT,
        };
    }
    let e = u32::from(bits.e);
    let a = bounds_address(cursor);
    let a3 = ((a >> (e + MANTISSA_WIDTH - 3)) & 7) as u32;
    let b3 = u32::from(bits.b >> 13);
    let t3 = u32::from(bits.t >> 13);
    let r3 = b3.wrapping_sub(1) & 7;
    let a_hi = i64::from(a3 < r3);
    let b_hi = i64::from(b3 < r3);
    let t_hi = i64::from(t3 < r3);
    let shift = e + MANTISSA_WIDTH;
    let a_top = a.checked_shr(shift).unwrap_or(0);

    // (a_top + correction) : mantissa : zeros(E), truncated to 65 bits.
    let assemble = |corr: i64, m: u16| -> u128 {
        let hi = a_top.wrapping_add_signed(corr) as u128;
        (((hi << MANTISSA_WIDTH) | u128::from(m)) << e) & LEN_MASK_65
    };
    let base = assemble(b_hi - a_hi, bits.b);
    let mut top = assemble(t_hi - a_hi, bits.t);

    // DDI0606 CapGetBounds: if base and top are more than an address space
    // apart, flip top[64]. This corrects the wrap of the representable
    // region around 2^64. Only base[63] is looked at (not base[64]) so
    // that set-bounds and address changes stay monotonic.
    let base2 = ((base >> 63) & 1) as u32;
    let top2 = ((top >> 63) & 3) as u32;
    if e < u32::from(MAX_EXPONENT) - 1 && top2.wrapping_sub(base2) > 1 {
        top ^= 1u128 << 64;
    }
    Bounds {
        base: base as u64,
        top,
        valid: true,
    }
}

/// Decode the bounds of (`pesbt`, `cursor`).
#[inline]
pub fn decode_bounds(pesbt: u64, cursor: u64) -> Bounds {
    compute_bounds(extract_bounds_bits(pesbt), cursor)
}

/// Result of compressing a requested [base, top).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Encoded {
    /// The 31 bounds bits of pesbt (bit 30 down to 0).
    pub ebt: u64,
    /// True when the encoding decodes to exactly the requested bounds.
    pub exact: bool,
    /// The CRAM mask: base must be aligned to it for the request to be
    /// exact (all ones when any base works).
    pub alignment_mask: u64,
}

/// Exponent for a length (CHERI Concentrate: put the length's top set bit
/// just below the top of the 16-bit mantissa; lengths over 64 bits use
/// the maximum exponent).
#[inline]
fn exponent_for_length(len: u128) -> u32 {
    if len > u128::from(u64::MAX) {
        u32::from(MAX_EXPONENT)
    } else if len < (1 << (MANTISSA_WIDTH - 1)) {
        0
    } else {
        // len >= 2^15 here, so ilog2 >= 15 and the subtraction cannot wrap.
        (len as u64).ilog2() - (MANTISSA_WIDTH - 2)
    }
}

/// Compress [base, top) into Morello bounds bits, rounding outward.
///
/// DDI0606 CSetBounds (the bounds-computation part) / CHERI Concentrate
/// `setCapBounds`: choose E from the length; if the low E+3 bits of base or
/// top would be lost, round base down and top up; if rounding made the
/// length overflow the mantissa, use E+1 and round again.
#[inline]
pub fn encode_bounds(base: u64, top: u128) -> Encoded {
    // The whole address space has its own encoding (the reset capability):
    // the general path would pick E = 50 and could not express 2^64 with
    // B = 0.
    if base == 0 && top == MAX_TOP {
        return Encoded {
            ebt: RESET_EBT,
            exact: true,
            alignment_mask: u64::MAX,
        };
    }
    let len = top.wrapping_sub(u128::from(base)) & LEN_MASK_65;
    let e = exponent_for_length(len);
    // A zero exponent can still need the internal-exponent form when the
    // implied length bit (bit 14) is set: the E = 0 form has no L_msb.
    let ie = e != 0 || (len >> 14) & 1 == 1;
    if !ie {
        let ebt = EXP_ZERO_BIT | ((top as u64 & 0x3fff) << 16) | (base & 0xffff);
        return Encoded {
            ebt,
            exact: true,
            alignment_mask: u64::MAX,
        };
    }
    // e <= 50, so every shift below is < 64 (and < 128 for top).
    let mut shift = e + 3;
    let mut b_ie = (base >> shift) & 0x1fff;
    let mut t_ie = ((top >> shift) as u64) & 0x1fff;
    let low = (1u128 << shift) - 1;
    let mut lost_base = u128::from(base) & low != 0;
    let mut lost_top = top & low != 0;
    if lost_top {
        t_ie = (t_ie + 1) & 0x1fff;
    }
    let mut e_new = e;
    // The length in mantissa units must stay below 2^12; rounding may have
    // pushed it to 2^12, in which case E grows by one.
    if (t_ie.wrapping_sub(b_ie) & 0x1fff) >> 12 & 1 == 1 {
        lost_base |= b_ie & 1 == 1;
        lost_top |= t_ie & 1 == 1;
        shift += 1;
        e_new += 1;
        b_ie = (base >> shift) & 0x1fff;
        t_ie = ((top >> shift) as u64) & 0x1fff;
        if lost_top {
            t_ie = (t_ie + 1) & 0x1fff;
        }
    }
    let ebt = encode_exponent(e_new as u8) | ((t_ie & 0x7ff) << 19) | (b_ie << 3);
    Encoded {
        ebt,
        exact: !lost_base && !lost_top,
        alignment_mask: u64::MAX << shift,
    }
}

/// CRAM: the mask a base must be aligned to so that a region of `len`
/// bytes can be bounded exactly (DDI0606 CRAM / RRMASK).
#[inline]
pub fn representable_alignment_mask(len: u64) -> u64 {
    encode_bounds(0, u128::from(len)).alignment_mask
}

/// CRRL: the smallest length >= `len` that can be bounded exactly at a
/// suitably aligned base (DDI0606 CRRL / RRLEN). Wraps to 0 when the
/// rounded length would not fit 64 bits, as the instruction does.
#[inline]
pub fn representable_length(len: u64) -> u64 {
    let mask = representable_alignment_mask(len);
    len.wrapping_add(!mask) & mask
}

/// The fast representability test used when an address changes: would the
/// bounds still decode the same with the cursor moved to `new_addr`?
///
/// DDI0606 CapIsRepresentableFast: the increment `new - old` (taken as a
/// bounds address) must be within the representable region, judged from
/// the top bits of the increment and of the mantissa-sized window of the
/// cursor. Exponents >= 48 are always representable here because the
/// cursor's upper bits no longer contribute to the bounds.
#[inline]
pub fn is_representable_fast(pesbt: u64, cursor: u64, new_addr: u64) -> bool {
    let bits = extract_bounds_bits(pesbt);
    let e = u32::from(bits.e);
    let inc = bounds_address(new_addr.wrapping_sub(cursor));
    let a = bounds_address(cursor);
    let top_shift = (e + MANTISSA_WIDTH).min(63);
    let e_shift = e.min(63);
    let i_top = (inc as i64) >> top_shift;
    let i_mid = (inc >> e_shift) & 0xffff;
    let a_mid = (a >> e_shift) & 0xffff;
    let b3 = u64::from(bits.b >> 13);
    let r = ((b3.wrapping_sub(1)) & 7) << 13;
    let diff = r.wrapping_sub(a_mid) & 0xffff;
    let diff1 = diff.wrapping_sub(1) & 0xffff;
    let in_limits = match i_top {
        0 => i_mid < diff1,
        -1 => i_mid >= diff && r != a_mid,
        _ => false,
    };
    in_limits || bits.e >= MAX_EXPONENT - 2
}

/// True when bounds arithmetic reads cursor bits for this exponent, i.e.
/// the mantissa window does not cover the whole 64-bit address (E < 48).
#[inline]
pub const fn bounds_use_address(e: u8) -> bool {
    (e as u32) < 64 - MANTISSA_WIDTH
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reset_encoding_is_whole_space() {
        assert_eq!(RESET_EBT, 0x10005);
        let b = decode_bounds(RESET_EBT, 0);
        assert_eq!((b.base, b.top, b.valid), (0, MAX_TOP, true));
        let b = decode_bounds(RESET_EBT, u64::MAX);
        assert_eq!((b.base, b.top, b.valid), (0, MAX_TOP, true));
    }

    #[test]
    fn null_encoding_is_whole_space() {
        let bits = extract_bounds_bits(0);
        assert_eq!(bits.e, 63);
        let b = decode_bounds(0, 0x1234);
        assert_eq!((b.base, b.top, b.valid), (0, MAX_TOP, true));
    }

    #[test]
    fn bounds_address_sign_extends_bit_55() {
        assert_eq!(bounds_address(0xff00_0000_0000_1000), 0x1000);
        assert_eq!(bounds_address(0x0080_0000_0000_0000), 0xff80_0000_0000_0000);
    }

    #[test]
    fn small_lengths_are_exact() {
        for len in 0..0x4000u64 {
            let enc = encode_bounds(0x1234, 0x1234 + u128::from(len));
            assert!(enc.exact);
            let b = decode_bounds(enc.ebt, 0x1234);
            assert_eq!((b.base, b.top), (0x1234, 0x1234 + u128::from(len)));
        }
    }

    #[test]
    fn crrl_cram_examples() {
        // 100000 = 32 * 3125: exact, but only at a 32-byte-aligned base.
        assert_eq!(representable_length(100_000), 100_000);
        assert_eq!(representable_alignment_mask(100_000), !31);
        assert_eq!(representable_length(100_001), 100_032);
        assert_eq!(representable_length(0), 0);
        assert_eq!(representable_alignment_mask(0), u64::MAX);
        // Values from cheri-compressed-cap: the rounded length wraps.
        assert_eq!(representable_length(u64::MAX), 0);
        assert_eq!(
            representable_alignment_mask(u64::MAX),
            0xffe0_0000_0000_0000
        );
    }
}
