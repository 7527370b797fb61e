# Errors: zlib.error with zlib's messages for bad headers, checksums,
# lengths and truncation; ValueError/TypeError for bad arguments.
import zlib


def show(f, *args, **kw):
    try:
        r = f(*args, **kw)
        print("ok", r if not isinstance(r, bytes) or len(r) < 40 else len(r))
    except Exception as e:
        print(type(e).__name__, e)


z = zlib.compress(b"hello world" * 10)
g = zlib.compress(b"hello", wbits=31)
for bad in [b"", b"x", b"xy", b"garbage data", z[:5], z[:-1], z[:-4], z[:2],
            z[:-1] + bytes([z[-1] ^ 1]), b"\x78\x9c", b"\x88\x98" + z[2:], b"\x08\x1d"]:
    show(zlib.decompress, bad)
for bad in [g[:-1], g[:-4] + b"\0\0\0\0", g[:-8] + b"\0\0\0\0" + g[-4:], g[:-4] + b"\1\0\0\0",
            b"\x1f\x8b\x09" + g[3:], b"\x1f\x8b\x08\xe0" + g[4:], b"\x1f\x8c" + g[2:], g[:5]]:
    show(zlib.decompress, bad, 31)
show(zlib.decompress, b"\x1f\x8c" + g[2:], 47)
for w in (7, -7, 1, 100, 48, 17):
    show(zlib.decompress, z, w)
    show(zlib.decompressobj, w)
for w in (7, 16, 32, -8, 0, 24):
    show(zlib.compress, b"abc", 6, w)
    show(zlib.compressobj, 6, zlib.DEFLATED, w)
for lv in (-2, 10):
    show(zlib.compress, b"abc", lv)
    show(zlib.compressobj, lv)
show(zlib.compressobj, memLevel=0)
show(zlib.compressobj, memLevel=10)
show(zlib.compressobj, strategy=5)
show(zlib.compressobj, method=9)
show(zlib.decompress, z, bufsize=-1)
for bad in ["abc", 12, None]:
    show(zlib.compress, bad)
    show(zlib.decompress, bad)
    show(zlib.crc32, bad)
    show(zlib.adler32, bad)
    show(zlib.decompressobj().decompress, bad)
    show(zlib.compressobj().compress, bad)

# a compressor after Z_FINISH
c = zlib.compressobj()
c.compress(b"abc")
c.flush()
show(c.flush)
show(c.flush, zlib.Z_SYNC_FLUSH)
show(c.flush, zlib.Z_NO_FLUSH)
show(c.compress, b"x")
show(c.copy)
c = zlib.compressobj()
show(c.flush, 9)
# a decompressor
d = zlib.decompressobj()
show(d.decompress, b"", -1)
show(d.flush, 0)
show(d.decompress, b"junk")
show(d.decompress, b"junk")
show(d.flush)
print(issubclass(zlib.error, Exception), zlib.error.__module__, zlib.error.__name__)
