//! Object types: the 15-bit field at capability bits 109..95.
//!
//! Morello reserves the lowest values (DDI0606 "Sealed capabilities"):
//! 0 is unsealed, and 1..=3 are the three sentry forms, which branch
//! instructions unseal implicitly. Every other value seals the capability
//! with that type; only a capability with Unseal and that address can
//! unseal it.

use std::fmt;

/// Largest encodable object type.
pub const MAX_OTYPE: u16 = (1 << 15) - 1;
/// Smallest object type available to CSEAL (the others are reserved).
pub const FIRST_USER_OTYPE: u16 = 4;

/// The sentry ("sealed entry") kinds of Morello.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SentryKind {
    /// otype 1, RB: sealed entry; a branch to it unseals it.
    Rb,
    /// otype 2, LPB: load-pair-and-branch: a branch loads two capabilities
    /// from its address and branches to the first.
    Lpb,
    /// otype 3, LB: load-and-branch: a branch loads the capability at its
    /// address (plus an immediate) and branches to it.
    Lb,
}

impl SentryKind {
    pub const fn otype(self) -> u16 {
        match self {
            SentryKind::Rb => 1,
            SentryKind::Lpb => 2,
            SentryKind::Lb => 3,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            SentryKind::Rb => "RB",
            SentryKind::Lpb => "LPB",
            SentryKind::Lb => "LB",
        }
    }
}

/// A decoded object type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OType {
    Unsealed,
    Sentry(SentryKind),
    /// Sealed with a type in `FIRST_USER_OTYPE..=MAX_OTYPE`.
    Sealed(u16),
}

impl OType {
    /// From the raw 15-bit field (higher bits ignored).
    pub const fn from_bits(bits: u16) -> OType {
        match bits & MAX_OTYPE {
            0 => OType::Unsealed,
            1 => OType::Sentry(SentryKind::Rb),
            2 => OType::Sentry(SentryKind::Lpb),
            3 => OType::Sentry(SentryKind::Lb),
            n => OType::Sealed(n),
        }
    }

    /// The raw 15-bit field.
    pub const fn bits(self) -> u16 {
        match self {
            OType::Unsealed => 0,
            OType::Sentry(k) => k.otype(),
            OType::Sealed(n) => n & MAX_OTYPE,
        }
    }

    pub const fn is_sealed(self) -> bool {
        !matches!(self, OType::Unsealed)
    }

    /// A short name: `unsealed`, `RB`, `LPB`, `LB` or `sealed`.
    pub const fn kind_name(self) -> &'static str {
        match self {
            OType::Unsealed => "unsealed",
            OType::Sentry(k) => k.name(),
            OType::Sealed(_) => "sealed",
        }
    }
}

impl fmt::Display for OType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OType::Unsealed => f.write_str("unsealed"),
            OType::Sentry(k) => write!(f, "sentry {}", k.name()),
            OType::Sealed(n) => write!(f, "sealed {n:#x}"),
        }
    }
}
