//! Bytecode file format and verifier, on hand-built code objects.
//!
//! Set `CAPY_FUZZ_SEEDS=<dir>` when running `valid_codes_write_fuzz_seeds`
//! to dump the valid samples as seeds for the `bytecode_load` fuzz target.

use capy_compiler::bytecode::code_flags;
use capy_compiler::serialize::{from_bytes, same_code, to_bytes, LoadError, FORMAT_VERSION, MAGIC};
use capy_compiler::validate::{
    stack_info, validate, ValidateErrorKind as K, MAX_BLOCKS, MAX_INSTRS, MAX_NESTING, MAX_STACK,
};
use capy_compiler::{BinOp, CmpOp, Code, Const, Instr, Instr::*, UnOp};
use num_bigint::BigInt;
use std::rc::Rc;

fn s(x: &str) -> Rc<str> {
    Rc::from(x)
}

fn strs(v: &[&str]) -> Vec<Rc<str>> {
    v.iter().map(|x| s(x)).collect()
}

/// A code object with the given instructions, one line per instruction.
fn code(name: &str, instrs: Vec<Instr>) -> Code {
    let n = instrs.len() as u32;
    Code {
        name: s(name),
        qualname: s(name),
        filename: s("<test>"),
        first_line: 1,
        flags: 0,
        argcount: 0,
        posonlyargcount: 0,
        kwonlyargcount: 0,
        varnames: vec![],
        cellvars: vec![],
        cell2arg: vec![],
        freevars: vec![],
        names: vec![],
        consts: vec![],
        lines: (1..=n).collect(),
        instrs,
        doc: None,
        source: None,
    }
}

// ---- valid samples, shaped like compiler output -------------------------

/// `x = 1; print(x)`
fn sample_module() -> Code {
    let mut c = code(
        "<module>",
        vec![
            LoadSmallInt(1),
            StoreName(0),
            LoadName(1),
            LoadName(0),
            Call(1),
            Pop,
            LoadNone,
            ReturnValue,
        ],
    );
    c.flags = code_flags::MODULE;
    c.names = strs(&["x", "print"]);
    c.doc = Some(s("module doc"));
    c
}

/// `for i in xs: total += i`
fn sample_for() -> Code {
    let mut c = code(
        "<module>",
        vec![
            LoadName(0),
            GetIter,
            ForIter(9),
            StoreName(1),
            LoadName(2),
            LoadName(1),
            InplaceOp(BinOp::Add),
            StoreName(2),
            Jump(2),
            LoadNone,
            ReturnValue,
        ],
    );
    c.names = strs(&["xs", "i", "total"]);
    c
}

/// `for k, v in xs: total += v` (the fused pair step)
fn sample_for_pair() -> Code {
    let mut c = code(
        "<module>",
        vec![
            LoadName(0),
            GetIter,
            ForIterPair(10),
            StoreName(1),
            StoreName(2),
            LoadName(3),
            LoadName(2),
            InplaceOp(BinOp::Add),
            StoreName(3),
            Jump(2),
            LoadNone,
            ReturnValue,
        ],
    );
    c.names = strs(&["xs", "k", "v", "total"]);
    c
}

/// `try: f() except ValueError: pass`
fn sample_try() -> Code {
    let mut c = code(
        "<module>",
        vec![
            SetupExcept(6),
            LoadName(0),
            Call(0),
            Pop,
            PopBlock,
            Jump(14),
            // handler: [exc]
            Dup,
            LoadName(1),
            Compare(CmpOp::ExcMatch),
            PopJumpIfFalse(13),
            Pop,
            PopExcept,
            Jump(14),
            Reraise,
            LoadNone,
            ReturnValue,
        ],
    );
    c.names = strs(&["f", "ValueError"]);
    c
}

/// `with m as v: pass`
fn sample_with() -> Code {
    let mut c = code(
        "<module>",
        vec![
            LoadName(0),
            SetupWith(7),
            StoreName(1),
            PopBlock,
            WithExitNormal,
            LoadNone,
            ReturnValue,
            // handler: [exit, exc]
            WithExitExc,
            LoadNone,
            ReturnValue,
        ],
    );
    c.names = strs(&["m", "v"]);
    c
}

