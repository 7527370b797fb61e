import struct
try:
    struct.unpack("<i", b"\x00")
except Exception:
    print("error on short buffer")
try:
    struct.pack("<B", 1, 2)
except Exception:
    print("error on too many args")
print(struct.calcsize("<10s"), struct.pack("<5s", b"ab"))
