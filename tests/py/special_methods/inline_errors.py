# Exceptions raised inside operator methods and properties run in the
# frame loop propagate through the method's frame, with its traceback line.
import traceback


class V:
    def __add__(self, o):
        return 1 / 0

    def __lt__(self, o):
        raise ValueError("lt")

    def __getitem__(self, i):
        return {}[i]

    def __call__(self):
        return self.missing

    def __neg__(self):
        return -self.nope

    @property
    def p(self):
        raise KeyError("in getter")

    @p.setter
    def p(self, v):
        raise TypeError("in setter")


def where(fn):
    try:
        fn()
    except Exception as e:
        frames = [(f.name, f.line) for f in traceback.extract_tb(e.__traceback__)]
        print(type(e).__name__, frames[1:])


v = V()
where(lambda: v + v)
where(lambda: v < v)
where(lambda: v["k"])
where(lambda: v())
where(lambda: -v)
where(lambda: v.p)


def setp():
    v.p = 1


where(setp)


def handled():
    # Caught in the caller, the loop goes on with the caller's handler.
    try:
        v + 1
    except ZeroDivisionError:
        return "caught"


print(handled(), [handled() for _ in range(3)])


class Deep:
    def __init__(self, n):
        self.n = n

    def __add__(self, o):
        if self.n == 0:
            return 0
        return Deep(self.n - 1) + o

    @property
    def down(self):
        return Deep(self.n + 1).down


try:
    Deep(100000) + 1
except RecursionError:
    print("RecursionError through __add__")
try:
    Deep(0).down
except RecursionError:
    print("RecursionError through a property")
print(Deep(50) + 1)
