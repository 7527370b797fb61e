//! Integration tests of `capy cheri`, through `cheri::cli::run` with
//! in-memory standard streams.

use std::io::Cursor;

fn run(args: &[&str], input: &str) -> (i32, String, String) {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let mut stdin = Cursor::new(input.as_bytes().to_vec());
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = cheri::cli::run(&args, &mut stdin, &mut out, &mut err);
    (
        code,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

#[test]
fn decode_root_text() {
    let (code, out, err) = run(&["decode", "0xffffc00000010005", "0", "--tag"], "");
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "address=0x0 tag=true base=0x0 top=0x10000000000000000 length=0x10000000000000000 \
         perms=Load,Store,Execute,LoadCap,StoreCap,StoreLocalCap,Seal,Unseal,Global,System,BranchSealedPair,\
         CompartmentID,MutableLoad,Executive,User0,User1,User2,User3 otype=0x0 sealed=false kind=unsealed \
         flags=0x0 exponent=50 internal_exponent=true B=0x0 T=0x4000 bounds_valid=true\n"
    );
}

#[test]
fn decode_json_has_required_keys() {
    // A sealed (otype 0x15), small capability with flags 0xa5.
    let (code, out, _) = run(
        &["decode", "8000000ad0001000", "a500000000001010", "--json"],
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "{\"address\": \"0xa500000000001010\", \"tag\": false, \"base\": \"0x1000\", \"top\": \"0x1000\", \
         \"length\": \"0x0\", \"perms\": [\"Load\"], \"otype\": \"0x15\", \"sealed\": true, \"kind\": \"sealed\", \
         \"flags\": \"0xa5\", \"exponent\": 0, \"internal_exponent\": false, \"B\": \"0x1000\", \"T\": \"0x1000\", \
         \"bounds_valid\": true}\n"
    );
}

#[test]
fn decode_length_null_when_top_below_base() {
    // Bit pattern from the reference vectors: top 0x7a0000000000000 decodes
    // below base 0x29e0000000000000 (E = 49).
    let (_, out, _) = run(
        &["decode", "e5b073b483d194f6", "100000000000", "--json"],
        "",
    );
    assert!(out.contains("\"length\": null"), "{out}");
    let (_, out, _) = run(&["decode", "e5b073b483d194f6", "100000000000"], "");
    assert!(out.contains(" length=none "), "{out}");
}

#[test]
fn decode_sentry_and_malformed() {
    let (_, out, _) = run(&["decode", "0xffffc00080010005", "0x1000"], "");
    assert!(out.contains("otype=0x1 sealed=true kind=RB"), "{out}");
    let (_, out, _) = run(&["decode", "1", "0"], "");
    assert!(
        out.contains("exponent=62") && out.contains("bounds_valid=false"),
        "{out}"
    );
}

#[test]
fn setbounds_text_and_json() {
    let (code, out, _) = run(&["setbounds", "0x10010", "0x186a0"], "");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "base=0x10000 top=0x286c0 length=0x186c0 exact=false tag=true pesbt=0xffffc00021b74005 \
         representable_length=0x186a0 alignment_mask=0xffffffffffffffe0 exponent=2\n"
    );
    let (_, out, _) = run(&["setbounds", "--json", "10020", "186a0"], "");
    assert_eq!(
        out,
        "{\"base\": \"0x10020\", \"top\": \"0x286c0\", \"length\": \"0x186a0\", \"exact\": true, \"tag\": true, \
         \"pesbt\": \"0xffffc00021b7400d\", \"representable_length\": \"0x186a0\", \
         \"alignment_mask\": \"0xffffffffffffffe0\", \"exponent\": 2}\n"
    );
}

#[test]
fn stdin_mode_keeps_lines_aligned() {
    let input = "ffffc00000010005 0\nnot hex\n0x1000 10\n\n1 2 3\n10000000000000000 0\n";
    let (code, out, err) = run(&["setbounds"], input);
    assert_eq!(code, 1);
    assert_eq!(err, "");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6);
    assert!(lines[0]
        .starts_with("base=0xffffc00000010005 top=0xffffc00000010005 length=0x0 exact=true"));
    assert_eq!(
        lines[1],
        "error: line 2: bad BASE \"not\": 'n' is not a hex digit"
    );
    assert!(lines[2].starts_with("base=0x1000 top=0x1010 length=0x10 exact=true tag=true"));
    assert_eq!(
        lines[3],
        "error: line 4: expected BASE LENGTH, got 0 field(s)"
    );
    assert_eq!(
        lines[4],
        "error: line 5: expected BASE LENGTH, got extra fields"
    );
    assert_eq!(
        lines[5],
        "error: line 6: bad BASE \"10000000000000000\": more than 64 bits"
    );
}

#[test]
fn stdin_json_errors_are_json() {
    let (code, out, _) = run(&["decode", "--json"], "0 0\r\nx y\n");
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("{\"address\": \"0x0\""));
    assert_eq!(
        lines[1],
        "{\"error\": \"line 2: bad PESBT \\\"x\\\": 'x' is not a hex digit\"}"
    );
}

#[test]
fn stdin_success_exits_zero() {
    let (code, out, _) = run(&["decode", "--tag"], "0 0\n0x0 0x0");
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 2);
    assert!(out.lines().all(|l| l.contains("tag=true")));
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &[][..],
        &["frobnicate"][..],
        &["decode", "1"][..],
        &["decode", "1", "2", "3"][..],
        &["decode", "--bogus"][..],
        &["setbounds", "1", "zz"][..],
        &["setbounds", "--tag", "1", "2"][..],
    ] {
        let (code, out, err) = run(args, "");
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(out, "", "{args:?}");
        assert!(!err.is_empty(), "{args:?}");
    }
    let (_, _, err) = run(&["setbounds", "1", "zz"], "");
    assert!(
        err.contains("bad LENGTH \"zz\": 'z' is not a hex digit"),
        "{err}"
    );
}

#[test]
fn help_exits_0() {
    for args in [&["--help"][..], &["decode", "--help"][..], &["help"][..]] {
        let (code, out, _) = run(args, "");
        assert_eq!(code, 0);
        assert!(out.starts_with("usage: capy cheri decode"));
    }
}

proptest::proptest! {
    /// Arbitrary bytes on standard input: no panic, one output line per
    /// input line, and exit status 0 or 1.
    #[test]
    fn stdin_garbage_keeps_lines_aligned(input in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..400), json in proptest::prelude::any::<bool>()) {
        let args: Vec<String> = if json { vec!["decode".into(), "--json".into()] } else { vec!["setbounds".into()] };
        let mut stdin = Cursor::new(input.clone());
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = cheri::cli::run(&args, &mut stdin, &mut out, &mut err);
        proptest::prop_assert!(code == 0 || code == 1);
        // A final line without a newline still counts; an empty tail does not.
        let open_tail = matches!(input.last(), Some(&b) if b != b'\n');
        let in_lines = input.split(|&b| b == b'\n').count() - usize::from(!open_tail);
        proptest::prop_assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), in_lines);
    }
}
