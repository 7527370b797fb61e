def f(*args, **kwargs):
    return len(args), args, sorted(kwargs)
print(f(), f(1), f(1, 2, x=1, y=2))
def g(a, *rest):
    return a, rest
print(g(1), g(1, 2, 3))
def h(**kw):
    kw["new"] = 1
    return kw
d = {"a": 0}
print(h(**d), d)
def total(*nums, scale=1):
    return sum(nums) * scale
print(total(1, 2, 3, scale=10))
