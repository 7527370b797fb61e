# BytesIO.readinto fills a bytearray or a memoryview of one.
import io

b = io.BytesIO(b"0123456789")
buf = bytearray(4)
print(b.readinto(buf), buf, b.tell())
mv = memoryview(bytearray(b"........"))
print(b.readinto(mv[2:5]), bytes(mv), b.tell())
print(b.readinto(bytearray(10)), b.readinto(bytearray(3)), b.tell())
b.seek(8)
big = bytearray(b"xxxx")
print(b.readinto(big), big)
for bad in (b"abc", "abc", 5):
    try:
        b.readinto(bad)
    except TypeError:
        print("TypeError")
print(hasattr(io.StringIO(), "readinto"))
b.close()
try:
    b.readinto(bytearray(1))
except ValueError as e:
    print("ValueError", e)
