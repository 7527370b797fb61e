# throw() into a generator delegating with 'yield from' hands its arguments
# unchanged (a class, or even a non-exception) to a user iterator's throw().
class Iter:
    def __iter__(self): return self
    def __next__(self): return 1
    def throw(self, *a):
        print('throw', a)
        if a[0] is KeyError: raise StopIteration(7)
        if a[0] is IndexError: raise ValueError('boom')
        return 456
def inner():
    r = yield from Iter()
    print('inner got', r)
    return r
def outer():
    try:
        r = yield from inner()
        print('outer got', r)
    except ValueError as e:
        print('caught', repr(e))
    yield 99
g = outer(); print(next(g)); print(g.throw(123)); print(g.throw(ZeroDivisionError, None)); print(g.throw(KeyError))
g = outer(); print(next(g)); print(g.throw(IndexError))
def gen3():
    yield 1
g = gen3(); next(g)
try: g.throw(123)
except TypeError as e: print('TE', e)
print(next(g, 'done'))


class NoThrow:
    def __iter__(self):
        return self

    def __next__(self):
        return 1


def gen4():
    yield from NoThrow()


g = gen4()
print(next(g))
try:
    g.throw(123)
except TypeError:
    print("TypeError, still usable:", next(g))
try:
    g.throw(ValueError)
except ValueError:
    print("ValueError")


# close() does not call throw()
class Closer(NoThrow):
    def throw(self, *a):
        print("throw called", a)

    def close(self):
        print("close called")


def gen5():
    yield from Closer()


g = gen5()
next(g)
g.close()
