# __annotations__ on functions, classes and modules, evaluated at def time.
import sys

x: int = 3
y: "str"
print(__annotations__)
print(sys.modules[__name__].__annotations__ is __annotations__)


def ann(a: int, b: str = "x", *args: float, c: bool, d=1, **kw: dict) -> list:
    pass


print(ann.__annotations__)


def plain(a, b):
    pass


print(plain.__annotations__)
plain.__annotations__["a"] = 1
print(plain.__annotations__)

order = []


def note(v):
    order.append(v)
    return v


def ordered(p: note("p") = note("default"), *, q: note("q")) -> note("ret"):
    pass


print(order, ordered.__annotations__)


def outer():
    T = list

    def inner(v: T) -> T:
        # Local annotations are not evaluated.
        z: undefined_name = 1
        return z

    return inner


print(outer().__annotations__, outer()(0))
print((lambda a: a).__annotations__)


class A:
    x: int = 3
    y: str
    z = 5

    def m(self, v: "A") -> None:
        pass


print(A.__annotations__, A.x, hasattr(A, "y"))
print(A.m.__annotations__)


class B(A):
    w: float


print(B.__annotations__)


class Flow:
    if True:
        a: int
    for i in range(1):
        b: str = "s"


print(Flow.__annotations__)

try:

    def bad(a: missing_name):
        pass

except NameError as e:
    print("NameError", e)
