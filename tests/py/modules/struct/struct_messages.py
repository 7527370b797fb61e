import struct
tests = [lambda: struct.pack("<b", 200), lambda: struct.pack("b", 200), lambda: struct.pack("<i", 2**31),
         lambda: struct.pack("l", 2**63), lambda: struct.pack("<l", 2**31), lambda: struct.pack("<q", 2**63),
         lambda: struct.pack("<Q", -1), lambda: struct.pack("<I", -1), lambda: struct.pack("<H", -1),
         lambda: struct.pack("<i", 1.5), lambda: struct.pack("<f", "a"), lambda: struct.pack("<f", 1e300),
         lambda: struct.pack("<e", 1e10), lambda: struct.pack("<c", b"ab"), lambda: struct.pack("<s", 1),
         lambda: struct.pack("<n", 1), lambda: struct.pack("<z", 1), lambda: struct.pack("<3"),
         lambda: struct.pack("<i"), lambda: struct.pack("<i", 1, 2), lambda: struct.unpack("<i", b""),
         lambda: struct.unpack_from("<i", b"", 1), lambda: struct.pack_into("<i", bytearray(2), 1, 5),
         lambda: struct.pack_into("<i", bytearray(2), -5, 5), lambda: struct.unpack_from("<i", b"abcd", -5),
         lambda: struct.iter_unpack("<i", b"abc"), lambda: struct.iter_unpack("", b""),
         lambda: struct.calcsize("<99999999999999999999i"), lambda: struct.pack("<2i", 1),
         lambda: struct.pack("<Q", 2**64), lambda: struct.pack("<B", -1), lambda: struct.pack("<h", 40000),
         lambda: struct.pack("i", 1.0), lambda: struct.pack("<s", "ab"), lambda: struct.calcsize("<i 3 i"),
         lambda: struct.pack("<I", 2**32), lambda: struct.unpack("<i", "abcd")]
for t in tests:
    try:
        print(t())
    except struct.error as e:
        print("struct.error:", e)
    except Exception as e:
        print(type(e).__name__ + ":", e)
print(issubclass(struct.error, Exception))
