# collections.abc: isinstance/issubclass of built-in types and of classes
# that only define the methods; the mixin methods of Mapping,
# MutableMapping, Sequence, MutableSequence, Set and MutableSet.
import collections.abc as cabc
from collections.abc import (Iterable, Iterator, Generator, Mapping, MutableMapping, Sequence,
                             MutableSequence, Set, MutableSet, Callable, Hashable, Sized,
                             Container, Collection, Reversible, Awaitable, Coroutine,
                             AsyncIterable, AsyncIterator, AsyncGenerator, KeysView,
                             ItemsView, ValuesView, ByteString)
import collections

print(collections.abc is cabc, cabc.Mapping.__module__, repr(Iterable))


def g():
    yield 1


async def co():
    pass


async def ag():
    yield 1


c = co()
values = [[], (), "", b"", bytearray(), {}, set(), frozenset(), range(3), iter([]), g(), c, ag(),
          len, 1, None, {}.keys(), {}.items(), {}.values(), memoryview(b"")]
abcs = [Iterable, Iterator, Generator, Mapping, MutableMapping, Sequence, MutableSequence, Set,
        MutableSet, Callable, Hashable, Sized, Container, Collection, Reversible, Awaitable,
        Coroutine, AsyncIterable, AsyncIterator, AsyncGenerator, KeysView, ItemsView, ValuesView,
        ByteString]
for i, v in enumerate(values):
    print(i, "".join("1" if isinstance(v, a) else "." for a in abcs))
c.close()


class OnlyIter:
    def __iter__(self):
        return iter([1, 2])


class NoHash:
    __hash__ = None


class Sz:
    def __len__(self):
        return 0


print(isinstance(OnlyIter(), Iterable), isinstance(OnlyIter(), Iterator), issubclass(OnlyIter, Iterable))
print(isinstance(NoHash(), Hashable), isinstance(Sz(), Sized), issubclass(list, Sequence), issubclass(dict, Sequence))


class MyMap(Mapping):
    def __init__(self, d):
        self._d = d

    def __getitem__(self, k):
        return self._d[k]

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)


m = MyMap({"a": 1, "b": 2})
print(m.get("a"), m.get("z", 0), "a" in m, "z" in m, list(m.keys()), list(m.items()), list(m.values()))
print(m == {"a": 1, "b": 2}, m == MyMap({"a": 1}), len(m.keys()), ("a", 1) in m.items(), 2 in m.values())
print(m.keys() & {"a", "q"}, sorted(m.keys() | {"c"}), isinstance(m, MutableMapping))


class MyDict(MutableMapping):
    def __init__(self):
        self._d = {}

    def __getitem__(self, k):
        return self._d[k]

    def __setitem__(self, k, v):
        self._d[k] = v

    def __delitem__(self, k):
        del self._d[k]

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)


d = MyDict()
d.update({"x": 1}, y=2)
d.update([("z", 3)])
print(sorted(d.items()), d.setdefault("x", 9), d.setdefault("w", 4), d.pop("w"), d.pop("nope", "dflt"))
print(d.popitem(), len(d))
d.clear()
print(len(d))
try:
    d.pop("gone")
except KeyError as e:
    print("KeyError", e)


class MySeq(MutableSequence):
    def __init__(self, *items):
        self._l = list(items)

    def __getitem__(self, i):
        return self._l[i]

    def __setitem__(self, i, v):
        self._l[i] = v

    def __delitem__(self, i):
        del self._l[i]

    def __len__(self):
        return len(self._l)

    def insert(self, i, v):
        self._l.insert(i, v)


s = MySeq(3, 1, 2)
s.append(5)
s.extend([6, 1])
print(list(s), s.index(1), s.index(1, 2), s.count(1), 5 in s, list(reversed(s)))
s.reverse()
print(list(s), s.pop(), s.pop(0))
s.remove(2)
s += [7]
print(list(s))
try:
    s.index(42)
except ValueError:
    print("ValueError")


class MySet(MutableSet):
    def __init__(self, items=()):
        self._s = set(items)

    def __contains__(self, x):
        return x in self._s

    def __iter__(self):
        return iter(sorted(self._s))

    def __len__(self):
        return len(self._s)

    def add(self, x):
        self._s.add(x)

    def discard(self, x):
        self._s.discard(x)

    def __repr__(self):
        return "MySet(%s)" % sorted(self._s)


a, b = MySet([1, 2, 3]), MySet([3, 4])
print(a | b, a & b, a - b, a ^ b, a <= MySet([1, 2, 3, 4]), a < a, a == MySet([3, 2, 1]), a.isdisjoint(b))
a |= {9}
a -= {1}
print(a, a.pop(), a)
a.remove(3)
try:
    a.remove(100)
except KeyError as e:
    print("KeyError", e)


class Abstract(Sequence):
    pass


try:
    Abstract()
except TypeError as e:
    print("TypeError", e)
import typing
print(isinstance([], typing.Iterable), isinstance(1, typing.Iterable), issubclass(dict, typing.Mapping), isinstance({}, typing.Dict), isinstance((), typing.Sequence))
try:
    isinstance([], typing.List[int])
except TypeError as e:
    print(e)
