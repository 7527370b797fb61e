import binascii
print(binascii.hexlify(b"\x00\xffab"), binascii.unhexlify(b"414243"), binascii.unhexlify("00ff"))
print(binascii.b2a_base64(b"hello world"), binascii.a2b_base64(b"aGVsbG8gd29ybGQ="))
for n in range(7):
    data = bytes(range(n))
    enc = binascii.b2a_base64(data)
    print(n, enc, binascii.a2b_base64(enc) == data)
print(binascii.crc32(b"hello"), binascii.crc32(b"") if True else 0)
try:
    binascii.unhexlify(b"abc")
except ValueError:
    print("ValueError odd length")
