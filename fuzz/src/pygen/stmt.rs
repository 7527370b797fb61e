//! Statements.

use super::{sp, FnKind, Func, Gen, Param, Ty, Ty::*, VALUE_TYS};

const EXC_NAMES: &[&str] = &[
    "ValueError",
    "TypeError",
    "IndexError",
    "KeyError",
    "ZeroDivisionError",
    "ArithmeticError",
    "LookupError",
    "AttributeError",
    "StopIteration",
    "OverflowError",
    "NameError",
    "RuntimeError",
    "AssertionError",
    "UnicodeError",
];

impl<'a, 'u> Gen<'a, 'u> {
    /// One statement; `depth` bounds the nesting of compound statements.
    pub(crate) fn stmt(&mut self, depth: u32) {
        if !self.take_budget() {
            return;
        }
        let nested = depth > 0 && !self.exhausted();
        let cleanup_ok = self.in_func().is_none_or(|c| !c.no_cleanup);
        match self.pick(29) {
            28 if nested => self.match_stmt(depth),
            27 if nested && cleanup_ok => self.send_stmt(),
            4..=6 => self.assign_new(),
            7 => self.assign_existing(),
            8 | 9 => self.aug_assign(),
            10 | 11 => self.list_mutation(),
            12 => self.dict_mutation(),
            13 => self.set_mutation(),
            14 | 15 if nested => self.if_stmt(depth),
            16 | 17 if nested && self.loops() < 2 => self.for_stmt(depth),
            18 if nested && self.loops() < 2 => self.while_stmt(depth),
            19 | 20 if nested && cleanup_ok => self.try_stmt(depth),
            21 => self.raise_stmt(),
            22 if nested && cleanup_ok => self.with_stmt(depth),
            23 => self.obj_stmt(),
            24 => self.control_stmt(),
            25 => self.unpack_stmt(),
            26 => self.callable_assign(),
            _ => self.print_stmt(),
        }
    }

    fn new_var_ty(&mut self) -> Ty {
        let n = self.classes.len();
        let i = self.pick(VALUE_TYS.len() + n.min(2));
        if i < VALUE_TYS.len() {
            VALUE_TYS[i]
        } else {
            Obj(self.pick(n) as u8)
        }
    }

    pub(crate) fn print_stmt(&mut self) {
        match self.pick(8) {
            0..=2 => {
                let (x, _) = self.any_printable(2);
                self.line(&format!("print({x})"));
            }
            3 => {
                let (x, _) = self.any_printable(2);
                let (y, _) = self.any_printable(1);
                self.line(&format!("print({x}, {y})"));
            }
            4 => {
                let (x, _) = self.any_printable(1);
                let (y, _) = self.any_printable(1);
                let sep = self.one_of(&["''", "'-'", "', '"]);
                self.line(&format!("print({x}, {y}, sep={sep})"));
            }
            5 => {
                let (x, _) = self.any_printable(2);
                let end = self.one_of(&["''", "' '", "'!\\n'"]);
                self.line(&format!("print({x}, end={end})"));
            }
            6 => {
                let s = self.expr(Set, 2);
                self.line(&format!("print(sorted({s}))"));
            }
            _ => {
                let t = if self.chance(1, 2) { IntList } else { StrList };
                let l = self.expr(t, 2);
                self.line(&format!("print(*{l})"));
            }
        }
    }

    fn assign_new(&mut self) {
        let ty = self.new_var_ty();
        let e = self.expr(ty, 2);
        let name = self.fresh_name(ty);
        self.line(&format!("{name} = {e}"));
        self.declare(&name, ty, true);
        if self.chance(1, 2) && ty.printable() {
            self.line(&format!("print({name})"));
        }
    }

    fn assign_existing(&mut self) {
        let ty = self.new_var_ty();
        match self.var_of(ty, true) {
            Some(v) => {
                let e = self.expr(ty, 2);
                self.line(&format!("{v} = {e}"));
            }
            None => self.print_stmt(),
        }
    }

