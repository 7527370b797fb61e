# An instance given many attributes keeps them in a dict; order,
# deletion, vars(), __dict__ and attribute reads keep working across it.
class A:
    pass

a = A()
for i in range(50):
    setattr(a, "f%d" % i, i)
print(len(vars(a)), a.f0, a.f29, a.f30, a.f49)
print(list(vars(a))[:3], list(vars(a))[-3:])
del a.f10
a.f10 = "back"
print(list(vars(a))[-2:], a.f10)
a.__dict__["extra"] = 1
print(a.extra, "extra" in dir(a))

def getf(o):
    return o.f5

print(sum(getf(x) for x in [a, a, a]))

# Many instances crossing the limit one attribute at a time.
objs = []
for n in range(3):
    o = A()
    for i in range(32 + n):
        setattr(o, "g%d" % i, i * n)
    objs.append(o)
print([len(vars(o)) for o in objs], [o.g31 for o in objs])

# __dict__ asked for after attributes were set in slots.
class B:
    def __init__(self):
        self.a = 1
        self.b = 2

b = B()
d = b.__dict__
print(d, d is b.__dict__)
b.c = 3
print(d)
d["a"] = 10
print(b.a)
del b.b
print(d, vars(b))
b2 = B()
print(vars(b2), b2.a + b2.b)

# Deleting every attribute one by one, in several orders.
import itertools
for order in itertools.permutations("abc"):
    o = A()
    o.a, o.b, o.c = 1, 2, 3
    seen = []
    for n in order:
        delattr(o, n)
        seen.append(sorted(vars(o)))
    print("".join(order), seen)
