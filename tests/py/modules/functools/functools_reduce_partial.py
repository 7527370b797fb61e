import functools
from functools import reduce, partial

# reduce
print(reduce(lambda a, b: a + b, [1, 2, 3, 4]))
print(reduce(lambda a, b: a * b, range(1, 6), 10))
print(reduce(lambda a, b: a + b, [], 7))
print(reduce(lambda a, b: a + b, ["x"]))
print(reduce(lambda a, b: [b] + a, "abc", []))
try:
    reduce(lambda a, b: a, [])
except TypeError as e:
    print("TypeError:", e)
print(reduce(max, iter([3, 9, 2])))

# partial
def f(a, b, c=3, *rest, **kw):
    return (a, b, c, rest, sorted(kw.items()))

p = partial(f, 1)
print(p(2))
print(p(2, 4, 5, 6, x=1))
q = partial(f, 1, c=9, z=0)
print(q(2), q(2, c=8), q(b=5))
print(q.func is f, q.args, q.keywords)
r = partial(q, 2, y=1)
print(r.func is f, r.args, sorted(r.keywords.items()))
print(r())
print(repr(partial(int, base=2)))
print(partial(int, "101", base=2)())
print(repr(partial(max, 1, 2, key=abs)))
try:
    partial(5)
except TypeError as e:
    print("TypeError:", e)
print(callable(partial(len)))
print(list(map(partial(pow, 2), range(6))))

class Sub(partial):
    pass

s = Sub(f, 1, 2)
print(type(s).__name__, s(), s.args)

# partialmethod
class Cell:
    def __init__(self):
        self.alive = False

    def set_state(self, state, note=""):
        self.alive = state
        return note

    set_alive = functools.partialmethod(set_state, True)
    set_dead = functools.partialmethod(set_state, False, note="bye")

c = Cell()
print(c.set_alive(), c.alive)
print(c.set_dead(), c.alive)
print(c.set_alive(note="hi"), c.alive)
