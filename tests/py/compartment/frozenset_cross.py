# A frozenset crosses as a copy only when its items hash by value; one of
# instances (whose hash is code in their owner) crosses as a sealed handle,
# usable from the other side. (Found by the compartment fuzz target: the
# copy hashed handles and the crossing failed.)
import compartment

d = compartment.Compartment("d", heap="2M")
d.exec("""
class K:
    def __init__(self, v):
        self.v = v
    def __hash__(self):
        return self.v
    def __eq__(self, o):
        return isinstance(o, K) and o.v == self.v
    def __repr__(self):
        return "K(%d)" % self.v
ks = frozenset([K(1), K(2)])
plain = frozenset([1, "two", (3, b"4"), frozenset([5.0]), 2**70, 1j])
mixed = frozenset([1, (2, K(3))])
def has(s, v):
    return K(v) in s
""")

plain = d.eval("plain")
print(type(plain).__name__, sorted(map(repr, plain)))
print(plain == frozenset([1, "two", (3, b"4"), frozenset([5.0]), 2**70, 1j]))

ks = d.eval("ks")
print(type(ks).__name__ == "frozenset")
print(len(ks), sorted(repr(k) for k in ks))
print(d.get("has")(ks, 1), d.get("has")(ks, 7))

mixed = d.eval("mixed")
print(type(mixed).__name__ == "frozenset", len(mixed))

# Into a compartment, the same rule.
e = compartment.Compartment("e", heap="2M")
e.exec("def kind(x):\n    return type(x).__name__")
print(e.get("kind")(frozenset([1, 2])), e.get("kind")(frozenset([(1, "a")])))


class H:
    def __hash__(self):
        return 1


print(e.get("kind")(frozenset([H()])) != "frozenset")
