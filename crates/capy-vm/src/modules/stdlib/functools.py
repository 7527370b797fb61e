"""functools for capy: higher-order functions and operations on callables.

Frozen into the binary (modules/frozen.rs), compiled on first import.

Covers: reduce, partial (flattening nested partials, repr), partialmethod,
update_wrapper/wraps (WRAPPER_ASSIGNMENTS, WRAPPER_UPDATES, __wrapped__),
lru_cache (bounded and unbounded, typed, cache_info/cache_clear/
cache_parameters), cache, cached_property, total_ordering, cmp_to_key,
singledispatch (register(cls, func) and @register(cls); dispatch on the
argument type's MRO).

Not covered: singledispatch registration through annotations (capy does not
keep annotations), singledispatchmethod, abstract-base-class aware dispatch,
thread safety (capy has no threads).
"""

WRAPPER_ASSIGNMENTS = (
    "__module__",
    "__name__",
    "__qualname__",
    "__doc__",
    "__annotations__",
)
WRAPPER_UPDATES = ("__dict__",)

_MISSING = object()


def update_wrapper(
    wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES
):
    for attr in assigned:
        value = getattr(wrapped, attr, _MISSING)
        if value is not _MISSING:
            try:
                setattr(wrapper, attr, value)
            except (AttributeError, TypeError):
                # Some objects refuse some attributes (a built-in's name).
                pass
    for attr in updated:
        src = getattr(wrapped, attr, None)
        dst = getattr(wrapper, attr, None)
        if src is not None and dst is not None:
            try:
                dst.update(src)
            except (AttributeError, TypeError):
                pass
    # Set last so that a __wrapped__ copied from `wrapped` is replaced.
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    return partial(update_wrapper, wrapped=wrapped, assigned=assigned, updated=updated)


def reduce(function, sequence, *initial):
    if len(initial) > 1:
        raise TypeError(
            "reduce expected at most 3 arguments, got %d" % (2 + len(initial))
        )
    it = iter(sequence)
    if initial:
        acc = initial[0]
    else:
        acc = next(it, _MISSING)
        if acc is _MISSING:
            raise TypeError("reduce() of empty iterable with no initial value")
    for item in it:
        acc = function(acc, item)
    return acc


class partial:
    """A callable that calls `func` with some arguments already given."""

    def __new__(cls, func, *args, **keywords):
        if not callable(func):
            raise TypeError("the first argument must be callable")
        # A partial of a plain partial collapses into one (CPython does the
        # same), so repr and .func show the original callable.
        if type(func) is partial:
            args = func.args + args
            merged = dict(func.keywords)
            merged.update(keywords)
            keywords = merged
            func = func.func
        self = object.__new__(cls)
        self.func = func
        self.args = tuple(args)
        self.keywords = keywords
        return self

    def __call__(self, *args, **keywords):
        if self.keywords:
            kw = dict(self.keywords)
            kw.update(keywords)
        else:
            kw = keywords
        return self.func(*self.args, *args, **kw)

    def __repr__(self):
        parts = [repr(self.func)]
        for a in self.args:
            parts.append(repr(a))
        for k, v in self.keywords.items():
            parts.append("%s=%r" % (k, v))
        name = type(self).__qualname__
        if type(self) is partial:
            name = "functools.partial"
        return "%s(%s)" % (name, ", ".join(parts))


class partialmethod:
    """Like partial, but as a method: the instance comes first."""

    def __init__(self, func, *args, **keywords):
        if not callable(func) and not hasattr(func, "__get__"):
            raise TypeError(
                "%r is not callable or a descriptor" % (func,)
            )
        self.func = func
        self.args = args
        self.keywords = keywords

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        func = self.func
        if hasattr(func, "__get__") and not isinstance(func, partial):
            bound = func.__get__(obj, cls)
            return partial(bound, *self.args, **self.keywords)
        return partial(func, obj, *self.args, **self.keywords)


# ---- lru_cache

class _CacheInfo(tuple):
    # A named tuple by hand: collections.namedtuple would work too, but this
    # keeps functools free of imports.
    __slots__ = ()

    def __new__(cls, hits, misses, maxsize, currsize):
        return tuple.__new__(cls, (hits, misses, maxsize, currsize))

    hits = property(lambda self: self[0])
    misses = property(lambda self: self[1])
    maxsize = property(lambda self: self[2])
    currsize = property(lambda self: self[3])

    def __repr__(self):
        return "CacheInfo(hits=%r, misses=%r, maxsize=%r, currsize=%r)" % tuple(self)


