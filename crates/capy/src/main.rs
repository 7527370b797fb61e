//! The `capy` command line: run files, code, modules, bytecode; compile;
//! the REPL; the `cheri` tools; and `audit` of a policy file.

mod alloc;
mod audit;
mod audit_report;
mod imports;
mod plan;
mod policy;
mod process;
mod repl;
mod size;

use capy_compiler::encoding::SourceOrigin;
use capy_compiler::Mode;
use capy_vm::host::SandboxSpec;
use capy_vm::{ExcKind, Limits, Value, Vm};
use process::Status;
use size::parse_size;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Duration;

// mimalloc for small blocks, mappings of their own for large ones (alloc.rs).
#[global_allocator]
static GLOBAL: alloc::Allocator = alloc::Allocator;

const USAGE: &str =
    "usage: capy [options] [FILE [ARGS...] | -c CODE [ARGS...] | -m MODULE [ARGS...] | - [ARGS...]]
       capy run FILE [ARGS...]
       capy compile FILE [-o OUT]
       capy audit POLICY.toml [--json]
       capy cheri decode|setbounds ...

Runs Python (the MicroPython dialect of Python 3). With no program (or `-`),
runs the program read from standard input, or starts the interactive REPL
when standard input is a terminal.

options:
  -c CODE         run CODE
  -m MODULE       run a module found on the search path as __main__
  -i              interactive: the REPL even when standard input is not a
                  terminal, and after the program when one is given
  --heap SIZE     heap limit, e.g. 64M, 2G (default 4G); MemoryError beyond
  --timeout SECS  wall-clock budget; TimeoutError when it runs out
  --recursion N   maximum Python call depth (default 1000, at most 20000)
  --steps N       step budget (loop iterations and calls); TimeoutError
                  beyond, at the same point on every machine
  --compartments per-module
                  the c18n mode: every module imported from the search
                  path runs in a compartment of its own
  --policy FILE   run the program a policy file names, with the modules,
                  compartments, quotas, grants and calls it allows (see
                  docs/policy.md; `capy audit FILE` checks it)
  --compartment-stats
                  on exit, print per compartment: crossings, heap peak,
                  faults, time (to stderr)
  --sandbox       take away the file system, the environment and standard
                  input; the --allow-* flags give back what they name (any
                  of them implies --sandbox; docs/security.md)
  --allow-read[=PATH,...]   read these files and directories (all: bare)
  --allow-write[=PATH,...]  read and write these (all: bare)
  --allow-env[=NAME,...]    these environment variables (all: bare)
  --allow-stdin   standard input
  -h, --help      show this help
  -V, --version   show the version

FILE may be a .py source or a bytecode file written by `capy compile`.
Modules are searched in the script's folder, then MICROPYPATH (':'-separated).
`capy audit` checks a program's imports against a policy file without
running it (docs/policy.md; `capy audit --help`).";

/// The stack for the interpreter thread: deep Python recursion and deep
/// source nesting must end in Python exceptions, never a native overflow.
pub(crate) const STACK_BYTES: usize = 1 << 30;

enum Program {
    File(String),
    Code(String),
    Module(String),
    /// The whole of standard input, read before it runs (CPython's
    /// behaviour when stdin is not a terminal).
    Stdin,
    Repl,
    /// `--policy FILE`: the program the policy names.
    Policy(String),
}

struct Options {
    limits: Limits,
    program: Program,
    args: Vec<String>,
    /// `-i`: the REPL follows the program, which runs in its namespace.
    inspect: bool,
    /// How the program's modules are compartmentalised.
    compartments: Compartments,
    /// `--compartment-stats`.
    stats: bool,
    /// `--sandbox` and the `--allow-*` flags.
    sandbox: Option<SandboxSpec>,
}

