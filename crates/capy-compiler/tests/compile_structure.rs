//! Structural tests of code generation: compile snippets and check the
//! emitted instruction sequences, code-object fields and scopes.

use capy_compiler::bytecode::code_flags;
use capy_compiler::{compile, disassemble, BinOp, CmpOp, Code, Const, Instr, Mode, UnOp};
use std::rc::Rc;

fn module(src: &str) -> Rc<Code> {
    match compile(src, "<test>", Mode::Exec) {
        Ok(c) => c,
        Err(e) => panic!("compile failed:\n{e}\nsource:\n{src}"),
    }
}

/// Find a nested code object by qualname (depth-first).
fn find(code: &Rc<Code>, qualname: &str) -> Rc<Code> {
    fn go(code: &Rc<Code>, q: &str) -> Option<Rc<Code>> {
        if &*code.qualname == q {
            return Some(code.clone());
        }
        code.consts.iter().find_map(|c| {
            if let Const::Code(inner) = c {
                go(inner, q)
            } else {
                None
            }
        })
    }
    go(code, qualname).unwrap_or_else(|| panic!("no code {qualname} in\n{}", disassemble(code)))
}

fn strs(v: &[Rc<str>]) -> Vec<&str> {
    v.iter().map(|s| &**s).collect()
}

fn name_of(code: &Code, i: u32) -> &str {
    &code.names[i as usize]
}

/// Does `needle` occur as a contiguous run in the instructions?
fn has_seq(code: &Code, needle: &[Instr]) -> bool {
    code.instrs.windows(needle.len()).any(|w| w == needle)
}

fn assert_seq(code: &Code, needle: &[Instr]) {
    assert!(
        has_seq(code, needle),
        "sequence {needle:?} not found in\n{}",
        disassemble(code)
    );
}

/// Check every jump target is in range and lines match instrs.
fn check_well_formed(code: &Code) {
    assert_eq!(code.instrs.len(), code.lines.len());
    for i in &code.instrs {
        let target = match i {
            Instr::Jump(t)
            | Instr::PopJumpIfFalse(t)
            | Instr::PopJumpIfTrue(t)
            | Instr::JumpIfFalseOrPop(t)
            | Instr::JumpIfTrueOrPop(t)
            | Instr::ForIter(t)
            | Instr::ForIterPair(t)
            | Instr::EndAsyncFor(t)
            | Instr::SetupExcept(t)
            | Instr::SetupWith(t)
            | Instr::SetupAsyncWith(t)
            | Instr::PushWithBlock(t)
            | Instr::ExcStarMatch(t) => Some(*t),
            _ => None,
        };
        if let Some(t) = target {
            assert!(
                (t as usize) < code.instrs.len(),
                "jump out of range in\n{}",
                disassemble(code)
            );
        }
    }
    assert!(matches!(code.instrs.last(), Some(Instr::ReturnValue)));
    for c in &code.consts {
        if let Const::Code(inner) = c {
            check_well_formed(inner);
        }
    }
}

#[test]
fn module_ends_with_return_none_and_uses_name_ops() {
    let c = module("x = 1\ny = x\n");
    assert_eq!(c.flags & code_flags::MODULE, code_flags::MODULE);
    assert_eq!(
        c.instrs,
        vec![
            Instr::LoadSmallInt(1),
            Instr::StoreName(0),
            Instr::LoadName(0),
            Instr::StoreName(1),
            Instr::LoadNone,
            Instr::ReturnValue
        ]
    );
    assert_eq!(strs(&c.names), vec!["x", "y"]);
    assert_eq!(c.lines, vec![1, 1, 2, 2, 1, 1]);
}

#[test]
fn eval_and_single_modes() {
    let e = compile("a + 1", "<e>", Mode::Eval).unwrap();
    assert_eq!(
        e.instrs,
        vec![
            Instr::LoadName(0),
            Instr::LoadSmallInt(1),
            Instr::BinaryOp(BinOp::Add),
            Instr::ReturnValue
        ]
    );
    let s = compile("1 + 2; x = 3\n", "<stdin>", Mode::Single).unwrap();
    assert_seq(&s, &[Instr::BinaryOp(BinOp::Add), Instr::PrintExpr]);
    assert!(!s.instrs.contains(&Instr::Pop));
    // One statement per input: simple ones may share its line only.
    let two = compile("1 + 2\nx = 3\n", "<stdin>", Mode::Single).unwrap_err();
    assert_eq!(two.line, 2);
    assert!(two.msg.starts_with("multiple statements"), "{}", two.msg);
    assert!(compile("if x:\n    y = 1\n", "<stdin>", Mode::Single).is_ok());
}

