# compartment.load and @compartment.isolate.
import compartment

shapes = compartment.load("_shapes", heap="2M")
print(shapes.area(3, 4), shapes.count, shapes.bump(), shapes.bump(), shapes.count)
r = shapes.Rect(2, 5)
print(r.area(), r.w, list(shapes.evens(7)))
for name in ("_hidden", "visible_but_not_exported", "missing"):
    print(name, hasattr(shapes, name))
try:
    shapes.count = 100
except AttributeError as e:
    print("AttributeError:", e)
try:
    shapes.area(-1, 1)
except compartment.CompartmentError as e:
    print(e.kind, e.message)

# Handles to a loaded module's globals survive a restart.
again = compartment.load("_shapes", on_fault="restart")
bump = again.bump
print(bump(), bump())
try:
    again.area(-1, 0)
except compartment.CompartmentError as e:
    print("fault:", e.kind)
print(bump(), again.count)

try:
    compartment.load("no_such_module_here")
except ImportError as e:
    print(type(e).__name__, e)

@compartment.isolate(heap="1M", steps=50000)
def power_sum(n, k=2):
    total = 0
    for i in range(n):
        total += i ** k
    return total

print(power_sum(10), power_sum(10, k=3), repr(power_sum.compartment))
try:
    power_sum(10 ** 9)
except compartment.CompartmentError as e:
    print(e.kind, e.message)
print(power_sum(4))

secret = "host secret"

@compartment.isolate
def peek():
    return secret

try:
    peek()
except compartment.CompartmentError as e:
    print(e.kind, e.message)

def outer():
    y = 1
    def inner():
        return y
    return inner
try:
    compartment.isolate()(outer())
except TypeError as e:
    print("TypeError")
try:
    compartment.isolate()(compartment.Compartment)
except TypeError as e:
    print("TypeError")
