"""What cannot cross transparently in the c18n mode fails naming both
compartments (run with --compartments=per-module; see errors.exp)."""
import shapes
import util

try:

    class MyShape(shapes.Shape):
        pass

except TypeError as e:
    print("TypeError:", e)
try:
    util.PI_ISH = 3
except AttributeError as e:
    print("AttributeError:", e)
try:
    del util.counter
except AttributeError as e:
    print("AttributeError:", e)
print(util.PI_ISH, util.counter.value())
try:
    shapes.grow.__globals__
except AttributeError as e:
    print("AttributeError:", e)
print(util._private())
import sys

print(type(sys.modules["util"]).__name__)
shapes.Circle(-5)
