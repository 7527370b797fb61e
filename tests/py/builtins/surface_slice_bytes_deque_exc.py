# slice.indices, bytes.maketrans, deque.index/insert, property.__doc__,
# BaseException.add_note, ImportError.name/path, OSError(errno) picking its
# subclass, and the qualified names in argument errors and method reprs.
print(slice(1, 5).indices(3), slice(None, None, -1).indices(4), slice(-10, 10, 2).indices(6))
try:
    slice(1, 2).indices(-1)
except ValueError as e:
    print("ValueError", e)
t = bytes.maketrans(b"abc", b"xyz")
print(len(t), t[97:100], b"aabbcc".translate(t), bytearray.maketrans(b"a", b"b")[97])
try:
    bytes.maketrans(b"ab", b"c")
except ValueError as e:
    print("ValueError", e)
from collections import deque
d = deque([1, 2, 3, 2])
print(d.index(2), d.index(2, 2), d.index(3, -3, 4))
try:
    d.index(9)
except ValueError as e:
    print("ValueError", e)
d.insert(1, "a")
d.insert(-1, "b")
d.insert(100, "z")
d.insert(-100, "y")
print(d)
m = deque([1], maxlen=1)
try:
    m.insert(0, 5)
except IndexError as e:
    print("IndexError", e)
class C:
    @property
    def x(self):
        "the x"
        return 1
    y = property(lambda s: 2, doc="why")
    z = property(lambda s: 3)
print(C.x.__doc__, C.y.__doc__, C.z.__doc__)
e = ValueError("bad")
e.add_note("first note")
e.add_note("second")
print(e.__notes__, str(e))
try:
    e.add_note(5)
except TypeError as x:
    print("TypeError", x)
try:
    import no_such_module_here
except ImportError as x:
    print(type(x).__name__, x.name, x.path)
print(ImportError("m").name, ImportError("m", name="n", path="p").name, ImportError("m", path="p").path)
for args in [(2, "x"), (13, "y"), (17, "z"), (99999, "w"), (2,), ("2", "x")]:
    print(args, type(OSError(*args)).__name__)
print(isinstance(OSError(2, "x"), FileNotFoundError), FileNotFoundError(2, "x").errno)
class K:
    def m(self, x):
        pass
    def meth(self):
        pass
for f in [lambda: K().m(), lambda: (lambda a: 0)(1, 2), lambda: K().m(1, 2)]:
    try:
        f()
    except TypeError as x:
        print("TypeError", x)
print(repr(K().meth).split(" of ")[0])
