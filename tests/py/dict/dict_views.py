d = {"a": 1, "b": 2, "c": 3}
k = d.keys()
v = d.values()
it = d.items()
d["d"] = 4
print(len(k), list(k), list(v), list(it))
print("a" in k, 4 in v, ("a", 1) in it)
print(sorted(d, key=lambda x: -d[x]))
print({k: v for k, v in d.items() if v % 2})
print(dict(sorted(d.items(), reverse=True)))
