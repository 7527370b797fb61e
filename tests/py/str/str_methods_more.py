# str methods with ranges, case mapping, predicates, justification
t = "héllo wörld héllo"
print(t.find("l", 3), t.rfind("l", 0, 5), t.index("wö"), t.rindex("héllo"), t.count("l", 2, 10))
try:
    t.index("zz")
except ValueError as e:
    print("ValueError", e)
print("a b  c  ".rsplit(None, 1), "  a b".rsplit(None, 1), "a,b,c".rsplit(",", 1), "x".rsplit(","))
print("l1\r\nl2\rl3\n".splitlines(), "l1\r\nl2\n".splitlines(True), "".splitlines())
print("hello world".title(), "HeLLo".swapcase(), "hELLO".capitalize(), "Straße".casefold())
print("abc".center(8, "*"), "abc".center(7), "ab".ljust(5, "-"), "ab".rjust(5), "42".zfill(5), "-42".zfill(6))
print("a\tbc\td".expandtabs(), "a\tb".expandtabs(4))
print("abc".isalnum(), "a_b".isidentifier(), "9a".isidentifier(), "Hello World".istitle(), "hello World".istitle())
print("123".isdecimal(), "½".isnumeric(), "ABC".isupper(), "abc1".islower(), "a\x00".isprintable(), "".isspace())
print("prefix-body".removeprefix("prefix-"), "body.py".removesuffix(".py"), "x".removesuffix(""))
print("startswith".startswith("art", 2), "endswith".endswith("ends", 0, 4), "abc".startswith(("z", "a")))
tbl = str.maketrans("abc", "xyz", "d")
print(sorted(tbl.items()), "abcd".translate(tbl), "hi".translate({ord("h"): "HH", ord("i"): None}))
print("{name} is {age}".format_map({"name": "Ann", "age": 7}))
print("a-b-c".partition("-"), "a-b-c".rpartition("-"), "abc".partition("x"), "abc".rpartition("x"))
try:
    "abc".partition("")
except ValueError as e:
    print("ValueError", e)
try:
    "{}{0}".format(1, 2)
except ValueError as e:
    print("ValueError", e)
try:
    "{!x}".format(1)
except ValueError as e:
    print("ValueError", e)
print("%r %a %c %c %5.2s|" % ("é", "é", 0x263A, "z", "abc"))
print("%(a)s=%(b)04d" % {"a": "k", "b": 7})
s = "naïve ☃"
print(s[2], s[-1], s[1:4], s[::-1], "☃" in s, [c for c in s][:3], len(s))
