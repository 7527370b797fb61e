# `==` and `!=` on instances of classes without __eq__/__ne__ are identity
# without a method lookup; defining either later, on the class or a base,
# must be seen at once, and deleting it again restores identity.
class A: pass
class B(A): pass
a, b = A(), B()
def f(x, y): return (x == y, x != y, x == None, x != None)
print(f(a, a), f(b, b), f(a, b))
A.__eq__ = lambda s, o: "eq"
print(f(a, a), f(b, b), f(a, b))
del A.__eq__
print(f(a, a), f(b, b))
B.__ne__ = lambda s, o: "ne"
print(f(a, a), f(b, b), f(b, a))
class C:
    def __ne__(self, o): return "cne"
c = C()
print(f(c, c), f(c, None))
