# Checks pickling of user classes: default reduction (NEWOBJ / _reconstructor),
# __reduce__, __reduce_ex__, __getstate__/__setstate__, __getnewargs__,
# __getnewargs_ex__, __slots__, list/dict/int subclasses, shared and
# recursive references, Pickler/Unpickler objects, memo, find_class,
# persistent ids, and the related error messages.
import io
import pickle


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __repr__(self):
        return "Point(%r, %r)" % (self.x, self.y)


class Empty:
    pass


class WithReduce:
    def __init__(self, v):
        self.v = v

    def __reduce__(self):
        return (WithReduce, (self.v * 2,))


class WithReduceEx:
    def __init__(self, proto, v=None):
        self.v = v if v is not None else proto

    def __reduce_ex__(self, proto):
        return (WithReduceEx, (proto, self.v))


class WithState:
    def __init__(self):
        self.a = 1
        self.b = "two"

    def __getstate__(self):
        return {"a": self.a}

    def __setstate__(self, state):
        self.a = state["a"]
        self.b = "restored"


class NewArgs:
    def __new__(cls, n):
        self = object.__new__(cls)
        self.n = n
        return self

    def __getnewargs__(self):
        return (self.n,)


class NewArgsEx:
    def __new__(cls, n, *, k=0):
        self = object.__new__(cls)
        self.n = n
        self.k = k
        return self

    def __getnewargs_ex__(self):
        return ((self.n,), {"k": self.k})


class Slotted:
    __slots__ = ("a", "b")


class SlottedState:
    __slots__ = ("a",)

    def __getstate__(self):
        return {"a": self.a}

    def __setstate__(self, state):
        self.a = state["a"]


class MyList(list):
    pass


class MyDict(dict):
    pass


class MyInt(int):
    pass


class Reducer:
    def __reduce__(self):
        return (Point, (1, 2), {"z": 3}, iter([]), None)


def show(label, obj, protos=range(6)):
    for p in protos:
        try:
            print(label, p, pickle.dumps(obj, p))
        except Exception as e:
            print(label, p, type(e).__name__, e)


show("Point", Point(1, "a"))
show("Empty", Empty())
show("WithReduce", WithReduce(4))
show("WithReduceEx", WithReduceEx(4))
show("WithState", WithState())
show("NewArgs", NewArgs(7))
# Protocols 2-3 go through functools.partial, whose pickle differs in capy.
show("NewArgsEx", NewArgsEx(7, k=9), (0, 1, 4, 5))
s = Slotted()
s.a = 1
show("Slotted", s)
ss = SlottedState()
ss.a = 5
show("SlottedState", ss)
ml = MyList([1, 2])
ml.tag = "t"
show("MyList", ml)
md = MyDict(a=1)
show("MyDict", md, range(2, 6))
show("MyInt", MyInt(5), range(2, 6))
show("Reducer", Reducer(), range(2, 6))
p = Point(0, 0)
show("shared", [p, p, (p,)])
d = {}
d["self"] = d
show("recursive dict", d)

# Round trips through all protocols.
for p in range(6):
    pt = pickle.loads(pickle.dumps(Point(3, [4]), p))
    print(p, type(pt).__name__, pt.x, pt.y)
    w = pickle.loads(pickle.dumps(WithState(), p))
    print(p, w.a, w.b)
    print(p, pickle.loads(pickle.dumps(WithReduce(5), p)).v)
    print(p, pickle.loads(pickle.dumps(WithReduceEx(5), p)).v)
    print(p, pickle.loads(pickle.dumps(NewArgs(8), p)).n)
    if p >= 4:
        nx = pickle.loads(pickle.dumps(NewArgsEx(8, k=3), p))
        print(p, nx.n, nx.k)
    m = pickle.loads(pickle.dumps(ml, p))
    print(p, type(m).__name__, m, m.tag)
    r = pickle.loads(pickle.dumps([p, p], p))
    lst = [1]
    lst.append(lst)
    back = pickle.loads(pickle.dumps(lst, p))
    print(p, back[0], back[1] is back)
    pair = pickle.loads(pickle.dumps([pt, pt], p))
    print(p, pair[0] is pair[1])
    if p >= 2:
        sl = pickle.loads(pickle.dumps(s, p))
        print(p, sl.a, hasattr(sl, "b"))
        print(p, type(pickle.loads(pickle.dumps(md, p))).__name__)
        mi = pickle.loads(pickle.dumps(MyInt(6), p))
        print(p, type(mi).__name__, mi + 1)
    ss2 = pickle.loads(pickle.dumps(ss, p))
    print(p, ss2.a)

# Pickler / Unpickler on files, several pickles in one stream, memo.
buf = io.BytesIO()
pk = pickle.Pickler(buf, 2)
shared = ["s"]
pk.dump(shared)
pk.dump(shared)
print(len(pk.memo.copy()))
pk.clear_memo()
pk.dump(shared)
print(buf.getvalue())
buf.seek(0)
up = pickle.Unpickler(buf)
print(up.load(), up.load(), up.load())
try:
    up.load()
except EOFError as e:
    print("EOFError", e)

buf = io.BytesIO()
pickle.dump({"k": [1, 2.5, None]}, buf, 4)
buf.seek(0)
print(pickle.load(buf))


class Restricted(pickle.Unpickler):
    def find_class(self, module, name):
        if name == "Point":
            return super().find_class(module, name)
        raise pickle.UnpicklingError("global '%s.%s' is forbidden" % (module, name))


data = pickle.dumps([Point(1, 2), Empty()], 4)
try:
    Restricted(io.BytesIO(data)).load()
except pickle.UnpicklingError as e:
    print("UnpicklingError", e)


class PersPickler(pickle.Pickler):
    def persistent_id(self, obj):
        if isinstance(obj, Point):
            return "pt-%d" % obj.x
        return None


class PersUnpickler(pickle.Unpickler):
    def persistent_load(self, pid):
        return "loaded " + pid


for p in (0, 2, 4):
    buf = io.BytesIO()
    PersPickler(buf, p).dump([Point(7, 0), 1])
    print(buf.getvalue())
    buf.seek(0)
    print(PersUnpickler(buf).load())
    try:
        pickle.loads(buf.getvalue())
    except pickle.UnpicklingError as e:
        print("UnpicklingError", e)


# Error cases.
def outer():
    def inner():
        pass
    return inner


for bad in (outer(), lambda: 0):
    try:
        pickle.dumps(bad)
    except Exception as e:
        print(type(e).__name__, str(e).split(" at 0x")[0])

for bad_proto in (6, 99):
    try:
        pickle.dumps(1, bad_proto)
    except ValueError as e:
        print("ValueError", e)


class BadReduce:
    def __reduce__(self):
        return (1,)


class BadReduce2:
    def __reduce__(self):
        return 42


class BadReduce3:
    def __reduce__(self):
        return (Point, [1, 2])


for bad in (BadReduce(), BadReduce2(), BadReduce3()):
    try:
        pickle.dumps(bad, 2)
    except pickle.PicklingError as e:
        print("PicklingError", e)
print(issubclass(pickle.PicklingError, pickle.PickleError), issubclass(pickle.UnpicklingError, pickle.PickleError))
print(pickle.HIGHEST_PROTOCOL, pickle.DEFAULT_PROTOCOL, pickle._Pickler is not None, pickle._Unpickler is not None)
