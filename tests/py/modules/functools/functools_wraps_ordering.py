import functools

def deco(fn):
    @functools.wraps(fn)
    def inner(*a, **k):
        """inner doc"""
        return ("wrapped", fn(*a, **k))
    return inner

def greet(name):
    return "hello " + name

# capy drops function docstrings (as MicroPython does); set one by hand.
greet.__doc__ = "Say hello."
greet = deco(greet)

print(greet("bob"))
print(greet.__name__, greet.__doc__, greet.__wrapped__("x"))
print(greet.__qualname__, greet.__module__)

def plain():
    pass

def w():
    pass

functools.update_wrapper(w, plain, assigned=("__name__",), updated=())
print(w.__name__, w.__wrapped__ is plain)
print(functools.WRAPPER_ASSIGNMENTS)
print(functools.WRAPPER_UPDATES)

# Wrapping something without a __doc__ attribute set still works.
class CallMe:
    def __call__(self):
        return 1

wrapped = functools.wraps(CallMe())(lambda: 2)
print(wrapped(), wrapped.__name__)

# total_ordering
@functools.total_ordering
class V:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        if not isinstance(other, V):
            return NotImplemented
        return self.v == other.v

    def __lt__(self, other):
        if not isinstance(other, V):
            return NotImplemented
        return self.v < other.v

    def __repr__(self):
        return "V(%d)" % self.v

a, b, c = V(1), V(2), V(1)
print(a < b, a > b, a <= b, a >= b, a <= c, a >= c, b > a, b >= a)
print(sorted([V(3), V(1), V(2)]), max(V(4), V(9)))
try:
    a > 5
except TypeError as e:
    print("TypeError:", e)
try:
    a <= "x"
except TypeError as e:
    print("TypeError:", e)

for root in ("__le__", "__gt__", "__ge__"):
    def make(root):
        ns = {
            "__init__": lambda self, v: setattr(self, "v", v),
            "__eq__": lambda self, o: self.v == o.v,
            root: {
                "__le__": lambda self, o: self.v <= o.v,
                "__gt__": lambda self, o: self.v > o.v,
                "__ge__": lambda self, o: self.v >= o.v,
            }[root],
        }
        return functools.total_ordering(type("T" + root, (), ns))
    T = make(root)
    x, y, z = T(1), T(2), T(1)
    print(root, [x < y, x > y, x <= y, x >= y, x < z, x > z, x <= z, x >= z, y < x, y >= x])

try:
    @functools.total_ordering
    class NoOrder:
        pass
except ValueError as e:
    print("ValueError:", e)

# Inherited root
class Base:
    def __init__(self, v):
        self.v = v
    def __gt__(self, o):
        return self.v > o.v

@functools.total_ordering
class Derived(Base):
    pass

print(Derived(1) < Derived(2), Derived(1) >= Derived(2), Derived(2) <= Derived(2))

# cmp_to_key
def cmp(a, b):
    return (a > b) - (a < b)

def rcmp(a, b):
    return cmp(len(a), len(b)) or cmp(b, a)

print(sorted([5, 2, 9, 1], key=functools.cmp_to_key(cmp)))
print(sorted(["bb", "a", "ccc", "aa", "c"], key=functools.cmp_to_key(rcmp)))
K = functools.cmp_to_key(cmp)
print(K(1) < K(2), K(2) <= K(2), K(3) == K(3), K(3) != K(4), K(5) > K(1), K(0) >= K(1))
try:
    hash(K(1))
except TypeError:
    print("unhashable")
print(min([3, 1, 2], key=functools.cmp_to_key(lambda a, b: b - a)))
