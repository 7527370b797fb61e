# object.__getattribute__ and type.__getattribute__: the rules alone, what an
# override of __getattribute__ calls (no __getattr__ fallback)
class B:
    def __getattribute__(self, n):
        if n == "magic":
            return 42
        return super().__getattribute__(n)
b = B()
b.q = 5
print(b.magic, b.q)
print(object.__getattribute__(b, "q"))
class C:
    x = 1
    def m(self): return 7
c = C()
print(object.__getattribute__(c, "x"), object.__getattribute__(c, "m")())
try:
    object.__getattribute__(c, "nope")
except AttributeError as e:
    print(e)
print(object.__setattr__(c, "y", 3), c.y)
object.__delattr__(c, "y")
print(hasattr(c, "y"))
print(type.__getattribute__(C, "x"))
class Proxy:
    def __init__(self, target):
        object.__setattr__(self, "_t", target)
        object.__setattr__(self, "log", [])
    def __getattribute__(self, n):
        log = object.__getattribute__(self, "log")
        log.append(n)
        if n in ("log", "_t"):
            return object.__getattribute__(self, n)
        return getattr(object.__getattribute__(self, "_t"), n)
class T:
    a = 1
    def hello(self): return "hi"
p = Proxy(T())
print(p.a, p.hello(), p.log)
class G:
    def __getattr__(self, n): return "fallback:" + n
g = G()
print(g.zz)
try:
    print(object.__getattribute__(g, "zz"))
except AttributeError as e:
    print("AttributeError", e)
class W:
    @property
    def v(self): return 10
    def __getattribute__(self, n):
        return object.__getattribute__(self, n) * 2 if n == "v" else object.__getattribute__(self, n)
print(W().v)
try:
    object.__getattribute__(W(), 5)
except TypeError as e:
    print("TypeError", e)
print(object.__getattribute__(3, "real"), object.__getattribute__("ab", "upper")())
print(type.__getattribute__(int, "__name__"))
