g = (x * 2 for x in range(5))
print(type(g).__name__, list(g), list(g))
print(list(zip((i for i in "abc"), range(10))))
print(any(x > 3 for x in [1, 5]), all(x > 3 for x in [4, 5]), all([]))
print(sorted((-x for x in range(4))))
def lazy():
    print("start")
    yield 1
    print("end")
g = lazy()
print("created")
for v in g:
    print("got", v)
