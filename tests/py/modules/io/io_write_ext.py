# Expected output in io_write_ext.py.exp: MicroPython's streams take the
# extended forms write(buf, len) and write(buf, offset, len); CPython's
# BytesIO.write takes one argument.
import io

buf = io.BytesIO()
print(buf.write(b"foo", 2), buf.getvalue())
print(buf.write(b"foo", 100), buf.getvalue())
print(buf.write(b"foobar", 1, 3), buf.getvalue())
print(buf.write(b"foobar", 1, 100), buf.getvalue())
print(buf.write(b"foobar", 100, 100), buf.getvalue())
try:
    io.StringIO().write("abc", 1)
except TypeError:
    print("TypeError")
