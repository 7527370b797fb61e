import io
with io.StringIO("x\ny\n") as f:
    print(f.readlines(), f.tell())
print(f.closed)
try:
    f.read()
except ValueError as e:
    print("ValueError", e)
s = io.StringIO()
print(s.write("héllo"), s.tell(), s.getvalue())
s.seek(1)
s.write("E")
print(s.getvalue(), s.read(), s.tell())
s.seek(0)
print(s.read(2), s.readline(), repr(s.readline()))
b = io.BytesIO(b"line1\nline2")
print(list(b), b.tell(), b.seek(0), b.read(3), b.seek(-2, 2), b.read())
b.seek(0)
b.truncate(3)
print(b.getvalue())
w = io.BytesIO()
w.write(bytearray(b"xy"))
w.seek(5)
w.write(b"z")
print(w.getvalue())
try:
    io.StringIO().write(b"x")
except TypeError as e:
    print("TypeError", e)
print(io.StringIO("abc").read(-1), io.StringIO(initial_value="q").getvalue())
for cls in (io.StringIO, io.BytesIO):
    try:
        cls().seek(-1)
    except ValueError as e:
        print("ValueError", e)
