d = {"a": 1, "b": 2}
d["c"] = 3
print(d, len(d), d["b"], "a" in d, "z" not in d)
print(d.get("a"), d.get("z"), d.get("z", 0))
print(list(d.keys()), list(d.values()), list(d.items()))
print(d.pop("a"), d.pop("zz", "dflt"), d)
print(d.setdefault("b", 100), d.setdefault("n", 5), d)
d.update({"x": 9}, y=8)
d.update([("p", 1)])
print(d)
print(d.popitem(), d)
try:
    d["missing"]
except KeyError as e:
    print("KeyError", e.args)
c = d.copy(); c.clear(); print(c, d)
print(dict.fromkeys("abc", 0), dict(a=1, b=2), dict([(1, 2)]), dict(zip("xy", [1, 2])))