class _KwdMark:
    # Separates positional arguments from keyword ones in a cache key.
    __slots__ = ()


_KWD_MARK = (_KwdMark(),)


def _make_key(args, kwds, typed):
    # A lone int or str argument is its own key (CPython does this to save
    # a tuple), which makes f(1) and f(1.0) distinct entries but f(1.0)
    # and f(True) the same one: programs can see that in cache_info().
    if not kwds and not typed and len(args) == 1 and type(args[0]) in (int, str):
        return args[0]
    key = args
    if kwds:
        key = key + _KWD_MARK
        for item in kwds.items():
            key = key + item
    if typed:
        key = key + tuple(type(a) for a in args)
        if kwds:
            key = key + tuple(type(v) for v in kwds.values())
    return key


class _LruWrapper:
    """The callable lru_cache returns. Entries live in a dict in use order:
    a hit moves its key to the end, a miss over the bound drops the first."""

    def __init__(self, func, maxsize, typed):
        self.__wrapped__ = func
        self._func = func
        self._maxsize = maxsize
        self._typed = typed
        self._cache = {}
        self._hits = 0
        self._misses = 0
        update_wrapper(self, func)

    def __call__(self, *args, **kwds):
        maxsize = self._maxsize
        if maxsize == 0:
            self._misses += 1
            return self._func(*args, **kwds)
        key = _make_key(args, kwds, self._typed)
        cache = self._cache
        result = cache.get(key, _MISSING)
        if result is not _MISSING:
            self._hits += 1
            if maxsize is not None:
                del cache[key]
                cache[key] = result
            return result
        self._misses += 1
        result = self._func(*args, **kwds)
        if key in cache:
            # The call itself filled this entry (recursion): keep that one.
            return result
        if maxsize is not None and len(cache) >= maxsize:
            del cache[next(iter(cache))]
        cache[key] = result
        return result

    def cache_info(self):
        return _CacheInfo(self._hits, self._misses, self._maxsize, len(self._cache))

    def cache_clear(self):
        self._cache.clear()
        self._hits = 0
        self._misses = 0

    def cache_parameters(self):
        return {"maxsize": self._maxsize, "typed": self._typed}

    def __get__(self, obj, cls=None):
        # Decorating a method: bind the instance like a function would.
        if obj is None:
            return self
        return partial(self, obj)

    def __repr__(self):
        return "<functools._lru_cache_wrapper object>"


def lru_cache(maxsize=128, typed=False):
    if callable(maxsize) and isinstance(typed, bool):
        # Used as @lru_cache without parentheses.
        return _LruWrapper(maxsize, 128, typed)
    if maxsize is not None:
        if not isinstance(maxsize, int):
            raise TypeError("Expected first argument to be an integer, a callable, or None")
        if maxsize < 0:
            maxsize = 0

    def decorating_function(func):
        return _LruWrapper(func, maxsize, typed)

    return decorating_function


def cache(user_function):
    return _LruWrapper(user_function, None, False)


class cached_property:
    """Computes the value once per instance, then stores it on the instance
    (an instance attribute hides this non-data descriptor afterwards)."""

    def __init__(self, func):
        self.func = func
        self.attrname = None
        self.__doc__ = getattr(func, "__doc__", None)

    def __set_name__(self, owner, name):
        if self.attrname is None:
            self.attrname = name
        elif name != self.attrname:
            raise TypeError(
                "Cannot assign the same cached_property to two different names "
                "(%r and %r)." % (self.attrname, name)
            )

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        if self.attrname is None:
            raise TypeError(
                "Cannot use cached_property instance without calling __set_name__ on it."
            )
        value = self.func(instance)
        setattr(instance, self.attrname, value)
        return value


# ---- total_ordering

# Each derived operation, written in terms of one given operation and __eq__.
# They return NotImplemented whenever the given one does, so Python can try
# the reflected operation.

def _gt_from_lt(self, other):
    r = type(self).__lt__(self, other)
    if r is NotImplemented:
        return r
    return not r and self != other


def _le_from_lt(self, other):
    r = type(self).__lt__(self, other)
    if r is NotImplemented:
        return r
    return r or self == other


