import typing
from typing import (Any, Callable, Dict, FrozenSet, Iterable, Iterator, List, Literal,
                    Mapping, Optional, Sequence, Set, Tuple, Type, TypeVar, Union,
                    ClassVar, Final, Annotated, get_args, get_origin)

print(List, Dict, Tuple, Callable, Any, Union, Optional, Iterable, typing.NoReturn)
print(List[int], Dict[str, List[int]], Set[bytes], FrozenSet[str], Type[int])
print(Tuple[int, str], Tuple[int, ...], Tuple[()], Tuple[None])
print(Callable[[int, str], bool], Callable[..., int], Callable[[], None])
print(Optional[int], Union[int, str], Union[int, None], Union[None, int], Union[int, str, None])
print(Union[int], Union[int, int], Union[int, Union[str, float]], Optional[Union[int, str]])
print(Sequence[int], Mapping[str, Any], Iterator[float], typing.Generator[int, None, None])
print(Literal[1, "a", None, True], Literal["x"], ClassVar[int], Final[str], Annotated[int, "meta", 3])
print(typing.Deque[int], typing.DefaultDict[str, int], typing.Counter[str], typing.OrderedDict[str, int])
print(List[Optional[Dict[str, Callable[[int], Any]]]])

# equality and hashing
print(List[int] == List[int], List[int] == List[str], Union[int, str] == Union[str, int])
print(Optional[int] == Union[int, None], hash(List[int]) == hash(List[int]))
print(Literal[1, 2] == Literal[2, 1], Literal[1] == Literal[True], len({Dict[str, int], Dict[str, int]}))
print(Union[int, str] == Union[int, str, int], List == List, List[int] != List)

# introspection
for tp in [List[int], Dict[str, int], Tuple[int, ...], Callable[[int], str], Callable[..., str],
           Optional[int], Union[int, str], Literal[1, 2], Annotated[int, "x"], List, int, ClassVar[int]]:
    print(repr(tp).ljust(35), get_origin(tp), get_args(tp))
print(List[int].__origin__, List[int].__args__, Union[int, str].__args__)

# type variables
T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")
N = TypeVar("N", int, float)
B = TypeVar("B", bound=Sequence[int])
Co = TypeVar("Co", covariant=True)
Contra = TypeVar("Contra", contravariant=True)
print(T, N, B, Co, Contra, T.__name__, N.__constraints__, B.__bound__, Co.__covariant__)
print(List[T], Dict[K, V], List[T].__parameters__, Dict[K, List[V]].__parameters__)
print(List[T][int], Dict[K, V][str, int], Dict[K, List[V]][str, float], Callable[[T], K][int, str])
print(Dict[str, V][bytes], Optional[T][int], Union[T, List[T]][str])
try:
    TypeVar("X", int)
except TypeError as e:
    print("TypeError:", e)
try:
    TypeVar("X", covariant=True, contravariant=True)
except ValueError as e:
    print("ValueError:", e)
try:
    List[int][str]
except TypeError as e:
    print("TypeError:", e)
try:
    Dict[str]
except TypeError as e:
    print("TypeError:", e)
try:
    Union[()]
except TypeError as e:
    print("TypeError:", e)
print(typing.AnyStr, typing.AnyStr.__constraints__, typing.Text is str)

# aliases as values, like in real programs
Vector = List[float]
Matrix = List[Vector]
def scale(scalar, vector):
    return [scalar * x for x in vector]
print(Vector, Matrix, scale(2.0, [1.0, 2.0]))
JSON = Union[str, int, float, bool, None, Dict[str, Any], List[Any]]
print(JSON)

# instantiating aliases
print(typing.Deque[int]([1, 2]), typing.DefaultDict[str, int](int, a=1), typing.Counter("aab"))
for tp in (List, List[int], Dict, Tuple[int]):
    try:
        tp()
    except TypeError as e:
        print("TypeError:", e)
for tp in (Any, Union, Optional):
    try:
        tp()
    except TypeError as e:
        print("TypeError")

# special forms combine with |
print(Optional[int] | str, List[int] | None, T | None)
