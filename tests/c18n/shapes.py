"""Shapes: classes, an exception class, generators, operators."""
import math

print("shapes loaded")


class ShapeError(ValueError):
    code = 17

    def __init__(self, msg, shape=None):
        super().__init__(msg)
        self.shape = shape


class Shape:
    name = "shape"

    def area(self):
        raise NotImplementedError

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__, self.describe())


class Circle(Shape):
    name = "circle"

    def __init__(self, radius):
        if radius < 0:
            raise ShapeError("negative radius %r" % radius, "circle")
        self.radius = radius

    def area(self):
        return math.pi * self.radius ** 2

    def describe(self):
        return "r=%g" % self.radius


class Square(Shape):
    name = "square"

    def __init__(self, side):
        self.side = side

    def area(self):
        return self.side * self.side

    def describe(self):
        return "s=%g" % self.side


def grow(n):
    for i in range(1, n + 1):
        yield Circle(i)


def area_sum(shapes):
    return sum(s.area() for s in shapes)


def explode():
    return 1 / 0


class Vec:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __add__(self, o):
        return Vec(self.x + o.x, self.y + o.y)

    def __mul__(self, k):
        return Vec(self.x * k, self.y * k)

    def __neg__(self):
        return Vec(-self.x, -self.y)

    def __abs__(self):
        return math.hypot(self.x, self.y)

    def __eq__(self, o):
        return isinstance(o, Vec) and (self.x, self.y) == (o.x, o.y)

    def __lt__(self, o):
        return (self.x, self.y) < (o.x, o.y)

    def __hash__(self):
        return hash((self.x, self.y))

    def __repr__(self):
        return "Vec(%r, %r)" % (self.x, self.y)
