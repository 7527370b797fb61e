# collections.deque as a ring buffer: both ends, maxlen, rotation, indexing,
# reversal, comparison, subclassing (compared with CPython).
from collections import deque
d = deque([1, 2, 3], maxlen=5)
d.append(4); d.appendleft(0); d.append(5)
print(d, len(d), d[0], d[-1], list(d), 3 in d, 9 in d)
d.rotate(2); print(d); d.rotate(-3); print(d)
d.extend([7, 8]); d.extendleft([-1, -2]); print(d)
print(d.pop(), d.popleft(), d)
d.remove(4); print(d, d.count(5))
d.reverse(); print(d)
d[1] = 'x'; del d[0]; print(d, d.maxlen)
e = d.copy(); print(e == d, e is d, e < deque(['y']), d != deque())
d.clear(); print(d, bool(d))
try: d.pop()
except IndexError as x: print("IndexError", x)
q = deque()
for i in range(10): q.append(i); q.appendleft(-i)
print(q, sum(q), [x for x in q][:3], list(reversed(q))[:3] if hasattr(q, '__reversed__') else '')
q += [100]; print(q[-1])
class D(deque):
    pass
z = D([1, 2]); z.append(3); print(z, type(z).__name__, isinstance(z, deque))
print(repr(deque(maxlen=0)), deque(range(10), 3))
try: deque([1]) < 5
except TypeError as x: print("TypeError", x)
print(deque('abc') == deque('abc'), deque([1]) == [1])
d = deque([1,2,3]); d.extend(d); print(d)
try: deque([1])[5]
except IndexError as x: print("IndexError", x)
