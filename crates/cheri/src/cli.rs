//! `capy cheri ...`: decode capabilities and try set-bounds from the shell.
//!
//! ```text
//! capy cheri decode PESBT CURSOR [--tag] [--json]
//! capy cheri setbounds BASE LENGTH [--json]
//! ```
//!
//! Without the two positional numbers each subcommand reads one request per
//! line from standard input and writes one line per request, so it can be
//! used as a filter over millions of values. Output is built in a reused
//! byte buffer with hand-written hex formatting: no allocation per line.
//!
//! Exit codes: 0 success; 1 some input line was malformed (its output line
//! says so and names the line); 2 usage error or bad positional number.

use crate::cap::Capability;
use crate::compress::{representable_alignment_mask, representable_length};
use crate::perms::Perms;
use std::fmt;
use std::io::{BufRead, Write};

const USAGE: &str = "\
usage: capy cheri decode PESBT CURSOR [--tag] [--json]
       capy cheri setbounds BASE LENGTH [--json]
       capy cheri decode|setbounds [--tag] [--json] < requests

Model of Arm Morello 128-bit CHERI capabilities.

  decode      decode a capability: PESBT is bits 127..64 (permissions, object
              type, bounds), CURSOR bits 63..0 (the address and flags byte).
              --tag marks it tagged. Prints base, top, length, permissions,
              object type, flags, exponent, the B and T mantissas and whether
              the bounds are well formed.
  setbounds   apply CSetBounds with LENGTH to the almighty root capability
              whose address is BASE; prints the resulting bounds, whether they
              are exact, the tag, the new pesbt, and CRRL/CRAM of LENGTH
              (representable_length, alignment_mask).

Numbers are hexadecimal, with or without 0x, at most 64 bits. With no
positional numbers, requests are read from standard input, one per line
(`PESBT CURSOR` or `BASE LENGTH`), and one line is printed per request; a
malformed line prints an error line naming its line number and the exit
status is 1. --json prints one JSON object per request instead of
key=value pairs.
";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Command {
    Decode,
    SetBounds,
}

/// A number that failed to parse, for error messages.
#[derive(Debug, PartialEq, Eq)]
enum HexError {
    Empty,
    TooLong,
    BadDigit(char),
}

impl fmt::Display for HexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HexError::Empty => f.write_str("no hex digits"),
            HexError::TooLong => f.write_str("more than 64 bits"),
            HexError::BadDigit(c) => write!(f, "{c:?} is not a hex digit"),
        }
    }
}

/// Hex digit values; 0xff marks a non-digit.
const HEX_VALUE: [u8; 256] = {
    let mut t = [0xffu8; 256];
    let mut i = 0;
    while i < 10 {
        t[b'0' as usize + i] = i as u8;
        i += 1;
    }
    let mut i = 0;
    while i < 6 {
        t[b'a' as usize + i] = 10 + i as u8;
        t[b'A' as usize + i] = 10 + i as u8;
        i += 1;
    }
    t
};

/// Parse a 64-bit hex number, optional `0x`/`0X` prefix.
fn parse_hex(s: &[u8]) -> Result<u64, HexError> {
    let digits = match s {
        [b'0', b'x' | b'X', rest @ ..] => rest,
        _ => s,
    };
    if digits.is_empty() {
        return Err(HexError::Empty);
    }
    let mut v: u64 = 0;
    for &c in digits {
        let d = HEX_VALUE[usize::from(c)];
        if d == 0xff {
            return Err(HexError::BadDigit(char::from(c)));
        }
        if v >> 60 != 0 {
            return Err(HexError::TooLong);
        }
        v = (v << 4) | u64::from(d);
    }
    Ok(v)
}

/// Append `0x` and `v` in lowercase hex without leading zeros.
fn put_hex(out: &mut Vec<u8>, v: u128) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    out.extend_from_slice(b"0x");
    let ndigits = (128 - v.leading_zeros()).div_ceil(4).max(1);
    for i in (0..ndigits).rev() {
        out.push(DIGITS[((v >> (4 * i)) & 15) as usize]);
    }
}

fn put_dec(out: &mut Vec<u8>, v: u8) {
    if v >= 100 {
        out.push(b'0' + v / 100);
    }
    if v >= 10 {
        out.push(b'0' + (v / 10) % 10);
    }
    out.push(b'0' + v % 10);
}

fn put_bool(out: &mut Vec<u8>, b: bool) {
    out.extend_from_slice(if b { b"true" } else { b"false" });
}

/// Output style: `key=value ...` or (JSON = true) a JSON object.
///
/// Generic over the style and force-inlined so that every key is a
/// compile-time constant at its use: the copies become a few moves instead
/// of calls to memcpy, which is most of the cost of a line.
struct Fmt<const JSON: bool> {
    first: bool,
}

