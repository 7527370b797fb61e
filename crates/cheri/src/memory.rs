//! Tagged memory: bytes plus one tag bit per 16-byte granule.
//!
//! Every access names the capability it goes through and is checked
//! against it (tag, seal, permission, bounds — in that order) before a
//! byte is touched. Addresses are bounds addresses (the flags byte is
//! ignored, DDI0606 top-byte-ignore), and the memory occupies addresses
//! `0..size`; an access that passes the capability check but falls outside
//! the memory faults with `Bounds` too, so nothing outside either is read
//! or written.
//!
//! Tag rules (DDI0606 "Tagged memory"):
//! - storing a tagged capability (16-byte aligned, needs Store and
//!   StoreCap, plus StoreLocalCap if the value lacks Global) sets the
//!   granule's tag;
//! - any data store that overlaps a granule clears its tag;
//! - a capability loaded through a capability without LoadCap has its tag
//!   cleared; one loaded without MutableLoad loses its store rights.
//!
//! Data is little-endian, as on Morello. A capability occupies 16 bytes:
//! the cursor at the lower address, pesbt above it.

use crate::cap::Capability;
use crate::compress::{bounds_address, representable_length};
use crate::fault::{AllocError, Fault, FaultKind};
use crate::perms::Perms;

/// Bytes per tag.
pub const GRANULE: u64 = 16;

/// Memory with a tag per 16-byte granule.
#[derive(Clone, Debug)]
pub struct Memory {
    data: Vec<u8>,
    /// Bit g of word g/64 is the tag of granule g.
    tags: Vec<u64>,
    root: Capability,
}

impl Memory {
    /// Fresh zeroed, untagged memory of at least `size` bytes at address 0.
    ///
    /// The size is rounded up to a whole number of granules and to a
    /// representable length (CRRL), so that the root capability returned
    /// by [`Memory::root`] covers exactly the memory.
    pub fn new(size: u64) -> Result<Memory, AllocError> {
        let granules = size
            .div_ceil(GRANULE)
            .checked_mul(GRANULE)
            .ok_or(AllocError { size })?;
        let len = representable_length(granules);
        if len < granules {
            return Err(AllocError { size });
        }
        let n = usize::try_from(len).map_err(|_| AllocError { size })?;
        let mut data = Vec::new();
        data.try_reserve_exact(n).map_err(|_| AllocError { size })?;
        data.resize(n, 0);
        let words = (len / GRANULE).div_ceil(64) as usize;
        let mut tags = Vec::new();
        tags.try_reserve_exact(words)
            .map_err(|_| AllocError { size })?;
        tags.resize(words, 0);
        let root = Capability::root().set_bounds(len);
        debug_assert!(root.tag() && root.base() == 0 && root.top() == u128::from(len));
        Ok(Memory { data, tags, root })
    }

    /// Size in bytes (after rounding).
    pub fn size(&self) -> u64 {
        self.data.len() as u64
    }

    /// A tagged capability with every permission, bounded to the memory.
    pub fn root(&self) -> Capability {
        self.root
    }

    /// The tag of the granule holding `addr` (false outside the memory).
    /// A debugging view; programs see tags only through `load_cap`.
    pub fn tag_at(&self, addr: u64) -> bool {
        let a = bounds_address(addr);
        a < self.size() && self.tag((a / GRANULE) as usize)
    }

    #[inline]
    fn tag(&self, g: usize) -> bool {
        self.tags
            .get(g / 64)
            .is_some_and(|w| w >> (g % 64) & 1 == 1)
    }

    #[inline]
    fn set_tag(&mut self, g: usize, v: bool) {
        if let Some(w) = self.tags.get_mut(g / 64) {
            let bit = 1u64 << (g % 64);
            if v {
                *w |= bit
            } else {
                *w &= !bit
            }
        }
    }

    /// Clear the tags of every granule overlapping [index, index + size).
    #[inline]
    fn clear_tags(&mut self, index: usize, size: usize) {
        if size == 0 {
            return;
        }
        let first = index / GRANULE as usize;
        let last = (index + size - 1) / GRANULE as usize;
        if first == last {
            // The common case (an aligned scalar store): one granule.
            if let Some(w) = self.tags.get_mut(first / 64) {
                *w &= !(1u64 << (first % 64));
            }
            return;
        }
        for g in first..=last {
            self.set_tag(g, false);
        }
    }

    /// Check an access of `size` bytes at `cap.address() + offset` and
    /// return the index of its first byte in `data`.
    #[inline]
    fn check(&self, cap: &Capability, offset: u64, size: u64, need: Perms) -> Result<usize, Fault> {
        let addr = cap.address().wrapping_add(offset);
        cap.check_access(addr, size, need)?;
        let a = bounds_address(addr);
        // In the capability's bounds but not in this memory: treat like an
        // unmapped address.
        match a.checked_add(size) {
            Some(end) if end <= self.size() => Ok(a as usize),
            _ => Err(Fault::Bounds {
                address: addr,
                cap: *cap,
            }),
        }
    }

    // ---- data loads and stores ----

    /// Read `buf.len()` bytes at `cap.address() + offset` (needs Load).
    pub fn load_bytes(&self, cap: &Capability, offset: u64, buf: &mut [u8]) -> Result<(), Fault> {
        let i = self.check(cap, offset, buf.len() as u64, Perms::LOAD)?;
        buf.copy_from_slice(&self.data[i..i + buf.len()]);
        Ok(())
    }

