//! Capability faults: the software equivalent of Morello's capability
//! exceptions (DDI0606 "Capability faults"; SIGPROT on CheriBSD).

use crate::cap::Capability;
use std::fmt;

/// Which check failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FaultKind {
    /// The capability's tag is clear.
    Tag,
    /// The capability is sealed (or not sealed the way the operation needs).
    Seal,
    /// The access or request lies outside the capability's bounds.
    Bounds,
    /// A required permission is missing.
    Permission,
    /// The result cannot be represented exactly (e.g. exact set-bounds).
    Representability,
    /// A capability access is not 16-byte aligned.
    Alignment,
}

impl FaultKind {
    /// Upper-case name, as the Python `CapabilityError.kind` shows it.
    pub const fn name(self) -> &'static str {
        match self {
            FaultKind::Tag => "TAG",
            FaultKind::Seal => "SEAL",
            FaultKind::Bounds => "BOUNDS",
            FaultKind::Permission => "PERMISSION",
            FaultKind::Representability => "REPRESENTABILITY",
            FaultKind::Alignment => "ALIGNMENT",
        }
    }
}

/// A violated capability check: the kind, the address involved and the
/// capability that failed the check. Nothing was read or written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    Tag { address: u64, cap: Capability },
    Seal { address: u64, cap: Capability },
    Bounds { address: u64, cap: Capability },
    Permission { address: u64, cap: Capability },
    Representability { address: u64, cap: Capability },
    Alignment { address: u64, cap: Capability },
}

impl Fault {
    pub fn new(kind: FaultKind, address: u64, cap: Capability) -> Fault {
        match kind {
            FaultKind::Tag => Fault::Tag { address, cap },
            FaultKind::Seal => Fault::Seal { address, cap },
            FaultKind::Bounds => Fault::Bounds { address, cap },
            FaultKind::Permission => Fault::Permission { address, cap },
            FaultKind::Representability => Fault::Representability { address, cap },
            FaultKind::Alignment => Fault::Alignment { address, cap },
        }
    }

    pub fn kind(&self) -> FaultKind {
        match self {
            Fault::Tag { .. } => FaultKind::Tag,
            Fault::Seal { .. } => FaultKind::Seal,
            Fault::Bounds { .. } => FaultKind::Bounds,
            Fault::Permission { .. } => FaultKind::Permission,
            Fault::Representability { .. } => FaultKind::Representability,
            Fault::Alignment { .. } => FaultKind::Alignment,
        }
    }

    pub fn address(&self) -> u64 {
        match *self {
            Fault::Tag { address, .. }
            | Fault::Seal { address, .. }
            | Fault::Bounds { address, .. }
            | Fault::Permission { address, .. }
            | Fault::Representability { address, .. }
            | Fault::Alignment { address, .. } => address,
        }
    }

    pub fn cap(&self) -> &Capability {
        match self {
            Fault::Tag { cap, .. }
            | Fault::Seal { cap, .. }
            | Fault::Bounds { cap, .. }
            | Fault::Permission { cap, .. }
            | Fault::Representability { cap, .. }
            | Fault::Alignment { cap, .. } => cap,
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind() {
            FaultKind::Tag => "tag fault (capability is not valid)",
            FaultKind::Seal => "seal fault",
            FaultKind::Bounds => "bounds fault",
            FaultKind::Permission => "permission fault",
            FaultKind::Representability => "representability fault",
            FaultKind::Alignment => "alignment fault",
        };
        write!(
            f,
            "{what} at address {:#x} with capability {}",
            self.address(),
            self.cap()
        )
    }
}

impl std::error::Error for Fault {}

/// Memory could not be allocated for a [`crate::Memory`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AllocError {
    pub size: u64,
}

impl fmt::Display for AllocError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot allocate {} bytes of tagged memory", self.size)
    }
}

impl std::error::Error for AllocError {}
