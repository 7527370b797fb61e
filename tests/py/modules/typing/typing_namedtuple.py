# Checks class-syntax typing.NamedTuple: fields, defaults, methods kept, _fields/_field_defaults/_asdict/_replace/_make, repr, subclassing, and the functional form.
from typing import NamedTuple, List


class Point(NamedTuple):
    x: int
    y: str = "a"
    z: float = 1.5

    def norm(self):
        return abs(self.x) + self.z

    @property
    def label(self):
        return "%s:%s" % (self.x, self.y)

    @classmethod
    def origin(cls):
        return cls(0, "o", 0.0)

    LIMIT = 10


p = Point(1)
print(p, Point(2, "b"), Point(3, z=0.5), Point(x=-4, y="d", z=2.0))
print(p.x, p.y, p.z, p[0], p[-1], len(p), tuple(p))
print(p.norm(), p.label, Point.origin(), Point.LIMIT, p.LIMIT)
print(Point._fields, Point._field_defaults)
print(Point.__annotations__ == {"x": int, "y": str, "z": float})
print(p._asdict(), p._replace(y="zz"), Point._make([5, "m", 9.0]))
print(isinstance(p, tuple), issubclass(Point, tuple), Point.__name__, Point.__module__)
print(p == (1, "a", 1.5), p != (1, "a"), sorted([Point(2), Point(1, "b"), Point(1)]))
x, y, z = Point(7, "u")
print(x, y, z)


class Empty(NamedTuple):
    pass


print(Empty(), Empty._fields, len(Empty()))


class Employee(NamedTuple):
    name: str
    id: int = 3
    tags: List[str] = []

    def __repr__(self):
        return "<Employee %s #%d>" % (self.name, self.id)

    def __str__(self):
        return "Employee " + self.name


e = Employee("Guido")
print(repr(e), str(e), e.tags, Employee._field_defaults)


class Derived(Point):
    def norm(self):
        return "derived " + str(super().norm())


print(Derived(5), Derived(5).norm(), Derived._fields, isinstance(Derived(1), Point))

P2 = NamedTuple("P2", [("a", int), ("b", str)])
print(P2(1, "x"), P2._fields, P2.__annotations__ == {"a": int, "b": str}, P2._field_defaults)
P3 = NamedTuple("P3", [])
print(P3(), P3._fields)

try:
    Point()
except TypeError as e:
    print("TypeError:", e)
try:
    p.x = 5
except AttributeError as e:
    print("AttributeError raised")