    /// Write `bytes` at `cap.address() + offset` (needs Store); clears the
    /// tags of every granule written.
    pub fn store_bytes(
        &mut self,
        cap: &Capability,
        offset: u64,
        bytes: &[u8],
    ) -> Result<(), Fault> {
        let i = self.check(cap, offset, bytes.len() as u64, Perms::STORE)?;
        self.data[i..i + bytes.len()].copy_from_slice(bytes);
        self.clear_tags(i, bytes.len());
        Ok(())
    }

    #[inline]
    fn load_n<const N: usize>(&self, cap: &Capability, offset: u64) -> Result<[u8; N], Fault> {
        let i = self.check(cap, offset, N as u64, Perms::LOAD)?;
        let mut out = [0u8; N];
        out.copy_from_slice(&self.data[i..i + N]);
        Ok(out)
    }

    #[inline]
    fn store_n<const N: usize>(
        &mut self,
        cap: &Capability,
        offset: u64,
        v: [u8; N],
    ) -> Result<(), Fault> {
        let i = self.check(cap, offset, N as u64, Perms::STORE)?;
        self.data[i..i + N].copy_from_slice(&v);
        self.clear_tags(i, N);
        Ok(())
    }

    pub fn load_u8(&self, cap: &Capability, offset: u64) -> Result<u8, Fault> {
        self.load_n::<1>(cap, offset).map(u8::from_le_bytes)
    }
    pub fn load_u16(&self, cap: &Capability, offset: u64) -> Result<u16, Fault> {
        self.load_n::<2>(cap, offset).map(u16::from_le_bytes)
    }
    pub fn load_u32(&self, cap: &Capability, offset: u64) -> Result<u32, Fault> {
        self.load_n::<4>(cap, offset).map(u32::from_le_bytes)
    }
    #[inline]
    pub fn load_u64(&self, cap: &Capability, offset: u64) -> Result<u64, Fault> {
        self.load_n::<8>(cap, offset).map(u64::from_le_bytes)
    }
    pub fn store_u8(&mut self, cap: &Capability, offset: u64, v: u8) -> Result<(), Fault> {
        self.store_n(cap, offset, v.to_le_bytes())
    }
    pub fn store_u16(&mut self, cap: &Capability, offset: u64, v: u16) -> Result<(), Fault> {
        self.store_n(cap, offset, v.to_le_bytes())
    }
    pub fn store_u32(&mut self, cap: &Capability, offset: u64, v: u32) -> Result<(), Fault> {
        self.store_n(cap, offset, v.to_le_bytes())
    }
    #[inline]
    pub fn store_u64(&mut self, cap: &Capability, offset: u64, v: u64) -> Result<(), Fault> {
        self.store_n(cap, offset, v.to_le_bytes())
    }

    // ---- capability loads and stores ----

    /// Load the capability at `cap.address() + offset` (needs Load,
    /// 16-byte alignment). Without LoadCap on `cap` the result is
    /// untagged; without MutableLoad a tagged, unsealed result loses
    /// Store, StoreCap, StoreLocalCap and MutableLoad (DDI0606
    /// CapSquashPostLoadCap).
    pub fn load_cap(&self, cap: &Capability, offset: u64) -> Result<Capability, Fault> {
        let addr = cap.address().wrapping_add(offset);
        let i = self.check(cap, offset, GRANULE, Perms::LOAD)?;
        if bounds_address(addr) & (GRANULE - 1) != 0 {
            return Err(Fault::new(FaultKind::Alignment, addr, *cap));
        }
        let mut lo = [0u8; 8];
        let mut hi = [0u8; 8];
        lo.copy_from_slice(&self.data[i..i + 8]);
        hi.copy_from_slice(&self.data[i + 8..i + 16]);
        let tag = self.tag(i / GRANULE as usize) && cap.perms().contains(Perms::LOAD_CAP);
        let mut v = Capability::from_bits(u64::from_le_bytes(hi), u64::from_le_bytes(lo), tag);
        if v.tag() && !v.is_sealed() && !cap.perms().contains(Perms::MUTABLE_LOAD) {
            v = v.and_perms(
                !(Perms::STORE | Perms::STORE_CAP | Perms::STORE_LOCAL_CAP | Perms::MUTABLE_LOAD),
            );
        }
        Ok(v)
    }

    /// Store `value` at `cap.address() + offset` (needs Store and 16-byte
    /// alignment; if `value` is tagged also StoreCap, and StoreLocalCap
    /// when `value` lacks Global). The granule's tag becomes `value`'s tag.
    pub fn store_cap(
        &mut self,
        cap: &Capability,
        offset: u64,
        value: &Capability,
    ) -> Result<(), Fault> {
        let addr = cap.address().wrapping_add(offset);
        let mut need = Perms::STORE;
        if value.tag() {
            need = need | Perms::STORE_CAP;
            if !value.perms().contains(Perms::GLOBAL) {
                need = need | Perms::STORE_LOCAL_CAP;
            }
        }
        let i = self.check(cap, offset, GRANULE, need)?;
        if bounds_address(addr) & (GRANULE - 1) != 0 {
            return Err(Fault::new(FaultKind::Alignment, addr, *cap));
        }
        self.data[i..i + 8].copy_from_slice(&value.address().to_le_bytes());
        self.data[i + 8..i + 16].copy_from_slice(&value.pesbt().to_le_bytes());
        self.set_tag(i / GRANULE as usize, value.tag());
        Ok(())
    }
}
