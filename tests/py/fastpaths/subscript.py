# Indexing lists and tuples with small ints takes a fast path; everything
# around its edges must still behave exactly as the general path.
l = [10, 20, 30]
t = (1, 2, 3)
print(l[0], l[-1], l[-3], t[2], t[-2])
for bad in (3, -4, 2**62, -2**63):
    try:
        l[bad]
    except IndexError as e:
        print("IndexError", e)
    try:
        l[bad] = 0
    except IndexError as e:
        print("IndexError", e)
print(l[True], l[False])
l[-1] = "last"
l[0] = l
print(len(l[0]), l[2])

class L(list):
    def __getitem__(self, i):
        return ("sub", i)
    def __setitem__(self, i, v):
        print("set", i, v)
s = L([1, 2])
print(s[0], s[-1])
s[1] = 5
print(list(s))
try:
    (1, 2)[5]
except IndexError as e:
    print("IndexError", e)
try:
    "abc"[float(1)]
except TypeError as e:
    print("TypeError", e)
