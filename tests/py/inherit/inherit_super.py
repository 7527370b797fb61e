class Base:
    def __init__(self, x):
        self.x = x
        print("Base.__init__", x)
    def describe(self):
        return "Base(%d)" % self.x
class Mid(Base):
    def __init__(self, x, y):
        super().__init__(x)
        self.y = y
        print("Mid.__init__", y)
    def describe(self):
        return "Mid[" + super().describe() + "]"
class Leaf(Mid):
    def __init__(self):
        super(Leaf, self).__init__(1, 2)
    def describe(self):
        return "Leaf{" + super().describe() + "}"
l = Leaf()
print(l.describe(), l.x, l.y)
class WithCls:
    @classmethod
    def who(cls):
        return cls.__name__
class Sub(WithCls):
    @classmethod
    def who(cls):
        return "sub of " + super().who()
print(Sub.who())
