# Comparisons of two strs take a short path (ops.rs compare_strs); what
# the general protocol decides must come out the same.
import functools

words = ["b", "a", "ab", "", "B", "é", "e", "z", "ä", "日本", "日", "\U0001f600", "a\x00"]
for x in words:
    row = []
    for y in words:
        row.append(
            "%d%d%d%d%d%d" % (x == y, x != y, x < y, x <= y, x > y, x >= y)
        )
    print(repr(x), " ".join(row))
print(sorted(words))
print(max(words), min(words))

# Equal text in distinct objects.
a = "".join(["ab", "c"])
b = "a" + "".join(["bc"])
print(a == b, a != b, a is b, a < b, a >= b)

# Lone surrogates order by code point, beside ordinary characters.
s1 = "\ud800"
s2 = "\uffff"
s3 = "\U00010000"
print(s1 < s2, s2 < s3, s1 < s3, s1 == "\ud800", s1 != s2)
print(sorted([s3, s2, s1, "a"]) == ["a", s1, s2, s3])


# A str subclass keeps its own methods, on either side.
class Rev(str):
    def __lt__(self, other):
        print("Rev.__lt__")
        return str.__gt__(self, other)

    def __gt__(self, other):
        print("Rev.__gt__")
        return str.__lt__(self, other)

    def __eq__(self, other):
        print("Rev.__eq__")
        return str.__eq__(self, other)

    __hash__ = str.__hash__


r = Rev("m")
print(r < "a", "a" < r, r == "m", "m" == r)
print(r > "z", "z" > r)

# str against other types: equality is False, ordering is a TypeError.
print("1" == 1, "1" != 1, "a" == b"a", "a" == None, "a" == ["a"])
for other in (1, b"a", None, ["a"]):
    try:
        "a" < other
    except TypeError as e:
        print("TypeError", e)

# Chained comparisons, and sorting with a key and a cmp function.
print("a" < "b" < "c", "a" < "c" < "b", "x" == "x" != "y")
print(sorted(["bb", "a", "ccc"], key=len, reverse=True))
print(sorted(["b", "c", "a"], key=functools.cmp_to_key(lambda p, q: (p > q) - (p < q))))

