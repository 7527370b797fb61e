"""dataclasses for capy: classes whose methods are made from their fields.

Frozen into the binary (modules/frozen.rs), compiled on first import.

Covers: @dataclass with and without arguments (init, repr, eq, order,
unsafe_hash, frozen, match_args, kw_only, slots), field() (default,
default_factory, init, repr, hash, compare, metadata, kw_only), Field,
fields, asdict, astuple, replace, is_dataclass, make_dataclass,
FrozenInstanceError, InitVar, __post_init__, KW_ONLY, MISSING; fields
merged from dataclass bases in MRO order; ClassVar annotations skipped
(also written as strings under `from __future__ import annotations`);
the TypeErrors and ValueErrors CPython 3.11 raises for a non-default
field after a default one, a mutable default, a field without an
annotation, order without eq, a method the decorator would overwrite,
and frozen/non-frozen inheritance; the generated __doc__ ("C(x: int,
y: str = 'a')").

How it works: __init__ is written as source text and run with exec()
(defaults and factories are reached through the globals it runs in, so
no value is ever turned into text); the other methods are closures over
the field names, which is all they need.

Not covered: weakref_slot (capy has no weak references), pickling
support for slotted frozen classes (__getstate__/__setstate__).
Field.metadata is a _mappingproxy.MappingProxy (capy has no
types.MappingProxyType), which prints as CPython's mappingproxy.
asdict() rebuilds a defaultdict with its factory (CPython 3.11 fails on
one; 3.12 does this).
"""

import sys

from _mappingproxy import MappingProxy

__all__ = [
    "dataclass",
    "field",
    "Field",
    "FrozenInstanceError",
    "InitVar",
    "KW_ONLY",
    "MISSING",
    "fields",
    "asdict",
    "astuple",
    "make_dataclass",
    "replace",
    "is_dataclass",
]


class FrozenInstanceError(AttributeError):
    pass


class _MISSING_TYPE:
    """The sentinel for "no default given" (None is a valid default)."""


MISSING = _MISSING_TYPE()


class _HAS_DEFAULT_FACTORY_CLASS:
    def __repr__(self):
        return "<factory>"


# The default an __init__ parameter gets when its field has a factory:
# the body then calls the factory (the default is shown as <factory>).
_HAS_DEFAULT_FACTORY = _HAS_DEFAULT_FACTORY_CLASS()


class _KW_ONLY_TYPE:
    """The type of KW_ONLY: `_: KW_ONLY` makes the later fields keyword-only."""


KW_ONLY = _KW_ONLY_TYPE()


class InitVar:
    """`x: InitVar[int]`: an __init__ parameter passed to __post_init__,
    not stored as a field."""

    __slots__ = ("type",)

    def __init__(self, type):
        self.type = type

    def __repr__(self):
        t = self.type
        name = t.__name__ if isinstance(t, type) else repr(t)
        return "dataclasses.InitVar[%s]" % name

    def __class_getitem__(cls, type):
        return InitVar(type)


# What a Field is: a real field, a class variable or an init-only variable.
_FIELD = "_FIELD"
_FIELD_CLASSVAR = "_FIELD_CLASSVAR"
_FIELD_INITVAR = "_FIELD_INITVAR"


# Fields without metadata share one empty view.
_EMPTY_METADATA = MappingProxy({})


def _metadata_view(metadata):
    if metadata is None or len(metadata) == 0:
        return _EMPTY_METADATA
    return MappingProxy(metadata)


class Field:
    __slots__ = (
        "name",
        "type",
        "default",
        "default_factory",
        "repr",
        "hash",
        "init",
        "compare",
        "metadata",
        "kw_only",
        "_field_type",
    )

    def __init__(self, default, default_factory, init, repr, hash, compare, metadata, kw_only):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = _metadata_view(metadata)
        self.kw_only = kw_only
        self._field_type = None

    def __repr__(self):
        return (
            "Field(name=%r,type=%r,default=%r,default_factory=%r,init=%r,"
            "repr=%r,hash=%r,compare=%r,metadata=%r,kw_only=%r,_field_type=%s)"
            % (
                self.name,
                self.type,
                self.default,
                self.default_factory,
                self.init,
                self.repr,
                self.hash,
                self.compare,
                self.metadata,
                self.kw_only,
                self._field_type,
            )
        )

    def __set_name__(self, owner, name):
        # A default that is itself a descriptor learns its name too.
        hook = getattr(type(self.default), "__set_name__", None)
        if hook is not None:
            hook(self.default, owner, name)


