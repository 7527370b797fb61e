# deque and OrderedDict comparisons, deque item deletion, namedtuple as % args.
from collections import deque, OrderedDict, namedtuple

d = deque([1, 2])
print(d == [1, 2], [1, 2] == d, d != [1, 2], d == (1, 2))
print(d == deque([1, 2]), d != deque([2, 1]), d == deque([1]), d == deque([1, 2], 5))
print(deque([1]) < deque([2]), deque([1, 2]) <= deque([1, 2]), deque([3]) > deque([1, 5]))
print(deque() >= deque(), deque([1]) < deque([1, 0]))
for op in (lambda: d < [1], lambda: d >= (1,)):
    try:
        op()
    except TypeError as e:
        print("TypeError", e)
try:
    [1] > d
except TypeError:
    print("TypeError")
class Other:
    def __eq__(self, other):
        return "Other.__eq__"
print(d == Other(), Other() == d)
d = deque([1, 2, 3, 4])
del d[1]
del d[-1]
print(d)
try:
    del d[5]
except IndexError as e:
    print("IndexError", e)
try:
    del d[0:1]
except TypeError:
    print("TypeError slice")
d += [7, 8]
print(d, type(d).__name__)
b = deque([1, 2], 3)
b += (3, 4)
print(b)
print(len(deque(range(100))), deque("abc")[1], deque("abc")[-1])

x = OrderedDict(a=1, b=2)
y = OrderedDict(b=2, a=1)
print(x == y, x != y, x == dict(y), dict(y) == x, y == {"a": 1, "b": 2})
print(x == OrderedDict(a=1, b=2), x == OrderedDict(a=1, b=3), x == OrderedDict(a=1))
y.move_to_end("b")
print(x == y, x == [("a", 1), ("b", 2)])

T = namedtuple("T", "a b")
t = T(1, 2)
print("%d-%d" % t, "%s" % (t,), "%r" % (t,))
print(t == (1, 2), (1, 2) == t, t._replace(b=5), T._make([3, 4]))