/// `def outer(x): def g(): return x; return g` — the module part.
fn sample_closure() -> Code {
    let mut g = code("g", vec![LoadDeref(0), ReturnValue]);
    g.qualname = s("outer.<locals>.g");
    g.freevars = strs(&["x"]);
    let mut outer = code(
        "outer",
        vec![
            LoadClosure(0),
            BuildTuple(1),
            LoadConst(0),
            MakeFunction(4),
            StoreFast(1),
            LoadFast(1),
            ReturnValue,
        ],
    );
    outer.argcount = 1;
    outer.varnames = strs(&["x", "g"]);
    outer.cellvars = strs(&["x"]);
    outer.cell2arg = vec![Some(0)];
    outer.consts = vec![Const::Code(Rc::new(g))];
    let mut m = code(
        "<module>",
        vec![
            LoadNone,
            BuildTuple(1),
            LoadConst(0),
            MakeFunction(1),
            StoreName(0),
            LoadNone,
            ReturnValue,
        ],
    );
    m.names = strs(&["outer"]);
    m.consts = vec![Const::Code(Rc::new(outer))];
    m
}

/// `f(1, b=2)` and `o.m(*a, **k)`-like shapes, plus f-strings and slices.
fn sample_calls() -> Code {
    let names = Const::Tuple(Rc::from(vec![Const::Str(s("b"))]));
    let mut c = code(
        "<module>",
        vec![
            LoadName(0),
            LoadSmallInt(1),
            LoadSmallInt(2),
            LoadConst(0),
            CallKw(2),
            Pop,
            LoadName(1),
            LoadMethod(2),
            LoadSmallInt(3),
            CallMethod(1),
            Pop,
            LoadName(0),
            LoadName(1),
            LoadName(1),
            CallEx(1),
            LoadNone,
            FormatValue(2),
            LoadName(1),
            LoadConst(1),
            FormatValue(5),
            BuildString(3),
            Pop,
            LoadName(1),
            LoadNone,
            LoadNone,
            LoadSmallInt(2),
            BuildSlice(3),
            Subscr,
            UnpackEx(1 | (2 << 16)),
            BuildMap(2),
            Pop,
            LoadBool(true),
            UnaryOp(UnOp::Not),
            Raise(1),
        ],
    );
    c.names = strs(&["f", "o", "m"]);
    c.consts = vec![names, Const::Str(s(">10"))];
    c
}

/// `[x for x in .0]` as the comprehension function body.
fn sample_listcomp() -> Code {
    let mut c = code(
        "<listcomp>",
        vec![
            BuildList(0),
            LoadFast(0),
            ForIter(8),
            StoreFast(1),
            LoadFast(1),
            ListAppend(2),
            Jump(2),
            Nop,
            ReturnValue,
        ],
    );
    c.argcount = 1;
    c.varnames = strs(&[".0", "x"]);
    // ForIter's exit edge lands on 8 with [list]; 7 is unreachable filler.
    c
}

/// A generator with yield, yield from and a constant table of every kind.
fn sample_generator() -> Code {
    let mut c = code(
        "gen",
        vec![
            LoadConst(0),
            YieldValue,
            Pop,
            LoadName(0),
            GetYieldFromIter,
            LoadNone,
            YieldFrom,
            Pop,
            LoadNone,
            ReturnValue,
        ],
    );
    c.flags = code_flags::GENERATOR | code_flags::VARARGS | code_flags::VARKEYWORDS;
    c.argcount = 2;
    c.posonlyargcount = 1;
    c.kwonlyargcount = 1;
    c.varnames = strs(&["a", "b", "c", "args", "kw", "local"]);
    c.names = strs(&["it"]);
    c.lines = vec![5, 5, 4, 100, u32::MAX, 0, 7, 7, 7, 1];
    c.first_line = 5;
    c.consts = vec![
        Const::None,
        Const::Bool(true),
        Const::Bool(false),
        Const::Int(0),
        Const::Int(i64::MIN),
        Const::Int(i64::MAX),
        Const::BigInt(BigInt::from(0)),
        Const::BigInt(BigInt::from(-1) << 200),
        Const::BigInt((BigInt::from(1) << 100) + 12345),
        Const::Float(f64::NAN),
        Const::Float(-0.0),
        Const::Float(f64::INFINITY),
        Const::Complex(1.5, f64::NAN),
        Const::Str(s("")),
        Const::Str(s("héllo, wörld ✓ 𝔘")),
        Const::Bytes(Rc::from(&b"\x00\xff bytes"[..])),
        Const::Tuple(Rc::from(vec![
            Const::Int(1),
            Const::Tuple(Rc::from(vec![Const::Str(s("x")), Const::Ellipsis])),
        ])),
        Const::Tuple(Rc::from(Vec::new())),
        Const::Ellipsis,
    ];
    c
}

