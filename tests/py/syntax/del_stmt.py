x = 5
del x
try:
    print(x)
except NameError as e:
    print("NameError")
l = list(range(10))
del l[0]
del l[2:5]
print(l)
d = {"a": 1, "b": 2}
del d["a"]
print(d)
class C: pass
c = C(); c.attr = 1
del c.attr
print(hasattr(c, "attr"))
a, b = 1, 2
del a, b
try:
    a
except NameError:
    print("a gone")
