from shapes import area, Circle
import shapes.svg as svg
import geom.vec
import extras

try:
    import numpy
except ImportError:
    numpy = None

print(area(Circle(2)), svg.render([Circle(1)]))
print(geom.vec.add((1, 2), (3, 4)))