#[test]
fn constants() {
    let c = module("a = 2**31\nb = 10**30\nc = 1.5\nd = 2j\ne = 'x'\nf = 'x'\ng = b'y'\nh = ...\ni = None\nj = True\nk = (1, 'a')\n");
    let d = disassemble(&c);
    assert!(c.consts.contains(&Const::Int(2147483648)) || d.contains("LoadSmallInt(2)"));
    assert!(c.consts.contains(&Const::Float(1.5)));
    assert!(c.consts.contains(&Const::Complex(0.0, 2.0)));
    assert!(c.consts.contains(&Const::Ellipsis));
    assert!(c.consts.contains(&Const::Bytes(Rc::from(&b"y"[..]))));
    // same str constant is stored once
    assert_eq!(
        c.consts
            .iter()
            .filter(|k| **k == Const::Str(Rc::from("x")))
            .count(),
        1
    );
    assert!(c.instrs.contains(&Instr::LoadNone));
    assert!(c.instrs.contains(&Instr::LoadBool(true)));
    let t = Const::Tuple(Rc::from(vec![Const::Int(1), Const::Str(Rc::from("a"))]));
    assert!(c.consts.contains(&t), "{d}");
    let big = module("x = 123456789012345678901234567890\ny = 4294967296\n");
    assert!(big.consts.iter().any(|k| matches!(k, Const::BigInt(_))));
    assert!(big.consts.contains(&Const::Int(4294967296)));
}

#[test]
fn function_locals_cells_and_frees() {
    let c = module(
        "def f(a, b=1, *args, c, d=2, **kw):\n    x = a\n    def g():\n        return x + b\n    return g\n",
    );
    let f = find(&c, "f");
    assert_eq!(f.argcount, 2);
    assert_eq!(f.kwonlyargcount, 2);
    assert_eq!(f.flags & (code_flags::VARARGS | code_flags::VARKEYWORDS), 3);
    assert_eq!(strs(&f.varnames)[..6], ["a", "b", "c", "d", "args", "kw"]);
    assert_eq!(strs(&f.cellvars), vec!["b", "x"]);
    assert_eq!(f.cell2arg, vec![Some(1), None]);
    let g = find(&c, "f.<locals>.g");
    assert_eq!(strs(&g.freevars), vec!["b", "x"]);
    assert_eq!(&*g.name, "g");
    assert_seq(
        &g,
        &[
            Instr::LoadDeref(1),
            Instr::LoadDeref(0),
            Instr::BinaryOp(BinOp::Add),
            Instr::ReturnValue,
        ],
    );
    // closure tuple, then code, then MakeFunction with flag 4
    assert_seq(
        &f,
        &[
            Instr::LoadClosure(0),
            Instr::LoadClosure(1),
            Instr::BuildTuple(2),
        ],
    );
    assert!(f.instrs.contains(&Instr::MakeFunction(4)));
    // module: defaults tuple + kwdefaults dict
    assert_seq(&c, &[Instr::LoadSmallInt(1), Instr::BuildTuple(1)]);
    assert!(c.instrs.contains(&Instr::MakeFunction(3)));
    // x = a: fast locals
    assert_seq(&f, &[Instr::LoadFast(0), Instr::StoreDeref(1)]);
}

#[test]
fn globals_and_nonlocal() {
    let c = module(
        "g = 0\ndef f():\n    global g\n    g = 1\n    n = 0\n    def h():\n        nonlocal n\n        n = 2\n        return len\n    return h\n",
    );
    let f = find(&c, "f");
    assert!(f
        .instrs
        .iter()
        .any(|i| matches!(i, Instr::StoreGlobal(k) if name_of(&f, *k) == "g")));
    let h = find(&c, "f.<locals>.h");
    assert_eq!(strs(&h.freevars), vec!["n"]);
    assert!(h.instrs.contains(&Instr::StoreDeref(0)));
    assert!(h
        .instrs
        .iter()
        .any(|i| matches!(i, Instr::LoadGlobal(k) if name_of(&h, *k) == "len")));
}

