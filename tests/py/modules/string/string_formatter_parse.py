# Checks string.Formatter.parse output (literal, field, spec, conversion) and its scanning errors, plus get_field/get_value.
from string import Formatter

f = Formatter()
for s in ["", "abc", "a{{b}}c", "{}", "{0}", "x{0!r:>10}y", "{a.b[c]}", "{0:{1}}",
          "{0:{1:{2}}}", "{!r}", "{:}", "{0[}]}", "{0[:]}", "{{}}", "{0:{{}}}", "{0!:}",
          "{ 0 }", "{0:a{b}c}", "{0]}", "{!a:{}}", "{{", "a}}", "a{0:{1!r}}b{2}c",
          "{0[a:b]!r:c}"]:
    print(repr(s), list(f.parse(s)))

bad = ["{0!}", "{0!rr}", "{0!r", "{0", "{", "}", "a}b", "{0:}}", "{0{}", "{0[}", "x{",
       "}{", "{0!r{}", "{0!", "{0:", "{0:{}", "{0[a]!", "{!"]
for s in bad:
    try:
        print(repr(s), list(f.parse(s)))
    except ValueError as e:
        print(repr(s), "ValueError:", e)

# Pieces before an error come out first.
it = iter(f.parse("ab{0}cd}"))
print(next(it))
try:
    next(it)
except ValueError as e:
    print("ValueError:", e)

print(f.get_field("0.real", (5,), {}))
print(f.get_field("k[1]", (), {"k": "xyz"}))
print(f.get_field("k", (), {"k": None}))
print(f.get_value(1, ("a", "b"), {}), f.get_value("z", (), {"z": 9}))
for name in ["a.", "a..b", "a[", "a[0]x", "a[]"]:
    try:
        f.get_field(name, (), {"a": [1]})
    except ValueError as e:
        print(repr(name), "ValueError:", e)
# get_value runs before the rest of the name is checked.
try:
    f.get_field("missing..x", (), {})
except KeyError as e:
    print("KeyError:", e)
