# An instance's __dict__ (and vars()) is the live attribute dict: writes,
# deletes and update() through it are the instance's; assigning __dict__.
class A:
    def __init__(self, **kw):
        self.__dict__.update(kw)
a = A(p=1, q=2)
print(a.p, a.q)
a.__dict__['y'] = 2
print(a.y)
d = a.__dict__
a.z = 3
print(sorted(d))
del a.__dict__['y']
print(hasattr(a, 'y'))
v = vars(a)
v['w'] = 9
print(a.w)
print(vars(a) is a.__dict__)
a.__dict__ = {'m': 5}
print(a.m, hasattr(a, 'p'), vars(a))
try:
    a.__dict__ = 5
except TypeError as e:
    print(e)
class S:
    __slots__ = ('x',)
s = S()
print(hasattr(s, '__dict__'))
class B:
    def meth(self): return 'method'
b = B()
b.__dict__['meth'] = lambda: 'instance attr'
print(b.meth())
del b.__dict__['meth']
print(b.meth())
b.k = 1
del b.k
try:
    del b.k
except AttributeError as e:
    print(e)
import copy
c = copy.copy(a)
print(c.m, c.__dict__ is a.__dict__)
class L(list): pass
l = L([1,2])
l.__dict__['q'] = 3
print(l.q, l)
import gc
for i in range(3):
    o = B(); o.__dict__; o.z = [i]*3; gc.collect(); print(o.z, o.__dict__)
