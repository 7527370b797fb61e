//! Turns fuzz bytes into a small Python program that always terminates and
//! prints only what the language defines, for the `differential` target.
//!
//! The generator is typed: every expression is made for a [`Ty`], so most
//! programs do real work instead of failing at their first operation; a
//! small share of operands is deliberately of a wrong type (TypeError) and
//! values such as zero divisors, out-of-range indices and missing keys come
//! up naturally. Every top-level statement group runs inside
//! `try: ... except Exception as e: print('~exc', type(e).__name__, e)`, so
//! an exception ends only its group; [`crate::diff`] compares the `~exc`
//! lines by exception type and, per type, by message.
//!
//! Termination: loops are `for` over `range(≤ 5)`, over collections, or
//! `while` on a counter the body cannot assign; functions and methods only
//! call what was defined before them (no recursion); generators are bounded
//! by `range(min(n, 5))`; `__getitem__` raises IndexError past 3. Sizes are
//! bounded by small literal repeat counts and shift amounts; anything that
//! still grows too much hits capy's heap or time limit and is skipped.
//!
//! Deliberately avoided (defined differently or not at all): set iteration
//! order (sets are only printed through `sorted`), ids, hashes, addresses
//! (every class defines `__repr__`; functions and generators are never
//! printed), NaN in sorting, finalizers (`__del__`, `finally`/`with` inside
//! generators, which CPython runs when an abandoned generator is freed),
//! exception `.value`/`.errno`, OSError (MicroPython's `str`), nested
//! same-quote f-strings (3.12), `match`.
//!
//! When the input runs out every choice becomes 0, and choice 0 is always
//! the cheapest one (a leaf, a `print`), so generation always ends.

mod expr;
mod format;
mod matching;
mod stmt;

use arbitrary::Unstructured;

/// Static type of a generated value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Ty {
    Int,
    Float,
    Bool,
    Str,
    Bytes,
    IntList,
    StrList,
    /// Tuple of ints.
    Tuple,
    /// dict of str → int.
    Dict,
    /// set of ints (never printed or iterated unsorted).
    Set,
    /// Instance of generated class `C<n>` (index into `classes`).
    Obj(u8),
    /// A callable (index into `funcs`); never printed.
    Call(u16),
}

use Ty::*;

/// Types a statement may create variables of / print.
pub(crate) const VALUE_TYS: [Ty; 10] = [
    Int, Float, Bool, Str, Bytes, IntList, StrList, Tuple, Dict, Set,
];

impl Ty {
    pub(crate) fn printable(self) -> bool {
        !matches!(self, Set | Call(_))
    }
    fn prefix(self) -> &'static str {
        match self {
            Int => "i",
            Float => "f",
            Bool => "q",
            Str => "s",
            Bytes => "b",
            IntList => "l",
            StrList => "sl",
            Tuple => "t",
            Dict => "d",
            Set => "st",
            Obj(_) => "o",
            Call(_) => "h",
        }
    }
}

pub(crate) struct Var {
    pub name: String,
    pub ty: Ty,
    /// May be the target of `=`/`+=` (false for loop counters, `self.x`
    /// outside plain methods, parameters of enclosing functions).
    pub writable: bool,
}

