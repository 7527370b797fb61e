# Set algebra whose keys compare without Python code (ints, strs, tuples
# of them) is decided in place; keys with their own __eq__ take the
# general path. Results, their types and their order must not differ.
free = frozenset(range(50))
piece = frozenset([3, 4, 10, 11, 17])
print(piece <= free, free <= piece, piece < free, free >= piece)
rest = free - piece
print(type(rest).__name__, len(rest), 3 in rest, 5 in rest, min(rest))
print(sorted(rest & frozenset([0, 1, 2, 3, 60])))
print(type(set([1, 2]) - frozenset([2])).__name__, type(frozenset([1]) & {1}).__name__)
print(set() <= free, frozenset() - free, free - frozenset())
print({"a", "b", "c"} - {"b"} == {"a", "c"}, {"a", "b"} & {"b", "x"})
print({(1, "x"), (2, "y")} & {(2, "y"), (3, "z")})
print({1, 2, 3} - {1.0, 2.5}, {1, 2, 3} & {2.0, 3.0}, {1, 2} <= {1.0, 2.0, 7})
print({2**70, 5} & {2**70, 6}, {2**70} <= {2**70 + 0})
# An order CPython shows too: the walk is over the left (or smaller) set.
a = set(range(0, 40, 3))
b = set(range(0, 40, 2))
print(a - b)
print(a & b, b & a)
print(list(frozenset(range(30, 0, -1)) - frozenset(range(0, 30, 4))))
d = {1: "x", 5: "y"}
print({1, 2, 5, 7} - d.keys(), {1, 2, 5, 7}.difference(d))


class Key:
    eqs = 0

    def __init__(self, v):
        self.v = v

    def __hash__(self):
        return hash(self.v)

    def __eq__(self, other):
        Key.eqs += 1
        return isinstance(other, Key) and self.v == other.v

    def __repr__(self):
        return "K%d" % self.v


ks = {Key(1), Key(2), Key(3)}
others = {Key(2), Key(3), Key(4)}
print(sorted((k.v for k in ks & others)), sorted(k.v for k in ks - others))
print({Key(2)} <= ks, {Key(9)} <= ks, Key.eqs > 0)
mixed = {1, Key(1), "s"}
print(len(mixed - {1}), len(mixed & {Key(1), "s"}), {1, "s"} <= mixed)

# min and max of ints read in place; anything else compared as before.
print(min([5, -3, 9]), max((5, -3, 9)), min({7, 2, 9}), max(frozenset([7, 2, 9])))
print(min([2, 1.5, 3]), max([1, True, 0]), min([True, 2]), max([2**80, 3]))
print(min([3, 1], default=0), min([], default="none"), max([4], key=lambda x: -x))
try:
    min([])
except ValueError as e:
    print("ValueError", e)
try:
    max(set())
except ValueError as e:
    print("ValueError", e)
try:
    min([1, "a"])
except TypeError as e:
    print("TypeError", e)


class L(list):
    def __iter__(self):
        return iter([100, 200])


print(min(L([5, 6])), max(L([5, 6])))
