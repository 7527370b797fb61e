# match statement: every kind of pattern (literal, capture, wildcard, or, as,
# sequence with star, mapping with **rest, class with __match_args__ and
# keywords, self-matching built-ins, collections.abc classes) and guards.
# gc-stress: every=7
from collections import deque, OrderedDict, defaultdict, namedtuple
from dataclasses import dataclass
import collections.abc

class Point:
    __match_args__ = ("x", "y")
    def __init__(self, x, y):
        self.x, self.y = x, y

@dataclass
class Circle:
    center: Point
    r: float

Pair = namedtuple("Pair", "a b")

def describe(v):
    match v:
        case None:
            return "none"
        case True:
            return "true"
        case 0 | 0.0:
            return "zero"
        case int(n) if n < 0:
            return f"negative int {n}"
        case int() | float() as num:
            return f"number {num}"
        case str() as s if len(s) > 3:
            return f"long str {s!r}"
        case str(s):
            return f"str {s}"
        case []:
            return "empty seq"
        case [x]:
            return f"one item {x}"
        case [1, 2, *rest]:
            return f"starts 1,2 rest={rest}"
        case [first, *_, last]:
            return f"first={first} last={last}"
        case {"type": "circle", "r": r, **others}:
            return f"circle r={r} others={others}"
        case {"x": x, "y": y}:
            return f"xy map {x},{y}"
        case {}:
            return "some mapping"
        case Point(x=0, y=0):
            return "origin"
        case Point(0, y):
            return f"on y axis at {y}"
        case Point(x, y) if x == y:
            return f"diagonal {x}"
        case Point(x, y):
            return f"point {x},{y}"
        case Circle(Point(x, y), r=r):
            return f"circle at {x},{y} r {r}"
        case Pair(a, b):
            return f"pair {a} {b}"
        case _:
            return f"other {type(v).__name__}"

values = [None, True, False, 0, 0.0, -3, 7, 2.5, "abcd", "ab", "", [], (), [9], (1, 2, 3, 4),
          [1, 2], [5, 6, 7], range(3), deque([1, 2, 3]), b"xy", bytearray(b"z"),
          {"type": "circle", "r": 2, "c": "red"}, {"x": 1, "y": 2, "z": 3}, {},
          OrderedDict(x=5, y=6), defaultdict(int), Point(0, 0), Point(0, 4), Point(3, 3),
          Point(1, 2), Circle(Point(1, 1), 5), Pair(1, 2), {1, 2}, object, 1j]
for v in values:
    print(type(v).__name__, "->", describe(v))

# bindings persist after the match; nested and guarded
match (1, (2, 3)):
    case (a, (b, c)) if a < b:
        print("nested", a, b, c)
print(a, b, c)

# defaultdict does not grow
d = defaultdict(list)
match d:
    case {"k": v}:
        print("found")
    case _:
        print("missing, len", len(d))

# class pattern over the self-matching built-ins
for v in [5, 5.5, "s", b"b", [1], (1,), {1: 2}, {3}, frozenset({4}), bytearray(b"q"), True]:
    match v:
        case bool(x): print("bool", x)
        case int(x): print("int", x)
        case float(x): print("float", x)
        case str(x): print("str", x)
        case bytes(x): print("bytes", x)
        case list(x): print("list", x)
        case tuple(x): print("tuple", x)
        case dict(x): print("dict", x)
        case set(x): print("set", x)
        case frozenset(x): print("frozenset", x)
        case bytearray(x): print("bytearray", x)

# user Sequence / Mapping through collections.abc
class MySeq(collections.abc.Sequence):
    def __getitem__(self, i):
        if i >= 2: raise IndexError
        return i * 10
    def __len__(self): return 2
class MyMap(collections.abc.Mapping):
    def __getitem__(self, k):
        if k == "a": return 1
        raise KeyError(k)
    def __iter__(self): return iter(["a"])
    def __len__(self): return 1
match MySeq():
    case [a, b]: print("myseq", a, b)
match MyMap():
    case {"a": 1, **rest}: print("mymap", rest)

# or-patterns binding the same names in different orders
for v in [(1, "x"), ("y", 2)]:
    match v:
        case (int(n), str(s)) | (str(s), int(n)):
            print("pair", n, s)

# match inside a function with locals, loop with break/continue
def f(items):
    out = []
    for it in items:
        match it:
            case "stop":
                break
            case "skip":
                continue
            case [k, v]:
                out.append((k, v))
            case other:
                out.append(other)
    return out
print(f([1, ["a", 2], "skip", 3, "stop", 4]))

# generator with match
def g(xs):
    for x in xs:
        match x:
            case int(): yield x * 2
            case _: yield None
print(list(g([1, "a", 3])))
