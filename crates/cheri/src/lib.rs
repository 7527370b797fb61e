//! A bit-exact software model of Arm Morello 128-bit CHERI capabilities.
//!
//! - [`Capability`]: tag, cursor (with Morello's flags byte), bounds,
//!   [`Perms`], [`OType`], and the operations that derive capabilities
//!   (set-address, set-bounds, and-perms, seal/unseal, sentries, build);
//! - [`compress`]: the 128-bit encoding (DDI0606 CapGetBounds, CSetBounds,
//!   CRRL, CRAM), bit-exact with CTSRD-CHERI's cheri-compressed-cap
//!   (`cheri_compressed_cap_128m.h`);
//! - [`Memory`]: tagged memory where every load and store goes through a
//!   capability and is checked;
//! - [`Fault`]: what a failed check reports;
//! - [`cli`]: the `capy cheri` command.
//!
//! The crate has no dependencies, no `unsafe`, and no panics reachable from
//! any input. See docs/capabilities.md for a tutorial.

#![forbid(unsafe_code)]

pub mod cap;
pub mod cli;
pub mod compress;
pub mod fault;
pub mod memory;
pub mod otype;
pub mod perms;

pub use cap::Capability;
pub use compress::{representable_alignment_mask, representable_length};
pub use fault::{AllocError, Fault, FaultKind};
pub use memory::Memory;
pub use otype::{OType, SentryKind};
pub use perms::Perms;
