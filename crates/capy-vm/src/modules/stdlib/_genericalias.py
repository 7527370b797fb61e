"""list[int] and int | str for capy.

Frozen into the binary (modules/frozen.rs). The runtime imports it the
first time a built-in container type is subscripted (`list[int]`,
`dict[str, int]`, `tuple[int, ...]`) or two types are joined with `|`
(`int | None`): both are rare, so they are written in Python instead of
adding object kinds to the interpreter's hot paths.

GenericAlias keeps the origin and the arguments, prints as CPython does
and calls the origin; isinstance refuses it. UnionType keeps the distinct
members in order, prints them joined by " | " and answers isinstance and
issubclass by asking each member.
"""


def _repr(t):
    # A class prints by its (qualified) name, with its module unless that
    # is builtins; `...` and None by themselves; anything else by repr.
    if t is ...:
        return "..."
    if t is type(None):
        return "None"
    if isinstance(t, type) and not isinstance(t, (GenericAlias, UnionType)):
        module = getattr(t, "__module__", "builtins")
        name = getattr(t, "__qualname__", t.__name__)
        if module == "builtins":
            return name
        return module + "." + name
    return repr(t)


def _type_like(x):
    # What `|` accepts on either side: a class, None, or one of these.
    return x is None or isinstance(x, (type, GenericAlias, UnionType))


def _union(a, b):
    if not (_type_like(a) and _type_like(b)):
        return NotImplemented
    members = []
    for x in (a, b):
        items = x.__args__ if isinstance(x, UnionType) else (x,)
        for t in items:
            if t is None:
                t = type(None)
            if t not in members:
                members.append(t)
    if len(members) == 1:
        return members[0]
    return UnionType(tuple(members))


class GenericAlias:
    def __init__(self, origin, args):
        if not isinstance(args, tuple):
            args = (args,)
        self.__origin__ = origin
        self.__args__ = args
        self.__parameters__ = ()

    def __repr__(self):
        if not self.__args__:
            inner = "()"
        else:
            inner = ", ".join(_repr(a) for a in self.__args__)
        return _repr(self.__origin__) + "[" + inner + "]"

    def __call__(self, *args, **kwargs):
        return self.__origin__(*args, **kwargs)

    def __eq__(self, other):
        if not isinstance(other, GenericAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        return hash(self.__origin__) ^ hash(self.__args__)

    def __or__(self, other):
        return _union(self, other)

    def __ror__(self, other):
        return _union(other, self)

    def __mro_entries__(self, bases):
        return (self.__origin__,)

    def __instancecheck__(self, obj):
        raise TypeError("isinstance() argument 2 cannot be a parameterized generic")

    def __subclasscheck__(self, cls):
        raise TypeError("issubclass() argument 2 cannot be a parameterized generic")

    def __getattr__(self, name):
        # `list[int].append` is list's; dunders stay the alias's own.
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        return getattr(self.__origin__, name)


class UnionType:
    def __init__(self, args):
        self.__args__ = args

    def __repr__(self):
        return " | ".join(_repr(a) for a in self.__args__)

    def __eq__(self, other):
        if not isinstance(other, UnionType):
            return NotImplemented
        return set(self.__args__) == set(other.__args__)

    def __hash__(self):
        return hash(frozenset(self.__args__))

    def __or__(self, other):
        return _union(self, other)

    def __ror__(self, other):
        return _union(other, self)

    def __instancecheck__(self, obj):
        # Members are tried in order; a parameterized generic is refused
        # only when it is reached.
        for a in self.__args__:
            if isinstance(obj, a):
                return True
        return False

    def __subclasscheck__(self, cls):
        for a in self.__args__:
            if issubclass(cls, a):
                return True
        return False
