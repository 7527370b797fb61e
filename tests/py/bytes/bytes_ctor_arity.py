# str()/bytes()/bytearray() take at most three arguments.
for f, args in ((str, (b"abc", "utf-8", "ignore", "x")),
                (bytes, ("abc", "utf-8", "replace", "x")),
                (bytearray, ("abc", "utf-8", "strict", "x"))):
    try:
        f(*args)
    except TypeError as e:
        print("TypeError", e)
print(str(b"abc", "utf-8", "ignore"), bytes("abc", "utf-8", "replace"), bytearray("ab", "utf-8"))
try:
    bytes("abc")
except TypeError as e:
    print("TypeError", e)
