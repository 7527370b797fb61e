import re
m = re.match(r"(\w+)-(\d+)", "item-42 rest")
print(m.group(0), m.group(1), m.group(2))
print(re.match("x", "abc"), re.search("b+", "abbbc").group(0))
print(re.sub(r"\d", "#", "a1b22c333"), re.sub("a|b", "-", "abcab"))
print(re.compile(r"[,;]\s*").split("a, b;c,  d"))
r = re.compile(r"^(\d\d\d)-(\d\d\d\d)$")
for s in ("555-1234", "55-1234", "555-12345"):
    mm = r.match(s)
    print(s, (mm.group(1), mm.group(2)) if mm else None)
print(re.search(r"[A-Z][a-z]*", "hello World").group(0))
print(re.match(r"a.c", "abc") is not None, re.match(r"a\.c", "abc"))
