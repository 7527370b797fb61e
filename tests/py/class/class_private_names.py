# Private name mangling: __name inside a class stands for _Class__name.
class P:
    __count = 0
    def __init__(self):
        self.__priv = 1
        P.__count += 1
    def get(self):
        return self.__priv, self.__count
    def __helper(self):
        return "helper"
    def call(self):
        return self.__helper()
    def dunder(self):
        return self.__class__.__name__
p = P()
print(sorted(vars(p)), p._P__priv, p.get(), p.call(), p.dunder(), P._P__count)
print(hasattr(p, "__priv"), hasattr(P, "_P__helper"), hasattr(P, "__helper"))
class Q(P):
    def __init__(self):
        super().__init__()
        self.__priv = 2
    def mine(self):
        return self.__priv
q = Q()
print(sorted(vars(q)), q.mine(), q.get())
class __Hidden:
    def m(self, __a, *, __k=3):
        __local = __a + __k
        return __local
print(__Hidden().m(1), __Hidden().m(1, _Hidden__k=5))
class _Under:
    __x = 5
    def f(self):
        return [self.__x for _ in range(2)], (lambda __y=1: __y + self.__x)()
print(_Under().f(), _Under._Under__x)
class ___:
    __z = 1
print(hasattr(___, "__z"))
class Outer:
    class __Inner:
        __v = 7
        def get(self):
            return self.__v
    def make(self):
        return self.__Inner().get()
print(Outer().make(), hasattr(Outer, "_Outer__Inner"), hasattr(Outer._Outer__Inner, "_Inner__v"))
__g = "global"
class G:
    def read(self):
        return globals().get("__g"), globals().get("_G__g")
print(G().read())
class E:
    def f(self):
        try:
            raise ValueError("x")
        except ValueError as __e:
            return repr(__e)
print(E().f())
def kw(**k):
    return sorted(k)
class K:
    def f(self):
        return kw(__a=1, b=2)
print(K().f(), getattr(p, "_P__priv"))
class Sl:
    __slots__ = ("__a", "b")
    def __init__(self):
        self.__a = 1
        self.b = 2
    def get(self):
        return self.__a, self.b
s = Sl()
print(s.get(), s._Sl__a, Sl.__slots__)
try:
    s.c = 3
except AttributeError as e:
    print("AttributeError", e)
