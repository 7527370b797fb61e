from abc import ABC, ABCMeta, abstractmethod
import abc

class Shape(ABC):
    @abstractmethod
    def area(self):
        ...

    @abstractmethod
    def perimeter(self):
        ...

    def describe(self):
        return "%s with area %s" % (type(self).__name__, self.area())

print(sorted(Shape.__abstractmethods__))
try:
    Shape()
except TypeError as e:
    print("TypeError:", e)

class Half(Shape):
    def area(self):
        return 0

print(sorted(Half.__abstractmethods__))
try:
    Half()
except TypeError as e:
    print("TypeError:", e)

class Square(Half):
    def __init__(self, side):
        self.side = side

    def area(self):
        return self.side ** 2

    def perimeter(self):
        return 4 * self.side

s = Square(3)
print(s.area(), s.perimeter(), s.describe(), sorted(Square.__abstractmethods__))
print(isinstance(s, Shape), issubclass(Square, ABC), type(Shape) is ABCMeta, type(Square) is ABCMeta)

# abstract methods may have implementations reachable through super()
class Base(ABC):
    @abstractmethod
    def greet(self):
        return "base greeting"

class Impl(Base):
    def greet(self):
        return "impl + " + super().greet()

print(Impl().greet())

# metaclass= directly, and a class with nothing abstract
class Plain(metaclass=ABCMeta):
    def __init__(self, x):
        self.x = x

print(Plain(5).x, sorted(Plain.__abstractmethods__))

class Empty(ABC):
    pass

print(type(Empty()).__name__)

# abstract property, classmethod, staticmethod
class Props(ABC):
    @property
    @abstractmethod
    def name(self):
        ...

    @classmethod
    @abstractmethod
    def make(cls):
        ...

    @staticmethod
    @abstractmethod
    def helper():
        ...

print(sorted(Props.__abstractmethods__))

class Concrete(Props):
    @property
    def name(self):
        return "concrete"

    @classmethod
    def make(cls):
        return cls()

    @staticmethod
    def helper():
        return 42

c = Concrete.make()
print(c.name, c.helper(), sorted(Concrete.__abstractmethods__))

class StillAbstract(Props):
    @property
    def name(self):
        return "x"

try:
    StillAbstract()
except TypeError as e:
    print("TypeError:", e)

# the check passes arguments to __init__ and honours a user __new__
class WithNew(ABC):
    def __new__(cls, *args, **kwargs):
        inst = super().__new__(cls)
        inst.args = args
        return inst

    @abstractmethod
    def run(self):
        ...

class RunIt(WithNew):
    def __init__(self, a, b=2):
        self.total = a + b

    def run(self):
        return self.args, self.total

print(RunIt(1).run(), RunIt(1, b=5).run())
try:
    WithNew(1)
except TypeError as e:
    print("TypeError:", e)

# int subclass with an abstract mixin
class Num(int, metaclass=ABCMeta):
    @abstractmethod
    def label(self):
        ...

class Seven(Num):
    def label(self):
        return "seven"

x = Seven(7)
print(x + 1, x.label())

# abstract method added later: update_abstractmethods
class Later(ABC):
    def ok(self):
        return 1

def missing(self):
    ...

Later.missing = abstractmethod(missing)
print(sorted(abc.update_abstractmethods(Later).__abstractmethods__))
try:
    Later()
except TypeError as e:
    print("TypeError:", e)
Later.missing = lambda self: 2
abc.update_abstractmethods(Later)
print(Later().missing(), sorted(Later.__abstractmethods__))

class NotABC:
    pass

print(abc.update_abstractmethods(NotABC) is NotABC)

# the function attribute
def f():
    pass

print(getattr(f, "__isabstractmethod__", False), abstractmethod(f) is f, f.__isabstractmethod__)

# deprecated helpers still work
class Old(ABC):
    @abc.abstractproperty
    def p(self):
        ...

print(sorted(Old.__abstractmethods__))
try:
    Old()
except TypeError as e:
    print("TypeError:", e)

# register records a virtual subclass and returns it
class Sized(ABC):
    @abstractmethod
    def __len__(self):
        ...

class MyThing:
    pass

print(Sized.register(MyThing) is MyThing)
print(issubclass(MyThing, MyThing), isinstance(abc.get_cache_token(), object))

# multiple inheritance: an abstract method is implemented by another base
class Reader(ABC):
    @abstractmethod
    def read(self):
        ...

class Impl2:
    def read(self):
        return "read!"

class Both(Impl2, Reader):
    pass

print(Both().read(), sorted(Both.__abstractmethods__))

class Wrong(Reader, Impl2):
    pass

print(sorted(Wrong.__abstractmethods__))
try:
    Wrong()
except TypeError as e:
    print("TypeError:", e)
