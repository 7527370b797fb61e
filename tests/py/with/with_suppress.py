class Suppress:
    def __init__(self, *types):
        self.types = types
    def __enter__(self):
        return None
    def __exit__(self, t, v, tb):
        if t is not None and issubclass(t, self.types):
            print("suppressed", t.__name__, v)
            return True
        return False
with Suppress(ValueError):
    raise ValueError("hidden")
print("after")
try:
    with Suppress(ValueError):
        raise TypeError("not hidden")
except TypeError:
    print("TypeError escaped")
class Order:
    def __init__(self, n): self.n = n
    def __enter__(self):
        print("in", self.n); return self.n
    def __exit__(self, *a):
        print("out", self.n)
with Order(1) as a:
    with Order(2) as b:
        print(a + b)