/// `async with` and `async for` inside a coroutine.
fn sample_async() -> Code {
    let mut c = code("co", vec![]);
    c.instrs = vec![
        LoadName(0),         // 0 [mgr]
        SetupAsyncWith(12),  // 1 [aexit, aw]
        LoadNone,            // 2
        YieldFrom,           // 3 [aexit, v]
        PushWithBlock(12),   // 4 handler 12: [aexit, exc]
        Pop,                 // 5 [aexit]
        PopBlock,            // 6
        AsyncWithExitNormal, // 7 [aw]
        LoadNone,            // 8
        YieldFrom,           // 9 [r]
        Pop,                 // 10 []
        Jump(18),            // 11
        AsyncWithExitExc,    // 12 [exc, aw]
        LoadNone,            // 13
        YieldFrom,           // 14 [exc, r]
        AsyncWithExitEnd,    // 15 []
        Jump(18),            // 16
        Nop,                 // 17 unreachable
        LoadName(1),         // 18
        GetAIter,            // 19 [aiter]
        SetupExcept(28),     // 20
        GetANext,            // 21 [aiter, aw]
        LoadNone,            // 22
        YieldFrom,           // 23 [aiter, v]
        PopBlock,            // 24
        StoreName(2),        // 25 [aiter]
        Jump(20),            // 26
        Nop,                 // 27 unreachable
        EndAsyncFor(29),     // 28 [aiter, exc] -> []
        LoadNone,            // 29
        ReturnValue,         // 30
    ];
    c.lines = vec![3; c.instrs.len()];
    c.flags = code_flags::COROUTINE;
    c.names = strs(&["m", "it", "x"]);
    c
}

/// Imports, dict/set building, rotation and class creation.
fn sample_misc() -> Code {
    let mut body = code("C", vec![LoadName(0), StoreName(1), LoadNone, ReturnValue]);
    body.flags = code_flags::CLASS_BODY;
    body.names = strs(&["__name__", "__module__"]);
    let mut c = code(
        "<module>",
        vec![
            LoadSmallInt(0),
            LoadNone,
            ImportName(0),
            ImportFrom(1),
            StoreName(1),
            Pop,
            LoadSmallInt(0),
            LoadConst(0),
            ImportName(0),
            ImportStar,
            LoadBuildClass,
            LoadConst(1),
            MakeFunction(0),
            LoadConst(2),
            LoadName(1),
            Call(3),
            StoreName(2),
            LoadSmallInt(i32::MIN),
            LoadSmallInt(i32::MAX),
            Dup2,
            Rot4,
            Rot3,
            Rot2,
            BuildSet(4),
            BuildList(0),
            Rot2,
            ListExtend,
            ListToTuple,
            DeleteName(2),
            PrintExpr,
            LoadAssertionError,
            Raise(1),
        ],
    );
    c.names = strs(&["os", "path", "C"]);
    c.consts = vec![
        Const::Tuple(Rc::from(vec![Const::Str(s("*"))])),
        Const::Code(Rc::new(body)),
        Const::Str(s("C")),
    ];
    c
}

fn valid_samples() -> Vec<Code> {
    vec![
        sample_module(),
        sample_for(),
        sample_for_pair(),
        sample_try(),
        sample_with(),
        sample_closure(),
        sample_calls(),
        sample_listcomp(),
        sample_generator(),
        sample_async(),
        sample_misc(),
    ]
}

#[test]
fn valid_samples_pass() {
    for c in valid_samples() {
        if let Err(e) = validate(&c) {
            panic!("{}: {e}", c.qualname);
        }
    }
}

#[test]
fn max_stack_is_computed() {
    assert_eq!(stack_info(&sample_module()).unwrap().max_stack, 2);
    let i = stack_info(&sample_for()).unwrap();
    assert_eq!((i.max_stack, i.max_blocks), (3, 0));
    let i = stack_info(&sample_for_pair()).unwrap();
    assert_eq!((i.max_stack, i.max_blocks), (3, 0));
    let i = stack_info(&sample_try()).unwrap();
    assert_eq!((i.max_stack, i.max_blocks), (3, 1));
    assert_eq!(stack_info(&sample_with()).unwrap().max_stack, 2);
    assert_eq!(stack_info(&sample_listcomp()).unwrap().max_stack, 3);
    assert_eq!(stack_info(&sample_calls()).unwrap().max_stack, 4);
}

#[test]
fn round_trip_equal() {
    for c in valid_samples() {
        let bytes = to_bytes(&c);
        assert_eq!(&bytes[..5], MAGIC);
        assert_eq!(bytes[5], FORMAT_VERSION);
        let back = from_bytes(&bytes).unwrap_or_else(|e| panic!("{}: {e}", c.qualname));
        assert!(same_code(&c, &back), "{} changed in round trip", c.qualname);
        assert_eq!(to_bytes(&back), bytes);
        // Without NaN constants the derived equality agrees too.
        if c.qualname.as_ref() != "gen" {
            assert_eq!(*back, c);
        }
    }
}

