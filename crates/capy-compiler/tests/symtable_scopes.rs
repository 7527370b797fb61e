//! Scope analysis results, read directly from the symbol table.

use capy_compiler::source::SourceMap;
use capy_compiler::symtable::{build, ScopeKind, SymbolScope, SymbolTable};

fn table(src: &str) -> SymbolTable {
    let sm = SourceMap::new(src, "<t>");
    let tree =
        rustpython_parser::parse(src, rustpython_parser::Mode::Module, "<t>").expect("parses");
    let rustpython_parser::ast::Mod::Module(m) = &tree else {
        panic!("not a module")
    };
    build(&m.body, None, &sm).unwrap_or_else(|e| panic!("{e}"))
}

fn scope<'t>(t: &'t SymbolTable, qualname: &str) -> &'t capy_compiler::symtable::Scope {
    t.scopes
        .iter()
        .find(|s| s.qualname == qualname)
        .unwrap_or_else(|| panic!("no scope {qualname}"))
}

fn of(t: &SymbolTable, qualname: &str, name: &str) -> SymbolScope {
    scope(t, qualname).scope_of(name)
}

#[test]
fn locals_cells_frees_globals() {
    let t = table(
        "g = 1\ndef f(a):\n    b = 2\n    global c\n    c = 3\n    def h():\n        return a + b + g + len\n    return h\n",
    );
    assert_eq!(of(&t, "f", "a"), SymbolScope::Cell);
    assert_eq!(of(&t, "f", "b"), SymbolScope::Cell);
    assert_eq!(of(&t, "f", "c"), SymbolScope::GlobalExplicit);
    assert_eq!(of(&t, "f", "h"), SymbolScope::Local);
    assert_eq!(of(&t, "f.<locals>.h", "a"), SymbolScope::Free);
    assert_eq!(of(&t, "f.<locals>.h", "g"), SymbolScope::GlobalImplicit);
    assert_eq!(of(&t, "f.<locals>.h", "len"), SymbolScope::GlobalImplicit);
    assert_eq!(scope(&t, "f").cellvars, vec!["a", "b"]);
    assert_eq!(scope(&t, "f.<locals>.h").freevars, vec!["a", "b"]);
    assert_eq!(scope(&t, "f").params, vec!["a"]);
}

#[test]
fn free_variables_pass_through_intermediate_scopes() {
    let t = table("def f():\n    x = 1\n    def g():\n        def h():\n            return x\n        return h\n");
    assert_eq!(of(&t, "f", "x"), SymbolScope::Cell);
    assert_eq!(of(&t, "f.<locals>.g", "x"), SymbolScope::Free);
    assert_eq!(scope(&t, "f.<locals>.g").freevars, vec!["x"]);
    assert_eq!(of(&t, "f.<locals>.g.<locals>.h", "x"), SymbolScope::Free);
}

#[test]
fn class_scopes() {
    let t = table(
        "def f():\n    x = 1\n    class C:\n        x = 2\n        y = x\n        def m(self):\n            return x, super()\n",
    );
    let c = scope(&t, "f.<locals>.C");
    assert_eq!(c.kind, ScopeKind::Class);
    // x is local to the class body but also passed through to m
    assert_eq!(of(&t, "f.<locals>.C", "x"), SymbolScope::Local);
    assert_eq!(c.freevars, vec!["x"]);
    assert!(c.needs_class_cell);
    assert_eq!(c.cellvars, vec!["__class__"]);
    assert_eq!(of(&t, "f.<locals>.C.m", "x"), SymbolScope::Free);
    assert_eq!(of(&t, "f.<locals>.C.m", "__class__"), SymbolScope::Free);
    assert_eq!(of(&t, "f", "x"), SymbolScope::Cell);
}

#[test]
fn comprehension_scopes() {
    let t = table("def f(xs):\n    return [y for x in xs for y in x if (z := y)]\n");
    let lc = scope(&t, "f.<locals>.<listcomp>");
    assert_eq!(lc.kind, ScopeKind::Comprehension);
    assert_eq!(lc.params, vec![".0"]);
    assert_eq!(of(&t, "f.<locals>.<listcomp>", "x"), SymbolScope::Local);
    assert_eq!(of(&t, "f.<locals>.<listcomp>", "z"), SymbolScope::Free);
    assert_eq!(of(&t, "f", "z"), SymbolScope::Cell);
    // the outermost iterable is evaluated in f, so xs is not free in the comprehension
    assert!(lc.lookup("xs").is_none());
}

#[test]
fn generator_and_async_flags() {
    let t = table("def g():\n    yield\nasync def a():\n    await b\ndef n():\n    def inner():\n        yield\n");
    assert!(scope(&t, "g").is_generator);
    assert!(scope(&t, "a").is_async);
    assert!(!scope(&t, "n").is_generator);
    assert!(scope(&t, "n.<locals>.inner").is_generator);
}

#[test]
fn nonlocal_resolves_to_enclosing_function() {
    let t = table("def f():\n    n = 0\n    def g():\n        nonlocal n\n        n += 1\n");
    assert_eq!(of(&t, "f.<locals>.g", "n"), SymbolScope::Free);
    assert_eq!(of(&t, "f", "n"), SymbolScope::Cell);
}
