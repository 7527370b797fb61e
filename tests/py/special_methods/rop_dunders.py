class Money:
    def __init__(self, c): self.c = c
    def __add__(self, o):
        if isinstance(o, Money): return Money(self.c + o.c)
        if isinstance(o, int): return Money(self.c + o)
        return NotImplemented
    def __radd__(self, o): return self.__add__(o)
    def __rsub__(self, o): return Money(o - self.c)
    def __repr__(self): return "M(%d)" % self.c
print(Money(5) + 3, 3 + Money(5), 10 - Money(4), sum([Money(1), Money(2)]))
try:
    Money(1) + "x"
except TypeError:
    print("TypeError")
class Eq:
    def __eq__(self, o): return NotImplemented
print(Eq() == 1, Eq() != 1)