#[test]
fn class_body_and_class_cell() {
    let c = module("class C(B, metaclass=M):\n    'doc'\n    x = 1\n    def m(self):\n        return super().m()\n");
    let body = find(&c, "C");
    assert_eq!(body.flags & code_flags::CLASS_BODY, code_flags::CLASS_BODY);
    assert_eq!(body.doc.as_deref(), Some("doc"));
    assert_eq!(strs(&body.cellvars), vec!["__class__"]);
    let n = body.instrs.len();
    assert_eq!(body.instrs[n - 4], Instr::LoadClosure(0));
    assert!(
        matches!(body.instrs[n - 3], Instr::StoreName(k) if name_of(&body, k) == "__classcell__")
    );
    assert_eq!(
        &body.instrs[n - 2..],
        &[Instr::LoadNone, Instr::ReturnValue]
    );
    assert!(matches!(body.instrs[0], Instr::LoadName(k) if name_of(&body, k) == "__name__"));
    assert!(matches!(body.instrs[1], Instr::StoreName(k) if name_of(&body, k) == "__module__"));
    let m = find(&c, "C.m");
    assert_eq!(strs(&m.freevars), vec!["__class__"]);
    // module: LoadBuildClass, MakeFunction, name, bases, keyword, CallKw(4)
    assert!(c.instrs.contains(&Instr::LoadBuildClass));
    assert!(c.instrs.contains(&Instr::CallKw(4)));
    let names = Const::Tuple(Rc::from(vec![Const::Str(Rc::from("metaclass"))]));
    assert!(c.consts.contains(&names));
}

#[test]
fn class_free_variable_uses_class_deref() {
    let c = module("def f():\n    x = 1\n    class C:\n        y = x\n        def m(self):\n            return x\n");
    let body = find(&c, "f.<locals>.C");
    assert_eq!(strs(&body.freevars), vec!["x"]);
    assert!(body.instrs.contains(&Instr::LoadClassDeref(0)));
    // class-body names are not visible to methods
    let c2 = module("class D:\n    y = 1\n    def m(self):\n        return y\n");
    let m = find(&c2, "D.m");
    assert!(m
        .instrs
        .iter()
        .any(|i| matches!(i, Instr::LoadGlobal(k) if name_of(&m, *k) == "y")));
}

#[test]
fn comprehensions_are_functions() {
    let c = module("def f(n):\n    return [i * n for i in range(3) if i]\n");
    let f = find(&c, "f");
    let lc = find(&c, "f.<locals>.<listcomp>");
    assert_eq!(lc.argcount, 1);
    assert_eq!(strs(&lc.varnames), vec![".0", "i"]);
    assert_eq!(strs(&lc.freevars), vec!["n"]);
    assert_eq!(strs(&f.cellvars), vec!["n"]);
    assert_eq!(f.cell2arg, vec![Some(0)]);
    assert_eq!(lc.instrs[0], Instr::BuildList(0));
    assert_eq!(lc.instrs[1], Instr::LoadFast(0));
    assert!(matches!(lc.instrs[2], Instr::ForIter(_)));
    assert!(lc.instrs.contains(&Instr::ListAppend(2)));
    assert_seq(&f, &[Instr::GetIter, Instr::Call(1)]);

    let g = module("g = (x for x in y)\ns = {x for x in y for z in x}\nd = {k: v for k, v in y}\n");
    let ge = find(&g, "<genexpr>");
    assert_eq!(ge.flags & code_flags::GENERATOR, code_flags::GENERATOR);
    assert_seq(&ge, &[Instr::YieldValue, Instr::Pop]);
    let sc = find(&g, "<setcomp>");
    assert!(sc.instrs.contains(&Instr::SetAdd(3)));
    let dc = find(&g, "<dictcomp>");
    assert!(dc.instrs.contains(&Instr::MapAdd(2)));
}

#[test]
fn walrus_in_comprehension_binds_outside() {
    let c = module("def f(xs):\n    [(last := x) for x in xs]\n    return last\n");
    let f = find(&c, "f");
    assert_eq!(strs(&f.cellvars), vec!["last"]);
    let lc = find(&c, "f.<locals>.<listcomp>");
    assert_eq!(strs(&lc.freevars), vec!["last"]);
    assert!(lc.instrs.iter().any(|i| matches!(i, Instr::StoreDeref(_))));
    let m = module("[(y := x) for x in z]\n");
    let lc = find(&m, "<listcomp>");
    assert!(lc
        .instrs
        .iter()
        .any(|i| matches!(i, Instr::StoreGlobal(k) if name_of(&lc, *k) == "y")));
}

