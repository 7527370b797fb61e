# A new function's __module__ is the globals' __name__ when it is made.
def f():
    pass
print(f.__module__, (lambda: 0).__module__, f.__defaults__, f.__kwdefaults__)
g = {}
exec("def h(a, b=2): return a + b\nm = (lambda: 1).__module__", g)
print(g["h"].__module__, g["m"], g["h"].__defaults__, g["h"](1))
g2 = {"__name__": "mod_two"}
exec("def h2(): pass", g2)
print(g2["h2"].__module__)
g2["__name__"] = "renamed"
exec("def h3(): pass", g2)
print(g2["h3"].__module__, g2["h2"].__module__)
g3 = {"__name__": 42}
exec("def h4(): pass", g3)
print(g3["h4"].__module__)
def make():
    return [lambda x=i: x for i in range(3)]
print([fn() for fn in make()], make()[0].__defaults__)
def nodefaults():
    pass
nodefaults.__defaults__ = (1,)
print(nodefaults.__defaults__, f.__defaults__)
