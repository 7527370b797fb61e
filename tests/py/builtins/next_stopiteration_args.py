# A StopIteration raised while stepping an iterator keeps its args (and
# identity) through next(), enumerate, map, zip, filter and __next__.
class A:
    def __iter__(self):
        return self

    def __next__(self):
        raise StopIteration(42)


class B:
    def __getitem__(self, i):
        raise StopIteration(42)


def gen(x):
    return x
    yield


def show(msg, f):
    try:
        f()
        print(msg, "no exception")
    except StopIteration as e:
        print(msg, e.args)


show("next", lambda: next(A()))
show("getitem", lambda: next(iter(B())))
show("enumerate", lambda: next(enumerate(A())))
show("map", lambda: next(map(lambda x: x, A())))
show("zip", lambda: next(zip(A())))
show("zip2", lambda: next(zip([1], A())))
show("filter", lambda: next(filter(None, A())))
show("__next__", lambda: enumerate(A()).__next__())
show("gen enumerate", lambda: next(enumerate(gen(42))))
show("gen map", lambda: next(map(abs, gen(42))))
show("gen none", lambda: next(enumerate(gen(None))))
show("reversed", lambda: next(reversed([])))
print(next(A(), "default"), next(enumerate(A()), "d2"))

e = StopIteration(5, 6)


class C:
    def __iter__(self):
        return self

    def __next__(self):
        raise e


try:
    next(map(abs, C()))
except StopIteration as x:
    print(x is e, x.args)

# for loops and list() still stop quietly
print(list(enumerate(A())), [x for x in zip(A())], list(map(abs, gen(3))))


def raiser():
    raise StopIteration("x")


print(list(iter(raiser, 0)))
try:
    next(iter(raiser, 0))
except StopIteration as x:
    print("calliter", x.args)
