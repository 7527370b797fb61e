//! Compile (and verify) every `.py` file under a directory; prints the
//! errors and a summary. `cargo run --example compile_tree -- /usr/lib/python3.11`
use std::path::Path;

fn walk(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_some_and(|x| x == "py") {
            out.push(p);
        }
    }
}

fn main() {
    let root = std::env::args().nth(1).unwrap_or_else(|| ".".into());
    let mut files = Vec::new();
    walk(Path::new(&root), &mut files);
    files.sort();
    let (mut ok, mut failed, mut invalid) = (0, 0, 0);
    for f in &files {
        let Ok(src) = std::fs::read_to_string(f) else {
            continue;
        };
        match capy_compiler::compile_with_big_stack(
            &src,
            &f.to_string_lossy(),
            capy_compiler::Mode::Exec,
        ) {
            Ok(code) => match capy_compiler::validate::validate(&code) {
                Ok(()) => ok += 1,
                Err(e) => {
                    invalid += 1;
                    println!("INVALID {}: {e}", f.display());
                }
            },
            Err(e) => {
                failed += 1;
                println!(
                    "ERROR {}:{}:{}: {:?}: {}",
                    f.display(),
                    e.line,
                    e.col,
                    e.kind,
                    e.msg
                );
            }
        }
    }
    println!("ok {ok}, compile errors {failed}, invalid {invalid}");
}
