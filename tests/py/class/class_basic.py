class Point:
    dims = 2
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def norm2(self):
        return self.x ** 2 + self.y ** 2
    def move(self, dx, dy):
        self.x += dx
        self.y += dy
        return self
p = Point(3, 4)
print(p.x, p.y, p.norm2(), Point.dims, p.dims)
p.move(1, 1).move(1, 1)
print(p.x, p.y)
p.dims = 3
print(p.dims, Point.dims)
print(type(p).__name__, isinstance(p, Point), type(p) is Point)
q = Point(0, 0)
q.extra = "dyn"
print(q.extra, hasattr(p, "extra"), getattr(p, "missing", "dflt"))
setattr(q, "x", 42); print(q.x)
delattr(q, "extra"); print(hasattr(q, "extra"))
print(Point.norm2(Point(1, 1)))