impl Options {
    fn new(
        limits: Limits,
        program: Program,
        args: Vec<String>,
        inspect: bool,
        compartments: Compartments,
        stats: bool,
        sandbox: Option<SandboxSpec>,
    ) -> Options {
        Options {
            limits,
            program,
            args,
            inspect,
            compartments,
            stats,
            sandbox,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Compartments {
    /// One interpreter for the whole program (the default).
    Off,
    /// `--compartments=per-module`.
    PerModule,
}

/// With no program, or `-`, CPython reads its program from stdin, unless
/// stdin is a terminal (or `-i` asks for it): then the REPL reads it.
fn stdin_program(inspect: bool) -> Program {
    if inspect || std::io::stdin().is_terminal() {
        Program::Repl
    } else {
        Program::Stdin
    }
}

/// A mistake on the command line: what was wrong, the one-line usage and
/// where the whole help is, as CPython prints it (not the whole help).
fn usage_error(msg: &str) -> ExitCode {
    let synopsis = USAGE.lines().next().unwrap_or_default();
    eprintln!("capy: {msg}\n{synopsis}\nTry 'capy --help' for more information.");
    ExitCode::from(2)
}

/// An OS error as CPython shows it (`[Errno 2] No such file or
/// directory`), without Rust's "(os error 2)".
pub(crate) fn os_error_text(e: &std::io::Error) -> String {
    let bare = capy_vm::host::errno_text(e);
    match e.raw_os_error() {
        Some(n) => format!("[Errno {n}] {bare}"),
        None => bare,
    }
}

fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut limits = Limits::default();
    let mut inspect = false;
    let mut compartments = Compartments::Off;
    let mut stats = false;
    let mut sandbox: Option<SandboxSpec> = None;
    let mut i = 0;
    // The program to run and its `sys.argv`; the options before it set the rest.
    let (program, rest) = loop {
        let Some(a) = args.get(i).map(String::as_str) else {
            break (stdin_program(inspect), vec![String::new()]);
        };
        let value = |i: usize| {
            args.get(i + 1)
                .cloned()
                .ok_or_else(|| format!("option {a} needs a value"))
        };
        match a {
            "--heap" => {
                let v = value(i)?;
                limits.heap_bytes = parse_size(&v)
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("bad --heap size: {v} (e.g. 64M, 2G)"))?;
                i += 2;
            }
            "--timeout" => {
                let v = value(i)?;
                let secs: f64 = v.parse().map_err(|_| format!("bad --timeout: {v}"))?;
                if !(secs > 0.0 && secs < 1e9) {
                    return Err(format!("bad --timeout: {v}"));
                }
                limits.timeout = Some(Duration::from_secs_f64(secs));
                i += 2;
            }
            "-X" => {
                // MicroPython implementation options (`-X emit=bytecode`, as
                // its test runner passes): accepted and ignored; heapsize maps
                // onto the heap limit.
                let v = value(i)?;
                if let Some(sz) = v.strip_prefix("heapsize=") {
                    limits.heap_bytes =
                        parse_size(sz).ok_or_else(|| format!("bad -X heapsize: {sz}"))?;
                }
                i += 2;
            }
            "--recursion" => {
                let v = value(i)?;
                let max = capy_vm::budget::MAX_RECURSION;
                limits.recursion = v
                    .parse::<usize>()
                    .ok()
                    .filter(|n| (1..=max).contains(n))
                    .ok_or_else(|| format!("bad --recursion: {v} (from 1 to {max})"))?;
                i += 2;
            }
            "--steps" => {
                let v = value(i)?;
                let n = v
                    .parse::<u64>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("bad --steps: {v}"))?;
                limits.steps = Some(n);
                i += 2;
            }
            "--compartments" | "--compartments=per-module" => {
                let v = if a == "--compartments" {
                    i += 1;
                    value(i - 1)?
                } else {
                    "per-module".to_string()
                };
                if v != "per-module" {
                    return Err(format!(
                        "bad --compartments: {v} (the mode is 'per-module')"
                    ));
                }
                compartments = Compartments::PerModule;
                i += 1;
            }
            "--policy" | "-c" | "-m" => {
                let v = value(i)?;
                // `sys.argv[0]`: what CPython puts there.
                let first = if a == "-c" { a.to_string() } else { v.clone() };
                let mut rest = vec![first];
                rest.extend_from_slice(&args[i + 2..]);
                let program = match a {
                    "--policy" => Program::Policy(v),
                    "-c" => Program::Code(v),
                    _ => Program::Module(v),
                };
                break (program, rest);
            }
            "--compartment-stats" => {
                stats = true;
                i += 1;
            }
            _ if a == "--sandbox" || a.starts_with("--allow-") => {
                permission_flag(sandbox.get_or_insert_with(SandboxSpec::default), a)?;
                i += 1;
            }
            "-i" => {
                inspect = true;
                i += 1;
            }
            "-" => break (stdin_program(inspect), args[i..].to_vec()),
            "run" if i == 0 => {
                i += 1;
                if i >= args.len() {
                    return Err("run needs a FILE".into());
                }
            }
            _ if a.starts_with('-') => return Err(format!("unknown option {a}")),
            _ => break (Program::File(a.to_string()), args[i..].to_vec()),
        }
    };
    Ok(Options::new(
        limits,
        program,
        rest,
        inspect,
        compartments,
        stats,
        sandbox,
    ))
}

