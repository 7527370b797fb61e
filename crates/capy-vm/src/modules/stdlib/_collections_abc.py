"""collections.abc for capy: the abstract base classes of containers.

Frozen into the binary (modules/frozen.rs); `collections.abc` is this
module. Each ABC recognises classes that define its abstract methods
(`__subclasshook__`, so `isinstance([], Iterable)` and a user class with
`__iter__` both pass) and has the built-in types registered where they
belong. The mixin methods are the documented ones (Mapping.get,
MutableMapping.update, Sequence.index, Set operators, ...).
"""

from abc import ABCMeta, abstractmethod

__all__ = [
    "Awaitable", "Coroutine", "AsyncIterable", "AsyncIterator", "AsyncGenerator",
    "Hashable", "Iterable", "Iterator", "Generator", "Reversible", "Sized",
    "Container", "Callable", "Collection", "Set", "MutableSet", "Mapping",
    "MutableMapping", "MappingView", "KeysView", "ItemsView", "ValuesView",
    "Sequence", "MutableSequence", "ByteString",
]


def _defines(C, *methods):
    # Whether C (or a base) defines each method, not as None.
    mro = C.__mro__
    for name in methods:
        for B in mro:
            if name in B.__dict__:
                if B.__dict__[name] is None:
                    return NotImplemented
                break
        else:
            return NotImplemented
    return True


def _hook(*methods):
    # A __subclasshook__ for an ABC: classes defining `methods` are its
    # virtual subclasses (only for that ABC itself, not its subclasses).
    def __subclasshook__(cls, C):
        if cls is _hooked[id(__subclasshook__)]:
            return _defines(C, *methods)
        return NotImplemented
    return __subclasshook__


_hooked = {}


def _abc(name, bases, methods, ns=None):
    ns = dict(ns or {})
    hook = _hook(*methods)
    ns["__subclasshook__"] = classmethod(hook)
    ns["__module__"] = "collections.abc"
    ns["__slots__"] = ()
    cls = ABCMeta(name, bases, ns)
    _hooked[id(hook)] = cls
    return cls


class _Base:
    __slots__ = ()


Hashable = _abc("Hashable", (), ("__hash__",), {"__hash__": abstractmethod(lambda self: 0)})
Awaitable = _abc("Awaitable", (), ("__await__",), {"__await__": abstractmethod(lambda self: iter(()))})
Iterable = _abc("Iterable", (), ("__iter__",), {"__iter__": abstractmethod(lambda self: iter(()))})
AsyncIterable = _abc("AsyncIterable", (), ("__aiter__",),
                     {"__aiter__": abstractmethod(lambda self: AsyncIterator())})
Sized = _abc("Sized", (), ("__len__",), {"__len__": abstractmethod(lambda self: 0)})
Container = _abc("Container", (), ("__contains__",),
                 {"__contains__": abstractmethod(lambda self, x: False)})
Callable = _abc("Callable", (), ("__call__",), {"__call__": abstractmethod(lambda self, *a, **k: False)})


def _iter_self(self):
    return self


def _next_stop(self):
    raise StopIteration


Iterator = _abc("Iterator", (Iterable,), ("__iter__", "__next__"),
                {"__next__": abstractmethod(_next_stop), "__iter__": _iter_self})
Reversible = _abc("Reversible", (Iterable,), ("__reversed__", "__iter__"),
                  {"__reversed__": abstractmethod(lambda self: iter(()))})
Collection = _abc("Collection", (Sized, Iterable, Container), ("__len__", "__iter__", "__contains__"))


def _gen_next(self):
    return self.send(None)


def _gen_close(self):
    try:
        self.throw(GeneratorExit)
    except (GeneratorExit, StopIteration):
        pass
    else:
        raise RuntimeError("generator ignored GeneratorExit")


def _throw(self, typ, val=None, tb=None):
    if val is None:
        raise typ
    raise val


Generator = _abc("Generator", (Iterator,), ("__iter__", "__next__", "send", "throw", "close"),
                 {"__next__": _gen_next, "send": abstractmethod(lambda self, v: None),
                  "throw": abstractmethod(_throw), "close": _gen_close})
Coroutine = _abc("Coroutine", (Awaitable,), ("__await__", "send", "throw", "close"),
                 {"send": abstractmethod(lambda self, v: None), "throw": abstractmethod(_throw),
                  "close": _gen_close})


async def _anext_stop(self):
    raise StopAsyncIteration


AsyncIterator = _abc("AsyncIterator", (AsyncIterable,), ("__anext__", "__aiter__"),
                     {"__anext__": abstractmethod(_anext_stop), "__aiter__": _iter_self})


async def _agen_anext(self):
    return await self.asend(None)


async def _agen_aclose(self):
    try:
        await self.athrow(GeneratorExit)
    except (GeneratorExit, StopAsyncIteration):
        pass
    else:
        raise RuntimeError("asynchronous generator ignored GeneratorExit")


async def _asend(self, value):
    raise StopAsyncIteration


