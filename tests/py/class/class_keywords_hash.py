# Class keywords reach __init_subclass__; __eq__ without __hash__ makes
# instances unhashable; object.__init_subclass__ ends the chain.


class B:
    def __init_subclass__(cls, flag=None, **kw):
        super().__init_subclass__(**kw)
        cls.flag = flag


class C(B, flag=5):
    pass


class D(C):
    pass


print(C.flag, D.flag, B.__dict__.get("flag"))

try:

    class Bad(B, flag=1, other=2):
        pass

except TypeError as e:
    print("TypeError", e)

try:

    class Plain(color="red"):
        pass

except TypeError as e:
    print("TypeError", e)

print(object.__init_subclass__() is None)


class Chain:
    seen = []

    def __init_subclass__(cls, **kw):
        Chain.seen.append((cls.__name__, sorted(kw.items())))


class One(Chain, a=1, b=2):
    pass


class Two(One):
    pass


print(Chain.seen)


class Meta(type):
    def __new__(mcs, name, bases, ns, **kw):
        cls = super().__new__(mcs, name, bases, ns, **kw)
        cls.meta_kw = kw
        return cls


class M1(B, metaclass=Meta, flag="m"):
    pass


print(M1.flag, M1.meta_kw)


class E:
    def __eq__(self, o):
        return True


print(E.__hash__)
try:
    hash(E())
except TypeError as e:
    print("TypeError", e)
try:
    {E()}
except TypeError as e:
    print("TypeError", e)


class F(E):
    pass


print(F.__hash__)


class G:
    def __eq__(self, o):
        return self is o

    def __hash__(self):
        return 7


print(hash(G()), G() == G())


class H(E):
    def __hash__(self):
        return 9


print(hash(H()))


class I:
    def __eq__(self, o):
        return False

    __hash__ = object.__hash__


print(type(hash(I())).__name__)
