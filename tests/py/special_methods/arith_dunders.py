class Vec:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __add__(self, o):
        return Vec(self.x + o.x, self.y + o.y)
    def __sub__(self, o):
        return Vec(self.x - o.x, self.y - o.y)
    def __mul__(self, k):
        return Vec(self.x * k, self.y * k)
    def __rmul__(self, k):
        return self * k
    def __neg__(self):
        return Vec(-self.x, -self.y)
    def __abs__(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5
    def __eq__(self, o):
        return self.x == o.x and self.y == o.y
    def __repr__(self):
        return "Vec(%s, %s)" % (self.x, self.y)
a, b = Vec(1, 2), Vec(3, 4)
print(a + b, a - b, a * 3, 3 * a, -a, abs(b), a == Vec(1, 2), a != b)
class Acc:
    def __init__(self): self.v = 0
    def __iadd__(self, o):
        self.v += o
        return self
acc = Acc(); acc += 5; acc += 6
print(acc.v)
class Num:
    def __init__(self, v): self.v = v
    def __lt__(self, o): return self.v < o.v
    def __le__(self, o): return self.v <= o.v
    def __gt__(self, o): return self.v > o.v
    def __ge__(self, o): return self.v >= o.v
    def __repr__(self): return "N%d" % self.v
ns = [Num(3), Num(1), Num(2)]
print(sorted(ns), max(ns), min(ns), Num(1) < Num(2), Num(2) >= Num(3))
class Bits:
    def __init__(self, v): self.v = v
    def __and__(self, o): return Bits(self.v & o.v)
    def __or__(self, o): return Bits(self.v | o.v)
    def __xor__(self, o): return Bits(self.v ^ o.v)
    def __lshift__(self, n): return Bits(self.v << n)
    def __floordiv__(self, n): return Bits(self.v // n)
    def __mod__(self, n): return Bits(self.v % n)
    def __pow__(self, n): return Bits(self.v ** n)
    def __truediv__(self, n): return self.v / n
x, y = Bits(12), Bits(10)
print((x & y).v, (x | y).v, (x ^ y).v, (x << 2).v, (x // 5).v, (x % 5).v, (x ** 2).v, x / 8)
