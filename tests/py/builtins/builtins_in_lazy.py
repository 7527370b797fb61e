# `x in iterable` steps only until an equal item (an endless iterator is
# fine, a partly used one keeps the rest); the same object is equal to
# itself in containers (NaN); a deque containing itself prints [...].
def g():
    for i in range(5):
        print("yield", i)
        yield i
print(1 in g())
it = iter([1, 2, 3, 4])
print(2 in it, list(it))
m = map(int, "1234")
print(2 in m, list(m))
import itertools
print(5 in itertools.count(), -1 in itertools.islice(itertools.count(), 50))
print(3 in (x * x for x in range(10)), 9 in (x * x for x in range(10)))
class Eq:
    def __init__(self, n):
        self.n = n
    def __eq__(self, o):
        print("eq", self.n)
        return self.n == o
print(2 in [Eq(1), Eq(2), Eq(3)], 7 in (Eq(6), Eq(7)))
nan = float("nan")
print([nan] == [nan], [nan].count(nan), {"a": nan} == {"a": nan}, (nan,) == (nan,))
print([nan].index(nan), nan in [nan], (nan,).count(nan), nan == nan)
from collections import deque
d = deque([1])
d.append(d)
print(d, repr(d))
e = deque([2], maxlen=3)
e.append(e)
print(e)
lst = [1]
lst.append(deque([lst]))
print(lst)
