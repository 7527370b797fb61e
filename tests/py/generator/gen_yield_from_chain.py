# Chains of generators delegating with `yield from`: a resumption goes
# straight to the innermost generator, and the outer ones see only its
# return or its exception.
import traceback


class Tree:
    def __init__(self, left, value, right):
        self.left = left
        self.value = value
        self.right = right

    def __iter__(self):
        if self.left:
            yield from self.left
        yield self.value
        if self.right:
            yield from self.right


def tree(lo, hi):
    if lo == hi:
        return None
    mid = (lo + hi) // 2
    return Tree(tree(lo, mid), mid, tree(mid + 1, hi))


print(list(tree(0, 50)) == list(range(50)))
print(sum(tree(0, 1000)))


# Return values travel out through every level.
def leaf(n):
    x = yield n
    return (n, x)


def mid(n):
    r = yield from leaf(n)
    s = yield from leaf(n + 1)
    return [r, s]


def top():
    r = yield from mid(10)
    print("top got", r)
    return "done"


g = top()
print(next(g))
print(g.send("a"))
try:
    g.send("b")
except StopIteration as e:
    print("stop", e.value)


# Sent values reach the innermost generator.
def echo():
    got = []
    while True:
        v = yield len(got)
        if v is None:
            return got
        got.append(v)


def wrap(depth):
    if depth == 0:
        return (yield from echo())
    return (yield from wrap(depth - 1))


w = wrap(5)
print(next(w), w.send(1), w.send(2), w.send(3))
try:
    next(w)
except StopIteration as e:
    print("returned", e.value)


# An exception from the innermost generator goes through each level's
# handlers, innermost first.
def boom():
    yield 1
    raise ValueError("inner")


def catcher(depth):
    try:
        if depth == 0:
            yield from boom()
        else:
            yield from catcher(depth - 1)
    except ValueError as e:
        print("caught at", depth, e)
        yield "recovered %d" % depth
        raise KeyError(depth)


c = catcher(3)
print(next(c))
print(next(c))
try:
    print(next(c))
except KeyError as e:
    print("KeyError", e)
try:
    print(next(c))
except KeyError as e:
    print("KeyError again", e)
except StopIteration:
    print("stopped")


# The traceback names every level.
def raiser():
    yield 1
    1 / 0


def middle():
    yield from raiser()


def outer():
    yield from middle()


o = outer()
next(o)
try:
    next(o)
except ZeroDivisionError as e:
    print([(fs.name, fs.lineno) for fs in traceback.extract_tb(e.__traceback__)])


# StopIteration raised in the innermost becomes a RuntimeError there.
def stopper():
    yield 1
    raise StopIteration("x")


def pass_through():
    try:
        yield from stopper()
    except RuntimeError as e:
        print("RuntimeError", e, type(e.__cause__).__name__)
        yield "after"


p = pass_through()
print(next(p), next(p))


# Resuming an outer generator from inside its own chain is refused.
def inner_resumes():
    yield 1
    try:
        next(chain)
    except ValueError as e:
        print("ValueError", e)
    yield 2


def outer_chain():
    yield from inner_resumes()


chain = outer_chain()
print(next(chain), next(chain))


# throw() and close() into a suspended chain.
def tail():
    try:
        yield "t1"
        yield "t2"
    except KeyError:
        yield "tail caught"
    finally:
        print("tail finally")


def head():
    try:
        yield from tail()
    finally:
        print("head finally")


h = head()
print(next(h))
print(h.throw(KeyError))
h.close()
h = head()
print(next(h), next(h))
h.close()


# A chain that keeps growing (each level yields once before delegating)
# works as it grows.
def grow(n):
    yield n
    if n < 200:
        yield from grow(n + 1)


total = 0
for v in grow(0):
    total += v
print(total)


# Coroutines awaiting coroutines form the same kind of chain.
class Step:
    def __await__(self):
        v = yield "step"
        return v


async def c_inner():
    a = await Step()
    b = await Step()
    return a + b


async def c_mid():
    return await c_inner() * 2


async def c_top():
    return await c_mid() + 1


co = c_top()
print(co.send(None), co.send(5))
try:
    co.send(7)
except StopIteration as e:
    print("coroutine result", e.value)
