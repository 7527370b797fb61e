# Resumption paths of a generator: plain yields, yields inside try/finally
# and with blocks (blocks parked and restored), send, throw, close, return
# values, StopIteration inside, re-entry and exhausted generators.
def plain(n):
    for i in range(n):
        got = yield i
        if got is not None:
            print("got", got)
    return "done"

g = plain(3)
print(next(g), g.send("a"), next(g))
try:
    next(g)
except StopIteration as e:
    print("return value", e.value)
print(list(g), next(g, "exhausted"))

def in_try():
    try:
        yield 1
        try:
            yield 2
        except ValueError as e:
            print("caught", e)
            yield 3
        yield 4
    finally:
        print("finally")

g = in_try()
print(next(g), next(g), g.throw(ValueError("boom")), next(g))
try:
    next(g)
except StopIteration:
    print("stopped")

g = in_try()
print(next(g))
g.close()
print(g.gi_frame is None if hasattr(g, "gi_frame") else True)

class CM:
    def __enter__(self):
        print("enter")
        return self
    def __exit__(self, *a):
        print("exit", a[0].__name__ if a[0] else None)
        return False

def in_with():
    with CM():
        for i in range(3):
            yield i * 10

print(list(in_with()))
print(sum(x * x for x in in_with()))

def raises_stop():
    yield 1
    raise StopIteration("inside")

try:
    list(raises_stop())
except RuntimeError as e:
    print("RuntimeError", e, type(e.__cause__).__name__)

# StopIteration from the function a genexpr calls ends nothing silently.
def stop():
    raise StopIteration
try:
    print(list(stop() for _ in range(2)))
except RuntimeError as e:
    print("RuntimeError", e)

def reenter():
    yield g2.send(None)
g2 = reenter()
try:
    next(g2)
except ValueError as e:
    print("ValueError", e)

def just_started():
    yield 1
try:
    just_started().send(5)
except TypeError as e:
    print("TypeError", e)

# Many generators alive at once, resumed in turns.
gens = [plain(4) for _ in range(5)]
print([next(x) for x in gens], [next(x) for x in gens])
print(any(x > 2 for x in range(5)), all(x < 2 for x in range(5)))
print(set(x % 3 for x in range(10)), tuple(x for x in "abc"), sorted(x for x in (3, 1, 2)))
print(dict((x, x * x) for x in range(3)), "-".join(str(x) for x in range(4)))