    fn aug_assign(&mut self) {
        let ty = self.new_var_ty();
        let Some(v) = self.var_of(ty, true) else {
            return self.print_stmt();
        };
        let in_place = matches!(ty, IntList | StrList | Dict | Set);
        if in_place && self.frozen.contains(&v) {
            return self.print_stmt();
        }
        let (op, rhs) = match ty {
            Int => {
                let op = self.one_of(&["+=", "-=", "*=", "//=", "%=", "&=", "|=", "^="]);
                (op, self.expr(Int, 1))
            }
            Float => {
                let op = self.one_of(&["+=", "-=", "*=", "/="]);
                (op, self.expr(Float, 1))
            }
            Str | Bytes | Tuple | IntList | StrList => {
                if self.chance(1, 4) {
                    ("*=", self.one_of(&["0", "1", "2"]).to_string())
                } else {
                    ("+=", self.expr(ty, 1))
                }
            }
            Dict => ("|=", self.expr(Dict, 1)),
            Set => (self.one_of(&["|=", "&=", "-=", "^="]), self.expr(Set, 1)),
            Bool if self.avoids("bool-bitops") => return self.print_stmt(),
            Bool => (self.one_of(&["|=", "&=", "^="]), self.expr(Bool, 1)),
            Obj(k) => {
                if self.class_has(k as usize, sp::ADD) {
                    ("+=", self.expr(Obj(k), 1))
                } else {
                    return self.print_stmt();
                }
            }
            Call(_) => return self.print_stmt(),
        };
        self.line(&format!("{v} {op} {rhs}"));
        if self.chance(1, 2) && ty.printable() {
            self.line(&format!("print({v})"));
        }
    }

    fn list_mutation(&mut self) {
        let ty = if self.chance(1, 3) { StrList } else { IntList };
        let el = if ty == IntList { Int } else { Str };
        let Some(v) = self.mutable_var(ty) else {
            return self.print_stmt();
        };
        let s = match self.pick(15) {
            0 => format!("{v}.append({})", self.expr(el, 1)),
            1 => format!("{v}.extend({})", self.expr(ty, 1)),
            2 => format!("{v}.insert({}, {})", self.expr(Int, 0), self.expr(el, 1)),
            3 => format!("print({v}.pop())"),
            4 => format!("print({v}.pop({}))", self.expr(Int, 0)),
            5 => format!("{v}.remove({})", self.expr(el, 1)),
            6 => format!("{v}.sort()"),
            7 => format!("{v}.sort(reverse=True)"),
            8 => {
                let k = self.fresh_name(el);
                self.push_scope(false);
                self.declare(&k, el, false);
                let e = self.expr(Int, 1);
                self.pop_scope();
                format!("{v}.sort(key=lambda {k}: {e})")
            }
            9 => format!("{v}.reverse()"),
            10 => format!("del {v}[{}]", self.expr(Int, 0)),
            11 => format!("del {v}[{}:{}]", self.expr(Int, 0), self.expr(Int, 0)),
            12 => format!("{v}[{}] = {}", self.expr(Int, 0), self.expr(el, 1)),
            13 => format!(
                "{v}[{}:{}] = {}",
                self.expr(Int, 0),
                self.expr(Int, 0),
                self.expr(ty, 1)
            ),
            _ => format!("{v}.clear()"),
        };
        self.line(&s);
        if self.chance(1, 2) {
            self.line(&format!("print({v})"));
        }
    }

    fn key(&mut self) -> String {
        if self.chance(1, 4) {
            self.expr(Str, 1)
        } else {
            self.one_of(&["'a'", "'b'", "'c'", "'key'", "'zz'"]).into()
        }
    }

