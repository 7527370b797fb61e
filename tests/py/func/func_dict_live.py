# A function's __dict__ is where its attributes live: writes through either
# the dict or attribute assignment show in the other.
def f():
    pass


f.a = 1
d = f.__dict__
print(d, f.__dict__ is d)
d["b"] = 2
print(f.b, sorted(vars(f)))
f.c = 3
print(sorted(d.items()))
del f.a
print("a" in d, hasattr(f, "a"))
del d["b"]
print(hasattr(f, "b"))
d.update(x=10, y=20)
print(f.x + f.y, "x" in dir(f))
try:
    f.missing
except AttributeError as e:
    print(e)


def deco(fn):
    fn.__dict__.setdefault("calls", 0)
    fn.__dict__["calls"] += 1
    return fn


@deco
def g():
    return g.calls


print(g(), g.__dict__)


import functools


def base():
    pass


base.tag = "t"


@functools.wraps(base)
def wrapper():
    pass


print(wrapper.tag, sorted(wrapper.__dict__))


class C:
    pass


C.k = 5
print(C.__dict__["k"], "k" in vars(C))

# Deleting a missing attribute names it (a function with a __dict__, a module).
for target in (f, functools):
    try:
        del target.nothing_here
    except AttributeError as e:
        print(e)