impl<const JSON: bool> Fmt<JSON> {
    #[inline(always)]
    fn begin(out: &mut Vec<u8>) -> Self {
        if JSON {
            out.push(b'{');
        }
        Fmt { first: true }
    }

    #[inline(always)]
    fn key(&mut self, out: &mut Vec<u8>, k: &str) {
        if !self.first {
            out.extend_from_slice(if JSON { b", " } else { b" " });
        }
        self.first = false;
        if JSON {
            out.push(b'"');
            out.extend_from_slice(k.as_bytes());
            out.extend_from_slice(b"\": ");
        } else {
            out.extend_from_slice(k.as_bytes());
            out.push(b'=');
        }
    }

    #[inline(always)]
    fn hex(&mut self, out: &mut Vec<u8>, k: &str, v: u128) {
        self.key(out, k);
        if JSON {
            out.push(b'"');
        }
        put_hex(out, v);
        if JSON {
            out.push(b'"');
        }
    }

    #[inline(always)]
    fn opt_hex(&mut self, out: &mut Vec<u8>, k: &str, v: Option<u128>) {
        match v {
            Some(v) => self.hex(out, k, v),
            None => {
                self.key(out, k);
                out.extend_from_slice(if JSON { b"null" } else { b"none" });
            }
        }
    }

    #[inline(always)]
    fn bool(&mut self, out: &mut Vec<u8>, k: &str, v: bool) {
        self.key(out, k);
        put_bool(out, v);
    }

    #[inline(always)]
    fn dec(&mut self, out: &mut Vec<u8>, k: &str, v: u8) {
        self.key(out, k);
        put_dec(out, v);
    }

    /// A bare word (quoted in JSON); `s` never needs escaping.
    #[inline(always)]
    fn word(&mut self, out: &mut Vec<u8>, k: &str, s: &str) {
        self.key(out, k);
        if JSON {
            out.push(b'"');
        }
        out.extend_from_slice(s.as_bytes());
        if JSON {
            out.push(b'"');
        }
    }

    #[inline(always)]
    fn perms(&mut self, out: &mut Vec<u8>, k: &str, p: Perms) {
        self.key(out, k);
        if JSON {
            out.push(b'[');
        } else if p.is_empty() {
            out.extend_from_slice(b"none");
        }
        let tables = perm_tables();
        let t = if JSON { &tables.json } else { &tables.text };
        // Each group renders as ",A,B"; drop the very first comma.
        let mut first = true;
        for (g, &group) in PERM_GROUPS.iter().enumerate() {
            let idx = group_index(p, group);
            let s = t[g][idx].as_slice();
            if !s.is_empty() {
                out.extend_from_slice(if first { &s[1..] } else { s });
                first = false;
            }
        }
        if JSON {
            out.push(b']');
        }
    }

    #[inline(always)]
    fn end(self, out: &mut Vec<u8>) {
        if JSON {
            out.push(b'}');
        }
        out.push(b'\n');
    }
}

/// The permission names in display order fall into three groups of six;
/// each group's rendering is looked up in a 64-entry table, so a line
/// costs three copies instead of up to eighteen. Entries are the field bit
/// numbers of the group's permissions, in display order.
const PERM_GROUPS: [[u8; 6]; 3] = [
    [17, 16, 15, 14, 13, 12], // Load Store Execute LoadCap StoreCap StoreLocalCap
    [11, 10, 0, 9, 8, 7],     // Seal Unseal Global System BranchSealedPair CompartmentID
    [6, 1, 2, 3, 4, 5],       // MutableLoad Executive User0..User3
];

#[inline(always)]
fn group_index(p: Perms, bits: [u8; 6]) -> usize {
    let mut idx = 0;
    for (i, b) in bits.iter().enumerate() {
        idx |= (((p.bits() >> b) & 1) as usize) << i;
    }
    idx
}

struct PermTables {
    text: [Vec<Vec<u8>>; 3],
    json: [Vec<Vec<u8>>; 3],
}

fn perm_tables() -> &'static PermTables {
    static TABLES: std::sync::OnceLock<PermTables> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        let build = |json: bool| -> [Vec<Vec<u8>>; 3] {
            PERM_GROUPS.map(|bits| {
                (0..64usize)
                    .map(|idx| {
                        let mut s = Vec::new();
                        for (i, b) in bits.iter().enumerate() {
                            if idx >> i & 1 == 1 {
                                let p = Perms::from_bits(1 << b);
                                let name = p.names().next().unwrap_or("?");
                                s.push(b',');
                                if json {
                                    s.push(b'"');
                                }
                                s.extend_from_slice(name.as_bytes());
                                if json {
                                    s.push(b'"');
                                }
                            }
                        }
                        s
                    })
                    .collect()
            })
        };
        PermTables {
            text: build(false),
            json: build(true),
        }
    })
}

