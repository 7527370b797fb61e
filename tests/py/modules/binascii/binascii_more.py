import binascii
print(binascii.hexlify(b"\x01\x02\x03\x04\x05", "-"), binascii.hexlify(b"\x01\x02\x03\x04\x05", b":", 2))
print(binascii.hexlify(b"\x01\x02\x03\x04\x05", ":", -2), binascii.hexlify(b""), binascii.b2a_hex(b"\xab"))
print(binascii.unhexlify("ABcd"), binascii.a2b_hex(b"0a0B"))
print(binascii.b2a_base64(b"xyz", newline=False), binascii.b2a_base64(b""), binascii.a2b_base64("YQ=="))
print(binascii.a2b_base64(b"Y W\nJj"), binascii.a2b_base64(b"YWI="), binascii.a2b_base64(b"YWI=garbage"))
print(binascii.crc32(b"The quick brown fox"), binascii.crc32(b"world", binascii.crc32(b"hello ")), binascii.crc32(b"hello world"))
for bad in (b"zz", b"abc", "\u00e9"):
    try:
        binascii.unhexlify(bad)
    except ValueError as e:
        print(type(e).__name__, e)
for bad in (b"YQ", b"Y", b"YWJjZ"):
    try:
        binascii.a2b_base64(bad)
    except binascii.Error as e:
        print("Error", e)
print(issubclass(binascii.Error, ValueError))