async def _athrow(self, typ, val=None, tb=None):
    if val is None:
        raise typ
    raise val


AsyncGenerator = _abc("AsyncGenerator", (AsyncIterator,),
                      ("__aiter__", "__anext__", "asend", "athrow", "aclose"),
                      {"__anext__": _agen_anext, "asend": abstractmethod(_asend),
                       "athrow": abstractmethod(_athrow), "aclose": _agen_aclose})


# ---- sets ----

class Set(Collection):
    __slots__ = ()
    __module__ = "collections.abc"

    @classmethod
    def __subclasshook__(cls, C):
        return NotImplemented

    @classmethod
    def _from_iterable(cls, it):
        return cls(it)

    def __le__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) <= len(other) and all(e in other for e in self)

    def __lt__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) < len(other) and self.__le__(other)

    def __gt__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) > len(other) and self.__ge__(other)

    def __ge__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) >= len(other) and all(e in self for e in other)

    def __eq__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) == len(other) and self.__le__(other)

    def __and__(self, other):
        if not isinstance(other, Iterable):
            return NotImplemented
        return self._from_iterable(v for v in other if v in self)

    __rand__ = __and__

    def isdisjoint(self, other):
        return not any(v in self for v in other)

    def __or__(self, other):
        if not isinstance(other, Iterable):
            return NotImplemented
        return self._from_iterable(e for s in (self, other) for e in s)

    __ror__ = __or__

    def __sub__(self, other):
        if not isinstance(other, Set):
            if not isinstance(other, Iterable):
                return NotImplemented
            other = self._from_iterable(other)
        return self._from_iterable(v for v in self if v not in other)

    def __rsub__(self, other):
        if not isinstance(other, Set):
            if not isinstance(other, Iterable):
                return NotImplemented
            other = self._from_iterable(other)
        return self._from_iterable(v for v in other if v not in self)

    def __xor__(self, other):
        if not isinstance(other, Set):
            if not isinstance(other, Iterable):
                return NotImplemented
            other = self._from_iterable(other)
        return (self - other) | (other - self)

    __rxor__ = __xor__

    def _hash(self):
        h = 0
        for e in self:
            h ^= hash(e) * 2654435761 & 0xFFFFFFFFFFFF
        return h


class MutableSet(Set):
    __slots__ = ()
    __module__ = "collections.abc"

    @abstractmethod
    def add(self, value):
        raise NotImplementedError

    @abstractmethod
    def discard(self, value):
        raise NotImplementedError

    def remove(self, value):
        if value not in self:
            raise KeyError(value)
        self.discard(value)

    def pop(self):
        it = iter(self)
        try:
            value = next(it)
        except StopIteration:
            raise KeyError from None
        self.discard(value)
        return value

    def clear(self):
        try:
            while True:
                self.pop()
        except KeyError:
            pass

    def __ior__(self, it):
        for value in it:
            self.add(value)
        return self

    def __iand__(self, it):
        for value in self - it:
            self.discard(value)
        return self

    def __ixor__(self, it):
        if it is self:
            self.clear()
        else:
            if not isinstance(it, Set):
                it = self._from_iterable(it)
            for value in it:
                if value in self:
                    self.discard(value)
                else:
                    self.add(value)
        return self

    def __isub__(self, it):
        if it is self:
            self.clear()
        else:
            for value in it:
                self.discard(value)
        return self


# ---- mappings ----

class Mapping(Collection):
    __slots__ = ()
    __module__ = "collections.abc"
    __reversed__ = None

    @classmethod
    def __subclasshook__(cls, C):
        return NotImplemented

    @abstractmethod
    def __getitem__(self, key):
        raise KeyError

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key):
        try:
            self[key]
        except KeyError:
            return False
        return True

    def keys(self):
        return KeysView(self)

    def items(self):
        return ItemsView(self)

    def values(self):
        return ValuesView(self)

    def __eq__(self, other):
        if not isinstance(other, Mapping):
            return NotImplemented
        return dict(self.items()) == dict(other.items())


class MappingView(Sized):
    __slots__ = ("_mapping",)
    __module__ = "collections.abc"

    def __init__(self, mapping):
        self._mapping = mapping

    def __len__(self):
        return len(self._mapping)

    def __repr__(self):
        return "{0.__class__.__name__}({0._mapping!r})".format(self)


class KeysView(MappingView, Set):
    __slots__ = ()
    __module__ = "collections.abc"

    @classmethod
    def _from_iterable(cls, it):
        return set(it)

    def __contains__(self, key):
        return key in self._mapping

    def __iter__(self):
        yield from self._mapping


class ItemsView(MappingView, Set):
    __slots__ = ()
    __module__ = "collections.abc"

    @classmethod
    def _from_iterable(cls, it):
        return set(it)

    def __contains__(self, item):
        key, value = item
        try:
            v = self._mapping[key]
        except KeyError:
            return False
        return v is value or v == value

    def __iter__(self):
        for key in self._mapping:
            yield (key, self._mapping[key])


