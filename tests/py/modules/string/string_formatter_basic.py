# Checks string.Formatter().format/vformat: auto and manual numbering, keywords, !r/!s/!a, attribute and index fields, nested specs.
from string import Formatter

f = Formatter()


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __repr__(self):
        return "Point(%r, %r)" % (self.x, self.y)

    def __str__(self):
        return "(%s, %s)" % (self.x, self.y)


p = Point(3, "é")
print(f.format("{} + {} = {}", 1, 2, 3))
print(f.format("{1} {0} {1}", "a", "b"))
print(f.format("{name} is {age:>4d} years", name="Ann", age=42))
print(f.format("{0!r} {0!s} {0!a} {0}", p))
print(f.format("{!r:>12}|{!s:<8}|", "hi", "yo"))
print(f.format("{0.x}-{0.y}-{p.x}", p, p=p))
print(f.format("{0[1]} {d[key]} {d[0]}", [10, 20, 30], d={"key": "v", 0: "zero"}))
try:
    f.format("{0[-1]}", [1, 2])
except TypeError as e:
    print("TypeError:", e)
print(f.format("{0[-1]}", {"-1": "minus one"}))
print(f.format("{0:{1}}|{0:{w}.{p}f}|", 3.14159, ">8", w=10, p=2))
print(f.format("{:{}}|{:*^{}}|", "ab", 5, "c", 7))
print(f.format("{{literal}} {0}}}{{", 5))
print(f.format("{0[a][b].real:+}", {"a": {"b": 7}}))
print(f.vformat("{a}-{0}-{b!r}", ("pos",), {"a": 1, "b": "two"}))
print(f.format("{0:%Y}", __import__("datetime").date(2024, 5, 6)))
print(f.format("no fields at all"), repr(f.format("")))
print(f.format("{:,} {:08.3f} {:x} {:e}", 1234567, -3.5, 255, 12345.678))
print(f.format("{:{}{}}", 42, "<", 6) + "|")
