"""enum for capy: enumerations, as CPython 3.11 has them.

Frozen into the binary (modules/frozen.rs), compiled on first import.

Covers: Enum, IntEnum, StrEnum, ReprEnum, Flag, IntFlag, EnumType (and
its old name EnumMeta), auto, unique, member, nonmember, property,
FlagBoundary (STRICT, CONFORM, EJECT, KEEP); members by attribute, by
value (Color(1)) and by name (Color['RED']); iteration in definition
order, len, `in`, reversed, __members__ (aliases included); aliases;
.name/.value; repr and str as 3.11 prints them (str of IntEnum/StrEnum
is the value's, as for any ReprEnum); hashing, members as dict keys;
methods, properties, class and static methods on enums; custom __new__
and __init__ taking a tuple value (the Planet example); _missing_,
_generate_next_value_, _ignore_, _order_; the functional API
(Enum('Animal', 'ANT BEE CAT'), with lists, pairs or a mapping, and
type= and start=); Flag and IntFlag operators (| & ^ ~), membership,
iteration over a value's flags, pseudo-members for combinations, the
four boundaries; and CPython's errors (ValueError "5 is not a valid
Color", KeyError, cannot reassign or delete members, cannot extend an
enum that has members, a name defined twice, reserved _sunder_ names).

How it works: EnumType.__prepare__ hands the class body an _EnumDict,
which sees each name as it is bound, so that auto() values are made in
order and a name defined twice is refused; EnumType.__new__ then makes
the class without the members and creates each member with the mixed-in
type's __new__ (or the class's own), before Enum's __new__ (the lookup
by value) takes over.

Not covered: verify/EnumCheck, global_enum, show_flag_values, pickling
by name (members copy and deepcopy as themselves), the DeprecationWarning
CPython 3.11 prints for `non_member in Enum` (the TypeError is raised),
and dir() of members and classes (the default dir is used).
"""

import builtins

__all__ = [
    "EnumType",
    "EnumMeta",
    "Enum",
    "IntEnum",
    "StrEnum",
    "Flag",
    "IntFlag",
    "ReprEnum",
    "auto",
    "unique",
    "property",
    "member",
    "nonmember",
    "FlagBoundary",
    "STRICT",
    "CONFORM",
    "EJECT",
    "KEEP",
]

# Set to the real classes once they exist: EnumType treats the bodies of
# Enum, ReprEnum and Flag themselves specially while they are made.
Enum = ReprEnum = Flag = None


class _AutoNull:
    def __repr__(self):
        return "_auto_null"


_auto_null = _AutoNull()


class auto:
    """A member value chosen by _generate_next_value_."""

    def __init__(self, value=_auto_null):
        self.value = value

    def __repr__(self):
        return "auto(%r)" % (self.value,)


class member:
    """Forces a value (a function, say) to become a member."""

    def __init__(self, value):
        self.value = value


class nonmember:
    """Keeps a value from becoming a member."""

    def __init__(self, value):
        self.value = value


class property:
    """A property for enum members that, looked up on the class, finds a
    member of the same name instead (so members may be called `name` or
    `value`)."""

    def __init__(self, fget=None, fset=None, fdel=None, doc=None):
        self.fget = fget
        self.fset = fset
        self.fdel = fdel
        self.__doc__ = doc if doc is not None else getattr(fget, "__doc__", None)
        self.name = getattr(fget, "__name__", None)

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, instance, ownerclass=None):
        if instance is None:
            members = ownerclass.__dict__.get("_member_map_", {})
            if self.name in members:
                return members[self.name]
            raise AttributeError("%r has no attribute %r" % (ownerclass, self.name))
        if self.fget is not None:
            return self.fget(instance)
        raise AttributeError("%r member has no attribute %r" % (type(instance), self.name))

    def __set__(self, instance, value):
        if self.fset is None:
            raise AttributeError(
                "<enum %r> cannot set attribute %r" % (type(instance).__name__, self.name)
            )
        self.fset(instance, value)

    def __delete__(self, instance):
        if self.fdel is None:
            raise AttributeError(
                "<enum %r> cannot delete attribute %r" % (type(instance).__name__, self.name)
            )
        self.fdel(instance)

    def getter(self, fget):
        return type(self)(fget, self.fset, self.fdel, self.__doc__)

    def setter(self, fset):
        return type(self)(self.fget, fset, self.fdel, self.__doc__)

    def deleter(self, fdel):
        return type(self)(self.fget, self.fset, fdel, self.__doc__)


