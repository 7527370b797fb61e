# Binary operators on instances whose methods are plain Python functions
# run in the frame loop: the protocol around them must stay CPython's.


class V:
    def __init__(self, x):
        self.x = x

    def __add__(self, o):
        if isinstance(o, V):
            return V(self.x + o.x)
        if isinstance(o, (int, float)):
            return V(self.x + o)
        return NotImplemented

    def __radd__(self, o):
        return ("radd", self.x, o)

    def __mul__(self, o):
        return V(self.x * o)

    def __rmul__(self, o):
        return V(o * self.x * 10)

    def __sub__(self, o):
        return NotImplemented

    def __rsub__(self, o):
        return NotImplemented

    def __repr__(self):
        return "V(%r)" % (self.x,)


class W:
    def __radd__(self, o):
        return ("W.radd", o)

    def __rsub__(self, o):
        return ("W.rsub", o)


class Sub(V):
    def __radd__(self, o):
        return ("Sub.radd", o)


print(V(1) + V(2), V(1) + 5, V(2) * 3, 3 * V(2), 2.5 * V(2))
# Forward NotImplemented, then the reflected method of the other type.
print(V(1) + W(), V(1) - W())
# The reflected method of a subclass comes first.
print(V(1) + Sub(2))
print(Sub(1) + V(2))
# NotImplemented both ways: the error names both types.
for a, b in ((V(1), V(2)), (V(1), "s"), (1, V(1))):
    try:
        a - b
    except TypeError as e:
        print("TypeError", e)
try:
    V(1) + "s"
except TypeError as e:
    print("TypeError", e)


# In place: no __iadd__ falls back to __add__; an __iadd__ goes first.
a = V(1)
a += V(2)
a += 3
print(a)


class I(V):
    def __iadd__(self, o):
        self.x += o
        return self

    def __imul__(self, o):
        return NotImplemented


b = I(1)
c = b
b += 5
print(b is c, b.x)
b *= 3
print(b is c, b)


# Methods that are not plain functions still work (a callable object
# without __get__ is called with the other operand alone).
class Odd:
    __add__ = staticmethod(lambda b: ("static", b))
    __sub__ = lambda self, o, k=7: ("default", o, k)

    def __mul__(self, *args):
        return ("star", args)

    def __truediv__(self, o):
        yield o



class Callable:
    def __call__(self, *a):
        return ("callable", len(a))


class Helper:
    def power(self, o):
        return ("bound", type(self).__name__, o)


Odd.__floordiv__ = Callable()
Odd.__pow__ = Helper().power
o = Odd()
print(o + 1, o - 2, o * 3, list(o / 4), o // 5, o ** 6)


# Unary operators.
class U:
    def __neg__(self):
        return "neg"

    def __pos__(self):
        return "pos"

    def __invert__(self, extra=1):
        return "inv"


print(-U(), +U(), ~U())
