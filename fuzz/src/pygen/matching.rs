//! `match` statements: a subject of a generated type and cases whose
//! patterns fit it (or deliberately do not), with captures used only in
//! their own case (a failed case may leave captures bound in capy, where
//! CPython binds none: PEP 634 leaves that open).

use super::expr::KEYS;
use super::{Gen, Ty, Ty::*};

impl<'a, 'u> Gen<'a, 'u> {
    pub(crate) fn match_stmt(&mut self, depth: u32) {
        let ty = [Int, Float, Bool, Str, Bytes, IntList, Tuple, Dict][self.pick(8)];
        let subject = self.expr(ty, 2);
        self.line(&format!("match {subject}:"));
        self.ind += 1;
        let cases = 1 + self.pick(4);
        for _ in 0..cases {
            self.match_case(ty, depth, false);
        }
        if self.chance(1, 2) {
            self.match_case(ty, depth, true);
        }
        self.ind -= 1;
    }

    /// One `case`; `last` allows an irrefutable pattern.
    fn match_case(&mut self, ty: Ty, depth: u32, last: bool) {
        let mut binds = Vec::new();
        let pattern = if last {
            match self.pick(2) {
                0 => "_".to_string(),
                _ => self.capture(ty, &mut binds),
            }
        } else {
            self.pattern(ty, 2, &mut binds)
        };
        self.push_scope(false);
        for (name, t) in &binds {
            self.declare(name, *t, true);
        }
        let guard = if self.chance(1, 4) {
            format!(" if {}", self.expr(Bool, 1))
        } else {
            String::new()
        };
        self.line(&format!("case {pattern}{guard}:"));
        self.block(|g| {
            if let Some((name, t)) = binds.first() {
                if t.printable() {
                    g.line(&format!("print('case', {name})"));
                }
            }
            g.body(depth, 2)
        });
        self.pop_scope();
    }

    fn capture(&mut self, ty: Ty, binds: &mut Vec<(String, Ty)>) -> String {
        let name = self.fresh_name(ty);
        binds.push((name.clone(), ty));
        name
    }

    /// A refutable pattern for a value of type `ty`.
    fn pattern(&mut self, ty: Ty, d: u32, binds: &mut Vec<(String, Ty)>) -> String {
        let simple = d == 0 || self.chance(1, 3);
        match (ty, simple) {
            (_, _) if self.chance(1, 8) => {
                // Alternatives binding nothing.
                let a = self.lit(ty);
                let b = self.lit(ty);
                format!("{a} | {b}")
            }
            (Int | Float | Bool | Str | Bytes, _) => match self.pick(4) {
                0 => {
                    let cls = type_name(ty);
                    let n = self.capture(ty, binds);
                    format!("{cls}({n})")
                }
                1 => {
                    let lit = self.lit(ty);
                    let n = self.capture(ty, binds);
                    format!("({lit} | {}) as {n}", self.lit(ty))
                }
                2 => format!("{}()", type_name(ty)),
                _ => self.lit(ty),
            },
            (IntList | Tuple, true) => match self.pick(3) {
                0 => "[]".to_string(),
                1 => format!("{}()", type_name(ty)),
                _ => {
                    let n = self.capture(ty, binds);
                    format!("{}({n})", type_name(ty))
                }
            },
            (IntList | Tuple, false) => {
                let len = self.pick(4);
                let star = self.chance(1, 2).then(|| self.pick(len + 1));
                let mut items = Vec::new();
                for i in 0..=len {
                    if star == Some(i) {
                        if self.chance(1, 2) {
                            items.push("*_".to_string());
                        } else {
                            let r = self.capture(IntList, binds);
                            items.push(format!("*{r}"));
                        }
                    }
                    if i < len {
                        let item = match self.pick(4) {
                            0 => self.small_int().to_string(),
                            1 => "_".to_string(),
                            2 => format!("int({})", self.capture(Int, binds)),
                            _ => self.capture(Int, binds),
                        };
                        items.push(item);
                    }
                }
                let (open, close) = if self.chance(1, 2) {
                    ("[", "]")
                } else {
                    ("(", ")")
                };
                let trail = if items.len() == 1 && open == "(" {
                    ","
                } else {
                    ""
                };
                format!("{open}{}{trail}{close}", items.join(", "))
            }
            (Dict, _) => {
                let n = self.pick(3);
                let mut items = Vec::new();
                let mut used = Vec::new();
                for _ in 0..n {
                    let k = self.one_of(KEYS);
                    if used.contains(&k) {
                        continue;
                    }
                    used.push(k);
                    let v = match self.pick(3) {
                        0 => self.small_int().to_string(),
                        1 => format!("int({})", self.capture(Int, binds)),
                        _ => self.capture(Int, binds),
                    };
                    items.push(format!("{k}: {v}"));
                }
                if self.chance(1, 3) {
                    let r = self.capture(Dict, binds);
                    items.push(format!("**{r}"));
                }
                format!("{{{}}}", items.join(", "))
            }
            _ => "None".to_string(),
        }
    }
}

fn type_name(ty: Ty) -> &'static str {
    match ty {
        Int => "int",
        Float => "float",
        Bool => "bool",
        Str => "str",
        Bytes => "bytes",
        IntList => "list",
        Tuple => "tuple",
        Dict => "dict",
        _ => "object",
    }
}