# ---- names in a class body


def _is_dunder(name):
    return len(name) > 4 and name[:2] == name[-2:] == "__" and name[2] != "_" and name[-3] != "_"


def _is_sunder(name):
    return len(name) > 2 and name[0] == name[-1] == "_" and name[1] != "_" and name[-2] != "_"


def _is_private(cls_name, name):
    # `__x` in the body of class C is stored as `_C__x` (capy does not
    # mangle names, so it stays `__x`): never a member.
    if name.startswith("__") and not name.endswith("__"):
        return True
    prefix = "_%s__" % cls_name.lstrip("_")
    return name.startswith(prefix) and len(name) > len(prefix) and not name.endswith("__")


_function_type = type(lambda: None)


def _is_descriptor(obj):
    # Functions, properties and class/static methods are methods of the
    # enum, not members; so is anything whose type has __get__/__set__.
    if isinstance(obj, (_function_type, builtins.property, classmethod, staticmethod)):
        return True
    t = type(obj)
    return hasattr(t, "__get__") or hasattr(t, "__set__") or hasattr(t, "__delete__")


# The _sunder_ names an enum body may define.
_ALLOWED_SUNDERS = (
    "_order_",
    "_generate_next_value_",
    "_missing_",
    "_ignore_",
    "_numeric_repr_",
    "_value_repr_",
    "_iter_member_",
    "_iter_member_by_value_",
    "_iter_member_by_def_",
)


class _EnumDict(dict):
    """The namespace of an enum's class body: records the members in the
    order they are bound and resolves auto() as it goes."""

    def __init__(self, cls_name, generate):
        super().__init__()
        self._cls_name = cls_name
        self._member_names = []
        self._last_values = []
        self._ignore = []
        self._generate = generate
        self._auto_used = False

    def _next_value(self, name):
        self._auto_used = True
        gen = self._generate
        if gen is None:
            gen = _default_next_value
        # A staticmethod found in a base class's namespace.
        gen = getattr(gen, "__func__", gen)
        return gen(name, 1, len(self._member_names), list(self._last_values))

    def _resolve_auto(self, key, value):
        if isinstance(value, auto):
            if value.value is _auto_null:
                value.value = self._next_value(key)
            return value.value
        if isinstance(value, tuple) and any(isinstance(v, auto) for v in value):
            return tuple(self._resolve_auto(key, v) for v in value)
        return value

    def __setitem__(self, key, value):
        if _is_private(self._cls_name, key):
            pass
        elif _is_sunder(key):
            if key not in _ALLOWED_SUNDERS:
                raise ValueError(
                    "_sunder_ names, such as %r, are reserved for future Enum use" % (key,)
                )
            if key == "_generate_next_value_":
                if self._auto_used:
                    raise TypeError("_generate_next_value_ must be defined before members")
                self._generate = value
            elif key == "_ignore_":
                names = value.replace(",", " ").split() if isinstance(value, str) else list(value)
                self._ignore = names
                clash = set(names) & set(self._member_names)
                if clash:
                    raise ValueError("_ignore_ cannot specify already set names: %r" % (clash,))
        elif _is_dunder(key):
            if key == "__order__":
                key = "_order_"
        elif key in self._member_names:
            raise TypeError("%r already defined as %r" % (key, self[key]))
        elif key in self._ignore:
            pass
        elif isinstance(value, nonmember):
            value = value.value
        elif _is_descriptor(value) and not isinstance(value, member):
            pass
        else:
            if key in self:
                raise TypeError("%r already defined as %r" % (key, self[key]))
            if isinstance(value, member):
                value = value.value
            value = self._resolve_auto(key, value)
            self._member_names.append(key)
            self._last_values.append(value)
        super().__setitem__(key, value)

    def update(self, other=(), **kwds):
        items = other.items() if hasattr(other, "items") else other
        for k, v in items:
            self[k] = v
        for k, v in kwds.items():
            self[k] = v