#[test]
fn same_code_compares_floats_by_bits() {
    let a = Const::Float(f64::NAN);
    let mut x = sample_module();
    x.consts = vec![a.clone()];
    let mut y = sample_module();
    y.consts = vec![a];
    assert_ne!(x, y); // derived PartialEq: NaN != NaN
    assert!(same_code(&x, &y));
    y.consts = vec![Const::Float(0.0)];
    x.consts = vec![Const::Float(-0.0)];
    assert_eq!(x, y);
    assert!(!same_code(&x, &y));
}

#[test]
fn format_is_compact() {
    // One byte per argument-less instruction or small argument, one per
    // line delta: 8 instructions take 13 bytes, their lines 9; the rest is
    // the header, names and the docstring.
    let c = sample_module();
    let n = to_bytes(&c).len();
    assert!(n <= 85, "{n} bytes");
}

// ---- verifier rejections -------------------------------------------------

#[track_caller]
fn rejects(c: &Code, want: fn(&K) -> bool) {
    match validate(c) {
        Ok(()) => panic!("accepted invalid code {:?}", c.instrs),
        Err(e) => {
            assert!(want(&e.kind), "wrong error: {e}");
            // Anything the verifier rejects, the loader rejects too.
            match from_bytes(&to_bytes(c)) {
                Err(LoadError::Invalid(e2)) => assert_eq!(e, e2),
                Err(other) => assert!(matches!(e.kind, K::TooDeep), "{other}"),
                Ok(_) => panic!("loader accepted invalid code"),
            }
        }
    }
}

fn ret(mut v: Vec<Instr>) -> Code {
    v.extend([LoadNone, ReturnValue]);
    code("bad", v)
}

#[test]
fn rejects_bad_indices() {
    rejects(&ret(vec![Jump(99)]), |k| {
        matches!(k, K::JumpOutOfRange { target: 99, .. })
    });
    rejects(&ret(vec![SetupExcept(3)]), |k| {
        matches!(k, K::JumpOutOfRange { .. })
    });
    rejects(&ret(vec![LoadConst(0), Pop]), |k| {
        matches!(
            k,
            K::IndexOutOfRange {
                table: "constant",
                ..
            }
        )
    });
    rejects(&ret(vec![LoadFast(0), Pop]), |k| {
        matches!(
            k,
            K::IndexOutOfRange {
                table: "local variable",
                ..
            }
        )
    });
    rejects(&ret(vec![LoadGlobal(0), Pop]), |k| {
        matches!(k, K::IndexOutOfRange { table: "name", .. })
    });
    let mut c = ret(vec![LoadDeref(2), Pop]);
    c.cellvars = strs(&["a"]);
    c.cell2arg = vec![None];
    c.freevars = strs(&["b"]);
    rejects(&c, |k| {
        matches!(
            k,
            K::IndexOutOfRange {
                table: "cell",
                index: 2,
                len: 2
            }
        )
    });
    c.instrs[0] = LoadDeref(1);
    validate(&c).unwrap();
}

#[test]
fn rejects_bad_header() {
    let mut c = ret(vec![]);
    c.lines.pop();
    rejects(&c, |k| {
        matches!(
            k,
            K::LinesLength {
                lines: 1,
                instrs: 2
            }
        )
    });
    rejects(&code("empty", vec![]), |k| matches!(k, K::NoInstructions));
    let mut c = ret(vec![]);
    c.argcount = 1;
    c.flags = code_flags::VARARGS;
    c.varnames = strs(&["a"]);
    rejects(&c, |k| {
        matches!(
            k,
            K::TooManyParams {
                params: 2,
                varnames: 1
            }
        )
    });
    // Counts whose u32 sum overflows (the bytecode_load fuzzer's find):
    // refused, not a panic, and not wrapped into a small count.
    let mut c = ret(vec![]);
    c.argcount = u32::MAX;
    c.kwonlyargcount = 2;
    c.varnames = strs(&["a"]);
    rejects(&c, |k| matches!(k, K::TooManyParams { varnames: 1, .. }));
    let mut c = ret(vec![]);
    c.posonlyargcount = 1;
    c.varnames = strs(&["a"]);
    rejects(&c, |k| matches!(k, K::PosOnlyExceedsArgcount { .. }));
    let mut c = ret(vec![]);
    c.cellvars = strs(&["a"]);
    rejects(&c, |k| matches!(k, K::Cell2ArgLength { .. }));
    c.cell2arg = vec![Some(0)];
    c.varnames = strs(&["a"]);
    rejects(&c, |k| matches!(k, K::Cell2ArgNotParam { .. }));
    c.argcount = 1;
    validate(&c).unwrap();
}

