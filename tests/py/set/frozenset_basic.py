f = frozenset([1, 2, 3])
print(sorted(f), 2 in f, len(f), f == {1, 2, 3}, hash(f) == hash(frozenset([3, 2, 1])))
d = {f: "ok"}
print(d[frozenset({1, 2, 3})])
print(sorted(f | {4}), type(f | {4}).__name__)
try:
    f.add(4)
except AttributeError:
    print("AttributeError")