    fn dict_mutation(&mut self) {
        let Some(v) = self.mutable_var(Dict) else {
            return self.print_stmt();
        };
        let s = match self.pick(9) {
            0 | 1 => format!("{v}[{}] = {}", self.key(), self.expr(Int, 1)),
            2 => format!("del {v}[{}]", self.key()),
            3 => format!("print({v}.pop({}))", self.key()),
            4 => format!("print({v}.pop({}, {}))", self.key(), self.expr(Int, 0)),
            5 => format!(
                "print({v}.setdefault({}, {}))",
                self.key(),
                self.expr(Int, 0)
            ),
            6 => format!("{v}.update({})", self.expr(Dict, 1)),
            7 => format!("print({v}.popitem())"),
            _ => format!("{v}.update(zz={}, a=1)", self.expr(Int, 0)),
        };
        self.line(&s);
        if self.chance(1, 2) {
            self.line(&format!("print({v})"));
        }
    }

    fn set_mutation(&mut self) {
        let Some(v) = self.mutable_var(Set) else {
            return self.print_stmt();
        };
        // Never set.pop(): which element it takes is not defined alike.
        let s = match self.pick(5) {
            0 => format!("{v}.add({})", self.expr(Int, 1)),
            1 => format!("{v}.discard({})", self.expr(Int, 1)),
            2 => format!("{v}.remove({})", self.expr(Int, 1)),
            3 => format!("{v}.update({})", self.expr(IntList, 1)),
            _ => format!("{v}.clear()"),
        };
        self.line(&s);
        self.line(&format!("print(sorted({v}), len({v}))"));
    }

    pub(crate) fn body(&mut self, depth: u32, max: usize) {
        let n = 1 + self.pick(max);
        for _ in 0..n {
            self.stmt(depth - 1);
        }
    }

    fn if_stmt(&mut self, depth: u32) {
        let c = self.expr(Bool, 2);
        self.line(&format!("if {c}:"));
        self.block(|g| g.body(depth, 2));
        if self.chance(1, 3) {
            let c = self.expr(Bool, 1);
            self.line(&format!("elif {c}:"));
            self.block(|g| g.body(depth, 2));
        }
        if self.chance(1, 2) {
            self.line("else:");
            self.block(|g| g.body(depth, 2));
        }
    }

    fn for_stmt(&mut self, depth: u32) {
        let mut frozen = None;
        let (header, binds): (String, Vec<(String, Ty)>) = match self.pick(6) {
            0 | 1 => {
                let i = self.fresh_name(Int);
                let r = match self.pick(3) {
                    0 => format!("range({})", self.one_of(&["0", "1", "3", "4", "5"])),
                    1 => format!(
                        "range({}, {})",
                        self.one_of(&["-2", "0", "1"]),
                        self.one_of(&["2", "4"])
                    ),
                    _ => format!(
                        "range({}, {}, {})",
                        self.one_of(&["5", "0"]),
                        self.one_of(&["0", "-1", "5"]),
                        self.one_of(&["-1", "-2", "2"])
                    ),
                };
                (format!("for {i} in {r}:"), vec![(i, Int)])
            }
            2 | 3 => {
                let (src, et) = self.iter_src(1);
                if self.vars_of(IntList, false).contains(&src)
                    || self.vars_of(StrList, false).contains(&src)
                    || self.vars_of(Dict, false).contains(&src)
                {
                    frozen = Some(src.clone());
                }
                let x = self.fresh_name(et);
                (format!("for {x} in {src}:"), vec![(x, et)])
            }
            4 => {
                let (src, et) = self.iter_src(1);
                if self.vars_of(IntList, false).contains(&src)
                    || self.vars_of(StrList, false).contains(&src)
                {
                    frozen = Some(src.clone());
                }
                let i = self.fresh_name(Int);
                let x = self.fresh_name(et);
                let start = if self.chance(1, 3) { ", 1" } else { "" };
                (
                    format!("for {i}, {x} in enumerate({src}{start}):"),
                    vec![(i, Int), (x, et)],
                )
            }
            _ => {
                if self.chance(1, 2) {
                    let dd = self.expr(Dict, 1);
                    if self.vars_of(Dict, false).contains(&dd) {
                        frozen = Some(dd.clone());
                    }
                    let k = self.fresh_name(Str);
                    let v = self.fresh_name(Int);
                    (
                        format!("for {k}, {v} in {dd}.items():"),
                        vec![(k, Str), (v, Int)],
                    )
                } else {
                    let (a, ta) = self.iter_src(1);
                    let (b, tb) = self.iter_src(1);
                    let x = self.fresh_name(ta);
                    let y = self.fresh_name(tb);
                    (
                        format!("for {x}, {y} in zip({a}, {b}):"),
                        vec![(x, ta), (y, tb)],
                    )
                }
            }
        };
        self.line(&header);
        let pushed = frozen.is_some();
        if let Some(f) = frozen {
            self.frozen.push(f);
        }
        self.enter_loop(1);
        self.block(|g| {
            for (n, t) in &binds {
                g.declare(n, *t, true);
            }
            g.body(depth, 3);
        });
        self.enter_loop(-1);
        if pushed {
            self.frozen.pop();
        }
        if self.chance(1, 4) {
            self.line("else:");
            self.block(|g| g.print_stmt());
        }
    }

