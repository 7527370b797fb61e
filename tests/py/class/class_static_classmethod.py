class M:
    factor = 3
    def __init__(self, v):
        self.v = v
    @staticmethod
    def add(a, b):
        return a + b
    @classmethod
    def make(cls, v):
        return cls(v * cls.factor)
    @classmethod
    def name(cls):
        return cls.__name__
class N(M):
    factor = 10
print(M.add(1, 2), M(0).add(3, 4))
print(M.make(2).v, N.make(2).v, type(N.make(1)).__name__)
print(M.name(), N.name(), N(1).name())
