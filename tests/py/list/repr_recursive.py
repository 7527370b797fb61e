l = [1]
l.append(l)
print(l, repr(l))
d = {"k": 1}
d["self"] = d
print(d)
t = ([],)
t[0].append(t)
print(t)
a = []
b = [a]
a.append(b)
print(a, b)
print([[1, [2, [3]]], {"x": (1, 2)}], str(l))