#[inline(always)]
fn decode_line<const JSON: bool>(out: &mut Vec<u8>, pesbt: u64, cursor: u64, tag: bool) {
    let cap = Capability::from_bits(pesbt, cursor, tag);
    let bits = cap.bounds_bits();
    let mut f = Fmt::<JSON>::begin(out);
    f.hex(out, "address", cursor.into());
    f.bool(out, "tag", tag);
    f.hex(out, "base", cap.base().into());
    f.hex(out, "top", cap.top());
    f.opt_hex(out, "length", cap.length());
    f.perms(out, "perms", cap.perms());
    f.hex(out, "otype", cap.otype().bits().into());
    f.bool(out, "sealed", cap.is_sealed());
    f.word(out, "kind", cap.otype().kind_name());
    f.hex(out, "flags", cap.flags().into());
    f.dec(out, "exponent", bits.e);
    f.bool(out, "internal_exponent", bits.ie);
    f.hex(out, "B", bits.b.into());
    f.hex(out, "T", bits.t.into());
    f.bool(out, "bounds_valid", cap.bounds_valid());
    f.end(out);
}

#[inline(always)]
fn setbounds_line<const JSON: bool>(out: &mut Vec<u8>, base: u64, len: u64) {
    let (cap, exact) = Capability::root().set_address(base).set_bounds_detail(len);
    let mut f = Fmt::<JSON>::begin(out);
    f.hex(out, "base", cap.base().into());
    f.hex(out, "top", cap.top());
    f.opt_hex(out, "length", cap.length());
    f.bool(out, "exact", exact);
    f.bool(out, "tag", cap.tag());
    f.hex(out, "pesbt", cap.pesbt().into());
    f.hex(
        out,
        "representable_length",
        representable_length(len).into(),
    );
    f.hex(
        out,
        "alignment_mask",
        representable_alignment_mask(len).into(),
    );
    f.dec(out, "exponent", cap.exponent());
    f.end(out);
}

fn run_one(cmd: Command, out: &mut Vec<u8>, json: bool, tag: bool, a: u64, b: u64) {
    match cmd {
        Command::Decode if json => decode_line::<true>(out, a, b, tag),
        Command::Decode => decode_line::<false>(out, a, b, tag),
        Command::SetBounds if json => setbounds_line::<true>(out, a, b),
        Command::SetBounds => setbounds_line::<false>(out, a, b),
    }
}

fn field_names(cmd: Command) -> [&'static str; 2] {
    match cmd {
        Command::Decode => ["PESBT", "CURSOR"],
        Command::SetBounds => ["BASE", "LENGTH"],
    }
}

/// Split off the next whitespace-separated field of `line` at `*pos`.
#[inline]
fn next_field<'a>(line: &'a [u8], pos: &mut usize) -> Option<&'a [u8]> {
    let mut i = *pos;
    while i < line.len() && line[i].is_ascii_whitespace() {
        i += 1;
    }
    let start = i;
    while i < line.len() && !line[i].is_ascii_whitespace() {
        i += 1;
    }
    *pos = i;
    (i > start).then(|| &line[start..i])
}

/// Parse a request line into its two numbers, or describe what is wrong.
fn parse_request(cmd: Command, line: &[u8]) -> Result<(u64, u64), String> {
    let names = field_names(cmd);
    let mut pos = 0;
    let mut vals = [0u64; 2];
    for (i, name) in names.iter().enumerate() {
        let Some(f) = next_field(line, &mut pos) else {
            return Err(format!(
                "expected {} {}, got {} field(s)",
                names[0], names[1], i
            ));
        };
        vals[i] = parse_hex(f)
            .map_err(|e| format!("bad {name} {:?}: {e}", String::from_utf8_lossy(f)))?;
    }
    if next_field(line, &mut pos).is_some() {
        return Err(format!(
            "expected {} {}, got extra fields",
            names[0], names[1]
        ));
    }
    Ok((vals[0], vals[1]))
}

fn error_line(out: &mut Vec<u8>, json: bool, lineno: u64, msg: &str) {
    if json {
        out.extend_from_slice(b"{\"error\": \"");
        let text = format!("line {lineno}: {msg}");
        for c in text.chars() {
            match c {
                '"' => out.extend_from_slice(b"\\\""),
                '\\' => out.extend_from_slice(b"\\\\"),
                c if (c as u32) < 0x20 => {
                    out.extend_from_slice(format!("\\u{:04x}", c as u32).as_bytes())
                }
                c => {
                    let mut b = [0u8; 4];
                    out.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
                }
            }
        }
        out.extend_from_slice(b"\"}\n");
    } else {
        out.extend_from_slice(format!("error: line {lineno}: {msg}\n").as_bytes());
    }
}

