//! Compiler output passes the verifier and survives the file format:
//! inline snippets covering every construct with an unusual stack shape,
//! plus every program under `tests/py` that compiles.

use capy_compiler::serialize::{from_bytes, same_code, to_bytes};
use capy_compiler::validate::{stack_info, validate};
use capy_compiler::{compile, Code, Const, Mode};
use std::path::{Path, PathBuf};

const SNIPPETS: &[&str] = &[
    "",
    "x = 1\nprint(x)\n",
    "'''doc'''\nx = 1.5 + 2j\ny = -0.0\nz = float('nan')\nb = b'\\x00\\xff'\n",
    "big = 123456789012345678901234567890\nneg = -big\nt = (1, 'a', (2.5, None), ...)\n",
    "a, *b, c = range(10)\n(x, y), z = (1, 2), 3\n",
    "for i in range(3):\n    if i: continue\n    else: break\nelse:\n    pass\n",
    "while True:\n    try:\n        break\n    finally:\n        print('f')\n",
    "try:\n    1/0\nexcept ZeroDivisionError as e:\n    print(e)\nexcept (TypeError, ValueError):\n    pass\nelse:\n    pass\nfinally:\n    print('done')\n",
    "try:\n    pass\nexcept:\n    raise\n",
    "try:\n    raise ValueError('x') from None\nexcept Exception:\n    pass\n",
    "with open('f') as f, open('g'):\n    print(f.read())\n",
    "def f(a, b=2, /, c=3, *args, d, e=5, **kw):\n    return a + b\n",
    "def outer(x):\n    def inner():\n        nonlocal x\n        x += 1\n        return x\n    return inner\n",
    "def f():\n    for x in range(3):\n        with g() as h:\n            return x\n",
    "def f():\n    try:\n        return 1\n    finally:\n        print('cleanup')\n",
    "def gen():\n    x = yield 1\n    yield from range(x)\n    return 5\n",
    "async def co(a):\n    async with a as b:\n        await b\n    async for i in a:\n        print(i)\n    return [j async for j in a]\n",
    "async def ag():\n    yield 1\n    await ag()\n",
    "l = [x * y for x in range(3) if x for y in range(x)]\ns = {x for x in 'abc'}\nd = {k: v for k, v in {}.items()}\ng = (x for x in l)\n",
    "f(1, 2, *a, k=3, **kw)\nf(a=1, b=2)\no.m(1, 2)\no.m(*a)\n",
    "class C(B, metaclass=M):\n    '''doc'''\n    x = 1\n    def m(self):\n        return __class__\n    @property\n    def p(self):\n        return self.x\n",
    "def f():\n    x = 1\n    class C:\n        y = x\n    return C\n",
    "x = f'{a!r:>{w}} {b=} {c:.2f}'\n",
    "import os.path\nfrom os import path as p, sep\nfrom .rel import *\n",
    "assert x, 'msg'\ndel x\nglobal_y = lambda a, *b: (a, b)\n",
    "x = a if b else c\ny = a and b or not c\nz = 1 < x <= 3 != y\n",
    "x[1:2] = y\ndel x[::2]\nx.a += 1\nx[i] **= 2\nx @= y\n",
    "{**a, 'k': 1, **b}\n[*a, *b]\n{*a, 1}\n(*a, 1)\n",
    "match x:\n    case 1:\n        pass\n    case _:\n        pass\n",
    "if (n := 10) > 5:\n    print(n)\n",
];

/// Compile, verify, and check `from_bytes(to_bytes(code))` is the same code.
fn check(source: &str, what: &str) -> bool {
    match compile(source, "<test>", Mode::Exec) {
        Ok(code) => {
            check_code(&code, source, what);
            true
        }
        Err(_) => false,
    }
}

fn check_code(code: &Code, source: &str, what: &str) {
    // (The derived `PartialEq` is checked in the snippet test only: in debug
    // builds its recursion needs more stack than deeply nested tuples allow.)
    if let Err(e) = validate(code) {
        panic!("{what}: compiler output fails validation: {e}\n--- source:\n{source}");
    }
    let bytes = to_bytes(code);
    let back = from_bytes(&bytes).unwrap_or_else(|e| panic!("{what}: does not load: {e}"));
    assert!(
        same_code(code, &back),
        "{what}: round trip changed the code"
    );
    assert_eq!(to_bytes(&back), bytes, "{what}");
}

fn has_nan(code: &Code) -> bool {
    fn c(k: &Const) -> bool {
        match k {
            Const::Float(x) => x.is_nan(),
            Const::Complex(a, b) => a.is_nan() || b.is_nan(),
            Const::Tuple(t) => t.iter().any(c),
            Const::Code(code) => has_nan(code),
            _ => false,
        }
    }
    code.consts.iter().any(c)
}

