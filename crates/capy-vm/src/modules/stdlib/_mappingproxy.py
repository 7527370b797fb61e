"""A read-only view of a mapping, for capy's frozen modules.

Frozen into the binary (modules/frozen.rs). CPython hands out
types.MappingProxyType views (a dataclass field's metadata, an enum's
__members__); capy has no such type, so this class stands in: reads go
to the mapping it wraps (so the view follows later changes), writes
raise the TypeError CPython's does, repr() shows "mappingproxy({...})"
and str() the mapping's own text, as CPython prints them.
"""


class MappingProxy:
    __slots__ = ("_data",)

    def __init__(self, data):
        object.__setattr__(self, "_data", data)

    def __getitem__(self, key):
        return self._data[key]

    def __setitem__(self, key, value):
        raise TypeError("'mappingproxy' object does not support item assignment")

    def __delitem__(self, key):
        raise TypeError("'mappingproxy' object does not support item deletion")

    def __setattr__(self, name, value):
        raise AttributeError("'mappingproxy' object has no attribute %r" % name)

    def __iter__(self):
        return iter(self._data)

    def __reversed__(self):
        return reversed(list(self._data))

    def __len__(self):
        return len(self._data)

    def __contains__(self, key):
        return key in self._data

    def __eq__(self, other):
        if isinstance(other, MappingProxy):
            other = other._data
        return self._data == other

    def __or__(self, other):
        if isinstance(other, MappingProxy):
            other = other._data
        return dict(self._data) | other

    def get(self, key, default=None):
        return self._data.get(key, default)

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def copy(self):
        return self._data.copy()

    def __repr__(self):
        return "mappingproxy(%r)" % (self._data,)

    def __str__(self):
        return str(self._data)
