from contextlib import contextmanager

log = []

@contextmanager
def tag(name):
    log.append("<%s>" % name)
    try:
        yield name.upper()
    finally:
        log.append("</%s>" % name)

with tag("a") as t:
    log.append(t)
print(log)

log.clear()
with tag("outer"), tag("inner") as i:
    log.append(i)
print(log)

# an exception in the body is thrown into the generator
@contextmanager
def catching(*types):
    try:
        yield
    except types as e:
        print("caught", type(e).__name__, e)

with catching(ValueError):
    raise ValueError("boom")
print("after suppressed")

try:
    with catching(KeyError):
        raise ValueError("not mine")
except ValueError as e:
    print("propagated", e)

# a generator that re-raises something else
@contextmanager
def translating():
    try:
        yield
    except KeyError as e:
        raise LookupError("translated " + str(e)) from e

try:
    with translating():
        {}["k"]
except LookupError as e:
    print(type(e).__name__, e, type(e.__cause__).__name__)

# finally-only generator: the exception propagates, cleanup runs
log.clear()
try:
    with tag("x"):
        raise RuntimeError("inside")
except RuntimeError as e:
    print("RuntimeError", e, log)

# errors in the generator protocol
@contextmanager
def no_yield():
    if False:
        yield

try:
    with no_yield():
        pass
except RuntimeError as e:
    print("RuntimeError:", e)

@contextmanager
def two_yields():
    yield 1
    yield 2

try:
    with two_yields():
        pass
except RuntimeError as e:
    print("RuntimeError:", e)

@contextmanager
def yields_after_throw():
    try:
        yield
    except ValueError:
        yield

try:
    with yields_after_throw():
        raise ValueError
except RuntimeError as e:
    print("RuntimeError:", e)

# StopIteration raised in the body comes out as itself
@contextmanager
def plain():
    yield

try:
    with plain():
        raise StopIteration("stop")
except StopIteration as e:
    print("StopIteration", e)

# the value of `as`, and the manager object
cm = tag("z")
print(type(cm).__name__, hasattr(cm, "__enter__"), hasattr(cm, "__exit__"))

# as a decorator: each call gets a fresh generator
@tag("deco")
def work(n):
    log.append("work %d" % n)
    return n * 2

log.clear()
print(work(1), work(2), log)

# nested generator managers sharing state
@contextmanager
def counter(store):
    store.append(len(store))
    yield store
    store.pop()

s = []
with counter(s):
    with counter(s) as inner:
        print(inner)
    print(s)
print(s)

# exceptions in __enter__ part
@contextmanager
def fails_enter():
    raise OSError("cannot open")
    yield

try:
    with fails_enter():
        print("never")
except OSError as e:
    print("OSError", e)

# return value of the generator is ignored; exception type-only raise
@contextmanager
def swallow_all():
    try:
        yield
    except Exception:
        pass
    return "ignored"

with swallow_all():
    raise KeyError
print("done")
