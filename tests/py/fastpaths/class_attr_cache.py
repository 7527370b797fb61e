# Attribute lookups along the MRO are cached; changes to any class must be
# seen at once, including changes to a base after a subclass lookup.
class Base:
    def m(self):
        return "base"
    x = 1

class Mid(Base):
    pass

class Leaf(Mid):
    pass

o = Leaf()
out = []
for _ in range(3):
    out.append((o.m(), o.x, Leaf.x))

Mid.m = lambda self: "mid"
out.append(o.m())
Base.x = 2
out.append((o.x, Leaf.x))
Leaf.x = 3
out.append((o.x, Mid.x))
del Mid.m
out.append(o.m())
del Leaf.x
out.append(o.x)

# An attribute that did not exist (cached as absent) appears later.
out.append(hasattr(o, "late"))
Base.late = "here"
out.append(o.late)

# Special methods added after instances exist.
class V:
    pass
v = V()
try:
    len(v)
except TypeError:
    out.append("no len")
V.__len__ = lambda self: 7
out.append(len(v))
setattr(Base, "m", lambda self: "set")
out.append(o.m())
print(out)