    /// `while` on a counter the body cannot assign.
    fn while_stmt(&mut self, depth: u32) {
        let w = self.fresh_name(Int);
        let n = self.one_of(&["0", "1", "3", "4"]);
        self.line(&format!("{w} = 0"));
        self.line(&format!("while {w} < {n}:"));
        self.enter_loop(1);
        self.block(|g| {
            g.line(&format!("{w} += 1"));
            g.declare(&w, Int, false);
            g.body(depth, 3);
        });
        self.enter_loop(-1);
        if self.chance(1, 4) {
            self.line("else:");
            self.block(|g| g.print_stmt());
        }
    }

    fn exc_name(&mut self) -> String {
        if self.chance(1, 4) {
            self.use_errors();
            return self.one_of(&["E1", "E2"]).into();
        }
        self.one_of(EXC_NAMES).into()
    }

    fn handler_body(&mut self, depth: u32, bound: bool) {
        match self.pick(7) {
            0 | 1 if bound => self.line("print('~exc', type(e).__name__, e)"),
            2 if bound => {
                self.line("print('~exc', type(e).__name__, e)");
                self.line("print('ctx', type(e.__context__).__name__, type(e.__cause__).__name__)");
            }
            3 => self.line("raise"),
            4 if bound => {
                self.use_errors();
                let m = self.expr(Str, 1);
                let from = self.one_of(&["e", "None"]);
                self.line(&format!("raise E1({m}) from {from}"));
            }
            5 => self.body(depth, 2),
            _ => {
                let s = self.str_lit_plain();
                self.line(&format!("print('caught', {s})"));
            }
        }
    }

    fn str_lit_plain(&mut self) -> String {
        self.one_of(&["'a'", "'b'", "'h'", "'x1'"]).into()
    }

    fn try_stmt(&mut self, depth: u32) {
        self.line("try:");
        self.block(|g| g.body(depth, 3));
        let handlers = self.pick(3);
        let mut any = false;
        for _ in 0..handlers {
            any = true;
            let (clause, bound) = match self.pick(4) {
                0 => (self.exc_name(), false),
                1 => {
                    let a = self.exc_name();
                    let b = self.exc_name();
                    (format!("({a}, {b}) as e"), true)
                }
                2 => ("Exception as e".to_string(), true),
                _ => (format!("{} as e", self.exc_name()), true),
            };
            self.line(&format!("except {clause}:"));
            self.block(|g| g.handler_body(depth, bound));
        }
        if any && self.chance(1, 3) {
            self.line("else:");
            self.block(|g| g.body(depth, 1));
        }
        if !any || self.chance(1, 2) {
            self.line("finally:");
            self.block(|g| {
                if g.chance(1, 2) {
                    let s = g.str_lit_plain();
                    g.line(&format!("print('finally', {s})"));
                } else {
                    g.body(depth, 2);
                }
            });
        }
    }

