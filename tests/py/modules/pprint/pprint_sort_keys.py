# Dict keys are sorted directly when they compare, and by type name when
# they do not (mixed types, partial orders); built-in containers and their
# subclasses keep their layouts; _safe_repr's readable/recursive flags.
import pprint

print(pprint.pformat({3: "c", 1: "a", 2: "b"}))
print(pprint.pformat({"b": 1, "a": 2, "C": 3, "é": 4}))
print(pprint.pformat({1: "int", "1": "str", 2.5: "float", None: "none", (1,): "tuple"}))
print(pprint.pformat({(2, "a"): 1, (1, "b"): 2, (1, "a"): 3}))
print(pprint.pformat({frozenset({3}): 1, frozenset({1, 2}): 2}))
print(pprint.pformat({b"x": 1, b"a": 2}), pprint.pformat({True: 1, 0: 2}))
wide = {"key%02d" % i: list(range(i % 4)) for i in range(12, 0, -1)}
print(pprint.pformat(wide))
print(pprint.pformat(wide, sort_dicts=False, width=60))
mixed = {i if i % 2 else str(i): i for i in range(8)}
print(pprint.pformat(mixed, width=30))


class Key:
    def __init__(self, n):
        self.n = n

    def __lt__(self, other):
        if not isinstance(other, Key):
            return NotImplemented
        return self.n < other.n

    def __hash__(self):
        return self.n

    def __repr__(self):
        return "Key(%d)" % self.n


print(pprint.pformat({Key(3): 1, Key(1): 2, Key(2): 3}))


class MyInt(int):
    pass


class MyList(list):
    pass


class MyDict(dict):
    def __repr__(self):
        return "MyDict!"


print(pprint.pformat([MyInt(5), MyList([3, 1]), MyDict(a=1), {"t": (1,)}]))
p = pprint.PrettyPrinter()
r = [1, 2]
r.append(r)
print(p._safe_repr(("string", (1, 2), [3, 4], {5: 6, 7: 8}), {}, None, 0))
print(p._safe_repr({"a": object}, {}, None, 0)[1:], p._safe_repr(r, {}, None, 0)[1:])
print(pprint.isreadable({1: [2, 3]}), pprint.isrecursive(r), pprint.saferepr({2: 1, 1: 2}))
print(pprint.pformat([("string", (1, 2), [3, 4], {5: 6, 7: 8})] * 3, width=40))
print(pprint.pformat({"a": {"z": 1, "y": [{"q": 1, "p": 2}] * 2}}, depth=2))
