"""A program of several modules, run unchanged with and without
--compartments=per-module: it must print the same either way."""
import shapes
from shapes import Circle, Square, ShapeError, area_sum
import store
import events
import util
from util import fmt, counter

print("-- instances: methods and attributes")
c = Circle(2.0)
print(fmt(c.area()), c.radius, c.name)
c.radius = 3.0
print(fmt(c.area()), repr(c), str(c), c)
print(hasattr(c, "radius"), hasattr(c, "nope"), getattr(c, "nope", "default"))

print("-- callbacks: bound methods, lambdas, built-ins")


class Collector:
    def __init__(self):
        self.items = []

    def add(self, x):
        self.items.append(x)


col = Collector()
events.emit([1, 2, 3], col.add)
events.emit([4], lambda x: col.add(x * 10))
print(col.items)
print(events.apply(sorted, [3, 1, 2]), events.apply(len, "hello"))
print(store.history())

print("-- generators")
print(list(shapes.grow(3)))
for i, s in enumerate(shapes.grow(2)):
    print(i, fmt(s.area()))
g = shapes.grow(5)
print(next(g).radius, next(g).radius)

print("-- exceptions by class")
try:
    Circle(-1)
except ShapeError as e:
    print("caught", type(e).__name__, e, e.shape, e.code, e.args)
try:
    shapes.Circle(-2)
except ValueError as e:
    print("as ValueError:", e, isinstance(e, ShapeError))
try:
    store.get("missing")
except KeyError as e:
    print("KeyError", e)
try:
    shapes.explode()
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
try:
    raise ShapeError("raised here", "app")
except shapes.ShapeError as e:
    print("own raise", e, e.shape)

print("-- containers and module state")
s = store.Store()
s.put("a", [1, 2])
s.put("b", {"x": 1})
print(s.get("a"), len(s), "a" in s, "z" in s, sorted(s.keys()), s["b"])
lst = s.get("a")
lst.append(3)
print(s.get("a"), list(s))
store.shared.append("from app")
print(store.shared, events.seen)
counter.bump()
counter.bump()
print(counter.value(), util.counter.value(), util.PI_ISH)

print("-- operators, comparisons, hashing")
v = shapes.Vec(1, 2)
w = shapes.Vec(3, 4)
print(v + w, v == shapes.Vec(1, 2), v != w, v * 2, -v, abs(w))
print(sorted([shapes.Vec(3, 0), shapes.Vec(1, 0), shapes.Vec(2, 5)]))
d = {v: "v"}
print(d[shapes.Vec(1, 2)])

print("-- isinstance and issubclass")
print(isinstance(c, Circle), isinstance(c, Square), isinstance(5, Circle))
print(isinstance(c, (Square, Circle)), issubclass(Square, shapes.Shape))

print("-- with")
with store.Transaction(s) as t:
    t.put("c", 3)
print(s.get("c"), len(s))

print("-- star import")
from util import *

print(double(21), PI_ISH)
print(fmt(area_sum([Circle(1), Square(2)])))
