# frozen, order, eq/unsafe_hash and the hash rules, slots.
from dataclasses import dataclass, field, fields, replace, FrozenInstanceError, asdict


@dataclass(frozen=True)
class Pt:
    x: int
    y: int = 0


p = Pt(1, 2)
print(p, hash(p) == hash(Pt(1, 2)), hash(p) == hash((1, 2)))
s = {Pt(1, 2), Pt(1, 2), Pt(0, 0)}
print(len(s), Pt(0, 0) in s, {p: "a"}[Pt(1, 2)])
for action in ("set", "del", "setattr"):
    try:
        if action == "set":
            p.x = 5
        elif action == "del":
            del p.y
        else:
            setattr(p, "z", 1)
    except FrozenInstanceError as e:
        print(action, type(e).__name__, e, isinstance(e, AttributeError))
print(replace(p, y=9), p)


# A frozen class with __post_init__ sets fields through object.__setattr__.
@dataclass(frozen=True)
class Derived:
    a: int
    b: int = field(init=False)

    def __post_init__(self):
        object.__setattr__(self, "b", self.a * 2)


print(Derived(4))


# A frozen subclass of a frozen dataclass.
@dataclass(frozen=True)
class Pt3(Pt):
    z: int = 0


q = Pt3(1, 2, 3)
print(q, hash(q) == hash((1, 2, 3)))
try:
    q.z = 1
except FrozenInstanceError as e:
    print("FrozenInstanceError", e)


# A plain subclass (not a dataclass) of a frozen one may add attributes.
class Loose(Pt):
    pass


lo = Loose(1)
lo.extra = 5
print(lo.extra)
try:
    lo.x = 3
except FrozenInstanceError as e:
    print("FrozenInstanceError", e)


# order=True: tuples of the compared fields, same class only.
@dataclass(order=True)
class Version:
    major: int
    minor: int = 0
    note: str = field(default="", compare=False)


vs = [Version(1, 2, "b"), Version(0, 9), Version(1, 0), Version(1, 2, "a")]
print(sorted(vs))
print(Version(1) < Version(2), Version(1, 1) <= Version(1, 1), Version(3) > Version(2, 9), Version(2) >= Version(2, 1))
print(Version(1, 2, "x") == Version(1, 2, "y"), max(vs), min(vs))
try:
    Version(1) < (1, 0)
except TypeError as e:
    print("TypeError", e)


@dataclass(order=True)
class SubVersion(Version):
    pass


try:
    Version(1) < SubVersion(2)
except TypeError as e:
    print("TypeError", e)

# The hash rules.


@dataclass
class EqOnly:
    a: int


@dataclass(eq=False)
class NoEq:
    a: int


@dataclass(unsafe_hash=True)
class Unsafe:
    a: int
    b: list = field(default_factory=list, hash=False)
    c: int = field(default=0, compare=False)


@dataclass(frozen=True, eq=False)
class FrozenNoEq:
    a: int


@dataclass
class OwnHash:
    a: int

    def __hash__(self):
        return 42


@dataclass(frozen=True)
class FrozenOwnHash:
    a: int

    def __hash__(self):
        return 43


print(EqOnly.__hash__ is None, NoEq.__hash__ is object.__hash__, hash(NoEq(1)) != 0 or True)
u = Unsafe(1, [1], 5)
print(hash(u) == hash((1, 5)), hash(u) == hash(Unsafe(1, [], 5)), hash(u) == hash((1,)))
print(FrozenNoEq.__hash__ is object.__hash__, hash(OwnHash(1)), hash(FrozenOwnHash(1)))


# hash=True on a field of a frozen class with compare=False.
@dataclass(frozen=True)
class HashedField:
    a: int
    b: int = field(compare=False, hash=True)


print(hash(HashedField(1, 2)) == hash((1, 2)), HashedField(1, 2) == HashedField(1, 3))


# eq=True, explicit __eq__ in the body keeps the class's own.
@dataclass
class OwnEq:
    a: int

    def __eq__(self, other):
        return "own"


print(OwnEq(1) == OwnEq(2), OwnEq.__hash__)


# slots=True
@dataclass(slots=True)
class Slotted:
    a: int
    b: str = "b"

    def both(self):
        return "%d%s" % (self.a, self.b)


sl = Slotted(1)
print(sl, sl.both(), Slotted.__slots__, sl == Slotted(1), fields(sl)[1].default)
try:
    sl.c = 3
except AttributeError as e:
    print("AttributeError")
print(hasattr(sl, "__dict__"))


@dataclass(slots=True, frozen=True)
class FrozenSlotted:
    a: int


fs = FrozenSlotted(3)
print(fs, hash(fs) == hash((3,)))
try:
    fs.a = 4
except FrozenInstanceError as e:
    print("FrozenInstanceError", e)


@dataclass(slots=True)
class SlotChild(Slotted):
    c: int = 0


print(SlotChild(1, "x", 2), SlotChild.__slots__)
try:

    @dataclass(slots=True)
    class HasSlots:
        __slots__ = ("a",)
        a: int

except TypeError as e:
    print("TypeError", e)

print(asdict(SlotChild(5)))
