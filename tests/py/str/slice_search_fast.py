# Slices of str with step 1 (one substring; the whole str is the str
# itself), and the find family's argument errors.
s = "hello wörld ✓"
print(s[:] is s, s[0:100] is s, s[-100:] is s, s[0:len(s)] is s)
print(s[2:5], s[6:], s[-3:], s[::2], s[5:2], repr(s[3:3]), s[7:9], s[-1:], s[:-1])
a = "plain ascii"
print(a[:] is a, a[1:4], a[4:], a[:0] == "", a[::-1], a[1:9:3], a[100:])
print(repr(""[:]), ""[:] == "", repr("x"[1:]))
u = "a\ud800b"
print(ascii(u[1:]), ascii(u[:2]), ascii(u[1:2]), u[:] is u)


class S(str):
    pass


t = S("subclass")
print(type(t[:]).__name__, t[:] == "subclass", type(t[2:4]).__name__, t[2:4])
print(b"abcdef"[1:4], b"abc"[:], [1, 2, 3][1:], (1, 2, 3)[:2], bytearray(b"xyz")[1:])
print("a/b/c.txt".rfind("/"), "abc".find("c", 1), "aéb".find("b"), "aéb".rfind("é", 0, 2))
print("abcabc".count("b"), "abcabc".index("c"), "abcabc".rindex("a"), "x".find(""))
for call in [lambda: "abc".rfind(3), lambda: "abc".find(None), lambda: "abc".count(b"a"),
             lambda: "abc".index(1.5), lambda: "abc".rindex([]), lambda: "abc".index("z"),
             lambda: "abc".find(S("b")), lambda: "abc".partition(1), lambda: "abc".replace(1, "x")]:
    try:
        print(call())
    except Exception as e:
        print(type(e).__name__, e)
