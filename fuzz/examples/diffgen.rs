//! Reproduces `differential` findings without the fuzzer.
//!
//! ```sh
//! cargo run --release --example diffgen -- INPUT...          # print the generated programs
//! cargo run --release --example diffgen -- --run INPUT...    # generate, run in both, compare
//! cargo run --release --example diffgen -- --py FILE.py...   # run Python files in both, compare
//! cargo run --release --example diffgen -- --capy FILE.py...  # run Python files in capy only
//! ```
//!
//! With `--run`/`--py` the exit status is 1 if any program differs.

use capy_fuzz::diff::{check, run_capy, run_cpython, Verdict};
use capy_fuzz::pygen::generate;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mode = match args.first().map(|s| s.as_str()) {
        Some("--run") => "run",
        Some("--py") => "py",
        Some("--capy") => "capy",
        Some("-h") | Some("--help") | None => {
            eprintln!("usage: diffgen [--run | --py] FILE...");
            std::process::exit(2);
        }
        _ => "print",
    };
    if mode != "print" {
        args.remove(0);
    }
    let mut differ = false;
    for path in &args {
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{path}: {e}");
                std::process::exit(2);
            }
        };
        let program = if mode == "py" || mode == "capy" {
            String::from_utf8_lossy(&bytes).into_owned()
        } else {
            generate(&bytes)
        };
        if mode == "print" {
            print!("{program}");
            continue;
        }
        if mode == "capy" {
            let limits = capy_vm::Limits {
                heap_bytes: capy_fuzz::diff::CAPY_HEAP,
                recursion: 1000,
                timeout: Some(capy_fuzz::diff::CAPY_TIMEOUT),
                steps: None,
            };
            if let Some(r) = capy_fuzz::run_capture(program, limits) {
                print!("{}", String::from_utf8_lossy(&r.stdout));
                if let Some(u) = r.uncaught {
                    print!("{u}");
                }
            }
            continue;
        }
        match check(&program) {
            Verdict::Same => {
                if mode == "py" {
                    // Show what both printed, for reduced programs.
                    if let (Ok(c), Ok(p)) = (run_capy(&program), run_cpython(&program)) {
                        println!("{path}: same\n---- output\n{}", c.stdout);
                        let _ = p;
                    }
                } else {
                    println!("{path}: same");
                }
            }
            Verdict::Skip(why) => println!("{path}: skipped: {why}"),
            Verdict::Differ(r) => {
                differ = true;
                println!("{path}: {r}");
            }
        }
    }
    if differ {
        std::process::exit(1);
    }
}
