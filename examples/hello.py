# A small tour of capy: classes, generators, closures, exceptions, f-strings.

class Shape:
    def __init__(self, name):
        self.name = name

    def area(self):
        raise NotImplementedError

    def __repr__(self):
        return f"{self.name}(area={self.area():.2f})"


class Circle(Shape):
    def __init__(self, r):
        super().__init__("Circle")
        self.r = r

    def area(self):
        return 3.141592653589793 * self.r ** 2


class Square(Shape):
    def __init__(self, side):
        super().__init__("Square")
        self.side = side

    def area(self):
        return self.side * self.side


def fibonacci():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b


def counter():
    n = 0

    def step():
        nonlocal n
        n += 1
        return n

    return step


shapes = sorted([Circle(1), Square(3), Circle(0.5)], key=lambda s: s.area())
print(shapes)
fib = fibonacci()
print([next(fib) for _ in range(12)])
print("2**100 =", 2 ** 100)
step = counter()
step(); step()
print("counter:", step())
try:
    Shape("abstract").area()
except NotImplementedError as e:
    print("caught", type(e).__name__)
print({k: len(k) for k in ("capy", "runs", "python")})
