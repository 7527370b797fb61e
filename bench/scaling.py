#!/usr/bin/env python3
"""How each common operation's cost grows with its input, beside CPython.

Every operation below does work that CPython does in time proportional to
n (one pass over a str, n appends, n lookups, ...). Each is timed at n and
at 4n, inside one process per interpreter and size (so start-up is not
measured), by both capy and CPython. The growth t(4n)/t(n) of a linear
operation is about 4; a path that is quadratic in capy shows as a growth of
about 16 where CPython's stays near 4, and is flagged.

  python3 bench/scaling.py [--capy PATH] [--cpython PATH] [--n N]
                           [--only SUBSTR,...] [--markdown]

Exit status 1 when any operation is flagged, so the table can gate a run.
"""

import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from run import real_cpython  # noqa: E402

# (name, setup, statement): both see `n`; the statement is timed once.
# Setups build their data from `n` only, so every size does the same work.
ASCII = "s = ''.join(chr(97 + i % 26) for i in range(n))"
WIDE = "s = ''.join(chr(0x3b1 + i % 20) if i % 3 else chr(97 + i % 26) for i in range(n))"
OPS = [
    # str: character-level access must not cost time proportional to the position
    ("str: for c in s (ASCII)", ASCII, "for c in s: pass"),
    ("str: for c in s (non-ASCII)", WIDE, "for c in s: pass"),
    ("str: s[i] (ASCII)", ASCII, "for i in range(n): s[i]"),
    ("str: s[i] (non-ASCII)", WIDE, "for i in range(n): s[i]"),
    ("str: s[i:i+8] (non-ASCII)", WIDE, "for i in range(0, n, 4): s[i:i + 8]"),
    ("str: list(s)", WIDE, "list(s)"),
    ("str: enumerate(s)", WIDE, "for i, c in enumerate(s): pass"),
    ("str: reversed(s)", WIDE, "for c in reversed(s): pass"),
    ("str: s.find/count", WIDE, "s.find('!'); s.count('a')"),
    ("str: split/join", "s = 'ab ' * (n // 3)", "' '.join(s.split())"),
    ("str: += in a loop", "", "t = ''\nfor i in range(n): t += 'x'"),
    # bytes
    ("bytes: iterate", "b = bytes(i % 256 for i in range(n))", "for x in b: pass"),
    ("bytes: b[i]", "b = bytes(i % 256 for i in range(n))", "for i in range(n): b[i]"),
    # a scan from a position (a parser's loop) must not cost the whole length each time
    ("bytes: find from pos", "b = b'abcdefg\\n' * (n // 8)",
     "p = 0\nwhile p >= 0: p = b.find(b'\\n', p + 1)"),
    ("bytes: startswith at pos", "b = b'abcdefg\\n' * (n // 8)",
     "for i in range(0, n, 8): b.startswith(b'ab', i)"),
    ("str: find from pos (non-ASCII)", "s = 'abcdéfg\\n' * (n // 8)",
     "p = 0\nwhile p >= 0: p = s.find('\\n', p + 1)"),
    ("bytearray: append", "b = bytearray()", "for i in range(n): b.append(i % 256)"),
    # list
    ("list: append", "a = []", "for i in range(n): a.append(i)"),
    ("list: pop()", "a = list(range(n))", "for i in range(n): a.pop()"),
    ("list: a[i]", "a = list(range(n))", "for i in range(n): a[i]"),
    ("list: sort", "a = [(i * 7919) % n for i in range(n)]", "a.sort()"),
    ("list: slice copy", "a = list(range(n))", "for i in range(100): a[:]"),
    # tuple
    ("tuple: iterate", "t = tuple(range(n))", "for x in t: pass"),
    ("tuple: t[i]", "t = tuple(range(n))", "for i in range(n): t[i]"),
    ("tuple: unpack pairs", "ps = [(i, i) for i in range(n)]", "for x, y in ps: pass"),
    # dict
    ("dict: insert int", "d = {}", "for i in range(n): d[i] = i"),
    ("dict: insert str", "ks = [str(i) for i in range(n)]\nd = {}", "for k in ks: d[k] = 1"),
    ("dict: lookup", "d = {i: i for i in range(n)}", "for i in range(n): d[i]"),
    ("dict: delete", "d = {i: i for i in range(n)}", "for i in range(n): del d[i]"),
    ("dict: iterate items", "d = {i: i for i in range(n)}", "for k, v in d.items(): pass"),
    # set
    ("set: add", "s = set()", "for i in range(n): s.add(i)"),
    ("set: in", "s = set(range(n))", "for i in range(n): i in s"),
    ("set: | & -", "a = set(range(n))\nb = set(range(n // 2, n + n // 2))", "a | b; a & b; a - b"),
    # deque
    ("deque: append/popleft", "from collections import deque\nq = deque()",
     "for i in range(n): q.append(i)\nfor i in range(n): q.popleft()"),
    ("deque: appendleft/pop", "from collections import deque\nq = deque()",
     "for i in range(n): q.appendleft(i)\nfor i in range(n): q.pop()"),
    # iteration protocols
    ("iter: range", "", "for i in range(n): pass"),
    ("iter: generator", "def g(k):\n    for i in range(k): yield i", "for x in g(n): pass"),
    ("iter: zip/map/enumerate", "a = list(range(n))",
     "for x in zip(a, map(abs, a), enumerate(a)): pass"),
    ("iter: sum(generator)", "", "sum(i for i in range(n))"),
    ("iter: next() by hand", "a = list(range(n))", "it = iter(a)\nfor i in range(n): next(it)"),
]

