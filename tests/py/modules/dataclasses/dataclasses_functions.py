# field() options, fields(), asdict(), astuple(), replace(), make_dataclass.
from collections import namedtuple, OrderedDict
from dataclasses import (
    dataclass,
    field,
    fields,
    asdict,
    astuple,
    replace,
    make_dataclass,
    is_dataclass,
    Field,
    MISSING,
)


@dataclass
class Item:
    name: str
    price: float = field(default=1.0, repr=False)
    secret: str = field(default="s", compare=False)
    count: int = field(default=0, metadata={"unit": "pcs"})
    cache: dict = field(default_factory=dict, init=False, repr=False)


i = Item("a", 2.0, "x", 3)
print(i)
print(i == Item("a", 2.0, "y", 3), i == Item("a", 3.0, "x", 3))
print(i.cache, Item.__doc__)
for f in fields(i):
    print(f.name, f.type.__name__, f.init, f.repr, f.compare, f.hash, f.kw_only, dict(f.metadata))
print(isinstance(fields(Item)[0], Field))
print(fields(Item)[3].metadata["unit"], len(fields(Item)[0].metadata))
try:
    fields(Item)[3].metadata["unit"] = "kg"
except TypeError as e:
    print("TypeError", e)
print(fields(Item)[3].metadata, repr(fields(Item)[0].metadata), list(fields(Item)[3].metadata.items()))


@dataclass
class Inner:
    a: int
    b: list


@dataclass
class Outer:
    name: str
    inner: Inner
    items: list
    mapping: dict
    pair: tuple


Pt = namedtuple("Pt", "x y")
o = Outer("o", Inner(1, [1, 2]), [Inner(2, []), 3], {"k": Inner(3, [4])}, (Inner(4, []), Pt(1, Inner(5, []))))
d = asdict(o)
print(d)
print(type(d["pair"][1]).__name__, d["pair"][1].y)
print(astuple(o))
d["inner"]["b"].append(99)
print(o.inner.b)
print(asdict(Inner(1, [2]), dict_factory=OrderedDict))
print(astuple(Inner(1, [2]), tuple_factory=list))
od = OrderedDict([("z", Inner(0, [])), ("a", 1)])
r = asdict(Outer("d", Inner(0, []), [], od, ()))
print(type(r["mapping"]).__name__, list(r["mapping"].items()))

# asdict of fields from a list of dicts with dataclass keys is not needed;
# values that are not dataclasses are deep-copied.
shared = [1, [2]]
r = asdict(Inner(1, shared))
print(r["b"] == shared, r["b"] is shared, r["b"][1] is shared[1])

for fn in (asdict, astuple):
    for bad in (Inner, 3, [Inner(1, [])]):
        try:
            fn(bad)
        except TypeError as e:
            print(fn.__name__, "TypeError", e)

# replace


@dataclass
class Conf:
    host: str
    port: int = 80
    debug: bool = False
    derived: str = field(init=False, default="")

    def __post_init__(self):
        self.derived = "%s:%d" % (self.host, self.port)


c = Conf("h")
c2 = replace(c, port=8080)
print(c, c2, c is c2)
print(replace(c, host="x", debug=True))
try:
    replace(c, derived="no")
except ValueError as e:
    print("ValueError", e)
try:
    replace(c, nope=1)
except TypeError as e:
    print("TypeError", "nope" in str(e))
try:
    replace(Conf, port=1)
except TypeError as e:
    print("TypeError", e)

# make_dataclass
C = make_dataclass("C", ["a", ("b", int), ("c", list, field(default_factory=list))], namespace={"double": lambda self: self.b * 2})
x = C(1, 2)
print(x, x.double(), is_dataclass(C), C.__module__, C.__name__)
print([(f.name, f.type) for f in fields(C)])
D = make_dataclass("D", [("v", int, 0)], bases=(), frozen=True, order=True)
print(D(), D(1) < D(2), sorted([D(3), D(1)]))
for bad in ([("a", int), ("a", str)], [("1x", int)], [(1, 2, 3, 4)]):
    try:
        make_dataclass("E", bad)
    except TypeError as e:
        print("TypeError", e)

# field() errors
try:
    field(default=1, default_factory=list)
except ValueError as e:
    print("ValueError", e)
print(repr(field().default is MISSING))
