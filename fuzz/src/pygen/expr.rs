//! Typed expressions.

use super::{sp, FnKind, Gen, Ty, Ty::*};

const INT_LITS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "-1",
    "5",
    "7",
    "10",
    "-13",
    "100",
    "255",
    "1000",
    "-7",
    "0x1f",
    "0b101",
    "0o17",
    "1_000",
    "2147483648",
    "100000000000000000000",
    "-9223372036854775808",
    "True",
];

const FLOAT_LITS: &[&str] = &[
    "0.0",
    "1.5",
    "-2.5",
    "0.1",
    "3.14159",
    "1e-05",
    "2.5e16",
    "1e300",
    "-0.0",
    "0.3",
    "7.0",
    "-1.25",
    "123.456",
    "float('inf')",
    "1e22",
    "0.5",
];

/// Single-quoted only: f-strings are delimited with double quotes.
const STR_LITS: &[&str] = &[
    "''",
    "'a'",
    "'abc'",
    "'Hello, World'",
    "'x-y-z'",
    "'  sp  '",
    "'ABC def'",
    "'42'",
    "'-7'",
    "'3.5'",
    "'naïve'",
    "'straße'",
    "'a,b,,c'",
    "'Ab1'",
    "'hello world foo'",
    "'ǅx'",
    "'İ'",
    "'ﬁx'",
    "'0x1f'",
    "'a\\tb'",
    "'line1\\nline2'",
    "'€'",
];

const BYTES_LITS: &[&str] = &[
    "b''",
    "b'abc'",
    "b'Hello'",
    "b'a b c'",
    "b'12'",
    "b'A-b'",
    "b'\\x00\\x01\\xff'",
];

pub(crate) const KEYS: &[&str] = &["'a'", "'b'", "'c'", "'key'", "'zz'", "'p0'"];

const SEPS: &[&str] = &["''", "','", "' '", "'-'", "', '", "'ab'", "'x'"];

impl<'a, 'u> Gen<'a, 'u> {
    pub(crate) fn expr(&mut self, ty: Ty, d: u32) -> String {
        if d == 0 || self.exhausted() {
            return self.leaf(ty);
        }
        match ty {
            Int => self.int_expr(d),
            Float => self.float_expr(d),
            Bool => self.bool_expr(d),
            Str => self.str_expr(d),
            Bytes => self.bytes_expr(d),
            IntList => self.intlist_expr(d),
            StrList => self.strlist_expr(d),
            Tuple => self.tuple_expr(d),
            Dict => self.dict_expr(d),
            Set => self.set_expr(d),
            Obj(k) => self.obj_expr(k as usize, d),
            Call(_) => "None".into(),
        }
    }

    /// An operand that is of the wrong type once in a while.
    pub(crate) fn operand(&mut self, ty: Ty, d: u32) -> String {
        if self.chance(1, 40) {
            self.any_printable(d).0
        } else {
            self.expr(ty, d)
        }
    }

    pub(crate) fn leaf(&mut self, ty: Ty) -> String {
        if !self.chance(1, 3) {
            if let Some(v) = self.var_of(ty, false) {
                return v;
            }
        }
        self.lit(ty)
    }

    pub(crate) fn str_lit(&mut self) -> String {
        let s = self.one_of(STR_LITS);
        if self.in_fstring && s.contains('\\') {
            "'tab'".into()
        } else {
            s.into()
        }
    }

