# deflate.DeflateIO is MicroPython's (CPython has no `deflate` module), so the
# expected output is in deflate_read.py.exp: decompression of raw, zlib and
# gzip streams (and detection of zlib/gzip), reads of any size that take only
# the source bytes they need, the errors, the window size (wbits) and close.
import deflate
import io
import zlib

text = b"capy reads deflate streams, capy reads them lazily\n" * 3 + b"last line"
raw = zlib.compress(text, 9, -15)
zl = zlib.compress(text)
gz = zlib.compress(text, 9, 31)


def read_all(data, *args):
    with deflate.DeflateIO(io.BytesIO(data), *args) as d:
        return d.read()


def show_error(data, *args):
    try:
        read_all(data, *args)
        print("no error")
    except OSError:
        print("OSError")
    except EOFError:
        print("EOFError")
    except ValueError as e:
        print("ValueError", e)


print(deflate.AUTO, deflate.RAW, deflate.ZLIB, deflate.GZIP)
print(read_all(raw, deflate.RAW) == text)
print(read_all(zl, deflate.ZLIB) == text, read_all(zl) == text)
print(read_all(gz, deflate.GZIP) == text, read_all(gz) == text)

# Wrong or undetectable formats, corrupt and truncated data.
show_error(raw)
show_error(zl, deflate.GZIP)
show_error(gz, deflate.ZLIB)
show_error(b"\x07", deflate.RAW)
show_error(zl[:-4] + b"\x00\x00\x00\x00")
show_error(gz[:-8] + bytes(8))
show_error(raw[:10], deflate.RAW)
show_error(raw, 4)
show_error(raw, deflate.RAW, 4)
show_error(raw, deflate.RAW, 16)

# The source is read only as far as the output asked for needs.
src = io.BytesIO(zl + b"trailing data")
d = deflate.DeflateIO(src)
print(src.tell())
print(d.read(4), src.tell())
print(d.readline())
buf = bytearray(5)
print(d.readinto(buf), buf)
rest = d.read()
print(len(rest), rest[-9:], src.read())
print(d.read(), d.read(3))
d.close()
try:
    d.read(1)
except OSError:
    print("OSError after close")

# close=True also closes the source.
src = io.BytesIO(gz)
with deflate.DeflateIO(src, deflate.GZIP, 0, True) as d:
    print(d.read(4))
try:
    src.read()
except ValueError:
    print("source closed")

# A back-reference 708 bytes back needs a window of 1024 bytes (wbits 10);
# a raw stream defaults to 256 bytes, a zlib one to its header's size.
far_raw = b"KN,\xa8d\x18\x05\xa3`\x88\x82d`\xfa\x05\x00"
far_zlib = b"(\xcfKN,\xa8d\x18\x05\xa3`\x88\x82d`\xfa\x05\x00\xa6\xd0\x03["
show_error(far_raw, deflate.RAW)
print(len(read_all(far_raw, deflate.RAW, 10)))
print(len(read_all(far_zlib)), len(read_all(far_zlib, deflate.ZLIB, 15)))
show_error(far_zlib, deflate.ZLIB, 8)
