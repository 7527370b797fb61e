#!/usr/bin/env python3
"""Peak memory of capy against CPython on allocation workloads (issue 10).

Each workload builds one large structure, keeps it alive and prints a
checksum (so both interpreters must have built the same thing). Each
interpreter runs it as a child process; the figure is the peak resident
set of that process (`VmHWM` of /proc/self/status, read by the program as
its last act), so start-up and the interpreter's own code count too, as a
user would see them. (Not ru_maxrss: Linux carries the parent's peak into
a child across fork and exec, so every small figure would read as this
script's own size.) The runs alternate (CPython, capy) and the lowest peak
of the repetitions is kept. Linux only.

    python3 bench/memory.py                 # every workload, best of 3
    python3 bench/memory.py --only tuples --reps 1
    python3 bench/memory.py --markdown

Start-up is measured the same way on an empty program: peak RSS, and the
median wall time of 20 runs of `-c pass`.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

# name -> (what it builds, source)
WORKLOADS = {
    "int_list": (
        "a list of 1,000,000 small ints",
        "xs = [i for i in range(1000000)]\nprint(len(xs), xs[-1])\n",
    ),
    "str_dict": (
        "a dict of 200,000 str keys",
        "d = {}\nfor i in range(200000):\n    d['key%d' % i] = i\nprint(len(d), d['key199999'])\n",
    ),
    "instances": (
        "500,000 instances of a class with three attributes",
        "class P:\n"
        "    def __init__(self, x, y, z):\n"
        "        self.x = x\n        self.y = y\n        self.z = z\n"
        "ps = [P(i, i + 1, i + 2) for i in range(500000)]\n"
        "print(len(ps), ps[-1].z)\n",
    ),
    "tuples": (
        "300,000 tuples of mixed values",
        "ts = [(i, 'v%d' % (i % 100), i * 0.5, None) for i in range(300000)]\n"
        "print(len(ts), ts[-1][0], ts[-1][2])\n",
    ),
    "float_list": (
        "a list of 1,000,000 floats",
        "xs = [i * 0.25 for i in range(1000000)]\nprint(len(xs), xs[-1])\n",
    ),
    "str_list": (
        "a list of 300,000 short distinct strs",
        "xs = ['s%d' % i for i in range(300000)]\nprint(len(xs), xs[-1])\n",
    ),
    "nested_lists": (
        "1,000 lists of 1,000 floats (a matrix)",
        "m = [[float(i + j) for j in range(1000)] for i in range(1000)]\nprint(len(m), m[-1][-1])\n",
    ),
}


def real_python():
    """The executable python3 really runs (not a pyenv shim)."""
    out = subprocess.run(
        ["python3", "-c", "import sys; print(sys.executable)"],
        capture_output=True, text=True, check=True,
    )
    return out.stdout.strip()


# Appended to every program: its own peak resident set, in KiB.
REPORT_PEAK = """
for _line in open('/proc/self/status').read().split('\\n'):
    if _line.startswith('VmHWM:'):
        print('peak-kib', _line.split()[1])
"""


def measure(cmd_prefix, src):
    """Runs src in a child; returns (its output without the peak line,
    its peak RSS in KiB)."""
    p = subprocess.run(cmd_prefix + ["-c", src + REPORT_PEAK], capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"{cmd_prefix[0]} failed: {p.stderr.strip()[-300:]}")
    lines = p.stdout.splitlines()
    if not lines or not lines[-1].startswith("peak-kib "):
        raise RuntimeError(f"{cmd_prefix[0]}: no peak reported (is this Linux?)")
    return "\n".join(lines[:-1]), int(lines[-1].split()[1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--capy", default=os.path.join(os.path.dirname(__file__), "..", "target", "release", "capy"))
    ap.add_argument("--python", default=None, help="CPython executable (default: what python3 really runs)")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--only", default="", help="comma-separated workload names")
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args()
    capy = os.path.abspath(args.capy)
    if not os.path.exists(capy):
        sys.exit(f"memory.py: no capy at {capy} (cargo build --release -p capy)")
    py = args.python or real_python()
    names = [n for n in WORKLOADS if not args.only or any(o in n for o in args.only.split(","))]
    if not names:
        sys.exit(f"memory.py: no workload matches --only {args.only!r}; have {', '.join(WORKLOADS)}")

    rows = []
    for name in names:
        what, src = WORKLOADS[name]
        best = {"cpython": None, "capy": None}
        outs = {}
        for _ in range(args.reps):
            for who, exe in (("cpython", py), ("capy", capy)):
                out, rss = measure([exe], src)
                outs[who] = out
                best[who] = rss if best[who] is None else min(best[who], rss)
        note = "" if outs["capy"] == outs["cpython"] else "MISMATCH"
        rows.append((name, what, best["cpython"], best["capy"], note))

    start = {}
    for who, exe in (("cpython", py), ("capy", capy)):
        walls, peaks = [], []
        for _ in range(20):
            t0 = time.perf_counter()
            subprocess.run([exe, "-c", "pass"], check=True)
            walls.append(time.perf_counter() - t0)
            peaks.append(measure([exe], "pass\n")[1])
        start[who] = (statistics.median(walls), min(peaks))

    ratios = [c / p for _, _, p, c, note in rows if not note]
    geo = statistics.geometric_mean(ratios) if ratios else float("nan")
    if args.markdown:
        print("| workload | builds | CPython peak MiB | capy peak MiB | capy/CPython |")
        print("| --- | --- | ---: | ---: | ---: |")
        for name, what, p, c, note in rows:
            print(f"| {name} | {what} | {p / 1024:.1f} | {c / 1024:.1f} | {c / p:.2f}x {note}|")
        print(f"| geometric mean | | | | **{geo:.2f}x** |")
        print()
        print(f"Start-up (`-c pass`): CPython {start['cpython'][0] * 1e3:.1f} ms, "
              f"{start['cpython'][1] / 1024:.1f} MiB; capy {start['capy'][0] * 1e3:.1f} ms, "
              f"{start['capy'][1] / 1024:.1f} MiB")
    else:
        print(f"capy {capy} vs {py}, lowest peak of {args.reps}")
        print(f"{'workload':14} {'CPython MiB':>12} {'capy MiB':>10} {'capy/CPy':>9}  builds")
        for name, what, p, c, note in rows:
            print(f"{name:14} {p / 1024:12.1f} {c / 1024:10.1f} {c / p:8.2f}x  {what} {note}")
        print(f"{'geomean':14} {'':12} {'':10} {geo:8.2f}x")
        print(f"start-up (-c pass, median of 20): CPython {start['cpython'][0] * 1e3:.1f} ms "
              f"{start['cpython'][1] / 1024:.1f} MiB, capy {start['capy'][0] * 1e3:.1f} ms "
              f"{start['capy'][1] / 1024:.1f} MiB")
    if any(note for *_, note in rows):
        sys.exit(1)


if __name__ == "__main__":
    main()
