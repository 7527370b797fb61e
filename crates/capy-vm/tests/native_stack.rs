//! An embedder may run an instance on a thread with a small stack and a
//! high recursion limit. Native recursion (repr, comparison and hashing of
//! nested data, natives calling back into Python) must then end in
//! RecursionError when the host stack runs low, never in a stack overflow
//! that kills the host process.

use capy_compiler::Mode;
use capy_vm::{ExcKind, Limits, Value, Vm};

/// Runs `src` on a thread with a 2 MiB stack under the highest recursion
/// limit; returns the exception kind it ended with, if any.
fn run_on_small_stack(src: &'static str) -> Option<&'static str> {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let mut vm = Vm::new(Limits {
                recursion: capy_vm::budget::MAX_RECURSION,
                ..Limits::default()
            });
            let code = vm.compile(src, "<test>", Mode::Exec).expect("compiles");
            let globals = vm.new_dict_obj().expect("a dict");
            vm.extra_roots.push(Value::Obj(globals));
            vm.start_clock();
            match vm.run_code(&code, globals, Value::Null) {
                Ok(_) => None,
                Err(e) if vm.err_is(e, ExcKind::RecursionError) => Some("RecursionError"),
                Err(_) => Some("other exception"),
            }
        })
        .expect("spawn")
        .join()
        .expect("the interpreter thread must not die")
}

#[test]
fn nested_data_stops_at_the_native_stack() {
    let progs = [
        // repr of nested lists
        "a = []\nfor i in range(19000):\n    a = [a]\nrepr(a)\n",
        // equality and hashing of nested tuples
        "a = ()\nb = ()\nfor i in range(19000):\n    a = (a,)\n    b = (b,)\na == b\n",
        "a = ()\nfor i in range(19000):\n    a = (a,)\nhash(a)\n",
        // hashing nested frozensets (each level hashes the one inside)
        "a = frozenset()\nfor i in range(19000):\n    a = frozenset([a])\n",
    ];
    // Every operation that walks nested data, over nested lists, tuples,
    // dicts and sets: none may overflow (CPython's answers vary; what is
    // required is an exception or a result, not a dead thread).
    let ops = [
        "a == b",
        "a < b",
        "hash(a)",
        "repr(a)",
        "str(a)",
        "a in [b]",
        "[b].count(a)",
        "[b].index(a)",
        "{a: 1}",
        "{a}",
        "sorted([a, b])",
        "max(a, b)",
        "'%s' % (a,)",
        "'{}'.format(a)",
        "f'{a!r}'",
        "import json; json.dumps(a)",
    ];
    for op in ops {
        for build in ["[x]", "(x,)", "{1: x}"] {
            let src = format!(
                "def mk():\n    x = None\n    for i in range(19000):\n        x = {build}\n    return x\n\
                 a = mk()\nb = mk()\ntry:\n    {op}\nexcept RecursionError:\n    raise\nexcept Exception:\n    pass\n"
            );
            let src: &'static str = Box::leak(src.into_boxed_str());
            let r = run_on_small_stack(src);
            assert!(
                r.is_none() || r == Some("RecursionError"),
                "{op} on {build}: {r:?}"
            );
        }
    }
    for p in progs {
        assert_eq!(run_on_small_stack(p), Some("RecursionError"), "{p}");
    }
}

#[test]
fn python_recursion_through_natives_stops_at_the_native_stack() {
    let progs = [
        // a user __repr__ recursing through the builtin repr
        "class A:\n    def __init__(s, c): s.c = c\n    def __repr__(s): return 'A(' + repr(s.c) + ')'\n\
         a = 1\nfor i in range(19000):\n    a = A(a)\nrepr(a)\n",
        // a function recursing through map
        "def f(n):\n    return list(map(f, [n - 1])) if n else 0\nf(19000)\n",
    ];
    for p in progs {
        assert_eq!(run_on_small_stack(p), Some("RecursionError"), "{p}");
    }
}

#[test]
fn shallow_work_is_not_refused() {
    let p = "def f(n):\n    return list(map(f, [n - 1])) if n else 0\nf(50)\n";
    assert_eq!(run_on_small_stack(p), None);
}
