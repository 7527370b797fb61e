//! String formatting expressions: f-strings, `%` and `str.format`.

use super::{Gen, Ty, Ty::*};

impl<'a, 'u> Gen<'a, 'u> {
    pub(crate) fn int_spec(&mut self) -> &'static str {
        self.one_of(&[
            "", "d", "5d", "<5", ">6", "^7", "05d", "+d", "x", "X", "#x", "o", "b", "#b", ",", "_",
            "e", ".2f", "%", "*^9", "-5", " d", "=+8", "c", ".3",
        ])
    }

    pub(crate) fn float_spec(&mut self) -> &'static str {
        self.one_of(&[
            "", ".2f", ".0f", ".3e", "e", "g", ".4g", "10.3f", "+.1f", ",.2f", "%", ".1%", "E",
            "G", "<10", "^12.2f", "08.2f", ".10g", "d", "_.3f", ".0e", "#.0f",
        ])
    }

    fn str_spec(&mut self) -> &'static str {
        self.one_of(&[
            "", ">8", "<8", "^9", "*^9", ".2", "10.3", "s", "-<6", "d", "=5",
        ])
    }

    fn spec_for(&mut self, ty: Ty) -> &'static str {
        match ty {
            Int | Bool => self.int_spec(),
            Float => self.float_spec(),
            Str => self.str_spec(),
            _ => self.one_of(&["", "", ">5"]),
        }
    }

    /// `f"..."` with 1-3 replacement fields (never nested).
    pub(crate) fn fstring(&mut self, d: u32) -> String {
        if self.in_fstring {
            return self.str_lit();
        }
        self.in_fstring = true;
        let mut s = String::from("f\"");
        for _ in 0..1 + self.pick(3) {
            let text = self.one_of(&["", "x=", " ", "-", "[", "] ", ": ", "{{", "}}", "%", "ü"]);
            s.push_str(text);
            if self.chance(1, 10) {
                let mut names: Vec<String> = Vec::new();
                for t in [Int, Str, Float, IntList] {
                    names.extend(self.vars_of(t, false));
                }
                if !names.is_empty() {
                    let n = names[self.pick(names.len())].clone();
                    s.push_str(&format!("{{{n}=}}"));
                    continue;
                }
            }
            let (x, ty) = self.any_printable(d);
            match self.pick(5) {
                0 | 1 => s.push_str(&format!("{{({x})}}")),
                2 => s.push_str(&format!("{{({x})!r}}")),
                3 => {
                    let spec = self.spec_for(ty);
                    s.push_str(&format!("{{({x}):{spec}}}"));
                }
                _ => {
                    let w = self.one_of(&["3", "6", "0"]);
                    s.push_str(&format!("{{({x})!s:>{{{w}}}}}"));
                }
            }
        }
        s.push('"');
        self.in_fstring = false;
        s
    }

    /// `'...' % args`.
    pub(crate) fn percent(&mut self, d: u32) -> String {
        match self.pick(8) {
            0 => {
                let f = self.one_of(&[
                    "%d", "%5d", "%-5d|", "%05d", "%+d", "%x", "%X", "%o", "%#x", "%#o", "%i",
                ]);
                format!("('{f}' % {})", self.operand(Int, d))
            }
            1 => {
                let f = self.one_of(&[
                    "%f", "%.2f", "%10.3f", "%e", "%.3e", "%g", "%.3g", "%E", "%G", "%-8.1f|",
                    "%+.2f", "%%%.1f", "%.0f", "%#g",
                ]);
                format!("('{f}' % {})", self.operand(Float, d))
            }
            2 => {
                let f = self.one_of(&["%s", "%r", "%10s|", "%-6r|", "%.2s", "%a"]);
                let (x, _) = self.any_printable(d);
                format!("('{f}' % ({x},))")
            }
            3 => {
                let (a, _) = self.any_printable(d);
                let (b, _) = self.any_printable(d);
                format!("('%s and %r' % ({a}, {b}))")
            }
            4 => format!("('%(a)s-%(b)d' % {})", self.expr(Dict, d)),
            5 => {
                let x = if self.chance(1, 2) {
                    self.expr(Int, d)
                } else {
                    self.expr(Str, d)
                };
                format!("('%c' % ({x},))")
            }
            6 => {
                if self.chance(1, 2) {
                    format!("('%*d' % ({}, {}))", self.small_int(), self.expr(Int, d))
                } else {
                    format!("('%.*f' % ({}, {}))", self.small_int(), self.expr(Float, d))
                }
            }
            _ => match self.pick(3) {
                0 => format!("('%d' % ({},))", self.expr(Str, d)),
                1 => format!("('%s %s' % ({},))", self.expr(Int, d)),
                _ => format!("('%s' % ({}, {}))", self.expr(Int, d), self.expr(Int, d)),
            },
        }
    }

    /// `'...'.format(...)`.
    pub(crate) fn format_call(&mut self, d: u32) -> String {
        let (a, ta) = self.any_printable(d);
        match self.pick(10) {
            0 => {
                let (b, _) = self.any_printable(d);
                format!("'{{}} and {{}}'.format({a}, {b})")
            }
            1 => {
                let (b, _) = self.any_printable(d);
                format!("'{{0}}/{{1}}/{{0}}'.format({a}, {b})")
            }
            2 => {
                let spec = self.spec_for(ta);
                format!("'{{:{spec}}}|'.format({a})")
            }
            3 => {
                let (b, _) = self.any_printable(d);
                format!("'{{x}}:{{y}}'.format(x={a}, y={b})")
            }
            4 => format!("'{{0[0]}}'.format({})", self.expr(IntList, d)),
            5 => format!("'{{!r}}'.format({a})"),
            6 => format!("'{{:.3f}}'.format({})", self.expr(Float, d)),
            7 => format!("'{{:,}}'.format({})", self.expr(Int, d)),
            8 => format!("'{{:{{w}}}}'.format({a}, w={})", self.small_int()),
            _ => format!("'{{}} {{}}'.format({a})"),
        }
    }
}
