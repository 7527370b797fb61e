import typing
from typing import (TYPE_CHECKING, NamedTuple, NewType, TypedDict, cast, final, overload,
                    no_type_check, get_overloads, List, Any, assert_never)

print(TYPE_CHECKING)
if TYPE_CHECKING:
    import does_not_exist
print(cast(int, "not really"), cast(List[int], [1]), cast("str", 3))
print(typing.assert_type(5, int))

@overload
def double(x: int) -> int: ...
@overload
def double(x: str) -> str: ...
def double(x):
    return x * 2

print(double(2), double("ab"))
print(len(get_overloads(double)))

@overload
def only_overload(x):
    ...

try:
    only_overload(1)
except NotImplementedError as e:
    print("NotImplementedError:", e)
typing.clear_overloads()
print(get_overloads(double))

@final
class Leaf:
    pass

@final
def f():
    return "f"

print(Leaf.__final__, f(), f.__final__)

@no_type_check
def g(x: "whatever"):
    return x

print(g(1), g.__no_type_check__)

UserId = NewType("UserId", int)
uid = UserId(42)
print(uid, type(uid).__name__, UserId, UserId.__name__, UserId.__supertype__)
print(UserId(5) + 1)
try:
    class Sub(UserId):
        pass
except TypeError:
    print("TypeError: cannot subclass NewType")

Employee = NamedTuple("Employee", [("name", str), ("id", int)])
e = Employee("ann", 3)
print(e, e.name, e.id, e._fields, e._asdict(), Employee._make(["bo", 4]))
Point = NamedTuple("Point", x=int, y=int)
print(Point(1, 2), Point(x=3, y=4).y)

Movie = TypedDict("Movie", {"title": str, "year": int})
m = Movie(title="Blade Runner", year=1982)
print(m, type(m).__name__, m["year"], Movie.__total__, sorted(Movie.__required_keys__))
Opt = TypedDict("Opt", {"a": int}, total=False)
print(Opt(a=1), Opt.__total__, sorted(Opt.__optional_keys__), typing.is_typeddict(Movie), typing.is_typeddict(dict))

try:
    assert_never(3)
except AssertionError as e:
    print("AssertionError:", e)

def plain(a, b):
    return a

print(typing.get_type_hints(plain))

class Box:
    pass

print(typing.get_type_hints(Box))
print(typing.ForwardRef("Box"), typing.ForwardRef("x") == typing.ForwardRef("x"))
print(typing.List["Box"])
