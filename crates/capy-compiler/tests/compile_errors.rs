//! Syntax errors (message, kind, line, column) and nesting-depth limits.

use capy_compiler::{compile, compile_with_big_stack, CompileError, CompileErrorKind, Mode};

fn err(src: &str) -> CompileError {
    match compile(src, "<t>", Mode::Exec) {
        Ok(_) => panic!("expected an error for {src:?}"),
        Err(e) => e,
    }
}

fn check(src: &str, msg: &str, line: u32, col: u32) {
    let e = err(src);
    assert_eq!(
        (e.msg.as_str(), e.line, e.col),
        (msg, line, col),
        "for {src:?}"
    );
    assert_eq!(e.filename, "<t>");
}

fn check_kind(src: &str, kind: CompileErrorKind, msg: &str) {
    let e = err(src);
    assert_eq!((e.kind, e.msg.as_str()), (kind, msg), "for {src:?}");
}

#[test]
fn parser_errors() {
    check("x = = 1", "invalid syntax", 1, 5);
    check("f(1", "'(' was never closed", 1, 2);
    check("x = [1,\n 2", "'[' was never closed", 1, 5);
    check(
        "\"abc",
        "unterminated string literal (detected at line 1)",
        1,
        1,
    );
    check("x = )", "unmatched ')'", 1, 5);
    check("if x\n    pass", "expected ':'", 1, 5);
    check("def f()\n  pass", "expected ':'", 1, 8);
    check(
        "print 'hello'",
        "Missing parentheses in call to 'print'. Did you mean print(...)?",
        1,
        1,
    );
    check(
        "x = 1\n'''abc\n",
        "unterminated triple-quoted string literal (detected at line 2)",
        2,
        1,
    );
    check(
        "def f(a, a): pass",
        "duplicate argument 'a' in function definition",
        1,
        10,
    );
    check(
        "def f(a=1, b): pass",
        "non-default argument follows default argument",
        1,
        12,
    );
    check("f(a=1, a=2)", "keyword argument repeated: a", 1, 8);
    check(
        "f(a=1, b)",
        "positional argument follows keyword argument",
        1,
        8,
    );
    check("x = €", "invalid character '€' (U+20AC)", 1, 5);
    let e = err("x = 1 +");
    assert_eq!(e.kind, CompileErrorKind::SyntaxError);
    assert_eq!(e.text.as_deref(), Some("x = 1 +"));
}

#[test]
fn indentation_errors() {
    check_kind(
        " x = 1",
        CompileErrorKind::IndentationError,
        "unexpected indent",
    );
    check_kind(
        "if x:\npass",
        CompileErrorKind::IndentationError,
        "expected an indented block after 'if' statement on line 1",
    );
    check(
        "if x:\n",
        "expected an indented block after 'if' statement on line 1",
        1,
        6,
    );
    check(
        "def f():",
        "expected an indented block after function definition on line 1",
        1,
        9,
    );
    check_kind(
        "def f():\n\n  # c\nreturn",
        CompileErrorKind::IndentationError,
        "expected an indented block after function definition on line 1",
    );
    check_kind(
        "if x:\n        a\n    b",
        CompileErrorKind::IndentationError,
        "unindent does not match any outer indentation level",
    );
    check_kind(
        "if x:\n\tx\n        y",
        CompileErrorKind::TabError,
        "inconsistent use of tabs and spaces in indentation",
    );
}

