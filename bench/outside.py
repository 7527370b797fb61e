#!/usr/bin/env python3
"""capy against CPython on benchmark programs nobody wrote for capy.

Two outside suites, fetched separately and never copied into this
repository (see bench/README.md, "Outside suites"):

  * MicroPython's tests/perf_bench: each bm_*.py / misc_*.py defines
    bm_params and bm_setup(); this script appends its own small driver that
    picks the parameters for N and M (as run-perfbench.py's protocol does),
    times the run() step, and prints the result() check value;
  * pyperformance's stdlib-only benchmarks
    (pyperformance/data-files/benchmarks/bm_*/run_benchmark.py), run with a
    stand-in `pyperf` module written to a temporary folder: its Runner calls
    the benchmark function a fixed number of loops, the same for both
    interpreters (calibrated on CPython to --target seconds unless --loops).

For every program the interpreters run alternately (capy, then CPython) N
times; the best time of each is kept. Capy's stdout must equal CPython's:
a mismatch or failure is reported, not timed. Times are those the program
measures around the benchmarked work (start-up and set-up excluded; --wall
uses the whole process's wall time instead); peak RSS is the child's
ru_maxrss from wait4. Ends with the geometric mean of the capy/CPython
ratios over the programs that ran correctly.

  python3 bench/outside.py --perf-bench MPY/tests --pyperformance PYPERF [-n 3]

Stdlib only; Python 3.8 or newer.
"""

import argparse
import math
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# The line a program's driver writes to stderr with the seconds it measured.
TIME_MARK = "@@outside-time "

# Appended to each perf_bench program. The selection rule and the meaning of
# N (a CPU speed in MHz) and M (a heap size in KiB) follow run-perfbench's
# protocol: the largest bm_params key whose first item is at most 1.2 N and
# whose second is at most M.
PERF_DRIVER = """

def _outside_drive(n, m):
    import sys
    from time import perf_counter
    chosen = None
    for key in sorted(bm_params):
        if 10 * key[0] <= 12 * n and key[1] <= m:
            chosen = key
    if chosen is None:
        print("SKIP: no parameters fit N=%d M=%d" % (n, m))
        return
    run, result = bm_setup(bm_params[chosen])
    start = perf_counter()
    run()
    took = perf_counter() - start
    norm, out = result()
    sys.stderr.write("@@outside-time %r\\n" % took)
    print(chosen, norm, out)


_outside_drive(@N@, @M@)
"""

