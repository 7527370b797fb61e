# Checks tempfile.TemporaryDirectory (context manager, cleanup of nested trees, repeated cleanup, ignore_cleanup_errors) and SpooledTemporaryFile rollover.
import os
import tempfile

with tempfile.TemporaryDirectory(prefix="td_", suffix="_x") as d:
    print(os.path.isdir(d), os.path.basename(d).startswith("td_"), d.endswith("_x"))
    os.makedirs(os.path.join(d, "a", "b", "c"))
    with open(os.path.join(d, "a", "b", "f.txt"), "w") as f:
        f.write("x")
    with open(os.path.join(d, "top.bin"), "wb") as f:
        f.write(b"\x00")
    print(sorted(os.listdir(d)))
print(os.path.exists(d))

td = tempfile.TemporaryDirectory()
print(repr(td).startswith("<TemporaryDirectory '"), repr(td).endswith("'>"), os.path.isdir(td.name))
os.mkdir(os.path.join(td.name, "sub"))
td.cleanup()
print(os.path.exists(td.name))
td.cleanup()
print("second cleanup ok")

td = tempfile.TemporaryDirectory(ignore_cleanup_errors=True)
os.rmdir(td.name)
td.cleanup()
print("cleanup of a removed directory ok")
with tempfile.TemporaryDirectory() as outer:
    inner = tempfile.TemporaryDirectory(dir=outer)
    print(os.path.dirname(inner.name) == outer)
print(os.path.exists(inner.name))

s = tempfile.SpooledTemporaryFile(max_size=10)
print(s._rolled, s.name, s.mode, s.closed)
s.write(b"12345")
print(s._rolled, s.tell())
s.write(b"678901")
print(s._rolled, s.tell(), isinstance(s.name, (str, int)))
s.seek(0)
print(s.read())
s.close()
print(s.closed)

with tempfile.SpooledTemporaryFile(mode="w+") as s:
    s.write("hello\nworld\n")
    print(s._rolled, s.mode)
    s.seek(0)
    print(s.readline(), s.readlines())
    s.seek(0)
    print(list(s))
    s.fileno()
    print(s._rolled)
    s.seek(0)
    print(s.read())

s = tempfile.SpooledTemporaryFile(max_size=4)
s.write(b"ab")
s.truncate(1)
print(s._rolled)
s.seek(0)
print(s.read())
s.truncate(10)
print(s._rolled)
s.seek(0)
print(s.read())
s.writelines([b"x", b"y"])
s.close()
try:
    with s:
        pass
except ValueError as e:
    print("ValueError:", e)
