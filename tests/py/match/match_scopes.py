# match statement in every kind of scope (module, class body, function,
# closure, generator), with the subject evaluated once, captures into
# global/nonlocal names, enum value patterns and deep case lists.
import enum


class Color(enum.Enum):
    RED = 1
    GREEN = 2


calls = []


def subject():
    calls.append(1)
    return [1, 2, 3]


match subject():
    case [0, *_]:
        print("no")
    case [1, *mid, 3]:
        print("mid", mid)
print("subject evaluated", len(calls), "time(s)")


class Config:
    match {"debug": True, "level": 3}:
        case {"debug": bool(debug), "level": level}:
            pass
    doubled = level * 2


print("class body", Config.debug, Config.level, Config.doubled)


def outer():
    found = None

    def inner(v):
        nonlocal found
        match v:
            case {"id": found}:
                return True
        return False

    inner({"id": 42})
    return found


print("nonlocal capture", outer())


def set_global(v):
    global g
    match v:
        case (g, _):
            pass


set_global((7, 8))
print("global capture", g)


def color_name(c):
    match c:
        case Color.RED:
            return "red"
        case Color.GREEN:
            return "green"
        case -1 | 1 + 2j:
            return "odd literal"
        case _:
            return "unknown"


print([color_name(c) for c in (Color.RED, Color.GREEN, -1, 1 + 2j, 3)])


class Named:
    __match_args__ = ("a", "missing")

    def __init__(self):
        self.a = 1


match Named():
    case Named(1, x):
        print("matched", x)
    case Named(a):
        print("only a", a)

match "ab":
    case [a, b]:
        print("str is a sequence?!")
    case str():
        print("str is not a sequence pattern")


class K:
    x = "k"
    y = "k"


try:
    match {"k": 1}:
        case {K.x: 1, K.y: 2}:
            pass
except ValueError as e:
    print("ValueError", e)

# a long case list compiles without nesting limits
src = "def pick(v):\n    match v:\n"
for i in range(300):
    src += f"        case {i}:\n            return {i * 2}\n"
src += "        case _:\n            return -1\n"
ns = {}
exec(src, ns)
print(ns["pick"](0), ns["pick"](299), ns["pick"](300))


def walk(tree):
    match tree:
        case (left, right):
            yield from walk(left)
            yield from walk(right)
        case leaf:
            yield leaf


print(list(walk(((1, 2), (3, (4, 5))))))

# the match-bound names are ordinary locals afterwards
def after():
    match [1, [2, 3]]:
        case [p, [q, *r]]:
            pass
    return p, q, r


print(after())


# private names in a class body's patterns are mangled as everywhere else
class Holder:
    def __init__(self):
        self.__secret = 5

    def peek(self, other):
        match other:
            case Holder(_Holder__secret=s) if s > 0:
                pass
        match [s]:
            case [__seen]:
                return __seen, sorted(k for k in locals() if "seen" in k)


print(Holder().peek(Holder()))
