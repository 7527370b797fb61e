# A metaclass's properties and __bool__/__len__ apply to its classes.
class Meta(type):
    @property
    def members(cls):
        return "members of " + cls.__name__

    @property
    def shadow(cls):
        # A data descriptor on the metaclass wins over the class attribute.
        return "meta shadow"

    def helper(cls):
        return "helper of " + cls.__name__

    plain = "meta plain"


class A(metaclass=Meta):
    shadow = "class shadow"
    plain = "class plain"


class B(A):
    pass


print(A.members, B.members, A.shadow, A.plain, A.helper(), B.helper())
print(A().shadow, A().plain, hasattr(A(), "members"))
try:
    A.members = 1
except AttributeError as e:
    print("AttributeError")


class Sized(type):
    def __len__(cls):
        return cls.n


class Z(metaclass=Sized):
    n = 0


class One(metaclass=Sized):
    n = 1


print(bool(Z), bool(One), len(Z), "yes" if Z else "no", not One)


class Falsy(type):
    def __bool__(cls):
        return False

    def __len__(cls):
        return 5


class F(metaclass=Falsy):
    pass


print(bool(F), len(F), bool(int), bool(A), F() is not None)


# A metaclass __getattr__ answers for names the class does not have.
class Fallback(type):
    def __getattr__(cls, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return "meta-" + name


class W(metaclass=Fallback):
    x = 1


class W2(W):
    pass


print(W.x, W.y, getattr(W, "z"), hasattr(W, "_q"), W2.q, getattr(W, "_r", "default"))
try:
    W._missing
except AttributeError as e:
    print("AttributeError", e)
print(W().x, hasattr(W(), "y"))
