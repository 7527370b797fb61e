class Temp:
    def __init__(self, c):
        self._c = c
    @property
    def c(self):
        return self._c
    @c.setter
    def c(self, v):
        if v < -273.15:
            raise ValueError("too cold")
        self._c = v
    @property
    def f(self):
        return self._c * 9 / 5 + 32
t = Temp(100)
print(t.c, t.f)
t.c = 0
print(t.c, t.f)
try:
    t.c = -300
except ValueError as e:
    print("ValueError", e)
try:
    t.f = 5
except AttributeError:
    print("AttributeError read-only")
class Lazy:
    def getx(self): return "x!"
    x = property(getx)
print(Lazy().x)
