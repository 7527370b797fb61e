# Python-to-Python calls run in the caller's interpreter loop (no Rust
# recursion): returns, exceptions unwinding through several frames,
# finally/with in a callee, generators and closures made by callees,
# keyword and default binding, bound methods.


def leaf(x):
    if x < 0:
        raise ValueError("negative %d" % x)
    return x * 2


def middle(x):
    return leaf(x) + 1


def outer(x):
    try:
        return middle(x)
    except ValueError as e:
        return "caught " + str(e)


print(outer(3), outer(-4))


# An exception passing through frames that have handlers for other types.
def m2(x):
    try:
        return leaf(x)
    except KeyError:
        return "wrong"


def m1(x):
    try:
        return m2(x)
    except TypeError:
        return "wrong"


try:
    m1(-1)
except ValueError as e:
    print("outermost", e)


# return inside try/finally and with, in a callee
log = []


def fin(x):
    try:
        return leaf(x)
    finally:
        log.append("finally %d" % x)


class Ctx:
    def __enter__(self):
        log.append("enter")
        return self

    def __exit__(self, t, v, tb):
        log.append("exit %s" % (t.__name__ if t else None))
        return False


def in_with(x):
    with Ctx():
        return fin(x)


print(in_with(5))
try:
    in_with(-5)
except ValueError as e:
    print("with raised", e)
print(log)


# finally overriding an exception with a return, several frames down
def swallow():
    try:
        leaf(-1)
    finally:
        return "swallowed"


def call_swallow():
    return swallow() + "!"


print(call_swallow())


# generators made and driven by inline frames
def gen(n):
    for i in range(n):
        yield leaf(i)


def use_gen(n):
    return sum(gen(n)) + sum(x for x in gen(n))


print(use_gen(5))


def gen_raises():
    yield 1
    middle(-2)


def drive():
    out = []
    try:
        for v in gen_raises():
            out.append(v)
    except ValueError as e:
        out.append(str(e))
    return out


print(drive())


# closures, cells, keywords, defaults, *args, **kwargs
def make_counter(start):
    count = start

    def bump(by=1):
        nonlocal count
        count += by
        return count

    return bump


c = make_counter(10)
print(c(), c(5), c(by=2))


def kw(a, b=2, *rest, c=3, **more):
    return (a, b, rest, c, sorted(more.items()))


def call_kw():
    return [kw(1), kw(1, 5, 6, 7, c=8, d=9), kw(a=0, c=1)]


print(call_kw())


# bound methods, and methods calling methods
class Node:
    def __init__(self, v, nxt=None):
        self.v = v
        self.nxt = nxt

    def total(self):
        if self.nxt is None:
            return self.v
        return self.v + self.nxt.total()


n = None
for i in range(50):
    n = Node(i, n)
print(n.total())
m = n.total
print(m())


# binding errors raised in the caller
def two(a, b):
    return a + b


def bad_call():
    try:
        return two(1)
    except TypeError:
        return "TypeError"


print(bad_call())


# sys.exc_info inside a callee while its caller handles an exception
import sys


def show():
    return type(sys.exc_info()[1]).__name__


def handler():
    try:
        raise KeyError("k")
    except KeyError:
        return show()


print(handler(), show())


# deep (but allowed) recursion, and recovering from RecursionError
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)


print(depth(500))


def forever(n):
    return forever(n + 1)


try:
    forever(0)
except RecursionError:
    print("RecursionError")
print(depth(100))


# mutual recursion mixing plain calls with natives that call back
def is_even(n):
    return True if n == 0 else is_odd(n - 1)


def is_odd(n):
    return False if n == 0 else is_even(n - 1)


print(is_even(100), is_odd(7), sorted([3, 1, 2], key=lambda x: is_even(x)))
print(list(map(middle, [1, 2, 3])))
