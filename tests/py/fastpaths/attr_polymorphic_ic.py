# Attribute sites that see several classes (a polymorphic inline cache keeps
# an entry per class), with the classes, instances and hooks changed between
# calls: every change must be seen at once, whichever entry the site holds.


class Base:
    def __init__(self, v):
        self.v = v

    def kind(self):
        return "base"

    def get(self):
        return self.v


class A(Base):
    def kind(self):
        return "A"


class B(Base):
    pass


class C(Base):
    def kind(self):
        return "C"


class D(Base):
    def kind(self):
        return "D"


class E(Base):
    def kind(self):
        return "E"


def kinds(objs):
    # One LoadMethod site, one LoadAttr site, seeing every class.
    return [(o.kind(), o.v) for o in objs]


def stores(objs, x):
    for o in objs:
        o.v = x
        o.w = x + 1
    return [(o.v, o.w) for o in objs]


objs = [A(1), B(2), C(3), D(4)]
for _ in range(3):
    print(kinds(objs))

# A method replaced on the base: B inherits it; the others override it.
Base.kind = lambda self: "base2"
print(kinds(objs))
# A method added to a subclass that had none.
B.kind = lambda self: "B"
print(kinds(objs))
del B.kind
print(kinds(objs))

# An instance attribute shadowing the method, on one instance of several.
objs[2].kind = lambda: "own"
print(kinds(objs))
del objs[2].kind
print(kinds(objs))
# ... through the instance dict.
objs[3].__dict__["kind"] = lambda: "dict"
print(kinds(objs))
del objs[3].__dict__["kind"]
print(kinds(objs))

# __class__ assignment between calls.
objs[0].__class__ = C
print(kinds(objs))
objs[0].__class__ = A
print(kinds(objs))

# More classes than entries, cycling: entries are evicted and refilled.
many = [A(1), B(2), C(3), D(4), E(5), A(6), E(7), B(8)]
for _ in range(3):
    print(kinds(many))
E.kind = lambda self: "E2"
print(kinds(many))

# Stores at a polymorphic site: slots added, then a property on one class
# takes over the name, then a __setattr__ on the base.
print(stores(objs, 10))
print(stores(objs, 20))


def get_w(self):
    return ("prop", self.__dict__.get("_w"))


def set_w(self, x):
    self.__dict__["_w"] = x * 100


C.w = property(get_w, set_w)
print(stores(objs, 30))
del C.w
print(stores(objs, 40))

log = []


def base_setattr(self, k, x):
    log.append((type(self).__name__, k))
    object.__setattr__(self, k, x)


Base.__setattr__ = base_setattr
print(stores(objs, 50), stores(objs, 55), log)
del Base.__setattr__
log.clear()
print(stores(objs, 60), log)


# Loads at a polymorphic site: a data descriptor, __getattribute__ and
# __getattr__ added to one class after the site cached all of them.
class Desc:
    def __get__(self, obj, owner=None):
        return "desc"

    def __set__(self, obj, x):
        raise AttributeError("read-only")


def vs(objs):
    return [o.v for o in objs]


print(vs(objs))
D.v = Desc()
print(vs(objs))
del D.v
print(vs(objs))


def ga(self, k):
    if k == "v":
        return "ga"
    return object.__getattribute__(self, k)


A.__getattribute__ = ga
print(vs(objs), kinds(objs))
del A.__getattribute__
print(vs(objs), kinds(objs))


def missing(objs):
    return [getattr(o, "zz", None) for o in objs] + [o.zz if hasattr(o, "zz") else "-" for o in objs]


B.__getattr__ = lambda self, k: "ga-" + k
print(missing(objs))
del B.__getattr__
print(missing(objs))


# Properties on some classes, slots on others, at one site.
class P1:
    def __init__(self):
        self._x = 1

    @property
    def x(self):
        return self._x * 10

    @x.setter
    def x(self, v):
        self._x = v


class P2:
    def __init__(self):
        self.x = 2


class P3(P1):
    @property
    def x(self):
        return "p3"


def px(objs):
    return [o.x for o in objs]


def setx(objs, v):
    for o in objs:
        try:
            o.x = v
        except AttributeError as e:
            print("AttributeError", type(o).__name__)


ps = [P1(), P2(), P3(), P1()]
for _ in range(3):
    print(px(ps))
setx(ps, 7)
print(px(ps))
P1.x = property(lambda self: "new getter")
print(px(ps))
setx(ps, 8)
print(px(ps))
ps[1].__class__ = P3
print(px(ps))


# Methods of built-in types and of Python classes at one site, and
# receivers that keep attributes of their own (functions, exceptions).
class Box:
    def __init__(self):
        self.items = []

    def append(self, x):
        self.items.append(x * 2)


def app(objs, x):
    for o in objs:
        o.append(x)


lst, box = [], Box()
for i in range(3):
    app([lst, box, lst], i)
print(lst, box.items)
box.append = lambda x: lst.append(-x)
app([lst, box], 9)
print(lst, box.items)


class Err(Exception):
    def note(self):
        return "method"


def notes(objs):
    return [o.note() for o in objs]


err = Err()
print(notes([err, Err()]))
err.note = lambda: "own"
print(notes([err, Err()]))
