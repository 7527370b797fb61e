//! The imports of a module, found in its bytecode without running it, and
//! the attributes its code reads from each imported module: what
//! `capy audit` checks against a policy.
//!
//! The compiler emits every import statement in one shape
//! (`crates/capy-compiler/src/compile/stmt.rs`):
//!
//! ```text
//! import a.b [as d]         LoadSmallInt(0) LoadNone ImportName(a.b) [LoadAttr(b)] Store*(a | d)
//! from .m import x [as y]   LoadSmallInt(level) LoadConst((x,)) ImportName(m) ImportFrom(x) Store*(x | y) Pop
//! from m import *           LoadSmallInt(level) LoadConst(('*',)) ImportName(m) ImportStar
//! ```
//!
//! so the statement, its level and names are read from the instructions
//! around each `ImportName`. The uses of a name bound to a module are its
//! loads (`LoadName`/`LoadGlobal`, `LoadFast` or `LoadDeref`, by where the
//! import stored it) with the `LoadAttr`/`LoadMethod` chain that follows
//! each. This over-approximates (a global rebound to something else still
//! counts) and cannot see `__import__()` or `getattr(m, name)`: an audit
//! lists more names than run, never fewer, except for such dynamic access.

use capy_compiler::{Code, Const, Instr};
use std::rc::Rc;

/// One use of a name bound to a module: the attributes read from it in
/// one chain (`m.a.b` → `[a, b]`), empty when the module object itself is
/// used (passed, stored, compared).
#[derive(Clone, Debug, PartialEq)]
pub struct Use {
    pub line: u32,
    pub attrs: Vec<String>,
}

/// One name of a `from ... import` statement.
#[derive(Clone, Debug, PartialEq)]
pub struct FromName {
    pub name: String,
    /// Uses of the name it was bound to, in case it is a submodule.
    pub uses: Vec<Use>,
}

/// What one import statement imports.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// `import a.b.c`: binds `a` (`bound` = `"a"`), or with `as d` the
    /// module itself (`bound` = `"a.b.c"`).
    Module {
        module: String,
        bound: String,
        uses: Vec<Use>,
    },
    /// `from module import names`.
    From {
        module: String,
        names: Vec<FromName>,
    },
    /// `from module import *`.
    Star { module: String },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Import {
    pub line: u32,
    pub kind: Kind,
}

/// The result of scanning a module.
#[derive(Debug, Default)]
pub struct Scan {
    pub imports: Vec<Import>,
    /// Statements that will fail when they run (a relative import with no
    /// package), as messages with their line.
    pub notes: Vec<String>,
}

/// The imports of the module compiled to `code`. `package` is the package
/// relative imports start from: the module itself for a package's
/// `__init__`, else its parent (`""` for a top-level module or the
/// program, where relative imports fail).
pub fn scan(code: &Rc<Code>, package: &str) -> Scan {
    let mut all = Vec::new();
    collect_codes(code, &mut all, 0);
    let mut out = Scan::default();
    for c in &all {
        for (i, ins) in c.instrs.iter().enumerate() {
            if let Instr::ImportName(idx) = ins {
                statement(c, &all, i, *idx, package, &mut out);
            }
        }
    }
    out
}

/// Nested code objects (functions, classes, comprehensions), depth-first.
/// The compiler bounds nesting, but the depth is capped here as well so a
/// hand-made code object cannot recurse without end.
fn collect_codes(code: &Rc<Code>, out: &mut Vec<Rc<Code>>, depth: usize) {
    out.push(code.clone());
    if depth > 1000 {
        return;
    }
    for k in &code.consts {
        collect_const(k, out, depth + 1);
    }
}

fn collect_const(k: &Const, out: &mut Vec<Rc<Code>>, depth: usize) {
    match k {
        Const::Code(c) => collect_codes(c, out, depth),
        Const::Tuple(items) if depth <= 1000 => {
            for k in items.iter() {
                collect_const(k, out, depth + 1);
            }
        }
        _ => {}
    }
}

fn name_at(c: &Code, idx: u32) -> Option<&str> {
    c.names.get(idx as usize).map(|s| &**s)
}

