# str.casefold is Unicode's full case folding: ligatures and sharp s
# expand, final sigma folds to sigma; checked over every code point of the
# Basic Multilingual Plane up to U+A7CA but U+1C89/U+1C8A (added in Unicode
# 16; CPython 3.11 has Unicode 14).
print('ß'.casefold(), 'ﬁx'.casefold(), 'ΣΑΣ'.casefold(), 'İ'.casefold(), 'ŉ'.casefold(), 'ﬀ'.casefold())
print('Straße'.casefold() == 'STRASSE'.casefold(), 'ǅ'.casefold(), 'ᏸ'.casefold(), 'Ꭰ'.casefold())
changed = 0
acc = 0
for i in range(0xA7CA):
    if 0xD800 <= i <= 0xDFFF or i in (0x1C89, 0x1C8A):
        continue
    c = chr(i)
    f = c.casefold()
    if f != c:
        changed += 1
        for x in f:
            acc = (acc * 31 + ord(x)) % 1000000007
print(changed, acc)
