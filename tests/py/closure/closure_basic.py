def counter():
    n = 0
    def inc():
        nonlocal n
        n += 1
        return n
    return inc
c1 = counter(); c2 = counter()
print(c1(), c1(), c1(), c2())
def adders():
    return [lambda x, i=i: x + i for i in range(3)]
print([f(10) for f in adders()])
def late():
    return [lambda x: x + i for i in range(3)]
print([f(10) for f in late()])
def outer(a):
    def mid(b):
        def inner(c):
            return a + b + c
        return inner
    return mid
print(outer(1)(10)(100))
