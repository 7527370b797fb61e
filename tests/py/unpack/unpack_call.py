def f(a, b, c=0, *args, d=4, **kw):
    return (a, b, c, args, d, sorted(kw.items()))
print(f(1, 2))
print(f(*[1, 2, 3, 4, 5]))
print(f(1, *(2, 3), d=9, e=10))
print(f(**{"a": 1, "b": 2, "z": 3}))
print(f(1, 2, 3, *[7, 8], **{"d": 0}))
try:
    f(1)
except TypeError:
    print("TypeError missing")
try:
    f(1, 2, a=3)
except TypeError:
    print("TypeError multiple")
