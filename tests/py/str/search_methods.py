# find/rfind/index/rindex/count/split/partition/replace on ASCII and
# non-ASCII text, with start/end, empty needles and counts.

texts = ["hello world, hello there", "ääbäcä ä", "\U0001f600x\U0001f600xx", "", "aaaa"]
needles = ["", "a", "ä", "hello", "x", "\U0001f600", "xx", "aa", "zz"]
for t in texts:
    for n in needles:
        print(repr(t), repr(n), t.find(n), t.rfind(n), t.count(n))
        for st, en in ((1, None), (2, 5), (-3, None), (0, -1), (5, 2), (100, None), (None, 3)):
            print(" ", st, en, t.find(n, st, en), t.rfind(n, st, en), t.count(n, st, en))
        print(" ", t.partition(n) if n else "-", t.rpartition(n) if n else "-")
        print(" ", t.replace(n, "<>"), t.replace(n, "", 1), t.replace(n, "Ö", 2))
        if n:
            print(" ", t.split(n), t.split(n, 1), t.rsplit(n, 1), t.split(sep=n, maxsplit=0))

print("abc".index("c"), "abcabc".rindex("b"))
for bad in (lambda: "abc".index("d"), lambda: "abc".rindex("d"), lambda: "ab".split(""),
            lambda: "ab".partition(""), lambda: "ab".find(1), lambda: "ab".count(None),
            lambda: "ab".replace(1, "x"), lambda: "ab".partition(2)):
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__)

# No-op results are the receiver itself, as in CPython.
s = "some text"
print(s.replace("zz", "y") is s, s.replace("t", "t") is s, s.replace("t", "T", 0) is s)

class S(str):
    pass

u = S("a-b-c")
print(u.split("-"), u.find("c"), u.count("-"), u.partition("-"), u.replace("-", "+"))
print(type(u.replace("q", "r")).__name__, type(u.partition("q")[0]).__name__)
print("x".join(["a", "b"]).split("x"), "a\nb\n".split("\n"), "1,2,,3".split(",", 2))
