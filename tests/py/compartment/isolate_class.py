# @compartment.isolate on a class: rebuilt in a compartment of its own on
# first use; instances live there and the caller holds handles.
import compartment

secret = "host secret"


@compartment.isolate(heap="2M", steps=100000)
class Cache:
    limit = 3
    kind = ("lru", 1)

    def __init__(self, limit=None):
        self.items = []
        self.limit = limit or Cache.limit

    def put(self, x):
        self.items.append(x)
        if len(self.items) > self.limit:
            self.items.pop(0)
        return len(self.items)

    def get(self):
        return list(self.items)

    def peek_host(self):
        return secret

    @staticmethod
    def describe():
        return "a cache"

    @classmethod
    def make(cls, n):
        return cls(n)

    def __repr__(self):
        return "Cache(%r)" % self.items


class Base:
    pass


class Derived(Base):
    pass


@compartment.isolate
class Counts(dict):
    def bump(self, k):
        self[k] = self.get(k, 0) + 1
        return self[k]

    def __repr__(self):
        return "Counts(" + super().__repr__() + ")"


c = Cache()
for i in range(5):
    c.put(i)
print(c.get(), c, c.limit, Cache.limit, Cache.kind, Cache.describe())
m = Cache.make(1)
m.put("a")
m.put("b")
print(m.get(), type(c).__name__, repr(Cache.compartment))
try:
    c.peek_host()
except compartment.CompartmentError as e:
    print(e.kind, e.message)
try:
    c.put("x" * 3000000)
except compartment.CompartmentError as e:
    print(e.kind)
print(c.get())

k = Counts()
k.bump("x")
print(k.bump("x"), k["x"], len(k), k)

for bad in [Derived, compartment.Compartment]:
    try:
        compartment.isolate(bad)
    except TypeError as e:
        print("TypeError:", e)


def outer():
    y = 1

    class Inner:
        def f(self):
            return y

    return Inner


try:
    compartment.isolate(outer())
except TypeError as e:
    print("TypeError:", e)
try:

    @compartment.isolate
    class WithGenerator:
        g = [1, 2]

except TypeError as e:
    print("TypeError:", e)