def field(
    *,
    default=MISSING,
    default_factory=MISSING,
    init=True,
    repr=True,
    hash=None,
    compare=True,
    metadata=None,
    kw_only=MISSING,
):
    """Describes one field beyond its default: how it is initialised,
    shown, compared and hashed."""
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return Field(default, default_factory, init, repr, hash, compare, metadata, kw_only)


class _DataclassParams:
    __slots__ = ("init", "repr", "eq", "order", "unsafe_hash", "frozen")

    def __init__(self, init, repr, eq, order, unsafe_hash, frozen):
        self.init = init
        self.repr = repr
        self.eq = eq
        self.order = order
        self.unsafe_hash = unsafe_hash
        self.frozen = frozen

    def __repr__(self):
        return "_DataclassParams(init=%r,repr=%r,eq=%r,order=%r,unsafe_hash=%r,frozen=%r)" % (
            self.init,
            self.repr,
            self.eq,
            self.order,
            self.unsafe_hash,
            self.frozen,
        )


# ---- reading the annotations


def _typing_classvar():
    typing = sys.modules.get("typing")
    return getattr(typing, "ClassVar", None) if typing is not None else None


def _string_names(annotation, *names):
    # An annotation kept as text (`from __future__ import annotations`):
    # "ClassVar[int]", "typing.ClassVar", "dataclasses.InitVar[str]".
    head = annotation.split("[", 1)[0].strip()
    return head.rsplit(".", 1)[-1] in names


def _is_classvar(annotation):
    if isinstance(annotation, str):
        return _string_names(annotation, "ClassVar")
    cv = _typing_classvar()
    if cv is None:
        return False
    return annotation is cv or getattr(annotation, "__origin__", None) is cv


def _is_initvar(annotation):
    if isinstance(annotation, str):
        return _string_names(annotation, "InitVar")
    return annotation is InitVar or isinstance(annotation, InitVar)


def _is_kw_only(annotation):
    if isinstance(annotation, str):
        return _string_names(annotation, "KW_ONLY")
    return annotation is KW_ONLY


def _make_field(cls, name, annotation, kw_only):
    default = getattr(cls, name, MISSING)
    if isinstance(default, Field):
        f = default
    else:
        f = field(default=default)
    f.name = name
    f.type = annotation
    f._field_type = _FIELD
    if _is_classvar(annotation):
        f._field_type = _FIELD_CLASSVAR
    elif _is_initvar(annotation):
        f._field_type = _FIELD_INITVAR

    if f._field_type is not _FIELD:
        if f.default_factory is not MISSING:
            raise TypeError("field %s cannot have a default factory" % name)
        # kw_only means nothing for class variables; for init-only ones it
        # is taken from the class like a field's.
        if f._field_type is _FIELD_CLASSVAR:
            f.kw_only = MISSING
    if f._field_type is not _FIELD_CLASSVAR:
        if f.kw_only is MISSING:
            f.kw_only = kw_only
    if f._field_type is _FIELD and f.default is not MISSING:
        # Unhashable defaults (list, dict, set, ...) would be shared by
        # every instance: CPython refuses them.
        if type(f.default).__hash__ is None:
            raise ValueError(
                "mutable default %r for field %s is not allowed: use default_factory"
                % (type(f.default), name)
            )
    return f


def _own_fields(cls, kw_only):
    """The fields the class body declares, in annotation order."""
    annotations = cls.__dict__.get("__annotations__", {})
    found = []
    seen_kw_only = False
    for name, annotation in annotations.items():
        if _is_kw_only(annotation):
            if seen_kw_only:
                raise TypeError("%r is KW_ONLY, but KW_ONLY has already been specified" % name)
            seen_kw_only = True
            kw_only = True
            continue
        found.append(_make_field(cls, name, annotation, kw_only))
    for name, value in cls.__dict__.items():
        if isinstance(value, Field) and name not in annotations:
            raise TypeError("%r is a field but has no type annotation" % name)
    return found