def _default_next_value(name, start, count, last_values):
    # One more than the largest value so far (the last one when they
    # cannot be ordered), or `start` for the first member.
    if not last_values:
        return start
    try:
        return max(last_values) + 1
    except TypeError:
        pass
    for v in reversed(last_values):
        try:
            return v + 1
        except TypeError:
            pass
    return start


def _find_data_type(bases):
    # The built-in (or other non-enum) type the members are instances of:
    # int for IntEnum, str for StrEnum, object for a plain Enum.
    found = []
    for chain in bases:
        for base in chain.__mro__:
            if base is object:
                continue
            if isinstance(base, EnumType):
                if base.__dict__.get("_member_type_", object) is not object:
                    found.append(base._member_type_)
                    break
                continue
            if "__new__" in base.__dict__ or base.__dict__.get("__dataclass_fields__"):
                found.append(base)
                break
            found.append(base)
            break
    distinct = []
    for t in found:
        if t not in distinct:
            distinct.append(t)
    if len(distinct) > 1:
        raise TypeError("too many data types for %r: %r" % (bases, distinct))
    return distinct[0] if distinct else object


def _enum_bases(bases):
    return [b for b in bases if isinstance(b, EnumType)]


def _check_extends(cls_name, bases):
    for chain in bases:
        for base in chain.__mro__:
            if isinstance(base, EnumType) and base.__dict__.get("_member_names_"):
                raise TypeError("<enum %r> cannot extend %r" % (cls_name, base))


# ---- the metaclass


