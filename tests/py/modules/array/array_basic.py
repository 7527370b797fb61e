from array import array
a = array("i", [1, 2, 3])
a.append(4)
a.extend([5, 6])
print(a, len(a), a[0], a[-1], a[1:3], sum(a))
a[0] = 100
print(list(a), a.typecode if hasattr(a, "typecode") else "i")
f = array("f", [1.5, 2.5])
print(f, list(f))
b = array("B", b"abc")
print(b, bytes(b))
d = array("d")
for i in range(5):
    d.append(i / 2)
print(d)