#[test]
fn generators_and_coroutines() {
    let c = module(
        "def g():\n    yield 1\n    yield from h()\nasync def co():\n    await x\nasync def ag():\n    yield 1\n",
    );
    let g = find(&c, "g");
    assert_eq!(g.flags & code_flags::GENERATOR, code_flags::GENERATOR);
    assert_seq(
        &g,
        &[Instr::GetYieldFromIter, Instr::LoadNone, Instr::YieldFrom],
    );
    let co = find(&c, "co");
    assert_eq!(co.flags & code_flags::COROUTINE, code_flags::COROUTINE);
    assert_seq(
        &co,
        &[Instr::GetAwaitable, Instr::LoadNone, Instr::YieldFrom],
    );
    let ag = find(&c, "ag");
    assert_eq!(
        ag.flags & code_flags::ASYNC_GENERATOR,
        code_flags::ASYNC_GENERATOR
    );
    // a yield in a nested function does not make the outer one a generator
    let o = module("def outer():\n    def inner():\n        yield\n    return inner\n");
    assert_eq!(find(&o, "outer").flags & code_flags::GENERATOR, 0);
}

#[test]
fn docstrings_and_lambda_qualnames() {
    let c = module("'''mod'''\ndef f():\n    'fdoc'\n    return lambda: 1\n");
    assert_eq!(c.doc.as_deref(), Some("mod"));
    let f = find(&c, "f");
    assert_eq!(f.doc.as_deref(), Some("fdoc"));
    assert!(!f.consts.contains(&Const::Str(Rc::from("fdoc"))));
    let l = find(&c, "f.<locals>.<lambda>");
    assert_eq!(&*l.name, "<lambda>");
    assert_eq!(l.instrs, vec![Instr::LoadSmallInt(1), Instr::ReturnValue]);
}

#[test]
fn decorators_applied_after_make_function() {
    let c = module("@a\n@b\ndef f(): pass\n");
    let i = c
        .instrs
        .iter()
        .position(|i| matches!(i, Instr::MakeFunction(_)))
        .unwrap();
    assert!(matches!(c.instrs[0], Instr::LoadName(k) if name_of(&c, k) == "a"));
    assert!(matches!(c.instrs[1], Instr::LoadName(k) if name_of(&c, k) == "b"));
    assert_eq!(&c.instrs[i + 1..i + 3], &[Instr::Call(1), Instr::Call(1)]);
}

#[test]
fn calls() {
    let c = module("f(1, 2)\nf(1, k=2)\nf(*a)\nf(1, *a, 2, k=3, **d)\no.m(1)\no.m(k=1)\n");
    assert_seq(
        &c,
        &[
            Instr::LoadSmallInt(1),
            Instr::LoadSmallInt(2),
            Instr::Call(2),
        ],
    );
    assert!(c.instrs.contains(&Instr::CallKw(2)));
    assert_seq(
        &c,
        &[
            Instr::BuildList(0),
            Instr::LoadName(1),
            Instr::ListExtend,
            Instr::ListToTuple,
            Instr::CallEx(0),
        ],
    );
    assert_seq(
        &c,
        &[
            Instr::LoadSmallInt(2),
            Instr::ListAppend(1),
            Instr::ListToTuple,
        ],
    );
    assert_seq(
        &c,
        &[
            Instr::BuildMap(1),
            Instr::LoadName(2),
            Instr::DictMerge,
            Instr::CallEx(1),
        ],
    );
    assert!(c.instrs.iter().any(|i| matches!(i, Instr::LoadMethod(_))));
    assert!(c.instrs.contains(&Instr::CallMethod(1)));
    // keyword calls on methods use LoadAttr
    assert!(c
        .instrs
        .iter()
        .any(|i| matches!(i, Instr::LoadAttr(k) if name_of(&c, *k) == "m")));
}