# ---- the generated methods


def _set_qualname(cls, fn):
    fn.__qualname__ = "%s.%s" % (cls.__qualname__, fn.__name__)
    return fn


def _set_new_attribute(cls, name, value):
    # True when the class already defines it (the decorator then leaves it).
    if name in cls.__dict__:
        return True
    if callable(value) and hasattr(value, "__qualname__"):
        _set_qualname(cls, value)
    setattr(cls, name, value)
    return False


def _init_params(all_fields):
    # The fields __init__ takes: positional ones first, then keyword-only.
    taken = [f for f in all_fields if f.init and f._field_type is not _FIELD_CLASSVAR]
    return [f for f in taken if not f.kw_only], [f for f in taken if f.kw_only]


def _init_fn(cls, all_fields, frozen, has_post_init):
    std, kw = _init_params(all_fields)
    seen_default = False
    for f in std:
        if f.default is MISSING and f.default_factory is MISSING:
            if seen_default:
                raise TypeError("non-default argument %r follows default argument" % f.name)
        else:
            seen_default = True

    names = set(f.name for f in all_fields)
    self_name = "__dataclass_self__" if "self" in names else "self"
    env = {
        "__dataclass_MISSING__": MISSING,
        "__dataclass_HAS_DEFAULT_FACTORY__": _HAS_DEFAULT_FACTORY,
        "__dataclass_object__": object,
    }

    def param(f):
        if f.default_factory is not MISSING:
            return "%s=__dataclass_HAS_DEFAULT_FACTORY__" % f.name
        if f.default is not MISSING:
            env["__dataclass_dflt_%s__" % f.name] = f.default
            return "%s=__dataclass_dflt_%s__" % (f.name, f.name)
        return f.name

    params = [self_name] + [param(f) for f in std]
    if kw:
        params.append("*")
        params.extend(param(f) for f in kw)

    def assign(name, expr):
        if frozen:
            return "__dataclass_object__.__setattr__(%s, %r, %s)" % (self_name, name, expr)
        return "%s.%s = %s" % (self_name, name, expr)

    body = []
    for f in all_fields:
        if f._field_type is not _FIELD:
            continue
        if f.default_factory is not MISSING:
            factory = "__dataclass_factory_%s__" % f.name
            env[factory] = f.default_factory
            if f.init:
                value = "%s() if %s is __dataclass_HAS_DEFAULT_FACTORY__ else %s" % (
                    factory,
                    f.name,
                    f.name,
                )
            else:
                value = "%s()" % factory
        elif f.init:
            value = f.name
        else:
            # init=False with a plain default: the class attribute serves.
            continue
        body.append(assign(f.name, value))
    if has_post_init:
        initvars = [f.name for f in all_fields if f._field_type is _FIELD_INITVAR]
        body.append("%s.__post_init__(%s)" % (self_name, ", ".join(initvars)))
    if not body:
        body.append("pass")
    src = "def __init__(%s):\n    %s\n" % (", ".join(params), "\n    ".join(body))
    local = {}
    exec(src, env, local)
    fn = local["__init__"]
    ann = {}
    for f in std + kw:
        ann[f.name] = f.type
    ann["return"] = None
    fn.__annotations__ = ann
    return fn


# Objects whose repr is being computed, so that a dataclass containing
# itself prints "..." instead of recursing without end.
_repr_running = set()


def _repr_fn(shown):
    def __repr__(self):
        key = id(self)
        if key in _repr_running:
            return "..."
        _repr_running.add(key)
        try:
            parts = ["%s=%r" % (name, getattr(self, name)) for name in shown]
        finally:
            _repr_running.discard(key)
        return "%s(%s)" % (self.__class__.__qualname__, ", ".join(parts))

    return __repr__


def _tuple_of(self, names):
    return tuple(getattr(self, name) for name in names)


