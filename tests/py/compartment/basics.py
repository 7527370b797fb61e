# The compartment API: exec, eval, get, handles, stats, reset, close, with.
import compartment

c = compartment.Compartment("plugin", heap="4M", timeout=5.0)
print(repr(c), c.name)
c.exec("""
def double(x):
    return 2 * x
items = [1, 2, 3]
VERSION = (1, 2, 'beta')
class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def norm1(self):
        return abs(self.x) + abs(self.y)
def squares(n):
    for i in range(n):
        yield i * i
""")
print(c.eval("double(21)"))

# Immutable values are copied; get() of one returns the value itself.
v = c.get("VERSION")
print(v, type(v).__name__)

# Mutable objects and callables come back as handles that cross on use.
double = c.get("double")
print(type(double).__name__, double(5), double("ab"))
items = c.get("items")
print(len(items), items[0], items[-1], 2 in items, 9 in items, list(items))
items.append(4)
items[0] = 10
del items[1]
print(c.eval("items"), bool(items), str(items), repr(items))

Point = c.get("Point")
p = Point(3, -4)
print(p.norm1(), p.x, p.y)
p.x = 10
print(p.norm1(), c.eval("len([1])"))

print(list(c.get("squares")(5)), sum(c.get("squares")(4)))

# Handles keep identity: the same object gives the same handle.
print(c.get("items") is c.get("items"), c.eval("items") is c.eval("items"))

# A host object passed in comes back as itself.
box = [1]
same = c.eval("lambda x: x")
print(same(box) is box, same((1, 'a', None)) == (1, 'a', None))
appender = c.eval("lambda l, v: l.append(v)")
appender(box, 2)
print(box)

# State persists between runs.
c.exec("counter = 0")
for _ in range(3):
    c.exec("counter += 1")
print(c.eval("counter"))

# Statistics.
s = c.stats()
print(sorted(s))
print(s["calls_in"] > 10, s["heap"] > 0, s["heap_peak"] >= s["heap"], s["heap_limit"], s["faults"], s["closed"])

# reset: back to the state right after creation; objects' handles go stale,
# handles to globals by name still resolve (to whatever the name is now).
c.reset()
print(c.eval("'double' in globals()"))
try:
    p.norm1()
except compartment.CompartmentError as e:
    print("stale:", e.kind)
c.exec("def double(x): return 3 * x")
print(double(5))
print(c.stats()["resets"])

# close: the heap is freed at once; any later use is an error.
c.close()
print(repr(c))
for attempt in (lambda: c.eval("1"), lambda: double(1), lambda: c.reset()):
    try:
        attempt()
    except compartment.CompartmentError as e:
        print(e)
c.close()  # closing twice is harmless

# with: closes on exit, even after an error.
with compartment.Compartment("scoped") as s:
    print(s.eval("6 * 7"))
print(repr(s))

# Options: sizes and their errors.
for heap in ("64K", "1M", "1G", 1 << 20):
    print(compartment.Compartment("h", heap=heap).stats()["heap_limit"] >= 65536)
bad = [
    dict(heap="lots"), dict(heap=-1), dict(heap=[]), dict(steps=0), dict(steps="x"),
    dict(timeout=-1), dict(timeout="x"), dict(recursion=0), dict(on_fault="explode"),
    dict(grants=[1]), dict(grants={"not an identifier": 1}), dict(color="red"),
]
for kw in bad:
    try:
        compartment.Compartment("bad", **kw)
        print("accepted", kw)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
for args in ((), ("",), (1,)):
    try:
        compartment.Compartment(*args)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
try:
    compartment.Handle()
except TypeError as e:
    print("TypeError", e)