#[test]
fn compiler_errors() {
    check("return 1", "'return' outside function", 1, 1);
    check("class C:\n    return 1", "'return' outside function", 2, 5);
    check("break", "'break' outside loop", 1, 1);
    check(
        "for x in y:\n    def g():\n        break",
        "'break' outside loop",
        3,
        9,
    );
    check("continue", "'continue' not properly in loop", 1, 1);
    check("yield 1", "'yield' outside function", 1, 1);
    check("class C:\n    yield 1", "'yield' outside function", 2, 5);
    check("await x", "'await' outside function", 1, 1);
    check(
        "def f():\n    await x",
        "'await' outside async function",
        2,
        5,
    );
    check(
        "async def f():\n    yield from x",
        "'yield from' inside async function",
        2,
        5,
    );
    check(
        "[(yield) for x in y]",
        "'yield' inside list comprehension",
        1,
        3,
    );
    check(
        "1 = x",
        "cannot assign to literal here. Maybe you meant '==' instead of '='?",
        1,
        1,
    );
    check(
        "f() = 1",
        "cannot assign to function call here. Maybe you meant '==' instead of '='?",
        1,
        1,
    );
    check(
        "a + b = 1",
        "cannot assign to expression here. Maybe you meant '==' instead of '='?",
        1,
        1,
    );
    check("None = 1", "cannot assign to None", 1, 1);
    check("for 1 in x: pass", "cannot assign to literal", 1, 5);
    check("(a, f()) = x", "cannot assign to function call", 1, 5);
    check(
        "f(x for x in y, 1)",
        "Generator expression must be parenthesized",
        1,
        3,
    );
    check("del f()", "cannot delete function call", 1, 5);
    check(
        "*a = 1",
        "starred assignment target must be in a list or tuple",
        1,
        1,
    );
    check(
        "a, *b, *c = d",
        "multiple starred expressions in assignment",
        1,
        1,
    );
    check(
        "(a, b) += 1",
        "'tuple' is an illegal expression for augmented assignment",
        1,
        1,
    );
    check("print(*a for a in b)", "invalid syntax", 1, 10);
}

#[test]
fn scope_errors() {
    check(
        "nonlocal x",
        "nonlocal declaration not allowed at module level",
        1,
        1,
    );
    check(
        "def f():\n    nonlocal x",
        "no binding for nonlocal 'x' found",
        2,
        5,
    );
    check(
        "def f():\n    x = 1\n    global x",
        "name 'x' is assigned to before global declaration",
        3,
        5,
    );
    check(
        "def f():\n    print(x)\n    global x",
        "name 'x' is used prior to global declaration",
        3,
        5,
    );
    check(
        "def f(x):\n    global x",
        "name 'x' is parameter and global",
        2,
        5,
    );
    check(
        "class C:\n    [(y := i) for i in x]",
        "assignment expression within a comprehension cannot be used in a class body",
        2,
        7,
    );
    check(
        "def f():\n    from m import *",
        "import * only allowed at module level",
        2,
        5,
    );
    check(
        "try:\n    pass\nexcept:\n    pass\nexcept E:\n    pass",
        "default 'except:' must be last",
        3,
        1,
    );
}

#[test]
fn unsupported_statements() {
    check(
        "def f[T](): pass",
        "type parameter lists are not supported",
        1,
        1,
    );
}

#[test]
fn match_statement_errors() {
    check(
        "match x:\n    case y: pass\n    case 1: pass",
        "name capture 'y' makes remaining patterns unreachable",
        2,
        10,
    );
    check(
        "match x:\n    case [a, a]: pass",
        "multiple assignments to name 'a' in pattern",
        2,
        10,
    );
    check(
        "match x:\n    case [a] | (b,): pass",
        "alternative patterns bind different names",
        2,
        16,
    );
    // More items before a star than the unpacking instruction can count.
    let long = format!("match x:\n    case [{}*r]: pass", "0, ".repeat(70_000));
    check(&long, "too many sub-patterns in sequence pattern", 2, 11);
}

#[test]
fn display_has_caret() {
    let e = err("x = = 1");
    let shown = e.to_string();
    assert!(shown.contains("File \"<t>\", line 1"), "{shown}");
    assert!(
        shown.contains("    x = = 1\n        ^\nSyntaxError: invalid syntax"),
        "{shown}"
    );
}

fn deep_inputs() -> Vec<(&'static str, String)> {
    let n = 100_000;
    let mut nested_if = String::new();
    for i in 0..1000 {
        nested_if.push_str(&" ".repeat(i));
        nested_if.push_str("if x:\n");
    }
    nested_if.push_str(&" ".repeat(1000));
    nested_if.push_str("pass\n");
    vec![
        ("parens", "(".repeat(n)),
        ("neg", "-".repeat(n) + "1"),
        ("sum", "1+".repeat(n) + "1"),
        ("lists", "[".repeat(n)),
        ("not", "not ".repeat(n) + "x"),
        ("calls", "f(".repeat(n) + &")".repeat(n)),
        ("attrs", "a.".repeat(n) + "b"),
        ("lambdas", "lambda: ".repeat(n) + "1"),
        ("subscripts", "x".to_string() + &"[0]".repeat(n)),
        ("nested_if", nested_if),
        (
            "param_annotation",
            format!("def f(x: {}1): pass", "-".repeat(n)),
        ),
        (
            "return_annotation",
            format!("def f() -> {}1: pass", "-".repeat(n)),
        ),
        ("variable_annotation", format!("x: {}1", "-".repeat(n))),
    ]
}

