# Checks class-syntax typing.TypedDict: total=, inheritance, Required/NotRequired, __annotations__/__total__/__required_keys__/__optional_keys__, instances are dicts, functional form, errors.
from typing import TypedDict, NotRequired, Required, List, is_typeddict


class Movie(TypedDict):
    name: str
    year: int


class Partial(TypedDict, total=False):
    a: int
    b: Required[str]


class Extended(Movie, total=False):
    rating: float
    cast: List[str]


class Mixed(TypedDict):
    must: int
    maybe: NotRequired[int]


def keys(k):
    return sorted(k)


m = Movie(name="Blade Runner", year=1982)
print(m, type(m) is dict, type(m).__name__)
print(Movie({"name": "x", "year": 1}), Movie([("name", "y")], year=2), Movie())
print(Movie.__name__, Movie.__module__, Movie.__total__, Partial.__total__, Extended.__total__)
print(keys(Movie.__annotations__), keys(Movie.__required_keys__), keys(Movie.__optional_keys__))
print(keys(Partial.__required_keys__), keys(Partial.__optional_keys__))
print(keys(Extended.__annotations__), keys(Extended.__required_keys__), keys(Extended.__optional_keys__))
print(keys(Mixed.__required_keys__), keys(Mixed.__optional_keys__))
print(Movie.__annotations__["year"] is int, type(Movie.__required_keys__).__name__)
print(issubclass(Movie, dict), is_typeddict(Movie), is_typeddict(Extended), is_typeddict(dict))
print(Extended.__mro__[1:] == (dict, object) or Extended.__mro__[-2:] == (dict, object))

Point = TypedDict("Point", {"x": int, "y": int})
print(Point(x=1, y=2), keys(Point.__annotations__), Point.__total__, keys(Point.__required_keys__))
Opt = TypedDict("Opt", {"x": int, "y": NotRequired[int]}, total=False)
print(Opt.__total__, keys(Opt.__required_keys__), keys(Opt.__optional_keys__))
print(Opt.__name__, Opt.__module__, Opt(x=1))


class FromFunctional(Point, total=False):
    z: int


print(keys(FromFunctional.__required_keys__), keys(FromFunctional.__optional_keys__))

try:
    isinstance(m, Movie)
except TypeError as e:
    print("TypeError:", e)
try:
    issubclass(dict, Movie)
except TypeError as e:
    print("TypeError:", e)
try:
    class Bad(Movie, dict):
        pass
except TypeError as e:
    print("TypeError:", e)
try:
    class Bad2(TypedDict):
        def method(self):
            return 1
    print("method allowed", Bad2.method(None))
except TypeError as e:
    print("TypeError:", e)
try:
    TypedDict("T", {"a": int}, b=str)
except TypeError as e:
    print("TypeError:", e)
try:
    TypedDict("T", {"a": (int, str)})
except TypeError as e:
    print("TypeError:", e)
try:
    from typing import Final

    class BadFinal(TypedDict):
        a: Final
except TypeError as e:
    print("TypeError:", e)
KW = TypedDict("KW", {"in": int, "x-y": str})
print(sorted(KW.__annotations__), KW(**{"in": 1}))
