import functools

# cached_property
class Data:
    def __init__(self, n):
        self.n = n
        self.computed = 0

    def total(self):
        self.computed += 1
        return sum(range(self.n))

    # capy drops function docstrings (as MicroPython does); set one by hand.
    total.__doc__ = "sum of range"
    total = functools.cached_property(total)

d = Data(10)
print(d.total, d.total, d.computed)
d.total = 7
print(d.total, d.computed)
e = Data(4)
print(e.total, e.computed)
print(type(Data.total).__name__, Data.total.attrname, Data.total.__doc__)

# singledispatch
@functools.singledispatch
def show(x):
    return "object " + repr(x)

@show.register(int)
def _(x):
    return "int %d" % x

@show.register(list)
def _(x):
    return "list of %d" % len(x)

def show_str(x):
    return "str " + x

show.register(str, show_str)

class MyList(list):
    pass

print(show(1), show(True), show("a"), show([1, 2]), show(MyList([1])), show(2.5), show(None))
print(show.dispatch(bool) is show.dispatch(int), show.dispatch(float) is show.registry[object])
print(sorted(k.__name__ for k in show.registry))
try:
    show()
except TypeError:
    print("TypeError")

class A:
    pass

class B(A):
    pass

@functools.singledispatch
def kind(x):
    return "base"

kind.register(A, lambda x: "A")
print(kind(B()), kind(A()), kind(1))
kind.register(B, lambda x: "B")
print(kind(B()), kind(A()))

# reduce via functools with operator-style callables and a generator
print(functools.reduce(lambda acc, kv: acc + kv[0] * kv[1], enumerate([5, 6, 7]), 0))
