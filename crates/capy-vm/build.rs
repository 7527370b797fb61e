//! Compiles the frozen standard library (`src/modules/stdlib/*.py` and
//! `src/modules/asyncio.py`) to bytecode, so that importing one of them
//! decodes an image instead of parsing and compiling the source at run
//! time. Each image lands in `$OUT_DIR/frozen/NAME.capyf`, where
//! `modules/frozen.rs` embeds it beside the source (which tracebacks quote).
//!
//! The images are frozen images of `capy_compiler::serialize`: they carry
//! the compiler's stamp, so a runtime built from another compiler refuses
//! them. The output depends only on the sources: the same tree gives the
//! same bytes.

use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(env_var("CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(env_var("OUT_DIR")).join("frozen");
    if let Err(e) = std::fs::create_dir_all(&out) {
        fail(&format!("cannot create {}: {e}", out.display()));
    }
    let modules = manifest.join("src/modules");
    let stdlib = modules.join("stdlib");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed={}", stdlib.display());
    let mut sources = vec![modules.join("asyncio.py")];
    let listing = match std::fs::read_dir(&stdlib) {
        Ok(l) => l,
        Err(e) => fail(&format!("cannot list {}: {e}", stdlib.display())),
    };
    for entry in listing.flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "py") {
            sources.push(path);
        }
    }
    sources.sort();
    for path in &sources {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    // Build scripts' dependencies are compiled without optimisation, whose
    // frames are larger: the recursive compiler gets a generous stack.
    let worker = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || sources.iter().for_each(|p| freeze(p, &out)));
    match worker.map(|h| h.join()) {
        Ok(Ok(())) => {}
        _ => fail("the compiler thread failed"),
    }
}

fn freeze(path: &Path, out: &Path) {
    let Some(name) = path.file_stem().and_then(|s| s.to_str()) else {
        fail(&format!("bad module file name {}", path.display()));
    };
    let source = match std::fs::read_to_string(path) {
        Ok(s) => s,
        Err(e) => fail(&format!("cannot read {}: {e}", path.display())),
    };
    // The file name is the one the run-time compilation used, so that
    // tracebacks and `__code__.co_filename` read as before.
    let filename = format!("<frozen {name}>");
    let code = match capy_compiler::compile(&source, &filename, capy_compiler::Mode::Exec) {
        Ok(c) => c,
        Err(e) => fail(&format!("{}: {e}", path.display())),
    };
    let image = capy_compiler::serialize::to_frozen(&code);
    let dest = out.join(format!("{name}.capyf"));
    // Rewritten only when different, so an unchanged image keeps its mtime.
    if std::fs::read(&dest).ok().as_deref() != Some(&image[..]) {
        if let Err(e) = std::fs::write(&dest, &image) {
            fail(&format!("cannot write {}: {e}", dest.display()));
        }
    }
}

fn env_var(name: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| fail(&format!("{name} is not set")))
}

fn fail(msg: &str) -> ! {
    eprintln!("capy-vm build: {msg}");
    std::process::exit(1);
}