class EnumType(type):
    """The metaclass of enums: makes the members and answers Color(1),
    Color['RED'], iteration, len() and `in` for the class."""

    @classmethod
    def __prepare__(metacls, cls, bases, **kwds):
        _check_extends(cls, bases)
        generate = None
        for base in _enum_bases(bases):
            generate = getattr(base, "_generate_next_value_", None)
            if generate is not None:
                break
        return _EnumDict(cls, generate)

    def __new__(metacls, cls, bases, classdict, *, boundary=None, _simple=False, **kwds):
        if not isinstance(classdict, _EnumDict):
            # type(name, bases, dict) or the functional API: replay the
            # namespace through an _EnumDict.
            prepared = metacls.__prepare__(cls, bases)
            for k, v in classdict.items():
                prepared[k] = v
            classdict = prepared
        # While Enum itself is made, its __new__ is the lookup by value.
        bootstrap = Enum is None
        names = list(classdict._member_names)
        ns = {k: v for k, v in classdict.items() if k not in names}
        order = ns.pop("_order_", None)
        ns.pop("_ignore_", None)
        for name in classdict._ignore:
            ns.pop(name, None)

        data_type = _find_data_type(bases)
        creator = object.__new__ if bootstrap else metacls._member_creator(ns, bases, data_type)
        ns["_new_member_"] = staticmethod(creator)
        ns["_member_type_"] = data_type
        ns["_member_names_"] = []
        ns["_member_map_"] = {}
        ns["_value2member_map_"] = {}
        if "_value_repr_" not in ns:
            ns["_value_repr_"] = _value_repr_for(data_type, bases)
        # __new__ of the body makes members; the class's own __new__ is
        # Enum's lookup (set on each class, so that a mixed-in type's
        # __new__, int's say, does not come first in the MRO).
        if not bootstrap:
            ns["__new__"] = Enum.__dict__["__new__"]
        if "_generate_next_value_" in ns and isinstance(ns["_generate_next_value_"], _function_type):
            ns["_generate_next_value_"] = staticmethod(ns["_generate_next_value_"])

        enum_class = super().__new__(metacls, cls, bases, ns, **kwds)
        if not bootstrap and bases:
            _restore_enum_methods(enum_class, bases[-1], ns, data_type)

        is_flag = Flag is not None and issubclass(enum_class, Flag)
        if is_flag:
            if boundary is None:
                boundary = getattr(enum_class, "_boundary_", None) or STRICT
            type.__setattr__(enum_class, "_boundary_", boundary)
        elif boundary is not None:
            type.__setattr__(enum_class, "_boundary_", boundary)

        for name in names:
            metacls._add_member(enum_class, name, classdict[name], creator, data_type)

        if is_flag:
            _setup_flag(enum_class)

        if order is not None:
            if isinstance(order, str):
                order = order.replace(",", " ").split()
            canonical = enum_class._member_names_
            if order != canonical:
                raise TypeError(
                    "member order does not match _order_:\n  %r\n  %r" % (canonical, order)
                )
        return enum_class

    def __init__(cls, *args, **kwds):
        # The class keywords (boundary=...) were used by __new__.
        super().__init__(args[0], args[1], args[2])

    @staticmethod
    def _member_creator(ns, bases, data_type):
        # What makes one member: the body's own __new__, an enum base's,
        # or the data type's.
        own = ns.get("__new__")
        if own is not None:
            return getattr(own, "__func__", own)
        for base in bases:
            for klass in base.__mro__:
                inherited = klass.__dict__.get("_new_member_")
                if inherited is not None and klass.__dict__.get("_member_names_") is not None:
                    fn = getattr(inherited, "__func__", inherited)
                    if fn is not object.__new__:
                        return fn
        if data_type is object:
            return object.__new__
        return data_type.__new__

    @staticmethod
    def _add_member(enum_class, name, value, creator, data_type):
        if data_type is tuple or not isinstance(value, tuple):
            args = (value,)
        else:
            args = value
        if creator is object.__new__:
            new = object.__new__(enum_class)
        else:
            new = creator(enum_class, *args)
        if "_value_" not in getattr(new, "__dict__", {}):
            if data_type is object:
                new._value_ = value
            else:
                try:
                    new._value_ = data_type(*args)
                except Exception:
                    new._value_ = value
        value = new._value_
        new._name_ = name
        new.__objclass__ = enum_class
        new._sort_order_ = len(enum_class._member_names_)
        new.__init__(*args)

        # An alias: a later name for a value some member already has.
        existing = None
        try:
            existing = enum_class._value2member_map_.get(value)
        except TypeError:
            for m in enum_class._member_map_.values():
                if m._value_ == value:
                    existing = m
                    break
        if existing is not None:
            new = existing
        else:
            enum_class._member_names_.append(name)
        enum_class._member_map_[name] = new
        try:
            enum_class._value2member_map_.setdefault(value, new)
        except TypeError:
            pass
        # A member named like an enum property (`name`, `value`) is found
        # through that property; others are plain class attributes.
        found = None
        for klass in enum_class.__mro__[1:]:
            if name in klass.__dict__:
                found = klass.__dict__[name]
                break
        if not isinstance(found, property):
            type.__setattr__(enum_class, name, new)

    def __call__(cls, value, names=None, *, module=None, qualname=None, type=None, start=1, boundary=None):
        if names is None:
            if not cls._member_map_:
                raise TypeError("%r has no members defined" % (cls,))
            return cls.__new__(cls, value)
        return cls._create_(
            value, names, module=module, qualname=qualname, type=type, start=start, boundary=boundary
        )

    def _create_(cls, class_name, names, *, module=None, qualname=None, type=None, start=1, boundary=None):
        """The functional API: Enum('Animal', 'ANT BEE CAT')."""
        metacls = cls.__class__
        bases = (cls,) if type is None else (type, cls)
        classdict = metacls.__prepare__(class_name, bases)
        if isinstance(names, str):
            names = names.replace(",", " ").split()
        if isinstance(names, (tuple, list)) and names and isinstance(names[0], str):
            gen = cls._generate_next_value_
            gen = getattr(gen, "__func__", gen)
            values = []
            pairs = []
            for count, name in enumerate(names):
                v = gen(name, start, count, values[:])
                values.append(v)
                pairs.append((name, v))
            names = pairs
        items = names.items() if hasattr(names, "items") else names
        for item in items:
            if isinstance(item, str):
                name, value = item, names[item]
            else:
                name, value = item
            classdict[name] = value
        if module is not None:
            classdict["__module__"] = module
        if qualname is not None:
            classdict["__qualname__"] = qualname
        return metacls.__new__(metacls, class_name, bases, classdict, boundary=boundary)

    def __bool__(cls):
        return True

    def __contains__(cls, value):
        if not isinstance(value, Enum):
            raise TypeError(
                "unsupported operand type(s) for 'in': %r and %r"
                % (builtins.type(value).__qualname__, cls.__class__.__qualname__)
            )
        return isinstance(value, cls) and value._name_ in cls._member_map_

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __getattr__(cls, name):
        # Only reached for names the class does not have.
        if _is_dunder(name):
            raise AttributeError(name)
        members = cls.__dict__.get("_member_map_", {})
        if name in members:
            return members[name]
        raise AttributeError(name)

    def __iter__(cls):
        return (cls._member_map_[name] for name in cls._member_names_)

    def __reversed__(cls):
        return (cls._member_map_[name] for name in reversed(cls._member_names_))

    def __len__(cls):
        return len(cls._member_names_)

    @builtins.property
    def __members__(cls):
        from _mappingproxy import MappingProxy

        return MappingProxy(cls._member_map_)

    def __repr__(cls):
        if Flag is not None and issubclass(cls, Flag):
            return "<flag %r>" % cls.__name__
        return "<enum %r>" % cls.__name__

    def __setattr__(cls, name, value):
        if name in cls.__dict__.get("_member_map_", {}):
            raise AttributeError("cannot reassign member %r" % (name,))
        super().__setattr__(name, value)

    def __delattr__(cls, name):
        if name in cls.__dict__.get("_member_map_", {}):
            raise AttributeError("%r cannot delete member %r." % (cls.__name__, name))
        super().__delattr__(name)


