# IntEnum, StrEnum, mixins, custom __new__/__init__, _missing_,
# _generate_next_value_, _ignore_, _order_, member/nonmember, the
# functional API, copying.
import copy
from enum import Enum, IntEnum, StrEnum, ReprEnum, Flag, auto, member, nonmember, EnumMeta, EnumType


class N(IntEnum):
    ONE = 1
    TWO = 2
    THREE = 3


print(repr(N.ONE), str(N.ONE), f"{N.ONE:03d}", f"{N.TWO}", format(N.THREE, "x"), "%d" % N.TWO)
print(N.ONE + 1, N.ONE == 1, 2 == N.TWO, N(2), N.ONE < N.TWO, N.THREE > 2, sorted([N.THREE, N.ONE]))
print(isinstance(N.ONE, int), int(N.TWO), [n for n in N], N["THREE"], hash(N.ONE) == hash(1), {1: "one"}[N.ONE])
print(max(N), sum(N), list(range(N.THREE)), "abc"[N.ONE], N.TWO * "x")


class S(StrEnum):
    NORTH = auto()
    SOUTH = "s"
    EAST = auto()


print(repr(S.NORTH), str(S.NORTH), S.NORTH == "north", S.SOUTH.upper(), f"[{S.SOUTH:>5}]", S("s"), S.EAST)
print(isinstance(S.NORTH, str), "-".join(S), S.NORTH + "!", sorted(S), len(S.NORTH))


class Mixed(int, Enum):
    A = 1
    B = 2


print(str(Mixed.A), format(Mixed.A), f"{Mixed.A}", Mixed.A + 1, Mixed.A == 1, repr(Mixed.B))


class FE(float, Enum):
    PI = 3.14
    E = 2.72


print(repr(FE.PI), str(FE.PI), FE.PI * 2, FE(2.72), FE.E < FE.PI)


class Money(float, ReprEnum):
    CENT = 0.01


print(repr(Money.CENT), str(Money.CENT), f"{Money.CENT}", f"{Money.CENT:.3f}")

# Tuple values go to __init__.


class Planet(Enum):
    MERCURY = (3.303e23, 2.4397e6)
    EARTH = (5.976e24, 6.37814e6)

    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius

    @property
    def surface_gravity(self):
        return round(6.673e-11 * self.mass / (self.radius * self.radius), 2)


print(Planet.EARTH, repr(Planet.EARTH), Planet.EARTH.value, Planet.EARTH.mass, Planet.EARTH.surface_gravity)
print(Planet((3.303e23, 2.4397e6)), [p.name for p in Planet])

# A custom __new__ chooses _value_.


class Coord(bytes, Enum):
    def __new__(cls, value, label):
        obj = bytes.__new__(cls, [value])
        obj._value_ = value
        obj.label = label
        return obj

    PX = (0, "P.X")
    PY = (1, "P.Y")


print(str(Coord.PY), Coord(1), Coord.PX.label, Coord.PY.value, bytes(Coord.PX))


class Ordered(Enum):
    def __new__(cls, doc):
        obj = object.__new__(cls)
        obj._value_ = len(cls.__members__) + 1
        obj.doc = doc
        return obj

    FIRST = "the first"
    SECOND = "the second"


print(list(Ordered), Ordered(2).doc, Ordered.FIRST.value)

# _missing_ and _generate_next_value_.


class Status(Enum):
    ACTIVE = "active"
    INACTIVE = "inactive"

    @classmethod
    def _missing_(cls, value):
        if isinstance(value, str):
            for m in cls:
                if m.value == value.lower():
                    return m
        return None


print(Status("ACTIVE"), Status("Inactive"))
try:
    Status("gone")
except ValueError as e:
    print("ValueError", e)


class Named(Enum):
    def _generate_next_value_(name, start, count, last_values):
        return "%s-%d" % (name.lower(), count)

    ALPHA = auto()
    BETA = auto()
    GAMMA = "fixed"


print(list(Named))


class Counted(Enum):
    A = auto()
    B = "b"
    C = auto()


print(list(Counted))

# _ignore_, _order_, member() and nonmember().


class Week(Enum):
    _ignore_ = "Week i day"
    Week = vars()
    for i, day in enumerate("MON TUE WED".split()):
        Week[day] = i + 1


print(list(Week), hasattr(Week, "i"))


class Ord(Enum):
    _order_ = "A B C"
    A = 1
    B = 2
    C = 3


print(list(Ord))


class Special(Enum):
    A = 1
    limit = nonmember(10)

    @member
    def func(self):
        return "called"


print(list(Special.__members__), Special.limit, Special.func.value(Special.A))

# Functional API.
Animal = Enum("Animal", "ANT BEE CAT")
print(Animal, list(Animal), Animal.BEE.value, Animal(3))
print(list(Enum("C2", "X, Y,Z")), list(Enum("C3", [("R", 10), ("G", 20)])), list(Enum("C4", {"R": "r", "G": "g"})))
print(list(IntEnum("C5", ["A", "B"], start=5)), list(Flag("C6", "X Y Z")), list(StrEnum("C7", "LOW HIGH")))
Typed = Enum("Typed", "A B", type=int)
print(repr(Typed.A), Typed.B + 1, isinstance(Typed.A, int))
print(Animal.__name__, Animal.ANT.__class__.__name__)

# Copies are the members themselves; EnumMeta is EnumType.
print(copy.copy(N.ONE) is N.ONE, copy.deepcopy([Planet.EARTH])[0] is Planet.EARTH, EnumMeta is EnumType)
print(type(N) is EnumType, isinstance(Planet, EnumMeta))