struct Scope {
    vars: Vec<Var>,
    /// A function body starts here: names of outer scopes are read-only.
    func: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum FnKind {
    Plain,
    /// A generator function; `ret` is the type of its items.
    Gen,
}

#[derive(Clone)]
pub(crate) struct Param {
    pub name: String,
    pub ty: Ty,
    pub default: Option<String>,
}

#[derive(Clone)]
pub(crate) struct Func {
    pub params: Vec<Param>,
    pub star: bool,
    pub kw: bool,
    pub ret: Ty,
    pub kind: FnKind,
}

/// Special methods a generated class may define (bit flags).
pub(crate) mod sp {
    pub const EQ: u32 = 1;
    pub const LT: u32 = 2;
    pub const ADD: u32 = 4;
    pub const NEG: u32 = 8;
    pub const MUL: u32 = 16;
    pub const LEN: u32 = 32;
    pub const GETITEM: u32 = 64;
    pub const ITER: u32 = 128;
    pub const CONTAINS: u32 = 256;
    pub const BOOL: u32 = 512;
    pub const CALL: u32 = 1024;
    pub const STR: u32 = 2048;
    pub const RADD: u32 = 4096;
    /// Not special methods: `p` property, `make` classmethod, `st` staticmethod.
    pub const PROP: u32 = 1 << 13;
    pub const MAKE: u32 = 1 << 14;
    pub const ST: u32 = 1 << 15;
    pub const ALL: [u32; 13] = [
        EQ, LT, ADD, NEG, MUL, LEN, GETITEM, ITER, CONTAINS, BOOL, CALL, STR, RADD,
    ];
}

pub(crate) struct Class {
    pub name: String,
    /// Special methods defined here or inherited.
    pub specials: u32,
    /// Plain methods `name(self, a) -> ty` with an Int parameter.
    pub methods: Vec<(String, Ty)>,
    /// Has `z` (a str attribute set in `__init__`).
    pub has_z: bool,
}

/// Prelude pieces a program uses.
#[derive(Default)]
struct Uses {
    math: bool,
    errors: bool,
    cm: bool,
    deco: bool,
}

/// Context of the function whose body is being generated.
#[derive(Clone, Copy)]
pub(crate) struct FnCtx {
    pub ret: Ty,
    pub gen: bool,
    /// Loop nesting inside this function (break/continue allowed when > 0).
    pub loops: usize,
    /// `try`/`with` forbidden (generator bodies: see module docs).
    pub no_cleanup: bool,
}

pub struct Gen<'a, 'u> {
    u: &'u mut Unstructured<'a>,
    out: String,
    ind: usize,
    scopes: Vec<Scope>,
    pub(crate) funcs: Vec<Func>,
    pub(crate) classes: Vec<Class>,
    fresh: usize,
    /// Statements left to generate in the whole program.
    budget: usize,
    /// Loop nesting at module level.
    top_loops: usize,
    /// Collection variables being iterated (not to be mutated).
    frozen: Vec<String>,
    fctx: Vec<FnCtx>,
    uses: Uses,
    /// Inside `{...}` of an f-string: no backslashes, no nested f-strings.
    in_fstring: bool,
    /// `name = literal` lines for module variables (see [`Gen::declare`]).
    inits: Vec<String>,
    /// Constructs not to generate ([`avoid_list`]).
    avoid: &'static [String],
}

/// Names of constructs listed in `CAPY_DIFF_AVOID` (comma-separated), so
/// that a difference already found and reported does not keep hiding the
/// others while fuzzing: `bool-bitops` (`q |= flag` on bools) and
/// `pow-mod` (three-argument `pow`), both fixed since; `unicode-title`
/// (`title`, `capitalize`, `istitle`) and `bigint` (int literals beyond 64
/// bits, which capy refuses as sizes, counts and range bounds), both still
/// open (docs/conformance.md). Empty by default.
pub fn avoid_list() -> &'static [String] {
    static AVOID: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    AVOID.get_or_init(|| {
        std::env::var("CAPY_DIFF_AVOID")
            .unwrap_or_default()
            .split(',')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect()
    })
}

/// Generates one program from `data`.
pub fn generate(data: &[u8]) -> String {
    let mut u = Unstructured::new(data);
    let mut g = Gen {
        u: &mut u,
        out: String::new(),
        ind: 0,
        scopes: vec![Scope {
            vars: Vec::new(),
            func: false,
        }],
        funcs: Vec::new(),
        classes: Vec::new(),
        fresh: 0,
        budget: 48,
        top_loops: 0,
        frozen: Vec::new(),
        fctx: Vec::new(),
        uses: Uses::default(),
        in_fstring: false,
        inits: Vec::new(),
        avoid: avoid_list(),
    };
    g.program();
    g.finish()
}

impl<'a, 'u> Gen<'a, 'u> {
    // ---- choices

    /// A number in `0..n` (0 once the input is used up).
    pub(crate) fn pick(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        self.u.int_in_range(0..=n - 1).unwrap_or(0)
    }

