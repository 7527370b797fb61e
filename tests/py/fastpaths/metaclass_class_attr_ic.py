# `C.name` through the attribute cache when C has a metaclass: the class's
# own attribute, unless the metaclass has a data descriptor of that name.
from enum import Enum

class Kind(Enum):
    BIG = 1
    SMALL = 2

def big_count(kinds):
    n = 0
    for k in kinds:
        if k == Kind.BIG:
            n += 1
    return n
print(big_count([Kind.BIG, Kind.SMALL, Kind.BIG]))
print(Kind.BIG.name, Kind.SMALL.value)

class Meta(type):
    tag = "meta tag"
class C(metaclass=Meta):
    x = 1
def read_x():
    return C.x
def read_tag():
    return C.tag
for _ in range(3):
    print(read_x(), read_tag())
C.x = 2
print(read_x())
# A data descriptor added to the metaclass later takes over.
Meta.x = property(lambda cls: "from meta property")
print(read_x())
del Meta.x
print(read_x())
# A metaclass attribute that is not a data descriptor loses to the class's.
Meta.x = "meta plain"
print(read_x())
del C.x
print(read_x())
del Meta.x
try:
    read_x()
except AttributeError:
    print("AttributeError")
C.x = 3
print(read_x())

class GetattrMeta(type):
    def __getattr__(cls, name):
        return "fallback " + name
class H(metaclass=GetattrMeta):
    y = "own"
def read_h():
    return H.y, H.z
for _ in range(2):
    print(read_h())
del H.y
print(read_h())

class SM(metaclass=Meta):
    @staticmethod
    def s():
        return "static"
    @classmethod
    def c(cls):
        return cls.__name__
def calls():
    return SM.s(), SM.c()
for _ in range(2):
    print(calls())
