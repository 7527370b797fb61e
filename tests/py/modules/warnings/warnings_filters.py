# Checks the filter machinery through warn_explicit (explicit file, line
# and module, so the output is the same everywhere): the actions default,
# once, module, always, ignore, error; message regexes (case-insensitive,
# matched at the start), module regexes, line filters, append, the
# registry being reset when filters change, resetwarnings, and the
# AssertionError/RuntimeError messages.
import io
import sys
import warnings

buf = io.StringIO()
sys.stderr = buf


def flush(label):
    print(label, repr(buf.getvalue()))
    buf.seek(0)
    buf.truncate()


def describe():
    out = []
    for action, msg, cat, mod, ln in warnings.filters:
        out.append((action, msg if msg is None or isinstance(msg, str) else msg.pattern,
                    cat.__name__, mod if mod is None or isinstance(mod, str) else mod.pattern, ln))
    return out


print(describe())

reg = {}
warnings.resetwarnings()
print(describe())
for i in range(3):
    warnings.warn_explicit("dflt", UserWarning, "a.py", 10, "a", reg)
warnings.warn_explicit("dflt", UserWarning, "a.py", 11, "a", reg)
flush("default")

warnings.simplefilter("always")
for i in range(2):
    warnings.warn_explicit("alw", UserWarning, "a.py", 10, "a", reg)
flush("always")

warnings.simplefilter("once")
reg2 = {}
warnings.warn_explicit("one", UserWarning, "a.py", 1, "a", reg)
warnings.warn_explicit("one", UserWarning, "b.py", 2, "b", reg2)
warnings.warn_explicit("two", UserWarning, "b.py", 2, "b", reg2)
flush("once")

warnings.simplefilter("module")
warnings.warn_explicit("mod", UserWarning, "a.py", 1, "a", reg)
warnings.warn_explicit("mod", UserWarning, "a.py", 2, "a", reg)
warnings.warn_explicit("mod", UserWarning, "b.py", 2, "b", reg2)
flush("module")

warnings.simplefilter("ignore")
warnings.warn_explicit("ign", UserWarning, "a.py", 1, "a", reg)
flush("ignore")

warnings.simplefilter("error")
try:
    warnings.warn_explicit("err", RuntimeWarning, "a.py", 1, "a", reg)
except RuntimeWarning as e:
    print("raised", type(e).__name__, e.args)
try:
    warnings.warn_explicit(FutureWarning("inst"), UserWarning, "a.py", 1, "a", reg)
except Warning as e:
    print("raised", type(e).__name__, e.args)

warnings.resetwarnings()
warnings.simplefilter("ignore")
warnings.filterwarnings("always", message="show")
warnings.filterwarnings("error", category=DeprecationWarning)
warnings.filterwarnings("always", module=r"pkg\.")
warnings.filterwarnings("always", lineno=7)
print(describe())
for text, cat, mod, line in [("Show me", UserWarning, "x", 1), ("do not show", UserWarning, "x", 1),
                             ("showing", RuntimeWarning, "x", 2), ("other", UserWarning, "pkg.sub", 3),
                             ("other", UserWarning, "pkgsub", 3), ("line", UserWarning, "x", 7)]:
    warnings.warn_explicit(text, cat, "f.py", line, mod, {})
flush("matches")
try:
    warnings.warn_explicit("dep", DeprecationWarning, "f.py", 1, "x", {})
except DeprecationWarning as e:
    print("raised", repr(e))

# Adding an existing filter moves it to the front; append keeps it once.
warnings.resetwarnings()
warnings.simplefilter("ignore", UserWarning)
warnings.simplefilter("always", RuntimeWarning)
warnings.simplefilter("ignore", UserWarning)
warnings.simplefilter("always", RuntimeWarning, append=True)
warnings.simplefilter("error", append=True)
print(describe())

# A registry forgets what it saw when the filters change.
warnings.resetwarnings()
r = {}
warnings.warn_explicit("again", UserWarning, "a.py", 5, "a", r)
warnings.warn_explicit("again", UserWarning, "a.py", 5, "a", r)
warnings.simplefilter("default")
warnings.warn_explicit("again", UserWarning, "a.py", 5, "a", r)
flush("reset registry")

# Module name from the file name when not given.
warnings.resetwarnings()
warnings.filterwarnings("ignore", module="tool$")
warnings.warn_explicit("hidden", UserWarning, "tool.py", 1)
warnings.warn_explicit("shown", UserWarning, "tool.pyc", 1)
flush("module from filename")

for args in [("bogus",), ("ignore", Warning, -1), ("ignore", Warning, "3")]:
    try:
        warnings.simplefilter(*args)
    except AssertionError as e:
        print("AssertionError:", e)
for kw in [dict(message=1), dict(category=1), dict(category=int), dict(module=2), dict(lineno=-2)]:
    try:
        warnings.filterwarnings("ignore", **kw)
    except AssertionError as e:
        print("AssertionError:", e)

warnings.resetwarnings()
warnings.filters.append(("weird", None, Warning, None, 0))
try:
    warnings.warn_explicit("q", UserWarning, "a.py", 1)
except RuntimeError as e:
    print("RuntimeError:", e)
print(warnings.defaultaction)

# What each action leaves in the registry (and in onceregistry when no
# registry is given).
for act in ["ignore", "default", "once", "module", "always"]:
    warnings.resetwarnings()
    warnings.simplefilter(act)
    warnings.onceregistry.clear()
    r = {}
    warnings.warn_explicit("t", UserWarning, "a.py", 3, "a", r)
    warnings.warn_explicit("t", UserWarning, "a.py", 4, "a", r)
    r2 = {}
    warnings.warn_explicit("t", UserWarning, "a.py", 5, "a", r2)
    warnings.warn_explicit("t", UserWarning, "a.py", 6, "a", None)
    warnings.warn_explicit("t", UserWarning, "a.py", 6, "a", None)
    keys = sorted(str(k) if isinstance(k, str) else str((k[0], k[1].__name__) + k[2:]) for k in r)
    once = sorted(str(k) if isinstance(k, str) else str((k[0], k[1].__name__) + k[2:]) for k in warnings.onceregistry)
    print(act, keys, once, repr(buf.getvalue()))
    buf.seek(0)
    buf.truncate()
sys.stderr = sys.__stderr__
