# super() argument checks and repr.
class A:
    def who(self):
        return "A"

    def sup(self):
        return super()


class B(A):
    def who(self):
        return "B" + super().who()

    @classmethod
    def cm(cls):
        return super().who


print(B().who(), super(B, B()).who(), super(B, B).who(B()), B.cm()(B()))
print(repr(super(B, B()))[:22], repr(super(B, B))[:22], repr(B().sup()))
for args in [(str, 0), (str, int), (0, int), (B, A()), (A, B(), 1), ("A", B())]:
    try:
        super(*args)
        print("ok", args)
    except TypeError as e:
        print("TypeError", e)
try:
    A.sup(3)
except TypeError as e:
    print("TypeError", e)
print(super(type, int), type(super(object, B())) is super)


def plain():
    return super()


try:
    plain()
except RuntimeError as e:
    print("RuntimeError", e)
