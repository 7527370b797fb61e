b = b"  Hello, World  "
print(b.strip(), b.lstrip(), b.rstrip(), b.strip(b" H"), b.upper(), b.lower(), b.swapcase())
print(b.find(b"o"), b.rfind(b"o"), b.find(111, 6), b.index(b"W"), b.count(b"l"), b.count(b"l", 0, 6))
print(b"a,b,,c".split(b","), b" a  b ".split(), b"a b c".split(None, 1), b"a,b,c".rsplit(b",", 1))
print(b"x=1".partition(b"="), b"a.b.c".rpartition(b"."), b"ab".center(6, b"*"), b"5".zfill(3))
print(b"l1\nl2\r\n".splitlines(), b"abc".startswith(b"b", 1), b"abc".endswith((b"x", b"c")))
print(b"abc".replace(b"b", b"XX"), b"aaa".replace(b"a", b"b", 2), b"ab".replace(b"", b"-"))
print(b"-".join([b"a", bytearray(b"b"), memoryview(b"c")]), b"12".isdigit(), b"ab".isalpha(), b"a1".isalnum())
print(b"\x00\xff".hex(), b"abc".hex("-"), bytes.fromhex("00 ff 10"), bytearray.fromhex("4142"))
print(b"hello".decode(), b"caf\xe9".decode("latin-1"), b"a\xffb".decode("utf-8", "replace"), b"a\xffb".decode("ascii", "ignore"))
try:
    b"\xe9t\xe9".decode("utf-8")
except UnicodeDecodeError as e:
    print("UnicodeDecodeError", e)
try:
    "naïve".encode("ascii")
except UnicodeEncodeError as e:
    print("UnicodeEncodeError", e)
print("naïve".encode("ascii", "replace"), "naïve".encode("latin-1"), bytes("hé", "utf-8"), str(b"h\xc3\xa9", "utf-8"))
print(b"%s-%d-%x-%5.1f" % (b"ab", 5, 255, 2.25), b"%c%c" % (65, b"B"))
print(b"abc" < b"abd", b"abc" == bytearray(b"abc"), b"a" * 3, 3 * b"ab", b"abc"[::-1], b"abc"[1], list(b"ab"))
print(repr(b"it's"), repr(b'say "hi"'), repr(b"both ' and \""), b"\t\n\r\x7f")
try:
    b"abc".index(b"z")
except ValueError as e:
    print("ValueError", e)
try:
    b"a" + "b"
except TypeError:
    print("TypeError")
print(b"=%r=%b=%%b=%a" % (b"str", b"x", "é"), bytearray(b"%s!") % b"hi")
try:
    b"%s" % 5
except TypeError as e:
    print("TypeError", e)