/// The stdin filter loop.
fn run_stream(
    cmd: Command,
    json: bool,
    tag: bool,
    stdin: &mut dyn BufRead,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> i32 {
    let mut line = Vec::with_capacity(64);
    let mut out = Vec::with_capacity(1 << 16);
    let mut lineno = 0u64;
    let mut status = 0;
    loop {
        line.clear();
        match stdin.read_until(b'\n', &mut line) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                let _ = writeln!(stderr, "capy cheri: reading standard input: {e}");
                return 1;
            }
        }
        lineno += 1;
        match parse_request(cmd, &line) {
            Ok((a, b)) => run_one(cmd, &mut out, json, tag, a, b),
            Err(msg) => {
                error_line(&mut out, json, lineno, &msg);
                status = 1;
            }
        }
        if out.len() >= (1 << 16) - 1024 {
            if let Err(e) = stdout.write_all(&out) {
                let _ = writeln!(stderr, "capy cheri: writing output: {e}");
                return 1;
            }
            out.clear();
        }
    }
    if let Err(e) = stdout.write_all(&out).and_then(|()| stdout.flush()) {
        let _ = writeln!(stderr, "capy cheri: writing output: {e}");
        return 1;
    }
    status
}

fn usage_error(stderr: &mut dyn Write, msg: &str) -> i32 {
    let _ = writeln!(
        stderr,
        "capy cheri: {msg}\nRun `capy cheri --help` for usage."
    );
    2
}

/// Runs `capy cheri ARGS...`; returns the process exit code.
pub fn run(
    args: &[String],
    stdin: &mut dyn BufRead,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> i32 {
    let Some(sub) = args.first() else {
        let _ = stderr.write_all(USAGE.as_bytes());
        return 2;
    };
    let cmd = match sub.as_str() {
        "decode" => Command::Decode,
        "setbounds" | "set-bounds" => Command::SetBounds,
        "-h" | "--help" | "help" => {
            let _ = stdout.write_all(USAGE.as_bytes());
            return 0;
        }
        other => {
            return usage_error(
                stderr,
                &format!("unknown subcommand {other:?} (expected decode or setbounds)"),
            )
        }
    };
    let (mut json, mut tag) = (false, false);
    let mut positional: Vec<&str> = Vec::new();
    for a in &args[1..] {
        match a.as_str() {
            "--json" => json = true,
            "--tag" => tag = true,
            "-h" | "--help" => {
                let _ = stdout.write_all(USAGE.as_bytes());
                return 0;
            }
            s if s.starts_with("--") => {
                return usage_error(stderr, &format!("unknown option {s:?}"))
            }
            s => positional.push(s),
        }
    }
    if tag && cmd == Command::SetBounds {
        return usage_error(stderr, "--tag applies only to decode");
    }
    let names = field_names(cmd);
    match positional.as_slice() {
        [] => run_stream(cmd, json, tag, stdin, stdout, stderr),
        [a, b] => {
            let mut vals = [0u64; 2];
            for (i, s) in [a, b].iter().enumerate() {
                match parse_hex(s.as_bytes()) {
                    Ok(v) => vals[i] = v,
                    Err(e) => return usage_error(stderr, &format!("bad {} {s:?}: {e}", names[i])),
                }
            }
            let mut out = Vec::with_capacity(512);
            run_one(cmd, &mut out, json, tag, vals[0], vals[1]);
            match stdout.write_all(&out).and_then(|()| stdout.flush()) {
                Ok(()) => 0,
                Err(e) => {
                    let _ = writeln!(stderr, "capy cheri: writing output: {e}");
                    1
                }
            }
        }
        _ => usage_error(
            stderr,
            &format!(
                "{sub} takes {} and {} (or none, to read standard input); got {} argument(s)",
                names[0],
                names[1],
                positional.len()
            ),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_parsing() {
        assert_eq!(parse_hex(b"0x10"), Ok(16));
        assert_eq!(parse_hex(b"FFFFffffFFFFffff"), Ok(u64::MAX));
        assert_eq!(parse_hex(b"000000000000000000001"), Ok(1));
        assert_eq!(parse_hex(b"0x"), Err(HexError::Empty));
        assert_eq!(parse_hex(b"1_0"), Err(HexError::BadDigit('_')));
        assert_eq!(parse_hex(b"10000000000000000"), Err(HexError::TooLong));
    }

    #[test]
    fn hex_printing() {
        let mut v = Vec::new();
        put_hex(&mut v, 0);
        put_hex(&mut v, 1 << 64);
        put_dec(&mut v, 50);
        assert_eq!(v, b"0x00x1000000000000000050");
    }
}
