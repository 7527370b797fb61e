class Idx:
    def __init__(self, v): self.v = v
    def __index__(self): return self.v
print(Idx(3).__index__())
class I:
    def __int__(self): return 7
class F:
    def __float__(self): return 2.5
print(int(I()), float(F()))