EnumMeta = EnumType


def _restore_enum_methods(enum_class, last_base, ns, data_type):
    # A data type's own methods (int.__repr__ for IntEnum) come before the
    # enum's in the MRO: where the class would use the data type's or
    # object's, it gets the enum base's instead (as CPython does), unless
    # its body defines the method.
    for name in ("__repr__", "__str__", "__format__"):
        if name in ns:
            continue
        found = getattr(enum_class, name)
        if found is getattr(data_type, name, None) or found is getattr(object, name):
            enum_method = getattr(last_base, name)
            if enum_method is not found:
                type.__setattr__(enum_class, name, enum_method)


def _value_repr_for(data_type, bases):
    # How a member's value shows in its repr: by the data type's own repr
    # (int.__repr__ for IntEnum), else by repr().
    for base in bases:
        inherited = getattr(base, "_value_repr_", None)
        if inherited is not None:
            return inherited
    if data_type is object:
        return None
    own = data_type.__dict__.get("__repr__")
    return own


# ---- the base classes


class Enum(metaclass=EnumType):
    """The base of enumerations: subclass it and bind the members."""

    def __new__(cls, value):
        # Lookup by value (members are made by _new_member_).
        if type(value) is cls:
            return value
        try:
            return cls._value2member_map_[value]
        except KeyError:
            pass
        except TypeError:
            # An unhashable value: compare with each member.
            for m in cls._member_map_.values():
                if m._value_ == value:
                    return m
        failure = None
        try:
            result = cls._missing_(value)
        except Exception as e:
            failure = e
            result = None
        if isinstance(result, cls):
            return result
        if Flag is not None and issubclass(cls, Flag) and cls._boundary_ is EJECT:
            if isinstance(result, int):
                return result
        invalid = ValueError("%r is not a valid %s" % (value, cls.__qualname__))
        if failure is None and result is None:
            raise invalid
        if failure is None:
            failure = TypeError(
                "error in %s._missing_: returned %r instead of None or a valid member"
                % (cls.__name__, result)
            )
        raise failure

    def __init__(self, *args, **kwds):
        pass

    def _generate_next_value_(name, start, count, last_values):
        return _default_next_value(name, start, count, last_values)

    @classmethod
    def _missing_(cls, value):
        return None

    def __repr__(self):
        cls = self.__class__
        v_repr = cls._value_repr_ or repr
        return "<%s.%s: %s>" % (cls.__name__, self._name_, v_repr(self._value_))

    def __str__(self):
        return "%s.%s" % (self.__class__.__name__, self._name_)

    def __format__(self, format_spec):
        return format(str(self), format_spec)

    def __hash__(self):
        return hash(self._name_)

    def __reduce_ex__(self, proto):
        return self.__class__, (self._value_,)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @property
    def name(self):
        """The member's name."""
        return self._name_

    @property
    def value(self):
        """The member's value."""
        return self._value_


