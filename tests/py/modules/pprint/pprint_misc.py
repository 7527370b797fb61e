# Checks saferepr, isreadable, isrecursive (module functions and methods),
# recursive structures, PrettyPrinter with a stream, a format() override,
# dataclasses, collections types, and the constructor's errors.
import io
import pprint
import collections
import dataclasses

print(pprint.saferepr({'b': [1, 2], 'a': (3,)}), pprint.saferepr('x'), pprint.saferepr(None))
for obj in [1, 'a', [1, 2], {'a': (1, 2.5)}, object, len, [object()], {1: object}, (b'x', None, True)]:
    print(pprint.isreadable(obj), pprint.isrecursive(obj), pprint.PrettyPrinter().isreadable(obj))
a = [1, 2]
a.append(a)
d = {'self': None}
d['self'] = d
print(pprint.isrecursive(a), pprint.isreadable(a), pprint.isrecursive(d), pprint.PrettyPrinter().isrecursive(d))
r = pprint.saferepr(a)
print(r.replace(str(id(a)), 'ID'))
print(pprint.pformat(d).replace(str(id(d)), 'ID'))
print(pprint.pformat([a, 'x' * 70]).replace(str(id(a)), 'ID'))
shared = [1, 2]
print(pprint.pformat([shared, shared, (shared,)]))
print(pprint.isrecursive([shared, shared]))

out = io.StringIO()
pp = pprint.PrettyPrinter(width=20, stream=out)
pp.pprint(list(range(10)))
pp.pprint('hello')
print(repr(out.getvalue()))
print(pp.pformat({'a': 1}))
pprint.pprint([1, 2], stream=out)
print(repr(out.getvalue()[-7:]))

class Upper(pprint.PrettyPrinter):
    def format(self, object, context, maxlevels, level):
        if isinstance(object, str):
            return repr(object.upper()), True, False
        return super().format(object, context, maxlevels, level)
print(Upper(width=20).pformat(['abc', 'defghij', {'key': 'value'}]))

@dataclasses.dataclass
class Point:
    x: int
    y: int
    label: str = 'origin'
    hidden: list = dataclasses.field(default_factory=list, repr=False)

@dataclasses.dataclass
class Shape:
    name: str
    points: list

s = Shape('polygon with a rather long name', [Point(i, i * i, 'p%d' % i) for i in range(4)])
print(pprint.pformat(s))
print(pprint.pformat(Point(1, 2)), pprint.pformat(s, depth=1))
print(pprint.pformat([Point(100000, 200000, 'a label long enough to wrap the line')], width=40))

od = collections.OrderedDict((k, k * 3) for k in 'abcdefghijklmnopqrstuvwxyz')
print(pprint.pformat(od))
print(pprint.pformat(collections.OrderedDict()), pprint.pformat(collections.OrderedDict(a=1)))
dd = collections.defaultdict(list, {'x': list(range(15)), 'y': [1]})
print(pprint.pformat(dd, width=40))
c = collections.Counter('abracadabra' * 5 + 'xyz')
print(pprint.pformat(c, width=30))
dq = collections.deque(range(30))
print(pprint.pformat(dq, width=40))
print(pprint.pformat(collections.deque(range(30), maxlen=40), width=40))
print(pprint.pformat(collections.deque()))
cm = collections.ChainMap({'a': list(range(12))}, {'b': 2, 'c': 'x' * 40})
print(pprint.pformat(cm, width=40))

def err(fn):
    try:
        print('ok', fn())
    except Exception as e:
        print(type(e).__name__ + ':', e)

err(lambda: pprint.PrettyPrinter(indent=-1))
err(lambda: pprint.PrettyPrinter(depth=0))
err(lambda: pprint.PrettyPrinter(width=0))
err(lambda: pprint.pformat([1], depth=-2))
err(lambda: pprint.pformat([1], indent='x'))
err(lambda: pprint.pformat([1], 1, 80, None, True))