#[test]
fn assignment_targets() {
    let c = module("a = b = 1\nx, (y, z) = t\nh, *m, l = t\no.a = 1\no[i] = 2\n");
    assert_seq(
        &c,
        &[
            Instr::LoadSmallInt(1),
            Instr::Dup,
            Instr::StoreName(0),
            Instr::StoreName(1),
        ],
    );
    assert!(c.instrs.contains(&Instr::UnpackSequence(2)));
    assert!(c.instrs.contains(&Instr::UnpackEx(1 | (1 << 16))));
    assert!(c.instrs.iter().any(|i| matches!(i, Instr::StoreAttr(_))));
    assert!(c.instrs.contains(&Instr::StoreSubscr));
}

#[test]
fn augmented_assignment() {
    let c = module("x += 1\na.b -= 2\na[i] *= 3\n");
    assert_seq(
        &c,
        &[
            Instr::LoadName(0),
            Instr::LoadSmallInt(1),
            Instr::InplaceOp(BinOp::Add),
            Instr::StoreName(0),
        ],
    );
    assert_seq(
        &c,
        &[
            Instr::Dup,
            Instr::LoadAttr(2),
            Instr::LoadSmallInt(2),
            Instr::InplaceOp(BinOp::Sub),
            Instr::Rot2,
            Instr::StoreAttr(2),
        ],
    );
    assert_seq(
        &c,
        &[
            Instr::Dup2,
            Instr::Subscr,
            Instr::LoadSmallInt(3),
            Instr::InplaceOp(BinOp::Mul),
            Instr::Rot3,
            Instr::StoreSubscr,
        ],
    );
}

#[test]
fn delete_statement() {
    let c = module("del a, b.c, d[0]\n");
    assert!(c.instrs.contains(&Instr::DeleteName(0)));
    assert!(c.instrs.iter().any(|i| matches!(i, Instr::DeleteAttr(_))));
    assert!(c.instrs.contains(&Instr::DeleteSubscr));
}

#[test]
fn chained_comparison_and_boolops() {
    let c = compile("a < b <= c", "<e>", Mode::Eval).unwrap();
    assert_eq!(
        c.instrs,
        vec![
            Instr::LoadName(0),
            Instr::LoadName(1),
            Instr::Dup,
            Instr::Rot3,
            Instr::Compare(CmpOp::Lt),
            Instr::JumpIfFalseOrPop(9),
            Instr::LoadName(2),
            Instr::Compare(CmpOp::Le),
            Instr::Jump(11),
            Instr::Rot2,
            Instr::Pop,
            Instr::ReturnValue,
        ]
    );
    let b = compile("a and b or c", "<e>", Mode::Eval).unwrap();
    assert!(b
        .instrs
        .iter()
        .any(|i| matches!(i, Instr::JumpIfFalseOrPop(_))));
    assert!(b
        .instrs
        .iter()
        .any(|i| matches!(i, Instr::JumpIfTrueOrPop(_))));
    let n = compile("not x", "<e>", Mode::Eval).unwrap();
    assert!(n.instrs.contains(&Instr::UnaryOp(UnOp::Not)));
}

#[test]
fn displays_with_stars_and_slices() {
    let c = module("a = [*x, 1]\nb = (*x,)\nc = {*x, 2}\nd = {**m, 'k': 1}\ne = s[1:2]\nf = s[::3]\ng = {1: 2}\n");
    assert_seq(
        &c,
        &[
            Instr::BuildList(0),
            Instr::LoadName(0),
            Instr::ListExtend,
            Instr::LoadSmallInt(1),
            Instr::ListAppend(1),
        ],
    );
    assert_seq(&c, &[Instr::ListExtend, Instr::ListToTuple]);
    assert_seq(
        &c,
        &[
            Instr::BuildSet(0),
            Instr::LoadName(0),
            Instr::SetUpdate,
            Instr::LoadSmallInt(2),
            Instr::SetAdd(1),
        ],
    );
    assert!(c.instrs.contains(&Instr::DictUpdate));
    assert_seq(
        &c,
        &[
            Instr::LoadSmallInt(1),
            Instr::LoadSmallInt(2),
            Instr::BuildSlice(2),
            Instr::Subscr,
        ],
    );
    assert_seq(
        &c,
        &[
            Instr::LoadNone,
            Instr::LoadNone,
            Instr::LoadSmallInt(3),
            Instr::BuildSlice(3),
        ],
    );
    assert_seq(
        &c,
        &[
            Instr::LoadSmallInt(1),
            Instr::LoadSmallInt(2),
            Instr::BuildMap(1),
        ],
    );
}