/// `--sandbox` or one `--allow-*` flag (Deno's spelling: a bare flag
/// allows everything of its kind, `=A,B` those named).
fn permission_flag(spec: &mut SandboxSpec, flag: &str) -> Result<(), String> {
    let (name, value) = match flag.split_once('=') {
        Some((n, v)) => (n, Some(v)),
        None => (flag, None),
    };
    let list = |v: Option<&str>| -> Result<Vec<String>, String> {
        match v {
            None => Ok(Vec::new()),
            Some(v) => {
                let items: Vec<String> = v.split(',').map(String::from).collect();
                if items.iter().any(String::is_empty) {
                    return Err(format!("bad {name}: an empty name in '{v}'"));
                }
                Ok(items)
            }
        }
    };
    let paths = |v: Option<&str>| -> Result<Vec<std::path::PathBuf>, String> {
        let names = list(v)?;
        if names.is_empty() {
            return Ok(vec![std::path::PathBuf::from("/")]);
        }
        Ok(names.into_iter().map(std::path::PathBuf::from).collect())
    };
    match name {
        "--sandbox" if value.is_none() => {}
        "--allow-read" => spec.read.extend(paths(value)?),
        "--allow-write" => spec.write.extend(paths(value)?),
        "--allow-env" => {
            let names = list(value)?;
            match (&mut spec.env, names.is_empty()) {
                (e, true) => *e = Some(Vec::new()),
                (Some(have), false) if !have.is_empty() => have.extend(names),
                (Some(_), false) => {}
                (e @ None, false) => *e = Some(names),
            }
        }
        "--allow-stdin" if value.is_none() => spec.stdin = true,
        _ => return Err(format!("unknown option {flag}")),
    }
    Ok(())
}

fn main() -> ExitCode {
    // First, while this is the only thread (process.rs).
    capy_vm::stdstream::set_surrogateescape(process::locale_wants_surrogateescape());
    // Arguments that are not UTF-8 are taken lossily (std::env::args
    // would panic on them); a `-c` program among them is refused below.
    let raw: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let argv: Vec<String> = raw
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    match argv.first().map(String::as_str) {
        Some("cheri") => return cheri_main(&argv[1..]),
        Some("compile") => return compile_main(&argv[1..]),
        Some("audit") => return audit::main(&argv[1..]),
        Some("-h" | "--help") => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Some("-V" | "--version") => {
            println!(
                "capy {} (Python 3 dialect of MicroPython)",
                env!("CARGO_PKG_VERSION")
            );
            return ExitCode::SUCCESS;
        }
        _ => {}
    }
    let opts = match parse_args(&argv) {
        Ok(o) => o,
        Err(m) => return usage_error(&m),
    };
    if let Some(Err(m)) = opts.sandbox.as_ref().map(SandboxSpec::build) {
        return usage_error(&m);
    }
    if let Program::Code(code) = &opts.program {
        let undecodable = raw
            .iter()
            .find(|a| a.to_str().is_none() && a.to_string_lossy() == code.as_str());
        if let Some(a) = undecodable {
            eprintln!("{}", undecodable_command(a.as_encoded_bytes()));
            return ExitCode::from(1);
        }
    }
    let worker = std::thread::Builder::new()
        .stack_size(STACK_BYTES)
        .spawn(move || run(opts));
    match worker.map(|h| h.join()) {
        Ok(Ok(status)) => process::exit(status),
        _ => {
            eprintln!("capy: internal error: the interpreter thread failed");
            ExitCode::from(70)
        }
    }
}