    fn raise_stmt(&mut self) {
        let cond = self.chance(3, 4);
        if cond {
            let c = self.expr(Bool, 2);
            self.line(&format!("if {c}:"));
            self.ind += 1;
        }
        let s = match self.pick(9) {
            0 => format!("raise ValueError({})", self.expr(Str, 1)),
            1 => {
                self.use_errors();
                format!("raise E1({})", self.expr(Str, 1))
            }
            2 => {
                self.use_errors();
                format!("raise E2({})", self.expr(Int, 1))
            }
            3 => format!("raise KeyError({})", self.expr(Str, 1)),
            4 => "raise TypeError".to_string(),
            5 => format!(
                "raise IndexError({}, {})",
                self.expr(Int, 1),
                self.expr(Str, 0)
            ),
            6 => "raise RuntimeError('boom') from None".to_string(),
            7 => format!("assert {}", self.expr(Bool, 2)),
            _ => format!("assert {}, {}", self.expr(Bool, 1), self.expr(Str, 1)),
        };
        self.line(&s);
        if cond {
            self.ind -= 1;
        }
    }

    fn with_stmt(&mut self, depth: u32) {
        self.use_cm();
        let tag = self.expr(Str, 1);
        let swallow = self.expr(Bool, 1);
        let v = self.fresh_name(Str);
        if self.chance(1, 4) {
            let w = self.fresh_name(Str);
            self.line(&format!(
                "with CM({tag}, {swallow}) as {v}, CM('inner') as {w}:"
            ));
            self.block(|g| {
                g.declare(&v, Str, true);
                g.declare(&w, Str, true);
                g.body(depth, 3);
            });
        } else {
            self.line(&format!("with CM({tag}, {swallow}) as {v}:"));
            self.block(|g| {
                g.declare(&v, Str, true);
                g.body(depth, 3);
            });
        }
    }

    fn obj_stmt(&mut self) {
        let Some(k) = self.pick_class() else {
            return self.print_stmt();
        };
        let Some(o) = self.var_of(Obj(k as u8), false) else {
            return self.print_stmt();
        };
        match self.pick(4) {
            0 => {
                let e = self.expr(Int, 1);
                self.line(&format!("{o}.x = {e}"));
            }
            1 => {
                let e = self.expr(Int, 1);
                self.line(&format!("{o}.y += {e}"));
            }
            2 => {
                let e = self.expr(Str, 1);
                self.line(&format!("{o}.w = {e}"));
                self.line(&format!("print({o}.w)"));
            }
            _ => {
                let e = self.expr(Int, 1);
                self.line(&format!("{o}.k = {e}"));
                let name = self.classes[k].name.clone();
                self.line(&format!("print({o}.k, {name}.k)"));
            }
        }
        self.line(&format!("print({o})"));
    }

    /// break / continue in loops, return in functions (conditional).
    fn control_stmt(&mut self) {
        let f = self.in_func();
        let in_loop = self.loops() > 0;
        let s = if in_loop && self.chance(1, 2) {
            self.one_of(&["break", "continue"]).to_string()
        } else if let Some(c) = f {
            if c.gen {
                "return".to_string()
            } else {
                format!("return {}", self.expr(c.ret, 1))
            }
        } else {
            return self.print_stmt();
        };
        let c = self.expr(Bool, 1);
        self.line(&format!("if {c}:"));
        self.line(&format!("    {s}"));
    }

