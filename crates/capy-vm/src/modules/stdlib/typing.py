"""typing for capy: the names programs use at run time.

Frozen into the binary (modules/frozen.rs), compiled on first import.
What matters here is that the names exist, can be subscripted, printed,
compared and used as bases, as in CPython 3.11; class-syntax NamedTuple
and TypedDict read the class body's __annotations__, which capy keeps.

Covers: Any, NoReturn, Never, Self, LiteralString, TypeAlias, ClassVar,
Final, Union, Optional, Literal, Annotated, TypeGuard, Required,
NotRequired, Concatenate; the generic aliases List, Dict, Set, FrozenSet,
Tuple, Type, Callable, DefaultDict, OrderedDict, Counter, Deque, ChainMap,
Iterable, Iterator, Generator, Sequence, Mapping, ... (the collections.abc
ones have stand-in origins named like CPython's, since capy has no
collections.abc); TypeVar, ParamSpec, AnyStr, Text; Generic and Protocol
(user classes subscriptable, __parameters__, __orig_bases__, Protocol
classes not instantiable); cast, overload (get_overloads, clear_overloads),
final, no_type_check, runtime_checkable, NewType, NamedTuple and TypedDict
(class syntax, with defaults, methods, total=, Required/NotRequired and
TypedDict inheritance; and the functional forms), get_origin, get_args,
get_type_hints, is_typeddict, assert_never, assert_type, reveal_type,
TYPE_CHECKING; reprs as CPython prints them.

isinstance()/issubclass() against the bare aliases (`typing.Iterable`,
`typing.Dict`) ask the collections.abc class or built-in type they stand
for.

Not covered: generic NamedTuple/TypedDict classes (`class P(NamedTuple,
Generic[T])` is accepted, but the class is not subscriptable);
runtime_checkable protocols; TypeVarTuple/Unpack; the `X | Y` syntax on
built-in classes (capy's classes have no __or__); string forward
references (a TypedDict's string annotations become ForwardRef('x'),
without CPython's module='__main__'). Classes made by NamedTuple are
collections.namedtuple classes, so they share its capy differences
(hash, __doc__).
"""

import collections

TYPE_CHECKING = False


def _type_repr(obj):
    # How CPython shows a type argument inside brackets.
    if isinstance(obj, type):
        if obj.__module__ == "builtins":
            return obj.__qualname__
        return "%s.%s" % (obj.__module__, obj.__qualname__)
    if obj is ...:
        return "..."
    if type(obj) is type(_type_repr):
        return obj.__name__
    return repr(obj)


def _type_check(arg, msg):
    # None stands for its type; plain values that are not types are refused.
    if arg is None:
        return type(None)
    if isinstance(arg, str):
        return ForwardRef(arg)
    if isinstance(arg, (type, _Final, TypeVar, ParamSpec)) or callable(arg):
        return arg
    if arg is ...:
        return arg
    raise TypeError("%s Got %s." % (msg, repr(arg)[:100]))


def _collect_parameters(args):
    params = []
    for a in args:
        if isinstance(a, (TypeVar, ParamSpec)):
            if a not in params:
                params.append(a)
        elif isinstance(a, (list, tuple)):
            for p in _collect_parameters(a):
                if p not in params:
                    params.append(p)
        else:
            for p in getattr(a, "__parameters__", ()) if isinstance(a, _Final) else ():
                if p not in params:
                    params.append(p)
    return tuple(params)


def _substitute(arg, mapping):
    if isinstance(arg, (TypeVar, ParamSpec)):
        return mapping.get(arg, arg)
    if isinstance(arg, list):
        return [_substitute(a, mapping) for a in arg]
    if isinstance(arg, _GenericAlias) and arg.__parameters__:
        return arg[tuple(mapping.get(p, p) for p in arg.__parameters__)]
    return arg


class _Final:
    """Base of typing's own objects (aliases, special forms)."""

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]


class ForwardRef(_Final):
    def __init__(self, arg):
        if not isinstance(arg, str):
            raise TypeError("Forward reference must be a string -- got %r" % (arg,))
        self.__forward_arg__ = arg

    def __eq__(self, other):
        return isinstance(other, ForwardRef) and self.__forward_arg__ == other.__forward_arg__

    def __hash__(self):
        return hash(self.__forward_arg__)

    def __repr__(self):
        return "ForwardRef(%r)" % (self.__forward_arg__,)


