# sys._getframe: frames of the running code, innermost first through
# f_back; f_lineno and f_locals are read live while the frame runs.
import sys
def where(depth=1):
    f = sys._getframe(depth)
    return f.f_code.co_name, f.f_lineno
def outer():
    a = 5
    b = [a]
    def inner():
        c = a + 1
        f = sys._getframe()
        print(sorted(f.f_locals), f.f_locals['c'], f.f_back.f_code.co_name)
        return where()
    return inner()
print(outer())
print(where(0))
f = sys._getframe()
print(f.f_code.co_name, f.f_back, f.f_globals is globals(), f.f_locals is globals(), f.f_lineno)
class K:
    x = 1
    fr = sys._getframe()
    print(fr.f_code.co_name, sorted(k for k in fr.f_locals if not k.startswith('__')))
try: sys._getframe(1000)
except ValueError as e: print(e)
def rec(n):
    if n == 0:
        f = sys._getframe(); k = 0
        while f: k += 1; f = f.f_back
        return k
    return rec(n - 1)
print(rec(10))
def g():
    yield sys._getframe().f_back.f_code.co_name
print(next(g()), 'f_builtins' and 'len' in sys._getframe().f_builtins)
print(repr(sys._getframe()).startswith('<frame at 0x'))

# The frames behind the one asked for are made when f_back reaches them:
# each is made once (the same object on every read), reads as CPython's
# while its function runs, and keeps its line once it has returned.
def outer_lazy():
    return middle_lazy()
def middle_lazy():
    x_middle = 7
    return inner_lazy()
def inner_lazy():
    f = sys._getframe()
    b1 = f.f_back
    print(b1 is f.f_back, b1.f_code.co_name, b1.f_back.f_code.co_name)
    print(sorted(b1.f_locals))
    return b1
kept = outer_lazy()
print(kept.f_code.co_name, kept.f_back.f_code.co_name, type(kept.f_lineno).__name__)
depth = 0
f = sys._getframe()
while f.f_back is not None:
    depth += 1
    f = f.f_back
print(depth, f.f_code.co_name)
