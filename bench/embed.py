#!/usr/bin/env python3
"""The `capy` Python module as a host sees it: latency, memory, scaling.

  pip install crates/capy-py        # or crates/capy-py/ci.sh's wheel
  python bench/embed.py [--runs N] [--idle N] [--work N] [--json OUT]

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
"""

import argparse
import json
import os
import statistics
import time
from concurrent.futures import ThreadPoolExecutor

import capy

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


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=20000)
    ap.add_argument("--idle", type=int, default=200)
    ap.add_argument("--work", type=int, default=2_000_000)
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
    if a.json:
        with open(a.json, "w") as f:
            json.dump(r, f, indent=1)


if __name__ == "__main__":
    main()
