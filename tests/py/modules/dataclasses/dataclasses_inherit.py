# Inheritance, kw_only / KW_ONLY, InitVar and __post_init__, ClassVar.
from dataclasses import dataclass, field, fields, InitVar, KW_ONLY, asdict, replace
from typing import ClassVar
import typing


@dataclass
class Base:
    x: int
    y: int = 1

    def describe(self):
        return "%s at %d,%d" % (type(self).__name__, self.x, self.y)


@dataclass
class Child(Base):
    z: int = 2
    x: int = 10  # redefined: keeps its place, gains a default


c = Child()
print(c, c.describe(), [f.name for f in fields(c)])
print(Child.__doc__)
print(Child(1, 2, 3) == Child(1, 2, 3), Child(1) == Base(1), Base(1) == Child(1))
print(isinstance(c, Base), asdict(c))


class Mixin:
    def hello(self):
        return "hello " + repr(self)


@dataclass
class WithMixin(Mixin, Child):
    w: str = "w"


print(WithMixin(w="ww").hello())
print([f.name for f in fields(WithMixin)])


# A plain class between dataclasses adds no fields.
class Middle(Base):
    q: int = 99


@dataclass
class Bottom(Middle):
    r: int = 5


print(Bottom(0), [f.name for f in fields(Bottom)])

# kw_only on the decorator, on a field, and the KW_ONLY marker.


@dataclass(kw_only=True)
class K:
    a: int
    b: int = 2


print(K(a=1), K(b=3, a=4), K.__doc__, K.__match_args__)
try:
    K(1)
except TypeError as e:
    print("TypeError", "positional" in str(e))


@dataclass
class KF:
    a: int = 0
    b: int = field(kw_only=True)
    c: int = 5


print(KF(b=1), KF(7, 8, b=9), KF.__doc__, KF.__match_args__)


@dataclass
class KM:
    a: int
    _: KW_ONLY
    b: int
    c: int = 3


print(KM(1, b=2), KM.__doc__, [f.name for f in fields(KM)], KM.__match_args__)


@dataclass
class KChild(KM):
    d: int = 4
    e: int = field(default=5, kw_only=False)


print(KChild(1, 9, b=2), KChild.__doc__, KChild.__match_args__)

# InitVar and __post_init__.


@dataclass
class Rect:
    w: float
    h: float
    scale: InitVar[float] = 1.0
    area: float = field(init=False)

    def __post_init__(self, scale):
        self.w *= scale
        self.h *= scale
        self.area = self.w * self.h


r = Rect(2, 3, 2)
print(r, [f.name for f in fields(r)], Rect.__doc__)
print(Rect(1, 1), hasattr(r, "scale"), Rect.scale)
print(repr(Rect.__dataclass_fields__["scale"].type), InitVar[int], InitVar[list[int]])
print(replace(r, w=1, h=1, scale=3))


@dataclass
class NeedsInit:
    a: int
    token: InitVar[str]

    def __post_init__(self, token):
        self.seen = token.upper()


n = NeedsInit(1, "abc")
print(n, n.seen)
try:
    replace(n, a=2)
except ValueError as e:
    print("ValueError", e)
print(replace(n, token="x").seen)


@dataclass
class PostOnly:
    a: int = 0

    def __post_init__(self):
        print("post_init with", self.a)


PostOnly(5)


@dataclass
class PostChild(PostOnly):
    b: int = 1


PostChild(6, 7)

# ClassVar annotations are not fields.


@dataclass
class Counter:
    count: ClassVar[int] = 0
    limit: typing.ClassVar = 10
    name: str = "n"

    def __post_init__(self):
        Counter.count += 1


Counter()
Counter("m")
print(Counter.count, Counter.limit, [f.name for f in fields(Counter)], Counter())
print(Counter.__dataclass_fields__["count"]._field_type, Counter.__doc__)

# init=False fields with and without defaults.


@dataclass
class Lazy:
    a: int
    b: list = field(default_factory=list, init=False)
    c: int = field(default=7, init=False)
    d: int = field(init=False, repr=False)


z = Lazy(1)
print(z, z.b, z.c, hasattr(z, "d"), Lazy.__doc__)
z.d = 4
z2 = Lazy(1)
z2.d = 5
print(z == z2, asdict(z), asdict(z2))
z2.b.append(1)
print(z == z2)
