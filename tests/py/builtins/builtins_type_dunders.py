# The built-in types' own __repr__/__str__ called through the type,
# divmod() and round() handing over to a class's own methods, and the
# names of built-in functions (__qualname__, __module__).

print(float.__repr__(2.0), int.__repr__(5), str.__repr__('a'), list.__repr__([1]))
print(dict.__repr__({1: 2}), tuple.__repr__((1,)), complex.__repr__(1j), bool.__repr__(True))
print(bytes.__repr__(b'x'), set.__repr__({1}), frozenset.__repr__(frozenset()), range.__repr__(range(3)))
print(str.__str__('a'), float.__str__(1.5), int.__str__(7))
print(dict.__repr__ is list.__repr__, dict.__repr__ is object.__repr__)


class D(dict):
    pass


class L(list):
    def __repr__(self):
        return "L" + list.__repr__(self)


print(repr(D(a=1)), repr(L([1, 2])), str(L([3])))


class S(str):
    pass


print(str.__str__(S("sub")), repr(S("q")))


class Money:
    def __init__(self, v):
        self.v = v

    def __divmod__(self, other):
        return ("divmod", self.v, other)

    def __rdivmod__(self, other):
        return ("rdivmod", other, self.v)

    def __round__(self, n=None):
        return ("round", n)


m = Money(7)
print(divmod(m, 2), divmod(3, m))
print(round(m), round(m, 2), round(m, 2.5), round(m, "x"))


class OnlyFloorDiv:
    def __floordiv__(self, other):
        return 0

    def __mod__(self, other):
        return 0


try:
    divmod(OnlyFloorDiv(), 2)
except TypeError as e:
    print("TypeError:", e)


class MyInt(int):
    pass


print(divmod(MyInt(7), 2), divmod(7.5, MyInt(2)), round(MyInt(15), -1))
try:
    round(1.5, "x")
except TypeError as e:
    print("TypeError:", e)

print(len.__qualname__, len.__module__, print.__module__)
print([].append.__qualname__, dict.fromkeys.__qualname__, str.join.__qualname__)
import math
print(math.sqrt.__module__, math.sqrt.__qualname__)
