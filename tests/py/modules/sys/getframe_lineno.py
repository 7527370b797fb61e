# f_lineno is read live while the frame runs (without copying its
# locals) and keeps the last line read once it has returned.
import sys


def running():
    f = sys._getframe(0)
    first = f.f_lineno
    x = 1
    second = f.f_lineno
    return f, first, second, f.f_locals["x"]


f, a, b, x = running()
print(b - a, x, f.f_lineno == b, sorted(f.f_locals))


def caller_line():
    return sys._getframe(1).f_lineno


line1 = caller_line()
line2 = caller_line()
print(line2 - line1)


def gen():
    fr = sys._getframe(0)
    yield fr.f_lineno
    yield fr.f_lineno


g = gen()
print(-next(g) + next(g))
back = running()[0].f_back
print(back.f_code.co_name, back.f_lineno > 0)