#[test]
fn fstrings() {
    let c = compile("f'a{x!r:>{w}}b{y}'", "<e>", Mode::Eval).unwrap();
    let d = disassemble(&c);
    assert!(c.instrs.contains(&Instr::FormatValue(2 | 4)), "{d}");
    assert!(c.instrs.contains(&Instr::FormatValue(0)), "{d}");
    assert!(
        c.instrs.iter().any(|i| matches!(i, Instr::BuildString(_))),
        "{d}"
    );
}

#[test]
fn loops_break_continue_else() {
    let c = module(
        "for i in x:\n    if i: break\n    continue\nelse:\n    y = 1\nwhile a:\n    break\n",
    );
    check_well_formed(&c);
    // break out of a for loop pops the iterator
    assert_seq(&c, &[Instr::Pop, Instr::Jump(12)]);
    assert!(c.instrs.contains(&Instr::GetIter));
}

#[test]
fn try_except_layout() {
    let c = module("try:\n    f()\nexcept E as e:\n    g()\nexcept:\n    h()\nelse:\n    i()\n");
    check_well_formed(&c);
    let d = disassemble(&c);
    assert!(matches!(c.instrs[0], Instr::SetupExcept(_)), "{d}");
    assert_seq(
        &c,
        &[
            Instr::Dup,
            Instr::LoadName(2),
            Instr::Compare(CmpOp::ExcMatch),
        ],
    );
    assert_seq(
        &c,
        &[
            Instr::PopExcept,
            Instr::LoadNone,
            Instr::StoreName(3),
            Instr::DeleteName(3),
        ],
    );
    assert!(
        !c.instrs.contains(&Instr::Reraise),
        "bare except catches all: {d}"
    );
    let c2 = module("try:\n    f()\nexcept E:\n    pass\n");
    assert!(c2.instrs.contains(&Instr::Reraise));
}

#[test]
fn try_finally_and_return_unwinding() {
    let c = module("def f():\n    try:\n        return 1\n    finally:\n        g()\n");
    let f = find(&c, "f");
    check_well_formed(&f);
    // return inside try/finally: PopBlock, inlined finally, then ReturnValue
    let d = disassemble(&f);
    assert_seq(
        &f,
        &[
            Instr::LoadSmallInt(1),
            Instr::PopBlock,
            Instr::LoadGlobal(0),
            Instr::Call(0),
            Instr::Pop,
            Instr::ReturnValue,
        ],
    );
    assert!(f.instrs.contains(&Instr::Reraise), "{d}");
}

#[test]
fn with_statement_layout() {
    let c = module("with a as b, c:\n    pass\n");
    check_well_formed(&c);
    assert!(matches!(c.instrs[1], Instr::SetupWith(_)));
    assert_seq(&c, &[Instr::PopBlock, Instr::WithExitNormal]);
    assert!(c.instrs.contains(&Instr::WithExitExc));
    let r = module("def f():\n    with a:\n        return 1\n");
    let f = find(&r, "f");
    assert_seq(
        &f,
        &[
            Instr::LoadSmallInt(1),
            Instr::PopBlock,
            Instr::Rot2,
            Instr::WithExitNormal,
            Instr::ReturnValue,
        ],
    );
}

#[test]
fn break_inside_except_and_with() {
    let c = module("for x in y:\n    try:\n        pass\n    except E as e:\n        break\n    with m:\n        continue\n");
    check_well_formed(&c);
    assert_seq(
        &c,
        &[
            Instr::PopExcept,
            Instr::LoadNone,
            Instr::StoreName(3),
            Instr::DeleteName(3),
            Instr::Pop,
            Instr::Jump(35),
        ],
    );
}

#[test]
fn async_constructs() {
    let c = module("async def f():\n    async with a as b:\n        pass\n    async for x in y:\n        pass\n    else:\n        z = 1\n");
    let f = find(&c, "f");
    check_well_formed(&f);
    assert_seq(&f, &[Instr::LoadNone, Instr::YieldFrom]);
    assert!(f
        .instrs
        .iter()
        .any(|i| matches!(i, Instr::SetupAsyncWith(_))));
    assert_seq(
        &f,
        &[
            Instr::AsyncWithExitNormal,
            Instr::LoadNone,
            Instr::YieldFrom,
            Instr::Pop,
        ],
    );
    assert_seq(
        &f,
        &[
            Instr::AsyncWithExitExc,
            Instr::LoadNone,
            Instr::YieldFrom,
            Instr::AsyncWithExitEnd,
        ],
    );
    assert!(f.instrs.contains(&Instr::GetAIter));
    assert_seq(
        &f,
        &[
            Instr::GetANext,
            Instr::LoadNone,
            Instr::YieldFrom,
            Instr::PopBlock,
        ],
    );
    assert!(f.instrs.iter().any(|i| matches!(i, Instr::EndAsyncFor(_))));
}

