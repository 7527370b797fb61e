a = [1, 2, 3]
b = (4, 5)
print(a + list(b))
d1 = {"x": 1}
d2 = {"y": 2}
def f(*args, **kw):
    return args, sorted(kw.items())
print(f(*a, *b, **d1, **d2))
first, *rest = a
print(first, rest)
*init, last = "hello"
print(init, last)
print(*a, sep="-")
