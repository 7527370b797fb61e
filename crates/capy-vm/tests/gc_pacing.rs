//! When the collector runs: garbage waits for at most about a megabyte
//! of allocation (so a program that keeps little alive stays small), and
//! memory that survives collections outside the heap's objects (compiled
//! regexes) paces them as live data does instead of as new allocation.

use capy_compiler::Mode;
use capy_vm::{Limits, Value, Vm};

fn run(src: &str) -> Vm {
    let mut vm = Vm::new(Limits::default());
    let code = vm.compile(src, "<test>", Mode::Exec).expect("compiles");
    let globals = vm.new_dict_obj().expect("a dict");
    vm.extra_roots.push(Value::Obj(globals));
    let r = vm.run_code(&code, globals, Value::Null);
    assert!(r.is_ok(), "{src:?} raised");
    vm
}

/// 300,000 short-lived lists (about 40 MB of allocation) with almost
/// nothing kept: the heap's count never rises much past the first
/// collection's threshold (8 MiB before session 22; 1 MiB now).
#[test]
fn short_lived_garbage_is_collected_within_a_megabyte_or_two() {
    let vm = run("t = 0\nfor i in range(300000):\n    x = [i, i + 1, i + 2]\n    t += x[1]\n");
    let peak = vm.budget.memory.peak();
    assert!(
        vm.heap.collections >= 10,
        "{} collections for 40 MB of garbage",
        vm.heap.collections
    );
    assert!(
        peak < 2 << 20,
        "the heap's count peaked at {peak} bytes with ~100 KB alive"
    );
}

/// Compiled regexes stay charged after every collection. Counted as
/// allocation, a cache bigger than the threshold made every safe point
/// collect: a loop of 300,000 additions that allocates nothing ran
/// 300,000 collections (20 s instead of 0.06 s).
#[test]
fn a_large_regex_cache_does_not_make_every_safe_point_collect() {
    let vm = run(concat!(
        "import re, gc\n",
        "ps = [re.compile(r'\\w{%d,%d}\\s+\\w+\\d*[^\\W\\d]{3}' % (i, i + 5)) for i in range(1, 12)]\n",
        "for p in ps:\n",
        "    p.search('hello world 123 abc')\n",
        "gc.collect()\n",
        "t = 0\n",
        "for i in range(300000):\n",
        "    t += i\n",
    ));
    let cached = vm.re_cache.bytes();
    assert!(
        cached > 2 << 20,
        "the test needs a regex cache above the threshold, got {cached} bytes"
    );
    assert!(
        vm.heap.collections < 20,
        "{} collections in a loop that allocates nothing",
        vm.heap.collections
    );
}