def _ge_from_lt(self, other):
    r = type(self).__lt__(self, other)
    if r is NotImplemented:
        return r
    return not r


def _ge_from_le(self, other):
    r = type(self).__le__(self, other)
    if r is NotImplemented:
        return r
    return not r or self == other


def _lt_from_le(self, other):
    r = type(self).__le__(self, other)
    if r is NotImplemented:
        return r
    return r and self != other


def _gt_from_le(self, other):
    r = type(self).__le__(self, other)
    if r is NotImplemented:
        return r
    return not r


def _lt_from_gt(self, other):
    r = type(self).__gt__(self, other)
    if r is NotImplemented:
        return r
    return not r and self != other


def _ge_from_gt(self, other):
    r = type(self).__gt__(self, other)
    if r is NotImplemented:
        return r
    return r or self == other


def _le_from_gt(self, other):
    r = type(self).__gt__(self, other)
    if r is NotImplemented:
        return r
    return not r


def _le_from_ge(self, other):
    r = type(self).__ge__(self, other)
    if r is NotImplemented:
        return r
    return not r or self == other


def _gt_from_ge(self, other):
    r = type(self).__ge__(self, other)
    if r is NotImplemented:
        return r
    return r and self != other


def _lt_from_ge(self, other):
    r = type(self).__ge__(self, other)
    if r is NotImplemented:
        return r
    return not r


_DERIVED = {
    "__lt__": (("__gt__", _gt_from_lt), ("__le__", _le_from_lt), ("__ge__", _ge_from_lt)),
    "__le__": (("__ge__", _ge_from_le), ("__lt__", _lt_from_le), ("__gt__", _gt_from_le)),
    "__gt__": (("__lt__", _lt_from_gt), ("__ge__", _ge_from_gt), ("__le__", _le_from_gt)),
    "__ge__": (("__le__", _le_from_ge), ("__gt__", _gt_from_ge), ("__lt__", _lt_from_ge)),
}


def _defines(cls, name):
    # Defined by the class or a user base, not inherited from object.
    for klass in cls.__mro__:
        if klass is object:
            return False
        if name in vars(klass):
            return True
    return False


def total_ordering(cls):
    roots = [op for op in ("__lt__", "__le__", "__gt__", "__ge__") if _defines(cls, op)]
    if not roots:
        raise ValueError("must define at least one ordering operation: < > <= >=")
    # CPython prefers the root that sorts last by name: __lt__ over __le__
    # over __gt__ over __ge__.
    root = max(roots)
    for name, func in _DERIVED[root]:
        if name not in roots:
            func.__name__ = name
            setattr(cls, name, func)
    return cls


# ---- cmp_to_key

def cmp_to_key(mycmp):
    class K:
        __slots__ = ("obj",)

        def __init__(self, obj):
            self.obj = obj

        def __lt__(self, other):
            return mycmp(self.obj, other.obj) < 0

        def __gt__(self, other):
            return mycmp(self.obj, other.obj) > 0

        def __eq__(self, other):
            return mycmp(self.obj, other.obj) == 0

        def __le__(self, other):
            return mycmp(self.obj, other.obj) <= 0

        def __ge__(self, other):
            return mycmp(self.obj, other.obj) >= 0

        __hash__ = None

    return K


# ---- singledispatch

def singledispatch(func):
    registry = {object: func}
    cache = {}

    def dispatch(cls):
        impl = cache.get(cls)
        if impl is None:
            impl = func
            for klass in cls.__mro__:
                if klass in registry:
                    impl = registry[klass]
                    break
            cache[cls] = impl
        return impl

    def register(cls, func=None):
        if func is None:
            if not isinstance(cls, type):
                raise TypeError(
                    "Invalid first argument to `register()`. "
                    "capy cannot read annotations: use @register(cls)."
                )
            return lambda f: register(cls, f)
        registry[cls] = func
        cache.clear()
        return func

    def wrapper(*args, **kw):
        if not args:
            raise TypeError(
                "%s requires at least 1 positional argument"
                % getattr(func, "__name__", "singledispatch function")
            )
        return dispatch(args[0].__class__)(*args, **kw)

    wrapper.register = register
    wrapper.dispatch = dispatch
    wrapper.registry = registry
    update_wrapper(wrapper, func)
    return wrapper
