d = {}
for k in ["z", "y", "x", "w"]:
    d[k] = len(d)
print(d)
del d["y"]
d["y"] = 99
print(d)
for k in d:
    print(k, d[k])
for k, v in d.items():
    print(k, v, end=" ")
print()
try:
    for k in d:
        d[k + k] = 1
except RuntimeError:
    print("RuntimeError")
