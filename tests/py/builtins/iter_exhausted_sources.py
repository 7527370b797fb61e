# Built-in iterators once exhausted: enumerate, zip, map and filter keep
# their sources and ask them again on the next call (so an iterator that
# resumes after StopIteration is seen again); reversed, iter(callable,
# sentinel), list/tuple/str iterators and generators let go for good.
# Nesting iterators deepens the host stack as calls do: modest depths work.


class Flaky:
    """Raises StopIteration on every third call, then goes on."""

    def __init__(self):
        self.n = 0

    def __iter__(self):
        return self

    def __next__(self):
        self.n += 1
        if self.n % 3 == 0:
            raise StopIteration
        return self.n


e = enumerate(Flaky())
print(list(e), list(e), list(e))
z = zip(Flaky(), Flaky())
print(list(z), list(z))
m = map(lambda x: x * 10, Flaky())
print(list(m), list(m))
f = filter(lambda x: x % 2, Flaky())
print(list(f), list(f))
ff = filter(None, Flaky())
print(list(ff), list(ff))
e2 = enumerate(Flaky(), start=100)
print(list(e2), list(e2))

# zip stops at the first exhausted source without asking the later ones.
src = Flaky()
z = zip([], src)
print(list(z), src.n)

# Those that let go stay exhausted.
calls = []


def counter():
    calls.append(1)
    return len(calls) % 3


c = iter(counter, 0)
print(list(c), list(c), len(calls))
lst = [1, 2]
li = iter(lst)
print(list(li))
lst.append(3)
print(list(li))
r = reversed(lst)
print(list(r))
lst.append(4)
print(list(r))


def gen():
    yield 1


g = gen()
print(list(g), list(g))

# Nesting deepens, and moderate depths run.
for make in (enumerate, zip, lambda x: map(abs, x), lambda x: filter(None, x)):
    x = iter(range(1, 4))
    for _ in range(300):
        x = make(x)
    out = list(x)
    print(len(out), str(out[0])[:40])
    print(list(x))
