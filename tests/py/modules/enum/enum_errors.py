# The errors enums raise, with CPython's messages.
from enum import Enum, IntEnum, StrEnum, Flag, auto


class Color(Enum):
    RED = 1
    GREEN = 2


def attempt(label, fn):
    try:
        print(label, repr(fn()))
    except Exception as e:
        # (A function's repr has its address: only the start is kept.)
        print(label, type(e).__name__, str(e).split(" at 0x")[0])


attempt("bad value", lambda: Color(5))
attempt("bad value str", lambda: Color("RED"))
attempt("bad value list", lambda: Color([1]))
attempt("bad name", lambda: Color["BLUE"])
attempt("bad name int", lambda: Color[1])
attempt("int in enum", lambda: 1 in Color)
attempt("str in enum", lambda: "RED" in Color)
attempt("member in other", lambda: Color.RED in IntEnum("Other", "A"))
attempt("no attribute", lambda: Color.BLUE)
attempt("member attribute", lambda: Color.RED.nope)
attempt("order", lambda: Color.RED < Color.GREEN)
attempt("add", lambda: Color.RED + 1)


def reassign():
    Color.RED = 5


def delete():
    del Color.GREEN


def set_other():
    Color.other = 5
    return Color.other


def set_name():
    Color.RED.name = "x"


attempt("reassign", reassign)
attempt("delete", delete)
attempt("other attribute", set_other)
attempt("still", lambda: (Color.RED, list(Color)))


def extend():
    class More(Color):
        BLUE = 3


def twice():
    class T(Enum):
        A = 1
        A = 2


def member_then_method():
    class T(Enum):
        A = 1

        def A(self):
            pass


def method_then_member():
    class T(Enum):
        def A(self):
            pass

        A = 1


def sunder():
    class T(Enum):
        _reserved_ = 1


def order_mismatch():
    class T(Enum):
        _order_ = "B A"
        A = 1
        B = 2


def str_enum_int():
    class T(StrEnum):
        A = 1


def late_generate():
    class T(Enum):
        A = auto()

        def _generate_next_value_(name, start, count, last_values):
            return 0


def bad_missing():
    class T(Enum):
        A = 1

        @classmethod
        def _missing_(cls, value):
            return 5

    return T(2)


def raising_missing():
    class T(Enum):
        A = 1

        @classmethod
        def _missing_(cls, value):
            raise KeyError("custom")

    return T(2)


def int_enum_str():
    class I(IntEnum):
        A = "x"


for fn in (
    extend,
    twice,
    member_then_method,
    sunder,
    order_mismatch,
    str_enum_int,
    late_generate,
    bad_missing,
    raising_missing,
    int_enum_str,
    method_then_member,
):
    attempt(fn.__name__, fn)
try:
    Color()
except TypeError as e:
    # capy names the method without its class ("__call__()").
    print("call without value", str(e).split("__call__() ")[1])
attempt("empty enum call", lambda: Enum(1))
