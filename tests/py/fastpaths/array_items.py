# a[i] and a[i] = v on an array.array skip the __getitem__/__setitem__
# lookup (modules/arrayitems.rs); every edge must still behave as the
# general path: each typecode, range limits, negative and out-of-range
# indices, wrong value types, NaN/inf, subclasses and replaced methods.
from array import array
import math

for tc in "bBhHiIlLqQfd":
    a = array(tc, [1, 2, 3])
    a[0] = 7
    a[-1] = True
    a[1] += 1
    print(tc, a[0], a[1], a[2], a[-3], a[-1], list(a))
    for bad in (3, -4, 2**62, -2**63):
        try:
            a[bad]
        except IndexError as e:
            print(tc, "IndexError", e)
        try:
            a[bad] = 1
        except IndexError as e:
            print(tc, "IndexError", e)
    try:
        a[0] = "x"
    except TypeError as e:
        print(tc, "TypeError", e)

# Limits of each integer typecode: in range stores, one beyond raises.
limits = {"b": (-128, 127), "B": (0, 255), "h": (-32768, 32767),
          "H": (0, 65535), "i": (-2**31, 2**31 - 1), "I": (0, 2**32 - 1),
          "q": (-2**63, 2**63 - 1), "Q": (0, 2**64 - 1)}
for tc, (lo, hi) in limits.items():
    a = array(tc, [0])
    for v in (lo, hi):
        a[0] = v
        print(tc, a[0], a[0] == v)
    for v in (lo - 1, hi + 1):
        try:
            a[0] = v
            print(tc, "stored", v)
        except OverflowError as e:
            print(tc, "OverflowError")
    try:
        a[0] = 1.5
    except TypeError as e:
        print(tc, "TypeError", e)

# Unsigned 64-bit items beyond the small-int range come back as big ints.
q = array("Q", [2**64 - 1, 2**63])
print(q[0], q[1], q[-1] - 1)

# Floats: ints convert, NaN/inf/-0.0 round-trip, f32 rounds.
d = array("d", [0.0] * 4)
d[0] = 3
d[1] = float("nan")
d[2] = -math.inf
d[3] = -0.0
print(d[0], type(d[0]).__name__, math.isnan(d[1]), d[2], math.copysign(1, d[3]))
d[0] = 2**53 + 1
print(d[0])
d[0] = True
print(d[0])
f = array("f", [0.0, 0.0])
f[0] = 0.1
f[1] = 16777217
print(f[0], f[1], f[0] == 0.1)
f[0] = 1e300
print(f[0])

class F(float):
    pass

d[0] = F(2.5)
print(d[0], type(d[0]).__name__)
try:
    d[1.0]
except TypeError as e:
    print("TypeError", e)
print(d[True], d[False] == d[0])

# Slices still work.
d[1:3] = array("d", [8.0, 9.0])
print(d[1:3], d[::-1][0])

# A subclass that overrides the item methods must be called.
class A(array):
    def __getitem__(self, i):
        return ("get", i)

    def __setitem__(self, i, v):
        print("set", i, v)

s = A("d", [1.0, 2.0])
print(s[0], s[-1])
s[1] = 5.0
print(list(s), array.__getitem__(s, 1))

class B(array):
    pass

b = B("i", [4, 5])
b[0] = 9
print(b[0], b[-1], type(b).__name__)

# An instance whose typecode attribute changed is not misread.
e = array("i", [1, 2])
print(e.typecode, e.itemsize, e[1])
e2 = array("d", [1.5]) * 3
e2[2] = 4
print(e2, e2[2])

# A loop the way numeric code writes it, mixing reads and writes.
n = 16
x = array("d", [float(i) for i in range(n)])
for i in range(n - 1):
    x[i + 1] = x[i] * 0.5 + x[i + 1]
print(x[-1], sum(x))
