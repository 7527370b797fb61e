# base64 against CPython: every codec on edge-case inputs, round trips,
# altchars/validate/casefold/map01, and the errors of the decoders.
import base64, binascii
data = [b"", b"f", b"fo", b"foo", b"foob", b"fooba", b"foobar", bytes(range(256)), b"\0\0\0\0abc", b"    x"]
for d in data:
    print(base64.b64encode(d), base64.b32encode(d), base64.b32hexencode(d), base64.b16encode(d))
    print(base64.b85encode(d), base64.b85encode(d, pad=True), base64.a85encode(d), base64.a85encode(d, foldspaces=True, adobe=True, wrapcol=10))
    assert base64.b64decode(base64.b64encode(d)) == d
    assert base64.b32decode(base64.b32encode(d)) == d
    assert base64.b32hexdecode(base64.b32hexencode(d)) == d
    assert base64.b16decode(base64.b16encode(d)) == d
    assert base64.b85decode(base64.b85encode(d)) == d
    assert base64.a85decode(base64.a85encode(d)) == d, (d, base64.a85decode(base64.a85encode(d)))
    assert base64.a85decode(base64.a85encode(d, foldspaces=True, adobe=True, wrapcol=10), foldspaces=True, adobe=True) == d
    print(base64.urlsafe_b64encode(d), base64.encodebytes(d))
for bad in [b"abc", b"ab=c", b"a", "ab\u00e9", 12]:
    for f in (base64.b64decode, base64.b32decode, base64.b16decode, base64.b85decode, base64.a85decode):
        try:
            print(f.__name__, f(bad))
        except Exception as e:
            print(f.__name__, type(e).__name__, e)
print(base64.b64decode(b"YWJj\nZGVm", validate=False))
try:
    base64.b64decode(b"YWJj\nZGVm", validate=True)
except binascii.Error as e:
    print("err", e)
print(base64.b32decode(b"me======", casefold=True), base64.b32decode(b"MZXW6YQ=".replace(b"O", b"0"), map01=b"L"))
print(base64.b64encode(b"\xfb\xff", altchars=b"-_"), base64.b64decode(b"-_8=", altchars=b"-_"))
print(base64.urlsafe_b64decode("-_8="))
print(base64.b64encode(memoryview(b"abc")), base64.b64encode(bytearray(b"abc")))
try:
    base64.b64encode("abc")
except TypeError as e:
    print(e)
try:
    base64.encodebytes("abc")
except TypeError as e:
    print(e)
print(base64.decodebytes(base64.encodebytes(bytes(range(200)))) == bytes(range(200)))
print(base64.encodebytes(bytes(100)))
