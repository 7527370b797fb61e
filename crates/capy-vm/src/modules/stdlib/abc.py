"""abc for capy: abstract base classes.

Frozen into the binary (modules/frozen.rs), compiled on first import.

Covers: ABCMeta, ABC, abstractmethod (also under property, classmethod
and staticmethod), __abstractmethods__, the TypeError CPython 3.11 raises
when a class with abstract methods is instantiated ("Can't instantiate
abstract class X with abstract method(s) ..."), update_abstractmethods,
the deprecated abstractclassmethod/abstractstaticmethod/abstractproperty,
ABCMeta.register (a class registered with an ABC is also a virtual
subclass of the ABCs above it), __subclasshook__ (isinstance and
issubclass consult ABCMeta's __instancecheck__/__subclasscheck__),
get_cache_token.

How the check works here: CPython's object.__new__ refuses classes whose
__abstractmethods__ is not empty. capy's does not know about it, so
ABCMeta gives every class that has abstract methods a __new__ that
checks, then calls the __new__ the class had before.
"""


def abstractmethod(funcobj):
    funcobj.__isabstractmethod__ = True
    return funcobj


class abstractclassmethod(classmethod):
    __isabstractmethod__ = True

    def __init__(self, callable):
        callable.__isabstractmethod__ = True
        super().__init__(callable)


class abstractstaticmethod(staticmethod):
    __isabstractmethod__ = True

    def __init__(self, callable):
        callable.__isabstractmethod__ = True
        super().__init__(callable)


class abstractproperty(property):
    __isabstractmethod__ = True


def _is_abstract(value):
    if getattr(value, "__isabstractmethod__", False):
        return True
    if isinstance(value, property):
        # A property is abstract if one of its functions is.
        for f in (value.fget, value.fset, value.fdel):
            if getattr(f, "__isabstractmethod__", False):
                return True
        return False
    # A class method seen through the class is a bound method.
    func = getattr(value, "__func__", None)
    return func is not None and getattr(func, "__isabstractmethod__", False)


def _compute_abstracts(cls, own_names):
    abstracts = set()
    names = set(own_names)
    for base in cls.__bases__:
        names.update(getattr(base, "__abstractmethods__", ()))
    for name in names:
        if _is_abstract(getattr(cls, name, None)):
            abstracts.add(name)
    return frozenset(abstracts)


def _abstract_error(cls):
    names = sorted(cls.__abstractmethods__)
    return TypeError(
        "Can't instantiate abstract class %s with abstract method%s %s"
        % (cls.__name__, "s" if len(names) > 1 else "", ", ".join(names))
    )


def _install_check(cls):
    # Wraps the __new__ the class would use now; subclasses inherit the
    # wrapper, which checks the class actually being instantiated. The
    # marker is looked up in the class's own namespace only.
    if vars(cls).get("_abc_checks_new", False):
        return
    orig = cls.__new__
    plain_object = orig is object.__new__

    def __new__(klass, *args, **kwargs):
        if getattr(klass, "__abstractmethods__", None):
            raise _abstract_error(klass)
        if plain_object:
            # object.__new__ takes no arguments beyond the class (they go
            # to __init__).
            return orig(klass)
        return orig(klass, *args, **kwargs)

    cls.__new__ = staticmethod(__new__)
    cls._abc_checks_new = True


_cache_token = 0


def get_cache_token():
    return _cache_token


class ABCMeta(type):
    def __new__(mcls, name, bases, namespace, **kwargs):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        cls.__abstractmethods__ = _compute_abstracts(cls, namespace.keys())
        cls._abc_registry = []
        # Each ABC above keeps its ABC subclasses: a class registered with
        # MutableSequence is a Sequence too (capy has no __subclasses__).
        cls._abc_subclasses = []
        for base in cls.__mro__[1:]:
            if isinstance(base, ABCMeta):
                base._abc_subclasses.append(cls)
        if cls.__abstractmethods__:
            _install_check(cls)
        return cls

    def register(cls, subclass):
        """Records subclass as a virtual subclass of cls."""
        global _cache_token
        if not isinstance(subclass, type):
            raise TypeError("Can only register classes")
        if issubclass(cls, subclass):
            raise RuntimeError("Refusing to create an inheritance cycle")
        if subclass not in cls._abc_registry:
            cls._abc_registry.append(subclass)
            _cache_token += 1
        return subclass

    def __instancecheck__(cls, instance):
        return cls.__subclasscheck__(type(instance))

    def __subclasscheck__(cls, subclass):
        if cls in getattr(subclass, "__mro__", ()):
            return True
        hook = getattr(cls, "__subclasshook__", None)
        if hook is not None:
            ok = hook(subclass)
            if ok is not NotImplemented:
                return bool(ok)
        for reg in cls._abc_registry:
            if reg in getattr(subclass, "__mro__", ()):
                return True
        for sub in cls._abc_subclasses:
            if sub._abc_registry and any(r in getattr(subclass, "__mro__", ()) for r in sub._abc_registry):
                return True
        return False

    def _dump_registry(cls, file=None):
        print("Class: %s.%s" % (cls.__module__, cls.__qualname__), file=file)
        print("Inv. counter: %s" % get_cache_token(), file=file)


def update_abstractmethods(cls):
    """Recomputes cls.__abstractmethods__ after methods were added or
    removed by hand (a no-op for classes that are not ABCs)."""
    if not hasattr(cls, "__abstractmethods__"):
        return cls
    cls.__abstractmethods__ = _compute_abstracts(cls, vars(cls).keys())
    if cls.__abstractmethods__:
        _install_check(cls)
    return cls


class ABC(metaclass=ABCMeta):
    """Derive from ABC to make an abstract base class."""

    __slots__ = ()
