# type(name, bases, ns) checks its arguments; the namespace may be a dict
# subclass; range() takes no keyword arguments.
from collections import OrderedDict

A = type("A", (), OrderedDict(a=1, b=2, c=3))
print([k for k in A.__dict__ if not k.startswith("_")], A.b)
B = type("B", (A,), {"d": 4})
print(B.a, B.d, B.__mro__ == (B, A, object))
for args in ((), (1, 2), ("abc", None, None), ("abc", (), None), ("abc", (1,), {}), ("abc", (A, 2), {})):
    try:
        type(*args)
        print("ok", args)
    except TypeError:
        print("TypeError", len(args))
for kw in ({"stop": 1}, {"step": 1}):
    try:
        range(0, **kw)
    except TypeError as e:
        print("TypeError", e)
print(list(range(*(1, 3))), list(range(1, *(6, 2))))
