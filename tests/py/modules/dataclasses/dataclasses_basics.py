# @dataclass with and without arguments: __init__, __repr__, __eq__,
# defaults, default factories, __doc__, __match_args__, fields().
from dataclasses import dataclass, field, fields, is_dataclass, MISSING


@dataclass
class Point:
    x: int
    y: int = 0


p = Point(1, 2)
print(p, repr(p))
print(Point(3), Point(y=5, x=4))
print(p == Point(1, 2), p == Point(2, 1), p != Point(1, 2), p == (1, 2))
print(Point.__doc__)
print(Point.__match_args__)
print(Point.__init__.__qualname__, Point.__repr__.__qualname__, Point.__eq__.__name__)
print(Point.__hash__)
try:
    hash(p)
except TypeError as e:
    print("TypeError", e)


@dataclass()
class Inventory:
    name: str
    unit_price: float = 1.5
    quantity: int = 0
    tags: list = field(default_factory=list)

    def total(self):
        return self.unit_price * self.quantity


a = Inventory("widget", quantity=3)
b = Inventory("widget", quantity=3)
print(a, a.total())
a.tags.append("x")
print(a.tags, b.tags, a.tags is b.tags, a == b)
print(Inventory.__doc__)
print(Inventory.unit_price, Inventory.quantity, hasattr(Inventory, "tags"))
print([f.name for f in fields(Inventory)])
print([f.type for f in fields(a)])
print(fields(Inventory)[3].default_factory is list, fields(Inventory)[0].default is MISSING)
print(is_dataclass(Inventory), is_dataclass(a), is_dataclass(3), is_dataclass(int))

# Options turned off.


@dataclass(repr=False, eq=False)
class Plain:
    a: int


q = Plain(1)
print(q == Plain(1), q == q, "Plain object" in repr(q), type(hash(q)).__name__)


@dataclass(init=False)
class NoInit:
    a: int = 5


n = NoInit()
print(n, n.a)

# Methods the class defines itself are kept.


@dataclass
class Custom:
    a: int

    def __repr__(self):
        return "Custom<%d>" % self.a

    def __eq__(self, other):
        return True


print(Custom(1), Custom(1) == Custom(2), Custom(1) == 5)

# A field named self, defaults that are None, strings and tuples.


@dataclass
class Odd:
    self: int
    other: object = None
    label: str = "lbl"
    pair: tuple = (1, 2)


o = Odd(7)
print(o, o.self)
print(Odd.__doc__)

# A class without fields.


@dataclass
class Empty:
    pass


print(Empty(), Empty() == Empty(), Empty.__doc__, fields(Empty))

# Nested classes print their qualified name.


class Outer:
    @dataclass
    class Inner:
        v: int = 1


print(Outer.Inner(), Outer.Inner.__qualname__)

# Annotations that are not types.


@dataclass
class Typed:
    a: "int"
    b: list[int] = field(default_factory=lambda: [1, 2])
    c: dict = field(default_factory=dict)


print(Typed(1), Typed.__doc__)

# repr of a dataclass that contains itself.


@dataclass
class Node:
    val: int
    next: object = None


n1 = Node(1)
n1.next = n1
print(n1)
n2 = Node(2, Node(3, [Node(4)]))
print(n2)

# The docstring is kept when the class has one.


@dataclass
class Documented:
    "My own doc."
    a: int


print(Documented.__doc__)

# What a match statement would use.
print(Point.__match_args__ == ("x", "y"))
