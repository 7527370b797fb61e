def tag(label):
    def deco(fn):
        def inner(*a):
            return label + "(" + str(fn(*a)) + ")"
        return inner
    return deco
@tag("outer")
@tag("inner")
def val(x):
    return x * 2
print(val(21))
calls = []
def register(fn):
    calls.append(fn.__name__)
    return fn
@register
def one(): pass
@register
def two(): pass
print(calls)
counts = {}
def count_calls(fn):
    def w(*a):
        counts[fn.__name__] = counts.get(fn.__name__, 0) + 1
        return fn(*a)
    return w
@count_calls
def sq(x): return x * x
sq(2); sq(3)
print(counts)
class Deco:
    def __init__(self, fn):
        self.fn = fn
    def __call__(self, *a):
        return "Deco:" + str(self.fn(*a))
@Deco
def plus1(x): return x + 1
print(plus1(1))
