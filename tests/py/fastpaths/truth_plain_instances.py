# A plain instance is true unless its class or a base defines __bool__ or
# __len__, even when one is added (or removed) after instances exist.
class A:
    pass
class B:
    def __len__(self):
        return 0
class C(B):
    pass
class D:
    pass
d = D()
print(bool(A()), bool(B()), bool(C()), bool(d), not d)
D.__bool__ = lambda self: False
print(bool(d), not d, "yes" if d else "no")
del D.__bool__
print(bool(d))
class E(D):
    pass
D.__len__ = lambda self: 0
print(bool(E()), bool(D()))
class F:
    __slots__ = ["x"]
print(bool(F()))
class G:
    def __bool__(self):
        return True
    def __len__(self):
        return 0
print(bool(G()))
class L(list):
    pass
print(bool(L()), bool(L([1])))
class Plain:
    pass
p = Plain()
p.__class__ = B
print(bool(p))
class BadBool:
    def __bool__(self):
        return 1
try:
    bool(BadBool())
except TypeError as e:
    print("TypeError", e)
class Meta(type):
    def __len__(cls):
        return 0
class WithMeta(metaclass=Meta):
    pass
print(bool(WithMeta), bool(WithMeta()))
print([bool(x) for x in (A(), None, B(), F())])
print(any(x for x in [None, A()]), all([A(), B()]))
