# Counter arithmetic and comparisons (3.10+: missing counts are zero) and
# ChainMap.
from collections import Counter, ChainMap

a = Counter("aabbbc")
b = Counter("abd")
print(a + b, a - b, a | b, a & b)
print(+Counter({"x": 2, "y": -1, "z": 0}), -Counter({"x": 2, "y": -1}))
print(b - a)
c = Counter("aab")
c += Counter("bcc")
print(c)
c -= Counter("aaaz")
print(c)
c |= Counter({"b": 5, "q": -1})
print(c)
c &= Counter({"b": 2, "c": 10})
print(c)
print(Counter("ab") == Counter({"a": 1, "b": 1, "c": 0}), Counter("a") != Counter("b"))
print(Counter("ab") <= Counter("aabb"), Counter("ab") < Counter("ab"), Counter("aab") >= Counter("ab"))
print(Counter("ab") > Counter("a"), Counter("a") == {"a": 1}, {"a": 1} == Counter("a"))
try:
    Counter("a") + {"a": 1}
except TypeError as e:
    print("TypeError", e)
print(sorted((a + b).elements()), (a + b).total(), (a - b).most_common(1))

base = {"colour": "red", "size": 1}
over = {"colour": "blue"}
cm = ChainMap(over, base)
print(cm["colour"], cm["size"], cm.get("nope", "dflt"), len(cm), list(cm), "size" in cm)
print(cm, bool(cm), bool(ChainMap()), ChainMap())
child = cm.new_child()
child["size"] = 3
print(child, child["size"], cm["size"], child.parents)
print(sorted(child.items()), sorted(child.keys()), sorted(child.values(), key=str))
del child["size"]
try:
    del child["colour"]
except KeyError as e:
    print("KeyError", e)
try:
    cm["missing"]
except KeyError as e:
    print("KeyError", e)
print(cm.new_child({"k": 1}, ), cm.new_child(k=2).maps[0])
print(cm | {"extra": 1}, {"extra": 1} | cm)
print(ChainMap.fromkeys("ab", 0), cm.copy() == cm, dict(cm))
cm2 = ChainMap({}, {"a": 1})
print(cm2.pop("zz", "default"), cm2.setdefault("a", 5), cm2.maps)
cm2.update(b=2)
cm2.clear()
print(cm2)
