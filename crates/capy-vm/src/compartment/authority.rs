//! What a compartment's instance can reach: nothing it was not granted.
//!
//! The program the user runs holds the user's authority (standard input,
//! the clock, the capability model's roots, the search path, the
//! `compartment` module). A compartment starts with none of it:
//!
//! | authority | root | compartment |
//! | --- | --- | --- |
//! | standard input (`input()`, `sys.stdin`) | yes | `PermissionError` |
//! | importing from the file system (`sys.path`) | yes | empty path: only built-in modules |
//! | `sys.argv` | the command line | empty |
//! | clocks (`time.*`) | full resolution | whole milliseconds |
//! | `cheri.Memory`, `cheri.sealing_root` | yes | absent (memory reaches a compartment only as a capability it is passed) |
//! | making compartments (`compartment`) | yes | absent (a compartment could otherwise escape its quota by making more) |
//! | `sys.setrecursionlimit` | up to 20,000 | up to the limit it was given |
//! | files, environment variables | the user's (a sandbox's grants) | only the `compartment.Dir`s granted (crate::host) |
//!
//! OS entropy (`_entropy`, under `secrets` and `uuid.uuid4`) is no
//! authority: random bytes reach nothing outside the instance, so
//! compartments have it too.
//!
//! `print` writes to the process's output, as the root's does (the c18n
//! mode runs ordinary modules, which print). Everything else a compartment
//! may use is pure computation on its own heap.

use crate::budget::Limits;
use crate::errors::ExcKind;
use crate::vm::Vm;
use crate::PyResult;

/// An authority a confined instance lacks unless it is granted (a
/// policy file's `grants`, see library.rs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Authority {
    /// Standard input.
    Stdin,
    /// The program's command line as `sys.argv`.
    Argv,
    /// The clocks at full resolution.
    Clock,
}

impl std::fmt::Display for Authority {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Authority::Stdin => "standard input",
            Authority::Argv => "the command line",
            Authority::Clock => "the high-resolution clock",
        })
    }
}

impl Authority {
    fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// Whether the running instance holds `what`.
pub fn holds(vm: &Vm, what: Authority) -> bool {
    if what == Authority::Stdin && !vm.comp.host.stdin {
        return false;
    }
    !vm.comp.confined || vm.comp.granted & what.bit() != 0
}

/// PermissionError unless the running instance holds `what`.
pub fn require(vm: &mut Vm, what: Authority) -> PyResult<()> {
    if !holds(vm, what) && !vm.comp.confined {
        return Err(vm.error(
            ExcKind::PermissionError,
            format!("{what} is out of reach (run capy with --allow-stdin to allow it)"),
        ));
    }
    if !holds(vm, what) {
        return Err(vm.error(
            ExcKind::PermissionError,
            format!("{what} is not granted to this compartment"),
        ));
    }
    Ok(())
}

/// Whether a compartment may import native module `name`.
pub fn may_import(name: &str) -> bool {
    ALLOWED_MODULES.contains(&name)
        || crate::modules::frozen::STDLIB
            .iter()
            .chain(crate::modules::frozen::ALIASES)
            .any(|(n, _)| *n == name)
}

/// Native modules a compartment may import: computation only (and the
/// frozen standard library, Python code that holds no authority).
const ALLOWED_MODULES: &[&str] = &[
    "sys",
    "struct",
    "binascii",
    "_base64",
    "heapq",
    "random",
    "errno",
    "time",
    "cmath",
    "math",
    "cheri",
    "json",
    "io",
    "collections",
    "array",
    "re",
    "types",
    "hashlib",
    "zlib",
    "deflate",
    // Describes capy as built; asks the host nothing.
    "platform",
    // OS entropy is no authority (secrets, uuid4).
    "_entropy",
    // Files and the environment as the compartment's grants allow
    // (host/mod.rs): nothing without them.
    "_os",
    // Formats the instance's own exceptions.
    "_traceback",
    "asyncio",
    "builtins",
    "gc",
    "micropython",
    // Only `CompartmentError` in a compartment.
    "compartment",
];

/// A new confined instance for compartment `id`, holding the `granted`
/// authorities (`argv`: the command line it gets if it holds it).
pub fn new_instance(
    limits: &Limits,
    id: super::CompId,
    granted: &[Authority],
    argv: &[String],
) -> Vm {
    // Its output while it runs is the process's (the switcher moves it in);
    // its own is never written.
    let mut vm = Vm::with_output(limits.clone(), crate::vm::Output::discard());
    vm.comp.id = id;
    confine(&mut vm, granted);
    if granted.contains(&Authority::Argv) {
        vm.argv = argv.to_vec();
    }
    vm
}

/// Takes from `vm` every authority but `granted`: what each compartment
/// holds, and what a policy's main compartment holds when the program is
/// run from the policy. Without `argv`, `sys.argv` keeps only the
/// program's name (the policy names it already).
pub fn confine(vm: &mut Vm, granted: &[Authority]) {
    vm.comp.confined = true;
    vm.comp.granted = granted.iter().fold(0, |bits, a| bits | a.bit());
    vm.comp.host = crate::host::Host::compartment();
    if !granted.contains(&Authority::Argv) {
        vm.argv.truncate(1);
    }
    vm.budget.cap_recursion_limit();
}
