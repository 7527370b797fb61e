# Calls of functions taking *args / **kwargs with positional arguments only
# take a fast binding path (bind.rs, bind_star_positional): each must still
# get a fresh **kwargs dict, the shared empty tuple, CPython's errors, and
# keep its values rooted when building them collects garbage.
import gc
def f(a, *args, **kw):
    gc.collect()
    return a, args, kw
print(f(1), f(1, 2, 3), f(*[1, 2]), f(1, x=2))
def g(a, b, *args):
    return a, b, args
print(g(1, 2), g(1, 2, 3, 4))
try: g(1)
except TypeError as e: print(e)
def h(a, **kw):
    kw['z'] = a
    return kw
d1 = h(1); d2 = h(2)
print(d1, d2, d1 is d2)
try: h(1, 2)
except TypeError as e: print(e)
def k(*args): return args
print(k(), k() is k(), k(1, [2]))
def m(a, b=5, *args, **kw): return a, b, args, kw
print(m(1), m(1, 2), m(1, 2, 3))
def n(a, *args, c, **kw): return a, args, c, kw
try: n(1, 2)
except TypeError as e: print(e)
print(n(1, 2, c=3))
class C:
    def meth(self, *a, **k): return self.__class__.__name__, a, k
print(C().meth(1, 2), C.meth(C(), 3))
def cell(a, *args):
    def inner(): return a, args
    return inner()
print(cell(1, 2, 3))
def deep(*a):
    return deep(*a, 1) if len(a) < 50 else len(a)
print(deep())
# Many calls, each building *args and **kwargs while garbage piles up.
def collect_many(*args, **kw):
    kw['n'] = len(args)
    return kw
total = 0
for i in range(3000):
    total += collect_many(*range(i % 7), [i])['n']
print(total)
