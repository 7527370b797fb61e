# gzip against CPython: compress/decompress (several members, padding),
# GzipFile over io.BytesIO in both modes (read, readline, peek, seek,
# iteration), text mode, CPython-made data and the errors.
import gzip, io, zlib
data = b"".join(b"row %d, some text to compress\n" % i for i in range(3000))
z = gzip.compress(data)
print(z[:3], gzip.decompress(z) == data, len(z) < len(data))
print(gzip.decompress(gzip.compress(b"a") + gzip.compress(b"b") + b"\0\0\0" + gzip.compress(b"c", 1, mtime=5)))
print(gzip.decompress(b""), gzip.decompress(gzip.compress(b"")))
for bad in [b"abc", b"\x1f\x8b\x09" + z[3:], z[:-1], z[:-8] + b"\0\0\0\0" + z[-4:], z[:-4] + b"\0\0\0\0", z + b"xx", z[:20], b"\x1f"]:
    try: gzip.decompress(bad); print("ok")
    except Exception as e: print(type(e).__name__, e)
buf = io.BytesIO()
with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0) as f:
    print(f.write(b"hello\n"), f.write(bytearray(b"world\n")), f.write(memoryview(b"last line no newline")))
    print(f.mode == gzip.WRITE, f.tell(), f.closed)
print(f.closed)
raw = buf.getvalue()
print(gzip.decompress(raw))
with gzip.GzipFile(fileobj=io.BytesIO(raw)) as f:
    print(f.readline(), f.read(3), f.peek(1)[:1], f.read1(2), f.tell())
    print(list(f), f.read(), f.mtime)
f = gzip.GzipFile(fileobj=io.BytesIO(raw))
print(f.readlines())
f.seek(6); print(f.read(5)); f.seek(0); print(f.read(5)); f.seek(2, 1); print(f.read(2), f.tell())
print(f.readable(), f.writable(), f.seekable())
try: f.write(b"x")
except OSError as e: print("OSError", e.errno, e)
f.close()
try: f.read()
except ValueError as e: print("ValueError", e)
w = gzip.GzipFile(fileobj=io.BytesIO(), mode="wb")
try: w.read()
except OSError as e: print("OSError", e.errno, e)
# text mode
b = io.BytesIO()
with gzip.open(b, "wt", encoding="utf-8") as t:
    t.write("héllo\nwörld\n")
print(gzip.decompress(b.getvalue()))
with gzip.open(io.BytesIO(b.getvalue()), "rt", encoding="utf-8") as t:
    print(t.readline(), t.read())
with gzip.open(io.BytesIO(gzip.compress(b"a\r\nb\rc\n")), "rt") as t:
    print(list(t))
with gzip.open(io.BytesIO(b.getvalue())) as t:
    print(t.read())
for args in [("x", "rbt"), ("x", "rb", 9, "utf-8"), (12, "rb")]:
    try: gzip.open(*args)
    except Exception as e: print(type(e).__name__, e)
try: gzip.GzipFile(fileobj=io.BytesIO(), mode="z")
except ValueError as e: print("ValueError", e)
try: gzip.GzipFile(fileobj=io.BytesIO(), mode="rt")
except ValueError as e: print("ValueError", e)
try: gzip.open("no-such-file.gz")
except OSError as e: print("OSError", e.errno)
print(issubclass(gzip.BadGzipFile, OSError))
# big data in small reads
big = bytes(range(256)) * 2000
g = gzip.GzipFile(fileobj=io.BytesIO(gzip.compress(big, 6)))
parts = []
while True:
    p = g.read(1000)
    if not p: break
    parts.append(p)
print(b"".join(parts) == big, max(map(len, parts)))
# CPython-made data
print(gzip.decompress(b'\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\x03\xcbH\xcd\xc9\xc9WH\xaf\xca,\xe0\xca \x81\t\x00\x07 ~\xe07\x00\x00\x00'))
print(zlib.decompress(gzip.compress(b"zz"), 31))
bad = gzip.compress(b"hello")
bad = bad[:-8] + b"\0\0\0\0" + bad[-4:]
try: gzip.GzipFile(fileobj=io.BytesIO(bad)).read()
except Exception as e: print(type(e).__name__, e)
