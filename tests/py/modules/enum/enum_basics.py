# Enum: members, lookup, iteration, aliases, repr/str/format, hashing,
# methods and properties, __members__.
from enum import Enum, auto, unique


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3
    CRIMSON = 1  # an alias of RED

    def describe(self):
        return "%s is %d" % (self.name.lower(), self.value)

    @property
    def warm(self):
        return self in (Color.RED,)

    @classmethod
    def default(cls):
        return cls.GREEN

    @staticmethod
    def helper():
        return "static"


print(repr(Color.RED), str(Color.RED), f"{Color.RED}", format(Color.RED), "%s" % Color.BLUE)
print(f"[{Color.RED:>12}]", f"[{Color.GREEN:<8}]", "{!r}".format(Color.BLUE))
print(Color.RED.name, Color.RED.value, Color.RED._name_, Color.RED._value_)
print(Color(1), Color(3), Color["GREEN"], Color.CRIMSON, Color.CRIMSON is Color.RED)
print(list(Color), len(Color), list(reversed(Color)))
print([m.name for m in Color], [c.value for c in Color])
print(Color.__members__)
print(repr(Color.__members__))
print(list(Color.__members__), len(Color.__members__), "CRIMSON" in Color.__members__)
print(Color.RED in Color, Color.CRIMSON in Color)
print(Color.RED.describe(), Color.RED.warm, Color.BLUE.warm, Color.default(), Color.helper())
print(Color.RED == Color.RED, Color.RED == Color.CRIMSON, Color.RED != Color.BLUE, Color.RED == 1)
print(Color.RED is Color(1), Color(Color.RED) is Color.RED)
print(hash(Color.RED) == hash("RED"), {Color.RED: "r", Color.BLUE: "b"}[Color.CRIMSON])
print(sorted([Color.BLUE, Color.RED, Color.GREEN], key=lambda c: c.value))
print(isinstance(Color.RED, Color), isinstance(Color.RED, Enum), type(Color.RED), type(Color.RED).__name__)
print(Color, repr(Color), Color.__name__, type(Color).__name__, issubclass(Color, Enum))
print(bool(Color), bool(Color.RED), Color.RED.__class__ is Color)
s = {Color.RED, Color.GREEN, Color.CRIMSON}
print(len(s), sorted(m.name for m in s))
d = {c: c.value * 10 for c in Color}
print(d)

# auto() and values of any type.


class Shape(Enum):
    SQUARE = auto()
    CIRCLE = auto()
    TRIANGLE = auto()


print(list(Shape), Shape.CIRCLE.value, repr(auto()))


class Mixed(Enum):
    A = "a"
    B = (1, 2)
    C = None
    D = 2.5
    E = auto()
    F = [1, 2]


print(list(Mixed))
print(Mixed((1, 2)), Mixed(None), Mixed([1, 2]), Mixed(2.5), Mixed.E.value)


class Skip(Enum):
    X = 10
    Y = auto()
    Z = 5
    W = auto()


print(list(Skip))

# unique()


@unique
class Fine(Enum):
    A = 1
    B = 2


print(list(Fine))
try:

    @unique
    class Dupes(Enum):
        A = 1
        B = 1
        C = 2
        D = 2

except ValueError as e:
    print("ValueError", e)

# An enum with no members can be subclassed; members are then its own.


class Base(Enum):
    def label(self):
        return "<" + self.name + ">"


class Sub(Base):
    ONE = 1
    TWO = 2


print(list(Base), len(Base), bool(Base), list(Sub), Sub.ONE.label(), Sub(2).label())

# Nested enums and attribute access.


class Outer:
    class Inner(Enum):
        X = 1


print(Outer.Inner.X, repr(Outer.Inner.X), Outer.Inner.__qualname__)

# Members named like the enum properties.


class Field(Enum):
    name = 1
    value = 2


print(Field.name, Field.value, Field.name.name, Field.name.value, Field.value.name, list(Field))
