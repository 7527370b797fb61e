//! Disassemble a Python file: `cargo run -p capy-compiler --example capy_dis -- file.py [exec|eval|single]`.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).cloned().unwrap_or_else(|| "-".into());
    let source = if path == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).ok();
        s
    } else {
        std::fs::read_to_string(&path).unwrap_or_default()
    };
    let mode = match args.get(2).map(|s| s.as_str()) {
        Some("eval") => capy_compiler::Mode::Eval,
        Some("single") => capy_compiler::Mode::Single,
        _ => capy_compiler::Mode::Exec,
    };
    // CAPY_SMALL=1 compiles on this thread (to test stack use).
    let result = if std::env::var_os("CAPY_SMALL").is_some() {
        capy_compiler::compile(&source, &path, mode)
    } else {
        capy_compiler::compile_with_big_stack(&source, &path, mode)
    };
    match result {
        Ok(code) => print!("{}", capy_compiler::disassemble(&code)),
        Err(e) => {
            eprintln!("{e}");
            eprintln!("(line {} col {} kind {:?})", e.line, e.col, e.kind);
            std::process::exit(1);
        }
    }
}
