# What a user __hash__ returns is the hash, as it is when it fits (so an
# object hashing as a tuple equals that tuple's hash); -1 becomes -2;
# a larger int is reduced as int hashes are.
class H:
    def __init__(self, v):
        self.v = v

    def __hash__(self):
        return self.v


print(hash(H((1, 2).__hash__())) == hash((1, 2)))
print(hash(H(hash("abc"))) == hash("abc"))
for v in (0, 1, -1, -2, 2**62 + 5, -(2**62), 2**63 - 1, 2**64 + 3, -(2**70), True):
    print(v, hash(H(v)), hash(H(v)) == hash(v))
try:
    hash(H(1.5))
except TypeError as e:
    print("TypeError", e)


# A slotted instance has no __dict__.
class S:
    __slots__ = ("a",)


class D:
    pass


s = S()
print(hasattr(s, "__dict__"), hasattr(D(), "__dict__"))
try:
    vars(s)
except TypeError as e:
    print("TypeError", e)


class SD(S):
    pass


sd = SD()
sd.b = 1
print(hasattr(sd, "__dict__"), vars(sd))