/// Deep input fails cleanly (no stack overflow) with plain `compile` on a
/// test thread's small default stack.
#[test]
fn deep_nesting_is_rejected_on_small_stack() {
    for (what, src) in deep_inputs() {
        let e = compile(&src, "<deep>", Mode::Exec).expect_err(what);
        assert!(
            matches!(
                e.kind,
                CompileErrorKind::TooDeep | CompileErrorKind::SyntaxError
            ),
            "{what}: {e}"
        );
    }
}

#[test]
fn deep_nesting_with_big_stack() {
    for (what, src) in deep_inputs() {
        let e = compile_with_big_stack(&src, "<deep>", Mode::Exec).expect_err(what);
        if what != "parens" && what != "lists" {
            assert_eq!(e.kind, CompileErrorKind::TooDeep, "{what}: {e}");
        }
    }
}

/// Moderately deep but legal code still compiles on a small stack.
#[test]
fn moderate_nesting_compiles() {
    let ok = [
        "-".repeat(150) + "1",
        "x = ".to_string() + &"[".repeat(90) + &"]".repeat(90),
        "1+".repeat(150) + "1",
        "f(".repeat(60) + &")".repeat(60),
        (0..40)
            .map(|i| format!("{}def f{i}():\n", " ".repeat(i)))
            .collect::<String>()
            + &" ".repeat(40)
            + "return 1\n",
    ];
    for src in ok {
        compile(&src, "<ok>", Mode::Exec).unwrap_or_else(|e| panic!("{e}"));
        compile_with_big_stack(&src, "<ok>", Mode::Exec).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// No input makes the compiler panic: truncations and junk-insertions of a
/// program touching most constructs.
#[test]
fn mutated_sources_do_not_panic() {
    let base = "import a.b as c\nclass C(B):\n    def m(self, x=1, *a, k, **kw):\n        global g\n        try:\n            for i in x:\n                with f() as (p, *q):\n                    yield {i: [j async for j in q]}\n        except E as e:\n            return f'{e!r:>{k}}'\n        finally:\n            del self.x[1:2]\n    async def n(self):\n        await (lambda: (y := 2))()\n";
    let junk = [
        "(",
        ")",
        ":",
        "*",
        "**",
        "=",
        "\n",
        " ",
        "\t",
        "'",
        "\"\"\"",
        "yield",
        "await",
        "nonlocal x",
        "€",
        "\\",
        "lambda",
        ",",
        "[",
        "{",
        "async ",
    ];
    let chars: Vec<usize> = base.char_indices().map(|(i, _)| i).collect();
    for (n, &cut) in chars.iter().enumerate() {
        let _ = compile(&base[..cut], "<m>", Mode::Exec);
        let j = junk[n % junk.len()];
        let mutated = format!("{}{}{}", &base[..cut], j, &base[cut..]);
        let _ = compile(&mutated, "<m>", Mode::Exec);
        let _ = compile(&mutated, "<m>", Mode::Single);
        let _ = compile(&mutated, "<m>", Mode::Eval);
    }
}

#[test]
fn except_star_early_exits() {
    let msg = "'break', 'continue' and 'return' cannot appear in an except* block";
    check(
        "for i in x:\n    try: pass\n    except* E: break",
        msg,
        3,
        16,
    );
    check(
        "for i in x:\n    try: pass\n    except* E:\n        continue",
        msg,
        4,
        9,
    );
    check(
        "def f():\n    try: pass\n    except* E:\n        if x: return 1",
        msg,
        4,
        15,
    );
    // In a try/finally inside the clause too.
    check(
        "def f():\n    try: pass\n    except* E:\n        try: pass\n        finally: return",
        msg,
        5,
        18,
    );
    // A loop inside the clause, and a nested function, are theirs to leave.
    for src in [
        "try: pass\nexcept* E:\n    for i in x:\n        if i: break\n        continue",
        "try: pass\nexcept* E:\n    def g(): return 1\n    class C:\n        def h(self): return 2",
        "def f():\n    try: return 1\n    except* E: pass\n    else: return 2\n    finally: pass",
    ] {
        assert!(compile(src, "<t>", Mode::Exec).is_ok(), "{src:?}");
    }
}
