"""copy for capy: shallow and deep copies of Python objects.

Frozen into the binary (modules/frozen.rs), compiled on first import.

Covers copy.copy and copy.deepcopy (with the memo dict, so shared and
cyclic structures are copied once and keep their shape), the __copy__ and
__deepcopy__(memo) hooks, __getstate__/__setstate__, __getnewargs__, and
copy.Error. Built-in values are copied by type: list, dict, set, bytearray
give new objects; tuple and frozenset are themselves unless deepcopy
changes an item; immutable atoms (numbers, str, bytes, None, functions,
classes, ranges) are returned as they are. Instances of user classes are
made with cls.__new__(cls) (no __init__) and get the original's attributes;
subclasses of list, dict, set, tuple, int, str... keep their value too;
collections.deque (with maxlen) and defaultdict (with default_factory)
are handled; exceptions are rebuilt from their args.

Not covered: __reduce_ex__/__reduce__ and copyreg (capy has no pickle
protocol), the (dict, slots) state tuples of __getstate__, attributes set
on exception instances (capy's exceptions have no __dict__ to list them).
"""


class Error(Exception):
    pass


error = Error

_ATOMS = frozenset(
    [
        type(None),
        int,
        float,
        bool,
        complex,
        str,
        bytes,
        type,
        range,
        slice,
        type(len),
        type(lambda: 0),
        type(Ellipsis),
        type(NotImplemented),
        property,
    ]
)

_NIL = object()


def _state_of(x):
    # What CPython's default __getstate__ gives: the attributes, or None
    # when there are none (then nothing is restored).
    getstate = getattr(type(x), "__getstate__", None)
    if getstate is not None:
        return getstate(x)
    try:
        attrs = vars(x)
    except TypeError:
        return None
    return dict(attrs) if attrs else None


def _set_state(y, state):
    if state is None:
        return
    setstate = getattr(type(y), "__setstate__", None)
    if setstate is not None:
        setstate(y, state)
        return
    for k, v in state.items():
        setattr(y, k, v)


def _new_object(x, deep, memo):
    """A new object of x's class holding x's value (for subclasses of the
    built-in types), created without running __init__."""
    cls = type(x)
    if isinstance(x, BaseException):
        args = deepcopy(x.args, memo) if deep else x.args
        return cls(*args)
    getnewargs = getattr(cls, "__getnewargs__", None)
    if getnewargs is not None:
        args = getnewargs(x)
        if deep:
            args = deepcopy(args, memo)
        return cls.__new__(cls, *args)
    if isinstance(x, tuple):
        items = tuple(x)
        if deep:
            items = deepcopy(items, memo)
        if hasattr(cls, "_fields"):
            # A named tuple: its __new__ takes the fields one by one.
            return cls.__new__(cls, *items)
        return cls.__new__(cls, items)
    for base in (int, float, complex, str, bytes, frozenset):
        if isinstance(x, base):
            value = base(x)
            if deep and base is frozenset:
                value = frozenset(deepcopy(list(value), memo))
            return cls.__new__(cls, value)
    if _is_deque(x):
        return None  # made by _fill, which needs the maxlen
    try:
        return cls.__new__(cls)
    except TypeError:
        raise Error(
            "un(%scopyable object of type %s" % ("deep" if deep else "shallow", cls)
        )


def _is_deque(x):
    from collections import deque

    return isinstance(x, deque)


def _reconstruct(x, deep, memo):
    # Objects without a copy hook: user instances, subclasses of built-in
    # containers, deques. For a deep copy the new object is in the memo
    # before its contents are copied, so cycles through it end there.
    cls = type(x)
    y = _new_object(x, deep, memo)
    if y is None:
        # A deque: CPython rebuilds it as cls((), maxlen) and appends.
        y = cls((), x.maxlen) if x.maxlen is not None else cls(())
    if deep:
        memo[id(x)] = y
    state = _state_of(x)
    if deep and state is not None:
        state = deepcopy(state, memo)
    if isinstance(x, dict):
        if hasattr(x, "default_factory"):
            y.default_factory = x.default_factory
        for k, v in x.items():
            if deep:
                k = deepcopy(k, memo)
                v = deepcopy(v, memo)
            y[k] = v
    elif isinstance(x, (list, bytearray)) or _is_deque(x):
        for v in x:
            y.append(deepcopy(v, memo) if deep else v)
    elif isinstance(x, set):
        for v in x:
            y.add(deepcopy(v, memo) if deep else v)
    _set_state(y, state)
    return y


def copy(x):
    """A shallow copy: a new container holding the same items."""
    cls = type(x)
    if cls in _ATOMS or cls is tuple or cls is frozenset or issubclass(cls, type):
        return x
    if cls is list:
        return x[:]
    if cls is dict:
        return dict(x)
    if cls is set:
        return set(x)
    if cls is bytearray:
        return bytearray(x)
    hook = getattr(cls, "__copy__", None)
    if hook is not None:
        return hook(x)
    return _reconstruct(x, False, None)


def deepcopy(x, memo=None, _nil=_NIL):
    """A copy of x and, recursively, of everything it holds. `memo` maps
    id(original) to its copy: an object reached twice is copied once."""
    if memo is None:
        memo = {}
    d = id(x)
    y = memo.get(d, _nil)
    if y is not _nil:
        return y
    cls = type(x)
    if cls in _ATOMS or issubclass(cls, type):
        return x
    if cls is list:
        y = []
        memo[d] = y
        for v in x:
            y.append(deepcopy(v, memo))
    elif cls is dict:
        y = {}
        memo[d] = y
        for k, v in x.items():
            y[deepcopy(k, memo)] = deepcopy(v, memo)
    elif cls is set:
        y = set()
        memo[d] = y
        for v in x:
            y.add(deepcopy(v, memo))
    elif cls is bytearray:
        y = bytearray(x)
    elif cls is tuple or cls is frozenset:
        items = [deepcopy(v, memo) for v in x]
        if d in memo:
            # A cycle through a mutable item copied this tuple already.
            return memo[d]
        y = x
        for a, b in zip(x, items):
            if a is not b:
                y = cls(items)
                break
    else:
        hook = getattr(cls, "__deepcopy__", None)
        if hook is not None:
            y = hook(x, memo)
        else:
            y = _reconstruct(x, True, memo)
    # An object that is its own copy is not remembered (as in CPython).
    if y is not x:
        memo[d] = y
        _keep_alive(x, memo)
    return y


def _keep_alive(x, memo):
    # The memo is keyed by id(): the originals must outlive it, or a new
    # object could reuse an id. They are kept in a list stored in the memo
    # under the memo's own id, where CPython keeps them too.
    key = id(memo)
    if key in memo:
        memo[key].append(x)
    else:
        memo[key] = [x]
