# Item reads of every typecode, negative and out-of-range indexes, and pop,
# on arrays large enough that a per-item copy of the buffer would show.
from array import array

for tc, vals in [("b", [-128, 0, 127]), ("B", [0, 255, 7]), ("h", [-32768, 32767, 1]),
                 ("H", [65535, 0, 3]), ("i", [-2**31, 2**31 - 1, 5]),
                 ("I", [2**32 - 1, 0, 9]), ("l", [-2**63, 2**63 - 1, 2]),
                 ("q", [-2**63, 2**63 - 1, 4]), ("Q", [2**64 - 1, 0, 6]),
                 ("f", [1.5, -0.25, 3.0]), ("d", [1e300, -2.5, 0.1])]:
    a = array(tc, vals * 1000)
    print(tc, a[0], a[1], a[2], a[-1], a[-3000], a[2999])
    for bad in (3000, -3001):
        try:
            a[bad]
        except IndexError as e:
            print(" ", bad, e)
    print(" pop", a.pop(), a.pop(0), a.pop(-2), len(a), a[0], a[-1])

d = array("d", [0.5]) * 10000
s = 0.0
for i in range(len(d)):
    d[i] = i * 0.5
for i in range(0, len(d), 7):
    s += d[i]
print(s, d[9999], d[-10000])
