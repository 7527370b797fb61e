# Corrupt, truncated and concatenated gzip members made by CPython (a fixed
# LCG mutates them): gzip.decompress and GzipFile must give the same data
# or the same exception as CPython's.
import gzip, zlib, io
seed = 99
def rnd(n):
    global seed
    seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
    return seed % n
valid = [b'\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\x03\xcbH\xcd\xc9\xc9WH\xaf\xca,\xe0\xca \x81\t\x00\x07 ~\xe07\x00\x00\x00', b'\x1f\x8b\x08\x1e90\x00\x00\x02\xff\x03\x00abcname.txt\x00a comment\x00\x06HK\xcbIL/VHO\xcc\xc9/J\x05\x00\xae\x0c8\xae\x0c\x00\x00\x00']
for i in range(1500):
    b = bytearray(valid[rnd(2)] + (valid[rnd(2)] if rnd(3) == 0 else b""))
    for _ in range(1 + rnd(2)):
        op = rnd(3)
        if op == 0 and b:
            b[rnd(len(b))] = rnd(256)
        elif op == 1:
            b = b[:rnd(len(b) + 1)]
        else:
            b.insert(rnd(len(b) + 1), rnd(256))
    res = []
    try:
        res.append(gzip.decompress(bytes(b)))
    except Exception as e:
        res.append(type(e).__name__ + ":" + str(e)[:30])
    try:
        res.append(gzip.GzipFile(fileobj=io.BytesIO(bytes(b))).read())
    except Exception as e:
        res.append(type(e).__name__ + ":" + str(e)[:16])
    print(i, res)
