# range() with bounds beyond 64 bits (len, indexing, slicing, in, equality,
# hash, reversed, index/count), and 64-bit ranges at the edge of 64 bits
B = 10**20
r = range(B, B + 3)
print(r, len(r), list(r), r.start, r.stop, r.step)
print(list(range(-B)), len(range(-B)), bool(range(-B)), bool(r))
print(B + 1 in r, B + 3 in r, 5 in r, 1.5 in r)
print(r[0], r[-1], r[1:], r[::-1], list(r[::-1]), r[::2])
print(list(reversed(r)))
print(r.index(B + 2), r.count(B), r.count(0))
print(range(B) == range(B), range(B, B) == range(0), range(0, B, B) == range(1), range(B)[5], range(B)[-1])
print(range(B)[10:20], range(B)[B - 2:], list(range(B)[B - 2:]))
big = range(-B, B, 7)
print(big[3], big[-3], (B - 7) in big, -B in big, -B + 7 in big, -B + 8 in big)
print(repr(range(0, -B, -3)), list(range(0, -B, -3)[:4]))
try:
    len(range(B))
except OverflowError as e:
    print("OverflowError", e)
try:
    range(B)[B]
except IndexError as e:
    print("IndexError", e)
try:
    range(1, B, 0)
except ValueError as e:
    print("ValueError", e)
try:
    range(1.5)
except TypeError as e:
    print("TypeError", e)
try:
    range(B).index(B)
except ValueError as e:
    print("ValueError", e)
M = 2**63 - 1
print(list(range(M - 2, M)), list(range(M - 2, M, 5)), list(range(-M - 1, -M + 1)))
print(list(range(M - 10, M, 4)[1:]), range(0, M, 2**61)[::3], list(range(0, M, 2**61)[::3]))
print(range(5)[1:3], range(10)[::-2], range(10)[100:], range(10)[-100:2])
class I:
    def __index__(self):
        return B
print(range(I()) == range(B), range(3, I(), B // 2))
print(sum(range(B, B + 4)), sorted(range(B + 2, B - 2, -1)), max(r), min(r))
for i, x in enumerate(range(B, B + 2)):
    print(i, x, type(x).__name__)
print(type(r) is range, isinstance(r, range), hash(range(B)) == hash(range(B)))
print(hash(range(3)) == hash(range(0, 3, 1)), {range(3): 1}[range(0, 3)], hash(range(0)) == hash(range(5, 5)))
