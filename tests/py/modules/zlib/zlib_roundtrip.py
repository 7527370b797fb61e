# Round trips through capy's own compressor at every level, strategy and
# container, one-shot and streaming (the compressed bytes themselves are
# not printed: they differ from CPython's zlib).
import zlib


def sample(n, seed):
    # Deterministic mixed data: runs, text and noise.
    out = bytearray()
    x = seed
    while len(out) < n:
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        kind = x % 3
        if kind == 0:
            out += bytes([x >> 8 & 255]) * (x >> 16 & 63)
        elif kind == 1:
            out += b"lorem ipsum dolor sit amet %d " % (x & 1023)
        else:
            out += (x).to_bytes(4, "little")
    return bytes(out[:n])


DATA = [b"", b"a", b"hello world", sample(5000, 1), sample(70000, 2), bytes(40000)]

for data in DATA:
    for level in (-1, 0, 1, 5, 9):
        for wbits in (15, 9, -15, -9, 31, 25):
            z = zlib.compress(data, level, wbits)
            back = zlib.decompress(z, wbits)
            assert back == data, (len(data), level, wbits)
            if wbits > 0:
                assert zlib.decompress(z, 47 if wbits > 15 else 15) == data
    print(len(data), "ok", len(zlib.compress(data, 9)) <= len(zlib.compress(data, 0)) or len(data) < 20)

# compressed bytes start with the container's header
print(zlib.compress(b"x")[:1], zlib.compress(b"x", wbits=31)[:3])
print(zlib.decompress(zlib.compress(b"abc", level=9, wbits=15)))

# strategies
for strategy in (zlib.Z_DEFAULT_STRATEGY, zlib.Z_FILTERED, zlib.Z_HUFFMAN_ONLY, zlib.Z_RLE, zlib.Z_FIXED):
    c = zlib.compressobj(6, zlib.DEFLATED, 15, 8, strategy)
    z = c.compress(DATA[3]) + c.flush()
    print("strategy", strategy, zlib.decompress(z) == DATA[3])

# streaming compression with every flush mode between pieces
data = DATA[4]
for wbits in (15, -15, 31):
    c = zlib.compressobj(wbits=wbits)
    out = []
    for i, mode in enumerate([zlib.Z_NO_FLUSH, zlib.Z_SYNC_FLUSH, zlib.Z_FULL_FLUSH, zlib.Z_PARTIAL_FLUSH]):
        out.append(c.compress(data[i * 10000:(i + 1) * 10000]))
        out.append(c.flush(mode))
    out.append(c.compress(data[40000:]))
    out.append(c.flush())
    z = b"".join(out)
    print("stream", wbits, zlib.decompress(z, wbits) == data)
    # a sync-flushed prefix decompresses to everything fed so far
    c = zlib.compressobj(wbits=wbits)
    prefix = c.compress(data[:1234]) + c.flush(zlib.Z_SYNC_FLUSH)
    d = zlib.decompressobj(wbits)
    print("  prefix", d.decompress(prefix) == data[:1234], d.eof)

# decompressobj: unused data after the end, eof, copy
z = zlib.compress(DATA[3])
d = zlib.decompressobj()
out = d.decompress(z + b"TRAILER")
print(out == DATA[3], d.eof, d.unused_data, d.unconsumed_tail)
print(d.decompress(b"more"), d.unused_data, d.flush())
d = zlib.decompressobj()
first = d.decompress(z[:100])
twin = d.copy()
rest1 = d.decompress(z[100:])
rest2 = twin.decompress(z[100:])
print("copy", first + rest1 == DATA[3], rest1 == rest2, twin.eof)
# flush() finishes what max_length held back
d = zlib.decompressobj()
head = d.decompress(z, 10)
print(len(head), len(d.unconsumed_tail) > 0, head + d.flush() == DATA[3], d.eof)
# bufsize is only a starting size
print(zlib.decompress(z, 15, 1) == DATA[3], zlib.decompress(z, bufsize=0) == DATA[3])
# trailing bytes after a one-shot stream are ignored, as by CPython
print(zlib.decompress(zlib.compress(b"abc") + b"junk"))
# gzip members are read one at a time by decompressobj
g = zlib.compress(b"one", wbits=31) + zlib.compress(b"two", wbits=31)
d = zlib.decompressobj(31)
print(d.decompress(g), d.eof, zlib.decompress(d.unused_data, 31))
print(type(zlib.compressobj()).__name__, type(zlib.decompressobj()).__name__)
