"""The parts of `collections` written in Python: Counter's arithmetic and
comparisons, and ChainMap.

`collections` itself is native (modules/collections.rs); when it is first
imported it calls `install` with its Counter class and its namespace.
"""


def _positive(counter):
    for elem in [e for e, n in counter.items() if not n > 0]:
        del counter[elem]
    return counter


def _counter_methods(Counter):
    def merge(self, other, combine):
        # Every element of either, its two counts combined (a missing one
        # is 0), kept when positive.
        if not isinstance(other, Counter):
            return NotImplemented
        out = Counter()
        for elem, n in self.items():
            v = combine(n, other[elem])
            if v > 0:
                out[elem] = v
        for elem, n in other.items():
            if elem not in self:
                v = combine(0, n)
                if v > 0:
                    out[elem] = v
        return out

    def __add__(self, other):
        return merge(self, other, lambda a, b: a + b)

    def __sub__(self, other):
        return merge(self, other, lambda a, b: a - b)

    def __or__(self, other):
        return merge(self, other, lambda a, b: b if a < b else a)

    def __and__(self, other):
        return merge(self, other, lambda a, b: a if a < b else b)

    def __pos__(self):
        out = Counter()
        for elem, n in self.items():
            if n > 0:
                out[elem] = n
        return out

    def __neg__(self):
        out = Counter()
        for elem, n in self.items():
            if n < 0:
                out[elem] = 0 - n
        return out

    def __iadd__(self, other):
        for elem, n in other.items():
            self[elem] += n
        return _positive(self)

    def __isub__(self, other):
        for elem, n in other.items():
            self[elem] -= n
        return _positive(self)

    def __ior__(self, other):
        for elem, n in other.items():
            if n > self[elem]:
                self[elem] = n
        return _positive(self)

    def __iand__(self, other):
        for elem, n in self.items():
            m = other[elem]
            if m < n:
                self[elem] = m
        return _positive(self)

    # Since 3.10 a missing element counts as zero in comparisons.
    def __eq__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] == other[e] for c in (self, other) for e in c)

    def __ne__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return not self == other

    def __le__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] <= other[e] for c in (self, other) for e in c)

    def __lt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self <= other and self != other

    def __ge__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] >= other[e] for c in (self, other) for e in c)

    def __gt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self >= other and self != other

    return [__add__, __sub__, __or__, __and__, __pos__, __neg__, __iadd__,
            __isub__, __ior__, __iand__, __eq__, __ne__, __le__, __lt__,
            __ge__, __gt__]


class ChainMap:
    """Several mappings seen as one: lookups search them in order; writes
    and deletions go to the first."""

    def __init__(self, *maps):
        self.maps = list(maps) or [{}]

    def __missing__(self, key):
        raise KeyError(key)

    def __getitem__(self, key):
        for mapping in self.maps:
            if key in mapping:
                return mapping[key]
        return self.__missing__(key)

    def get(self, key, default=None):
        return self[key] if key in self else default

    def _merged(self):
        d = {}
        for mapping in reversed(self.maps):
            for k in mapping:
                d[k] = None
        return d

    def __len__(self):
        return len(self._merged())

    def __iter__(self):
        return iter(self._merged())

    def __contains__(self, key):
        return any(key in m for m in self.maps)

    def __bool__(self):
        return any(self.maps)

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__, ", ".join(repr(m) for m in self.maps))

    def keys(self):
        return self._merged().keys()

    def items(self):
        return [(k, self[k]) for k in self._merged()]

    def values(self):
        return [self[k] for k in self._merged()]

    @classmethod
    def fromkeys(cls, iterable, value=None):
        return cls(dict.fromkeys(iterable, value))

    def copy(self):
        return type(self)(self.maps[0].copy(), *self.maps[1:])

    __copy__ = copy

    def new_child(self, m=None, **kwargs):
        if m is None:
            m = kwargs
        elif kwargs:
            m.update(kwargs)
        return type(self)(m, *self.maps)

    @property
    def parents(self):
        return type(self)(*self.maps[1:])

    def __setitem__(self, key, value):
        self.maps[0][key] = value

    def __delitem__(self, key):
        try:
            del self.maps[0][key]
        except KeyError:
            raise KeyError("Key not found in the first mapping: {!r}".format(key))

    def popitem(self):
        try:
            return self.maps[0].popitem()
        except KeyError:
            raise KeyError("No keys found in the first mapping.")

    def pop(self, key, *default):
        try:
            return self.maps[0].pop(key, *default)
        except KeyError:
            raise KeyError("Key not found in the first mapping: {!r}".format(key))

    def clear(self):
        self.maps[0].clear()

    def update(self, other=(), **kwargs):
        self.maps[0].update(other, **kwargs)

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def __eq__(self, other):
        try:
            return dict(self.items()) == dict(other.items())
        except AttributeError:
            return NotImplemented

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        m = self.copy()
        m.maps[0].update(other)
        return m

    def __ior__(self, other):
        self.maps[0].update(other)
        return self

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        m = dict(other)
        for child in reversed(self.maps):
            m.update(child)
        return type(self)(m)


def install(Counter, namespace):
    for f in _counter_methods(Counter):
        setattr(Counter, f.__name__, f)
    ChainMap.__module__ = "collections"
    namespace["ChainMap"] = ChainMap
