//! A software model of Arm Morello CHERI capabilities. (Work in progress.)

pub mod cli;
