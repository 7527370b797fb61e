from typing import Generic, TypeVar, List, Dict, Optional, Protocol, runtime_checkable
import typing

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")

class Stack(Generic[T]):
    def __init__(self):
        self.items = []

    def push(self, item):
        self.items.append(item)

    def pop(self):
        return self.items.pop()

s = Stack[int]()
s.push(1)
s.push(2)
print(s.pop(), type(s).__name__, s.__orig_class__)
print(Stack[int], Stack[str] == Stack[str], Stack.__parameters__, Stack[int].__origin__ is Stack)
print(Stack.__orig_bases__, Stack.__bases__, Stack.__mro__[1:])
print(typing.get_origin(Stack[int]), typing.get_args(Stack[int]))
s2 = Stack()
s2.push("x")
print(s2.items, isinstance(s2, Stack), isinstance(s2, Generic))

class Pair(Generic[K, V]):
    def __init__(self, k, v):
        self.k, self.v = k, v

print(Pair[str, int], Pair.__parameters__, Pair[str, int]("a", 1).v)
print(Pair[K, List[V]], Pair[K, List[V]][str, int])
try:
    Pair[int]
except TypeError as e:
    print("TypeError:", e)
try:
    Pair[int, int, int]
except TypeError as e:
    print("TypeError:", e)

# subclasses of generics
class IntStack(Stack[int]):
    pass

print(IntStack.__parameters__, IntStack.__bases__, IntStack.__orig_bases__)
st = IntStack()
st.push(5)
print(st.pop())
try:
    IntStack[int]
except TypeError as e:
    print("TypeError:", e)

class Mapping2(Pair[K, V], Dict[K, V]):
    pass

print(Mapping2.__parameters__, [c.__name__ for c in Mapping2.__mro__])

class Partial(Pair[str, V]):
    pass

print(Partial.__parameters__, Partial[int])

class Explicit(Stack[T], Generic[T, K]):
    pass

print(Explicit.__parameters__)
try:
    class Bad(Stack[T], Generic[K]):
        pass
except TypeError as e:
    print("TypeError:", e)
try:
    Generic[int]
except TypeError as e:
    print("TypeError:", e)
try:
    Generic[T, T]
except TypeError as e:
    print("TypeError:", e)
print(Generic[T], typing.Protocol[T])

class Plain:
    pass

try:
    Plain[int]
except TypeError as e:
    print("TypeError")

# a generic subclass of a built-in
class MyList(List[T]):
    def first(self):
        return self[0]

ml = MyList([3, 4])
print(ml.first(), MyList.__bases__, MyList.__parameters__, isinstance(ml, list))

# Protocol
class SupportsClose(Protocol):
    def close(self):
        ...

class Resource:
    def close(self):
        return "closed"

class Explicitly(SupportsClose):
    def close(self):
        return "explicit"

print(Resource().close(), Explicitly().close())
try:
    SupportsClose()
except TypeError as e:
    print("TypeError:", e)

class GenProto(Protocol[T]):
    def get(self):
        ...

print(GenProto.__parameters__, GenProto[int])
try:
    GenProto()
except TypeError as e:
    print("TypeError:", e)

@runtime_checkable
class Closeable(Protocol):
    def close(self):
        ...

print(Closeable.__name__, Closeable._is_runtime_protocol)
try:
    runtime_checkable(Plain)
except TypeError as e:
    print("TypeError")