class ReprEnum(Enum):
    """An enum whose str() and format() are those of its value (the repr
    stays the enum's)."""

    def __str__(self):
        return str(self._value_)

    def __format__(self, format_spec):
        return format(self._value_, format_spec)


class IntEnum(int, ReprEnum):
    """Members are ints."""


class StrEnum(str, ReprEnum):
    """Members are strs; auto() gives the lower-cased name."""

    def __new__(cls, *values):
        if len(values) > 3:
            raise TypeError("too many arguments for str(): %r" % (values,))
        if len(values) == 1 and not isinstance(values[0], str):
            raise TypeError("%r is not a string" % (values[0],))
        if len(values) >= 2 and not isinstance(values[1], str):
            raise TypeError("encoding must be a string, not %r" % (values[1],))
        if len(values) == 3 and not isinstance(values[2], str):
            raise TypeError("errors must be a string, not %r" % (values[2],))
        value = str(*values)
        member = str.__new__(cls, value)
        member._value_ = value
        return member

    def _generate_next_value_(name, start, count, last_values):
        return name.lower()


def unique(enumeration):
    """A class decorator that refuses aliases."""
    duplicates = [
        (name, m.name) for name, m in enumeration.__members__.items() if name != m.name
    ]
    if duplicates:
        details = ", ".join("%s -> %s" % (alias, name) for alias, name in duplicates)
        raise ValueError("duplicate values found in %r: %s" % (enumeration, details))
    return enumeration


class FlagBoundary(StrEnum):
    """What Flag does with a value that has bits no member has."""

    STRICT = auto()
    CONFORM = auto()
    EJECT = auto()
    KEEP = auto()


STRICT = FlagBoundary.STRICT
CONFORM = FlagBoundary.CONFORM
EJECT = FlagBoundary.EJECT
KEEP = FlagBoundary.KEEP


# ---- flags


def _bits_text(num, width):
    # A value as CPython's flag errors show it: "0b0 0101" (sign bit, then
    # `width` bits, two's complement for negative values).
    if num < 0:
        return "0b1 " + format(num & ((1 << width) - 1), "0%db" % width)
    return "0b0 " + format(num, "0%db" % width)


def _setup_flag(cls):
    # The single-bit members are the canonical ones (iterated, counted);
    # zero and multi-bit members are aliases of combinations.
    mask = 0
    canonical = []
    for name in cls._member_names_:
        v = cls._member_map_[name]._value_
        mask |= v
        if v > 0 and v & (v - 1) == 0:
            canonical.append(name)
    type.__setattr__(cls, "_member_names_", canonical)
    type.__setattr__(cls, "_flag_mask_", mask)
    type.__setattr__(cls, "_all_bits_", (1 << mask.bit_length()) - 1)


