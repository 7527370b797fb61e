# __class_getitem__ (implicitly a class method, or decorated as one),
# __mro_entries__ with __orig_bases__ (PEP 560), and __init_subclass__
# found along the new class's MRO rather than only on its first base.

class Box:
    def __class_getitem__(cls, item):
        return ("implicit", cls.__name__, item)

class SubBox(Box):
    pass

print(Box[int], SubBox["x"])

class Deco:
    @classmethod
    def __class_getitem__(cls, item):
        return ("decorated", cls.__name__, item)

print(Deco[1, 2])

class Real:
    pass

class Stand:
    def __init__(self, *targets):
        self.targets = targets

    def __mro_entries__(self, bases):
        return self.targets

s = Stand(Real)

class A(s):
    pass

print(A.__bases__ == (Real,), A.__orig_bases__[0] is s, issubclass(A, Real))

class Other:
    pass

class B(Other, Stand()):
    pass

print(B.__bases__ == (Other,), len(B.__orig_bases__), "__orig_bases__" in vars(Other))

class C(Stand(Real, Other)):
    pass

print([k.__name__ for k in C.__mro__])

class Plain(Real):
    pass

print(hasattr(Plain, "__orig_bases__"))

try:
    class D(5):
        pass
except TypeError:
    print("TypeError")

class Hook:
    def __init_subclass__(cls):
        print("Hook.__init_subclass__", cls.__name__)

class NoHook:
    pass

class E(NoHook, Hook):
    pass

class F(E):
    pass

class G(Hook):
    def __init_subclass__(cls):
        print("G.__init_subclass__", cls.__name__)

class H(NoHook, G):
    pass
