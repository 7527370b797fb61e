def f():
    n = 3
    return [i * n for i in range(n)]
print(f())
class C:
    vals = [1, 2, 3]
    doubled = [v * 2 for v in vals]
print(C.doubled)
def g():
    fs = [lambda: i for i in range(3)]
    return [h() for h in fs]
print(g())
print(sum(i for i in range(100) if i % 7 == 0))