FLAG_GROWTH = 2.0  # capy's growth beyond CPython's (at least 4) by this factor


def program(ops, n):
    """One program timing every op at size n; prints `index seconds`."""
    lines = ["import time", f"n = {n}"]
    for i, (_, setup, stmt) in enumerate(ops):
        body = "\n".join("    " + line for line in (setup + "\n" + stmt).strip().splitlines())
        lines.append(f"def op{i}(n):\n{body}\n    return time.perf_counter()")
        lines.append(f"t0 = time.perf_counter()\nt1 = op{i}(n)\nprint({i}, t1 - t0)")
    return "\n".join(lines) + "\n"


def timed(exe, ops, n, reps):
    """Best of `reps` runs: seconds per op (None where the run failed)."""
    best = [None] * len(ops)
    for _ in range(reps):
        try:
            out = subprocess.run([exe, "-c", program(ops, n)], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, timeout=600)
        except subprocess.TimeoutExpired:
            return best
        if out.returncode != 0:
            sys.stderr.write(f"{exe} failed at n={n}:\n{out.stderr.decode()[-2000:]}\n")
        for line in out.stdout.decode().splitlines():
            i, t = line.split()
            i, t = int(i), float(t)
            best[i] = t if best[i] is None else min(best[i], t)
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--capy", default=os.path.join(os.path.dirname(HERE), "target", "release", "capy"))
    ap.add_argument("--cpython", default=None)
    ap.add_argument("--n", type=int, default=50_000, help="the smaller size (default 50000)")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--only", default="", help="comma-separated substrings of op names")
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args()
    ops = OPS
    if args.only:
        keys = [k.strip() for k in args.only.split(",") if k.strip()]
        ops = [op for op in OPS if any(k in op[0] for k in keys)]
    cpython = args.cpython or real_cpython()
    if not os.path.exists(args.capy):
        sys.exit(f"no capy at {args.capy}: cargo build --release -p capy")
    n = args.n
    res = {}
    for name, exe in (("capy", args.capy), ("cpython", cpython)):
        res[name] = (timed(exe, ops, n, args.reps), timed(exe, ops, 4 * n, args.reps))
    flagged = 0
    rows = []
    for i, (op, _, _) in enumerate(ops):
        c1, c4 = res["capy"][0][i], res["capy"][1][i]
        p1, p4 = res["cpython"][0][i], res["cpython"][1][i]
        if None in (c1, c4, p1, p4):
            rows.append((op, c1, c4, None, None, "FAIL"))
            flagged += 1
            continue
        cg = c4 / max(c1, 1e-6)
        pg = p4 / max(p1, 1e-6)
        bad = cg > FLAG_GROWTH * max(pg, 4.0)
        flagged += bad
        rows.append((op, c1, c4, cg, pg, "SUPERLINEAR" if bad else ""))
    fmt = "| {} | {} | {} | {} | {} | {} |" if args.markdown else "{:<30} {:>10} {:>10} {:>8} {:>8}  {}"
    print(fmt.format("operation", f"capy n={n}", f"capy 4n", "capy x", "cpython x", "flag"))
    if args.markdown:
        print("| --- | ---: | ---: | ---: | ---: | --- |")
    show = lambda t: "-" if t is None else f"{t:.4f}"  # noqa: E731
    growth = lambda g: "-" if g is None else f"{g:.1f}"  # noqa: E731
    for op, c1, c4, cg, pg, flag in rows:
        print(fmt.format(op, show(c1), show(c4), growth(cg), growth(pg), flag))
    print(f"\n{flagged} of {len(rows)} operations grow faster in capy than in CPython "
          f"(growth over {FLAG_GROWTH:g}x CPython's, at least 4, when n grows 4x)")
    sys.exit(1 if flagged else 0)


if __name__ == "__main__":
    main()