# The stand-in for pyperf. It must run on capy too, so it keeps to the
# MicroPython dialect: no argparse (the benchmarks' options are declared
# through runner.argparser and only their defaults are used), no os.
PYPERF_SHIM = '''"""pyperf stand-in written by capy's bench/outside.py: each bench_*
call runs the benchmark a fixed number of loops (--outside-loops=N on the
command line) and reports the time on stderr and a check line on stdout."""

import sys
from time import perf_counter

LOOPS = 1
_kept = []
for _arg in sys.argv[1:]:
    if _arg.startswith("--outside-loops="):
        LOOPS = int(_arg.split("=", 1)[1])
    else:
        _kept.append(_arg)
del sys.argv[1:]
sys.argv.extend(_kept)


def python_implementation():
    return sys.implementation.name


def python_has_jit():
    return False


def _describe(value):
    # Enough to catch a wrong answer without printing addresses or
    # anything else that differs between two correct interpreters.
    if value is None or isinstance(value, (bool, int, float)):
        return repr(value)
    if isinstance(value, (str, bytes)):
        return repr(value) if len(value) <= 80 else "%s of length %d" % (
            type(value).__name__, len(value))
    if isinstance(value, (list, tuple, dict, set)):
        return "%s of length %d" % (type(value).__name__, len(value))
    return type(value).__name__


class _Options:
    pass


class _ArgParser:
    """The benchmark's options: defaults, overridden by the variant's
    `extra_opts` from pyperformance's .toml files on the command line."""

    def __init__(self):
        self._specs = []

    def add_argument(self, *names, **kw):
        flags = [n for n in names if n.startswith("-")]
        dest = kw.get("dest")
        if dest is None:
            longs = [n for n in flags if n.startswith("--")]
            dest = (longs[0] if longs else names[0]).lstrip("-").replace("-", "_")
        action = kw.get("action")
        if "default" in kw:
            default = kw["default"]
        elif action == "store_true":
            default = False
        elif action == "store_false":
            default = True
        elif kw.get("nargs") in ("*", "+"):
            default = []
        else:
            default = None
        self._specs.append((dest, flags, action, kw.get("type"), default))

    def add_argument_group(self, *args, **kw):
        return self

    def add_mutually_exclusive_group(self, *args, **kw):
        return self

    def set_defaults(self, **kw):
        for k in kw:
            self._specs.append((k, [], "default", None, kw[k]))

    def parse_args(self, args=None):
        if args is None:
            args = sys.argv[1:]
        options = _Options()
        positional = []
        by_flag = {}
        for spec in self._specs:
            setattr(options, spec[0], spec[4])
            if spec[1]:
                for flag in spec[1]:
                    by_flag[flag] = spec
            elif spec[2] != "default":
                positional.append(spec)
        i = 0
        while i < len(args):
            arg = args[i]
            i += 1
            if arg.startswith("-") and len(arg) > 1:
                parts = arg.split("=", 1)
                spec = by_flag.get(parts[0])
                if spec is None:
                    raise SystemExit("pyperf stand-in: unknown option " + parts[0])
                if spec[2] in ("store_true", "store_false"):
                    setattr(options, spec[0], spec[2] == "store_true")
                    continue
                if len(parts) == 2:
                    value = parts[1]
                else:
                    value = args[i]
                    i += 1
            else:
                if not positional:
                    raise SystemExit("pyperf stand-in: unexpected argument " + arg)
                spec = positional.pop(0)
                value = arg
            setattr(options, spec[0], spec[3](value) if spec[3] else value)
        return options


class Runner:
    def __init__(self, *args, **kw):
        self.metadata = {}
        self.argparser = _ArgParser()
        self.args = None

    def parse_args(self, args=None):
        if self.args is None:
            self.args = self.argparser.parse_args()
        return self.args

    def _report(self, name, seconds, value):
        sys.stderr.write("@@outside-time %r\\n" % seconds)
        print("%s: %s" % (name, _describe(value)))

    def bench_func(self, name, func, *args, **kw):
        self.parse_args()
        value = None
        start = perf_counter()
        for _ in range(LOOPS):
            value = func(*args)
        self._report(name, perf_counter() - start, value)

    def bench_time_func(self, name, func, *args, **kw):
        self.parse_args()
        self._report(name, func(LOOPS, *args), None)

    def bench_async_func(self, name, func, *args, **kw):
        import asyncio
        self.parse_args()

        async def loop():
            value = None
            for _ in range(LOOPS):
                value = await func(*args)
            return value

        start = perf_counter()
        value = asyncio.run(loop())
        self._report(name, perf_counter() - start, value)

    def bench_command(self, name, command):
        raise NotImplementedError(
            "pyperf stand-in: bench_command (timing another process) is not supported")
'''