/// CPython's report of a `-c` program that is not UTF-8 (it decodes
/// arguments with surrogate escapes, then fails to encode the program).
fn undecodable_command(bytes: &[u8]) -> String {
    let (pos, byte) = match std::str::from_utf8(bytes) {
        Ok(_) => (0, 0),
        Err(e) => {
            let ok = &bytes[..e.valid_up_to()];
            let chars = std::str::from_utf8(ok).map_or(0, |s| s.chars().count());
            (chars, bytes[e.valid_up_to()])
        }
    };
    format!(
        "Unable to decode the command from the command line:\n\
         UnicodeEncodeError: 'utf-8' codec can't encode character '\\udc{byte:02x}' \
         in position {pos}: surrogates not allowed"
    )
}

/// With no script (`-c`, `-m`, stdin, the REPL) the first entry is `''`,
/// the current folder, as in CPython and MicroPython: programs written for
/// them (MicroPython's perf_bench runner, for one) remove it by that name.
fn search_path(script_dir: Option<String>) -> Vec<String> {
    let mut path = Vec::new();
    path.push(script_dir.unwrap_or_default());
    if let Ok(p) = std::env::var("MICROPYPATH") {
        path.extend(p.split(':').filter(|s| !s.is_empty()).map(String::from));
    }
    path
}

fn new_vm(opts: &Options, script_dir: Option<String>) -> Vm {
    let mut vm = Vm::new(opts.limits.clone());
    if let Some(spec) = &opts.sandbox {
        // Checked in `main` already; should a path vanish since, the
        // sandbox keeps nothing rather than more.
        vm.comp.host = spec
            .build()
            .unwrap_or_else(|_| SandboxSpec::default().deny_all());
    }
    vm.sys_path = search_path(script_dir);
    vm.argv = opts.args.clone();
    if opts.compartments == Compartments::PerModule {
        // Each module's compartment gets the program's limits as its own.
        let defaults = Limits {
            timeout: None,
            steps: None,
            ..opts.limits.clone()
        };
        capy_vm::compartment::library::enable(&mut vm, defaults, None);
    }
    vm
}

fn run(opts: Options) -> Status {
    let inspect = After {
        inspect: opts.inspect,
        stats: opts.stats,
    };
    match &opts.program {
        Program::Repl => {
            let mut vm = new_vm(&opts, None);
            let status = repl::run(&mut vm, None);
            Status::Code(process::flush_at_exit(&mut vm, status))
        }
        Program::Stdin => {
            let mut vm = new_vm(&opts, None);
            // Before the Ctrl-C handler: an interrupt while the program is
            // still being read ends the process, as it does CPython's.
            let data = match capy_vm::modules::stdin::read_all_blocking() {
                Ok(d) => d,
                Err(e) => {
                    eprintln!("capy: can't read standard input: {}", os_error_text(&e));
                    return Status::Code(2);
                }
            };
            process::catch_sigint(vm.interrupt_flag());
            // Not compile_file: stdin cannot be read again, so tracebacks
            // show no source lines, as CPython's do for `<stdin>`.
            let code = vm
                .decode_source(&data, "<stdin>", SourceOrigin::Script)
                .and_then(|src| vm.compile(&src, "<stdin>", Mode::Exec));
            let main = MainModule::file("<stdin>".into());
            run_code(&mut vm, code, &main, inspect)
        }
        Program::Code(code) => {
            let mut vm = new_vm(&opts, None);
            process::catch_sigint(vm.interrupt_flag());
            let code = code.clone();
            let code = vm.compile(&code, "<string>", Mode::Exec);
            run_code(&mut vm, code, &MainModule::default(), inspect)
        }
        Program::Module(m) => {
            let mut vm = new_vm(&opts, None);
            process::catch_sigint(vm.interrupt_flag());
            run_module(&mut vm, m, inspect)
        }
        Program::Policy(file) => run_policy(&opts, file, inspect),
        Program::File(path) => {
            let dir = std::path::Path::new(path).parent().map(|p| {
                let s = p.to_string_lossy().to_string();
                if s.is_empty() {
                    ".".to_string()
                } else {
                    s
                }
            });
            let mut vm = new_vm(&opts, dir);
            process::catch_sigint(vm.interrupt_flag());
            let data = match std::fs::read(path) {
                Ok(d) => d,
                Err(e) => {
                    eprintln!("capy: can't open file '{path}': {}", os_error_text(&e));
                    return Status::Code(2);
                }
            };
            if data.starts_with(b"CAPYC") {
                match capy_compiler::serialize::from_bytes(&data) {
                    Ok(code) => run_code(
                        &mut vm,
                        Ok(code),
                        &MainModule::file(absolute(path)),
                        inspect,
                    ),
                    Err(e) => {
                        eprintln!("capy: {path}: invalid bytecode file: {e}");
                        Status::Code(1)
                    }
                }
            } else {
                let main = MainModule::file(absolute(path));
                run_bytes(&mut vm, &data, path, &main, inspect)
            }
        }
    }
}

