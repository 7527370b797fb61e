# sum(): int fast path with overflow into big ints, floats, mixed, start
# values, user types with __add__/__radd__, and errors.
print(sum([]), sum([], 5), sum(range(10)), sum(range(10), start=-45) if False else sum(range(10), -45))
big = 2**62
print(sum([big, big, big]), sum([big, big, -big, -big]), sum([-big] * 4))
print(sum([0.5, 0.25, 1e100, -1e100]), sum([1, 0.5, True]), sum([1.5], 1))
print(sum(x * x for x in range(1000)), sum((1, 2, 3), 0.0))
print(sum([[1], [2], [3]], []), sum(((1,), (2,)), ()))

class V:
    def __init__(self, v):
        self.v = v
    def __add__(self, o):
        return V(self.v + (o.v if isinstance(o, V) else o))
    def __radd__(self, o):
        return V(o + self.v)
print(sum([V(1), V(2), V(3)]).v, sum([V(1)], 10).v)

for bad in (lambda: sum(["a", "b"], ""), lambda: sum([1, "a"]), lambda: sum(5)):
    try:
        bad()
    except TypeError as e:
        print("TypeError")

# Many intermediate big ints: the running total must stay correct.
t = sum(10**30 + i for i in range(20000))
print(t, t % 997)
