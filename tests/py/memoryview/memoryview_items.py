# memoryview of arrays: items of the array's format, in and out.
from array import array

for code, values in (
    ("b", [127, -128, 0]),
    ("B", [0, 255]),
    ("h", [0x7F00, -0x8000]),
    ("H", [0, 0xFFFF]),
    ("i", [0x7F000000, -0x80000000]),
    ("I", [0, 0xFFFFFFFF]),
    ("q", [2**63 - 1, -(2**63)]),
    ("Q", [0, 2**64 - 1]),
    ("f", [1.5, -0.25]),
    ("d", [1e300, -2.5]),
):
    m = memoryview(array(code, values))
    print(code, m.format, m.itemsize, len(m), m.nbytes, m.tolist() == values, list(m) == values, m[-1] == values[-1])

a = array("i", [1, 2, 3, 4, 5])
m = memoryview(a)
print(m.readonly, m.ndim, m.shape, m.strides)
print(list(m[1:4]), list(m[::2]), list(m[::-1]), m[1:4].nbytes, len(m[1:4]))
m[0] = 10
m[-1] = -5
m[1:3] = array("i", [20, 30])
print(a)
sub = m[2:4]
sub[0] = 300
print(a, sub.tolist())
m[::2] = array("i", [7, 8, 9])
print(a)

# overlapping moves behave like memmove
a = array("I", range(6))
m = memoryview(a)
m[1:] = m[:-1]
print(a)
m[:-1] = m[1:]
print(a)

errors = [
    lambda: m.__setitem__(0, 2**40),
    lambda: m.__setitem__(0, "x"),
    lambda: m.__setitem__(slice(0, 2), b"12345678"),
    lambda: m.__setitem__(slice(0, 2), array("i", [1, 2, 3])),
    lambda: m[10],
    lambda: memoryview(b"ab").__setitem__(0, 1),
    lambda: memoryview(bytearray(2)).__setitem__(0, 256),
    lambda: memoryview(bytearray(2)).__setitem__(0, "a"),
    lambda: memoryview(12),
]
for f in errors:
    try:
        f()
        print("no error")
    except (ValueError, TypeError, IndexError, OverflowError) as e:
        print(type(e).__name__)

# equality reads both sides by their formats
print(memoryview(b"abc") == b"abc", b"abc" == memoryview(b"abc"), memoryview(b"abc") != b"abd")
print(memoryview(array("h", [1, 2])) == array("h", [1, 2]), memoryview(array("h", [1])) == b"\x01\x00")
print(memoryview(b"abcdef")[2:4] == b"cd", memoryview(b"ab") == "ab", memoryview(array("B", [97])) == b"a")
print(bytes(memoryview(array("h", [1, 2]))) == array("h", [1, 2]).tobytes())

# arrays built from other arrays convert item by item; from bytes, raw
print(array("H", array("b", [1, 2])), array("d", array("f", [1.5])), array("h", b"\x01\x00\x02\x00"))
print(array("b", [97]) == b"a", array("b", [1, 2]) == array("h", [1, 2]), array("b", [1]) != array("b", [2]))
