# Instances of subclasses of built-in types whose classes define no
# __getitem__/__setitem__ take their items straight from the built-in
# value (ClassFlags::user_items). Every way a class can gain those methods
# must still be honoured: in its body, from a base, from a mixin, by
# assignment after creation (also to a base), and __missing__ still runs.
import collections


class D(dict):
    pass


d = D(a=1)
d["b"] = 2
d["a"] += 10
print(sorted(d.items()), d["b"])
try:
    d["zz"]
except KeyError as e:
    print("KeyError", e)


class M(dict):
    def __missing__(self, k):
        return ("missing", k)


m = M()
print(m["x"], len(m))

c = collections.Counter()
for w in "abracadabra":
    c[w] += 1
print(sorted(c.items()), c["q"])

dd = collections.defaultdict(list)
dd["k"].append(1)
dd["k"] += [2]
print(dict(dd))


class L(list):
    pass


lst = L([1, 2, 3])
lst[-1] = 30
lst[0] += 5
print(lst, lst[1], lst[-1], lst[0:2])
try:
    lst[7]
except IndexError as e:
    print("IndexError", e)
try:
    lst[7] = 1
except IndexError as e:
    print("IndexError", e)


class S(str):
    pass


print(S("hello")[1], S("hello")[-1], S("hello")[1:3])


class T(tuple):
    pass


print(T((1, 2))[1])


# Defined in the body.
class G(dict):
    def __getitem__(self, k):
        return ("G", k)

    def __setitem__(self, k, v):
        print("G set", k, v)


g = G()
g["x"] = 1
print(g["x"], len(g))


# Inherited from a Python base, and from a mixin.
class G2(G):
    pass


g2 = G2()
g2[1] = 2
print(g2[1])


class Mixin:
    def __getitem__(self, k):
        return ("mixin", k)


class LM(Mixin, list):
    pass


print(LM([1])[0])


# Given after creation, to the class itself and to a base.
class Late(list):
    pass


class Later(Late):
    pass


a, b = Late([1, 2]), Later([3, 4])
print(a[0], b[0])
Late.__getitem__ = lambda self, i: ("late", i)
print(a[0], b[0])
Later.__setitem__ = lambda self, i, v: print("later set", i, v)
b[0] = 9
a[1] = 7
print(list(a), list(b))


# A subclass instance given a new class keeps honouring the new one's.
class P(list):
    pass


class Q(list):
    def __getitem__(self, i):
        return "Q"


p = P([5])
print(p[0])
p.__class__ = Q
print(p[0])