#[test]
fn rejects_bad_arguments() {
    let with = |i: Instr, pre: usize| {
        let mut v = vec![LoadNone; pre];
        v.push(i);
        ret(v)
    };
    rejects(&with(BuildSlice(4), 4), |k| {
        matches!(k, K::BadArgument { .. })
    });
    rejects(&with(Raise(3), 3), |k| matches!(k, K::BadArgument { .. }));
    rejects(&with(CallEx(2), 4), |k| matches!(k, K::BadArgument { .. }));
    rejects(&with(FormatValue(8), 2), |k| {
        matches!(k, K::BadArgument { .. })
    });
    rejects(&with(ListAppend(0), 2), |k| {
        matches!(k, K::BadArgument { .. })
    });
}

#[test]
fn rejects_misused_code_constants() {
    let inner = Const::Code(Rc::new(code("g", vec![LoadNone, ReturnValue])));
    // Loaded but not made into a function.
    let mut c = ret(vec![LoadConst(0), Pop]);
    c.consts = vec![inner.clone()];
    rejects(&c, |k| matches!(k, K::StrayCodeConst));
    // MakeFunction of a non-code constant.
    let mut c = ret(vec![LoadConst(0), MakeFunction(0), Pop]);
    c.consts = vec![Const::Int(3)];
    rejects(&c, |k| matches!(k, K::MakeFunctionOperand));
    // MakeFunction reachable by a jump, so the operand is not known.
    let mut c = ret(vec![
        LoadNone,
        PopJumpIfFalse(3),
        LoadConst(0),
        MakeFunction(0),
        Pop,
    ]);
    c.consts = vec![inner.clone()];
    rejects(&c, |k| matches!(k, K::MakeFunctionOperand));
    // Too many flags.
    let mut c = ret(vec![LoadConst(0), MakeFunction(8), Pop]);
    c.consts = vec![inner.clone()];
    rejects(&c, |k| matches!(k, K::BadArgument { .. }));
    // Free variables without a closure.
    let mut g = code("g", vec![LoadDeref(0), ReturnValue]);
    g.freevars = strs(&["x"]);
    let mut c = ret(vec![LoadConst(0), MakeFunction(0), Pop]);
    c.consts = vec![Const::Code(Rc::new(g))];
    rejects(&c, |k| matches!(k, K::MissingClosure { nfree: 1 }));
    // Code inside a tuple.
    let mut c = ret(vec![]);
    c.consts = vec![Const::Tuple(Rc::from(vec![inner]))];
    rejects(&c, |k| matches!(k, K::CodeInTuple));
}

#[test]
fn rejects_bad_callkw_names() {
    let mk = |names: Const, argc: u32| {
        let mut c = ret(vec![LoadName(0), LoadNone, LoadConst(0), CallKw(argc), Pop]);
        c.names = strs(&["f"]);
        c.consts = vec![names];
        c
    };
    let tup = |v: Vec<Const>| Const::Tuple(Rc::from(v));
    validate(&mk(tup(vec![Const::Str(s("a"))]), 1)).unwrap();
    rejects(&mk(Const::Str(s("a")), 1), |k| {
        matches!(k, K::CallKwNames(_))
    });
    rejects(&mk(tup(vec![Const::Int(1)]), 1), |k| {
        matches!(k, K::CallKwNames(_))
    });
    rejects(
        &mk(tup(vec![Const::Str(s("a")), Const::Str(s("b"))]), 1),
        |k| matches!(k, K::CallKwNames(_)),
    );
    let mut c = ret(vec![LoadName(0), LoadNone, LoadNone, CallKw(1), Pop]);
    c.names = strs(&["f"]);
    rejects(&c, |k| matches!(k, K::CallKwNames(_)));
}

