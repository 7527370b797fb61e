//! The collector and the limits it serves, end to end through the `capy`
//! binary: collection before MemoryError, temporaries that die with their
//! instruction, compiled-code caches that are charged and swept, and the
//! native loops that draw on the time budget.

mod common;

use common::{run, RunOutput};
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn capy() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_capy"))
}

fn run_c(opts: &[&str], code: &str) -> (RunOutput, Duration) {
    let dir = common::scratch_dir("gc", "c");
    let mut args: Vec<&str> = opts.to_vec();
    args.extend_from_slice(&["-c", code]);
    let start = Instant::now();
    let o = run(&capy(), &args, &dir, &[]);
    (o, start.elapsed())
}

fn assert_prints(what: &str, o: &RunOutput, want: &str) {
    assert_eq!(
        (o.code, o.stdout.as_str()),
        (Some(0), want),
        "{what}: {}\nstderr: {}",
        o.describe_status(),
        common::tail(&o.stderr, 8)
    );
}

#[test]
fn gc_collect_frees_a_dead_list_under_a_small_quota() {
    let (o, _) = run_c(
        &["--heap", "16M"],
        "import gc\na = [0] * 600000\na = None\ngc.collect()\nb = [0] * 600000\nprint('ok')",
    );
    assert_prints("list after gc.collect", &o, "ok\n");
}

#[test]
fn temporaries_of_straight_line_code_die_with_their_statement() {
    // 18 MB allocated, 1 MB live, no loop back-edge (no safe point).
    let src = "x = 'a' * 10**6\n".repeat(18) + "print(len(x))";
    let (o, _) = run_c(&["--heap", "16M"], &src);
    assert_prints("straight-line temporaries", &o, "1000000\n");
}

#[test]
fn a_full_collection_runs_before_memory_error() {
    // Each round's list is garbage by the next: only a collection at the
    // quota (not at a safe point) keeps this within 16 MiB.
    let src = "for i in range(40):\n    a = [i] * 500000\nprint(len(a))";
    let (o, _) = run_c(&["--heap", "16M"], src);
    assert_prints("garbage at the quota", &o, "500000\n");
}

#[test]
fn exec_in_a_loop_does_not_grow_the_code_cache() {
    // Each exec compiles fresh code; its cache entry is charged to the heap
    // and swept once nothing refers to it. Unswept, 100,000 entries would
    // exceed a 16 MiB quota (they took 300 MB of memory before).
    let (o, _) = run_c(
        &["--heap", "16M"],
        "for i in range(100000):\n    exec('y = %d' % i)\nprint(y)",
    );
    assert_prints("exec loop", &o, "99999\n");
}

#[test]
fn live_values_survive_collections_inside_native_calls() {
    // Values held by join/sort/min/max while a generator or a key function
    // allocates (and collects) must stay alive: before, they read as None.
    let src = r#"
s = "".join(c.lower() for c in "Hello, World! " * 20000 if c.isalpha())
print(len(s), s[:12])
b = b"".join(bytes([c]) for c in b"Hello, World! " * 20000)
print(len(b), b[:5])
words = ["w%d" % i for i in range(10000)]
f = lambda w: "".join(reversed([c for c in w]))
words.sort(key=f)
print(words[:3])
print(max(words, key=f), min((w for w in words), key=f))
print(sorted(("x%d" % i for i in range(5000)), key=lambda w: w[::-1])[:2])
"#;
    let (o, _) = run_c(&["--heap", "64M"], src);
    assert_prints(
        "live values",
        &o,
        "200000 helloworldhe\n280000 b'Hello'\n['w1000', 'w2000', 'w3000']\nw9 w1000\n['x1000', 'x2000']\n",
    );
}

#[test]
fn native_loops_over_endless_iterators_stop_at_the_deadline() {
    for code in [
        "sum(iter(int, 1))",
        "any(iter(int, 1))",
        "all(iter(int, 0) for _ in iter(int, 1))",
        "max(iter(int, 1))",
        "list(filter(None, iter(int, 1)))",
    ] {
        let (o, took) = run_c(&["--timeout", "1"], code);
        assert_eq!(o.code, Some(1), "{code}: {}", o.describe_status());
        assert!(
            o.last_stderr_line().starts_with("TimeoutError"),
            "{code}: {}",
            common::tail(&o.stderr, 4)
        );
        assert!(took < Duration::from_secs(8), "{code}: took {took:?}");
    }
}

#[test]
fn sum_of_a_huge_range_is_immediate() {
    let (o, took) = run_c(
        &["--timeout", "1"],
        "print(sum(range(10**10)), sum(range(5, -7, -3), 100), sum(range(0)))",
    );
    assert_prints("sum(range)", &o, "49999999995000000000 102 0\n");
    assert!(took < Duration::from_secs(5), "took {took:?}");
}
