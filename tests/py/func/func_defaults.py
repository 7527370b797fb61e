def f(a, b=2, *, c=3, d):
    return a, b, c, d
print(f(1, d=4), f(1, 5, d=6, c=7))
def g(x, acc=[]):
    acc.append(x)
    return acc
print(g(1), g(2))
def kwonly(*, k):
    return k
try:
    kwonly(1)
except TypeError:
    print("TypeError kwonly")
print(kwonly(k="ok"))