#[test]
fn rejects_stack_errors() {
    rejects(&ret(vec![Pop]), |k| {
        matches!(k, K::StackUnderflow { need: 1, have: 0 })
    });
    rejects(&code("r", vec![ReturnValue]), |k| {
        matches!(k, K::StackUnderflow { .. })
    });
    rejects(&ret(vec![LoadNone, Call(1)]), |k| {
        matches!(k, K::StackUnderflow { need: 2, have: 1 })
    });
    rejects(&ret(vec![LoadNone, LoadNone, BuildMap(2)]), |k| {
        matches!(k, K::StackUnderflow { need: 4, .. })
    });
    // A loop that grows the stack: two paths disagree at the loop head.
    rejects(&code("grow", vec![LoadNone, Jump(0)]), |k| {
        matches!(k, K::InconsistentDepth { .. })
    });
    // Branches that join with different depths.
    rejects(
        &ret(vec![LoadNone, PopJumpIfFalse(3), LoadNone, Nop]),
        |k| matches!(k, K::InconsistentDepth { .. }),
    );
    // Stack limit.
    rejects(&ret(vec![LoadNone, UnpackSequence(MAX_STACK)]), |k| {
        matches!(k, K::StackTooDeep { .. })
    });
    validate(&ret(vec![LoadNone, UnpackSequence(MAX_STACK - 2), Nop])).unwrap();
    // ListAppend needs the container below.
    rejects(
        &ret(vec![BuildList(0), LoadNone, ListAppend(2), Pop]),
        |k| matches!(k, K::StackUnderflow { .. }),
    );
    validate(&ret(vec![BuildList(0), LoadNone, ListAppend(1), Pop])).unwrap();
    // Yield in a plain function.
    rejects(&ret(vec![LoadNone, YieldValue, Pop]), |k| {
        matches!(k, K::YieldOutsideGenerator)
    });
}

#[test]
fn rejects_block_errors() {
    rejects(&ret(vec![PopBlock]), |k| matches!(k, K::BlockUnderflow));
    // A try body that can reach the join with its block still set up.
    let c = code(
        "bad",
        vec![
            LoadNone,
            PopJumpIfFalse(3),
            SetupExcept(6),
            Nop,
            LoadNone,
            ReturnValue,
            Pop,
            LoadNone,
            ReturnValue,
        ],
    );
    rejects(&c, |k| {
        matches!(
            k,
            K::InconsistentDepth {
                found: (0, 1),
                expected: (0, 0),
                ..
            } | K::InconsistentDepth {
                found: (0, 0),
                expected: (0, 1),
                ..
            }
        )
    });
    // Handler target: [exc] at setup height 0 + 1, block depth 0.
    validate(&code(
        "h",
        vec![
            SetupExcept(3),
            PopBlock,
            Jump(4),
            Pop,
            LoadNone,
            ReturnValue,
        ],
    ))
    .unwrap();
    rejects(
        &code(
            "h",
            vec![
                SetupExcept(3),
                PopBlock,
                Jump(4),
                Nop,
                LoadNone,
                ReturnValue,
            ],
        ),
        |k| matches!(k, K::InconsistentDepth { .. }),
    );
    // with handler gets [exit, exc]: WithExitExc pops both.
    rejects(
        &code(
            "w",
            vec![
                LoadNone,
                SetupWith(5),
                Pop,
                PopBlock,
                WithExitNormal,
                Pop,
                Pop,
                LoadNone,
                ReturnValue,
            ],
        ),
        |k| matches!(k, K::InconsistentDepth { .. } | K::StackUnderflow { .. }),
    );
    // Block limit: N nested try blocks in a row, each with its own handler
    // (`Pop; LoadNone; ReturnValue`) after the straight-line part.
    let n = MAX_BLOCKS as usize + 10;
    let mut v: Vec<Instr> = (0..n)
        .map(|i| SetupExcept((n + 2 + 3 * i) as u32))
        .collect();
    v.extend([LoadNone, ReturnValue]);
    for _ in 0..n {
        v.extend([Pop, LoadNone, ReturnValue]);
    }
    rejects(&code("blocks", v), |k| matches!(k, K::TooManyBlocks { .. }));
}

#[test]
fn rejects_falling_off_the_end() {
    rejects(&code("f", vec![LoadNone, Pop]), |k| {
        matches!(k, K::FallsOffEnd)
    });
    rejects(&code("f", vec![LoadNone, PopJumpIfFalse(0)]), |k| {
        matches!(k, K::FallsOffEnd)
    });
    // Unreachable code at the end is fine.
    validate(&code("f", vec![LoadNone, ReturnValue, Nop])).unwrap();
}

