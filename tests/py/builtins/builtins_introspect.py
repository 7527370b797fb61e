class K:
    a = 1
    def m(self): pass
k = K()
print(hasattr(k, "a"), hasattr(k, "zz"), getattr(k, "a"), getattr(k, "zz", None))
setattr(k, "b", 2)
print(k.b, "m" in dir(k), "b" in dir(k), "a" in dir(K))
print(callable(K), callable(k), callable(k.m))
print(id(k) == id(k), id(k) != id(K()))
g = globals()
print("K" in g, type(g).__name__)
