# str.title and str.capitalize with Unicode title case: digraphs, Greek
# with subscript iota, ligatures, sharp s, Georgian; which characters
# count as cased for title().
print("ǆa hello ǈubljana".title(), "ǆa".capitalize(), "ǅA".capitalize(), "ǅungla".title())
print("ﬁsh ﬂow straße".title(), "ßa".capitalize(), "ﬃ".title())
print("ᾳ ᾀ ᾈ ῳ ῼ".title(), "ᾀᾀ".capitalize())
print("ქართული ენა".title(), "ქართული".capitalize())
print("they're bill's 3rd-rate x_y ǅǅ".title())
# U+019B gained an upper case in Unicode 16, after CPython 3.11's Unicode 14.
ranges = [(0x41, 0x19b), (0x19c, 0x250), (0x370, 0x590), (0x10a0, 0x1100), (0x1e00, 0x2000), (0xfb00, 0xfb18)]
for lo, hi in ranges:
    s = "".join(chr(c) for c in range(lo, hi))
    print(hex(lo), s.title() == s.title().title(), s.capitalize()[:3])
    out = "".join(chr(c).title() for c in range(lo, hi))
    caps = "".join(chr(c).capitalize() for c in range(lo, hi))
    print(len(out), sum(map(ord, out)), len(caps), sum(map(ord, caps)))
