# A class call whose __init__ is a Python function runs __init__ in the
# interpreter's frame loop; every edge of class construction must hold.
class A:
    def __init__(self, x, y=2, *rest, k=3, **kw):
        self.v = (x, y, rest, k, sorted(kw.items()))

print(A(1).v, A(1, 5, 6, 7, k=9, z=1).v, A(x=4).v)

class Bad:
    def __init__(self):
        return 5

try:
    Bad()
except TypeError as e:
    print("TypeError", e)

class Raises:
    def __init__(self, n):
        if n:
            raise ValueError("bad %d" % n)
        self.n = n

try:
    Raises(3)
except ValueError as e:
    print("ValueError", e)
print(Raises(0).n)

class WithNew:
    def __new__(cls, *a):
        print("new", cls.__name__, a)
        return super().__new__(cls)
    def __init__(self, *a):
        print("init", a)

w = WithNew(1, 2)
print(type(w).__name__)

class Other:
    pass

class NewOther:
    def __new__(cls):
        return Other()
    def __init__(self):
        print("not called")

print(type(NewOther()).__name__)

class Base:
    def __init__(self, a):
        self.a = a

class Derived(Base):
    pass

class Derived2(Base):
    def __init__(self, a, b):
        super().__init__(a)
        self.b = b

print(Derived(1).a, Derived2(1, 2).a, Derived2(1, 2).b)

try:
    Derived()
except TypeError as e:
    print("TypeError")

class NoInit:
    pass

try:
    NoInit(1)
except TypeError as e:
    print("TypeError", e)

class Gen:
    def __init__(self):
        yield 1

try:
    Gen()
except TypeError as e:
    print("TypeError", e)

class Cell:
    def __init__(self, x):
        def get():
            return x
        self.get = get

print(Cell(7).get())

# __init__ rebound after instances were made
class Rebind:
    def __init__(self):
        self.k = 1

print(Rebind().k)

def new_init(self):
    self.k = 2

Rebind.__init__ = new_init
print(Rebind().k)
del Rebind.__init__
print(hasattr(Rebind(), "k"))

class Meta(type):
    def __call__(cls, *a):
        print("meta call", a)
        return super().__call__(*a)

class M(metaclass=Meta):
    def __init__(self, x):
        self.x = x

print(M(5).x)

class L(list):
    def __init__(self, n):
        super().__init__(range(n))

print(L(3))

# deep recursion through __init__ stays a RecursionError
class Deep:
    def __init__(self, n):
        self.child = Deep(n - 1) if n else None

try:
    Deep(100000)
except RecursionError:
    print("RecursionError")

d = Deep(50)
n = 0
while d is not None:
    d = d.child
    n += 1
print(n)

# a method call inside __init__, and the instance as the result
class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y
        self.norm()

    def norm(self):
        self.n = self.x * self.x + self.y * self.y

pts = [Point(i, i + 1) for i in range(5)]
print([p.n for p in pts])

# an __init__ that catches its own exception
class Catch:
    def __init__(self):
        try:
            1 / 0
        except ZeroDivisionError:
            self.ok = True

print(Catch().ok)

# as a keyword-called class
class KW:
    def __init__(self, a, b):
        self.s = a - b

print(KW(b=1, a=5).s)
