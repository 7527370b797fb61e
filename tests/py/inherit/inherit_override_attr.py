class Base:
    def __init__(self):
        self.setup()
    def setup(self):
        self.mode = "base"
class Derived(Base):
    def setup(self):
        self.mode = "derived"
print(Base().mode, Derived().mode)
class Shape:
    def area(self):
        raise NotImplementedError
    def describe(self):
        return "%s with area %s" % (type(self).__name__, self.area())
class Sq(Shape):
    def __init__(self, s): self.s = s
    def area(self): return self.s ** 2
class Circ(Shape):
    def __init__(self, r): self.r = r
    def area(self): return round(3.14159 * self.r ** 2, 2)
for s in (Sq(3), Circ(1)):
    print(s.describe())
try:
    Shape().describe()
except NotImplementedError:
    print("NotImplementedError")