class Flag(Enum):
    """Members are bit flags that combine with | & ^ ~."""

    def _generate_next_value_(name, start, count, last_values):
        if not count:
            return start if start is not None else 1
        last = max(last_values)
        try:
            high = last.bit_length()
        except Exception:
            raise TypeError("invalid flag value %r" % (last,)) from None
        return 1 << high

    @classmethod
    def _missing_(cls, value):
        # A combination of flags (or, per the boundary, of unknown bits):
        # made once as a pseudo-member and kept.
        if not isinstance(value, int):
            raise ValueError("%r is not a valid %s" % (value, cls.__qualname__))
        mask = cls._flag_mask_
        boundary = cls._boundary_
        given = value
        if value < 0:
            # A negative value counts down from the flag's highest bits
            # (-1 is all of them).
            value = cls._all_bits_ + 1 + value
        unknown = value & ~mask if value >= 0 else -1
        if unknown:
            if boundary is STRICT:
                width = max(mask.bit_length(), abs(given).bit_length())
                raise ValueError(
                    "%r invalid value %r\n    given %s\n  allowed %s"
                    % (cls, given, _bits_text(given, width), _bits_text(mask, width))
                )
            if boundary is EJECT:
                return value
            if boundary is CONFORM:
                value &= mask
                unknown = 0
        known = value & mask
        if cls._member_type_ is object:
            pseudo = object.__new__(cls)
        else:
            pseudo = cls._member_type_.__new__(cls, value)
        pseudo._value_ = value
        if known:
            names = [m._name_ for m in cls._iter_bits(known)]
            if unknown:
                names.append(str(unknown))
            pseudo._name_ = "|".join(names)
        else:
            pseudo._name_ = None
        pseudo.__objclass__ = cls
        return cls._value2member_map_.setdefault(value, pseudo)

    @classmethod
    def _iter_bits(cls, value):
        for name in cls._member_names_:
            m = cls._member_map_[name]
            if m._value_ & value == m._value_:
                yield m

    def __repr__(self):
        cls = self.__class__
        v_repr = cls._value_repr_ or repr
        if self._name_ is None:
            return "<%s: %s>" % (cls.__name__, v_repr(self._value_))
        return "<%s.%s: %s>" % (cls.__name__, self._name_, v_repr(self._value_))

    def __str__(self):
        cls = self.__class__
        if self._name_ is None:
            return "%s(%r)" % (cls.__name__, self._value_)
        return "%s.%s" % (cls.__name__, self._name_)

    def __contains__(self, other):
        if not isinstance(other, self.__class__):
            raise TypeError(
                "unsupported operand type(s) for 'in': %r and %r"
                % (type(other).__qualname__, self.__class__.__qualname__)
            )
        return other._value_ & self._value_ == other._value_

    def __iter__(self):
        return iter(list(self.__class__._iter_bits(self._value_)))

    def __len__(self):
        return bin(self._value_).count("1")

    def __bool__(self):
        return bool(self._value_)

    def _operand(self, other):
        # The int value of the other operand, or None when | & ^ do not
        # apply (another class; plain ints only for IntFlag).
        if isinstance(other, self.__class__):
            return other._value_
        if self._member_type_ is not object and isinstance(other, self._member_type_):
            return other
        return None

    def __or__(self, other):
        v = self._operand(other)
        if v is None:
            return NotImplemented
        return self.__class__(self._value_ | v)

    def __and__(self, other):
        v = self._operand(other)
        if v is None:
            return NotImplemented
        return self.__class__(self._value_ & v)

    def __xor__(self, other):
        v = self._operand(other)
        if v is None:
            return NotImplemented
        return self.__class__(self._value_ ^ v)

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__

    def __invert__(self):
        cls = self.__class__
        if cls._boundary_ in (KEEP, EJECT):
            return cls(~self._value_ & cls._all_bits_)
        return cls(~self._value_ & cls._flag_mask_)


Flag._boundary_ = STRICT


class IntFlag(int, ReprEnum, Flag, boundary=KEEP):
    """Flags that are ints: they combine with plain ints too."""

    # Flag's operators, ahead of int's in the MRO.
    __or__ = Flag.__or__
    __and__ = Flag.__and__
    __xor__ = Flag.__xor__
    __ror__ = Flag.__ror__
    __rand__ = Flag.__rand__
    __rxor__ = Flag.__rxor__
    __invert__ = Flag.__invert__

    def __str__(self):
        return str(self._value_)

    def __format__(self, format_spec):
        return format(self._value_, format_spec)
