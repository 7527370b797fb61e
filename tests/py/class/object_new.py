# object.__new__ and the built-in types' __new__, called from user __new__.


class A:
    def __new__(cls, *args):
        print("A.__new__", cls.__name__, args)
        return object.__new__(cls)

    def __init__(self, x):
        self.x = x


a = A(3)
print(a.x, type(a).__name__)


class B(A):
    pass


b = B(4)
print(b.x, type(b).__name__)
print(type(object.__new__(B)).__name__)


class E(Exception):
    def __new__(cls, *args):
        return super().__new__(cls, *args)


print(repr(E(1, 2)), E(1, 2).args)


class L(list):
    def __new__(cls, *args):
        return super().__new__(cls)


print(L([1, 2]), type(L([1, 2])).__name__)


class MyInt(int):
    def __new__(cls, v):
        return int.__new__(cls, v * 2)


print(MyInt(4), MyInt(4) + 1, type(MyInt(4)).__name__)


class Upper(str):
    def __new__(cls, s):
        return str.__new__(cls, s.upper())


u = Upper("abc")
print(u, len(u), u + "!", type(u).__name__)
print(int.__new__(int, 5), str.__new__(str, "x"), tuple.__new__(tuple, [1]))


# __new__ returning something else skips __init__.
class Other:
    def __new__(cls):
        return 42

    def __init__(self):
        print("not called")


print(Other())


class Plain:
    pass


class WithInit:
    def __init__(self, x):
        self.x = x


class WithNew:
    def __new__(cls, x):
        return object.__new__(cls, x)


print(type(object.__new__(WithInit, 1)).__name__)
for f in (
    lambda: object.__new__(1),
    lambda: object.__new__(),
    lambda: object.__new__(Plain, 1),
    lambda: WithNew(1),
    lambda: object.__new__(int),
    lambda: object.__new__(MyInt),
    lambda: int.__new__(str, 1),
    lambda: int.__new__(1),
    lambda: list.__new__(),
):
    try:
        f()
    except TypeError as e:
        print("TypeError:", e)

# Subclasses of mutable built-ins: __new__ makes them empty, __init__ fills.
class L2(list):
    pass


l2 = list.__new__(L2, [1, 2])
print(l2, type(l2).__name__)
l2.__init__([3])
print(l2, list.__new__(list), dict.__new__(dict), float.__new__(float, "1.5"))
