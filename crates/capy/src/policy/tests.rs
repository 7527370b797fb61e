//! Unit tests of the policy parser and `Policy::check`.

use super::*;

const EXAMPLE: &str = r#"# app.toml — a capy policy
[app]
main = "app.py"
path = ["lib", "."]
default = "deny"

[defaults]
heap = "8M"
steps = 1_000_000
timeout = 2.5
recursion = 200
on_fault = "raise"

[compartments.main]
modules = ["__main__"]
grants = ["stdin", "argv"]
heap = "64M"

[compartments.parser]
modules = ["parser", "lexer"]
heap = "4M"
on_fault = "restart"

[[allow]]
callee = "parser"
exports = ["parse", "ParseError"]
callers = ["main"]
"#;

fn parse(text: &str) -> Result<Policy, PolicyError> {
    Policy::parse(text, Path::new("pol/app.toml"))
}

/// The `FILE:LINE:COL: message` of a policy that must be refused.
fn error(text: &str) -> String {
    match parse(text) {
        Ok(p) => panic!("accepted: {p:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn example_parses() {
    let p = parse(EXAMPLE).expect("the example is valid");
    assert_eq!(p.file, Path::new("pol/app.toml"));
    assert_eq!(p.main, Path::new("pol/app.py"));
    assert_eq!(
        p.path,
        vec![PathBuf::from("pol/lib"), PathBuf::from("pol/.")]
    );
    assert!(!p.default_allow);
    assert_eq!(p.compartments.len(), 2);
    let main = &p.compartments[0];
    assert_eq!(main.name, "main");
    assert_eq!(main.modules, ["__main__"]);
    assert_eq!(main.grants, [Grant::Stdin, Grant::Argv]);
    assert_eq!(main.line, 14);
    assert_eq!(
        main.limits,
        Quotas {
            heap: 64 << 20,
            steps: Some(1_000_000),
            timeout: Some(2.5),
            recursion: 200
        }
    );
    let parser = &p.compartments[1];
    assert_eq!(parser.name, "parser");
    assert_eq!(parser.modules, ["parser", "lexer"]);
    assert_eq!(parser.limits.heap, 4 << 20);
    assert_eq!(parser.on_fault, OnFault::Restart);
    assert!(parser.grants.is_empty());
    assert_eq!(parser.line, 19);
    assert_eq!(
        p.rules,
        vec![Rule {
            callee: "parser".into(),
            exports: vec!["parse".into(), "ParseError".into()],
            callers: vec!["main".into()],
            line: 24,
        }]
    );
}

#[test]
fn minimal_policy_defaults() {
    let p = Policy::parse("[app]\nmain = \"app.py\"\n", Path::new("app.toml")).expect("valid");
    assert_eq!(p.main, Path::new("app.py"));
    // main's folder, the policy's folder, written `.`.
    assert_eq!(p.path, vec![PathBuf::from(".")]);
    assert!(p.compartments.is_empty() && p.rules.is_empty());
    assert_eq!(
        p.defaults,
        Quotas {
            heap: 8 << 20,
            steps: None,
            timeout: None,
            recursion: 200
        }
    );
    assert_eq!(p.default_on_fault, OnFault::Raise);
    assert_eq!(p.compartment_of("__main__"), "main");
    assert_eq!(p.compartment_of("util"), "util");
    // The implied main compartment gets the command line's heap.
    let main = p.spec("main");
    assert_eq!(main.modules, ["__main__"]);
    assert_eq!(main.limits.heap, 4 << 30);
    assert_eq!(main.line, 0);
    let util = p.spec("util");
    assert_eq!(util.modules, ["util"]);
    assert_eq!(util.limits.heap, 8 << 20);
}

#[test]
fn main_heap_and_defaults() {
    let p = parse(
        "[app]\nmain = \"sub/app.py\"\n[defaults]\nheap = 1048576\nrecursion = 50\non_fault = \"restart\"\n\
         [compartments.prog]\nmodules = [\"__main__\", \"helpers\"]\n[compartments.lib]\nmodules = [\"lib\"]\ntimeout = 3\n",
    )
    .expect("valid");
    // main's folder is the default path.
    assert_eq!(p.path, vec![PathBuf::from("pol/sub")]);
    let prog = &p.compartments[0];
    assert_eq!(prog.limits.heap, 4 << 30, "[defaults] heap is not main's");
    assert_eq!(prog.limits.recursion, 50);
    assert_eq!(prog.on_fault, OnFault::Restart);
    let lib = &p.compartments[1];
    assert_eq!(lib.limits.heap, 1 << 20);
    assert_eq!(lib.limits.timeout, Some(3.0));
    assert_eq!(p.compartment_of("__main__"), "prog");
    assert_eq!(p.compartment_of("helpers"), "prog");
    // No implied `main` when another compartment runs the program.
    assert_eq!(p.compartment_of("main"), "main");
    assert_eq!(p.spec("main").modules, ["main"]);
}

#[test]
fn integers_in_any_radix() {
    let p = parse("[app]\nmain = \"a.py\"\n[defaults]\nheap = 0x100000\nsteps = 1_000\n")
        .expect("valid");
    assert_eq!(p.defaults.heap, 1 << 20);
    assert_eq!(p.defaults.steps, Some(1000));
}

#[test]
fn file_order_of_compartments() {
    let p = parse(
        "[app]\nmain = \"a.py\"\n[compartments.zeta]\nmodules = [\"z\"]\n[compartments.alpha]\nmodules = [\"a\"]\n\
         [compartments.\"pkg.mid\"]\nmodules = [\"pkg.mid\"]\n",
    )
    .expect("valid");
    let names: Vec<&str> = p.compartments.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["zeta", "alpha", "pkg.mid"]);
}

#[test]
fn errors_name_the_line() {
    let cases: &[(&str, &str)] = &[
        ("", "pol/app.toml:1:1: missing [app] table (it names the program: main = \"app.py\")"),
        ("[app]\nmain = \"a.py\"\nmian = 1\n", "pol/app.toml:3:1: unknown key 'mian' in [app] (known: main, path, default)"),
        ("[app]\npath = [\"x\"]\n", "pol/app.toml:1:1: [app] needs main = \"FILE.py\" (the program)"),
        ("[app]\nmain = 3\n", "pol/app.toml:2:8: main must be a string, not an integer"),
        ("[app]\nmain = \"a.py\"\n[extra]\n", "pol/app.toml:3:2: unknown key 'extra' in the policy (known: app, defaults, compartments, allow)"),
        ("[app]\nmain = \"a.py\"\ndefault = \"maybe\"\n", "pol/app.toml:3:11: default must be \"deny\" or \"allow\", not \"maybe\""),
        ("[app]\nmain = \"a.py\"\n[defaults]\nheap = \"8Q\"\n", "pol/app.toml:4:8: bad heap size \"8Q\" (use bytes, or e.g. \"64K\", \"8M\", \"1G\")"),
        ("[app]\nmain = \"a.py\"\n[defaults]\nheap = -5\n", "pol/app.toml:4:8: bad heap size -5 (use bytes, or e.g. \"64K\", \"8M\", \"1G\")"),
        ("[app]\nmain = \"a.py\"\n[defaults]\nheap = true\n", "pol/app.toml:4:8: heap must be an integer or a size such as \"8M\", not a boolean"),
        ("[app]\nmain = \"a.py\"\n[defaults]\nsteps = 0\n", "pol/app.toml:4:9: steps must be a positive integer"),
        ("[app]\nmain = \"a.py\"\n[defaults]\ntimeout = nan\n", "pol/app.toml:4:11: timeout must be a number of seconds above 0 (and below 1e9)"),
        ("[app]\nmain = \"a.py\"\n[defaults]\ntimeout = \"1s\"\n", "pol/app.toml:4:11: timeout must be a number of seconds, not a string"),
        ("[app]\nmain = \"a.py\"\n[defaults]\nrecursion = 20001\n", "pol/app.toml:4:13: recursion must be at most 20000"),
        ("[app]\nmain = \"a.py\"\n[defaults]\non_fault = \"retry\"\n", "pol/app.toml:4:12: on_fault must be \"raise\" or \"restart\", not \"retry\""),
        ("[app]\nmain = \"a.py\"\n[defaults]\ngrants = [\"stdin\"]\n", "pol/app.toml:4:1: unknown key 'grants' in [defaults] (known: heap, steps, timeout, recursion, on_fault)"),
        ("[app]\nmain = \"a.py\"\n[compartments.x]\nheap = \"1M\"\n", "pol/app.toml:3:1: [compartments.x] needs modules = [...] (the modules it holds)"),
        ("[app]\nmain = \"a.py\"\n[compartments.x]\nmodules = []\n", "pol/app.toml:4:11: modules must not be empty"),
        ("[app]\nmain = \"a.py\"\n[compartments.x]\nmodules = [\"a-b\"]\n", "pol/app.toml:4:12: bad module name 'a-b'"),
        ("[app]\nmain = \"a.py\"\n[compartments.\"x y\"]\nmodules = [\"a\"]\n", "pol/app.toml:3:15: bad compartment name 'x y': use an identifier or a dotted name (quoted: [compartments.\"a.b\"])"),
        ("[app]\nmain = \"a.py\"\n[compartments.x]\nmodules = [\"a\"]\n[compartments.y]\nmodules = [\"b\", \"a\"]\n", "pol/app.toml:6:17: module 'a' is already in compartment 'x' (line 4); a module can be in one compartment only"),
        ("[app]\nmain = \"a.py\"\n[compartments.x]\nmodules = [\"a\", \"a\"]\n", "pol/app.toml:4:17: module 'a' is listed twice"),
        ("[app]\nmain = \"a.py\"\n[compartments.x]\nmodules = [\"a\"]\ngrants = [\"network\"]\n", "pol/app.toml:5:11: unknown grant 'network' (known: stdin, argv, clock)"),
        ("[app]\nmain = \"a.py\"\n[compartments.x]\nmodules = [\"a\"]\ngrants = [\"argv\", \"argv\"]\n", "pol/app.toml:5:19: grant 'argv' is listed twice"),
        ("[app]\nmain = \"a.py\"\n[compartments.main]\nmodules = [\"app\"]\n", "pol/app.toml:3:15: no compartment lists \"__main__\": compartment 'main' must (the program runs in the compartment named 'main' unless another lists \"__main__\")"),
        ("[app]\nmain = \"a.py\"\n[compartments.a.b]\nmodules = [\"a\"]\n", "pol/app.toml:3:17: unknown key 'b' in [compartments.a] (known: modules, grants, heap, steps, timeout, recursion, on_fault); for a compartment named 'a.b' quote it: [compartments.\"a.b\"]"),
        ("[app]\nmain = \"a.py\"\n[compartments.a]\nmodules = [\"a\"]\n[compartments.a.b]\nmodules = [\"b\"]\n", "pol/app.toml:5:17: unknown key 'b' in [compartments.a] (known: modules, grants, heap, steps, timeout, recursion, on_fault); for a compartment named 'a.b' quote it: [compartments.\"a.b\"]"),
        ("[app]\nmain = \"a.py\"\n[[allow]]\ncallee = \"nope\"\nexports = [\"f\"]\ncallers = [\"*\"]\n", "pol/app.toml:4:10: callee 'nope' is not a compartment of this policy (compartments: main); a module's own compartment must be declared to be named in a rule"),
        ("[app]\nmain = \"a.py\"\n[compartments.p]\nmodules = [\"p\"]\n[[allow]]\ncallee = \"p\"\nexports = [\"f\"]\ncallers = [\"main\", \"q\"]\n", "pol/app.toml:8:20: caller 'q' is not a compartment of this policy (compartments: p, main)"),
        ("[app]\nmain = \"a.py\"\n[compartments.p]\nmodules = [\"p\"]\n[[allow]]\ncallee = \"p\"\ncallers = [\"*\"]\n", "pol/app.toml:5:1: [[allow]] needs exports = [\"name\", ...] (or [\"*\"])"),
        ("[app]\nmain = \"a.py\"\n[compartments.p]\nmodules = [\"p\"]\n[[allow]]\ncallee = \"p\"\nexports = [\"f\", \"*\"]\ncallers = [\"*\"]\n", "pol/app.toml:7:17: '*' (all public names) must be the only export"),
        ("[app]\nmain = \"a.py\"\n[compartments.p]\nmodules = [\"p\"]\n[[allow]]\ncallee = \"p\"\nexports = [\"p.f\"]\ncallers = [\"*\"]\n", "pol/app.toml:7:12: bad export 'p.f': a global name, or \"*\""),
        ("[app]\nmain = \"a.py\"\n[[allow]]\ncallee = \"main\"\nexport = [\"f\"]\n", "pol/app.toml:5:1: unknown key 'export' in [[allow]] (known: callee, exports, callers)"),
        ("allow = 1\n[app]\nmain = \"a.py\"\n", "pol/app.toml:1:9: allow must be an array of tables ([[allow]]), not an integer"),
        ("allow = [1]\n[app]\nmain = \"a.py\"\n", "pol/app.toml:1:10: each [[allow]] must be a table, not an integer"),
        ("[app]\nmain = \"a.py\"\n[compartments.x]\nmodules = \"a\"\n", "pol/app.toml:4:11: modules must be an array of strings, not a string"),
        ("[app]\nmain = \"a.py\"\n[compartments.x]\nmodules = [1]\n", "pol/app.toml:4:12: each of modules must be a string, not an integer"),
    ];
    for (text, want) in cases {
        assert_eq!(&error(text), want, "for policy:\n{text}");
    }
}

#[test]
fn syntax_errors_use_the_toml_position() {
    let e = parse("[app]\nmain = \"a.py\n").expect_err("unterminated string");
    let PolicyError::Syntax { line, .. } = &e else {
        panic!("not a syntax error: {e:?}");
    };
    assert_eq!(*line, 2);
    assert!(e.to_string().starts_with("pol/app.toml:2:"), "{e}");
    let e = parse("[app]\nmain = \"a.py\"\nmain = \"b.py\"\n").expect_err("duplicate key");
    assert!(
        e.to_string()
            .starts_with("pol/app.toml:3:1: TOML: duplicate key"),
        "{e}"
    );
}

#[test]
fn columns_count_characters() {
    let e = error("# é\n[app]\nmain = \"a.py\"\n[compartments.x]\nmodules = [\"é-x\"]\n");
    assert_eq!(e, "pol/app.toml:5:12: bad module name 'é-x'");
    let e = error("[app]\nmain = \"a.py\"\n[compartments.x]\nmodules = [\"é\", \"é\"]\n");
    assert_eq!(e, "pol/app.toml:4:17: module 'é' is listed twice");
}

#[test]
fn load_reports_the_file() {
    let e = Policy::load(Path::new("/nonexistent/capy/policy.toml")).expect_err("missing");
    assert!(
        e.to_string()
            .starts_with("/nonexistent/capy/policy.toml: can't read the policy: "),
        "{e}"
    );
}

#[test]
fn check_rules() {
    let p = parse(EXAMPLE).expect("valid");
    assert_eq!(p.check("main", "parser", "parse"), Ok(Some(24)));
    assert_eq!(p.check("main", "parser", "ParseError"), Ok(Some(24)));
    assert_eq!(p.check("parser", "parser", "anything"), Ok(None));
    assert_eq!(
        p.check("main", "parser", "helper"),
        Err("policy pol/app.toml: no [[allow]] rule lets 'main' use 'parser.helper' (rules for 'parser': line 24)".into())
    );
    assert_eq!(
        p.check("parser", "main", "x"),
        Err("policy pol/app.toml: no [[allow]] rule lets 'parser' use 'main.x' (no rules for 'main')".into())
    );
    assert_eq!(
        p.check("main", "parser", "*"),
        Err("policy pol/app.toml: no [[allow]] rule lets 'main' use all of 'parser' (rules for 'parser': line 24)".into())
    );
}

#[test]
fn check_star_and_default() {
    let text = "[app]\nmain = \"a.py\"\n[compartments.lib]\nmodules = [\"lib\"]\n[compartments.other]\nmodules = [\"other\"]\n\
                [[allow]]\ncallee = \"lib\"\nexports = [\"*\"]\ncallers = [\"*\"]\n\
                [[allow]]\ncallee = \"lib\"\nexports = [\"_secret\"]\ncallers = [\"other\"]\n";
    let p = parse(text).expect("valid");
    assert_eq!(p.check("main", "lib", "f"), Ok(Some(7)));
    assert_eq!(p.check("other", "lib", "f"), Ok(Some(7)));
    assert_eq!(p.check("main", "lib", "*"), Ok(Some(7)));
    assert_eq!(p.check("other", "lib", "_secret"), Ok(Some(11)));
    assert_eq!(
        p.check("main", "lib", "_secret"),
        Err("policy pol/app.toml: no [[allow]] rule lets 'main' use 'lib._secret' (rules for 'lib': lines 7, 11; '*' covers public names only)".into())
    );
    // An implied compartment (not declared) is checked the same way.
    assert!(p.check("main", "util", "f").is_err());
    let allow = parse(&text.replace("main = \"a.py\"", "main = \"a.py\"\ndefault = \"allow\""))
        .expect("valid");
    assert_eq!(allow.check("main", "util", "f"), Ok(None));
    assert_eq!(allow.check("main", "lib", "f"), Ok(Some(8)));
}

/// Mutated, truncated and spliced variants of a valid policy: `parse`
/// must answer each with a policy or an error, never a panic.
#[test]
fn never_panics_on_mutations() {
    let base = EXAMPLE;
    let bytes = base.as_bytes();
    let mut variants: Vec<String> = Vec::new();
    // Every truncation.
    for i in 0..=bytes.len() {
        variants.push(String::from_utf8_lossy(&bytes[..i]).into_owned());
    }
    // Deterministic pseudo-random edits (an LCG: no extra crates).
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((seed >> 33) as usize) % n.max(1)
    };
    const PIECES: &[&str] = &[
        "[",
        "]",
        "[[",
        "]]",
        "\"",
        "'",
        "=",
        ",",
        "\n",
        "#",
        "*",
        ".",
        "-",
        "0",
        "99999999999999999999",
        "-1",
        "1e999",
        "nan",
        "inf",
        "true",
        "{}",
        "{a=1}",
        "[]",
        "\"\"",
        "__main__",
        "main",
        "é",
        "\u{0}",
        "\\",
        "\"\"\"",
        "1979-05-27T07:32:00Z",
        "0x",
        "_",
        "[compartments.main]",
        "[[allow]]",
        "callee = \"main\"",
        "modules = [\"__main__\"]",
    ];
    let lines: Vec<&str> = base.lines().collect();
    for _ in 0..1500 {
        let mut s = base.to_string();
        for _ in 0..1 + next(4) {
            match next(4) {
                0 => {
                    // Insert a piece at a character boundary.
                    let mut at = next(s.len() + 1);
                    while !s.is_char_boundary(at) {
                        at -= 1;
                    }
                    s.insert_str(at, PIECES[next(PIECES.len())]);
                }
                1 => {
                    // Delete a range.
                    let mut a = next(s.len() + 1);
                    while !s.is_char_boundary(a) {
                        a -= 1;
                    }
                    let mut b = (a + next(12)).min(s.len());
                    while !s.is_char_boundary(b) {
                        b -= 1;
                    }
                    s.replace_range(a..b, "");
                }
                2 => {
                    // Swap in another line of the policy.
                    let mut ls: Vec<&str> = s.lines().collect();
                    if !ls.is_empty() {
                        let i = next(ls.len());
                        ls[i] = lines[next(lines.len())];
                    }
                    s = ls.join("\n");
                }
                _ => {
                    // Drop a line.
                    let mut ls: Vec<&str> = s.lines().collect();
                    if !ls.is_empty() {
                        ls.remove(next(ls.len()));
                    }
                    s = ls.join("\n");
                }
            }
        }
        variants.push(s);
    }
    let mut accepted = 0;
    for v in &variants {
        if let Ok(p) = parse(v) {
            accepted += 1;
            // What the other tools do with a policy must not panic either.
            for c in &p.compartments {
                let _ = p.check("main", &c.name, "parse");
                let _ = p.compartment_of(&c.name);
                let _ = p.spec(&c.name);
            }
        }
    }
    // Some survive the edits (comments, reorderings), most do not.
    assert!(accepted > 0 && accepted < variants.len(), "{accepted}");
}
