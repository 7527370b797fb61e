class Adder:
    def __init__(self, n): self.n = n
    def __call__(self, x, y=0): return x + y + self.n
a = Adder(100)
print(a(1), a(1, y=2), callable(a))
class Range2:
    def __init__(self, n): self.n = n
    def __iter__(self):
        self.i = 0
        return self
    def __next__(self):
        if self.i >= self.n:
            raise StopIteration
        self.i += 1
        return self.i * self.i
print(list(Range2(5)), sum(Range2(3)))
it = iter([1, 2])
print(next(it), next(it), next(it, "end"))
class Ctx:
    def __enter__(self): return "entered"
    def __exit__(self, *a): print("exit", a[0] is None)
with Ctx() as v:
    print(v)
class Hashy:
    def __hash__(self): return 42
print(hash(Hashy()))
