d = {1: "int", "1": "str", (1, 2): "tuple", None: "none", 2.5: "float", True: "bool?", frozenset([1]): "fs"}
print(d[1], d["1"], d[(1, 2)], d[None], d[2.5], d[frozenset([1])])
print(len(d))
try:
    {[1]: 2}
except TypeError:
    print("TypeError unhashable")
class K:
    def __init__(self, v):
        self.v = v
    def __hash__(self):
        return hash(self.v)
    def __eq__(self, other):
        return isinstance(other, K) and self.v == other.v
e = {K(1): "one"}
print(e[K(1)], K(2) in e)
