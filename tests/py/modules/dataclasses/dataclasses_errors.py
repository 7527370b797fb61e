# The errors @dataclass raises while making a class, and at run time.
from dataclasses import dataclass, field, FrozenInstanceError, InitVar, KW_ONLY
from typing import ClassVar


def attempt(label, make):
    try:
        make()
        print(label, "ok")
    except Exception as e:
        print(label, type(e).__name__, e)


def non_default_after_default():
    @dataclass
    class A:
        x: int = 0
        y: int


attempt("order of defaults", non_default_after_default)


def mutable_list():
    @dataclass
    class A:
        x: list = []


def mutable_dict():
    @dataclass
    class A:
        y: int = 0
        x: dict = {}


def mutable_set():
    @dataclass
    class A:
        x: set = set()


def mutable_field_default():
    @dataclass
    class A:
        x: list = field(default=[1])


attempt("list default", mutable_list)
attempt("dict default", mutable_dict)
attempt("set default", mutable_set)
attempt("field list default", mutable_field_default)


def unannotated_field():
    @dataclass
    class A:
        x = field(default=1)


attempt("no annotation", unannotated_field)


def order_without_eq():
    @dataclass(order=True, eq=False)
    class A:
        x: int


attempt("order without eq", order_without_eq)


def overwrite_lt():
    @dataclass(order=True)
    class A:
        x: int

        def __lt__(self, other):
            return True


attempt("own __lt__", overwrite_lt)


def overwrite_setattr():
    @dataclass(frozen=True)
    class A:
        x: int

        def __setattr__(self, name, value):
            pass


attempt("own __setattr__", overwrite_setattr)


def overwrite_hash():
    @dataclass(unsafe_hash=True)
    class A:
        x: int

        def __hash__(self):
            return 1


attempt("own __hash__", overwrite_hash)


def classvar_factory():
    @dataclass
    class A:
        x: ClassVar[list] = field(default_factory=list)


attempt("ClassVar factory", classvar_factory)


def initvar_factory():
    @dataclass
    class A:
        x: InitVar[list] = field(default_factory=list)


attempt("InitVar factory", initvar_factory)


def two_kw_only():
    @dataclass
    class A:
        a: int
        _: KW_ONLY
        b: int
        c: KW_ONLY


attempt("two KW_ONLY", two_kw_only)


def both_defaults():
    field(default=1, default_factory=int)


attempt("default and factory", both_defaults)


@dataclass(frozen=True)
class Frozen:
    a: int
    b: str = "b"


def frozen_from_plain():
    @dataclass
    class Plain:
        x: int

    @dataclass(frozen=True)
    class F(Plain):
        y: int


def plain_from_frozen():
    @dataclass
    class P(Frozen):
        y: int = 0


attempt("frozen from plain", frozen_from_plain)
attempt("plain from frozen", plain_from_frozen)

f = Frozen(1)


def assign():
    f.a = 2


def assign_new():
    f.c = 3


def delete():
    del f.b


attempt("assign", assign)
attempt("assign new", assign_new)
attempt("delete", delete)
print(f, issubclass(FrozenInstanceError, AttributeError))

# Calling __init__ wrongly. (capy names the function without its class,
# "__init__()" for "Two.__init__()": only the rest is compared.)


def attempt_call(label, make):
    try:
        make()
        print(label, "ok")
    except TypeError as e:
        print(label, "TypeError", str(e).split("__init__() ", 1)[1])


@dataclass
class Two:
    a: int
    b: int = 2
    _: KW_ONLY
    c: int = 3


attempt_call("missing argument", lambda: Two())
attempt_call("too many", lambda: Two(1, 2, 3))
attempt_call("unknown keyword", lambda: Two(1, d=4))
attempt_call("twice", lambda: Two(1, a=1))
attempt_call("fine", lambda: Two(1, c=5))


attempt_call("replace init=False", lambda: __import__("dataclasses").replace(Two(1), z=1))
