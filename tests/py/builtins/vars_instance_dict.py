# vars(obj) / obj.__dict__ for an instance: one dict, made from the
# attributes once, in their order, and the instance's from then on.
class P:
    def __init__(self):
        self.a = 1
        self.b = "x"
        self.c = [1]


p = P()
d = vars(p)
print(d, d["b"], "c" in d, list(d), d.get("zz"))
d["z"] = 9
print(p.z, vars(p) is d, p.__dict__ is d)
p.q = 5
del p.a
print(vars(p), hasattr(p, "a"))
print(vars(P()) == {"a": 1, "b": "x", "c": [1]}, vars(P()) is not vars(P()))


class Many:
    pass


m = Many()
for i in range(40):
    setattr(m, "f%d" % i, i)
dm = vars(m)
print(len(dm), dm["f0"], dm["f39"], list(dm)[:3], sum(dm.values()))
e = Many()
print(vars(e), e.__dict__ == {})
e.__dict__["k"] = 1
print(e.k, vars(e))


class Slotted:
    __slots__ = ("x",)


try:
    vars(Slotted())
except TypeError as exc:
    print("TypeError", exc)