/// Reads the import statement whose `ImportName` is instruction `i` of `c`.
fn statement(c: &Rc<Code>, all: &[Rc<Code>], i: usize, idx: u32, package: &str, out: &mut Scan) {
    let line = c.line_at(i);
    let Some(name) = name_at(c, idx) else { return };
    let level = match i.checked_sub(2).and_then(|j| c.instrs.get(j)) {
        Some(Instr::LoadSmallInt(l)) => (*l).max(0) as usize,
        _ => 0,
    };
    let fromlist: Option<Vec<String>> = match i.checked_sub(1).and_then(|j| c.instrs.get(j)) {
        Some(Instr::LoadConst(k)) => match c.consts.get(*k as usize) {
            Some(Const::Tuple(items)) => Some(
                items
                    .iter()
                    .filter_map(|k| match k {
                        Const::Str(s) => Some(s.to_string()),
                        _ => None,
                    })
                    .collect(),
            ),
            _ => None,
        },
        _ => None,
    };
    let module = if level == 0 {
        name.to_string()
    } else {
        match relative_base(package, level) {
            Ok(base) if name.is_empty() => base,
            Ok(base) => format!("{base}.{name}"),
            Err(why) => {
                let dots = ".".repeat(level);
                out.notes.push(format!(
                    "line {line}: `from {dots}{name} import ...`: {why} (ImportError when it runs)"
                ));
                return;
            }
        }
    };
    let Some(fromlist) = fromlist else {
        // `import a.b.c [as d]`: LoadAttr instructions walk to the
        // submodule when it is bound under another name.
        let mut j = i + 1;
        let mut walked = false;
        while let Some(Instr::LoadAttr(_)) = c.instrs.get(j) {
            walked = true;
            j += 1;
        }
        let bound = if walked {
            module.clone()
        } else {
            module.split('.').next().unwrap_or(&module).to_string()
        };
        let uses = uses_of_store(c, all, j);
        out.imports.push(Import {
            line,
            kind: Kind::Module {
                module,
                bound,
                uses,
            },
        });
        return;
    };
    if matches!(c.instrs.get(i + 1), Some(Instr::ImportStar)) {
        out.imports.push(Import {
            line,
            kind: Kind::Star { module },
        });
        return;
    }
    let mut names = Vec::new();
    let mut j = i + 1;
    while let Some(Instr::ImportFrom(n)) = c.instrs.get(j) {
        let name = name_at(c, *n).unwrap_or("?").to_string();
        names.push(FromName {
            name,
            uses: uses_of_store(c, all, j + 1),
        });
        j += 2;
    }
    // The fromlist is the authority on the names; the instructions only
    // add where each was bound.
    for n in fromlist {
        if !names.iter().any(|x| x.name == n) {
            names.push(FromName {
                name: n,
                uses: Vec::new(),
            });
        }
    }
    out.imports.push(Import {
        line,
        kind: Kind::From { module, names },
    });
}

/// The package a relative import of `level` dots starts from, as the VM's
/// `current_package` computes it (with its messages).
fn relative_base(package: &str, level: usize) -> Result<String, &'static str> {
    if package.is_empty() || package == "__main__" {
        return Err("attempted relative import with no known parent package");
    }
    let mut base = package.to_string();
    for _ in 1..level {
        let (parent, _) = base
            .rsplit_once('.')
            .ok_or("attempted relative import beyond top-level package")?;
        base = parent.to_string();
    }
    Ok(base)
}

/// Where a store instruction put a value.
enum Slot {
    /// A module global (or a class-body name, taken as one: over-approximate).
    Global(String),
    /// Local `index` of the code object that stored it.
    Fast(u32),
    /// A cell of that code object, by name; nested functions load it too.
    Cell(String),
}

/// The uses of the value stored by instruction `j` of `c`.
fn uses_of_store(c: &Rc<Code>, all: &[Rc<Code>], j: usize) -> Vec<Use> {
    let slot = match c.instrs.get(j) {
        Some(Instr::StoreName(k) | Instr::StoreGlobal(k)) => match name_at(c, *k) {
            Some(n) => Slot::Global(n.to_string()),
            None => return Vec::new(),
        },
        Some(Instr::StoreFast(v)) => Slot::Fast(*v),
        Some(Instr::StoreDeref(k)) => match c.cell_name(*k as usize) {
            Some(n) => Slot::Cell(n.to_string()),
            None => return Vec::new(),
        },
        _ => return Vec::new(),
    };
    let mut uses = Vec::new();
    match &slot {
        Slot::Global(name) => {
            for code in all {
                loads(code, &mut uses, |ins| match ins {
                    Instr::LoadName(k) | Instr::LoadGlobal(k) => name_at(code, *k) == Some(name),
                    _ => false,
                });
            }
        }
        Slot::Fast(v) => loads(
            c,
            &mut uses,
            |ins| matches!(ins, Instr::LoadFast(x) if x == v),
        ),
        Slot::Cell(name) => {
            let mut nested = Vec::new();
            collect_codes(c, &mut nested, 0);
            for code in &nested {
                loads(code, &mut uses, |ins| match ins {
                    Instr::LoadDeref(k) | Instr::LoadClassDeref(k) => {
                        code.cell_name(*k as usize).map(|s| &**s) == Some(name.as_str())
                    }
                    _ => false,
                });
            }
        }
    }
    uses
}

