# Function calls with keyword arguments, defaults, *args/**kwargs, closures,
# bound methods and lambdas.
import sys

def make_counter(step):
    count = 0
    def bump(times=1):
        nonlocal count
        count += step * times
        return count
    return bump

def kw(a, b=2, *, c=3, d=4):
    return a + b * c - d

def varargs(*args, **kwargs):
    return len(args) + len(kwargs)

class Acc:
    def __init__(self):
        self.v = 0
    def add(self, x, scale=1):
        self.v += x * scale
        return self

def compose(f, g):
    return lambda x: f(g(x))

def run(n):
    c1 = make_counter(1)
    c3 = make_counter(3)
    acc = Acc()
    add = acc.add
    inc = compose(lambda v: v + 1, lambda v: v * 2)
    total = 0
    for i in range(n):
        total += kw(i, c=i & 7, d=1)
        total += kw(i, 5)
        total += varargs(i, i, k=i)
        c1()
        c3(times=2)
        add(i, scale=2)
        total += inc(i)
    return total, c1(0), c3(0), acc.v

N = int(sys.argv[1]) if len(sys.argv) > 1 else 750000
print("calls_closures", N, run(N))
