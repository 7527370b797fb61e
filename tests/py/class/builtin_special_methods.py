# The special methods of built-in types can be named and called.

d = {}
d.__setitem__("k", "v")
print(d.__getitem__("k"), d.__contains__("k"), d.__len__(), d)
d.__delitem__("k")
print(d)
s = {1, 2}
print(s.__contains__(1), s.__contains__(3), s.__len__())
print(int.__add__(3, 4), (5).__mul__(2), int.__radd__(1, 10), (7).__neg__(), (-3).__abs__())
print(int.__add__(3, 4.5), int.__add__(3, "x"), float.__add__(1.5, 2))
print("ab".__len__(), "ab".__add__("cd"), "ab".__mul__(2), "%d!".__mod__(5))
print([1, 2].__eq__([1, 2]), [1].__lt__([2]), (1, 2).__hash__() == hash((1, 2)))
print(list(range(5).__iter__()), range(10).__getitem__(3), range(3).__len__())
print(frozenset([1]).__or__({2}) == {1, 2}, {1, 2}.__and__({2}))
print((3).__lt__(4), (3).__eq__(3.0), (3).__bool__(), (0).__bool__())


class D(dict):
    def __setitem__(self, k, v):
        super().__setitem__(k, v * 2)

    def __getitem__(self, k):
        return dict.__getitem__(self, k) + 1


dd = D()
dd["a"] = 5
print(dd["a"], dict(dd), len(dd), "a" in dd)


class Missing(dict):
    def __missing__(self, k):
        return "missing " + k


mm = Missing(a=1)
print(mm["a"], mm["zz"], dict.__getitem__(mm, "zz"))


class L(list):
    def __getitem__(self, i):
        return list.__getitem__(self, i) * 10

    def __len__(self):
        return super().__len__() + 100

    def __contains__(self, x):
        return list.__contains__(self, x) or x == "magic"


l = L([1, 2, 3])
print(l[0], len(l), "magic" in l, 2 in l, 9 in l, list(l))


# __init__ of the mutable types: list/set/bytearray replace, dict updates.
class L2(list):
    def __init__(self, a, b):
        super().__init__([a, b])

    def reinit(self):
        list.__init__(self, "xy")


l2 = L2(1, 2)
print(l2, type(l2).__name__)
l2.reinit()
print(l2)


class D2(dict):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        super().__init__(extra=True)


print(D2([("a", 1)], b=2), D2())


class S2(set):
    pass


print(sorted(S2([3, 1, 2])), len(S2()))
x = [9]
x.__init__([1, 2])
print(x)


# In-place operators of subclasses keep the instance.
class Acc(list):
    pass


acc = Acc([1])
before = acc
acc += [2]
acc *= 2
print(acc, acc is before, type(acc).__name__)


# Subclasses of immutable types hash and compare as their value.
class S(str):
    pass


class T(tuple):
    pass


keyed = {S("a"): 1, T((1, 2)): 2}
print(keyed["a"], keyed[(1, 2)], keyed.get("a"), hash(S("x")) == hash("x"), S("a") == "a")

for f in (
    lambda: list.__getitem__({}, 0),
    lambda: dict.__setitem__([], 1, 2),
    lambda: int.__add__("a", 1),
    lambda: list.__len__(),
    lambda: list.__len__([], 1),
):
    try:
        print(f())
    except TypeError:
        # (CPython's wording differs between method and slot descriptors.)
        print("TypeError")
