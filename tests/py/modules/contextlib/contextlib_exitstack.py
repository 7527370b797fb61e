from contextlib import ExitStack, contextmanager

log = []

@contextmanager
def res(name):
    log.append("open " + name)
    try:
        yield name
    finally:
        log.append("close " + name)

with ExitStack() as stack:
    names = [stack.enter_context(res(n)) for n in "abc"]
    log.append("using " + ",".join(names))
print(log)

# callbacks run last-in first-out, with their arguments
log.clear()
with ExitStack() as stack:
    stack.callback(log.append, "first registered")
    stack.callback(lambda *a, **k: log.append((a, k)), 1, 2, key="v")
    cb = stack.callback(log.append, "third")
    print(cb == log.append)
print(log)

# push: an __exit__-like callable or a manager's __exit__
log.clear()
def exit_fn(exc_type, exc, tb):
    log.append(("exit_fn", exc_type.__name__ if exc_type else None))
    return False

class CM:
    def __enter__(self):
        log.append("CM enter (not called by push)")
    def __exit__(self, *exc):
        log.append("CM exit")

with ExitStack() as stack:
    print(stack.push(exit_fn) is exit_fn)
    stack.push(CM())
print(log)

# a callback that suppresses the body's exception
log.clear()
def suppressor(exc_type, exc, tb):
    log.append("suppressing " + exc_type.__name__)
    return True

with ExitStack() as stack:
    stack.push(exit_fn)
    stack.push(suppressor)
    stack.push(exit_fn)
    raise KeyError("body")
print(log)

# the exception reaches every callback until one suppresses it
log.clear()
try:
    with ExitStack() as stack:
        stack.push(exit_fn)
        stack.callback(log.append, "cb")
        raise ValueError("v")
except ValueError as e:
    print("ValueError", e, log)

# pop_all transfers the callbacks; close runs them
log.clear()
with ExitStack() as stack:
    stack.callback(log.append, "moved")
    saved = stack.pop_all()
print(log)
saved.close()
print(log)
saved.close()
print(log)

# exceptions raised by callbacks are chained like nested with statements
def raiser(exc):
    def cb():
        raise exc
    return cb

try:
    with ExitStack() as stack:
        stack.callback(raiser(KeyError("outer cb")))
        stack.callback(raiser(IndexError("inner cb")))
        raise ValueError("body")
except KeyError as e:
    print(type(e).__name__, e)
    print(type(e.__context__).__name__, e.__context__)
    print(type(e.__context__.__context__).__name__, e.__context__.__context__)
    print(e.__context__.__context__.__context__)

try:
    with ExitStack() as stack:
        stack.callback(raiser(KeyError("only cb")))
except KeyError as e:
    print("KeyError", e, e.__context__)

# a callback raising after another suppressed
try:
    with ExitStack() as stack:
        stack.callback(raiser(OSError("late")))
        stack.push(suppressor)
        raise ValueError("body2")
except OSError as e:
    print("OSError", e, e.__context__)

# enter_context on something that is not a context manager
with ExitStack() as stack:
    try:
        stack.enter_context(object())
    except TypeError as e:
        print("TypeError:", e)

# the stack is itself a context manager used through a variable number of resources
def open_all(names):
    with ExitStack() as stack:
        opened = [stack.enter_context(res(n)) for n in names]
        return opened, stack.pop_all()

log.clear()
opened, closer = open_all(["x", "y"])
print(opened, log)
closer.close()
print(log)

# an error while entering the third manager unwinds the first two
@contextmanager
def broken():
    raise RuntimeError("cannot enter")
    yield

log.clear()
try:
    with ExitStack() as stack:
        stack.enter_context(res("p"))
        stack.enter_context(res("q"))
        stack.enter_context(broken())
except RuntimeError as e:
    print("RuntimeError", e, log)
