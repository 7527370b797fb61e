# Special methods of a metaclass apply to its classes.


class M(type):
    def __getitem__(cls, k):
        return (cls.__name__, k)

    def __len__(cls):
        return 7

    def __iter__(cls):
        return iter([1, 2, 3])

    def __contains__(cls, x):
        return x == "in"

    def __repr__(cls):
        return "<M class " + cls.__name__ + ">"


class K(metaclass=M):
    pass


print(K[1], K["a", 2], len(K), list(K), "in" in K, "out" in K)
print(repr(K), [K], str(K))


class Sub(K):
    pass


print(Sub[0], len(Sub), repr(Sub))


class Counting(type):
    calls = 0

    def __call__(cls, *a, **kw):
        Counting.calls += 1
        obj = super().__call__(*a, **kw)
        obj.made_by = "meta"
        return obj


class P(metaclass=Counting):
    def __init__(self, x, y=0):
        self.x = x
        self.y = y


p = P(1, y=2)
print(p.x, p.y, p.made_by, Counting.calls, type(p).__name__)


class Single(type):
    def __call__(cls, *a):
        if not hasattr(cls, "_inst"):
            cls._inst = type.__call__(cls, *a)
        return cls._inst


class S(metaclass=Single):
    def __init__(self, v):
        self.v = v


print(S(1) is S(2), S(3).v)


class Fixed(type):
    def __call__(cls, *a):
        return "called"


class Q(metaclass=Fixed):
    pass


print(Q(), Q(1, 2))
print(type.__call__(int, "12"), type.__call__(list))


class Even(type):
    def __instancecheck__(cls, obj):
        return isinstance(obj, int) and obj % 2 == 0

    def __subclasscheck__(cls, sub):
        return sub is bool


class EvenT(metaclass=Even):
    pass


print(isinstance(4, EvenT), isinstance(3, EvenT), isinstance("x", EvenT))
print(isinstance(4, (str, EvenT)), issubclass(bool, EvenT), issubclass(int, EvenT))
print(isinstance(EvenT(), EvenT))


# Without hooks in the metaclass, the usual rules apply.
class Quiet(type):
    pass


class R(metaclass=Quiet):
    pass


print(isinstance(R(), R), issubclass(R, object), repr(R)[:8])
try:
    len(R)
except TypeError as e:
    print("TypeError", e)
try:
    R[0]
except TypeError as e:
    print("TypeError", e)
try:
    isinstance(1, 2)
except TypeError as e:
    print("TypeError", e)
try:
    issubclass(1, int)
except TypeError as e:
    print("TypeError", e)
