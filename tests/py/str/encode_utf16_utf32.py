# str.encode and bytes.decode with UTF-16 and UTF-32: byte order marks
# written by the plain names and read by them, -le/-be without, surrogate
# pairs, and CPython's messages (and replace/ignore) for bad data.
for e in ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "UTF_32_BE", "utf16"]:
    b = "aé€😀".encode(e)
    print(e, b, b.decode(e))
print(b"\xfe\xff\x00a".decode("utf-16"), b"\x00\x00\xfe\xff\x00\x00\x00a".decode("utf-32"))
bad = [
    (b"a\x00b", "utf-16-le"),
    (b"\x00\xdca\x00", "utf-16-le"),
    (b"\x00\xd8a\x00", "utf-16"),
    (b"\x00\xd8", "utf-16-le"),
    (b"\xfe\xff\xd8\x00", "utf-16"),
    (b"\x00\x00\x11\x00", "utf-32-le"),
    (b"\x00\xd8\x00\x00", "utf-32-le"),
    (b"a\x00\x00", "utf-32"),
]
for b, e in bad:
    try:
        b.decode(e)
    except UnicodeDecodeError as x:
        print(type(x).__name__, x)
    print(repr(b.decode(e, "replace")), repr(b.decode(e, "ignore")))
