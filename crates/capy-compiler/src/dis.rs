//! A human-readable disassembly of code objects, for debugging and tests.
//!
//! Format: a header line per code object, then one line per instruction:
//! `index line  Instr(arg)  (resolved name or constant)`. Nested code
//! objects in the constant table are disassembled after their parent.

use crate::bytecode::{Code, Const, Instr};
use std::fmt::Write;

/// Disassemble `code` and, recursively, every code object among its constants.
pub fn disassemble(code: &Code) -> String {
    let mut out = String::new();
    disassemble_into(code, &mut out);
    out
}

fn disassemble_into(code: &Code, out: &mut String) {
    let _ = writeln!(
        out,
        "code {} (qualname {}, line {}, flags {:#x}, argcount {}, posonly {}, kwonly {})",
        code.name,
        code.qualname,
        code.first_line,
        code.flags,
        code.argcount,
        code.posonlyargcount,
        code.kwonlyargcount
    );
    let _ = writeln!(
        out,
        "  varnames: {:?}",
        code.varnames.iter().map(|s| &**s).collect::<Vec<_>>()
    );
    if !code.cellvars.is_empty() || !code.freevars.is_empty() {
        let _ = writeln!(
            out,
            "  cellvars: {:?} cell2arg: {:?} freevars: {:?}",
            code.cellvars.iter().map(|s| &**s).collect::<Vec<_>>(),
            code.cell2arg,
            code.freevars.iter().map(|s| &**s).collect::<Vec<_>>()
        );
    }
    for (i, instr) in code.instrs.iter().enumerate() {
        let line = code.line_at(i);
        let note = annotation(code, instr);
        if note.is_empty() {
            let _ = writeln!(out, "{i:>5} {line:>4}  {instr:?}");
        } else {
            let _ = writeln!(out, "{i:>5} {line:>4}  {instr:?}  ({note})");
        }
    }
    for c in &code.consts {
        if let Const::Code(inner) = c {
            out.push('\n');
            disassemble_into(inner, out);
        }
    }
}

/// The name or constant an instruction's argument refers to.
fn annotation(code: &Code, instr: &Instr) -> String {
    let name = |i: &u32| {
        code.names
            .get(*i as usize)
            .map(|s| s.to_string())
            .unwrap_or_else(|| "?".into())
    };
    let var = |i: &u32| {
        code.varnames
            .get(*i as usize)
            .map(|s| s.to_string())
            .unwrap_or_else(|| "?".into())
    };
    let cell = |i: &u32| {
        code.cell_name(*i as usize)
            .map(|s| s.to_string())
            .unwrap_or_else(|| "?".into())
    };
    match instr {
        Instr::LoadConst(i) => match code.consts.get(*i as usize) {
            Some(Const::Code(c)) => format!("<code {}>", c.qualname),
            Some(c) => const_repr(c),
            None => "?".into(),
        },
        Instr::LoadFast(i) | Instr::StoreFast(i) | Instr::DeleteFast(i) => var(i),
        Instr::LoadDeref(i)
        | Instr::StoreDeref(i)
        | Instr::DeleteDeref(i)
        | Instr::LoadClosure(i)
        | Instr::LoadClassDeref(i) => cell(i),
        Instr::LoadGlobal(i)
        | Instr::StoreGlobal(i)
        | Instr::DeleteGlobal(i)
        | Instr::LoadName(i)
        | Instr::StoreName(i)
        | Instr::DeleteName(i)
        | Instr::LoadAttr(i)
        | Instr::StoreAttr(i)
        | Instr::DeleteAttr(i)
        | Instr::LoadMethod(i)
        | Instr::ImportName(i)
        | Instr::ImportFrom(i) => name(i),
        _ => String::new(),
    }
}

fn const_repr(c: &Const) -> String {
    match c {
        Const::None => "None".into(),
        Const::Bool(b) => if *b { "True" } else { "False" }.into(),
        Const::Int(i) => i.to_string(),
        Const::BigInt(b) => b.to_string(),
        Const::Float(f) => format!("{f:?}"),
        Const::Complex(r, i) => format!("({r:?}+{i:?}j)"),
        Const::Str(s) => format!("{:?}", &**s),
        Const::Bytes(b) => format!("b{:?}", String::from_utf8_lossy(b)),
        Const::Tuple(items) => {
            let parts: Vec<String> = items.iter().map(const_repr).collect();
            if parts.len() == 1 {
                format!("({},)", parts[0])
            } else {
                format!("({})", parts.join(", "))
            }
        }
        Const::Ellipsis => "Ellipsis".into(),
        Const::Code(c) => format!("<code {}>", c.qualname),
    }
}