#[test]
fn snippets_validate_and_round_trip() {
    let mut compiled = 0;
    for (i, src) in SNIPPETS.iter().enumerate() {
        if check(src, &format!("snippet {i}")) {
            compiled += 1;
            let code = compile(src, "<test>", Mode::Exec).unwrap();
            if !has_nan(&code) {
                assert_eq!(*from_bytes(&to_bytes(&code)).unwrap(), *code, "snippet {i}");
            }
        } else {
            eprintln!(
                "snippet {i} does not compile: {:?}",
                compile(src, "<test>", Mode::Exec).err()
            );
        }
    }
    // Most snippets are ordinary Python the compiler must accept.
    assert!(
        compiled >= SNIPPETS.len() - 3,
        "only {compiled} of {} compiled",
        SNIPPETS.len()
    );
}

#[test]
fn module_stack_depth_is_small() {
    let code = compile("x = [1, 2, 3]\nprint(x[0] + x[1])\n", "<test>", Mode::Exec).unwrap();
    let info = stack_info(&code).unwrap();
    assert!(info.max_stack >= 3 && info.max_stack <= 5, "{info:?}");
}

fn py_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            py_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "py") {
            out.push(p);
        }
    }
}

#[test]
fn conformance_programs_validate_and_round_trip() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/py");
    let mut files = Vec::new();
    py_files(&root, &mut files);
    files.sort();
    // CAPY_FUZZ_SEEDS=<dir>: also write each program's bytecode there, as
    // seeds for the `bytecode_load` fuzz target.
    let seeds = std::env::var_os("CAPY_FUZZ_SEEDS").map(PathBuf::from);
    let mut compiled = 0;
    for f in &files {
        let Ok(src) = std::fs::read_to_string(f) else {
            continue;
        };
        if check(&src, &f.display().to_string()) {
            compiled += 1;
            if let (Some(dir), Some(stem)) = (&seeds, f.file_stem()) {
                let code = compile(&src, "<seed>", Mode::Exec).unwrap();
                std::fs::create_dir_all(dir).unwrap();
                std::fs::write(dir.join(stem).with_extension("bin"), to_bytes(&code)).unwrap();
            }
        }
    }
    eprintln!(
        "{compiled} of {} programs compiled, validated and round-tripped",
        files.len()
    );
}

/// The verifier's nesting limit must admit anything the compiler's own
/// depth limit lets through, and the loader must handle that depth on an
/// ordinary 2 MiB (debug-build) thread.
#[test]
fn deepest_compilable_nesting_validates() {
    for depth in [50usize, 100, 150, 190, 199, 250, 300] {
        let mut defs = String::new();
        for i in 0..depth {
            defs.push_str(&" ".repeat(i));
            defs.push_str(&format!("def f{i}():\n"));
        }
        defs.push_str(&" ".repeat(depth));
        defs.push_str("return 1\n");
        let tuple = format!("x = {}1{}\n", "(".repeat(depth), ",)".repeat(depth));
        let lambdas = format!("f = {}0\n", "lambda: ".repeat(depth));
        for (what, src) in [("defs", defs), ("tuples", tuple), ("lambdas", lambdas)] {
            // The compiler itself needs a big stack for input this deep, so
            // compile, verify and serialize on a helper thread...
            let compiled = std::thread::Builder::new()
                .stack_size(256 << 20)
                .spawn(move || {
                    let code = compile(&src, "<test>", Mode::Exec).ok()?;
                    if let Err(e) = validate(&code) {
                        panic!("{depth} nested {what}: {e}");
                    }
                    Some(to_bytes(&code))
                })
                .unwrap()
                .join()
                .unwrap();
            // ...and load on this one.
            if let Some(bytes) = compiled {
                let back =
                    from_bytes(&bytes).unwrap_or_else(|e| panic!("{depth} nested {what}: {e}"));
                assert_eq!(to_bytes(&back), bytes);
            }
        }
    }
}

#[test]
fn eval_and_single_modes_validate() {
    let cases = [
        (Mode::Eval, "1 + 2"),
        (Mode::Eval, "[x for x in range(3)]"),
        (Mode::Eval, "lambda a, *b, **c: (a, b, c)"),
        (Mode::Single, "x = 1\n"),
        (Mode::Single, "x + 1\n"),
        (Mode::Single, "for i in range(2): i\n"),
        (Mode::Single, "def f():\n    return 1\n\n"),
    ];
    for (mode, src) in cases {
        let code = compile(src, "<test>", mode).unwrap_or_else(|e| panic!("{src:?}: {e:?}"));
        check_code(&code, src, &format!("{mode:?} {src:?}"));
    }
}
