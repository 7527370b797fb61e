import struct
try:
    struct.unpack("<i", b"\x00")
except Exception:
    print("error on short buffer")
print(struct.calcsize("<10s"), struct.pack("<5s", b"ab"))
