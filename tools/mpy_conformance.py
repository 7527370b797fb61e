#!/usr/bin/env python3
"""Run MicroPython's own test suite (tests/run-tests.py from a MicroPython
checkout you already have) against an interpreter, and summarise per folder.

This script does not fetch or build anything. You need:
  * a MicroPython source checkout (e.g. /tmp/mpy), whose tests/run-tests.py
    is used unchanged;
  * the interpreter under test (capy, or micropython itself for a baseline).

Typical use:

  # 1. baseline: MicroPython against its own tests
  python3 tools/mpy_conformance.py --mpy-dir /tmp/mpy \\
      --capy "$(command -v micropython)" --label micropython \\
      --save-baseline baseline.json

  # 2. capy against the same tests, compared with the baseline
  python3 tools/mpy_conformance.py --mpy-dir /tmp/mpy \\
      --capy target/release/capy --baseline baseline.json \\
      --failures-out mpy-failures.md

The table printed is Markdown: folder, MicroPython passes, capy passes,
capy failures, capy skipped, and capy passes as a percentage of the
MicroPython passes.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

DEFAULT_FOLDERS = ["basics", "float", "micropython", "import"]


def real_python():
    """Path of the running CPython (not a pyenv shim)."""
    return sys.executable


def parse_results_json(path):
    """run-tests.py (recent versions) writes _results.json:
    {"results": [[test_file, "pass"|"fail"|"skip"|..., reason], ...]}"""
    with open(path) as f:
        data = json.load(f)
    out = []
    for entry in data.get("results", []):
        name, status = entry[0], entry[1]
        out.append((name, status))
    return out


LINE_RE = re.compile(r"^(pass|FAIL|skip|lrge|ignored)\s+(\S+)")


def parse_stdout(text):
    """Fallback for runner versions without a results JSON."""
    out = []
    for line in text.splitlines():
        m = LINE_RE.match(line.strip())
        if m:
            status = {"pass": "pass", "FAIL": "fail", "skip": "skip", "lrge": "skip"}.get(
                m.group(1), m.group(1)
            )
            out.append((m.group(2), status))
    return out


def run_folder(mpy_dir, interp, folder, jobs, timeout, extra_args):
    tests_dir = os.path.join(mpy_dir, "tests")
    runner = os.path.join(tests_dir, "run-tests.py")
    if not os.path.exists(runner):
        sys.exit("error: %s not found (is --mpy-dir a MicroPython checkout?)" % runner)
    result_dir = tempfile.mkdtemp(prefix="mpyconf-%s-" % folder.replace("/", "_"))
    env = dict(os.environ)
    env["MICROPY_MICROPYTHON"] = interp
    env["MICROPY_CPYTHON3"] = real_python()
    cmd = [real_python(), runner, "-d", folder, "-r", result_dir, "-j", str(jobs)] + extra_args
    t0 = time.time()
    try:
        proc = subprocess.run(
            cmd, cwd=tests_dir, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            timeout=timeout,
        )
        text = proc.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired as e:
        text = (e.stdout or b"").decode("utf-8", "replace")
        text += "\n(run-tests.py timed out after %ss)\n" % timeout
    elapsed = time.time() - t0
    results = None
    rj = os.path.join(result_dir, "_results.json")
    if os.path.exists(rj):
        try:
            results = parse_results_json(rj)
        except (ValueError, OSError):
            results = None
    if not results:
        results = parse_stdout(text)
    shutil.rmtree(result_dir, ignore_errors=True)
    # run-tests.py stops early on some set-up errors (e.g. a test needs the
    # `unittest` module from micropython-lib, expected under
    # lib/micropython-lib/python-stdlib/unittest); say so instead of
    # silently reporting a short count.
    for line in text.splitlines():
        if line.startswith("error:") or "Too many raw REPL failures" in line:
            print("  warning: run-tests.py for %s/ reported: %s" % (folder, line.strip()),
                  file=sys.stderr)
    if not results:
        tail = "\n    ".join(text.strip().splitlines()[-6:])
        print("  warning: no test results for %s/; run-tests.py said:\n    %s" % (folder, tail),
              file=sys.stderr)
    counts = {"pass": 0, "fail": 0, "skip": 0}
    failing = []
    for name, status in results:
        if status == "pass":
            counts["pass"] += 1
        elif status == "fail":
            counts["fail"] += 1
            failing.append(name)
        else:
            counts["skip"] += 1
    return counts, sorted(failing), elapsed, text


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mpy-dir", required=True, help="MicroPython checkout (contains tests/run-tests.py)")
    ap.add_argument("--capy", required=True, help="interpreter under test")
    ap.add_argument("--label", default="capy", help="column name for the interpreter under test")
    ap.add_argument("--folders", default=",".join(DEFAULT_FOLDERS),
                    help="comma-separated test folders (default: %(default)s)")
    ap.add_argument("--baseline", help="JSON from --save-baseline (MicroPython's own pass counts)")
    ap.add_argument("--save-baseline", metavar="OUT", help="write {folder: counts} JSON (use with micropython)")
    ap.add_argument("--failures-out", metavar="FILE", help="write failing test names per folder (Markdown)")
    ap.add_argument("--json", metavar="OUT", help="write all counts as JSON")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=int, default=3600, help="seconds per folder")
    ap.add_argument("--verbose", action="store_true", help="echo run-tests.py output")
    args, extra = ap.parse_known_args()

    interp = os.path.abspath(args.capy) if os.path.sep in args.capy else (shutil.which(args.capy) or args.capy)
    if not os.path.exists(interp):
        sys.exit("error: interpreter %s not found" % interp)
    mpy_dir = os.path.abspath(args.mpy_dir)
    folders = [f for f in args.folders.split(",") if f]

    baseline = {}
    if args.baseline:
        with open(args.baseline) as f:
            baseline = json.load(f)

    rows = {}
    failing = {}
    for folder in folders:
        print("running %s/ with %s ..." % (folder, interp), file=sys.stderr, flush=True)
        counts, fails, elapsed, text = run_folder(mpy_dir, interp, folder, args.jobs, args.timeout, extra)
        if args.verbose:
            print(text, file=sys.stderr)
        counts["seconds"] = round(elapsed, 1)
        rows[folder] = counts
        failing[folder] = fails
        print("  %s: %d pass, %d fail, %d skip (%.1fs)" % (folder, counts["pass"], counts["fail"],
              counts["skip"], elapsed), file=sys.stderr, flush=True)

    if args.save_baseline:
        with open(args.save_baseline, "w") as f:
            json.dump({"interpreter": interp, "folders": rows}, f, indent=2, sort_keys=True)
            f.write("\n")

    base_rows = baseline.get("folders", baseline)
    print("| folder | MicroPython passes | %s passes | %s failures | %s skipped | %s / MicroPython |"
          % (args.label, args.label, args.label, args.label))
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    tot_b = tot_p = tot_f = tot_s = 0
    for folder in folders:
        c = rows[folder]
        b = base_rows.get(folder, {}).get("pass") if base_rows else None
        pct = ("%.1f%%" % (100.0 * c["pass"] / b)) if b else "n/a"
        print("| %s | %s | %d | %d | %d | %s |" % (folder, b if b is not None else "n/a", c["pass"],
              c["fail"], c["skip"], pct))
        tot_b += b or 0
        tot_p += c["pass"]
        tot_f += c["fail"]
        tot_s += c["skip"]
    pct = ("%.1f%%" % (100.0 * tot_p / tot_b)) if tot_b else "n/a"
    print("| **total** | %s | %d | %d | %d | %s |" % (tot_b or "n/a", tot_p, tot_f, tot_s, pct))

    if args.failures_out:
        with open(args.failures_out, "w") as f:
            f.write("# MicroPython test suite: failures of %s\n\n" % args.label)
            for folder in folders:
                f.write("## %s (%d failing)\n\n" % (folder, len(failing[folder])))
                for name in failing[folder]:
                    f.write("- %s\n" % name)
                f.write("\n")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"interpreter": interp, "folders": rows, "failing": failing}, f, indent=2, sort_keys=True)
            f.write("\n")


if __name__ == "__main__":
    main()