#[test]
fn imports() {
    let c = module("import a.b.c\nimport a.b as d\nfrom . import x\nfrom m import p, q as r\nfrom m import *\n");
    assert!(matches!(c.instrs[2], Instr::ImportName(k) if name_of(&c, k) == "a.b.c"));
    assert!(matches!(c.instrs[3], Instr::StoreName(k) if name_of(&c, k) == "a"));
    assert_seq(
        &c,
        &[
            Instr::ImportName(2),
            Instr::LoadAttr(3),
            Instr::StoreName(4),
        ],
    );
    assert!(c.instrs.contains(&Instr::LoadSmallInt(1)));
    assert!(c.instrs.contains(&Instr::ImportStar));
    assert!(c
        .instrs
        .iter()
        .any(|i| matches!(i, Instr::ImportFrom(k) if name_of(&c, *k) == "q")));
}

#[test]
fn assert_raise_and_annotations() {
    let c = module("assert x, 'm'\nraise E from F\nraise\ny: int = 1\nz: int\n");
    assert_seq(
        &c,
        &[
            Instr::LoadAssertionError,
            Instr::LoadConst(0),
            Instr::Call(1),
            Instr::Raise(1),
        ],
    );
    assert!(c.instrs.contains(&Instr::Raise(2)));
    assert!(c.instrs.contains(&Instr::Raise(0)));
    // module-level annotations are evaluated into __annotations__
    assert!(c.names.iter().any(|n| &**n == "int"));
    assert!(c.names.iter().any(|n| &**n == "__annotations__"));
    assert!(c.instrs.contains(&Instr::BuildMap(0)));
    // ... except under `from __future__ import annotations` (source text)
    let lazy = module(
        "from __future__ import annotations
z: int
",
    );
    assert!(!lazy.names.iter().any(|n| &**n == "int"));
}

#[test]
fn line_numbers_follow_nodes() {
    let c = module("x = (1 +\n     y)\n");
    let i = c
        .instrs
        .iter()
        .position(|i| matches!(i, Instr::LoadName(_)))
        .unwrap();
    assert_eq!(c.lines[i], 2);
    let f = module("\n\ndef f():\n    return 1\n");
    assert_eq!(find(&f, "f").first_line, 3);
}

#[test]
fn big_program_well_formed() {
    let src = "
import os
class A:
    def __init__(self, *a, **k):
        super().__init__()
        self.x = [i for i in a]
    @property
    def p(self):
        try:
            for i in range(10):
                with open(i) as fh:
                    if i:
                        return fh.read()
                    elif i > 2:
                        break
                    else:
                        continue
        except (E, F) as e:
            raise X from e
        finally:
            print('done')
def gen(n):
    while n:
        n -= 1
        yield n
    return lambda *, k=1: k
x = {k: [v async for v in w] for k in y} if False else None
";
    // async comprehension outside async function is an error
    assert!(compile(src, "<t>", Mode::Exec).is_err());
    let ok = src.replace(
        "x = {k: [v async for v in w] for k in y} if False else None",
        "x = 1",
    );
    let c = module(&ok);
    check_well_formed(&c);
}

#[test]
fn annotations_bind_nothing_and_locals_use_nothing() {
    let c = module("def f(x: A = 1) -> B:\n    y: C = x\n    z: D\n    return y\n");
    let f = find(&c, "f");
    assert_eq!(strs(&f.varnames), vec!["x", "y", "z"]);
    // Parameter and return annotations are evaluated at def time, in the
    // enclosing scope; annotations of locals are not evaluated at all.
    for n in ["A", "B"] {
        assert!(c.names.iter().any(|k| &**k == n), "{n} was not compiled");
    }
    for n in ["C", "D"] {
        assert!(
            !c.names.iter().chain(f.names.iter()).any(|k| &**k == n),
            "{n} was compiled"
        );
    }
}

