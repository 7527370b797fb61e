#!/usr/bin/env python3
"""The `capy` Python module as a host sees it: latency, memory, scaling.

  pip install crates/capy-py        # or crates/capy-py/ci.sh's wheel
  python bench/embed.py [--runs N] [--idle N] [--work N] [--vs-monty] [--json OUT]

Measures, in this process:

- warm `run("1+1")`: the median of single calls on one compartment after a
  warm-up (each call crosses to the compartment's thread and back);
- a new compartment: the median time of `Compartment()` + a first `run`
  (thread start included) and `close()`;
- memory per idle compartment: the growth of this process's resident set
  (VmRSS) over `--idle` compartments that each ran one statement, divided
  by their number;
- scaling: N compartments driven by a ThreadPoolExecutor of N threads, each
  running the same CPU-bound function once, for N = 1, 2 (and more if the
  machine has the cores); the speed-up is N * t(1) / t(N) (ideal: N).
  The machine's load average is printed with it: on busy cores there is
  nothing to scale onto.

With `--vs-monty` it then measures the same things, and six small
workloads, for capy and for pydantic-monty (`pip install pydantic-monty`)
in one run, and prints them side by side with CPython running the same
code in-process (`exec`) for scale. Each workload is one `run` of a code
string on a warm sandbox whose definitions were loaded before; the time is
the best of `--reps` runs, measured from the host. monty runs code in a
pool of worker subprocesses: a new sandbox is a `checkout()` session of a
warm pool plus its first `feed_run` and exit, and its memory is the
resident set of its worker processes (read from /proc), divided by their
number.
"""

import argparse
import json
import os
import statistics
import time
from concurrent.futures import ThreadPoolExecutor

import capy

# The workloads of the comparison: (name, definitions, timed code). The
# definitions run once, untimed; the code is one run, timed.
WORKLOADS = [
    ("fib(25)",
     "def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\n",
     "fib(25)"),
    ("1e6 multiplications",
     "",
     "x = 0\nfor i in range(1000000):\n    x = i * 3\nx"),
    ("sort 1e5 ints",
     "data = [(i * 7919) % 100003 for i in range(100000)]\n",
     "len(sorted(data))"),
    ("dict of 1e5 str keys",
     "",
     "d = {}\nfor i in range(100000):\n    d['k' + str(i)] = i\nlen(d)"),
    ("join 1e5 strings",
     "parts = [str(i) for i in range(100000)]\n",
     "len(','.join(parts))"),
    ("1e5 method calls",
     "class P:\n    def __init__(self):\n        self.n = 0\n"
     "    def inc(self, k):\n        self.n += k\n",
     "p = P()\nfor i in range(100000):\n    p.inc(1)\np.n"),
]

WORK = (
    "def work(n):\n"
    "    s = 0\n"
    "    for i in range(n):\n"
    "        s += i * i % 7\n"
    "    return s\n"
)


def rss_bytes():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def warm_latency(runs):
    with capy.Compartment() as c:
        for _ in range(1000):
            c.run("1+1")
        times = []
        for _ in range(runs):
            t = time.perf_counter_ns()
            c.run("1+1")
            times.append(time.perf_counter_ns() - t)
    return statistics.median(times) / 1000


def new_compartment(n):
    times = []
    for _ in range(n):
        t = time.perf_counter_ns()
        c = capy.Compartment()
        c.run("1")
        c.close()
        times.append(time.perf_counter_ns() - t)
    return statistics.median(times) / 1000


def idle_memory(n):
    keep = []
    # One first, so that what every compartment shares is not counted.
    keep.append(capy.Compartment())
    keep[0].run("x = 1")
    before = rss_bytes()
    for i in range(n):
        c = capy.Compartment(str(i))
        c.run("x = 1")
        keep.append(c)
    per = (rss_bytes() - before) / n
    for c in keep:
        c.close()
    return per


def scaling(ns, work):
    out = {}
    for n in ns:
        comps = [capy.Compartment(str(i)) for i in range(n)]
        for c in comps:
            c.run(WORK)
            c.call("work", 1000)
        best = None
        with ThreadPoolExecutor(max_workers=n) as pool:
            for _ in range(3):
                t = time.perf_counter()
                list(pool.map(lambda c: c.call("work", work), comps))
                took = time.perf_counter() - t
                best = took if best is None else min(best, took)
        for c in comps:
            c.close()
        out[n] = best
    return out


def best_of(reps, f):
    best = None
    for _ in range(reps):
        t = time.perf_counter()
        f()
        took = time.perf_counter() - t
        best = took if best is None else min(best, took)
    return best


