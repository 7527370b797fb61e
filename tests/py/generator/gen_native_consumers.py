# Generators consumed by built-ins that step them from native code
# (tuple, list, set, sorted, str.join, sum, any, all, min, max): values
# yielded must stay alive while collected (collections inside the body),
# exceptions must leave the generator finished, early stops must leave it
# suspended, and Python code a consumer runs for an item (__add__, __lt__,
# __bool__) must see the generator suspended, as between two next() calls.
import gc


def collecting(n):
    for i in range(n):
        if i % 3 == 0:
            gc.collect()
        yield "item-%d" % i


print(tuple(collecting(7)))
print(list(collecting(5)))
print(sorted(collecting(6), reverse=True))
print(len(set(collecting(9))), "item-8" in set(collecting(9)))
print("+".join(collecting(4)))
print(tuple(("t", i, [i] * 2) for i in range(4) if gc.collect() is not None or True))
print(sum(len(s) for s in collecting(12)))
print(min(collecting(5)), max(collecting(5)))
print(any(s.endswith("3") for s in collecting(5)), all(s for s in collecting(5)))

# Nested generator expressions, each consumed natively inside another.
rows = [[i * j for j in range(5)] for i in range(6)]
print(sum(sum(x for x in r) for r in rows))
print(tuple(tuple(x + 1 for x in r if x % 2 == 0) for r in rows))
print(max(min(x for x in r) + sum(x for x in r) for r in rows))
print(set(frozenset(x % 3 for x in r) for r in rows) == {frozenset({0}), frozenset({0, 1, 2})})


# An exception raised mid-consumption: the generator is finished after it.
def failing(n):
    for i in range(n):
        yield 10 // (3 - i)


g = failing(6)
try:
    tuple(g)
except ZeroDivisionError as e:
    print("tuple raised", type(e).__name__)
print(next(g, "finished"))
for consume in (list, set, sorted, sum, min, max, any, all):
    try:
        consume(x for x in failing(5))
    except ZeroDivisionError:
        print(consume.__name__, "raised")


# StopIteration inside the body becomes RuntimeError; a return value ends it.
def stop_inside():
    yield 1
    raise StopIteration("inner")


try:
    list(stop_inside())
except RuntimeError as e:
    print("RuntimeError", e, type(e.__cause__).__name__)


def returns():
    yield 1
    yield 2
    return "ignored"


print(list(returns()), sum(returns()))


# Early stops leave the generator suspended where it yielded.
def tracked(values):
    try:
        for v in values:
            yield v
    finally:
        print("cleanup")


g = tracked([0, 0, 5, 0, 7])
print(any(g), g.gi_running, g.gi_frame is not None)
print(next(g), list(g))
g = tracked([1, 2, 0, 3])
print(all(g), next(g))
g.close()
try:
    max(tracked([]))
except ValueError as e:
    print("ValueError", e)
print(max(tracked([]), default="empty"))


# Consumers that run Python code for an item see the generator suspended.
class Num:
    def __init__(self, v):
        self.v = v

    def __add__(self, other):
        print("add", gen.gi_running)
        return Num(self.v + (other.v if isinstance(other, Num) else other))

    __radd__ = __add__

    def __lt__(self, other):
        print("lt", gen.gi_running)
        return self.v < other.v

    def __gt__(self, other):
        print("gt", gen.gi_running)
        return self.v > other.v

    def __bool__(self):
        print("bool", gen.gi_running)
        return self.v != 0


def mixed():
    yield 1
    yield 2
    yield Num(10)
    gc.collect()
    yield 3
    yield Num(100)
    yield 4


gen = mixed()
print(sum(gen).v)
gen = (Num(v) for v in (3, 1, 2))
print(min(gen).v)
gen = (Num(v) for v in (3, 1, 2))
print(max(gen).v)
gen = (x for x in (0, 0, Num(0), 0, Num(5), 1))
print(any(gen), list(gen))
gen = (x for x in (1, Num(2), 1, Num(0), 1))
print(all(gen), list(gen))
gen = (x for x in (5, 3, 8))
print(min(gen, key=lambda x: (gen.gi_running, -x)))
print(sum((x / 2 for x in range(5)), 0.5), sum((x for x in range(5)), 10 ** 20))


# A generator consumed from inside its own body is already executing.
def selfish():
    yield 1
    try:
        tuple(me)
    except ValueError as e:
        print("ValueError", e)
    yield 2


me = selfish()
print(list(me))


# Yields inside handlers and try blocks: the handled exception does not leak
# into the consumer.
def in_handler():
    for i in range(3):
        try:
            raise KeyError(i)
        except KeyError:
            yield i
            gc.collect()
        try:
            yield -i
        finally:
            pass


print(tuple(in_handler()))
try:
    sum(in_handler()) + "x"
except TypeError as e:
    print("context", e.__context__)


# Delegation: values from a sub-generator, partly consumed generators.
def inner():
    yield "a"
    got = yield "b"
    yield got
    return "r"


def outer():
    r = yield from inner()
    yield r
    yield from ("x", "y")


print(tuple(outer()), "".join(x for x in outer() if x))
g = outer()
print(next(g), list(g))
g = inner()
print(next(g), next(g), g.send("sent"), list(g))
g = outer()
next(g)
print(sorted(g, key=str))

# A deep tower of generator expressions still raises RecursionError cleanly.
def tower(n):
    it = iter([1])
    for _ in range(n):
        it = (x for x in it)
    return it


print(sum(tower(50)))
try:
    sum(tower(5000))
except RecursionError:
    print("RecursionError")
