from array import array
a = array("h", [1, -2, 3])
print(a, a.itemsize, a.typecode, len(a.tobytes()), a.tolist())
print(a.pop(), a, a.index(-2), a.count(1))
a.insert(0, 9)
a.reverse()
print(a, a[::-1], a[5:], array("b") == array("b"), a == array("h", [-2, 1, 9]))
a.remove(1)
print(a + array("h", [4]), a * 2, -2 in a)
del a[0]
print(a)
for tc, bad in (("B", 256), ("b", -129), ("H", -1), ("i", 2**31)):
    try:
        array(tc, [bad])
    except OverflowError as e:
        print("OverflowError", tc)
try:
    array("z")
except ValueError as e:
    print("ValueError", e)
try:
    array("i", "abc")
except TypeError as e:
    print("TypeError", e)
q = array("Q", [2**64 - 1])
print(q, q[0])
f = array("f", [0.1])
print(f[0], array("d", [0.1])[0])
b = array("B", [1, 2, 3, 4])
b[1:3] = array("B", [7])
print(b, bytes(array("B", [104, 105])))
x = array("i", b"\x01\x00\x00\x00")
print(x)
x.frombytes(b"\x02\x00\x00\x00")
x += array("i", [3])
print(x, sum(x), list(x), [v for v in x])
try:
    x[10]
except IndexError as e:
    print("IndexError", e)