def real_cpython():
    """`python3` resolved to the interpreter it runs (a pyenv shim is a
    script whose own start-up would be measured)."""
    exe = shutil.which("python3")
    if exe:
        try:
            p = subprocess.run([exe, "-c", "import sys; print(sys.executable)"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               timeout=60)
            path = p.stdout.decode().strip()
            if p.returncode == 0 and path:
                return path
        except (OSError, subprocess.TimeoutExpired):
            pass
    return os.path.realpath(sys.executable)


class Run:
    """One finished child: status, output, seconds, peak RSS in KiB."""

    def __init__(self, code, stdout, stderr, wall, maxrss, timed_out):
        self.code = code
        self.stdout = stdout
        self.stderr = stderr
        self.wall = wall
        self.maxrss = maxrss
        self.timed_out = timed_out

    def inner(self):
        """The seconds the program measured itself (summed), or None."""
        times = [float(line[len(TIME_MARK):]) for line in self.stderr.splitlines()
                 if line.startswith(TIME_MARK)]
        return sum(times) if times else None

    def failure(self):
        """Why the run failed, in a line, or None."""
        if self.timed_out:
            return "timed out"
        if self.code != 0:
            lines = [ln.strip() for ln in self.stderr.splitlines()
                     if ln.strip() and not ln.startswith(TIME_MARK)]
            last = lines[-1] if lines else "no message"
            if len(last) > 90:
                last = last[:87] + "..."
            return "exit %s: %s" % (self.code, last)
        return None


def gnu_time():
    """GNU time, when installed: see run_child."""
    exe = shutil.which("time") or ("/usr/bin/time" if os.path.exists("/usr/bin/time") else None)
    if not exe:
        return None
    try:
        p = subprocess.run([exe, "--version"], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return exe if b"GNU" in p.stdout else None


GNU_TIME = gnu_time()


def run_child(cmd, cwd, env, timeout):
    # The peak RSS is the child's ru_maxrss from wait4. Linux carries a
    # process's high-water mark across exec, so a child forked straight from
    # this (larger) Python process would report at least this process's own
    # RSS: when GNU time is there, it forks the program from its own small
    # image and reports the program's ru_maxrss (%M); otherwise wait4's
    # figure is used and small values are floors (the table says so).
    # Output goes to files so the child never blocks on a full pipe.
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile(prefix="capy-outside-rss-") as rss:
        if GNU_TIME:
            cmd = [GNU_TIME, "-q", "-f", "%M", "-o", rss.name] + cmd
        killed = []

        def kill():
            killed.append(True)
            try:
                os.killpg(p.pid, 9)
            except OSError:
                pass

        start = time.perf_counter()
        p = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                             stdout=out, stderr=err, start_new_session=True)
        timer = threading.Timer(timeout, kill)
        timer.start()
        try:
            _, status, usage = os.wait4(p.pid, 0)
        finally:
            timer.cancel()
        wall = time.perf_counter() - start
        # Reaped here, so Popen must not wait for it again.
        p.returncode = code = os.waitstatus_to_exitcode(status)
        maxrss = usage.ru_maxrss
        if GNU_TIME:
            rss.seek(0)
            numbers = re.findall(rb"^(\d+)\s*$", rss.read(), re.M)
            if numbers:
                maxrss = int(numbers[-1])
        out.seek(0)
        err.seek(0)
        return Run(code, out.read().decode("utf-8", "replace"),
                   err.read().decode("utf-8", "replace"), wall, maxrss, bool(killed))


class Result:
    def __init__(self, suite, name, param=""):
        self.suite = suite
        self.name = name
        self.param = param
        self.capy = None      # best seconds
        self.cpython = None
        self.capy_rss = None  # KiB
        self.cpython_rss = None
        self.note = ""

    def ratio(self):
        if self.capy and self.cpython and not self.note:
            return self.capy / self.cpython
        return None


class Bench:
    def __init__(self, args):
        self.args = args
        self.capy = args.capy
        self.cpython = args.python

    def env(self, shim_dir=None):
        env = dict(os.environ)
        env.pop("PYTHONPATH", None)
        env.pop("MICROPYPATH", None)
        env["PYTHONHASHSEED"] = "0"
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        if shim_dir:
            env["PYTHONPATH"] = shim_dir
            env["MICROPYPATH"] = shim_dir
        return env

    def seconds(self, run):
        if self.args.wall:
            return run.wall
        inner = run.inner()
        return run.wall if inner is None else inner

    def measure(self, res, script, extra, cwd, env):
        """Runs both interpreters alternately; fills `res`."""
        capy_best = cpy_best = None
        capy_rss = cpy_rss = 0
        cpy_out = None
        for _ in range(self.args.n):
            c = run_child([self.capy, script] + extra, cwd, env, self.args.timeout)
            p = run_child([self.cpython, script] + extra, cwd, env, self.args.timeout)
            why = p.failure()
            if why:
                res.note = "CPython fails: " + why
                return
            why = c.failure()
            if why:
                res.note = "capy fails: " + why
                return
            if cpy_out is None:
                cpy_out = p.stdout
            if c.stdout != cpy_out:
                res.note = "MISMATCH: " + first_difference(cpy_out, c.stdout)
                return
            ct, pt = self.seconds(c), self.seconds(p)
            capy_best = ct if capy_best is None else min(capy_best, ct)
            cpy_best = pt if cpy_best is None else min(cpy_best, pt)
            capy_rss = max(capy_rss, c.maxrss)
            cpy_rss = max(cpy_rss, p.maxrss)
        res.capy, res.cpython = capy_best, cpy_best
        res.capy_rss, res.cpython_rss = capy_rss, cpy_rss

    # ---- MicroPython tests/perf_bench

    def perf_bench(self, tests_dir):
        bench_dir = find_dir(tests_dir, ["perf_bench", "tests/perf_bench"], "benchrun.py")
        if bench_dir is None:
            sys.exit("outside.py: no perf_bench folder (with benchrun.py) under %s" % tests_dir)
        names = sorted(f for f in os.listdir(bench_dir)
                       if f.endswith(".py") and f.startswith(("bm_", "misc_")))
        results = []
        work = tempfile.mkdtemp(prefix="capy-outside-perf-")
        try:
            for f in names:
                if not selected(self.args.only, f):
                    continue
                with open(os.path.join(bench_dir, f), encoding="utf-8") as src:
                    text = src.read()
                res = Result("perf_bench", f[:-3], "N=%d M=%d" % (self.args.N, self.args.M))
                if "bm_params" not in text:
                    res.note = "skipped: no bm_params"
                else:
                    script = os.path.join(work, f)
                    with open(script, "w", encoding="utf-8") as dst:
                        dst.write(text + PERF_DRIVER.replace("@N@", str(self.args.N))
                                .replace("@M@", str(self.args.M)))
                    self.measure(res, script, [], work, self.env())
                progress(res)
                results.append(res)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        return results

    # ---- pyperformance

    def pyperformance(self, root):
        bench_root = find_dir(root, ["pyperformance/data-files/benchmarks",
                                     "data-files/benchmarks", "benchmarks", "."], "MANIFEST")
        if bench_root is None:
            sys.exit("outside.py: no pyperformance benchmarks folder under %s" % root)
        shim_dir = tempfile.mkdtemp(prefix="capy-outside-pyperf-")
        results = []
        try:
            with open(os.path.join(shim_dir, "pyperf.py"), "w", encoding="utf-8") as f:
                f.write(PYPERF_SHIM)
            env = self.env(shim_dir)
            for name, path, metafile in manifest(bench_root):
                script = os.path.join(path, "run_benchmark.py")
                if not selected(self.args.only, name):
                    continue
                res = Result("pyperformance", name)
                if not os.path.isfile(script):
                    res.note = "skipped: no run_benchmark.py"
                    if self.args.show_skipped:
                        progress(res)
                        results.append(res)
                    continue
                with open(script, encoding="utf-8") as f:
                    times_processes = "bench_command" in f.read()
                deps = third_party(path)
                if deps or times_processes:
                    if deps:
                        res.note = "skipped: needs " + ", ".join(deps)
                    else:
                        res.note = "skipped: times process start-up (bench_command)"
                    if self.args.show_skipped:
                        progress(res)
                        results.append(res)
                    continue
                opts = extra_opts(metafile)
                loops = self.args.loops or self.calibrate(res, script, opts, path, env)
                if loops:
                    res.param = " ".join(["loops=%d" % loops] + opts)
                    self.measure(res, script, opts + ["--outside-loops=%d" % loops], path, env)
                progress(res)
                results.append(res)
        finally:
            shutil.rmtree(shim_dir, ignore_errors=True)
        return results

    def calibrate(self, res, script, opts, cwd, env):
        """Loops making CPython's run about --target seconds, or None (with
        res.note set) when CPython cannot run the benchmark."""
        p = run_child([self.cpython, script] + opts + ["--outside-loops=1"], cwd, env,
                      self.args.timeout)
        why = p.failure()
        if why:
            res.note = "CPython fails: " + why
            return None
        one = p.inner() or p.wall
        return max(1, min(self.args.max_loops, int(round(self.args.target / max(one, 1e-6)))))


def manifest(bench_root):
    """(name, folder, metafile) of each benchmark pyperformance's MANIFEST
    lists: `<local>` is bm_NAME/pyproject.toml, `<local:BASE>` a variant
    described by bm_BASE/bm_NAME.toml."""
    found = []
    with open(os.path.join(bench_root, "MANIFEST"), encoding="utf-8") as f:
        section = None
        for line in f:
            line = line.strip()
            if line.startswith("["):
                section = line
                continue
            fields = line.split()
            if (section != "[benchmarks]" or len(fields) != 2 or fields[0] == "name"
                    or line.startswith("#")):
                continue
            name, meta = fields
            if meta == "<local>":
                folder = os.path.join(bench_root, "bm_" + name)
                found.append((name, folder, os.path.join(folder, "pyproject.toml")))
            elif meta.startswith("<local:") and meta.endswith(">"):
                folder = os.path.join(bench_root, "bm_" + meta[7:-1])
                found.append((name, folder, os.path.join(folder, "bm_%s.toml" % name)))
    return found


def extra_opts(metafile):
    """The command-line arguments a benchmark's metafile adds."""
    try:
        with open(metafile, encoding="utf-8") as f:
            parts = f.read().split("[tool.pyperformance]", 1)
    except OSError:
        return []
    body = parts[1] if len(parts) == 2 else ""
    m = re.search(r"^extra_opts\s*=\s*\[(.*?)\]", body, re.M | re.S)
    return re.findall(r"[\"']([^\"']*)[\"']", m.group(1)) if m else []


def third_party(bench_dir):
    """The packages besides pyperf a pyperformance benchmark declares."""
    deps = []
    req = os.path.join(bench_dir, "requirements.txt")
    if os.path.isfile(req):
        with open(req, encoding="utf-8") as f:
            for line in f:
                line = line.split("#")[0].strip()
                if line:
                    deps.append(re.split(r"[<>=!~\[; ]", line)[0])
    toml = os.path.join(bench_dir, "pyproject.toml")
    if os.path.isfile(toml):
        with open(toml, encoding="utf-8") as f:
            m = re.search(r"^dependencies\s*=\s*\[(.*?)\]", f.read(), re.S | re.M)
        if m:
            for name in re.findall(r"[\"']([^\"']+)[\"']", m.group(1)):
                deps.append(re.split(r"[<>=!~\[; ]", name)[0])
    seen = []
    for d in deps:
        if d.lower() != "pyperf" and d not in seen:
            seen.append(d)
    return seen


def find_dir(base, candidates, marker):
    for c in candidates:
        d = os.path.normpath(os.path.join(base, c))
        if os.path.isfile(os.path.join(d, marker)):
            return d
    return None


def selected(only, name):
    return not only or any(o in name for o in only.split(","))


def first_difference(want, got):
    a, b = want.splitlines(), got.splitlines()
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else "<end>"
        y = b[i] if i < len(b) else "<end>"
        if x != y:
            return "line %d: CPython %r, capy %r" % (i + 1, x[:60], y[:60])
    return "trailing whitespace"


def progress(res):
    if res.note:
        state = res.note
    else:
        state = "capy %.3fs  CPython %.3fs  %.2fx" % (res.capy, res.cpython, res.ratio())
    print("  %-14s %-28s %s" % (res.suite, res.name, state), file=sys.stderr, flush=True)


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def table(results, markdown):
    head = ["suite", "program", "params", "capy s", "CPython s", "capy/CPy",
            "capy MiB", "CPy MiB", "notes"]
    rows = []
    for r in results:
        ok = r.ratio() is not None
        rows.append([
            r.suite, r.name, r.param,
            "%.3f" % r.capy if ok else "",
            "%.3f" % r.cpython if ok else "",
            "%.2fx" % r.ratio() if ok else "",
            "%.1f" % (r.capy_rss / 1024) if ok else "",
            "%.1f" % (r.cpython_rss / 1024) if ok else "",
            r.note,
        ])
    for suite in sorted(set(r.suite for r in results)) + ["all"]:
        ratios = [r.ratio() for r in results
                  if r.ratio() is not None and suite in ("all", r.suite)]
        g = geomean(ratios)
        failed = sum(1 for r in results if suite in ("all", r.suite)
                     and r.ratio() is None and not r.note.startswith("skipped"))
        rows.append(["geomean", suite, "%d ok, %d not" % (len(ratios), failed), "", "",
                     "%.2fx" % g if g else "n/a", "", "", ""])
    if markdown:
        lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
        lines += ["| " + " | ".join(c.replace("|", "\\|") for c in row) + " |" for row in rows]
        return "\n".join(lines)
    widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(head[:-1])]
    out = []
    for row in [head] + rows:
        cells = [c.ljust(w) if i < 3 else c.rjust(w) for i, (c, w) in
                 enumerate(zip(row[:-1], widths))]
        out.append("  ".join(cells + [row[-1]]).rstrip())
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--perf-bench", metavar="DIR",
                    help="MicroPython's tests folder (holding perf_bench/), or perf_bench itself")
    ap.add_argument("--pyperformance", metavar="DIR",
                    help="a pyperformance checkout (or its data-files/benchmarks folder)")
    ap.add_argument("--capy", default=os.path.join(ROOT, "target", "release", "capy"))
    ap.add_argument("--python", default=None,
                    help="CPython executable (default: what python3 really runs)")
    ap.add_argument("-n", type=int, default=3, help="runs of each interpreter; best kept")
    ap.add_argument("-N", type=int, default=1000,
                    help="perf_bench N (target CPU MHz; default 1000, run-perfbench's PC value)")
    ap.add_argument("-M", type=int, default=1000,
                    help="perf_bench M (target heap KiB; default 1000)")
    ap.add_argument("--loops", type=int, default=0,
                    help="pyperformance loops for every benchmark (default: calibrated)")
    ap.add_argument("--target", type=float, default=0.5,
                    help="calibrated loops make CPython take about this many seconds")
    ap.add_argument("--max-loops", type=int, default=1000)
    ap.add_argument("--timeout", type=float, default=300, help="seconds per run")
    ap.add_argument("--wall", action="store_true",
                    help="time whole processes (start-up and set-up included)")
    ap.add_argument("--only", help="comma-separated substrings of program names")
    ap.add_argument("--show-skipped", action="store_true",
                    help="list pyperformance benchmarks skipped for third-party packages")
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args()
    if not (args.perf_bench or args.pyperformance):
        ap.error("give --perf-bench and/or --pyperformance")
    if not os.access(args.capy, os.X_OK):
        ap.error("no capy binary at %s (cargo build --release -p capy)" % args.capy)
    args.python = args.python or real_cpython()
    version = subprocess.run([args.python, "--version"], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT).stdout.decode().strip()
    print("capy %s vs %s (%s), best of %d" % (args.capy, args.python, version, args.n),
          file=sys.stderr)
    if not GNU_TIME:
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print("note: no GNU time; peak RSS figures below %.0f MiB (this script's own) "
              "are floors" % rss, file=sys.stderr)
    bench = Bench(args)
    results = []
    if args.perf_bench:
        results += bench.perf_bench(args.perf_bench)
    if args.pyperformance:
        results += bench.pyperformance(args.pyperformance)
    print(table(results, args.markdown))


if __name__ == "__main__":
    main()
