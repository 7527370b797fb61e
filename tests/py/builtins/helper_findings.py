# Differences found while writing the standard library, fixed: the
# messages of % by zero and of a sequence times a non-int, attributes of
# a function read through its bound method, and the traceback argument
# of __exit__ (not None when an exception is passing).
for src in ["1 % 0", "10**30 % 0", "1 // 0", "divmod(1, 0)", "'x' * 1.5", "[1] * 1.5", "1.5 * 'x'", "b'x' * 2.0", "(1,) * 1.0", "'x' * 'y'"]:
    try:
        eval(src)
    except Exception as e:
        print(src, "|", type(e).__name__, e)


class A:
    def m(self):
        return 1


A.m.flag = "set"
print(getattr(A().m, "flag", None), A().m.__func__.flag, getattr(A().m, "nope", "default"))


class CM:
    def __enter__(self):
        return self

    def __exit__(self, t, v, tb):
        print(t.__name__ if t else None, tb is None)
        return True


with CM():
    raise ValueError("x")
with CM():
    pass

import sys

a = sys.intern("hello world")
b = sys.intern("hello " + "world".strip())
print(a is b, a)
try:
    sys.intern(1)
except TypeError as e:
    print(e)
