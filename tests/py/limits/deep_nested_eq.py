# gc-stress: every=1000 (100,000 nested containers: a collection per allocation would take minutes)
a = []
b = []
for i in range(100000):
    a = [a]
    b = [b]
try:
    print(a == b)
except RecursionError:
    print("RecursionError")
d = {}
for i in range(50):
    d = {"k": d}
print(str(d)[:12])
