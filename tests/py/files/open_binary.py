# Binary files: FileIO (buffering=0) and the buffered classes, readinto,
# interleaved reads and writes in "r+b", appending, a file bigger than
# the buffer read back whole and line by line, and a file never closed.
import io
import os

d = "tmp_open_binary_" + str(os.getpid())
os.mkdir(d)
p = d + "/data.bin"
with open(p, "wb") as f:
    print(type(f).__name__, f.write(bytes(range(256)) * 100))
with open(p, "rb") as f:
    data = f.read()
    print(len(data), data[:4], data[-2:], f.read(), f.tell())
with open(p, "rb", buffering=0) as f:
    print(type(f).__name__, f.mode)
    b = bytearray(10)
    print(f.readinto(b), bytes(b), f.tell())
    m = memoryview(b)[2:6]
    print(f.readinto(m), bytes(b))
with open(p, "r+b") as f:
    print(type(f).__name__, f.read(3))
    f.write(b"XYZ")
    print(f.tell(), f.read(2))
    f.seek(0)
    print(f.read(8))
with open(p, "ab") as f:
    print(f.tell(), f.write(b"\nend\n"))
with open(p, "rb") as f:
    f.seek(-5, 2)
    print(f.readline(), f.readline(), f.readline())
lines = 0
with open(p, "rb") as f:
    for line in f:
        lines += 1
print("lines", lines)
try:
    with open(p, "rb") as f:
        f.write(b"x")
except io.UnsupportedOperation as e:
    print("UnsupportedOperation", e)
try:
    open(p, "wb").write("text")
except TypeError as e:
    print("TypeError", e)
try:
    open(p, "w").write(b"bytes")
except TypeError as e:
    print("TypeError", e)
big = "line %d of a longer file\n"
with open(p, "w") as f:
    for i in range(3000):
        f.write(big % i)
with open(p) as f:
    print(sum(1 for _ in f), os.path.getsize(p))
with open(p) as f:
    text = f.read()
print(len(text), text.count("\n"), text[-25:])
g = open(d + "/unclosed.txt", "w")
g.write("flushed at exit? ")
g.flush()
print(open(d + "/unclosed.txt").read())
g.close()
for name in sorted(os.listdir(d)):
    os.remove(d + "/" + name)
os.rmdir(d)
print(os.path.exists(d))
