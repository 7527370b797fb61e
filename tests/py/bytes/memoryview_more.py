ba = bytearray(b"abcdefgh")
m = memoryview(ba)
print(len(m), m[0], m[-1], m.tobytes(), m.tolist()[:3], m.readonly, m.nbytes, m.hex())
s = m[2:6]
print(len(s), bytes(s), s[0], s.tobytes())
s[0] = 90
s[1:3] = b"YX"
print(ba)
ba[7] = 49
print(bytes(m[6:]), list(m[::2]))
r = memoryview(b"xyz")
print(r.readonly, bytes(r[1:]))
try:
    r[0] = 1
except TypeError as e:
    print("TypeError", e)
try:
    m[100]
except IndexError as e:
    print("IndexError", e)
try:
    memoryview("str")
except TypeError as e:
    print("TypeError", e)
with memoryview(ba) as mv:
    print(mv[0])
