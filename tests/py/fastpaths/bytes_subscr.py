# b[i] and ba[i] = v take the interpreter's fast path for exact bytes and
# bytearray; everything else must behave as the general protocol.
b = bytes(range(250, 256)) + b"ab"
ba = bytearray(b)
print(b[0], b[-1], b[3], ba[0], ba[-2], ba[7])
for i in (8, -9, 2**40, -2**40):
    for s in (b, ba):
        try:
            print(s[i])
        except IndexError:
            print("IndexError")
ba[0] = 0
ba[-1] = 255
ba[1] = True
print(ba)
for v in (256, -1, 2**70, 1.0, "a", None, b"x"):
    try:
        ba[2] = v
        print("stored", v)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
try:
    ba[100] = 1
except IndexError:
    print("IndexError")
try:
    b[0] = 1
except TypeError as e:
    print("TypeError", e)


class Loud(bytearray):
    def __getitem__(self, i):
        return ("get", i)

    def __setitem__(self, i, v):
        print("set", i, v)


lo = Loud(b"xyz")
print(lo[1])
lo[0] = 7


class Quiet(bytearray):
    pass


q = Quiet(b"pq")
q[0] = 65
print(q[0], q[-1], q, bytes(q), type(q).__name__)
total = 0
data = bytearray(range(256)) * 4
for i in range(len(data)):
    data[i] ^= 0x5A
    total += data[i]
print(total, data[:4])