#[test]
fn disassembly_is_recursive_and_annotated() {
    let c = module("def f(a):\n    return a.b\n");
    let d = disassemble(&c);
    assert!(d.contains("code <module>"), "{d}");
    assert!(d.contains("code f (qualname f"), "{d}");
    assert!(d.contains("LoadConst(0)  (<code f>)"), "{d}");
    assert!(d.contains("LoadFast(0)  (a)"), "{d}");
    assert!(d.contains("LoadAttr(0)  (b)"), "{d}");
}

#[test]
fn interactive_prints_nested_expression_statements() {
    let s = compile("for i in x:\n    i\n\n", "<stdin>", Mode::Single).unwrap();
    assert!(s.instrs.contains(&Instr::PrintExpr));
    // but not inside function bodies
    let f = compile("def f():\n    1 + 1\n\n", "<stdin>", Mode::Single).unwrap();
    assert!(!find(&f, "f").instrs.contains(&Instr::PrintExpr));
}

#[test]
fn return_and_break_unwind_through_handlers_and_loops() {
    let c = module("def f():\n    for x in y:\n        try:\n            pass\n        except E as e:\n            return e\n");
    let f = find(&c, "f");
    check_well_formed(&f);
    assert_seq(
        &f,
        &[
            Instr::LoadFast(1),
            Instr::PopExcept,
            Instr::LoadNone,
            Instr::StoreFast(1),
            Instr::DeleteFast(1),
            Instr::Rot2,
            Instr::Pop,
            Instr::ReturnValue,
        ],
    );
    let g = module("for x in y:\n    try:\n        pass\n    finally:\n        break\n");
    check_well_formed(&g);
    // exception path of the finally: drop the exception, PopExcept, drop the iterator
    assert_seq(
        &g,
        &[Instr::Pop, Instr::PopExcept, Instr::Pop, Instr::Jump(15)],
    );
}

#[test]
fn negative_number_literals_fold() {
    let c = module("a = -1\nb = -0.0\nc = -2j\nd = -x\n");
    assert_eq!(c.instrs[0], Instr::LoadSmallInt(-1));
    assert!(c
        .consts
        .iter()
        .any(|k| matches!(k, Const::Float(f) if f.to_bits() == (-0.0f64).to_bits())));
    assert!(c.consts.contains(&Const::Complex(-0.0, -2.0)));
    assert!(c.instrs.contains(&Instr::UnaryOp(UnOp::Neg)));
}

/// A `for` (or comprehension) target of exactly two unstarred elements
/// steps with `ForIterPair` and stores the two straight away; any other
/// target keeps `ForIter` and its own unpacking.
#[test]
fn pair_targets_use_the_fused_step() {
    let has = |c: &Code, pair: bool| {
        c.instrs.iter().any(|i| {
            if pair {
                matches!(i, Instr::ForIterPair(_))
            } else {
                matches!(i, Instr::ForIter(_))
            }
        })
    };
    for src in [
        "for a, b in x: pass\n",
        "for (a, b) in x: pass\n",
        "for [a, b] in x: pass\n",
        "for o.a, o[0] in x: pass\n",
    ] {
        let c = module(src);
        assert!(
            has(&c, true) && !has(&c, false),
            "{src}\n{}",
            disassemble(&c)
        );
        assert!(!c
            .instrs
            .iter()
            .any(|i| matches!(i, Instr::UnpackSequence(_))));
    }
    assert_seq(
        &module("for a, b in x: pass\n"),
        &[
            Instr::ForIterPair(6),
            Instr::StoreName(1),
            Instr::StoreName(2),
        ],
    );
    for src in [
        "for a in x: pass\n",
        "for a, in x: pass\n",
        "for a, b, c in x: pass\n",
        "for a, *b in x: pass\n",
        "for *a, b in x: pass\n",
    ] {
        let c = module(src);
        assert!(
            has(&c, false) && !has(&c, true),
            "{src}\n{}",
            disassemble(&c)
        );
    }
    let c = module("d = {v: k for k, v in y}\ng = (a for a, b in y)\n");
    assert!(has(&find(&c, "<dictcomp>"), true));
    assert!(has(&find(&c, "<genexpr>"), true));
    // The nested pair of `for i, (a, b) in` is unpacked as before.
    let c = module("for i, (a, b) in x: pass\n");
    assert!(has(&c, true));
    assert!(c.instrs.contains(&Instr::UnpackSequence(2)));
}
