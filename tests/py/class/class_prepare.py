# __prepare__: the metaclass chooses the namespace a class body runs in.
class Recorder(dict):
    def __init__(self):
        super().__init__()
        self.order = []

    def __setitem__(self, k, v):
        if not k.startswith("__"):
            self.order.append(k)
        super().__setitem__(k, v)


class Meta(type):
    @classmethod
    def __prepare__(mcls, name, bases, **kw):
        print("prepare", mcls.__name__, name, [b.__name__ for b in bases], sorted(kw))
        return Recorder()

    def __new__(mcls, name, bases, ns, **kw):
        print("ns type", type(ns).__name__, ns.order)
        cls = super().__new__(mcls, name, bases, dict(ns))
        cls.order = ns.order
        return cls

    def __init__(cls, name, bases, ns, **kw):
        super().__init__(name, bases, ns)


class A(metaclass=Meta):
    b = 1
    a = 2

    def m(self):
        return self.a + self.b

    x: int = 5


print(A.order, A().m(), A.x)


class B(A, flag=True):
    z = 0

    def n(self):
        return super().m() * 10


print(B.order, B().n())


# A namespace that rejects a name.
class NoDupes(dict):
    def __setitem__(self, k, v):
        if k in self and not k.startswith("__"):
            raise TypeError("duplicate name %r" % k)
        super().__setitem__(k, v)


class Strict(type):
    @classmethod
    def __prepare__(mcls, name, bases):
        return NoDupes()


try:

    class C(metaclass=Strict):
        a = 1
        a = 2

except TypeError as e:
    print("TypeError", e)


# Looking names up in the prepared namespace while the body runs.
class Defaulting(dict):
    def __missing__(self, k):
        if k.startswith("auto_"):
            return k[5:].upper()
        raise KeyError(k)


class DM(type):
    @classmethod
    def __prepare__(mcls, name, bases):
        return Defaulting()

    def __new__(mcls, name, bases, ns):
        return super().__new__(mcls, name, bases, dict(ns))


class D(metaclass=DM):
    v = auto_hello
    w = len("abc")


print(D.v, D.w)


# super().__prepare__ reaches type.__prepare__, which returns a dict.
class Plain(type):
    @classmethod
    def __prepare__(mcls, name, bases, **kw):
        ns = super().__prepare__(name, bases, **kw)
        print(type(ns).__name__, ns)
        ns["injected"] = 42
        return ns


class E(metaclass=Plain):
    pass


print(E.injected, type(type.__prepare__("X", ())).__name__)


# A __prepare__ that does not return a mapping.
class Bad(type):
    @classmethod
    def __prepare__(mcls, name, bases):
        return 3


try:

    class F(metaclass=Bad):
        pass

except TypeError as e:
    print("TypeError", e)


# A staticmethod __prepare__, and __classcell__ through a custom namespace.
class SM(type):
    @staticmethod
    def __prepare__(name, bases):
        return Recorder()

    def __new__(mcls, name, bases, ns):
        return super().__new__(mcls, name, bases, dict(ns))


class G(metaclass=SM):
    def who(self):
        return __class__.__name__


print(G().who())
