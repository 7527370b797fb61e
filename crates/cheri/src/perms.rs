//! Morello permissions: an 18-bit field at capability bits 127..110.
//!
//! Bit assignment (DDI0606 "Capability permissions"; bit 0 of the field is
//! capability bit 110). The four user (software-defined) permissions sit in
//! the middle of the architectural ones, at field bits 5..2.

use std::fmt;
use std::ops::{BitAnd, BitOr, Not};

/// A set of Morello permissions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Perms(u32);

impl Perms {
    /// Bit 0: the capability may be stored through any StoreCap capability
    /// (a cleared Global makes it "local").
    pub const GLOBAL: Perms = Perms(1 << 0);
    /// Bit 1: Executive (as opposed to Restricted) execution state.
    pub const EXECUTIVE: Perms = Perms(1 << 1);
    /// Bits 2..5: software-defined permissions.
    pub const USER0: Perms = Perms(1 << 2);
    pub const USER1: Perms = Perms(1 << 3);
    pub const USER2: Perms = Perms(1 << 4);
    pub const USER3: Perms = Perms(1 << 5);
    /// Bit 6: capabilities loaded through this one keep their store rights.
    pub const MUTABLE_LOAD: Perms = Perms(1 << 6);
    /// Bit 7: may set the compartment ID register.
    pub const COMPARTMENT_ID: Perms = Perms(1 << 7);
    /// Bit 8: may be used by BRS/BLRS (branch to a sealed pair).
    pub const BRANCH_SEALED_PAIR: Perms = Perms(1 << 8);
    /// Bit 9: access to system registers.
    pub const SYSTEM: Perms = Perms(1 << 9);
    /// Bit 10: may unseal capabilities whose otype is its address.
    pub const UNSEAL: Perms = Perms(1 << 10);
    /// Bit 11: may seal capabilities with its address as otype.
    pub const SEAL: Perms = Perms(1 << 11);
    /// Bit 12: may store local (non-Global) capabilities.
    pub const STORE_LOCAL_CAP: Perms = Perms(1 << 12);
    /// Bit 13: may store tagged capabilities.
    pub const STORE_CAP: Perms = Perms(1 << 13);
    /// Bit 14: capabilities loaded through this one keep their tag.
    pub const LOAD_CAP: Perms = Perms(1 << 14);
    /// Bit 15: may be used as a program counter.
    pub const EXECUTE: Perms = Perms(1 << 15);
    /// Bit 16: data stores.
    pub const STORE: Perms = Perms(1 << 16);
    /// Bit 17: data loads.
    pub const LOAD: Perms = Perms(1 << 17);

    /// Every permission, including the user ones.
    pub const ALL: Perms = Perms((1 << 18) - 1);
    /// No permission.
    pub const NONE: Perms = Perms(0);

    /// Permissions in display order, with the names used by the CLI and
    /// the Python module.
    pub const NAMED: [(Perms, &'static str); 18] = [
        (Perms::LOAD, "Load"),
        (Perms::STORE, "Store"),
        (Perms::EXECUTE, "Execute"),
        (Perms::LOAD_CAP, "LoadCap"),
        (Perms::STORE_CAP, "StoreCap"),
        (Perms::STORE_LOCAL_CAP, "StoreLocalCap"),
        (Perms::SEAL, "Seal"),
        (Perms::UNSEAL, "Unseal"),
        (Perms::GLOBAL, "Global"),
        (Perms::SYSTEM, "System"),
        (Perms::BRANCH_SEALED_PAIR, "BranchSealedPair"),
        (Perms::COMPARTMENT_ID, "CompartmentID"),
        (Perms::MUTABLE_LOAD, "MutableLoad"),
        (Perms::EXECUTIVE, "Executive"),
        (Perms::USER0, "User0"),
        (Perms::USER1, "User1"),
        (Perms::USER2, "User2"),
        (Perms::USER3, "User3"),
    ];

    /// From the raw 18-bit field; higher bits are ignored.
    pub const fn from_bits(bits: u32) -> Perms {
        Perms(bits & Perms::ALL.0)
    }

    /// The raw 18-bit field.
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// True when every permission in `other` is in `self`.
    pub const fn contains(self, other: Perms) -> bool {
        self.0 & other.0 == other.0
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Look a permission up by its name (case-insensitive).
    pub fn from_name(name: &str) -> Option<Perms> {
        Perms::NAMED
            .iter()
            .find(|(_, n)| n.eq_ignore_ascii_case(name))
            .map(|(p, _)| *p)
    }

    /// Names of the permissions present, in display order.
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        Perms::NAMED
            .into_iter()
            .filter(move |(p, _)| self.contains(*p))
            .map(|(_, n)| n)
    }
}

impl BitOr for Perms {
    type Output = Perms;
    fn bitor(self, rhs: Perms) -> Perms {
        Perms(self.0 | rhs.0)
    }
}

impl BitAnd for Perms {
    type Output = Perms;
    fn bitand(self, rhs: Perms) -> Perms {
        Perms(self.0 & rhs.0)
    }
}

impl Not for Perms {
    type Output = Perms;
    fn not(self) -> Perms {
        Perms(!self.0 & Perms::ALL.0)
    }
}

/// Comma-separated names, or `none`.
impl fmt::Display for Perms {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        for (i, n) in self.names().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            f.write_str(n)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_cover_every_bit_once() {
        let mut all = 0;
        for (p, _) in Perms::NAMED {
            assert_eq!(p.bits().count_ones(), 1);
            assert_eq!(all & p.bits(), 0);
            all |= p.bits();
        }
        assert_eq!(all, Perms::ALL.bits());
        assert_eq!(
            Perms::from_name("storelocalcap"),
            Some(Perms::STORE_LOCAL_CAP)
        );
        assert_eq!(Perms::NONE.to_string(), "none");
        assert_eq!((Perms::LOAD | Perms::GLOBAL).to_string(), "Load,Global");
    }
}
