class A:
    def who(self):
        return "A"
    def hello(self):
        return "hello from A"
class B(A):
    def who(self):
        return "B>" + super().who()
class C(A):
    def who(self):
        return "C>" + super().who()
    def hello(self):
        return "hello from C"
class D(B):
    def who(self):
        return "D>" + super().who()
class E(C, B):
    pass
print(D().who(), D().hello(), E().hello())
class Mixin:
    def tag(self):
        return "<" + self.name() + ">"
class Named:
    def name(self):
        return "named"
class Both(Mixin, Named):
    pass
print(Both().tag())
