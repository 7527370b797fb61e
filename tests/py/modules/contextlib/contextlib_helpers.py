import contextlib
from contextlib import suppress, closing, nullcontext

with suppress(KeyError):
    {}["missing"]
print("suppressed KeyError")
with suppress(ValueError, TypeError):
    int("x")
print("suppressed ValueError")
with suppress(LookupError):
    [][1]
print("suppressed subclass IndexError")
try:
    with suppress(KeyError):
        1 / 0
except ZeroDivisionError:
    print("ZeroDivisionError passed through")
with suppress():
    pass
try:
    with suppress():
        raise ValueError("no types")
except ValueError as e:
    print("ValueError", e)
class MyOSError(OSError):
    pass
s = suppress(OSError)
with s:
    raise OSError
with s:
    raise MyOSError
print("reusable")

class Resource:
    def __init__(self, name):
        self.name = name
        self.closed = False
    def close(self):
        self.closed = True
        print("closing", self.name)

r = Resource("db")
with closing(r) as got:
    print(got is r, r.closed)
print(r.closed)
r2 = Resource("file")
try:
    with closing(r2):
        raise ValueError("oops")
except ValueError:
    print("closed on error:", r2.closed)

with nullcontext() as n:
    print(n)
with nullcontext(42) as n:
    print(n)
obj = [1]
with nullcontext(obj) as n:
    print(n is obj)

def process(cm=None):
    with cm if cm is not None else nullcontext("default") as v:
        return v
print(process(), process(nullcontext("given")))

# ContextDecorator / AbstractContextManager
class Tracked(contextlib.ContextDecorator):
    def __enter__(self):
        print("enter")
        return self
    def __exit__(self, *exc):
        print("exit", exc[0].__name__ if exc[0] else None)
        return False

@Tracked()
def f(x):
    print("in f", x)
    return x + 1

print(f(1))
try:
    @Tracked()
    def g():
        raise KeyError("g")
    g()
except KeyError:
    print("KeyError out of g")

class ACM(contextlib.AbstractContextManager):
    def __exit__(self, *exc):
        print("ACM exit")

with ACM() as a:
    print(type(a).__name__)

# redirect_stdout with a StringIO
import io
import sys
buf = io.StringIO()
# capy's print() without file= does not consult sys.stdout (see
# contextlib_redirect_print.py, in xfail.txt): write through sys.stdout.
with contextlib.redirect_stdout(buf) as target:
    print("captured line", file=sys.stdout)
    sys.stdout.write("second 2\n")
print(target is buf, repr(buf.getvalue()))
print(sys.stdout is not buf)
err = io.StringIO()
with contextlib.redirect_stderr(err):
    print("to stderr", file=sys.stderr)
print(repr(err.getvalue()))
outer, inner = io.StringIO(), io.StringIO()
with contextlib.redirect_stdout(outer):
    print("o1", file=sys.stdout)
    with contextlib.redirect_stdout(inner):
        print("i1", file=sys.stdout)
    print("o2", file=sys.stdout)
print(repr(outer.getvalue()), repr(inner.getvalue()))
