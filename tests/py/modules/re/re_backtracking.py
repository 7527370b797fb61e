# Patterns that need backtracking (fancy-regex under re): backreferences,
# look-ahead and look-behind, named backreferences, and Python's $ that
# also matches before a final newline; results as CPython's.
import re
tests = [
    (r"a+(?=ab)", "aaab"), (r"(a|aa)+(?=c)", "aaac"), (r"\w+(?=\d)", "abc123"),
    (r"(\w+)\s\1", "the the"), (r"(a+)+\1b", "aaaab"), (r"^(\w+\s?)*$", "aa bb"),
    (r".*(?<=x)y", "axyzxy"), (r"(?:(a)|b)\1?c", "bc"), (r"(a*)b\1$", "aabaa\n"),
]
for p, s in tests:
    m = re.search(p, s)
    print(p, s.encode(), m.group() if m else None, m.span() if m else None)
print(re.search(r"(\w+) \1", "hello hello world").group(0, 1))
print(re.findall(r"(?<=@)\w+", "a@b c@d"), re.findall(r"\w+(?=!)", "hi! yo no!"))
print(re.sub(r"(?P<w>\w)(?P=w)", r"<\g<w>>", "aabbcd"))
print(re.match(r"a$", "a\n"), re.match(r"a$", "a\n\n"), re.fullmatch(r"a", "a\n"))
print(re.findall(r"^\w+$", "one\ntwo\n", re.M), re.search(r"x$", "abx\n").span())
print(re.sub(r"(?<!\d)(\d{3})(?!\d)", r"[\1]", "12 345 6789 012"))
print(re.split(r"(?<=,)", "a,b,c"))
print([m.span() for m in re.finditer(r"(a)(?=\1)", "aaab")])
print(re.match(r"(?i)(ab)\1", "abAB"), re.match(r"(ab)\1", "abAB", re.I).group())
try:
    re.compile(r"(a)\2")
except re.error as e:
    print("error", type(e).__name__)
p = re.compile(r"(?P<a>x)(?P=a)?$")
print(p.groupindex, p.groups, p.match("xx").groupdict())
