# Checks typing.NamedTuple class-syntax errors: non-default after default fields, overwriting prohibited attributes, bad bases, bad field names, functional-form errors.
from typing import NamedTuple


def attempt(label, fn):
    try:
        r = fn()
        print(label, "ok", r)
    except (TypeError, AttributeError, ValueError) as e:
        print(label, type(e).__name__ + ":", e)


def order_one():
    class Bad(NamedTuple):
        x: int = 1
        y: int


def order_two():
    class Bad(NamedTuple):
        x: int = 1
        y: int = 2
        z: int


def overwrite(attr):
    return lambda: _class_with(attr)


def _class_with(attr):
    if attr == "_asdict":
        class Bad(NamedTuple):
            x: int

            def _asdict(self):
                return {}
    elif attr == "__new__":
        class Bad(NamedTuple):
            x: int

            def __new__(cls):
                return None
    elif attr == "_fields":
        class Bad(NamedTuple):
            x: int
            _fields = ("q",)
    return Bad


def two_bases():
    class Bad(NamedTuple, dict):
        x: int


def underscore():
    class Bad(NamedTuple):
        _x: int


def missing_field():
    class Ok(NamedTuple):
        x: int
        y: int = 1
    return Ok(y=2)


def classvar_field():
    from typing import ClassVar

    class Bad(NamedTuple):
        x: ClassVar[int]


attempt("order_one", order_one)
attempt("order_two", order_two)
attempt("overwrite _asdict", overwrite("_asdict"))
attempt("overwrite __new__", overwrite("__new__"))
attempt("overwrite _fields", overwrite("_fields"))
attempt("two bases", two_bases)
attempt("underscore", underscore)
attempt("missing", missing_field)
attempt("classvar", classvar_field)
attempt("functional both", lambda: NamedTuple("X", [("a", int)], b=int))
attempt("functional dup", lambda: NamedTuple("X", [("a", int), ("a", str)]))
attempt("functional odd type", lambda: NamedTuple("X", [("a", 3)]).__annotations__)
attempt("functional tuple type", lambda: NamedTuple("X", [("a", (1, 2))]))
attempt("functional None", lambda: NamedTuple("X", [("a", None)]).__annotations__)
attempt("functional keyword", lambda: NamedTuple("X", [("def", int)]))