/// `--policy FILE`: the policy's program, its modules in the compartments
/// the policy gives them; the main compartment's quotas are the program's
/// limits (the command line's `--heap` etc. win over them).
fn run_policy(opts: &Options, file: &str, after: After) -> Status {
    let policy = match policy::Policy::load(std::path::Path::new(file)) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("capy: {e}");
            return Status::Code(2);
        }
    };
    let main_spec = policy.spec(&policy.compartment_of(policy::MAIN_MODULE));
    let mut limits = plan::limits(&main_spec.limits);
    let given = &opts.limits;
    let default = Limits::default();
    if given.heap_bytes != default.heap_bytes {
        limits.heap_bytes = given.heap_bytes;
    }
    if given.recursion != default.recursion {
        limits.recursion = given.recursion;
    }
    limits.timeout = given.timeout.or(limits.timeout);
    limits.steps = given.steps.or(limits.steps);
    let main = policy.main.to_string_lossy().into_owned();
    let mut vm = Vm::new(limits);
    vm.sys_path = policy
        .path
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    vm.argv = std::iter::once(main.clone())
        .chain(opts.args.iter().skip(1).cloned())
        .collect();
    // The main compartment holds what its grants say, as every other one.
    capy_vm::compartment::authority::confine(&mut vm, &plan::authorities(&main_spec.grants));
    let defaults = plan::limits(&policy.defaults);
    let plan: Box<dyn capy_vm::compartment::library::Plan> = Box::new(plan::PolicyPlan(policy));
    capy_vm::compartment::library::enable(&mut vm, defaults, Some(plan));
    process::catch_sigint(vm.interrupt_flag());
    match std::fs::read(&main) {
        Ok(data) => {
            let module = MainModule::file(absolute(&main));
            run_bytes(&mut vm, &data, &main, &module, after)
        }
        Err(e) => {
            eprintln!(
                "capy: can't open file '{main}' (the policy's program): {}",
                os_error_text(&e)
            );
            Status::Code(2)
        }
    }
}

/// Runs a source file's bytes (tracebacks quote its lines); bytes that are
/// not text in the file's encoding are a SyntaxError, as in CPython.
fn run_bytes(vm: &mut Vm, data: &[u8], filename: &str, main: &MainModule, after: After) -> Status {
    // CPython's runpy reads a `-m` module as an import would.
    let origin = match main.package {
        Some(_) => SourceOrigin::Import,
        None => SourceOrigin::Script,
    };
    let code = vm
        .decode_source(data, filename, origin)
        .and_then(|src| vm.compile_file(&src, filename));
    run_code(vm, code, main, after)
}

/// What `__main__` is told about itself: `__file__` (absolute, as CPython
/// 3.9 and later give it; none for `-c`) and, for `-m pkg.mod`,
/// `__package__`, so its relative imports work.
#[derive(Default)]
struct MainModule {
    file: Option<String>,
    package: Option<String>,
}

impl MainModule {
    fn file(file: String) -> MainModule {
        MainModule {
            file: Some(file),
            package: None,
        }
    }
}

