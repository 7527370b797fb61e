//! The interactive REPL: line editing and history (rustyline), multi-line
//! blocks, echo of expression values, Ctrl-C to interrupt, Ctrl-D to leave.
//! As CPython's, it writes its banner and prompts to stderr, so that what a
//! piped `capy -i` prints on stdout is the program's output alone.

use capy_compiler::{CompileErrorKind, Mode};
use capy_vm::{Gc, Value, Vm};
use rustyline::error::ReadlineError;
use std::io::IsTerminal;
use std::sync::atomic::Ordering;

/// Reads and runs statements until end of input; the process status.
/// `main` is the namespace of a program that ran first (`-i`), which the
/// statements go on in; without one there is a fresh one and a banner.
pub fn run(vm: &mut Vm, main: Option<Gc>) -> u8 {
    if main.is_none() {
        eprintln!(
            "capy {} (MicroPython dialect of Python 3); Ctrl-D to exit",
            env!("CARGO_PKG_VERSION")
        );
    }
    let mut ed = if std::io::stdin().is_terminal() {
        match rustyline::DefaultEditor::new() {
            Ok(e) => Some(e),
            Err(e) => {
                eprintln!("capy: cannot start the line editor: {e}");
                return 1;
            }
        }
    } else {
        None
    };
    let globals = match main {
        Some(g) => g,
        None => {
            let Ok(globals) = vm.new_dict_obj() else {
                eprintln!("capy: the heap quota is too small for the REPL");
                return 1;
            };
            if let Ok(n) = vm.new_str("__main__") {
                let _ = vm.dict_set_str(globals, "__name__", n);
            }
            vm.extra_roots.push(Value::Obj(globals));
            globals
        }
    };
    let interrupt = vm.interrupt_flag();
    let _ = ctrlc_hook(interrupt.clone());
    let mut buf = String::new();
    loop {
        let prompt = if buf.is_empty() { ">>> " } else { "... " };
        match read_line(&mut ed, prompt) {
            Ok(line) => {
                if !buf.is_empty() {
                    buf.push('\n');
                }
                buf.push_str(&line);
                if needs_more(&buf, &line) {
                    continue;
                }
                if let Some(ed) = &mut ed {
                    let _ = ed.add_history_entry(buf.as_str());
                }
                let src = std::mem::take(&mut buf);
                if let Some(status) = run_statement(vm, globals, &src, &interrupt) {
                    return status;
                }
            }
            Err(ReadlineError::Interrupted) => {
                buf.clear();
                println!("KeyboardInterrupt");
            }
            // Ctrl-D at a continuation line ends the block and runs it.
            Err(ReadlineError::Eof) if !buf.is_empty() => {
                eprintln!();
                let src = std::mem::take(&mut buf);
                if let Some(status) = run_statement(vm, globals, &src, &interrupt) {
                    return status;
                }
            }
            Err(ReadlineError::Eof) => {
                // Leaves the shell's prompt on a line of its own.
                eprintln!();
                return 0;
            }
            Err(e) => {
                eprintln!("capy: {e}");
                return 1;
            }
        }
    }
}

/// The next line from the editor or, when stdin is not a terminal, from
/// the VM's stdin buffer: read through std's own buffer, lines meant for
/// the program's `input()` would be hidden from it (modules/stdin.rs).
fn read_line(
    ed: &mut Option<rustyline::DefaultEditor>,
    prompt: &str,
) -> Result<String, ReadlineError> {
    if let Some(ed) = ed {
        return ed.readline(prompt);
    }
    eprint!("{prompt}");
    match capy_vm::modules::stdin::read_line_blocking()? {
        Some(mut line) => {
            if line.ends_with('\n') {
                line.pop();
                if line.ends_with('\r') {
                    line.pop();
                }
            }
            Ok(line)
        }
        None => Err(ReadlineError::Eof),
    }
}

/// Compiles and runs one statement of the REPL, echoing its value;
/// Some(status) when it raised SystemExit.
fn run_statement(
    vm: &mut Vm,
    globals: Gc,
    src: &str,
    interrupt: &std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> Option<u8> {
    interrupt.store(false, Ordering::Relaxed);
    match vm.compile(src, "<stdin>", Mode::Single) {
        Ok(code) => {
            vm.start_clock();
            if let Err(e) = vm.run_code(&code, globals, Value::Null) {
                if vm.err_is(e, capy_vm::ExcKind::SystemExit) {
                    return Some(crate::exit_status(vm, e));
                }
                let t = vm.format_exception_full(e);
                let _ = vm.write_err(&t);
            }
        }
        Err(e) => {
            let t = vm.format_exception_full(e);
            let _ = vm.write_err(&t);
        }
    }
    vm.flush();
    None
}

/// Whether the buffered input is unfinished: a compound statement (`if`,
/// `def`, a decorator...) goes on until a blank line, as in CPython, even
/// when it fits on one line; anything else as soon as it compiles, so a
/// closing bracket on a continuation line ends the statement.
fn needs_more(buf: &str, last: &str) -> bool {
    if opens_block(buf) {
        return !last.trim().is_empty();
    }
    match capy_compiler::compile(buf, "<stdin>", Mode::Single) {
        Err(e) => {
            e.kind == CompileErrorKind::SyntaxError
                && (e.msg.contains("EOF") || e.msg.contains("never closed"))
        }
        Ok(_) => false,
    }
}

/// Whether the statement starting `buf` is a compound one.
fn opens_block(buf: &str) -> bool {
    let first = buf.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let first = first.trim_start();
    if first.starts_with('@') || first.trim_end().ends_with(':') {
        return true;
    }
    let word: String = first
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    matches!(
        word.as_str(),
        "if" | "for" | "while" | "def" | "class" | "try" | "with" | "async"
    )
}

/// Ctrl-C while a statement runs sets the interrupt flag the VM polls, so
/// the statement ends with KeyboardInterrupt and the REPL goes on. At the
/// prompt, rustyline reads Ctrl-C itself.
fn ctrlc_hook(flag: std::sync::Arc<std::sync::atomic::AtomicBool>) -> Result<(), ctrlc::Error> {
    ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed))
}