class _SpecialForm(_Final):
    def __init__(self, name, getitem=None):
        self._name = name
        self._getitem = getitem

    def __repr__(self):
        return "typing." + self._name

    def __getitem__(self, params):
        if self._getitem is None:
            raise TypeError("%r is not subscriptable" % (self,))
        return self._getitem(self, params)

    def __call__(self, *args, **kwds):
        raise TypeError("Cannot instantiate %r" % (self,))

    def __mro_entries__(self, bases):
        raise TypeError("Cannot subclass %r" % (self,))

    def __eq__(self, other):
        return self is other

    def __hash__(self):
        return hash(self._name)


class _GenericAlias(_Final):
    """origin[args]: what subscripting a generic gives."""

    def __init__(self, origin, args, name=None, inst=True):
        if not isinstance(args, tuple):
            args = (args,)
        self.__origin__ = origin
        self.__args__ = args
        self.__parameters__ = _collect_parameters(args)
        self._name = name
        self._inst = inst

    def __instancecheck__(self, obj):
        raise TypeError("Subscripted generics cannot be used with class and instance checks")

    def __subclasscheck__(self, cls):
        raise TypeError("Subscripted generics cannot be used with class and instance checks")

    def _args_repr(self):
        if not self.__args__:
            return "()"
        return ", ".join(_type_repr(a) for a in self.__args__)

    def __repr__(self):
        if self._name:
            head = "typing." + self._name
        else:
            head = _type_repr(self.__origin__)
        return "%s[%s]" % (head, self._args_repr())

    def __eq__(self, other):
        if not isinstance(other, _GenericAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        return hash((self.__origin__, self.__args__))

    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        if not self.__parameters__:
            raise TypeError("%r is not a generic class" % (self,))
        if len(params) != len(self.__parameters__):
            raise TypeError(
                "Too %s arguments for %r; actual %d, expected %d"
                % (
                    "many" if len(params) > len(self.__parameters__) else "few",
                    self,
                    len(params),
                    len(self.__parameters__),
                )
            )
        mapping = dict(zip(self.__parameters__, params))
        new_args = tuple(_substitute(a, mapping) for a in self.__args__)
        return self._copy_with(new_args)

    def _copy_with(self, args):
        return _GenericAlias(self.__origin__, args, self._name, self._inst)

    def __call__(self, *args, **kwargs):
        if not self._inst:
            raise TypeError(
                "Type %s cannot be instantiated; use %s() instead"
                % (self._name, self.__origin__.__name__.lower())
            )
        result = self.__origin__(*args, **kwargs)
        try:
            result.__orig_class__ = self
        except Exception:
            pass
        return result

    def __mro_entries__(self, bases):
        # What stands for this alias among the bases of a class statement.
        origin = self.__origin__
        if isinstance(origin, _SpecialForm):
            raise TypeError("Cannot subclass %r" % (self,))
        if self._name:
            return _named_mro_entries(self, bases)
        if origin is Generic:
            # Left out when a later base already brings Generic in.
            if Protocol in bases:
                return ()
            for b in bases[bases.index(self) + 1 :]:
                if isinstance(b, _GenericAlias) and b is not self:
                    return ()
        return (origin,)

    def __getattr__(self, attr):
        if attr.startswith("__") and attr.endswith("__"):
            raise AttributeError(attr)
        return getattr(self.__origin__, attr)


def _named_mro_entries(alias, bases):
    # List[T] (or List) as a base: the built-in class, and Generic so the
    # class gets __parameters__, unless a later base is generic already.
    res = []
    if alias.__origin__ not in bases:
        res.append(alias.__origin__)
    for b in bases[bases.index(alias) + 1 :]:
        if isinstance(b, _GenericAlias) or (isinstance(b, type) and issubclass(b, Generic)):
            break
    else:
        res.append(Generic)
    return tuple(res)


class _SpecialGenericAlias(_GenericAlias):
    """A bare alias such as List: subscripting gives List[int]."""

    def __init__(self, origin, nparams, name, inst=True):
        self.__origin__ = origin
        self._nparams = nparams
        self._name = name
        self._inst = inst
        self.__parameters__ = ()

    def __repr__(self):
        return "typing." + self._name

    def __getattr__(self, attr):
        if attr == "__args__":
            raise AttributeError(attr)
        return _GenericAlias.__getattr__(self, attr)

    def __eq__(self, other):
        return self is other

    def __hash__(self):
        return hash(self._name)

    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        msg = "Parameters to generic types must be types."
        params = tuple(_type_check(p, msg) for p in params)
        if len(params) != self._nparams:
            raise TypeError(
                "Too %s arguments for %r; actual %d, expected %d"
                % (
                    "many" if len(params) > self._nparams else "few",
                    self,
                    len(params),
                    self._nparams,
                )
            )
        return _GenericAlias(self.__origin__, params, self._name, self._inst)

    # `isinstance(x, typing.Iterable)` asks the class it stands for.
    def __subclasscheck__(self, cls):
        if isinstance(cls, _SpecialGenericAlias):
            return issubclass(cls.__origin__, self.__origin__)
        return issubclass(cls, self.__origin__)

    def __instancecheck__(self, obj):
        return self.__subclasscheck__(type(obj))

    def __call__(self, *args, **kwargs):
        if not self._inst:
            raise TypeError(
                "Type %s cannot be instantiated; use %s() instead"
                % (self._name, self.__origin__.__name__.lower())
            )
        return self.__origin__(*args, **kwargs)

    def __mro_entries__(self, bases):
        return _named_mro_entries(self, bases)


class _TupleAlias(_SpecialGenericAlias):
    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        if params == ():
            return _GenericAlias(tuple, (), "Tuple", False)
        if len(params) == 2 and params[1] is ...:
            return _GenericAlias(tuple, (_type_check(params[0], ""), ...), "Tuple", False)
        msg = "Tuple[t0, t1, ...]: each t must be a type."
        return _GenericAlias(tuple, tuple(_type_check(p, msg) for p in params), "Tuple", False)


class _CallableGenericAlias(_GenericAlias):
    def _args_repr(self):
        args = self.__args__
        if len(args) == 2 and args[0] is ...:
            return "..., " + _type_repr(args[1])
        return "[%s], %s" % (", ".join(_type_repr(a) for a in args[:-1]), _type_repr(args[-1]))

    def _copy_with(self, args):
        return _CallableGenericAlias(self.__origin__, args, self._name, self._inst)


class _CallableAlias(_SpecialGenericAlias):
    def __getitem__(self, params):
        if not isinstance(params, tuple) or len(params) != 2:
            raise TypeError(
                "Callable must be used as Callable[[arg, ...], result]."
            )
        args, result = params
        if args is ...:
            flat = (..., _type_check(result, "Callable[args, result]: result must be a type."))
        elif isinstance(args, list):
            flat = tuple(_type_check(a, "Callable[[arg, ...], result]: each arg must be a type.") for a in args)
            flat = flat + (_type_check(result, "Callable[args, result]: result must be a type."),)
        elif isinstance(args, ParamSpec):
            flat = (args, result)
        else:
            raise TypeError(
                "Callable[args, result]: args must be a list. Got %r" % (args,)
            )
        return _CallableGenericAlias(self.__origin__, flat, "Callable", self._inst)


# ---- special forms


def _union_getitem(self, params):
    if params == ():
        raise TypeError("Cannot take a Union of no types.")
    if not isinstance(params, tuple):
        params = (params,)
    msg = "Union[arg, ...]: each arg must be a type."
    flat = []
    for p in params:
        p = _type_check(p, msg)
        if isinstance(p, _UnionGenericAlias):
            items = p.__args__
        else:
            items = (p,)
        for item in items:
            if item not in flat:
                flat.append(item)
    if len(flat) == 1:
        return flat[0]
    return _UnionGenericAlias(self, tuple(flat))


class _UnionGenericAlias(_GenericAlias):
    def __init__(self, origin, args):
        _GenericAlias.__init__(self, origin, args, "Union")

    def __repr__(self):
        args = self.__args__
        if len(args) == 2 and type(None) in args:
            other = args[1] if args[0] is type(None) else args[0]
            return "typing.Optional[%s]" % _type_repr(other)
        return _GenericAlias.__repr__(self)

    def _copy_with(self, args):
        return Union[args]

    def __eq__(self, other):
        if not isinstance(other, _UnionGenericAlias):
            return NotImplemented
        return set(self.__args__) == set(other.__args__)

    def __hash__(self):
        return hash(frozenset(self.__args__))

    def __call__(self, *args, **kwargs):
        raise TypeError("Cannot instantiate typing.Union")


def _optional_getitem(self, param):
    arg = _type_check(param, "Optional[t] requires a single type.")
    return Union[arg, type(None)]


class _LiteralGenericAlias(_GenericAlias):
    def _args_repr(self):
        return ", ".join(repr(a) for a in self.__args__)

    def __eq__(self, other):
        if not isinstance(other, _LiteralGenericAlias):
            return NotImplemented
        return set((a, type(a)) for a in self.__args__) == set(
            (a, type(a)) for a in other.__args__
        )

    def __hash__(self):
        return hash(frozenset((a, type(a)) for a in self.__args__))


def _literal_getitem(self, params):
    if not isinstance(params, tuple):
        params = (params,)
    flat = []
    for p in params:
        items = p.__args__ if isinstance(p, _LiteralGenericAlias) else (p,)
        for item in items:
            if not any(item == f and type(item) is type(f) for f in flat):
                flat.append(item)
    return _LiteralGenericAlias(self, tuple(flat), "Literal")


def _one_type_getitem(self, param):
    name = self._name
    item = _type_check(param, "%s accepts only single type." % name)
    return _GenericAlias(self, (item,), name)


def _concatenate_getitem(self, params):
    if not isinstance(params, tuple):
        params = (params,)
    return _GenericAlias(self, params, "Concatenate")


class _AnnotatedAlias(_GenericAlias):
    def __init__(self, origin, metadata):
        _GenericAlias.__init__(self, origin, (origin,), "Annotated")
        self.__metadata__ = metadata

    def __repr__(self):
        return "typing.Annotated[%s, %s]" % (
            _type_repr(self.__origin__),
            ", ".join(repr(m) for m in self.__metadata__),
        )

    def __eq__(self, other):
        if not isinstance(other, _AnnotatedAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__metadata__ == other.__metadata__

    def __hash__(self):
        return hash((self.__origin__, self.__metadata__))

    def __call__(self, *args, **kwargs):
        return self.__origin__(*args, **kwargs)


class Annotated:
    """Annotated[T, x, ...]: T with metadata (a class, as in CPython 3.11)."""

    __slots__ = ()

    def __new__(cls, *args, **kwargs):
        raise TypeError("Type Annotated cannot be instantiated.")

    def __class_getitem__(cls, params):
        if not isinstance(params, tuple) or len(params) < 2:
            raise TypeError(
                "Annotated[...] should be used with at least two arguments "
                "(a type and an annotation)."
            )
        origin = _type_check(params[0], "Annotated[t, ...]: t must be a type.")
        if isinstance(origin, _AnnotatedAlias):
            return _AnnotatedAlias(origin.__origin__, origin.__metadata__ + tuple(params[1:]))
        return _AnnotatedAlias(origin, tuple(params[1:]))


Any = _SpecialForm("Any")
NoReturn = _SpecialForm("NoReturn")
Never = _SpecialForm("Never")
Self = _SpecialForm("Self")
LiteralString = _SpecialForm("LiteralString")
TypeAlias = _SpecialForm("TypeAlias")
ClassVar = _SpecialForm("ClassVar", _one_type_getitem)
Final = _SpecialForm("Final", _one_type_getitem)
TypeGuard = _SpecialForm("TypeGuard", _one_type_getitem)
Required = _SpecialForm("Required", _one_type_getitem)
NotRequired = _SpecialForm("NotRequired", _one_type_getitem)
Union = _SpecialForm("Union", _union_getitem)
Optional = _SpecialForm("Optional", _optional_getitem)
Literal = _SpecialForm("Literal", _literal_getitem)
Concatenate = _SpecialForm("Concatenate", _concatenate_getitem)


# ---- type variables


class TypeVar(_Final):
    def __init__(self, name, *constraints, bound=None, covariant=False, contravariant=False):
        if covariant and contravariant:
            raise ValueError("Bivariant types are not supported.")
        if len(constraints) == 1:
            raise TypeError("A single constraint is not allowed")
        self.__name__ = name
        self.__covariant__ = bool(covariant)
        self.__contravariant__ = bool(contravariant)
        msg = "TypeVar(name, constraint, ...): constraints must be types."
        self.__constraints__ = tuple(_type_check(c, msg) for c in constraints)
        self.__bound__ = _type_check(bound, "Bound must be a type.") if bound is not None else None
        self.__module__ = "typing" if name == "AnyStr" else "__main__"

    def __repr__(self):
        if self.__covariant__:
            prefix = "+"
        elif self.__contravariant__:
            prefix = "-"
        else:
            prefix = "~"
        return prefix + self.__name__

    def __mro_entries__(self, bases):
        raise TypeError("Cannot subclass an instance of TypeVar")


class _ParamSpecPart:
    def __init__(self, origin, kind):
        self.__origin__ = origin
        self._kind = kind

    def __repr__(self):
        return "%s.%s" % (self.__origin__.__name__, self._kind)


class ParamSpec(_Final):
    def __init__(self, name, *, bound=None, covariant=False, contravariant=False):
        self.__name__ = name
        self.__bound__ = bound
        self.__covariant__ = bool(covariant)
        self.__contravariant__ = bool(contravariant)
        self.args = _ParamSpecPart(self, "args")
        self.kwargs = _ParamSpecPart(self, "kwargs")

    def __repr__(self):
        return "~" + self.__name__


AnyStr = TypeVar("AnyStr", bytes, str)
Text = str


# ---- Generic and Protocol


class Generic:
    """Base class for user generics: class Box(Generic[T]) makes Box[int]."""

    __slots__ = ()
    _is_protocol = False

    def __class_getitem__(cls, params):
        if not isinstance(params, tuple):
            params = (params,)
        if cls is Generic or cls is Protocol:
            if not params:
                raise TypeError(
                    "Parameter list to %s[...] cannot be empty" % cls.__qualname__
                )
            for p in params:
                if not isinstance(p, (TypeVar, ParamSpec)):
                    raise TypeError(
                        "Parameters to %s[...] must all be type variables "
                        "or parameter specification variables." % cls.__name__
                    )
            if len(set(params)) != len(params):
                raise TypeError("Parameters to %s[...] must all be unique" % cls.__name__)
            return _GenericAlias(cls, params)
        n = len(cls.__parameters__)
        if not n:
            raise TypeError("%r is not a generic class" % (cls,))
        if len(params) != n:
            raise TypeError(
                "Too %s arguments for %r; actual %d, expected %d"
                % ("many" if len(params) > n else "few", cls, len(params), n)
            )
        return _GenericAlias(cls, params)

    def __init_subclass__(cls, *args, **kwargs):
        _set_parameters(cls)


def _set_parameters(cls):
    # __parameters__ of a new subclass: the type variables of the generic
    # bases as written (__orig_bases__), in order, or exactly those of its
    # Generic[...] base if it has one.
    orig = vars(cls).get("__orig_bases__")
    if orig is None:
        # Plain subclass of a generic: no new parameters.
        cls.__parameters__ = ()
        return
    tvars = list(_collect_parameters(orig))
    declared = None
    for b in orig:
        if isinstance(b, _GenericAlias) and b.__origin__ in (Generic, Protocol):
            if declared is not None:
                raise TypeError("Cannot inherit from Generic[...] multiple times.")
            declared = list(b.__args__)
    if declared is not None:
        missing = [t for t in tvars if t not in declared]
        if missing:
            raise TypeError(
                "Some type variables (%s) are not listed in Generic[%s]"
                % (", ".join(str(t) for t in missing), ", ".join(str(t) for t in declared))
            )
        tvars = declared
    cls.__parameters__ = tuple(tvars)


Generic.__parameters__ = ()


def _no_protocol_new(orig):
    def __new__(cls, *args, **kwargs):
        if vars(cls).get("_is_protocol", False):
            raise TypeError("Protocols cannot be instantiated")
        if orig is object.__new__:
            return orig(cls)
        return orig(cls, *args, **kwargs)

    return staticmethod(__new__)


class Protocol(Generic):
    """Base class for structural types (checked by type checkers; capy
    only keeps them from being instantiated)."""

    __slots__ = ()
    _is_protocol = True
    _is_runtime_protocol = False

    def __init_subclass__(cls, *args, **kwargs):
        _set_parameters(cls)
        # A protocol is a class that lists Protocol among its bases as
        # written; its implementations (subclasses without Protocol) are not.
        orig = vars(cls).get("__orig_bases__", cls.__bases__)
        is_proto = False
        for b in orig:
            if b is Protocol or (isinstance(b, _GenericAlias) and b.__origin__ is Protocol):
                is_proto = True
        cls._is_protocol = is_proto
        if is_proto and "__new__" not in vars(cls):
            cls.__new__ = _no_protocol_new(object.__new__)


def runtime_checkable(cls):
    if not issubclass(cls, Generic) or not getattr(cls, "_is_protocol", False):
        raise TypeError(
            "@runtime_checkable can be only applied to protocol classes, got %r" % (cls,)
        )
    cls._is_runtime_protocol = True
    return cls


# ---- the aliases of built-in and abstract collection types


def _abc(name):
    # The collections.abc class the alias stands for, or a stand-in class
    # of that name for the few that capy lacks, so reprs and get_origin()
    # read as in CPython.
    import _collections_abc

    found = getattr(_collections_abc, name, None)
    if found is not None:
        return found
    return type(name, (), {"__module__": "collections.abc", "__qualname__": name})


Hashable = _SpecialGenericAlias(_abc("Hashable"), 0, "Hashable")
Awaitable = _SpecialGenericAlias(_abc("Awaitable"), 1, "Awaitable")
Coroutine = _SpecialGenericAlias(_abc("Coroutine"), 3, "Coroutine")
AsyncIterable = _SpecialGenericAlias(_abc("AsyncIterable"), 1, "AsyncIterable")
AsyncIterator = _SpecialGenericAlias(_abc("AsyncIterator"), 1, "AsyncIterator")
Iterable = _SpecialGenericAlias(_abc("Iterable"), 1, "Iterable")
Iterator = _SpecialGenericAlias(_abc("Iterator"), 1, "Iterator")
Reversible = _SpecialGenericAlias(_abc("Reversible"), 1, "Reversible")
Sized = _SpecialGenericAlias(_abc("Sized"), 0, "Sized")
Container = _SpecialGenericAlias(_abc("Container"), 1, "Container")
Collection = _SpecialGenericAlias(_abc("Collection"), 1, "Collection")
Callable = _CallableAlias(_abc("Callable"), 2, "Callable")
AbstractSet = _SpecialGenericAlias(_abc("Set"), 1, "AbstractSet")
MutableSet = _SpecialGenericAlias(_abc("MutableSet"), 1, "MutableSet")
Mapping = _SpecialGenericAlias(_abc("Mapping"), 2, "Mapping")
MutableMapping = _SpecialGenericAlias(_abc("MutableMapping"), 2, "MutableMapping")
Sequence = _SpecialGenericAlias(_abc("Sequence"), 1, "Sequence")
MutableSequence = _SpecialGenericAlias(_abc("MutableSequence"), 1, "MutableSequence")
ByteString = _SpecialGenericAlias(_abc("ByteString"), 0, "ByteString")
MappingView = _SpecialGenericAlias(_abc("MappingView"), 1, "MappingView")
KeysView = _SpecialGenericAlias(_abc("KeysView"), 1, "KeysView")
ItemsView = _SpecialGenericAlias(_abc("ItemsView"), 2, "ItemsView")
ValuesView = _SpecialGenericAlias(_abc("ValuesView"), 1, "ValuesView")
Generator = _SpecialGenericAlias(_abc("Generator"), 3, "Generator")
AsyncGenerator = _SpecialGenericAlias(_abc("AsyncGenerator"), 2, "AsyncGenerator")

Tuple = _TupleAlias(tuple, -1, "Tuple", inst=False)
List = _SpecialGenericAlias(list, 1, "List", inst=False)
Dict = _SpecialGenericAlias(dict, 2, "Dict", inst=False)
Set = _SpecialGenericAlias(set, 1, "Set", inst=False)
FrozenSet = _SpecialGenericAlias(frozenset, 1, "FrozenSet", inst=False)
Type = _SpecialGenericAlias(type, 1, "Type", inst=False)
Deque = _SpecialGenericAlias(collections.deque, 1, "Deque")
DefaultDict = _SpecialGenericAlias(collections.defaultdict, 2, "DefaultDict")
OrderedDict = _SpecialGenericAlias(collections.OrderedDict, 2, "OrderedDict")
Counter = _SpecialGenericAlias(collections.Counter, 1, "Counter")
ChainMap = _SpecialGenericAlias(collections.ChainMap, 2, "ChainMap")
ContextManager = _SpecialGenericAlias(_abc("AbstractContextManager"), 1, "ContextManager")
ContextManager.__origin__.__module__ = "contextlib"
AsyncContextManager = _SpecialGenericAlias(
    _abc("AbstractAsyncContextManager"), 1, "AsyncContextManager"
)
AsyncContextManager.__origin__.__module__ = "contextlib"


class SupportsInt(Protocol):
    pass


class SupportsFloat(Protocol):
    pass


class SupportsComplex(Protocol):
    pass


class SupportsBytes(Protocol):
    pass


class SupportsIndex(Protocol):
    pass


class SupportsAbs(Protocol):
    pass


class SupportsRound(Protocol):
    pass


# ---- functions


def cast(typ, val):
    return val


def assert_type(val, typ):
    return val


def reveal_type(obj):
    import sys

    sys.stderr.write("Runtime type is %r\n" % (type(obj).__name__,))
    return obj


def assert_never(arg):
    value = repr(arg)
    if len(value) > 100:
        value = value[:100] + "..."
    raise AssertionError("Expected code to be unreachable, but got: %s" % value)


_overload_registry = {}


def _overload_dummy(*args, **kwds):
    raise NotImplementedError(
        "You should not call an overloaded function. "
        "A series of @overload-decorated functions "
        "outside a stub module should always be followed "
        "by an implementation that is not @overload-ed."
    )


def overload(func):
    key = (getattr(func, "__module__", None), getattr(func, "__qualname__", None))
    _overload_registry.setdefault(key, []).append(func)
    return _overload_dummy


def get_overloads(func):
    key = (getattr(func, "__module__", None), getattr(func, "__qualname__", None))
    return list(_overload_registry.get(key, []))


def clear_overloads():
    _overload_registry.clear()


def final(f):
    try:
        f.__final__ = True
    except (AttributeError, TypeError):
        pass
    return f


def no_type_check(arg):
    try:
        arg.__no_type_check__ = True
    except (AttributeError, TypeError):
        pass
    return arg


def no_type_check_decorator(decorator):
    return decorator


def dataclass_transform(**kwargs):
    def decorator(cls_or_fn):
        cls_or_fn.__dataclass_transform__ = kwargs
        return cls_or_fn

    return decorator


class NewType:
    """NewType('UserId', int): a callable that returns its argument."""

    def __init__(self, name, tp):
        self.__qualname__ = name
        self.__name__ = name.rpartition(".")[2]
        self.__supertype__ = tp
        # CPython reads the caller's module from its frame; capy has no
        # frames to read, so the name is given under __main__.
        self.__module__ = "__main__"

    def __call__(self, x):
        return x

    def __repr__(self):
        return "%s.%s" % (self.__module__, self.__qualname__)

    def __mro_entries__(self, bases):
        raise TypeError(
            "Cannot subclass an instance of NewType. Perhaps you were looking for: "
            "`%s = NewType(%r, %s)`" % (self.__name__, self.__name__, self.__name__)
        )

    def __or__(self, other):
        return Union[self, other]


# NamedTuple and TypedDict are used two ways: called (the functional
# form) and as a base class (`class P(NamedTuple): x: int`). In CPython
# they are functions with a __mro_entries__ attribute; capy looks
# __mro_entries__ up on the type only, so here each is an instance of a
# small callable class whose __mro_entries__ swaps in a hidden base whose
# metaclass builds the real class.

# Names a NamedTuple class body may not define (collections.namedtuple
# makes them), and names of the body that are not copied onto the class.
_NT_PROHIBITED = frozenset({"__new__", "__init__", "__slots__", "__getnewargs__",
                            "_fields", "_field_defaults", "_make", "_replace",
                            "_asdict", "_source"})
_NT_SKIPPED = frozenset({"__module__", "__name__", "__annotations__", "__classcell__"})


def _field_type_check(arg, msg):
    # What CPython 3.11 accepts as a NamedTuple field or TypedDict key
    # type: anything but tuples and the qualifiers that only make sense on
    # class variables (its check no longer asks for a callable).
    if arg is None:
        return type(None)
    if isinstance(arg, str):
        return ForwardRef(arg)
    for plain in (ClassVar, Final, Generic, Protocol):
        if arg is plain:
            raise TypeError("Plain %s is not valid as type argument" % (arg,))
    if isinstance(arg, _GenericAlias) and (arg.__origin__ is ClassVar or arg.__origin__ is Final):
        raise TypeError("%s is not valid as type argument" % (arg,))
    if type(arg) is tuple:
        raise TypeError("%s Got %s." % (msg, repr(arg)[:100]))
    return arg


def _make_nmtuple(name, fields, module, defaults=()):
    names = [n for n, t in fields]
    types = {n: _field_type_check(t, "field %s annotation must be a type" % n) for n, t in fields}
    nt = collections.namedtuple(name, names, defaults=defaults, module=module)
    nt.__annotations__ = types
    return nt


class _NamedTupleMeta(type):
    def __new__(mcls, typename, bases, ns):
        for base in bases:
            if base is not _NamedTupleBase and base is not Generic:
                raise TypeError("can only inherit from a NamedTuple type and Generic")
        types = ns.get("__annotations__", {})
        with_default = []
        for field in types:
            if field in ns:
                with_default.append(field)
            elif with_default:
                raise TypeError(
                    "Non-default namedtuple field %s cannot follow default field%s %s"
                    % (field, "s" if len(with_default) > 1 else "", ", ".join(with_default))
                )
        nt = _make_nmtuple(typename, list(types.items()),
                           ns.get("__module__", "__main__"),
                           [ns[n] for n in with_default])
        # The rest of the body (methods, properties, class constants,
        # __doc__, __qualname__) goes onto the namedtuple class.
        for key, value in ns.items():
            if key in _NT_PROHIBITED:
                raise AttributeError("Cannot overwrite NamedTuple attribute " + key)
            if key in _NT_SKIPPED or key in nt._fields:
                continue
            if key == "__doc__" and value is None:
                continue
            setattr(nt, key, value)
        return nt


_NamedTupleBase = type.__new__(_NamedTupleMeta, "NamedTuple", (), {"__module__": "typing"})


class _NamedTupleFactory:
    __name__ = __qualname__ = "NamedTuple"
    __module__ = "typing"

    def __call__(self, typename, fields=None, /, **kwargs):
        """The functional form: NamedTuple('P', [('x', int), ('y', int)])."""
        if fields is None:
            fields = list(kwargs.items())
        elif kwargs:
            raise TypeError(
                "Either list of fields or keywords can be provided to NamedTuple, not both"
            )
        # CPython reads the caller's module from its frame; capy has none.
        return _make_nmtuple(typename, list(fields), "__main__")

    def __mro_entries__(self, bases):
        return (_NamedTupleBase,)

    def __repr__(self):
        return "<function NamedTuple at 0x%x>" % id(self)


NamedTuple = _NamedTupleFactory()


class _TypedDictMeta(type):
    def __new__(cls, name, bases, ns, total=True):
        for base in bases:
            if type(base) is not _TypedDictMeta and base is not Generic:
                raise TypeError(
                    "cannot inherit from both a TypedDict type and a non-TypedDict base class"
                )
        # The class itself is a plain dict subclass: TypedDict bases only
        # contribute their keys.
        tp = type.__new__(_TypedDictMeta, name, (dict,), ns)
        own = {
            k: _field_type_check(v, "TypedDict('Name', {f0: t0, f1: t1, ...}); each t must be a type")
            for k, v in ns.get("__annotations__", {}).items()
        }
        annotations = {}
        required = set()
        optional = set()
        for base in bases:
            d = vars(base)
            annotations.update(d.get("__annotations__", {}))
            required.update(d.get("__required_keys__", ()))
            optional.update(d.get("__optional_keys__", ()))
        annotations.update(own)
        for key, tp_ in own.items():
            origin = get_origin(tp_)
            if origin is Annotated:
                origin = get_origin(tp_.__origin__)
            if origin is Required:
                is_required = True
            elif origin is NotRequired:
                is_required = False
            else:
                is_required = total
            if is_required:
                required.add(key)
                optional.discard(key)
            else:
                optional.add(key)
                required.discard(key)
        tp.__annotations__ = annotations
        tp.__required_keys__ = frozenset(required)
        tp.__optional_keys__ = frozenset(optional)
        if "__total__" not in vars(tp):
            tp.__total__ = total
        return tp

    def __call__(cls, *args, **kwargs):
        # Instances of a TypedDict are plain dicts.
        return dict(*args, **kwargs)

    def __subclasscheck__(cls, other):
        raise TypeError("TypedDict does not support instance and class checks")

    __instancecheck__ = __subclasscheck__


_TypedDictBase = type.__new__(_TypedDictMeta, "TypedDict", (), {"__module__": "typing"})


class _TypedDictFactory:
    __name__ = __qualname__ = "TypedDict"
    __module__ = "typing"

    def __call__(self, typename, fields=None, /, *, total=True, **kwargs):
        """The functional form: TypedDict('Movie', {'name': str}); calling
        the result makes a plain dict."""
        if fields is None:
            fields = kwargs
        elif kwargs:
            raise TypeError("TypedDict takes either a dict or keyword arguments, but not both")
        ns = {"__annotations__": dict(fields), "__module__": "__main__"}
        return _TypedDictMeta(typename, (), ns, total=total)

    def __mro_entries__(self, bases):
        return (_TypedDictBase,)

    def __repr__(self):
        return "<function TypedDict at 0x%x>" % id(self)


TypedDict = _TypedDictFactory()


def get_origin(tp):
    if isinstance(tp, _AnnotatedAlias):
        return Annotated
    if isinstance(tp, _GenericAlias):
        return tp.__origin__
    if tp is Generic:
        return Generic
    return None


def get_args(tp):
    if isinstance(tp, _AnnotatedAlias):
        return (tp.__origin__,) + tp.__metadata__
    if isinstance(tp, _SpecialGenericAlias):
        return ()
    if isinstance(tp, _GenericAlias):
        res = tp.__args__
        if isinstance(tp, _CallableGenericAlias) and not (len(res) == 2 and res[0] is ...):
            res = (list(res[:-1]), res[-1])
        return res
    return ()


def get_type_hints(obj, globalns=None, localns=None, include_extras=False):
    """The annotations capy kept (none for functions and classes written in
    Python: capy does not evaluate annotations)."""
    hints = {}
    if isinstance(obj, type):
        for base in reversed(obj.__mro__):
            hints.update(vars(base).get("__annotations__", {}))
    else:
        hints.update(getattr(obj, "__annotations__", None) or {})
    return {k: (type(None) if v is None else v) for k, v in hints.items()}


def is_typeddict(tp):
    return isinstance(tp, _TypedDictMeta)