def _eq_fn(names):
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return _tuple_of(self, names) == _tuple_of(other, names)
        return NotImplemented

    return __eq__


def _order_fns(names):
    # Compared as tuples of the compared fields, only between instances of
    # the very same class (a subclass gets NotImplemented).
    def __lt__(self, other):
        if other.__class__ is self.__class__:
            return _tuple_of(self, names) < _tuple_of(other, names)
        return NotImplemented

    def __le__(self, other):
        if other.__class__ is self.__class__:
            return _tuple_of(self, names) <= _tuple_of(other, names)
        return NotImplemented

    def __gt__(self, other):
        if other.__class__ is self.__class__:
            return _tuple_of(self, names) > _tuple_of(other, names)
        return NotImplemented

    def __ge__(self, other):
        if other.__class__ is self.__class__:
            return _tuple_of(self, names) >= _tuple_of(other, names)
        return NotImplemented

    return [("__lt__", __lt__), ("__le__", __le__), ("__gt__", __gt__), ("__ge__", __ge__)]


def _hash_fn(names):
    def __hash__(self):
        return hash(_tuple_of(self, names))

    return __hash__


def _frozen_fns(cls, names):
    names = frozenset(names)

    def __setattr__(self, name, value):
        if type(self) is cls or name in names:
            raise FrozenInstanceError("cannot assign to field %r" % name)
        super(cls, self).__setattr__(name, value)

    def __delattr__(self, name):
        if type(self) is cls or name in names:
            raise FrozenInstanceError("cannot delete field %r" % name)
        super(cls, self).__delattr__(name)

    return [("__setattr__", __setattr__), ("__delattr__", __delattr__)]


def _annotation_text(annotation):
    # How inspect.signature shows an annotation.
    if isinstance(annotation, type) and not hasattr(annotation, "__origin__"):
        if annotation.__module__ == "builtins":
            return annotation.__qualname__
        return "%s.%s" % (annotation.__module__, annotation.__qualname__)
    return repr(annotation).replace("typing.", "")


def _doc_text(cls, all_fields):
    params = []
    kw_started = False
    std, kw = _init_params(all_fields)
    for f in std + kw:
        if f.kw_only and not kw_started:
            params.append("*")
            kw_started = True
        text = "%s: %s" % (f.name, _annotation_text(f.type))
        if f.default_factory is not MISSING:
            text += " = <factory>"
        elif f.default is not MISSING:
            text += " = %r" % (f.default,)
        params.append(text)
    return "%s(%s)" % (cls.__name__, ", ".join(params))


# The (unsafe_hash, eq, frozen, has_explicit_hash) cases: what __hash__
# becomes. "add" writes one from the fields, "none" sets it to None,
# "error" refuses, None leaves the class alone.
def _hash_action(unsafe_hash, eq, frozen, explicit):
    if unsafe_hash:
        return "error" if explicit else "add"
    if not eq or explicit:
        return None
    return "add" if frozen else "none"