/// Only instructions the VM polls at (interrupts, time budget) may jump
/// backward: a `ForIter` looping to an earlier instruction over an empty
/// iterator would otherwise spin forever without a safe point.
#[test]
fn rejects_backward_jumps_without_a_safe_point() {
    // Well formed in every other respect: the branch arrives at 0 with the
    // depth instruction 0 starts with.
    let spin = code(
        "spin",
        vec![
            BuildTuple(0),
            GetIter,
            ForIter(0),
            Pop,
            LoadNone,
            ReturnValue,
        ],
    );
    rejects(&spin, |k| {
        matches!(k, K::UnpolledBackwardJump { target: 0 })
    });
    let e = validate(&spin).unwrap_err();
    assert_eq!(e.at, Some((2, ForIter(0))));
    assert!(e.to_string().contains("backward jump to 0"), "{e}");
    let spin_pair = code(
        "spin",
        vec![
            BuildTuple(0),
            GetIter,
            ForIterPair(0),
            Pop,
            Pop,
            LoadNone,
            ReturnValue,
        ],
    );
    rejects(&spin_pair, |k| {
        matches!(k, K::UnpolledBackwardJump { target: 0 })
    });
    rejects(
        &code("spin", vec![LoadNone, LoadNone, EndAsyncFor(0)]),
        |k| matches!(k, K::UnpolledBackwardJump { target: 0 }),
    );
    // The same loop made with a polled back-edge is fine, as are backward
    // conditional jumps.
    validate(&code(
        "loop",
        vec![
            BuildTuple(0),
            GetIter,
            ForIter(5),
            Pop,
            Jump(2),
            LoadNone,
            ReturnValue,
        ],
    ))
    .unwrap();
    validate(&code(
        "loop",
        vec![LoadNone, PopJumpIfTrue(0), LoadNone, ReturnValue],
    ))
    .unwrap();
    validate(&sample_for()).unwrap();
}

#[test]
fn rejects_too_many_instructions() {
    let c = code("big", vec![Nop; MAX_INSTRS + 1]);
    assert!(matches!(
        validate(&c).unwrap_err().kind,
        K::TooManyInstructions(_)
    ));
}

#[test]
fn error_names_nested_code_and_instruction() {
    let mut g = code("g", vec![LoadNone, Pop, Pop, LoadNone, ReturnValue]);
    g.qualname = s("f.<locals>.g");
    let mut c = ret(vec![LoadConst(0), MakeFunction(0), Pop]);
    c.consts = vec![Const::Code(Rc::new(g))];
    let e = validate(&c).unwrap_err();
    assert_eq!(&*e.qualname, "f.<locals>.g");
    assert_eq!(e.at, Some((2, Pop)));
    let msg = e.to_string();
    assert!(
        msg.contains("'f.<locals>.g'") && msg.contains("instruction 2"),
        "{msg}"
    );
}

fn nested_code(levels: usize) -> Code {
    let mut c = code("leaf", vec![LoadNone, ReturnValue]);
    for _ in 0..levels {
        let mut outer = ret(vec![LoadConst(0), MakeFunction(0), Pop]);
        outer.consts = vec![Const::Code(Rc::new(c))];
        c = outer;
    }
    c
}

#[test]
fn nesting_limit() {
    let ok = nested_code(MAX_NESTING);
    validate(&ok).unwrap();
    from_bytes(&to_bytes(&ok)).unwrap();
    let deep = nested_code(MAX_NESTING + 1);
    assert!(matches!(validate(&deep).unwrap_err().kind, K::TooDeep));
    assert!(matches!(
        from_bytes(&to_bytes(&deep)),
        Err(LoadError::TooDeep { .. })
    ));
    let mut t = Const::None;
    for _ in 0..MAX_NESTING + 5 {
        t = Const::Tuple(Rc::from(vec![t]));
    }
    let mut c = ret(vec![]);
    c.consts = vec![t];
    assert!(matches!(validate(&c).unwrap_err().kind, K::TooDeep));
    assert!(matches!(
        from_bytes(&to_bytes(&c)),
        Err(LoadError::TooDeep { .. })
    ));
}

// ---- loader rejections -----------------------------------------------------

#[test]
fn loader_header_errors() {
    assert_eq!(from_bytes(b""), Err(LoadError::BadMagic));
    assert_eq!(from_bytes(b"CAPY"), Err(LoadError::BadMagic));
    assert_eq!(from_bytes(b"XAPYC\x01"), Err(LoadError::BadMagic));
    assert_eq!(
        from_bytes(b"CAPYC"),
        Err(LoadError::Truncated { offset: 5 })
    );
    assert_eq!(
        from_bytes(b"CAPYC\x03"),
        Err(LoadError::UnsupportedVersion(3))
    );
    // Version 1 set up `async with` blocks differently: refused, not misread.
    assert_eq!(
        from_bytes(b"CAPYC\x01"),
        Err(LoadError::UnsupportedVersion(1))
    );
    let mut b = to_bytes(&sample_module());
    b.push(0);
    assert_eq!(
        from_bytes(&b),
        Err(LoadError::TrailingBytes {
            offset: b.len() - 1
        })
    );
}