    pub(crate) fn small_int(&mut self) -> &'static str {
        self.one_of(&["0", "1", "2", "3", "-1", "4", "5", "7"])
    }

    pub(crate) fn lit(&mut self, ty: Ty) -> String {
        match ty {
            Int => {
                let mut s = self.one_of(INT_LITS);
                if self.avoids("bigint") && s.len() > 12 {
                    s = "2147483648";
                }
                if s.starts_with('-') {
                    format!("({s})")
                } else {
                    s.into()
                }
            }
            Float => {
                let s = self.one_of(FLOAT_LITS);
                if s.starts_with('-') {
                    format!("({s})")
                } else {
                    s.into()
                }
            }
            Bool => self.one_of(&["True", "False"]).into(),
            Str => self.str_lit(),
            Bytes => {
                let s = self.one_of(BYTES_LITS);
                if self.in_fstring && s.contains('\\') {
                    "b'xy'".into()
                } else {
                    s.into()
                }
            }
            IntList => {
                let n = if self.chance(1, 6) {
                    0
                } else {
                    1 + self.pick(4)
                };
                let v: Vec<&str> = (0..n).map(|_| self.small_int()).collect();
                format!("[{}]", v.join(", "))
            }
            StrList => {
                let n = if self.chance(1, 6) {
                    0
                } else {
                    1 + self.pick(4)
                };
                let v: Vec<String> = (0..n).map(|_| self.str_lit()).collect();
                format!("[{}]", v.join(", "))
            }
            Tuple => match self.pick(4) {
                0 => "()".into(),
                1 => format!("({},)", self.small_int()),
                _ => {
                    let n = 2 + self.pick(3);
                    let v: Vec<&str> = (0..n).map(|_| self.small_int()).collect();
                    format!("({})", v.join(", "))
                }
            },
            Dict => {
                let n = self.pick(4);
                let mut keys: Vec<&str> = Vec::new();
                for _ in 0..n {
                    let k = self.one_of(KEYS);
                    if !keys.contains(&k) {
                        keys.push(k);
                    }
                }
                let items: Vec<String> = keys
                    .iter()
                    .map(|k| format!("{k}: {}", self.small_int()))
                    .collect();
                format!("{{{}}}", items.join(", "))
            }
            Set => {
                let n = self.pick(5);
                if n == 0 {
                    "set()".into()
                } else {
                    let v: Vec<&str> = (0..n).map(|_| self.small_int()).collect();
                    format!("{{{}}}", v.join(", "))
                }
            }
            Obj(k) => {
                let name = self.classes[k as usize].name.clone();
                format!("{name}({})", self.small_int())
            }
            Call(_) => "None".into(),
        }
    }

    /// Any value that may be printed, with its type.
    pub(crate) fn any_printable(&mut self, d: u32) -> (String, Ty) {
        let n = self.classes.len();
        let i = self.pick(super::VALUE_TYS.len() - 1 + n.min(3));
        let ty = if i < super::VALUE_TYS.len() - 1 {
            // VALUE_TYS without Set (the last entry).
            super::VALUE_TYS[i]
        } else {
            let k = self.pick(n);
            Obj(k as u8)
        };
        (self.expr(ty, d), ty)
    }

    /// An iterable and the type of its items (Int or Str).
    pub(crate) fn iter_src(&mut self, d: u32) -> (String, Ty) {
        match self.pick(12) {
            0 => (self.expr(IntList, d), Int),
            1 => (format!("range({})", self.small_int()), Int),
            2 => (self.expr(StrList, d), Str),
            3 => (self.expr(Tuple, d), Int),
            4 => (format!("sorted({})", self.expr(Set, d)), Int),
            5 => (self.expr(Str, d), Str),
            6 => (self.expr(Bytes, d), Int),
            7 => (self.expr(Dict, d), Str),
            8 => (format!("{}.values()", self.expr(Dict, d)), Int),
            9 => {
                let ty = if self.chance(1, 3) { Str } else { Int };
                match self.gen_call(ty, d) {
                    Some(c) => (c, ty),
                    None => (self.expr(IntList, d), Int),
                }
            }
            10 => match self.obj_with(sp::ITER | sp::GETITEM) {
                Some(k) => (self.expr(Obj(k as u8), d), Int),
                None => (
                    format!("range({}, {})", self.small_int(), self.small_int()),
                    Int,
                ),
            },
            _ => (
                format!(
                    "range({}, {}, {})",
                    self.small_int(),
                    self.one_of(&["6", "9", "-4", "0"]),
                    self.one_of(&["1", "2", "-1", "-2", "3"])
                ),
                Int,
            ),
        }
    }

    /// `[elem for v in src if cond]` pieces: returns (for-clause, elem).
    fn comprehension(&mut self, elem: Ty, d: u32) -> (String, String) {
        let (src, et) = self.iter_src(d);
        let v = self.fresh_name(et);
        self.push_scope(false);
        self.declare(&v, et, false);
        let e = self.expr(elem, d);
        let cond = if self.chance(1, 3) {
            format!(" if {}", self.expr(Bool, d))
        } else {
            String::new()
        };
        self.pop_scope();
        (format!("for {v} in {src}{cond}"), e)
    }

    /// `lambda v: body` over an element of type `arg`.
    fn lambda(&mut self, arg: Ty, body: Ty, d: u32) -> String {
        let v = self.fresh_name(arg);
        self.push_scope(false);
        self.declare(&v, arg, false);
        let e = self.expr(body, d);
        self.pop_scope();
        format!("lambda {v}: {e}")
    }

    /// A sort key for items of type `ty`.
    fn sort_key(&mut self, ty: Ty, d: u32) -> String {
        match (ty, self.pick(5)) {
            (_, 0) => String::new(),
            (Str, 1) => ", key=len".into(),
            (Str, 2) => ", key=str.lower".into(),
            (Int, 1) => ", key=abs".into(),
            (_, 3) => ", reverse=True".into(),
            (Int, 2) => {
                let v = self.fresh_name(Int);
                format!(", key=lambda {v}: ({v} % 3, -{v})")
            }
            _ => format!(", key={}", self.lambda(ty, Int, d)),
        }
    }

    /// A call of a visible plain callable returning `ty`: `f(...)` or
    /// `maker(...)(...)`.
    fn call_expr(&mut self, ty: Ty, d: u32) -> Option<String> {
        let funcs = &self.funcs;
        let direct = self.callables(|f| f.kind == FnKind::Plain && f.ret == ty);
        let makers = self.callables(|f| {
            f.kind == FnKind::Plain && matches!(f.ret, Call(j) if funcs[j as usize].ret == ty)
        });
        let total = direct.len() + makers.len();
        if total == 0 {
            return None;
        }
        let i = self.pick(total);
        if i < direct.len() {
            let (n, idx) = direct[i].clone();
            Some(self.call_args(&n, idx, d))
        } else {
            let (n, idx) = makers[i - direct.len()].clone();
            let Call(j) = self.funcs[idx as usize].ret else {
                return None;
            };
            let outer = self.call_args(&n, idx, d);
            Some(self.call_args(&outer, j, d))
        }
    }

    /// A call of a visible generator function yielding `ty`.
    pub(crate) fn gen_call(&mut self, ty: Ty, d: u32) -> Option<String> {
        let gens = self.callables(|f| f.kind == FnKind::Gen && f.ret == ty);
        if gens.is_empty() {
            return None;
        }
        let (n, idx) = gens[self.pick(gens.len())].clone();
        Some(self.call_args(&n, idx, d))
    }

    /// A class (with a visible instance type) having one of `flags`.
    pub(crate) fn obj_with(&mut self, flags: u32) -> Option<usize> {
        let ks: Vec<usize> = (0..self.classes.len())
            .filter(|&k| self.classes[k].specials & flags != 0)
            .collect();
        if ks.is_empty() {
            None
        } else {
            Some(ks[self.pick(ks.len())])
        }
    }

    /// `o.mN(a)` of some class's method returning `ty`.
    fn method_call(&mut self, ty: Ty, d: u32) -> Option<String> {
        let mut cands: Vec<(usize, String)> = Vec::new();
        for (k, c) in self.classes.iter().enumerate() {
            for (m, t) in &c.methods {
                if *t == ty {
                    cands.push((k, m.clone()));
                }
            }
        }
        if cands.is_empty() {
            return None;
        }
        let (k, m) = cands[self.pick(cands.len())].clone();
        let o = self.expr(Obj(k as u8), d);
        let a = self.expr(Int, d);
        Some(format!("{o}.{m}({a})"))
    }

    fn ternary(&mut self, ty: Ty, d: u32) -> String {
        let a = self.expr(ty, d);
        let c = self.expr(Bool, d);
        let b = self.expr(ty, d);
        format!("({a} if {c} else {b})")
    }

    fn seq_ty(&mut self) -> Ty {
        [Str, Bytes, IntList, StrList, Tuple, Dict, Set][self.pick(7)]
    }

    fn index(&mut self) -> String {
        match self.pick(8) {
            0 | 1 => "0".into(),
            2 => "-1".into(),
            3 => "1".into(),
            4 => self.small_int().into(),
            5 => self.one_of(&["-2", "10"]).into(),
            _ => self.leaf(Int),
        }
    }

    fn slice(&mut self, d: u32) -> String {
        let _ = d;
        let part = |g: &mut Self| -> String {
            match g.pick(4) {
                0 => String::new(),
                1 => g.one_of(&["-1", "-2", "-10"]).into(),
                2 => g.leaf(Int),
                _ => g.small_int().into(),
            }
        };
        let a = part(self);
        let b = part(self);
        match self.pick(3) {
            0 => format!("[{a}:{b}]"),
            1 => format!("[{a}:{b}:{}]", self.one_of(&["-1", "2", "-2", "3", "0"])),
            _ => format!("[::{}]", self.one_of(&["-1", "2", "-3"])),
        }
    }

    // ---- int

    fn int_expr(&mut self, d: u32) -> String {
        let e = d - 1;
        match self.pick(24) {
            0 => self.leaf(Int),
            1 | 2 => {
                let op = self.one_of(&["+", "-", "*", "//", "%", "&", "|", "^", "+", "*"]);
                let a = self.operand(Int, e);
                let b = self.operand(Int, e);
                format!("({a} {op} {b})")
            }
            3 => {
                let a = self.operand(Int, e);
                let x = self.one_of(&["0", "1", "2", "3"]);
                format!("({a} ** {x})")
            }
            4 => {
                let a = self.operand(Int, e);
                let op = self.one_of(&["<<", ">>"]);
                let k = self.one_of(&["0", "1", "3", "7", "31", "64", "-1", "100"]);
                format!("({a} {op} {k})")
            }
            5 => {
                let a = self.operand(Int, e);
                match self.pick(4) {
                    0 => format!("(-{a})"),
                    1 => format!("(~{a})"),
                    2 => format!("(+{a})"),
                    _ => format!("abs({a})"),
                }
            }
            6 => {
                let t = self.seq_ty();
                format!("len({})", self.expr(t, e))
            }
            7 => match self.pick(8) {
                0 => format!("int({})", self.expr(Float, e)),
                1 => format!("int({})", self.expr(Str, e)),
                2 => format!(
                    "int({}, {})",
                    self.expr(Str, e),
                    self.one_of(&["2", "8", "16", "36", "0", "1"])
                ),
                3 => format!("round({})", self.expr(Float, e)),
                4 => format!("ord({})", self.expr(Str, e)),
                5 => format!(
                    "int.from_bytes({}, '{}')",
                    self.expr(Bytes, e),
                    self.one_of(&["big", "little"])
                ),
                6 => format!("({}).bit_length()", self.expr(Int, e)),
                _ => format!("int({})", self.expr(Bool, e)),
            },
            8 => match self.pick(5) {
                0 => format!("min({}, {})", self.expr(Int, e), self.expr(Int, e)),
                1 => format!(
                    "max({}, {}, {})",
                    self.expr(Int, e),
                    self.expr(Int, e),
                    self.expr(Int, e)
                ),
                2 => format!("min({})", self.expr(IntList, e)),
                3 => format!("max({}, default={})", self.expr(IntList, e), self.lit(Int)),
                _ => {
                    let l = self.expr(IntList, e);
                    let k = self.lambda(Int, Int, e);
                    format!("max({l}, key={k}, default=0)")
                }
            },
            9 => match self.pick(4) {
                0 => format!("sum({})", self.expr(IntList, e)),
                1 => format!("sum({})", self.expr(Set, e)),
                2 => format!("sum({}, {})", self.expr(Tuple, e), self.expr(Int, e)),
                _ => {
                    let (f, el) = self.comprehension(Int, e);
                    format!("sum({el} {f})")
                }
            },
            10 => match self.pick(5) {
                0 => format!("{}[{}]", self.expr(IntList, e), self.index()),
                1 => format!("{}[{}]", self.expr(Tuple, e), self.index()),
                2 => format!("{}[{}]", self.expr(Bytes, e), self.index()),
                3 => format!("{}[{}]", self.expr(Dict, e), self.one_of(KEYS)),
                _ => format!(
                    "{}.get({}, {})",
                    self.expr(Dict, e),
                    self.one_of(KEYS),
                    self.lit(Int)
                ),
            },
            11 => match self.pick(7) {
                0 => format!("{}.count({})", self.expr(IntList, e), self.expr(Int, e)),
                1 => format!("{}.index({})", self.expr(IntList, e), self.expr(Int, e)),
                2 => format!("{}.find({})", self.expr(Str, e), self.expr(Str, e)),
                3 => format!("{}.count({})", self.expr(Str, e), self.expr(Str, e)),
                4 => format!("{}.index({})", self.expr(Str, e), self.expr(Str, e)),
                5 => format!("{}.rfind({})", self.expr(Str, e), self.expr(Str, e)),
                _ => format!("{}.find({})", self.expr(Bytes, e), self.expr(Bytes, e)),
            },
            12 => self.ternary(Int, e),
            13 => self.call_expr(Int, e).unwrap_or_else(|| self.leaf(Int)),
            14 => self.obj_to(Int, e).unwrap_or_else(|| self.leaf(Int)),
            15 => match self.pick(6) {
                0 => format!(
                    "divmod({}, {})[{}]",
                    self.expr(Int, e),
                    self.expr(Int, e),
                    self.pick(2)
                ),
                1 if !self.avoids("pow-mod") => format!(
                    "pow({}, {}, {})",
                    self.expr(Int, e),
                    self.one_of(&["0", "2", "5", "-1"]),
                    self.expr(Int, e)
                ),
                2 => {
                    self.use_math();
                    format!("math.gcd({}, {})", self.expr(Int, e), self.expr(Int, e))
                }
                3 => {
                    self.use_math();
                    let f = self.one_of(&["floor", "ceil", "trunc"]);
                    format!("math.{f}({})", self.expr(Float, e))
                }
                4 => format!("len(str({}))", self.expr(Int, e)),
                _ => format!("({} + {})", self.expr(Bool, e), self.expr(Int, e)),
            },
            16 => match self.gen_call(Int, e) {
                Some(c) => match self.pick(4) {
                    0 => format!("sum({c})"),
                    1 => format!("next({c})"),
                    2 => format!("len(list({c}))"),
                    _ => format!("max({c}, default=-1)"),
                },
                None => self.leaf(Int),
            },
            17 => {
                let (f, el) = self.comprehension(Int, e);
                format!("len([{el} {f}])")
            }
            18 => format!("sorted({})[{}]", self.expr(IntList, e), self.index()),
            _ => self.leaf(Int),
        }
    }

    // ---- float

    fn float_expr(&mut self, d: u32) -> String {
        let e = d - 1;
        match self.pick(14) {
            0 => self.leaf(Float),
            1 | 2 => {
                let op = self.one_of(&["+", "-", "*", "/"]);
                let a = self.operand(Float, e);
                let b = if self.chance(1, 3) {
                    self.operand(Int, e)
                } else {
                    self.operand(Float, e)
                };
                format!("({a} {op} {b})")
            }
            3 => format!("({} / {})", self.operand(Int, e), self.operand(Int, e)),
            4 => {
                let x = self.one_of(&["0", "1", "2", "3", "-1", "0.5"]);
                format!("({} ** {x})", self.operand(Float, e))
            }
            5 => match self.pick(3) {
                0 => format!("float({})", self.expr(Int, e)),
                1 => format!(
                    "float({})",
                    self.one_of(&["'1.5'", "' 2e3 '", "'inf'", "'-0'", "'abc'", "'1_0.5'", "'.5'"])
                ),
                _ => format!("float({})", self.expr(Str, e)),
            },
            6 => match self.pick(4) {
                0 => format!("abs({})", self.expr(Float, e)),
                1 => format!("(-{})", self.expr(Float, e)),
                2 => format!(
                    "round({}, {})",
                    self.expr(Float, e),
                    self.one_of(&["0", "1", "2", "-1", "3"])
                ),
                _ => {
                    self.use_math();
                    let f = self.one_of(&["sqrt", "fabs"]);
                    format!("math.{f}(abs({}))", self.expr(Float, e))
                }
            },
            7 => {
                let op = self.one_of(&["//", "%"]);
                format!(
                    "({} {op} {})",
                    self.operand(Float, e),
                    self.operand(Float, e)
                )
            }
            8 => self.ternary(Float, e),
            9 => self.call_expr(Float, e).unwrap_or_else(|| self.leaf(Float)),
            10 => format!("min({}, {})", self.expr(Float, e), self.expr(Int, e)),
            11 => {
                let (f, el) = self.comprehension(Float, e);
                format!("sum([{el} {f}])")
            }
            12 => format!(
                "divmod({}, {})[{}]",
                self.expr(Float, e),
                self.expr(Float, e),
                self.pick(2)
            ),
            _ => self.obj_to(Float, e).unwrap_or_else(|| self.leaf(Float)),
        }
    }

    // ---- bool

    fn cmp_ty(&mut self) -> Ty {
        [Int, Float, Str, Bytes, IntList, Tuple, StrList, Bool, Int][self.pick(9)]
    }

    fn bool_expr(&mut self, d: u32) -> String {
        let e = d - 1;
        match self.pick(16) {
            0 => self.leaf(Bool),
            1 | 2 => {
                let t = self.cmp_ty();
                let op = self.one_of(&["==", "!=", "<", "<=", ">", ">="]);
                let a = self.operand(t, e);
                let b = self.operand(t, e);
                format!("({a} {op} {b})")
            }
            3 => {
                let t = self.cmp_ty();
                let a = self.expr(t, e);
                let b = self.expr(t, e);
                let c = self.expr(t, e);
                format!("({a} < {b} <= {c})")
            }
            4 => {
                let not = if self.chance(1, 3) { "not " } else { "" };
                match self.pick(6) {
                    0 => format!("({} {not}in {})", self.expr(Int, e), self.expr(IntList, e)),
                    1 => format!("({} {not}in {})", self.expr(Str, e), self.expr(Str, e)),
                    2 => format!("({} {not}in {})", self.one_of(KEYS), self.expr(Dict, e)),
                    3 => format!("({} {not}in {})", self.expr(Int, e), self.expr(Set, e)),
                    4 => format!("({} {not}in {})", self.expr(Str, e), self.expr(StrList, e)),
                    _ => format!(
                        "({} {not}in range({}))",
                        self.expr(Int, e),
                        self.small_int()
                    ),
                }
            }
            5 => match self.pick(3) {
                0 => format!("({} and {})", self.expr(Bool, e), self.expr(Bool, e)),
                1 => format!("({} or {})", self.expr(Bool, e), self.expr(Bool, e)),
                _ => format!("(not {})", self.expr(Bool, e)),
            },
            6 => {
                let (x, _) = self.any_printable(e);
                let t = self.one_of(&[
                    "int",
                    "str",
                    "float",
                    "bool",
                    "list",
                    "tuple",
                    "dict",
                    "(int, float)",
                    "bytes",
                    "object",
                ]);
                format!("isinstance({x}, {t})")
            }
            7 => {
                let s = self.expr(Str, e);
                match self.pick(4) {
                    0 => {
                        let m = self.one_of(&[
                            "isdigit",
                            "isalpha",
                            "isspace",
                            "isupper",
                            "islower",
                            "isalnum",
                            "istitle",
                            "isdecimal",
                            "isidentifier",
                            "isnumeric",
                        ]);
                        if m == "istitle" && self.avoids("unicode-title") {
                            format!("{s}.isupper()")
                        } else {
                            format!("{s}.{m}()")
                        }
                    }
                    1 => format!("{s}.startswith({})", self.expr(Str, e)),
                    2 => format!(
                        "{s}.endswith(({}, {}))",
                        self.expr(Str, e),
                        self.expr(Str, e)
                    ),
                    _ => format!("{}.isalpha()", self.expr(Bytes, e)),
                }
            }
            8 => {
                let f = self.one_of(&["any", "all"]);
                if self.chance(1, 3) {
                    format!("{f}({})", self.expr(IntList, e))
                } else {
                    let (c, el) = self.comprehension(Bool, e);
                    format!("{f}({el} {c})")
                }
            }
            9 => {
                let (x, _) = self.any_printable(e);
                format!("bool({x})")
            }
            10 => self.ternary(Bool, e),
            11 => self.call_expr(Bool, e).unwrap_or_else(|| self.leaf(Bool)),
            12 => self.obj_to(Bool, e).unwrap_or_else(|| self.leaf(Bool)),
            13 => match self.pick(4) {
                0 => format!("({} <= {})", self.expr(Set, e), self.expr(Set, e)),
                1 => format!("{}.isdisjoint({})", self.expr(Set, e), self.expr(Set, e)),
                2 => format!("({} == {})", self.expr(Dict, e), self.expr(Dict, e)),
                _ => format!("({} == {})", self.expr(Set, e), self.expr(Set, e)),
            },
            14 => {
                let (a, _) = self.any_printable(e);
                let (b, _) = self.any_printable(e);
                let op = self.one_of(&["==", "!="]);
                format!("({a} {op} {b})")
            }
            _ => format!("({} == {})", self.expr(Float, e), self.expr(Int, e)),
        }
    }

    // ---- str

    fn str_expr(&mut self, d: u32) -> String {
        let e = d - 1;
        match self.pick(22) {
            0 => self.leaf(Str),
            1 => format!("({} + {})", self.operand(Str, e), self.operand(Str, e)),
            2 => format!(
                "({} * {})",
                self.operand(Str, e),
                self.one_of(&["-1", "0", "1", "2", "3"])
            ),
            3 => {
                let m = self.one_of(&[
                    "upper",
                    "lower",
                    "strip",
                    "lstrip",
                    "rstrip",
                    "title",
                    "capitalize",
                    "swapcase",
                    "casefold",
                ]);
                let m = match m {
                    "title" | "capitalize" if self.avoids("unicode-title") => "lower",
                    _ => m,
                };
                format!("{}.{m}()", self.expr(Str, e))
            }
            4 => {
                let s = self.expr(Str, e);
                let a = self.expr(Str, e);
                let b = self.expr(Str, e);
                if self.chance(1, 3) {
                    format!("{s}.replace({a}, {b}, {})", self.small_int())
                } else {
                    format!("{s}.replace({a}, {b})")
                }
            }
            5 => {
                let s = self.expr(Str, e);
                let w = self.one_of(&["0", "3", "8", "12", "-2"]);
                match self.pick(5) {
                    0 => format!("{s}.center({w})"),
                    1 => format!("{s}.ljust({w}, '*')"),
                    2 => format!(
                        "{s}.rjust({w}, {})",
                        self.one_of(&["'-'", "' '", "'ab'", "'é'"])
                    ),
                    3 => format!("{s}.zfill({w})"),
                    _ => format!("{s}.strip({})", self.expr(Str, e)),
                }
            }
            6 => {
                let s = self.expr(Str, e);
                if self.chance(1, 3) {
                    format!("{s}[{}]", self.index())
                } else {
                    let sl = self.slice(e);
                    format!("{s}{sl}")
                }
            }
            7 => {
                let (x, _) = self.any_printable(e);
                let f = self.one_of(&["str", "repr"]);
                format!("{f}({x})")
            }
            8 | 9 => self.fstring(e),
            10 => self.percent(e),
            11 => self.format_call(e),
            12 => match self.pick(5) {
                0 => format!("{}.join({})", self.one_of(SEPS), self.expr(StrList, e)),
                1 => {
                    let (f, el) = self.comprehension(Int, e);
                    format!("{}.join(str({el}) {f})", self.one_of(SEPS))
                }
                2 => format!("''.join(sorted({}))", self.expr(Str, e)),
                3 => format!(
                    "{}.join(reversed({}))",
                    self.one_of(SEPS),
                    self.expr(StrList, e)
                ),
                _ => format!("'-'.join(map(str, {}))", self.expr(IntList, e)),
            },
            13 => match self.pick(6) {
                0 => format!("chr({})", self.expr(Int, e)),
                1 => format!("hex({})", self.expr(Int, e)),
                2 => format!("bin({})", self.expr(Int, e)),
                3 => format!("oct({})", self.expr(Int, e)),
                4 => {
                    let spec = self.int_spec();
                    format!("format({}, '{spec}')", self.expr(Int, e))
                }
                _ => {
                    let spec = self.float_spec();
                    format!("format({}, '{spec}')", self.expr(Float, e))
                }
            },
            14 => match self.pick(3) {
                0 => format!("{}.decode()", self.expr(Bytes, e)),
                1 => format!("{}.hex()", self.expr(Bytes, e)),
                _ => format!("{}.decode('ascii')", self.expr(Bytes, e)),
            },
            15 => self.ternary(Str, e),
            16 => self.call_expr(Str, e).unwrap_or_else(|| self.leaf(Str)),
            17 => self.obj_to(Str, e).unwrap_or_else(|| self.leaf(Str)),
            18 => match self.pick(5) {
                0 => format!("{}[{}]", self.expr(StrList, e), self.index()),
                1 => format!(
                    "{}.split({})[{}]",
                    self.expr(Str, e),
                    self.one_of(SEPS),
                    self.index()
                ),
                2 => format!(
                    "{}.partition({})[{}]",
                    self.expr(Str, e),
                    self.expr(Str, e),
                    self.pick(3)
                ),
                3 => format!("max({})", self.expr(StrList, e)),
                _ => format!("min({}, key=len)", self.expr(StrList, e)),
            },
            19 => match self.gen_call(Str, e) {
                Some(c) => {
                    if self.chance(1, 2) {
                        format!("''.join({c})")
                    } else {
                        format!("next({c})")
                    }
                }
                None => self.leaf(Str),
            },
            20 => {
                let (x, _) = self.any_printable(e);
                format!("type({x}).__name__")
            }
            _ => {
                let m = self.one_of(&["removeprefix", "removesuffix", "rstrip", "lstrip"]);
                format!("{}.{m}({})", self.expr(Str, e), self.expr(Str, e))
            }
        }
    }

    // ---- bytes

    fn bytes_expr(&mut self, d: u32) -> String {
        let e = d - 1;
        match self.pick(10) {
            0 => self.leaf(Bytes),
            1 => format!("({} + {})", self.operand(Bytes, e), self.operand(Bytes, e)),
            2 => format!("({} * {})", self.operand(Bytes, e), self.small_int()),
            3 => match self.pick(5) {
                0 => format!("{}.encode()", self.expr(Str, e)),
                1 => format!("{}.encode('ascii')", self.expr(Str, e)),
                2 => format!("bytes({})", self.expr(IntList, e)),
                3 => format!("bytes({})", self.small_int()),
                _ => format!(
                    "bytes.fromhex({})",
                    self.one_of(&["'00ff10'", "'a b'", "'zz'", "''", "'4142 43'"])
                ),
            },
            4 => {
                let sl = self.slice(e);
                format!("{}{sl}", self.expr(Bytes, e))
            }
            5 => {
                let m = self.one_of(&["upper", "lower", "strip", "title", "swapcase"]);
                format!("{}.{m}()", self.expr(Bytes, e))
            }
            6 => format!(
                "{}.replace({}, {})",
                self.expr(Bytes, e),
                self.expr(Bytes, e),
                self.expr(Bytes, e)
            ),
            7 => format!(
                "{}.join([{}, {}])",
                self.expr(Bytes, e),
                self.expr(Bytes, e),
                self.expr(Bytes, e)
            ),
            8 => self.ternary(Bytes, e),
            _ => match self.pick(3) {
                0 => format!("bytes(reversed({}))", self.expr(Bytes, e)),
                1 => format!("bytes(bytearray({}))", self.expr(Bytes, e)),
                _ => {
                    let b = self.expr(Bytes, e);
                    format!("bytes(x ^ 1 for x in {b})")
                }
            },
        }
    }

    // ---- containers

    fn intlist_expr(&mut self, d: u32) -> String {
        let e = d - 1;
        match self.pick(14) {
            0 => self.leaf(IntList),
            1 => format!(
                "list(range({}, {}, {}))",
                self.small_int(),
                self.one_of(&["8", "-3", "0", "5"]),
                self.one_of(&["1", "2", "-1", "3"])
            ),
            2 | 3 => {
                let (f, el) = self.comprehension(Int, e);
                format!("[{el} {f}]")
            }
            4 => {
                let (src, _) = self.iter_src_int(e);
                let k = self.sort_key(Int, e);
                format!("sorted({src}{k})")
            }
            5 => match self.pick(3) {
                0 => format!(
                    "({} + {})",
                    self.operand(IntList, e),
                    self.operand(IntList, e)
                ),
                1 => format!("({} * {})", self.operand(IntList, e), self.small_int()),
                _ => {
                    let sl = self.slice(e);
                    format!("{}{sl}", self.expr(IntList, e))
                }
            },
            6 => match self.pick(8) {
                0 => format!("list(reversed({}))", self.expr(IntList, e)),
                1 => {
                    let l = self.expr(IntList, e);
                    let f = self.lambda(Int, Int, e);
                    format!("list(map({f}, {l}))")
                }
                2 => {
                    let l = self.expr(IntList, e);
                    let f = self.lambda(Int, Bool, e);
                    format!("list(filter({f}, {l}))")
                }
                3 => format!("[*{}, *{}]", self.expr(IntList, e), self.expr(Tuple, e)),
                4 => format!("{}.copy()", self.expr(IntList, e)),
                5 => format!("list({})", self.expr(Bytes, e)),
                6 => format!("list({}.values())", self.expr(Dict, e)),
                _ => format!("sorted({})", self.expr(Set, e)),
            },
            7 => self.ternary(IntList, e),
            8 => self
                .call_expr(IntList, e)
                .unwrap_or_else(|| self.leaf(IntList)),
            9 => {
                let n = self.pick(4);
                let v: Vec<String> = (0..n).map(|_| self.expr(Int, e)).collect();
                format!("[{}]", v.join(", "))
            }
            10 => self
                .obj_to(IntList, e)
                .unwrap_or_else(|| self.leaf(IntList)),
            11 => match self.gen_call(Int, e) {
                Some(c) => format!("list({c})"),
                None => format!("[len(w) for w in {}]", self.expr(StrList, e)),
            },
            12 => {
                let s = self.expr(Str, e);
                let c = self.str_lit();
                format!("[i for i, c in enumerate({s}) if c == {c}]")
            }
            _ => format!("list(divmod({}, {}))", self.expr(Int, e), self.expr(Int, e)),
        }
    }

    /// An iterable of ints (for `sorted`).
    fn iter_src_int(&mut self, d: u32) -> (String, Ty) {
        for _ in 0..3 {
            let (s, t) = self.iter_src(d);
            if t == Int {
                return (s, t);
            }
        }
        (self.expr(IntList, d), Int)
    }

    fn strlist_expr(&mut self, d: u32) -> String {
        let e = d - 1;
        match self.pick(11) {
            0 => self.leaf(StrList),
            1 => {
                let s = self.expr(Str, e);
                match self.pick(5) {
                    0 => format!("{s}.split()"),
                    1 => format!("{s}.split({})", self.one_of(SEPS)),
                    2 => format!("{s}.split({}, {})", self.one_of(SEPS), self.small_int()),
                    3 => format!("{s}.rsplit({}, {})", self.one_of(SEPS), self.small_int()),
                    _ => format!("{s}.splitlines()"),
                }
            }
            2 => {
                let (f, el) = self.comprehension(Str, e);
                format!("[{el} {f}]")
            }
            3 => {
                let l = self.expr(StrList, e);
                let k = self.sort_key(Str, e);
                format!("sorted({l}{k})")
            }
            4 => match self.pick(3) {
                0 => format!(
                    "({} + {})",
                    self.operand(StrList, e),
                    self.operand(StrList, e)
                ),
                1 => format!("({} * {})", self.operand(StrList, e), self.small_int()),
                _ => {
                    let sl = self.slice(e);
                    format!("{}{sl}", self.expr(StrList, e))
                }
            },
            5 => match self.pick(4) {
                0 => format!("list({})", self.expr(Str, e)),
                1 => format!("list({})", self.expr(Dict, e)),
                2 => format!("sorted({})", self.expr(Dict, e)),
                _ => {
                    let dd = self.expr(Dict, e);
                    let c = self.lambda(Int, Bool, e);
                    format!("[k for k, v in {dd}.items() if ({c})(v)]")
                }
            },
            6 => match self.pick(3) {
                0 => {
                    let (f, el) = self.comprehension(Int, e);
                    format!("[str({el}) {f}]")
                }
                1 => format!("list(map(str, {}))", self.expr(IntList, e)),
                _ => format!("list(map(str.upper, {}))", self.expr(StrList, e)),
            },
            7 => self.ternary(StrList, e),
            8 => self
                .call_expr(StrList, e)
                .unwrap_or_else(|| self.leaf(StrList)),
            9 => match self.gen_call(Str, e) {
                Some(c) => format!("list({c})"),
                None => self.leaf(StrList),
            },
            _ => {
                let n = self.pick(4);
                let v: Vec<String> = (0..n).map(|_| self.expr(Str, e)).collect();
                format!("[{}]", v.join(", "))
            }
        }
    }

    fn tuple_expr(&mut self, d: u32) -> String {
        let e = d - 1;
        match self.pick(8) {
            0 => self.leaf(Tuple),
            1 => format!("tuple({})", self.expr(IntList, e)),
            2 => {
                let n = self.pick(4);
                let v: Vec<String> = (0..n).map(|_| self.expr(Int, e)).collect();
                if n == 1 {
                    format!("({},)", v[0])
                } else {
                    format!("({})", v.join(", "))
                }
            }
            3 => match self.pick(3) {
                0 => format!("({} + {})", self.operand(Tuple, e), self.operand(Tuple, e)),
                1 => format!("({} * {})", self.operand(Tuple, e), self.small_int()),
                _ => {
                    let sl = self.slice(e);
                    format!("{}{sl}", self.expr(Tuple, e))
                }
            },
            4 => format!("divmod({}, {})", self.expr(Int, e), self.expr(Int, e)),
            5 => {
                let (f, el) = self.comprehension(Int, e);
                format!("tuple({el} {f})")
            }
            6 => format!("(*{}, {})", self.expr(IntList, e), self.expr(Int, e)),
            _ => self.ternary(Tuple, e),
        }
    }

    fn dict_expr(&mut self, d: u32) -> String {
        let e = d - 1;
        match self.pick(9) {
            0 => self.leaf(Dict),
            1 => {
                let n = 1 + self.pick(3);
                let mut items = Vec::new();
                for _ in 0..n {
                    let k = self.one_of(KEYS);
                    items.push(format!("{k}: {}", self.expr(Int, e)));
                }
                format!("{{{}}}", items.join(", "))
            }
            2 => {
                let sl = self.expr(StrList, e);
                let l = self.expr(IntList, e);
                if self.chance(1, 2) {
                    format!("dict(zip({sl}, {l}))")
                } else {
                    format!("{{k: v for k, v in zip({sl}, {l})}}")
                }
            }
            3 => {
                let (f, el) = self.comprehension(Str, e);
                let v = self.expr(Int, e);
                format!("{{{el}: {v} {f}}}")
            }
            4 => match self.pick(4) {
                0 => format!(
                    "{{**{}, {}: {}}}",
                    self.expr(Dict, e),
                    self.one_of(KEYS),
                    self.expr(Int, e)
                ),
                1 => format!("({} | {})", self.operand(Dict, e), self.operand(Dict, e)),
                2 => format!("dict({})", self.expr(Dict, e)),
                _ => format!("{}.copy()", self.expr(Dict, e)),
            },
            5 => match self.pick(4) {
                0 => format!(
                    "dict.fromkeys({}, {})",
                    self.expr(StrList, e),
                    self.expr(Int, e)
                ),
                1 => format!("dict(a={}, b={})", self.expr(Int, e), self.expr(Int, e)),
                2 => format!("dict(sorted({}.items()))", self.expr(Dict, e)),
                _ => format!(
                    "dict([({}, {}), ('b', 2)])",
                    self.one_of(KEYS),
                    self.expr(Int, e)
                ),
            },
            6 => {
                let dd = self.expr(Dict, e);
                let v = self.fresh_name(Int);
                self.push_scope(false);
                self.declare(&v, Int, false);
                let x = self.expr(Int, e);
                let c = self.expr(Bool, e);
                self.pop_scope();
                format!("{{k: {x} for k, {v} in {dd}.items() if {c}}}")
            }
            7 => self.call_expr(Dict, e).unwrap_or_else(|| self.leaf(Dict)),
            _ => self.ternary(Dict, e),
        }
    }

    fn set_expr(&mut self, d: u32) -> String {
        let e = d - 1;
        match self.pick(7) {
            0 => self.leaf(Set),
            1 => {
                let n = 1 + self.pick(3);
                let v: Vec<String> = (0..n).map(|_| self.expr(Int, e)).collect();
                format!("{{{}}}", v.join(", "))
            }
            2 => match self.pick(3) {
                0 => format!("set({})", self.expr(IntList, e)),
                1 => format!("set({})", self.expr(Tuple, e)),
                _ => format!("set({}.values())", self.expr(Dict, e)),
            },
            3 => {
                let (f, el) = self.comprehension(Int, e);
                format!("{{{el} % 5 {f}}}")
            }
            4 => {
                let op = self.one_of(&["|", "&", "-", "^"]);
                format!("({} {op} {})", self.operand(Set, e), self.operand(Set, e))
            }
            5 => {
                let m = self.one_of(&[
                    "union",
                    "intersection",
                    "difference",
                    "symmetric_difference",
                ]);
                format!("{}.{m}({})", self.expr(Set, e), self.expr(IntList, e))
            }
            _ => format!("set(range({}))", self.small_int()),
        }
    }

    // ---- objects

    fn obj_expr(&mut self, k: usize, d: u32) -> String {
        let e = d - 1;
        let name = self.classes[k].name.clone();
        match self.pick(7) {
            0 => self.leaf(Obj(k as u8)),
            1 => match self.pick(4) {
                0 => format!("{name}({})", self.expr(Int, e)),
                1 => format!("{name}({}, {})", self.expr(Int, e), self.expr(Int, e)),
                2 => format!("{name}(x={}, y={})", self.expr(Int, e), self.expr(Int, e)),
                _ => format!("{name}(y={}, x={})", self.expr(Int, e), self.expr(Int, e)),
            },
            2 => {
                let o = self.expr(Obj(k as u8), e);
                let ops: Vec<(u32, usize)> = [
                    (sp::ADD, 0),
                    (sp::ADD, 1),
                    (sp::RADD, 2),
                    (sp::NEG, 3),
                    (sp::MUL, 4),
                ]
                .into_iter()
                .filter(|(f, _)| self.class_has(k, *f))
                .collect();
                if ops.is_empty() {
                    return o;
                }
                match ops[self.pick(ops.len())].1 {
                    0 => format!("({o} + {})", self.expr(Obj(k as u8), e)),
                    1 => format!("({o} + {})", self.expr(Int, e)),
                    2 => format!("({} + {o})", self.expr(Int, e)),
                    3 => format!("(-{o})"),
                    _ => format!("({o} * {})", self.expr(Int, e)),
                }
            }
            3 if self.class_has(k, sp::MAKE) => format!("{name}.make({})", self.expr(Int, e)),
            4 if self.class_has(k, sp::LT) => {
                let a = self.expr(Obj(k as u8), e);
                let b = self.expr(Obj(k as u8), e);
                match self.pick(3) {
                    0 => format!("max({a}, {b})"),
                    1 => format!("min([{a}, {b}, {name}(0)])"),
                    _ => format!("sorted([{a}, {b}])[0]"),
                }
            }
            5 => self.ternary(Obj(k as u8), e),
            _ => self.leaf(Obj(k as u8)),
        }
    }

    /// A value of type `ty` computed from an instance, if some class
    /// supports it.
    fn obj_to(&mut self, ty: Ty, d: u32) -> Option<String> {
        let k = self.pick_class()?;
        let o = self.expr(Obj(k as u8), d);
        let name = self.classes[k].name.clone();
        let has = |g: &Self, f: u32| g.class_has(k, f);
        match ty {
            Int => match self.pick(10) {
                0 => Some(format!("{o}.x")),
                1 => Some(format!("{o}.y")),
                2 => self.method_call(Int, d),
                3 if has(self, sp::PROP) => Some(format!("{o}.p")),
                4 => Some(format!("{name}.k + {o}.k")),
                5 if has(self, sp::LEN) => Some(format!("len({o})")),
                6 if has(self, sp::GETITEM) => Some(format!("{o}[{}]", self.index())),
                7 if has(self, sp::CALL) => Some(format!("{o}({})", self.expr(Int, d))),
                8 if has(self, sp::ITER) => Some(format!("sum({o})")),
                9 if has(self, sp::ST) => Some(format!("{name}.st({})", self.expr(Int, d))),
                _ => Some(format!("{o}.x")),
            },
            Str => match self.pick(6) {
                0 => Some(format!("repr({o})")),
                1 => Some(format!("str({o})")),
                2 => self.method_call(Str, d),
                3 if self.classes[k].has_z => Some(format!("{o}.z")),
                4 if has(self, sp::LT) => {
                    let b = self.expr(Obj(k as u8), d);
                    Some(format!("str(sorted([{o}, {b}, {name}(1)], reverse=True))"))
                }
                _ => Some(format!("str([{o}, {name}(2)])")),
            },
            Bool => match self.pick(6) {
                0 => {
                    let b = self.expr(Obj(k as u8), d);
                    Some(format!("({o} == {b})"))
                }
                1 if has(self, sp::LT) => {
                    let b = self.expr(Obj(k as u8), d);
                    Some(format!("({o} < {b})"))
                }
                2 => Some(format!("bool({o})")),
                3 if has(self, sp::CONTAINS | sp::ITER | sp::GETITEM) => {
                    Some(format!("({} in {o})", self.expr(Int, d)))
                }
                4 => {
                    let j = self.pick(self.classes.len());
                    let jn = self.classes[j].name.clone();
                    Some(format!("isinstance({o}, {jn})"))
                }
                _ => self.method_call(Bool, d),
            },
            IntList => {
                if has(self, sp::ITER | sp::GETITEM) {
                    Some(format!("list({o})"))
                } else {
                    self.method_call(IntList, d)
                }
            }
            Float => self.method_call(Float, d),
            _ => None,
        }
    }
}