/// `path` made absolute against the current folder (lexically: the file
/// was just opened by this name).
fn absolute(path: &str) -> String {
    std::path::absolute(path)
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_else(|_| path.to_string())
}

/// `-m NAME` as CPython's runpy: NAME is looked up on the search path; a
/// package runs its `__main__` submodule; the packages above it are
/// imported first, so the module's relative imports find them.
fn run_module(vm: &mut Vm, name: &str, after: After) -> Status {
    let (path, package) = match find_main_module(&vm.sys_path, name) {
        Ok(found) => found,
        Err(msg) => {
            eprintln!("capy: {msg}");
            return Status::Code(1);
        }
    };
    if let Some(p) = &package {
        if let Err(e) = vm.import_dotted(p) {
            let status = exit_status(vm, e);
            return Status::Code(process::flush_at_exit(vm, status));
        }
    }
    let file = absolute(&path.to_string_lossy());
    match std::fs::read(&path) {
        Ok(data) => {
            let main = MainModule {
                file: Some(file.clone()),
                package: Some(package.unwrap_or_default()),
            };
            run_bytes(vm, &data, &file, &main, after)
        }
        Err(e) => {
            eprintln!("capy: can't read {file}: {}", os_error_text(&e));
            Status::Code(1)
        }
    }
}

/// The file `-m NAME` runs and the package it is in (None at the top).
fn find_main_module(
    search: &[String],
    name: &str,
) -> Result<(std::path::PathBuf, Option<String>), String> {
    let rel = name.replace('.', "/");
    let parent = name.rsplit_once('.').map(|(p, _)| p.to_string());
    for dir in search {
        let base = std::path::Path::new(dir).join(&rel);
        let file = base.with_file_name(format!("{}.py", name.rsplit('.').next().unwrap_or(name)));
        if file.is_file() {
            return Ok((file, parent));
        }
        if base.join("__init__.py").is_file() {
            let main = base.join("__main__.py");
            if main.is_file() {
                return Ok((main, Some(name.to_string())));
            }
            return Err(format!(
                "No module named {name}.__main__; '{name}' is a package and cannot be directly executed"
            ));
        }
    }
    Err(format!("No module named {name}"))
}

/// What happens after the program: `-i`'s REPL, `--compartment-stats`.
#[derive(Clone, Copy)]
struct After {
    inspect: bool,
    stats: bool,
}

/// The namespace of a fresh `__main__` module, registered in sys.modules.
fn main_globals(vm: &mut Vm, info: &MainModule) -> capy_vm::PyResult<capy_vm::Gc> {
    let globals = vm.new_dict_obj()?;
    let name = vm.new_str("__main__")?;
    vm.dict_set_str(globals, "__name__", name)?;
    if let Some(file) = &info.file {
        let f = vm.new_str(file)?;
        vm.dict_set_str(globals, "__file__", f)?;
    }
    if let Some(package) = &info.package {
        let p = vm.new_str(package)?;
        vm.dict_set_str(globals, "__package__", p)?;
    }
    let b = Value::Obj(vm.builtins);
    vm.dict_set_str(globals, "__builtins__", b)?;
    let main = vm.new_module("__main__")?;
    if let capy_vm::obj::Obj::Module(m) = vm.heap.get_mut(main) {
        m.dict = globals;
    }
    let key = vm.new_str("__main__")?;
    vm.dict_set(Value::Obj(vm.modules), key, Value::Obj(main))?;
    vm.extra_roots.push(Value::Obj(main));
    Ok(globals)
}