def children_rss(pid):
    """The summed VmRSS of `pid`'s child processes, in bytes."""
    total = 0
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            if ppid != pid:
                continue
            with open(f"/proc/{d}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1]) * 1024
        except (OSError, ValueError, IndexError):
            pass
    return total


def capy_side(a):
    r = {"warm 1+1 (µs)": warm_latency(a.runs),
         "new sandbox (µs)": new_compartment(200),
         "idle sandbox (KiB)": idle_memory(a.idle) / 1024}
    with capy.Compartment(timeout=None) as c:
        for name, setup, code in WORKLOADS:
            c.run(setup)
            r[name + " (ms)"] = best_of(a.reps, lambda: c.run(code)) * 1000
    return r


def monty_side(a, pm):
    r = {}
    with pm.Monty(min_processes=1) as pool:
        with pool.checkout() as s:
            for _ in range(1000):
                s.feed_run("1 + 1")
            times = []
            for _ in range(a.runs // 10):
                t = time.perf_counter_ns()
                s.feed_run("1 + 1")
                times.append(time.perf_counter_ns() - t)
            r["warm 1+1 (µs)"] = statistics.median(times) / 1000
            for name, setup, code in WORKLOADS:
                if setup:
                    s.feed_run(setup)
                r[name + " (ms)"] = best_of(a.reps, lambda: s.feed_run(code)) * 1000
        times = []
        for _ in range(200):
            t = time.perf_counter_ns()
            with pool.checkout() as s:
                s.feed_run("1")
            times.append(time.perf_counter_ns() - t)
        r["new sandbox (µs)"] = statistics.median(times) / 1000
    n = min(a.idle, 16)
    with pm.Monty(min_processes=n, max_processes=n) as pool:
        sessions = [pool.checkout() for _ in range(n)]
        for s in sessions:
            s.__enter__().feed_run("x = 1")
        r["idle sandbox (KiB)"] = children_rss(os.getpid()) / n / 1024
        for s in sessions:
            s.__exit__(None, None, None)
    return r


def cpython_side(a):
    r = {}
    for name, setup, code in WORKLOADS:
        ns = {}
        exec(setup, ns)
        compiled = compile(code, "<bench>", "exec")
        r[name + " (ms)"] = best_of(a.reps, lambda: exec(compiled, ns)) * 1000
    return r


def vs_monty(a):
    try:
        import pydantic_monty as pm
    except ImportError:
        print("pydantic-monty is not installed: pip install pydantic-monty")
        return None
    rows = {"capy": capy_side(a), f"monty {pm.__version__}": monty_side(a, pm),
            "CPython exec": cpython_side(a)}
    keys = list(rows["capy"])
    cols = list(rows)
    print("\n| measure | " + " | ".join(cols) + " | capy/monty |")
    print("| --- | " + " | ".join("---:" for _ in cols) + " | ---: |")
    for k in keys:
        vals = [rows[c].get(k) for c in cols]
        cells = ["" if v is None else f"{v:.1f}" if v >= 10 else f"{v:.2f}" for v in vals]
        ratio = vals[0] / vals[1] if vals[1] else float("nan")
        print(f"| {k} | " + " | ".join(cells) + f" | {ratio:.2f}x |")
    print(f"(load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores)")
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=20000)
    ap.add_argument("--idle", type=int, default=200)
    ap.add_argument("--work", type=int, default=2_000_000)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--vs-monty", action="store_true",
                    help="also compare with pydantic-monty in the same run")
    ap.add_argument("--json")
    a = ap.parse_args()

    r = {}
    r["warm_run_us"] = warm_latency(a.runs)
    print(f"warm run('1+1'):           {r['warm_run_us']:8.1f} µs (median of {a.runs})")
    r["new_compartment_us"] = new_compartment(200)
    print(f"new compartment + close:   {r['new_compartment_us']:8.1f} µs (median of 200)")
    r["idle_bytes"] = idle_memory(a.idle)
    print(f"memory per idle compartment: {r['idle_bytes'] / 1024:6.1f} KiB (RSS growth over {a.idle})")
    cores = os.cpu_count() or 1
    ns = [1, 2] + [n for n in (4, 8) if n <= cores]
    times = scaling(ns, a.work)
    load = os.getloadavg()[0]
    print(f"scaling, work({a.work}) per compartment (cores: {cores}, load average: {load:.1f}):")
    for n, t in times.items():
        speed = n * times[1] / t
        print(f"  N={n}: {t * 1000:8.1f} ms for N tasks, speed-up {speed:.2f}x")
    r["scaling_s"] = times
    r["cores"] = cores
    r["load"] = load
    if a.vs_monty:
        r["vs_monty"] = vs_monty(a)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(r, f, indent=1)


if __name__ == "__main__":
    main()