    /// True with probability about `k/n`; false once the input is used up.
    pub(crate) fn chance(&mut self, k: usize, n: usize) -> bool {
        self.pick(n) >= n - k
    }

    /// True if `CAPY_DIFF_AVOID` names this construct.
    pub(crate) fn avoids(&self, name: &str) -> bool {
        self.avoid.iter().any(|a| a == name)
    }

    pub(crate) fn exhausted(&self) -> bool {
        self.u.is_empty()
    }

    pub(crate) fn one_of<'s>(&mut self, items: &[&'s str]) -> &'s str {
        items[self.pick(items.len())]
    }

    pub(crate) fn fresh_name(&mut self, ty: Ty) -> String {
        self.fresh += 1;
        format!("{}{}", ty.prefix(), self.fresh)
    }

    // ---- output

    pub(crate) fn line(&mut self, s: &str) {
        for _ in 0..self.ind {
            self.out.push_str("    ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    /// Runs `body` one level deeper; writes `pass` if it wrote nothing.
    pub(crate) fn block(&mut self, body: impl FnOnce(&mut Self)) {
        self.block_in(true, body);
    }

    /// [`Self::block`]; with `scoped` false, names bound inside stay
    /// visible after it (the top-level `try` groups: module globals).
    pub(crate) fn block_in(&mut self, scoped: bool, body: impl FnOnce(&mut Self)) {
        self.ind += 1;
        let before = self.out.len();
        if scoped {
            self.push_scope(false);
        }
        body(self);
        if scoped {
            self.pop_scope();
        }
        if self.out.len() == before {
            self.line("pass");
        }
        self.ind -= 1;
    }

    // ---- scopes

    pub(crate) fn push_scope(&mut self, func: bool) {
        self.scopes.push(Scope {
            vars: Vec::new(),
            func,
        });
    }

    pub(crate) fn pop_scope(&mut self) {
        self.scopes.pop();
    }

    pub(crate) fn declare(&mut self, name: &str, ty: Ty, writable: bool) {
        // A module variable bound in a top-level `try` group is first set
        // at the start of the program, so that a group that failed before
        // binding it does not turn every later use into a NameError.
        if self.scopes.len() == 1 && self.fctx.is_empty() && !matches!(ty, Obj(_) | Call(_)) {
            let init = self.lit(ty);
            self.inits.push(format!("{name} = {init}\n"));
        }
        if let Some(s) = self.scopes.last_mut() {
            s.vars.push(Var {
                name: name.to_string(),
                ty,
                writable,
            });
        }
    }

    /// Declares in the module scope (functions, classes).
    pub(crate) fn declare_global(&mut self, name: &str, ty: Ty) {
        self.scopes[0].vars.push(Var {
            name: name.to_string(),
            ty,
            writable: false,
        });
    }

    /// Index of the innermost scope that starts a function (0: module).
    fn func_start(&self) -> usize {
        self.scopes.iter().rposition(|s| s.func).unwrap_or(0)
    }

    /// Names of visible variables of type `ty` (writable ones only if asked).
    pub(crate) fn vars_of(&self, ty: Ty, writable: bool) -> Vec<String> {
        let start = self.func_start();
        let mut v = Vec::new();
        for (i, s) in self.scopes.iter().enumerate() {
            for var in &s.vars {
                if var.ty == ty && (!writable || (var.writable && i >= start)) {
                    v.push(var.name.clone());
                }
            }
        }
        v
    }

    pub(crate) fn var_of(&mut self, ty: Ty, writable: bool) -> Option<String> {
        let v = self.vars_of(ty, writable);
        if v.is_empty() {
            None
        } else {
            let i = self.pick(v.len());
            Some(v[i].clone())
        }
    }

    /// A visible variable whose value may be mutated in place.
    pub(crate) fn mutable_var(&mut self, ty: Ty) -> Option<String> {
        let v: Vec<String> = self
            .vars_of(ty, false)
            .into_iter()
            .filter(|n| !self.frozen.contains(n))
            .collect();
        if v.is_empty() {
            None
        } else {
            let i = self.pick(v.len());
            Some(v[i].clone())
        }
    }

    /// Visible callables (`Fn` variables) matching `want`.
    pub(crate) fn callables(&self, want: impl Fn(&Func) -> bool) -> Vec<(String, u16)> {
        let mut v = Vec::new();
        for s in &self.scopes {
            for var in &s.vars {
                if let Call(i) = var.ty {
                    if want(&self.funcs[i as usize]) {
                        v.push((var.name.clone(), i));
                    }
                }
            }
        }
        v
    }

    pub(crate) fn class_has(&self, k: usize, flag: u32) -> bool {
        self.classes[k].specials & flag != 0
    }

    /// Classes usable as `Obj` types here.
    pub(crate) fn pick_class(&mut self) -> Option<usize> {
        if self.classes.is_empty() {
            None
        } else {
            Some(self.pick(self.classes.len()))
        }
    }

    pub(crate) fn in_func(&self) -> Option<FnCtx> {
        self.fctx.last().copied()
    }

    pub(crate) fn loops(&self) -> usize {
        match self.fctx.last() {
            Some(c) => c.loops,
            None => self.top_loops,
        }
    }

    pub(crate) fn enter_loop(&mut self, delta: isize) {
        let l = match self.fctx.last_mut() {
            Some(c) => &mut c.loops,
            None => &mut self.top_loops,
        };
        *l = (*l as isize + delta) as usize;
    }

    pub(crate) fn take_budget(&mut self) -> bool {
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        true
    }

    pub(crate) fn use_math(&mut self) {
        self.uses.math = true;
    }
    pub(crate) fn use_errors(&mut self) {
        self.uses.errors = true;
    }
    pub(crate) fn use_cm(&mut self) {
        self.uses.cm = true;
    }

    // ---- program

    fn program(&mut self) {
        let chunks = 1 + self.pick(10);
        for _ in 0..chunks {
            if self.budget == 0 || self.exhausted() {
                break;
            }
            match self.pick(12) {
                0..=4 => self.top_try(),
                5 | 6 => self.def_function(false),
                7 => self.def_generator(),
                8 => self.def_closure_maker(),
                9 | 10 => self.def_class(),
                _ => self.def_function(true),
            }
        }
        // Something to compare even for short inputs.
        self.top_try();
    }

    /// `try:` STMTS `except Exception as e:` print type and message.
    fn top_try(&mut self) {
        self.line("try:");
        let n = 1 + self.pick(5);
        self.block_in(false, |g| {
            for _ in 0..n {
                g.stmt(2);
            }
        });
        self.line("except Exception as e:");
        self.line("    print('~exc', type(e).__name__, e)");
    }

    fn finish(self) -> String {
        let mut p = String::new();
        if self.uses.math {
            p.push_str("import math\n");
        }
        if self.uses.errors {
            p.push_str(
                "class E1(ValueError):\n    pass\n\
                 class E2(E1):\n    def __init__(self, code):\n        \
                 super().__init__('code %d' % code)\n        self.code = code\n",
            );
        }
        if self.uses.cm {
            p.push_str(
                "class CM:\n    def __init__(self, tag, swallow=False):\n        \
                 self.tag = tag\n        self.swallow = swallow\n    \
                 def __enter__(self):\n        print('enter', self.tag)\n        \
                 return self.tag\n    def __exit__(self, et, ev, tb):\n        \
                 print('exit', self.tag, None if et is None else et.__name__)\n        \
                 return self.swallow\n",
            );
        }
        if self.uses.deco {
            p.push_str(
                "def deco(fn):\n    def wrapper(*a, **k):\n        \
                 print('call', fn.__name__, len(a), sorted(k))\n        \
                 return fn(*a, **k)\n    return wrapper\n",
            );
        }
        for l in &self.inits {
            p.push_str(l);
        }
        p.push_str(&self.out);
        p
    }

    // ---- definitions

    fn new_params(&mut self, max: usize) -> Vec<Param> {
        let n = self.pick(max + 1);
        let mut ps: Vec<Param> = Vec::new();
        for i in 0..n {
            let ty = match self.pick(8) {
                0..=3 => Int,
                4 => Str,
                5 => Float,
                6 => IntList,
                _ => StrList,
            };
            // Defaults only after the first parameter that has one.
            let default = if ps.last().is_some_and(|p| p.default.is_some()) || self.chance(1, 3) {
                Some(self.lit(ty))
            } else {
                None
            };
            ps.push(Param {
                name: format!("p{i}"),
                ty,
                default,
            });
        }
        ps
    }

    fn signature(&self, f: &Func) -> String {
        let mut parts: Vec<String> = f
            .params
            .iter()
            .map(|p| match &p.default {
                Some(d) => format!("{}={}", p.name, d),
                None => p.name.clone(),
            })
            .collect();
        if f.star {
            parts.push("*args".into());
        }
        if f.kw {
            parts.push("**kw".into());
        }
        parts.join(", ")
    }

    fn declare_params(&mut self, f: &Func) {
        for p in &f.params {
            self.declare(&p.name, p.ty, true);
        }
        if f.star {
            self.declare("args", Tuple, false);
        }
        if f.kw {
            self.declare("kw", Dict, false);
        }
    }

    fn ret_ty(&mut self) -> Ty {
        match self.pick(8) {
            0..=2 => Int,
            3 => Str,
            4 => Float,
            5 => IntList,
            6 => Bool,
            _ => StrList,
        }
    }

    /// `def hN(params): body; return expr`; optionally decorated.
    fn def_function(&mut self, decorated: bool) {
        let f = Func {
            params: self.new_params(3),
            star: self.chance(1, 4),
            kw: self.chance(1, 5),
            ret: self.ret_ty(),
            kind: FnKind::Plain,
        };
        // Registered before the body is generated: the body may register
        // lambdas of its own.
        let idx = self.funcs.len() as u16;
        self.funcs.push(f.clone());
        let name = self.fresh_name(Call(idx));
        if decorated {
            self.uses.deco = true;
            self.line("@deco");
        }
        let sig = self.signature(&f);
        self.line(&format!("def {name}({sig}):"));
        self.func_body(&f);
        self.declare_global(&name, Call(idx));
    }

    /// Body of a function: statements, then `return expr` (Plain).
    fn func_body(&mut self, f: &Func) {
        self.ind += 1;
        self.push_scope(true);
        self.declare_params(f);
        self.fctx.push(FnCtx {
            ret: f.ret,
            gen: f.kind == FnKind::Gen,
            loops: 0,
            no_cleanup: f.kind == FnKind::Gen,
        });
        let n = self.pick(4);
        for _ in 0..n {
            self.stmt(2);
        }
        if f.kind == FnKind::Plain {
            let e = self.expr(f.ret, 2);
            self.line(&format!("return {e}"));
        } else {
            self.gen_tail(f);
        }
        self.fctx.pop();
        self.pop_scope();
        self.ind -= 1;
    }

    /// A generator function yielding Int or Str, bounded by its first
    /// parameter through `range(min(n, 5))`.
    fn def_generator(&mut self) {
        let ret = if self.chance(1, 3) { Str } else { Int };
        let mut params = vec![Param {
            name: "n".into(),
            ty: Int,
            default: None,
        }];
        if self.chance(1, 2) {
            params.push(Param {
                name: "k".into(),
                ty: Int,
                default: Some(self.lit(Int)),
            });
        }
        let f = Func {
            params,
            star: false,
            kw: false,
            ret,
            kind: FnKind::Gen,
        };
        // Registered before the body is generated: the body may register
        // lambdas of its own.
        let idx = self.funcs.len() as u16;
        self.funcs.push(f.clone());
        let name = self.fresh_name(Call(idx));
        let sig = self.signature(&f);
        self.line(&format!("def {name}({sig}):"));
        self.func_body(&f);
        self.declare_global(&name, Call(idx));
    }

    /// Inside a generator body: the bounded yielding loop and maybe a
    /// `yield from` of an earlier generator or a range.
    fn gen_tail(&mut self, f: &Func) {
        let i = self.fresh_name(Int);
        self.line(&format!("for {i} in range(min(n, 5)):"));
        self.enter_loop(1);
        self.block(|g| {
            g.declare(&i, Int, true);
            if g.chance(1, 2) {
                g.stmt(1);
            }
            if g.chance(1, 3) {
                let c = g.expr(Bool, 1);
                g.line(&format!("if {c}:"));
                g.block(|g| {
                    let e = g.expr(f.ret, 2);
                    g.line(&format!("yield {e}"));
                });
            } else {
                let e = g.expr(f.ret, 2);
                g.line(&format!("yield {e}"));
            }
        });
        self.enter_loop(-1);
        if self.chance(1, 3) {
            let prev = self.callables(|h| h.kind == FnKind::Gen && h.ret == f.ret);
            if !prev.is_empty() && self.chance(1, 2) {
                let (pn, pi) = prev[self.pick(prev.len())].clone();
                let call = self.call_args(&pn, pi, 1);
                self.line(&format!("yield from {call}"));
            } else if f.ret == Int {
                let e = self.lit(Int);
                self.line(&format!("yield from range({e} % 4)"));
            } else {
                let e = self.expr(Str, 1);
                self.line(&format!("yield from {e}"));
            }
        }
    }

    /// `def mkN(a): ...; def inner(b): ...; return inner` in one of a few
    /// closure shapes (nonlocal counter, list cell, captured parameter).
    fn def_closure_maker(&mut self) {
        let inner = Func {
            params: vec![Param {
                name: "b".into(),
                ty: Int,
                default: if self.chance(1, 3) {
                    Some(self.lit(Int))
                } else {
                    None
                },
            }],
            star: false,
            kw: false,
            ret: Int,
            kind: FnKind::Plain,
        };
        let inner_idx = self.funcs.len() as u16;
        self.funcs.push(inner.clone());
        let outer = Func {
            params: vec![Param {
                name: "a".into(),
                ty: Int,
                default: None,
            }],
            star: false,
            kw: false,
            ret: Call(inner_idx),
            kind: FnKind::Plain,
        };
        // Registered before the body is generated: the body may register
        // lambdas of its own.
        let idx = self.funcs.len() as u16;
        self.funcs.push(outer);
        let name = self.fresh_name(Call(idx));
        self.line(&format!("def {name}(a):"));
        self.ind += 1;
        self.push_scope(true);
        self.declare("a", Int, false);
        let shape = self.pick(3);
        match shape {
            0 => self.line("c = a"),
            1 => self.line("c = [a]"),
            _ => {}
        }
        let sig = self.signature(&inner);
        self.line(&format!("def inner({sig}):"));
        self.ind += 1;
        self.push_scope(true);
        self.declare("b", Int, true);
        self.fctx.push(FnCtx {
            ret: Int,
            gen: false,
            loops: 0,
            no_cleanup: false,
        });
        match shape {
            0 => {
                self.line("nonlocal c");
                let e = self.expr(Int, 1);
                let op = self.one_of(&["+=", "-=", "*=", "^="]);
                self.line(&format!("c {op} {e}"));
                self.declare("c", Int, false);
            }
            1 => {
                let e = self.expr(Int, 1);
                self.line(&format!("c[0] = c[0] + {e}"));
                self.line("c.append(b)");
                self.declare("c", IntList, false);
            }
            _ => {}
        }
        let e = self.expr(Int, 2);
        self.line(&format!("return {e}"));
        self.fctx.pop();
        self.pop_scope();
        self.ind -= 1;
        self.line("return inner");
        self.pop_scope();
        self.ind -= 1;
        self.declare_global(&name, Call(idx));
    }

    /// A class, maybe derived from an earlier one, with `__init__(self, x,
    /// y=...)`, `__repr__`, a few plain methods and some special methods.
    fn def_class(&mut self) {
        let k = self.classes.len();
        if k >= 6 {
            return self.top_try();
        }
        let base = if k > 0 && self.chance(1, 2) {
            Some(self.pick(k))
        } else {
            None
        };
        let name = format!("C{k}");
        let inherited = base.map_or(0, |b| self.classes[b].specials);
        let mut methods = base.map_or(Vec::new(), |b| self.classes[b].methods.clone());
        let base_z = base.is_some_and(|b| self.classes[b].has_z);
        match base {
            Some(b) => {
                let bn = self.classes[b].name.clone();
                self.line(&format!("class {name}({bn}):"));
            }
            None => self.line(&format!("class {name}:")),
        }
        self.ind += 1;
        let kval = self.lit(Int);
        self.line(&format!("k = {kval}"));
        // __init__
        let mut has_z = base_z;
        if base.is_none() || self.chance(1, 2) {
            let yd = self.lit(Int);
            self.line(&format!("def __init__(self, x, y={yd}):"));
            self.ind += 1;
            self.push_scope(true);
            self.declare("x", Int, false);
            self.declare("y", Int, false);
            self.fctx.push(FnCtx {
                ret: Int,
                gen: false,
                loops: 0,
                no_cleanup: false,
            });
            if base.is_some() {
                let e = self.expr(Int, 1);
                self.line(&format!("super().__init__({e}, y)"));
            } else {
                self.line("self.x = x");
                self.line("self.y = y");
            }
            if self.chance(1, 3) {
                let e = self.expr(Str, 1);
                self.line(&format!("self.z = {e}"));
                has_z = true;
            }
            self.fctx.pop();
            self.pop_scope();
            self.ind -= 1;
        }
        // __repr__ (always in a root class: the default shows an address)
        if base.is_none() || self.chance(1, 3) {
            self.line("def __repr__(self):");
            let body = match self.pick(4) {
                0 => format!("return f\"{name}({{self.x}}, {{self.y!r}})\""),
                1 => "return '%s<%d,%d>' % (type(self).__name__, self.x, self.y)".to_string(),
                2 if base.is_some() => {
                    format!("return '{name}:' + super().__repr__()")
                }
                _ => "return '{}({}, {})'.format(type(self).__name__, self.x, self.y)".to_string(),
            };
            self.line(&format!("    {body}"));
        }
        let mut specials = inherited;
        for flag in sp::ALL {
            if self.chance(1, 4) {
                self.special(flag);
                specials |= flag;
            }
        }
        // plain methods
        let nm = self.pick(3);
        for _ in 0..nm {
            let (mname, ret, overriding) = if !methods.is_empty() && self.chance(1, 3) {
                let (n, t) = methods[self.pick(methods.len())].clone();
                (n, t, true)
            } else {
                let t = self.ret_ty();
                (format!("m{}", methods.len()), t, false)
            };
            self.method(&mname, ret, overriding && base.is_some(), has_z);
            if !overriding {
                methods.push((mname, ret));
            }
        }
        if self.chance(1, 3) {
            self.line("@property");
            self.line("def p(self):");
            self.line("    return self.x * 2 - self.y");
            specials |= sp::PROP;
        }
        if self.chance(1, 3) {
            self.line("@classmethod");
            self.line("def make(cls, v):");
            self.line("    return cls(v, v + 1)");
            specials |= sp::MAKE;
        }
        if self.chance(1, 3) {
            self.line("@staticmethod");
            self.line("def st(a, b=3):");
            self.line("    return a * 10 + b");
            specials |= sp::ST;
        }
        self.ind -= 1;
        self.classes.push(Class {
            name,
            specials,
            methods,
            has_z,
        });
    }

    /// One plain method `name(self, a)`; `self.x`/`self.y` are writable.
    fn method(&mut self, name: &str, ret: Ty, call_super: bool, has_z: bool) {
        self.line(&format!("def {name}(self, a):"));
        self.ind += 1;
        self.push_scope(true);
        self.declare("a", Int, true);
        self.declare("self.x", Int, true);
        self.declare("self.y", Int, true);
        if has_z {
            self.declare("self.z", Str, true);
        }
        if call_super {
            self.declare(&format!("super().{name}(a)"), ret, false);
        }
        self.fctx.push(FnCtx {
            ret,
            gen: false,
            loops: 0,
            no_cleanup: false,
        });
        let n = self.pick(3);
        for _ in 0..n {
            self.stmt(1);
        }
        let e = self.expr(ret, 2);
        self.line(&format!("return {e}"));
        self.fctx.pop();
        self.pop_scope();
        self.ind -= 1;
    }

    /// One special method in one of its shapes.
    fn special(&mut self, flag: u32) {
        let body: &[&str] = match flag {
            sp::EQ => &[
                "def __eq__(self, other):",
                "    return isinstance(other, type(self)) and self.x == other.x",
            ],
            sp::LT => &[
                "def __lt__(self, other):",
                "    return (self.x, self.y) < (other.x, other.y)",
            ],
            sp::ADD => &[
                "def __add__(self, other):",
                "    if isinstance(other, int):",
                "        return type(self)(self.x + other, self.y)",
                "    return type(self)(self.x + other.x, self.y + other.y)",
            ],
            sp::RADD => &[
                "def __radd__(self, other):",
                "    return type(self)(other + self.x, self.y)",
            ],
            sp::NEG => &[
                "def __neg__(self):",
                "    return type(self)(-self.x, self.y)",
            ],
            sp::MUL => &[
                "def __mul__(self, n):",
                "    return type(self)(self.x * n, self.y)",
            ],
            sp::LEN => &["def __len__(self):", "    return abs(self.x) % 7"],
            sp::GETITEM => &[
                "def __getitem__(self, i):",
                "    if i >= 3 or i < -3:",
                "        raise IndexError('C index ' + str(i))",
                "    return self.x * 10 + i",
            ],
            sp::ITER => &[
                "def __iter__(self):",
                "    for i in range(abs(self.y) % 4):",
                "        yield self.x + i",
            ],
            sp::CONTAINS => &[
                "def __contains__(self, v):",
                "    return v == self.x or v == self.y",
            ],
            sp::BOOL => &["def __bool__(self):", "    return self.x > 0"],
            sp::CALL => &["def __call__(self, a, b=1):", "    return self.x * a + b"],
            _ => &[
                "def __str__(self):",
                "    return '<' + str(self.x) + '|' + str(self.y) + '>'",
            ],
        };
        for l in body {
            self.line(l);
        }
    }

    /// `name(args)` for callable `idx` with arguments of the right types in
    /// one of several call shapes (keywords, `*`/`**` unpacking, extras).
    pub(crate) fn call_args(&mut self, name: &str, idx: u16, d: u32) -> String {
        let f = self.funcs[idx as usize].clone();
        let mut args: Vec<String> = Vec::new();
        let mut use_kw = false;
        let nreq = f.params.iter().filter(|p| p.default.is_none()).count();
        // How many parameters to pass (defaults may be left out).
        let npass = if f.params.len() > nreq {
            nreq + self.pick(f.params.len() - nreq + 1)
        } else {
            f.params.len()
        };
        let shape = self.pick(8);
        for (i, p) in f.params.iter().take(npass).enumerate() {
            let e = self.expr(p.ty, d);
            if shape == 1 || (use_kw && i > 0) || (shape == 2 && i + 1 == npass) {
                use_kw = true;
                args.push(format!("{}={}", p.name, e));
            } else {
                args.push(e);
            }
        }
        if f.star && !use_kw && self.chance(1, 2) {
            for _ in 0..1 + self.pick(3) {
                args.push(self.expr(Int, 0));
            }
        }
        if shape == 3 && !use_kw && npass > 0 {
            // Positional arguments through *[...] / *(...)
            let all = args.join(", ");
            return format!("{name}(*[{all}])");
        }
        if f.kw && self.chance(1, 2) {
            args.push(format!("zz={}", self.expr(Int, 0)));
            if self.chance(1, 3) {
                args.push(format!("**{{'w': {}}}", self.expr(Int, 0)));
            }
        }
        // Rarely a wrong call: missing or extra arguments.
        if shape == 7 && self.chance(1, 4) {
            if args.is_empty() || self.chance(1, 2) {
                args.push("99".into());
            } else {
                args.pop();
            }
        }
        format!("{name}({})", args.join(", "))
    }
}
