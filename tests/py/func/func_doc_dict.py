# Function docstrings, attributes, __dict__ and vars().


def f():
    "doc here"
    return 1


def g():
    pass


def h():
    x = "not a docstring"
    "nor this"
    return x


def multi():
    """Line one.

    Line two.
    """


print(repr(f.__doc__), repr(g.__doc__), repr(h.__doc__))
print(repr(multi.__doc__))
print((lambda: 0).__doc__)
f.__doc__ = "changed"
print(f.__doc__)


class C:
    "class doc"

    def m(self):
        "method doc"


class D:
    pass


print(C.__doc__, C.m.__doc__, C().m.__doc__, D.__doc__)

print(g.__dict__, vars(g))
g.x = 1
g.y = "two"
print(g.x, g.y, g.__dict__, vars(g))
print(sorted(vars(g)))
del g.x
print(g.__dict__)
try:
    g.x
except AttributeError as e:
    print("AttributeError", e)
try:
    del g.nope
except AttributeError as e:
    print("AttributeError", e)
print(hasattr(g, "y"), getattr(g, "zz", "default"))


def counter():
    counter.calls += 1
    return counter.calls


counter.calls = 0
counter()
counter()
print(counter.calls)
