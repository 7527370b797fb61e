"""operator for capy: the operators as functions.

Frozen into the binary (modules/frozen.rs), compiled on first import.

Covers CPython 3.11's operator module: comparisons (lt, le, eq, ne, ge, gt),
not_, truth, is_, is_not, abs, add, and_, floordiv, index, inv/invert,
lshift, mod, mul, matmul, neg, or_, pos, pow, rshift, sub, truediv, xor,
concat, contains, countOf, indexOf, getitem, setitem, delitem,
length_hint, the in-place forms (iadd, ...), call, attrgetter (dotted
names), itemgetter, methodcaller, with their reprs, and the dunder aliases
(__add__, ...).

Not covered: pickling the getter objects (__reduce__).
"""


# This module defines its own abs(): keep the built-in one.
_builtin_abs = abs


def lt(a, b):
    return a < b


def le(a, b):
    return a <= b


def eq(a, b):
    return a == b


def ne(a, b):
    return a != b


def ge(a, b):
    return a >= b


def gt(a, b):
    return a > b


def not_(a):
    return not a


def truth(a):
    return True if a else False


def is_(a, b):
    return a is b


def is_not(a, b):
    return a is not b


# ---- arithmetic and bitwise


def abs(a):
    return _builtin_abs(a)


def add(a, b):
    return a + b


def and_(a, b):
    return a & b


def floordiv(a, b):
    return a // b


def index(a):
    method = getattr(type(a), "__index__", None)
    if method is None:
        raise TypeError(
            "'%s' object cannot be interpreted as an integer" % type(a).__name__
        )
    return method(a)


def inv(a):
    return ~a


invert = inv


def lshift(a, b):
    return a << b


def mod(a, b):
    return a % b


def mul(a, b):
    return a * b


def matmul(a, b):
    return a @ b


def neg(a):
    return -a


def or_(a, b):
    return a | b


def pos(a):
    return +a


def pow(a, b):
    return a**b


def rshift(a, b):
    return a >> b


def sub(a, b):
    return a - b


def truediv(a, b):
    return a / b


def xor(a, b):
    return a ^ b


# ---- sequences


def concat(a, b):
    if not hasattr(a, "__getitem__"):
        raise TypeError("'%s' object can't be concatenated" % type(a).__name__)
    return a + b


def contains(a, b):
    return b in a


def countOf(a, b):
    n = 0
    for item in a:
        if item is b or item == b:
            n += 1
    return n


def indexOf(a, b):
    for i, item in enumerate(a):
        if item is b or item == b:
            return i
    raise ValueError("sequence.index(x): x not in sequence")


def getitem(a, b):
    return a[b]


def setitem(a, b, c):
    a[b] = c


def delitem(a, b):
    del a[b]


def length_hint(obj, default=0):
    if not isinstance(default, int):
        raise TypeError(
            "'%s' object cannot be interpreted as an integer" % type(default).__name__
        )
    try:
        return len(obj)
    except TypeError:
        pass
    hint = getattr(type(obj), "__length_hint__", None)
    if hint is None:
        return default
    val = hint(obj)
    if val is NotImplemented:
        return default
    if not isinstance(val, int):
        raise TypeError(
            "__length_hint__ must be an integer, not %s" % type(val).__name__
        )
    if val < 0:
        raise ValueError("__length_hint__() should return >= 0")
    return val


def call(obj, /, *args, **kwargs):
    return obj(*args, **kwargs)


# ---- in-place forms: a op= b, returning the (possibly new) a


def iadd(a, b):
    a += b
    return a


def iand(a, b):
    a &= b
    return a


def iconcat(a, b):
    if not hasattr(a, "__getitem__"):
        raise TypeError("'%s' object can't be concatenated" % type(a).__name__)
    a += b
    return a


def ifloordiv(a, b):
    a //= b
    return a


def ilshift(a, b):
    a <<= b
    return a


def imod(a, b):
    a %= b
    return a


def imul(a, b):
    a *= b
    return a


def imatmul(a, b):
    a @= b
    return a


def ior(a, b):
    a |= b
    return a


def ipow(a, b):
    a **= b
    return a


def irshift(a, b):
    a >>= b
    return a


def isub(a, b):
    a -= b
    return a


def itruediv(a, b):
    a /= b
    return a


def ixor(a, b):
    a ^= b
    return a


# ---- getters


class attrgetter:
    """attrgetter('a', 'b.c')(x) is (x.a, x.b.c); one name gives one value."""

    def __init__(self, attr, *attrs):
        names = (attr,) + attrs
        for n in names:
            if not isinstance(n, str):
                raise TypeError("attribute name must be a string")
        self._names = names
        self._paths = tuple(tuple(n.split(".")) for n in names)

    def _get(self, obj, path):
        for part in path:
            obj = getattr(obj, part)
        return obj

    def __call__(self, obj):
        if len(self._paths) == 1:
            return self._get(obj, self._paths[0])
        return tuple(self._get(obj, p) for p in self._paths)

    def __repr__(self):
        return "operator.attrgetter(%s)" % ", ".join(repr(n) for n in self._names)


class itemgetter:
    """itemgetter(1, 3)(x) is (x[1], x[3]); one item gives one value."""

    def __init__(self, item, *items):
        self._items = (item,) + items

    def __call__(self, obj):
        if len(self._items) == 1:
            return obj[self._items[0]]
        return tuple(obj[i] for i in self._items)

    def __repr__(self):
        return "operator.itemgetter(%s)" % ", ".join(repr(i) for i in self._items)


class methodcaller:
    """methodcaller('m', 1, k=2)(x) is x.m(1, k=2)."""

    def __init__(self, name, /, *args, **kwargs):
        if not isinstance(name, str):
            raise TypeError("method name must be a string")
        self._name = name
        self._args = args
        self._kwargs = kwargs

    def __call__(self, obj):
        return getattr(obj, self._name)(*self._args, **self._kwargs)

    def __repr__(self):
        parts = [repr(self._name)]
        parts.extend(repr(a) for a in self._args)
        parts.extend("%s=%r" % (k, v) for k, v in self._kwargs.items())
        return "operator.methodcaller(%s)" % ", ".join(parts)


# ---- the dunder aliases (operator.__add__ is operator.add)

__lt__ = lt
__le__ = le
__eq__ = eq
__ne__ = ne
__ge__ = ge
__gt__ = gt
__not__ = not_
__abs__ = abs
__add__ = add
__and__ = and_
__floordiv__ = floordiv
__index__ = index
__inv__ = inv
__invert__ = invert
__lshift__ = lshift
__mod__ = mod
__mul__ = mul
__matmul__ = matmul
__neg__ = neg
__or__ = or_
__pos__ = pos
__pow__ = pow
__rshift__ = rshift
__sub__ = sub
__truediv__ = truediv
__xor__ = xor
__concat__ = concat
__contains__ = contains
__getitem__ = getitem
__setitem__ = setitem
__delitem__ = delitem
__call__ = call
__iadd__ = iadd
__iand__ = iand
__iconcat__ = iconcat
__ifloordiv__ = ifloordiv
__ilshift__ = ilshift
__imod__ = imod
__imul__ = imul
__imatmul__ = imatmul
__ior__ = ior
__ipow__ = ipow
__irshift__ = irshift
__isub__ = isub
__itruediv__ = itruediv
__ixor__ = ixor