/// Appends a [`Use`] for each instruction of `code` that `is_load` picks,
/// with the attribute chain that follows it.
fn loads(code: &Code, uses: &mut Vec<Use>, is_load: impl Fn(&Instr) -> bool) {
    for (u, ins) in code.instrs.iter().enumerate() {
        if !is_load(ins) {
            continue;
        }
        let mut attrs = Vec::new();
        for next in &code.instrs[u + 1..] {
            match next {
                Instr::LoadAttr(a) | Instr::LoadMethod(a) => {
                    attrs.push(name_at(code, *a).unwrap_or("?").to_string());
                }
                // `m.x = v` and `del m.x` end a chain with the name written.
                Instr::StoreAttr(a) | Instr::DeleteAttr(a) => {
                    attrs.push(name_at(code, *a).unwrap_or("?").to_string());
                    break;
                }
                _ => break,
            }
        }
        uses.push(Use {
            line: code.line_at(u),
            attrs,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use capy_compiler::Mode;

    fn imports(src: &str, package: &str) -> Scan {
        let code = capy_compiler::compile(src, "t.py", Mode::Exec).expect("compiles");
        scan(&code, package)
    }

    fn attrs(uses: &[Use]) -> Vec<String> {
        uses.iter().map(|u| u.attrs.join(".")).collect()
    }

    #[test]
    fn plain_import_and_attributes() {
        let s = imports(
            "import parser\nx = parser.parse(1)\ny = parser.Error\ndef f():\n    return parser.helper.deep\n",
            "",
        );
        let [Import {
            line: 1,
            kind:
                Kind::Module {
                    module,
                    bound,
                    uses,
                },
        }] = &s.imports[..]
        else {
            panic!("{:?}", s.imports);
        };
        assert_eq!((module.as_str(), bound.as_str()), ("parser", "parser"));
        assert_eq!(attrs(uses), ["parse", "Error", "helper.deep"]);
        assert_eq!(uses.iter().map(|u| u.line).collect::<Vec<_>>(), [2, 3, 5]);
    }

    #[test]
    fn dotted_imports() {
        let s = imports(
            "import a.b.c\na.b.c.f()\nimport a.b as ab\nab.g = 1\nprint(ab)\n",
            "",
        );
        assert_eq!(s.imports.len(), 2);
        let Kind::Module {
            module,
            bound,
            uses,
        } = &s.imports[0].kind
        else {
            panic!()
        };
        assert_eq!((module.as_str(), bound.as_str()), ("a.b.c", "a"));
        assert_eq!(attrs(uses), ["b.c.f"]);
        let Kind::Module {
            module,
            bound,
            uses,
        } = &s.imports[1].kind
        else {
            panic!()
        };
        assert_eq!((module.as_str(), bound.as_str()), ("a.b", "a.b"));
        // Written, then used whole.
        assert_eq!(attrs(uses), ["g", ""]);
    }

    #[test]
    fn from_imports() {
        let s = imports(
            "from lexer import tokens, Token as T\nfrom . import sib\nsib.run()\nfrom ..up import *\n",
            "pkg.sub",
        );
        assert_eq!(s.imports.len(), 3);
        let Kind::From { module, names } = &s.imports[0].kind else {
            panic!()
        };
        assert_eq!(module, "lexer");
        let ns: Vec<&str> = names.iter().map(|n| n.name.as_str()).collect();
        assert_eq!(ns, ["tokens", "Token"]);
        let Kind::From { module, names } = &s.imports[1].kind else {
            panic!()
        };
        assert_eq!(module, "pkg.sub");
        assert_eq!(attrs(&names[0].uses), ["run"]);
        assert_eq!(
            s.imports[2].kind,
            Kind::Star {
                module: "pkg.up".into()
            }
        );
    }

    #[test]
    fn local_and_cell_bindings() {
        let s = imports(
            "def f():\n    import m\n    return m.a\ndef g():\n    import n\n    def h():\n        return n.b\n    return h\n",
            "",
        );
        let got: Vec<(String, Vec<String>)> = s
            .imports
            .iter()
            .map(|i| match &i.kind {
                Kind::Module { module, uses, .. } => (module.clone(), attrs(uses)),
                _ => panic!(),
            })
            .collect();
        assert_eq!(
            got,
            [
                ("m".to_string(), vec!["a".to_string()]),
                ("n".to_string(), vec!["b".to_string()])
            ]
        );
    }

    #[test]
    fn relative_import_without_package() {
        let s = imports("from . import x\n", "");
        assert!(s.imports.is_empty());
        assert_eq!(s.notes.len(), 1);
        assert!(
            s.notes[0].starts_with("line 1: `from . import ...`"),
            "{:?}",
            s.notes
        );
        let s = imports("from ... import x\n", "a.b");
        assert_eq!(s.notes.len(), 1);
    }
}
