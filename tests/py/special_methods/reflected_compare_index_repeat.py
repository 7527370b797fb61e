# Comparisons try a subclass's reflected method first (as the arithmetic
# operators do) and the reflected one between objects of one type; a
# sequence repeats by a count with __index__.
class N:
    def __lt__(self, o):
        return "N.lt"
    def __gt__(self, o):
        return "N.gt"
class S(N):
    def __gt__(self, o):
        return "S.gt"
    def __lt__(self, o):
        return "S.lt"
print(N() < S(), S() < N(), N() > S(), N() < N())
class Only:
    def __init__(self, v):
        self.v = v
    def __gt__(self, o):
        return self.v > o.v
class Other:
    def __init__(self, v):
        self.v = v
print(Other(1) < Only(2), Only(1) < Only(2), sorted([Only(3), Only(1), Only(2)], key=lambda x: x).__len__())
class NI:
    def __lt__(self, o):
        return NotImplemented
try:
    NI() < NI()
except TypeError as e:
    print("TypeError", e)
class I:
    def __index__(self):
        return 2
print([1] * I(), "ab" * I(), I() * (0,), b"x" * I(), bytearray(b"yz") * I())
class Z:
    pass
try:
    [1] * Z()
except TypeError as e:
    print("TypeError", e)
