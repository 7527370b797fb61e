import struct
print(struct.calcsize("@bi"), struct.calcsize("@bq"), struct.calcsize("bic"), struct.calcsize("ib"), struct.calcsize("<i i"))
print(struct.calcsize("=l"), struct.calcsize("!h"), struct.calcsize("<e"), struct.calcsize("<3x2s"))
print(struct.pack("@bi", 1, 2), struct.pack(">hHi", -2, 65535, -1), struct.pack("!q", -2))
print(struct.pack("<?", []), struct.pack("<??", 5, 0), struct.unpack("<??", b"\x00\x07"))
print(struct.pack("<3p", b"abcdef"), struct.unpack("<3p", b"\x05ab"), struct.pack("<0s", b"ab"))
print(struct.pack("<e", 1.5), struct.unpack("<e", b"\x00\x3e"), struct.pack(">e", -0.0), struct.pack("<e", 65504.0))
print(struct.unpack("<e", b"\x01\x00"), struct.pack("<e", 6e-8), struct.unpack(">e", b"\x7c\x00"))
print(struct.pack("<f", float("inf")), struct.pack(">f", float("nan")), struct.unpack("<f", b"\x00\x00\xc0\x7f"))
print(struct.pack("<c", b"z"), struct.unpack("<c", b"a"), struct.pack("<x"), struct.pack("<d", 1))
print(struct.pack("<i", True), struct.unpack(">Q", b"\xff" * 8), struct.unpack("<bBhH", b"\xff\xff\xff\xff\xff\xff"))
print(list(struct.iter_unpack("<hb", b"\x01\x00\x02\x03\x00\x04")))
print(struct.unpack_from("<h", b"\x00\x01\x02\x03", -2), struct.unpack_from("<h", b"\x00\x01\x02", offset=1))
buf = bytearray(6)
struct.pack_into("<hi", buf, 0, -1, 2**31 - 1)
print(buf)
struct.pack_into("<b", buf, -1, 5)
print(buf)
class I:
    def __index__(self):
        return 7
print(struct.pack("<B", I()))
