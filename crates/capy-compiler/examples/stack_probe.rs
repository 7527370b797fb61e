//! Stack-use probe: `stack_probe <sym|full> <neg|list|if> <n>` compiles one
//! generated nest on a 512 KiB thread; run it under a loop to find the
//! deepest nest that fits (debug builds use far more stack per level).
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let sym = args[1] == "sym";
    let n: usize = args[3].parse().unwrap();
    let src = match args[2].as_str() {
        "neg" => format!("x = {}1\n", "-".repeat(n)),
        "list" => format!("x = {}{}\n", "[".repeat(n), "]".repeat(n)),
        _ => {
            (0..n)
                .map(|i| format!("{}if x:\n", " ".repeat(i)))
                .collect::<String>()
                + &" ".repeat(n)
                + "pass\n"
        }
    };
    let h = std::thread::Builder::new()
        .stack_size(
            std::env::var("PROBE_STACK")
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(512 * 1024),
        )
        .spawn(move || {
            if args_parse_only() {
                let tree =
                    rustpython_parser::parse(&src, rustpython_parser::Mode::Module, "<p>").unwrap();
                std::mem::forget(tree);
            } else if sym {
                let sm = capy_compiler::source::SourceMap::new(&src, "<p>");
                let tree =
                    rustpython_parser::parse(&src, rustpython_parser::Mode::Module, "<p>").unwrap();
                let rustpython_parser::ast::Mod::Module(m) = &tree else {
                    return;
                };
                let _ = capy_compiler::symtable::build(&m.body, None, &sm);
            } else {
                let _ = capy_compiler::compile(&src, "<p>", capy_compiler::Mode::Exec);
            }
        });
    h.unwrap().join().unwrap();
}

fn args_parse_only() -> bool {
    std::env::args().nth(1).as_deref() == Some("parse")
}
