# gc-stress: every=1000 (100,000 nested containers: a collection per allocation would take minutes)
l = []
for i in range(100000):
    l = [l]
try:
    s = repr(l)
    print(len(s), s[:10])
except RecursionError:
    print("RecursionError")
m = []
for i in range(100):
    m = [m]
print(repr(m)[:5], len(repr(m)))