class ValuesView(MappingView, Collection):
    __slots__ = ()
    __module__ = "collections.abc"

    def __contains__(self, value):
        for key in self._mapping:
            v = self._mapping[key]
            if v is value or v == value:
                return True
        return False

    def __iter__(self):
        for key in self._mapping:
            yield self._mapping[key]


_MISSING = object()


class MutableMapping(Mapping):
    __slots__ = ()
    __module__ = "collections.abc"

    @abstractmethod
    def __setitem__(self, key, value):
        raise KeyError

    @abstractmethod
    def __delitem__(self, key):
        raise KeyError

    def pop(self, key, default=_MISSING):
        try:
            value = self[key]
        except KeyError:
            if default is _MISSING:
                raise
            return default
        del self[key]
        return value

    def popitem(self):
        try:
            key = next(iter(self))
        except StopIteration:
            raise KeyError from None
        value = self[key]
        del self[key]
        return key, value

    def clear(self):
        try:
            while True:
                self.popitem()
        except KeyError:
            pass

    def update(self, other=(), /, **kwds):
        if isinstance(other, Mapping):
            for key in other:
                self[key] = other[key]
        elif hasattr(other, "keys"):
            for key in other.keys():
                self[key] = other[key]
        else:
            for key, value in other:
                self[key] = value
        for key, value in kwds.items():
            self[key] = value

    def setdefault(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            self[key] = default
        return default


# ---- sequences ----

class Sequence(Reversible, Collection):
    __slots__ = ()
    __module__ = "collections.abc"

    @classmethod
    def __subclasshook__(cls, C):
        return NotImplemented

    @abstractmethod
    def __getitem__(self, index):
        raise IndexError

    def __iter__(self):
        i = 0
        try:
            while True:
                v = self[i]
                yield v
                i += 1
        except IndexError:
            return

    def __contains__(self, value):
        for v in self:
            if v is value or v == value:
                return True
        return False

    def __reversed__(self):
        for i in reversed(range(len(self))):
            yield self[i]

    def index(self, value, start=0, stop=None):
        if start is not None and start < 0:
            start = max(len(self) + start, 0)
        if stop is not None and stop < 0:
            stop += len(self)
        i = start
        while stop is None or i < stop:
            try:
                v = self[i]
            except IndexError:
                break
            if v is value or v == value:
                return i
            i += 1
        raise ValueError

    def count(self, value):
        return sum(1 for v in self if v is value or v == value)


class ByteString(Sequence):
    __slots__ = ()
    __module__ = "collections.abc"


class MutableSequence(Sequence):
    __slots__ = ()
    __module__ = "collections.abc"

    @abstractmethod
    def __setitem__(self, index, value):
        raise IndexError

    @abstractmethod
    def __delitem__(self, index):
        raise IndexError

    @abstractmethod
    def insert(self, index, value):
        raise IndexError

    def append(self, value):
        self.insert(len(self), value)

    def clear(self):
        try:
            while True:
                self.pop()
        except IndexError:
            pass

    def reverse(self):
        n = len(self)
        for i in range(n // 2):
            self[i], self[n - i - 1] = self[n - i - 1], self[i]

    def extend(self, values):
        if values is self:
            values = list(values)
        for v in values:
            self.append(v)

    def pop(self, index=-1):
        v = self[index]
        del self[index]
        return v

    def remove(self, value):
        del self[self.index(value)]

    def __iadd__(self, values):
        self.extend(values)
        return self


# ---- the built-in types ----

def _registrations():
    async def _coro():
        pass

    async def _agen():
        yield

    def _gen():
        yield

    coro = _coro()
    coro.close()
    d = {}
    callables = (type(len), type(_gen), type(_Base().__repr__), type([].append))
    return [
        (Callable, callables),
        (Hashable, (int, float, complex, str, bytes, tuple, frozenset, type(None), bool, range, type)),
        (Iterator, (type(iter([])), type(iter(())), type(iter("")), type(iter(range(0))),
                    type(iter({})), type(iter(set())), type(iter(b"")), type(zip()),
                    type(map(len, [])), type(filter(None, [])), type(enumerate([])),
                    type(reversed([])))),
        (Generator, (type(_gen()),)),
        (Coroutine, (type(coro),)),
        (AsyncGenerator, (type(_agen()),)),
        # dict and its views reverse natively (reversed() of them works),
        # without a __reversed__ attribute.
        (Reversible, (dict, type(d.keys()), type(d.items()), type(d.values()))),
        (Sequence, (tuple, str, range, memoryview)),
        (ByteString, (bytes, bytearray)),
        (MutableSequence, (list, bytearray)),
        (Set, (frozenset,)),
        (MutableSet, (set,)),
        (Mapping, ()),
        (MutableMapping, (dict,)),
        (KeysView, (type(d.keys()),)),
        (ValuesView, (type(d.values()),)),
        (ItemsView, (type(d.items()),)),
    ]


for _abc_cls, _types in _registrations():
    for _t in _types:
        _abc_cls.register(_t)
del _abc_cls, _types, _t