    fn unpack_stmt(&mut self) {
        match self.pick(3) {
            0 => {
                let a = self.fresh_name(Int);
                let b = self.fresh_name(Str);
                let x = self.expr(Int, 1);
                let y = self.expr(Str, 1);
                self.line(&format!("{a}, {b} = {x}, {y}"));
                self.line(&format!("print({a}, {b})"));
                self.declare(&a, Int, true);
                self.declare(&b, Str, true);
            }
            1 => {
                let a = self.fresh_name(Int);
                let r = self.fresh_name(IntList);
                let l = self.expr(IntList, 2);
                if self.chance(1, 2) {
                    self.line(&format!("{a}, *{r} = {l}"));
                } else {
                    self.line(&format!("*{r}, {a} = {l}"));
                }
                self.line(&format!("print({a}, {r})"));
                self.declare(&a, Int, true);
                self.declare(&r, IntList, true);
            }
            _ => {
                let a = self.fresh_name(Int);
                let b = self.fresh_name(Int);
                let x = self.expr(Int, 1);
                let y = self.expr(Int, 1);
                self.line(&format!("{a}, {b} = divmod({x}, {y})"));
                self.line(&format!("print({a}, {b})"));
                self.declare(&a, Int, true);
                self.declare(&b, Int, true);
            }
        }
    }

    /// A generator driven by `send`, `throw` and `close`, with its return
    /// value read from StopIteration.
    fn send_stmt(&mut self) {
        let g = self.fresh_name(Int);
        let it = self.fresh_name(Int);
        self.line(&format!("def {g}(total):"));
        self.line("    while True:");
        self.line("        try:");
        self.line("            v = yield total");
        self.line("        except KeyError as e:");
        self.line("            v = len(str(e))");
        self.line("        if v is None:");
        self.line("            return total * 2");
        let e = self.expr(Int, 1);
        self.line(&format!("        total += v + {e}"));
        let start = self.expr(Int, 1);
        self.line(&format!("{it} = {g}({start})"));
        let a = self.expr(Int, 1);
        let b = self.expr(Int, 1);
        self.line(&format!(
            "print(next({it}), {it}.send({a}), {it}.send({b}))"
        ));
        if self.chance(1, 2) {
            let k = self.expr(Str, 1);
            self.line(&format!("print({it}.throw(KeyError({k})))"));
        }
        self.line("try:");
        if self.chance(1, 3) {
            self.line(&format!("    {it}.close()"));
            self.line(&format!("    print(next({it}))"));
        } else {
            self.line(&format!("    {it}.send(None)"));
        }
        self.line("except StopIteration as e:");
        self.line("    print('stop', e.value, e.args)");
    }

    /// `h = maker(...)` or `h = lambda ...: ...`.
    fn callable_assign(&mut self) {
        let makers = self.callables(|f| matches!(f.ret, Call(_)) && f.kind == FnKind::Plain);
        if !makers.is_empty() && self.chance(1, 2) {
            let (n, idx) = makers[self.pick(makers.len())].clone();
            let Call(j) = self.funcs[idx as usize].ret else {
                return;
            };
            let call = self.call_args(&n, idx, 1);
            let h = self.fresh_name(Call(j));
            self.line(&format!("{h} = {call}"));
            self.declare(&h, Call(j), false);
            for _ in 0..1 + self.pick(2) {
                let c = self.call_args(&h, j, 1);
                self.line(&format!("print({c})"));
            }
            return;
        }
        let ret = match self.pick(4) {
            0 => Int,
            1 => Str,
            2 => Bool,
            _ => IntList,
        };
        let f = Func {
            params: vec![
                Param {
                    name: "u".into(),
                    ty: Int,
                    default: None,
                },
                Param {
                    name: "w".into(),
                    ty: Int,
                    default: Some(self.lit(Int)),
                },
            ],
            star: false,
            kw: false,
            ret,
            kind: FnKind::Plain,
        };
        self.push_scope(false);
        self.declare("u", Int, false);
        self.declare("w", Int, false);
        let body = self.expr(ret, 2);
        self.pop_scope();
        let idx = self.funcs.len() as u16;
        let d = f.params[1].default.clone().unwrap_or_default();
        self.funcs.push(f);
        let h = self.fresh_name(Call(idx));
        self.line(&format!("{h} = lambda u, w={d}: {body}"));
        self.declare(&h, Call(idx), false);
        let c = self.call_args(&h, idx, 1);
        self.line(&format!("print({c})"));
    }
}
