//! `platform`: the few functions MicroPython's has (`platform`,
//! `python_compiler`, `libc_ver`) and CPython's simplest ones
//! (`system`, `machine`, `python_implementation`, `python_version`,
//! `python_version_tuple`).
//!
//! The values describe capy as built, not the running kernel: capy asks
//! the host nothing (no `uname`), so there is no OS release, and no node
//! name. `platform()` is `System-machine-capy-VERSION`; the compiler is
//! rustc; `libc_ver()` names the C library the binary was built against
//! with no version (capy does not read it from the executable), or gives
//! back the defaults it is passed, as CPython does when it cannot tell.

use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

type Kw<'a> = &'a [(Value, Value)];

/// capy's version, as `sys.implementation` gives it.
const CAPY_VERSION: &str = "0.1.0";
/// The Python version capy reports (`sys.version_info`).
const PYTHON_VERSION: [&str; 3] = ["3", "4", "0"];

use super::add_func as func;

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("platform")?;
    func(vm, m, "platform", platform)?;
    func(vm, m, "python_compiler", python_compiler)?;
    func(vm, m, "libc_ver", libc_ver)?;
    func(vm, m, "system", system)?;
    func(vm, m, "machine", machine)?;
    func(vm, m, "python_implementation", python_implementation)?;
    func(vm, m, "python_version", python_version)?;
    func(vm, m, "python_version_tuple", python_version_tuple)?;
    Ok(m)
}

/// The OS name as CPython's `platform.system()` spells it.
fn system_name() -> String {
    match std::env::consts::OS {
        "linux" => "Linux".to_string(),
        "macos" => "Darwin".to_string(),
        "windows" => "Windows".to_string(),
        "freebsd" => "FreeBSD".to_string(),
        other => other.to_string(),
    }
}

/// `platform(aliased=False, terse=False)`: the flags change nothing here.
fn platform(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    let s = format!(
        "{}-{}-capy-{CAPY_VERSION}",
        system_name(),
        std::env::consts::ARCH
    );
    vm.new_str(&s)
}

fn python_compiler(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    vm.new_str("rustc")
}

/// `libc_ver(executable=None, lib='', version='', chunksize=16384)`.
fn libc_ver(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let mut lib = a.get(1).copied();
    let mut version = a.get(2).copied();
    for &(k, v) in kw {
        match vm.heap.str_of(k) {
            Some("lib") => lib = Some(v),
            Some("version") => version = Some(v),
            _ => {}
        }
    }
    let built = if cfg!(target_env = "gnu") {
        Some("glibc")
    } else if cfg!(target_env = "musl") {
        Some("musl")
    } else {
        None
    };
    let lib = match (built, lib) {
        (Some(name), _) => vm.new_str(name)?,
        (None, Some(v)) => v,
        (None, None) => vm.new_str("")?,
    };
    let version = match version {
        Some(v) => v,
        None => vm.new_str("")?,
    };
    vm.new_tuple(vec![lib, version])
}

fn system(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    vm.new_str(&system_name())
}

fn machine(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    vm.new_str(std::env::consts::ARCH)
}

fn python_implementation(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    vm.new_str("capy")
}

fn python_version(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    vm.new_str(&PYTHON_VERSION.join("."))
}

fn python_version_tuple(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    let mut items = Vec::new();
    for p in PYTHON_VERSION {
        items.push(vm.new_str(p)?);
    }
    vm.new_tuple(items)
}
