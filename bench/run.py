#!/usr/bin/env python3
"""capy benchmark runner.

Runs every bench/programs/*.py under capy, CPython (the real executable, not
a pyenv shim) and, when available, MicroPython, alternating interpreters
within each repetition so that machine noise hits all of them alike.
Reports the minimum wall time of N repetitions, the ratio to CPython, checks
that each interpreter printed exactly what CPython printed, and the geometric
mean of the ratios over the benchmarks that ran correctly. Also measures
start-up time (`-c pass`, median of 20 runs).

  python3 bench/run.py [--capy PATH] [--micropython PATH] [--reps N]
                       [--only NAME,...] [--markdown] [--json OUT]
"""

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PROGRAMS = os.path.join(HERE, "programs")
TIMEOUT = 300
MPY_HEAP = "256M"


def real_cpython():
    """Resolve `python3` to the interpreter it really runs (pyenv shims are
    shell scripts that would add their own start-up cost)."""
    exe = shutil.which("python3")
    if exe is None:
        return sys.executable
    try:
        out = subprocess.run([exe, "-c", "import sys; print(sys.executable)"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=60)
        path = out.stdout.decode().strip()
        if out.returncode == 0 and path:
            return path
    except (OSError, subprocess.TimeoutExpired):
        pass
    return sys.executable


class Interp:
    def __init__(self, name, exe, extra=()):
        self.name = name
        self.exe = exe
        self.extra = list(extra)

    def cmd(self, args):
        return [self.exe] + self.extra + list(args)


def run_once(interp, args, cwd):
    """Returns (seconds, stdout, error-or-None)."""
    t0 = time.perf_counter()
    try:
        p = subprocess.run(interp.cmd(args), cwd=cwd, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, "", "timeout after %ds" % TIMEOUT
    except OSError as e:
        return None, "", "cannot run: %s" % e
    dt = time.perf_counter() - t0
    out = p.stdout.decode("utf-8", "replace")
    if p.returncode != 0:
        err = p.stderr.decode("utf-8", "replace").strip().splitlines()
        return dt, out, "exit %d: %s" % (p.returncode, err[-1] if err else "")
    return dt, out, None


def find_programs(only):
    names = sorted(f[:-3] for f in os.listdir(PROGRAMS) if f.endswith(".py") and not f.startswith("_"))
    if only:
        wanted = [n.strip() for n in only.split(",") if n.strip()]
        missing = [w for w in wanted if w not in names]
        if missing:
            sys.exit("unknown benchmark(s): %s (have: %s)" % (", ".join(missing), ", ".join(names)))
        names = [n for n in names if n in wanted]
    return names


def startup(interp, n=20):
    times = []
    for _ in range(n):
        dt, _, err = run_once(interp, ["-c", "pass"], ROOT)
        if err:
            return None, err
        times.append(dt)
    times.sort()
    return times[len(times) // 2], None


def geomean(xs):
    xs = [x for x in xs if x and x > 0]
    if not xs:
        return None
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def fmt_s(v):
    return "%.3f" % v if isinstance(v, (int, float)) else "—"


def fmt_r(v):
    return "%.2fx" % v if isinstance(v, (int, float)) else "—"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--capy", default=os.path.join(ROOT, "target", "release", "capy"))
    ap.add_argument("--micropython", help="micropython executable (default: `micropython` on PATH if any)")
    ap.add_argument("--no-micropython", action="store_true")
    ap.add_argument("--cpython", help="CPython executable (default: what python3 really runs)")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--only", help="comma-separated benchmark names")
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table")
    ap.add_argument("--json", metavar="OUT", help="write results as JSON")
    ap.add_argument("--no-startup", action="store_true", help="skip the start-up measurement")
    a = ap.parse_args()

    cpy = Interp("cpython", a.cpython or real_cpython())
    interps = [cpy]
    capy_exe = os.path.abspath(a.capy)
    capy = Interp("capy", capy_exe)
    if not os.path.exists(capy_exe):
        print("warning: capy not found at %s (build with `cargo build --release -p capy`)" % capy_exe,
              file=sys.stderr)
    interps.append(capy)
    mpy = None
    if not a.no_micropython:
        mexe = a.micropython or shutil.which("micropython")
        if mexe:
            # MicroPython's default heap is small; give it room for the larger benchmarks.
            mpy = Interp("micropython", os.path.abspath(mexe), ["-X", "heapsize=" + MPY_HEAP])
            interps.append(mpy)
    names = find_programs(a.only)

    print("cpython:     %s" % cpy.exe, file=sys.stderr)
    print("capy:        %s" % capy.exe, file=sys.stderr)
    print("micropython: %s" % (mpy.exe if mpy else "(not found)"), file=sys.stderr)
    print("reps: %d, benchmarks: %d" % (a.reps, len(names)), file=sys.stderr)

    results = {}
    for name in names:
        path = os.path.join(PROGRAMS, name + ".py")
        r = {i.name: {"times": [], "out": None, "error": None} for i in interps}
        for rep in range(a.reps):
            for it in interps:
                slot = r[it.name]
                if slot["error"]:
                    continue
                dt, out, err = run_once(it, [path], PROGRAMS)
                if err:
                    slot["error"] = err
                    slot["out"] = out
                    continue
                slot["times"].append(dt)
                if slot["out"] is None:
                    slot["out"] = out
                elif slot["out"] != out:
                    slot["error"] = "output differs between repetitions"
        ref = r["cpython"]
        row = {"cpython_s": min(ref["times"]) if ref["times"] and not ref["error"] else None,
               "cpython_error": ref["error"], "output": (ref["out"] or "").strip()}
        for it in interps[1:]:
            slot = r[it.name]
            status = "ok"
            t = min(slot["times"]) if slot["times"] else None
            if slot["error"]:
                status = "FAIL (%s)" % slot["error"]
            elif ref["error"]:
                status = "no reference (CPython failed)"
            elif slot["out"] != ref["out"]:
                status = "MISMATCH"
            ok = status == "ok"
            row[it.name + "_s"] = t if ok else None
            row[it.name + "_ratio"] = (t / row["cpython_s"]) if ok and row["cpython_s"] else None
            row[it.name + "_status"] = status
            if status == "MISMATCH":
                row[it.name + "_output"] = (slot["out"] or "").strip()
        results[name] = row
        print("  %-16s cpython %s  %s" % (name, fmt_s(row["cpython_s"]), "  ".join(
            "%s %s %s" % (it.name, fmt_s(row.get(it.name + "_s")), row[it.name + "_status"])
            for it in interps[1:])), file=sys.stderr, flush=True)

    summary = {}
    for it in interps[1:]:
        ratios = [results[n][it.name + "_ratio"] for n in names if results[n].get(it.name + "_ratio")]
        summary[it.name] = {"geomean_ratio": geomean(ratios), "benchmarks_ok": len(ratios),
                            "benchmarks": len(names)}

    start = {}
    if not a.no_startup:
        for it in interps:
            med, err = startup(it)
            start[it.name] = {"median_s": med, "error": err}

    # ---- report ----
    cols = ["benchmark", "cpython s", "capy s", "capy/cpython"]
    if mpy:
        cols += ["micropython s", "micropython/cpython"]
    cols.append("notes")
    rows = []
    for n in names:
        row = results[n]
        notes = []
        if row["cpython_error"]:
            notes.append("cpython: " + row["cpython_error"])
        for it in interps[1:]:
            st = row[it.name + "_status"]
            if st != "ok":
                notes.append("%s: %s" % (it.name, st))
        line = [n, fmt_s(row["cpython_s"]), fmt_s(row.get("capy_s")), fmt_r(row.get("capy_ratio"))]
        if mpy:
            line += [fmt_s(row.get("micropython_s")), fmt_r(row.get("micropython_ratio"))]
        line.append("; ".join(notes))
        rows.append(line)
    gm = ["geometric mean", "", "", fmt_r(summary["capy"]["geomean_ratio"]) +
          " (%d/%d ok)" % (summary["capy"]["benchmarks_ok"], len(names))]
    if mpy:
        gm += ["", fmt_r(summary["micropython"]["geomean_ratio"]) +
               " (%d/%d ok)" % (summary["micropython"]["benchmarks_ok"], len(names))]
    gm.append("")
    rows.append(gm)

    if a.markdown:
        print("| " + " | ".join(cols) + " |")
        print("| " + " | ".join(["---"] + ["---:"] * (len(cols) - 2) + ["---"]) + " |")
        for line in rows:
            print("| " + " | ".join(line) + " |")
    else:
        widths = [max(len(cols[i]), max(len(r[i]) for r in rows)) for i in range(len(cols))]
        print("  ".join(cols[i].ljust(widths[i]) for i in range(len(cols))).rstrip())
        print("  ".join("-" * widths[i] for i in range(len(cols))))
        for line in rows:
            print("  ".join(line[i].ljust(widths[i]) for i in range(len(cols))).rstrip())
    if start:
        print()
        parts = []
        for it in interps:
            s = start[it.name]
            parts.append("%s %s" % (it.name, ("%.1f ms" % (s["median_s"] * 1000)) if s["median_s"] is not None
                                    else "failed (%s)" % s["error"]))
        if a.markdown:
            print("Start-up (`-c pass`, median of 20): " + ", ".join(parts))
        else:
            print("start-up (-c pass, median of 20): " + ", ".join(parts))

    if a.json:
        with open(a.json, "w") as f:
            json.dump({"interpreters": {i.name: i.cmd([]) for i in interps}, "reps": a.reps,
                       "benchmarks": results, "summary": summary, "startup": start}, f, indent=2)
            f.write("\n")


if __name__ == "__main__":
    main()
