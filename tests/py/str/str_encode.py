s = "héllo ✓"
b = s.encode()
print(b, len(b), b.decode() == s)
print(s.encode("utf-8"), bytes(s, "utf-8"))
print(str(b, "utf-8"), b.decode("utf-8"))
try:
    b"\xff\xfe".decode()
except UnicodeError:
    print("UnicodeError")
