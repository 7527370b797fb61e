# __slots__ restricts instance attributes.


class S:
    __slots__ = ("a",)


s = S()
s.a = 1
print(s.a)
try:
    s.b = 1
except AttributeError as e:
    print("AttributeError", e)
try:
    S().a
except AttributeError as e:
    print("AttributeError", e)
del s.a
try:
    s.a
except AttributeError as e:
    print("AttributeError", e)
s.a = 2
print(s.a)


class T(S):
    # No __slots__: instances have a __dict__ again.
    pass


t = T()
t.z = 1
print(t.z)


class U(S):
    __slots__ = ("b", "__dict__")


u = U()
u.q = 3
u.a = 1
print(u.q, u.a)


class V(S):
    __slots__ = "c"


v = V()
v.c = 1
v.a = 2
print(v.c, v.a)
try:
    v.d = 1
except AttributeError as e:
    print("AttributeError", e)


class Empty:
    __slots__ = ()


try:
    Empty().x = 1
except AttributeError as e:
    print("AttributeError", e)


class WithProp:
    __slots__ = ["_v"]

    @property
    def v(self):
        return self._v

    @v.setter
    def v(self, x):
        self._v = x * 2


w = WithProp()
w.v = 5
print(w.v)

try:

    class Clash:
        __slots__ = ("a",)
        a = 1

except ValueError as e:
    print("ValueError", e)

try:

    class BadItem:
        __slots__ = (1,)

except TypeError as e:
    print("TypeError", e)
