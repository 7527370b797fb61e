//! Arbitrary bytes → the text layer of a file object
//! (`capy_vm::modules::file::text`), fed in arbitrary chunks with an
//! arbitrary codec, error handler and newline mode, read back by
//! characters, lines and whole. Must never panic; and with a codec and
//! mode that lose nothing (latin-1, newline="" , strict) the text read
//! back, however it was read, must be the input's characters exactly.
#![no_main]

use capy_vm::modules::file::text::{Codec, Errors, Newline, TextLayer};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let codec = [Codec::Utf8, Codec::Utf8Sig, Codec::Latin1, Codec::Ascii][(head & 3) as usize];
    let errors = [
        Errors::Strict,
        Errors::Ignore,
        Errors::Replace,
        Errors::BackslashReplace,
    ][((head >> 2) & 3) as usize];
    let newline = [
        Newline::Universal,
        Newline::Untranslated,
        Newline::Exactly("\n"),
        Newline::Exactly("\r\n"),
    ][((head >> 4) & 3) as usize];
    let how = head >> 6;
    let lossless = codec == Codec::Latin1 && newline == Newline::Untranslated;
    let mut t = TextLayer::new(codec, "x".into(), errors, "x".into(), newline);
    let mut out = String::new();
    // Chunk sizes come from the data itself: 1..=7 bytes.
    let mut at = 0;
    let mut step = 1;
    while at < rest.len() {
        let end = (at + step).min(rest.len());
        let eof = end == rest.len();
        if t.feed(&rest[at..end], eof).is_err() {
            return;
        }
        at = end;
        step = (rest[at - 1] as usize % 7) + 1;
        loop {
            let got = match how {
                0 => t.take_line(eof, None),
                1 => t.take_chars(step, eof),
                2 => t.take_line(eof, Some(step)),
                _ => None,
            };
            match got {
                Some(s) if !s.is_empty() => out.push_str(&s),
                _ => break,
            }
        }
        let _ = t.pending_bytes();
    }
    if rest.is_empty() && t.feed(&[], true).is_err() {
        return;
    }
    out.push_str(&t.take_all());
    if lossless {
        let want: String = rest.iter().map(|&b| b as char).collect();
        assert_eq!(out, want);
    }
});
