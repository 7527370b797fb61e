//! `capy cheri ...` subcommands.

use std::io::{BufRead, Write};

/// Runs `capy cheri ARGS...`; returns the process exit code.
pub fn run(_args: &[String], _stdin: &mut dyn BufRead, _stdout: &mut dyn Write, stderr: &mut dyn Write) -> i32 {
    let _ = writeln!(stderr, "capy cheri: not implemented yet");
    2
}
