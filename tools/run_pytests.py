#!/usr/bin/env python3
"""Run the tests/py conformance programs against any interpreter (for
example micropython, or capy before `cargo test` is wanted) with the same
rules as crates/capy/tests/conformance.rs:

  * expected stdout = what CPython prints (or NAME.py.exp when present);
  * exit status must match (`# expect: exit=N`, else 0);
  * with `# expect: exit=N` or `# expect: stderr`, the last stderr line
    must equal CPython's.

Usage: python3 tools/run_pytests.py [--interp PATH] [--filter SUBSTR] [-v]
       python3 tools/run_pytests.py --check-cpython   # sanity-check tests under CPython only
Exit status 0 when every selected test passed.
"""

import argparse
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTS = os.path.join(ROOT, "tests", "py")
TIMEOUT = 10


def find_tests():
    out = []
    for dirpath, dirnames, filenames in os.walk(TESTS):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(("_", ".")))
        for f in sorted(filenames):
            if f.endswith(".py") and not f.startswith(("_", ".")):
                out.append(os.path.relpath(os.path.join(dirpath, f), TESTS).replace(os.sep, "/"))
    return sorted(out)


def directives(src):
    exit_code, stderr_last = None, False
    for line in src.splitlines()[:10]:
        s = line.strip()
        if not s:
            continue
        if not s.startswith("#"):
            break
        body = s.lstrip("#").strip()
        if body.startswith("expect:"):
            for tok in body[len("expect:"):].split():
                if tok.startswith("exit="):
                    exit_code = int(tok[5:])
                    stderr_last = True
                elif tok == "stderr":
                    stderr_last = True
    return exit_code, stderr_last


def run(exe, file, cwd):
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONDONTWRITEBYTECODE="1", PYTHONIOENCODING="utf-8")
    env.pop("PYTHONPATH", None)
    try:
        p = subprocess.run([exe, file], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=TIMEOUT)
        return p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace"), p.returncode
    except subprocess.TimeoutExpired:
        return "", "", "timeout"


def last_line(s):
    lines = [l.rstrip() for l in s.splitlines() if l.strip()]
    return lines[-1] if lines else ""


def check(name, python, interp):
    path = os.path.join(TESTS, name)
    cwd, file = os.path.dirname(path), os.path.basename(path)
    with open(path, encoding="utf-8") as f:
        want_exit, want_stderr = directives(f.read())
    want_exit = 0 if want_exit is None else want_exit
    exp = path + ".exp"
    if os.path.exists(exp):
        with open(exp, encoding="utf-8") as f:
            e_out = f.read()
        e_last = None
    else:
        e_out, e_err, code = run(python, file, cwd)
        if code != want_exit:
            return name, False, "broken under CPython: exit %s, expected %s\n%s" % (code, want_exit, e_err[-500:])
        e_last = last_line(e_err) if want_stderr else None
    if interp is None:
        return name, True, ""
    out, err, code = run(interp, file, cwd)
    problems = []
    if code != want_exit:
        problems.append("exit %s, expected %s; stderr tail: %s" % (code, want_exit, err[-300:]))
    if out != e_out:
        el, ol = e_out.splitlines(), out.splitlines()
        i = 0
        while i < min(len(el), len(ol)) and el[i] == ol[i]:
            i += 1
        problems.append("stdout differs at line %d:\n  - %s\n  + %s" % (
            i + 1, el[i] if i < len(el) else "<eof>", ol[i] if i < len(ol) else "<eof>"))
    if e_last is not None and last_line(err) != e_last:
        problems.append("last stderr line %r, expected %r" % (last_line(err), e_last))
    return name, not problems, "\n".join(problems)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--interp", help="interpreter under test (e.g. micropython)")
    ap.add_argument("--python", default=sys.executable, help="reference CPython (default: this one)")
    ap.add_argument("--filter", default="")
    ap.add_argument("--check-cpython", action="store_true")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("-v", action="store_true")
    a = ap.parse_args()
    if not a.interp and not a.check_cpython:
        ap.error("give --interp PATH or --check-cpython")
    tests = [t for t in find_tests() if a.filter in t]
    with ThreadPoolExecutor(a.j) as ex:
        results = list(ex.map(lambda t: check(t, a.python, a.interp), tests))
    failed = [r for r in results if not r[1]]
    for name, ok, detail in results:
        if not ok:
            print("FAIL", name)
            if a.v:
                print("  " + detail.replace("\n", "\n  "))
    print("%d passed, %d failed" % (len(results) - len(failed), len(failed)))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
