# Functions made again and again from one code object share its names, but
# renaming one leaves the others (and later ones) alone.
def outer():
    def inner():
        return 1
    return inner

a, b = outer(), outer()
print(a.__name__, a.__qualname__, a.__module__, a is b)
a.__name__ = "renamed"
a.__qualname__ = "x.renamed"
c = outer()
print(a.__name__, a.__qualname__, b.__name__, b.__qualname__, c.__name__, c.__qualname__)

class K:
    def m(self):
        return [(lambda: 0) for _ in range(2)]

fs = K().m()
print([f.__name__ for f in fs], fs[0] is fs[1])
g = (x for x in range(3))
print(g.__name__, g.__qualname__)
def gen_maker():
    return (y for y in "ab")
print(gen_maker().__qualname__, list(gen_maker()))
