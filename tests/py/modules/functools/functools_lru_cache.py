import functools

calls = []

@functools.lru_cache(maxsize=3)
def sq(x):
    calls.append(x)
    return x * x

print([sq(i) for i in (1, 2, 3, 1, 2, 4, 1, 3)])
print(calls)
print(sq.cache_info())
info = sq.cache_info()
print(info.hits, info.misses, info.maxsize, info.currsize, info[0], tuple(info))
sq.cache_clear()
print(sq.cache_info())
print(sq.cache_parameters())
print(sq.__name__, sq.__wrapped__(5))

@functools.lru_cache
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)

print(fib(80), fib.cache_info())

@functools.cache
def fact(n):
    return 1 if n == 0 else n * fact(n - 1)

print(fact(20), fact.cache_info())
print(fact.cache_parameters())

@functools.lru_cache(maxsize=None)
def kw(a, b=1, **k):
    calls.append((a, b))
    return a + b + sum(k.values())

calls.clear()
print(kw(1), kw(1), kw(1, 2), kw(1, b=2), kw(a=1, b=2), kw(1, x=3), kw(1, x=3))
print(calls, kw.cache_info())

@functools.lru_cache(typed=True)
def t(x):
    calls.append(x)
    return x

calls.clear()
t(1); t(1.0); t(1); t(True)
print(calls, t.cache_info().currsize)

@functools.lru_cache()
def u(x):
    calls.append(x)
    return x

calls.clear()
u(1); u(1.0); u(True)
print(calls, u.cache_info())

@functools.lru_cache(maxsize=0)
def z(x):
    return x

z(1); z(1)
print(z.cache_info())

try:
    @functools.lru_cache(maxsize="big")
    def bad():
        pass
except TypeError as e:
    print("TypeError:", e)

try:
    sq([1])
except TypeError as e:
    print("TypeError")

# LRU order: a hit refreshes the entry
calls.clear()
@functools.lru_cache(maxsize=2)
def g(x):
    calls.append(x)
    return x

g(1); g(2); g(1); g(3); g(1); g(2)
print(calls, g.cache_info())

# As a method
class A:
    def __init__(self, k):
        self.k = k

    @functools.lru_cache(maxsize=None)
    def m(self, x):
        calls.append((self.k, x))
        return self.k * x

    def __hash__(self):
        return self.k

    def __eq__(self, other):
        return self.k == other.k

calls.clear()
a, b = A(2), A(3)
print(a.m(5), a.m(5), b.m(5), A.m(a, 5))
print(calls, A.m.cache_info())

# Exceptions are not cached
n = [0]
@functools.lru_cache
def flaky(x):
    n[0] += 1
    if n[0] == 1:
        raise ValueError("first")
    return x

try:
    flaky(1)
except ValueError as e:
    print("ValueError", e)
print(flaky(1), flaky(1), flaky.cache_info())
