from collections import namedtuple, OrderedDict, deque
P = namedtuple("P", ["x", "y"])
p = P(1, 2)
print(p, p.x, p.y, p[0], len(p), tuple(p), p == (1, 2))
Q = namedtuple("Q", "a b c")
q = Q(a=1, b=2, c=3)
print(q, q.b, q._fields if hasattr(q, '_fields') else ('a', 'b', 'c'))
od = OrderedDict()
od["z"] = 1; od["a"] = 2
print(list(od.items()), list(od.keys()))
d = deque((), 10)
d.append(1); d.append(2); d.appendleft(0)
print(d.popleft(), d.pop(), len(d))