def _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only, slots):
    all_fields = {}
    any_frozen_base = False
    has_dataclass_bases = False
    for base in cls.__mro__[-1:0:-1]:
        base_fields = base.__dict__.get("__dataclass_fields__")
        if base_fields is not None:
            has_dataclass_bases = True
            for f in base_fields.values():
                all_fields[f.name] = f
            if base.__dict__["__dataclass_params__"].frozen:
                any_frozen_base = True

    for f in _own_fields(cls, kw_only):
        all_fields[f.name] = f
        # The class attribute is the default; a Field object standing in
        # the class body is replaced by it (or removed when there is none).
        if isinstance(cls.__dict__.get(f.name), Field):
            if f.default is MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)

    if has_dataclass_bases:
        if any_frozen_base and not frozen:
            raise TypeError("cannot inherit non-frozen dataclass from a frozen one")
        if not any_frozen_base and frozen:
            raise TypeError("cannot inherit frozen dataclass from a non-frozen one")

    cls.__dataclass_fields__ = all_fields
    cls.__dataclass_params__ = _DataclassParams(init, repr, eq, order, unsafe_hash, frozen)

    own_hash = cls.__dict__.get("__hash__", MISSING)
    explicit_hash = not (own_hash is MISSING or (own_hash is None and "__eq__" in cls.__dict__))

    if order and not eq:
        raise ValueError("eq must be true if order is true")

    flist = list(all_fields.values())
    stored = [f for f in flist if f._field_type is _FIELD]

    if init:
        has_post_init = hasattr(cls, "__post_init__")
        _set_new_attribute(cls, "__init__", _init_fn(cls, flist, frozen, has_post_init))
    if repr:
        _set_new_attribute(cls, "__repr__", _repr_fn([f.name for f in stored if f.repr]))
    compared = [f.name for f in stored if f.compare]
    if eq:
        _set_new_attribute(cls, "__eq__", _eq_fn(compared))
    if order:
        for name, fn in _order_fns(compared):
            if _set_new_attribute(cls, name, fn):
                raise TypeError(
                    "Cannot overwrite attribute %s in class %s. "
                    "Consider using functools.total_ordering" % (name, cls.__name__)
                )
    if frozen:
        for name, fn in _frozen_fns(cls, [f.name for f in stored]):
            if _set_new_attribute(cls, name, fn):
                raise TypeError(
                    "Cannot overwrite attribute %s in class %s" % (name, cls.__name__)
                )

    action = _hash_action(unsafe_hash, eq, frozen, explicit_hash)
    if action == "add":
        hashed = [f.name for f in stored if (f.compare if f.hash is None else f.hash)]
        cls.__hash__ = _set_qualname(cls, _hash_fn(hashed))
    elif action == "none":
        cls.__hash__ = None
    elif action == "error":
        raise TypeError("Cannot overwrite attribute __hash__ in class %s" % cls.__name__)

    if not cls.__dict__.get("__doc__"):
        cls.__doc__ = _doc_text(cls, flist)

    if match_args:
        _set_new_attribute(cls, "__match_args__", tuple(f.name for f in _init_params(flist)[0]))

    if slots:
        cls = _add_slots(cls, [f.name for f in stored])

    if hasattr(cls, "__abstractmethods__"):
        import abc

        abc.update_abstractmethods(cls)
    return cls


def _add_slots(cls, names):
    # __slots__ only works when the class is made: make it again, with the
    # same namespace less the defaults the slots replace.
    if "__slots__" in cls.__dict__:
        raise TypeError("%s already specifies __slots__" % cls.__name__)
    ns = dict(cls.__dict__)
    inherited = set()
    for base in cls.__mro__[1:-1]:
        inherited.update(getattr(base, "__slots__", ()))
    slots = tuple(n for n in names if n not in inherited)
    ns["__slots__"] = slots
    for name in slots:
        ns.pop(name, None)
    for name in ("__dict__", "__weakref__", "__qualname__"):
        ns.pop(name, None)
    qualname = cls.__qualname__
    new = type(cls)(cls.__name__, cls.__bases__, ns)
    new.__qualname__ = qualname
    # The generated methods that name the class (frozen __setattr__)
    # were made for the old one: make them again for the new.
    if cls.__dataclass_params__.frozen:
        for name, fn in _frozen_fns(new, names):
            setattr(new, name, _set_qualname(new, fn))
    return new


def dataclass(
    cls=None,
    /,
    *,
    init=True,
    repr=True,
    eq=True,
    order=False,
    unsafe_hash=False,
    frozen=False,
    match_args=True,
    kw_only=False,
    slots=False,
    weakref_slot=False,
):
    """Adds __init__, __repr__, __eq__ (and, as asked, ordering, hashing,
    immutability) to a class from its annotated fields."""

    def wrap(cls):
        return _process_class(
            cls, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only, slots
        )

    if cls is None:
        return wrap
    return wrap(cls)


# ---- functions on dataclasses


def fields(class_or_instance):
    """The fields (not class or init-only variables) as a tuple."""
    try:
        found = class_or_instance.__dataclass_fields__
    except AttributeError:
        raise TypeError("must be called with a dataclass type or instance") from None
    return tuple(f for f in found.values() if f._field_type is _FIELD)


def _is_dataclass_instance(obj):
    return hasattr(type(obj), "__dataclass_fields__")


