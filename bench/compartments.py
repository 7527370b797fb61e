#!/usr/bin/env python3
"""What compartments cost, measured on this machine (issue 12, part 6).

    python3 bench/compartments.py [--capy target/release/capy] [--count N]

Prints, with the targets from the issue beside them:

- crossing: a call through a handle with two small-int arguments and an
  int result, against a plain Python call; each is the time of a loop of
  one million calls minus the same loop without the call (best of 5
  rounds, in one capy process);
- create: the median time to make an idle compartment;
- close: the median time to close one;
- idle size: heap bytes an idle compartment holds (its own meter), and
  the resident memory a process grows by per idle compartment (peak RSS
  of a process holding `--count` of them, minus that of one holding none);
- at scale: how long `--count` compartments (default one million) take
  to make, and the peak RSS of the process that holds them all (about
  4 GB for the million: give a smaller `--count` on a smaller machine,
  and the million is projected from it).

Everything is timed inside one capy process with `time.perf_counter`, so
the ratios compare like with like; the RSS figures come from the kernel
(`getrusage` of the child).
"""

import argparse
import os
import subprocess
import sys
import tempfile

CROSSING = r"""
import compartment, time
c = compartment.Compartment("bench", heap="8M")
c.exec("def add(a, b):\n    return a + b")
add = c.get("add")
def plain(a, b):
    return a + b
N = 1000000
def empty_loop():
    t = time.perf_counter()
    for i in range(N):
        pass
    return time.perf_counter() - t
def plain_loop():
    t = time.perf_counter()
    for i in range(N):
        plain(i, 1)
    return time.perf_counter() - t
def cross_loop():
    t = time.perf_counter()
    for i in range(N):
        add(i, 1)
    return time.perf_counter() - t
best = [1e9, 1e9, 1e9]
for _ in range(5):
    for k, f in enumerate((empty_loop, plain_loop, cross_loop)):
        best[k] = min(best[k], f())
print(best[0], best[1], best[2])
"""

CREATE = r"""
import compartment, time
made, closed, heaps = [], [], []
cs = []
for i in range(200):
    t = time.perf_counter()
    c = compartment.Compartment("c%d" % i)
    made.append(time.perf_counter() - t)
    heaps.append(c.stats()["heap"])
    cs.append(c)
for c in cs:
    t = time.perf_counter()
    c.close()
    closed.append(time.perf_counter() - t)
made.sort(); closed.sort(); heaps.sort()
print(made[len(made) // 2], closed[len(closed) // 2], heaps[len(heaps) // 2])
"""

HOLD = r"""
import compartment, time
n = %d
t = time.perf_counter()
cs = [compartment.Compartment("c%%d" %% i) for i in range(n)]
print(time.perf_counter() - t)
# Each is a working compartment, not a placeholder.
assert all(c.eval("6 * 7") == 42 for c in cs[:: max(1, n // 1000)])
"""


def peak_rss(capy, src):
    """Runs src in one capy process: its output words and its peak RSS."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(src)
        path = f.name
    try:
        p = subprocess.Popen([capy, path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        _, status, usage = os.wait4(p.pid, 0)
        out = p.stdout.read()
        err = p.stderr.read()
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"capy failed:\n{err}")
        return out.split(), usage.ru_maxrss * 1024
    finally:
        os.unlink(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--capy", default="target/release/capy")
    ap.add_argument("--count", type=int, default=1000000,
                    help="idle compartments held at once for the scale test (default 1000000)")
    args = ap.parse_args()

    out, _ = peak_rss(args.capy, CROSSING)
    empty, plain, cross = map(float, out)
    call = (plain - empty) / 1e6
    crossing = (cross - empty) / 1e6
    print(f"crossing      {crossing * 1e9:8.0f} ns   plain call {call * 1e9:6.0f} ns"
          f"   ratio {crossing / call:6.2f}x   (target <= 1.25x)")

    out, _ = peak_rss(args.capy, CREATE)
    made, closed, heap = float(out[0]), float(out[1]), int(out[2])
    print(f"create        {made * 1e6:8.1f} us median                      (target <= 10 us)")
    print(f"close         {closed * 1e6:8.1f} us median                      (target <= 1 us + what it frees)")
    print(f"idle heap     {heap / 1024:8.1f} KB per compartment (its own meter)  (target <= 8 KB)")

    _, base = peak_rss(args.capy, HOLD % 0)
    out, rss = peak_rss(args.capy, HOLD % args.count)
    per = (rss - base) / args.count
    print(f"idle RSS      {per / 1024:8.1f} KB per compartment ({args.count} held: "
          f"{rss / 2**20:.0f} MB peak, made in {float(out[0]):.2f} s)")
    if args.count >= 1000000:
        print(f"one million   {rss / 2**30:8.1f} GB peak RSS of the process holding them   (target < 8 GB)")
    else:
        print(f"one million   {per * 1e6 / 2**30:8.1f} GB projected at this size   (target < 8 GB)")


if __name__ == "__main__":
    main()
