# super objects fall back to their own attributes; user subclasses of
# built-in types are mutable classes (the built-in types are not).
class A: pass
class B(A):
    def f(self): return super().__class__
b = B()
print(super(B, b).__class__, b.f())
class L(list): pass
L.x = 1
print(L.x, L().x)
try:
    list.x = 1
except TypeError as e:
    print(e)
try:
    super(B, b).nothing
except AttributeError as e:
    print("AttributeError", e)