/// Runs the program as `__main__`. With `inspect` (`-i`), any exception
/// it ends with, SystemExit included, is printed and the REPL goes on in
/// its namespace, as CPython's `-i` does.
fn run_code(
    vm: &mut Vm,
    code: capy_vm::PyResult<std::rc::Rc<capy_compiler::Code>>,
    main: &MainModule,
    after: After,
) -> Status {
    let inspect = after.inspect;
    let globals = main_globals(vm, main);
    let r = match (globals, code) {
        (Ok(globals), Ok(code)) => {
            vm.start_clock();
            vm.run_code(&code, globals, Value::Null).map(|_| ())
        }
        (Err(e), _) | (_, Err(e)) => Err(e),
    };
    if let (true, Ok(globals)) = (inspect, globals) {
        vm.flush();
        if let Err(e) = r {
            let text = vm.format_exception_full(e);
            let _ = vm.write_err(&text);
        }
        let status = repl::run(vm, Some(globals));
        return Status::Code(process::flush_at_exit(vm, status));
    }
    let (status, interrupted) = match r {
        Ok(()) => (0, false),
        Err(e) => (exit_status(vm, e), vm.err_is(e, ExcKind::KeyboardInterrupt)),
    };
    if after.stats {
        vm.flush();
        let report = capy_vm::compartment::stats::report(vm);
        let _ = vm.write_err(&report);
    }
    let status = process::flush_at_exit(vm, status);
    // CPython ends by SIGINT after an uncaught KeyboardInterrupt, so the
    // shell sees the interrupt (status 130) and stops a script loop.
    if interrupted {
        Status::Interrupted
    } else {
        Status::Code(status)
    }
}

/// Prints an uncaught exception and returns the process status, as CPython.
pub fn exit_status(vm: &mut Vm, e: capy_vm::PyErr) -> u8 {
    vm.flush();
    if vm.err_is(e, ExcKind::SystemExit) {
        let code = vm.err_arg0(e);
        return match code {
            Value::None => 0,
            Value::Int(i) => (i & 0xff) as u8,
            Value::Bool(b) => b as u8,
            other => {
                let s = vm.to_str(other).unwrap_or_default();
                // A failure stays pending and shows in the exit status.
                let _ = vm.write_err(&format!("{s}\n"));
                1
            }
        };
    }
    let text = vm.format_exception_full(e);
    let _ = vm.write_err(&text);
    1
}

fn compile_main(args: &[String]) -> ExitCode {
    let mut input = None;
    let mut out = None;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "-o" => {
                out = args.get(i + 1).cloned();
                if out.is_none() {
                    return usage_error("compile: -o needs a file name");
                }
                i += 2;
            }
            a if input.is_none() && !a.starts_with('-') => {
                input = Some(a.to_string());
                i += 1;
            }
            a => return usage_error(&format!("compile: unexpected argument {a}")),
        }
    }
    let Some(input) = input else {
        return usage_error("compile needs a FILE");
    };
    let out = out.unwrap_or_else(|| {
        let stem = input.strip_suffix(".py").unwrap_or(&input);
        format!("{stem}.capyc")
    });
    let data = match std::fs::read(&input) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("capy compile: can't read {input}: {}", os_error_text(&e));
            return ExitCode::from(1);
        }
    };
    // Decoded as `capy FILE` would run it.
    let src = match capy_compiler::encoding::decode_source(&data, &input, SourceOrigin::Script) {
        Ok(s) => s.into_owned(),
        Err(capy_compiler::encoding::DecodeError::Plain(msg)) => {
            eprintln!("SyntaxError: {msg}");
            return ExitCode::from(1);
        }
        Err(capy_compiler::encoding::DecodeError::At(e)) => {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
    };
    let worker = std::thread::Builder::new()
        .stack_size(STACK_BYTES)
        .spawn(
            move || match capy_compiler::compile(&src, &input, Mode::Exec) {
                Ok(code) => Ok(capy_compiler::serialize::to_bytes(&code)),
                Err(e) => Err(e.to_string()),
            },
        );
    match worker.map(|h| h.join()) {
        Ok(Ok(Ok(bytes))) => match std::fs::write(&out, bytes) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("capy compile: can't write {out}: {}", os_error_text(&e));
                ExitCode::from(1)
            }
        },
        Ok(Ok(Err(msg))) => {
            eprintln!("{msg}");
            ExitCode::from(1)
        }
        _ => {
            eprintln!("capy compile: internal error");
            ExitCode::from(70)
        }
    }
}

fn cheri_main(args: &[String]) -> ExitCode {
    let stdin = std::io::stdin();
    let mut inp = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let code = cheri::cli::run(args, &mut inp, &mut out, &mut std::io::stderr());
    drop(out);
    ExitCode::from(code.clamp(0, 255) as u8)
}