def is_dataclass(obj):
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, "__dataclass_fields__")


def _convert(obj, factory, of_fields):
    # One value of asdict/astuple: dataclasses become factory(...),
    # containers are rebuilt with their items converted, other values are
    # deep-copied.
    if _is_dataclass_instance(obj):
        return of_fields(obj)
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):
        # A named tuple is made from positional arguments.
        return type(obj)(*[_convert(v, factory, of_fields) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_convert(v, factory, of_fields) for v in obj)
    if isinstance(obj, dict):
        if hasattr(type(obj), "default_factory"):
            # defaultdict takes its factory first.
            result = type(obj)(obj.default_factory)
            for k, v in obj.items():
                result[_convert(k, factory, of_fields)] = _convert(v, factory, of_fields)
            return result
        return type(obj)(
            (_convert(k, factory, of_fields), _convert(v, factory, of_fields))
            for k, v in obj.items()
        )
    import copy

    return copy.deepcopy(obj)


def asdict(obj, *, dict_factory=dict):
    """The fields as a dict, dataclasses inside converted the same way."""
    if not _is_dataclass_instance(obj):
        raise TypeError("asdict() should be called on dataclass instances")

    def of_fields(o):
        return dict_factory(
            [(f.name, _convert(getattr(o, f.name), dict_factory, of_fields)) for f in fields(o)]
        )

    return of_fields(obj)


def astuple(obj, *, tuple_factory=tuple):
    """The field values as a tuple, dataclasses inside converted the same way."""
    if not _is_dataclass_instance(obj):
        raise TypeError("astuple() should be called on dataclass instances")

    def of_fields(o):
        return tuple_factory([_convert(getattr(o, f.name), tuple_factory, of_fields) for f in fields(o)])

    return of_fields(obj)


def replace(obj, /, **changes):
    """A new instance made by __init__ from obj's fields and the changes."""
    if not _is_dataclass_instance(obj):
        raise TypeError("replace() should be called on dataclass instances")
    for f in obj.__dataclass_fields__.values():
        if f._field_type is _FIELD_CLASSVAR:
            continue
        if not f.init:
            if f.name in changes:
                raise ValueError(
                    "field %s is declared with init=False, it cannot be specified with replace()"
                    % f.name
                )
            continue
        if f.name not in changes:
            if f._field_type is _FIELD_INITVAR and f.default is MISSING:
                raise ValueError("InitVar %r must be specified with replace()" % f.name)
            if f._field_type is _FIELD:
                changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


def make_dataclass(
    cls_name,
    fields,
    *,
    bases=(),
    namespace=None,
    init=True,
    repr=True,
    eq=True,
    order=False,
    unsafe_hash=False,
    frozen=False,
    match_args=True,
    kw_only=False,
    slots=False,
    weakref_slot=False,
):
    """A new dataclass named cls_name; fields are names, (name, type) or
    (name, type, Field) items (a bare name is typed "typing.Any")."""
    ns = dict(namespace) if namespace is not None else {}
    annotations = {}
    seen = set()
    for item in fields:
        if isinstance(item, str):
            name, tp = item, "typing.Any"
        elif len(item) == 2:
            name, tp = item
        elif len(item) == 3:
            name, tp, spec = item
            ns[name] = spec
        else:
            raise TypeError("Invalid field: %r" % (item,))
        if not isinstance(name, str) or not name.isidentifier():
            raise TypeError("Field names must be valid identifiers: %r" % (name,))
        if name in seen:
            raise TypeError("Field name duplicated: %r" % (name,))
        seen.add(name)
        annotations[name] = tp
    ns["__annotations__"] = annotations
    # CPython 3.11 makes the class with types.new_class, whose __module__
    # is "types".
    ns.setdefault("__module__", "types")
    cls = type(cls_name, tuple(bases), ns)
    return dataclass(
        cls,
        init=init,
        repr=repr,
        eq=eq,
        order=order,
        unsafe_hash=unsafe_hash,
        frozen=frozen,
        match_args=match_args,
        kw_only=kw_only,
        slots=slots,
        weakref_slot=weakref_slot,
    )