#[test]
fn every_prefix_is_truncated() {
    for c in valid_samples() {
        let b = to_bytes(&c);
        for n in 0..b.len() {
            match from_bytes(&b[..n]) {
                Err(LoadError::Truncated { offset }) => assert!(offset <= n),
                Err(LoadError::BadMagic) => assert!(n < 5),
                // A shorter prefix may parse a length prefix as too large.
                Err(LoadError::TooLarge { .. }) => {}
                other => panic!("prefix {n} of {}: {other:?}", c.qualname),
            }
        }
    }
}

#[test]
fn huge_length_prefix_is_rejected_without_allocating() {
    // name length = u64::MAX / 2-ish, with nothing after it.
    let mut b = b"CAPYC\x02".to_vec();
    b.extend([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f]);
    match from_bytes(&b) {
        Err(LoadError::TooLarge {
            what, offset: 6, ..
        }) => assert_eq!(what, "name length"),
        other => panic!("{other:?}"),
    }
    // An 11-byte varint.
    let mut b = b"CAPYC\x02".to_vec();
    b.extend([0x80; 10]);
    b.push(0);
    assert_eq!(from_bytes(&b), Err(LoadError::BadVarint { offset: 6 }));
}

/// Offset of the first byte of `needle` in `hay`.
fn find(hay: &[u8], needle: &[u8]) -> usize {
    hay.windows(needle.len()).position(|w| w == needle).unwrap()
}

#[test]
fn loader_reports_offsets() {
    let mut c = sample_module();
    c.names = strs(&["xx", "print"]);
    let mut b = to_bytes(&c);
    let at = find(&b, b"xx");
    b[at + 1] = 0xff;
    assert_eq!(
        from_bytes(&b),
        Err(LoadError::InvalidUtf8 { offset: at + 1 })
    );
    let msg = from_bytes(&b).unwrap_err().to_string();
    assert!(msg.contains(&format!("offset {}", at + 1)), "{msg}");

    // Corrupt the constant tag.
    let mut c = sample_module();
    c.consts = vec![Const::Ellipsis];
    let b = to_bytes(&c);
    // consts count 1, Ellipsis tag 10, instruction count 8, LoadSmallInt tag 4.
    let at = find(&b, &[1, 10, 8, 4]) + 1;
    let mut bad = b.clone();
    assert_eq!(bad[at], 10, "ellipsis tag expected at {at}");
    bad[at] = 200;
    assert_eq!(
        from_bytes(&bad),
        Err(LoadError::BadTag {
            what: "constant",
            tag: 200,
            offset: at
        })
    );
    // Corrupt an instruction tag (the first instruction follows the
    // instruction count, which follows the constant).
    let mut bad = b.clone();
    bad[at + 2] = 250;
    assert!(matches!(
        from_bytes(&bad),
        Err(LoadError::BadTag { what: "instruction", tag: 250, offset }) if offset == at + 2
    ));
}

#[test]
fn loader_runs_the_verifier() {
    let c = ret(vec![Jump(77)]);
    let e = from_bytes(&to_bytes(&c)).unwrap_err();
    assert!(matches!(e, LoadError::Invalid(ref v) if matches!(v.kind, K::JumpOutOfRange { .. })));
    assert!(
        e.to_string()
            .starts_with("invalid bytecode: code object 'bad', instruction 0"),
        "{e}"
    );
}

/// Small deterministic mutation pass (the fuzzer does the real work): no
/// single-byte corruption may panic, and whatever loads must round-trip.
#[test]
fn single_byte_mutations_never_panic() {
    for c in valid_samples() {
        let b = to_bytes(&c);
        for i in 0..b.len() {
            for v in [0u8, 1, 2, 0x7f, 0x80, 0xff, b[i] ^ 1, b[i].wrapping_add(1)] {
                let mut m = b.clone();
                m[i] = v;
                if let Ok(x) = from_bytes(&m) {
                    validate(&x).unwrap();
                    let again = from_bytes(&to_bytes(&x)).unwrap();
                    assert!(same_code(&x, &again));
                }
            }
        }
    }
}

#[test]
fn valid_codes_write_fuzz_seeds() {
    let Some(dir) = std::env::var_os("CAPY_FUZZ_SEEDS") else {
        return;
    };
    std::fs::create_dir_all(&dir).unwrap();
    for (i, c) in valid_samples().iter().enumerate() {
        let path = std::path::Path::new(&dir).join(format!("sample_{i}.bin"));
        std::fs::write(path, to_bytes(c)).unwrap();
    }
}
