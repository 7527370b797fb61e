# Class attributes read through the class (`C.X`, `C.helper(...)`) are
# cached per instruction: every change to a class must show at once.


class Base:
    X = 1

    @staticmethod
    def helper(a, b):
        return a + b

    @classmethod
    def make(cls):
        return cls.__name__


class Sub(Base):
    pass


class Get:
    def __get__(self, obj, owner):
        return ("get", owner.__name__)


def read(c):
    return c.X, c.helper(1, 2), c.make()


for i in range(3):
    print(read(Base), read(Sub))
    if i == 0:
        Sub.X = "shadow"
    if i == 1:
        Base.X = Get()
        Sub.helper = staticmethod(lambda a, b: a * b)
del Sub.X
print(read(Sub), read(Base))
Base.make = classmethod(lambda cls: "new " + cls.__name__)
print(read(Sub))


class Meta(type):
    @property
    def X(cls):
        return "meta property"


class M(metaclass=Meta):
    X = "class value"


print([M.X for _ in range(2)])
# The same instruction on different classes.
print([c.X for c in (Base, Sub, M, Base)])
