# str % args, walked by byte: literal runs, plain %s of a str copied in,
# widths, precisions, keys, non-ASCII text and the errors.
print("%s: %s" % ("a", "b"), "%5s|%-5s|%.2s" % ("x", "y", "zzz"))
print("%d %i %05d %+d %x %X %o %#x %#o %u" % (3, -4, 42, 5, 255, 255, 8, 255, 8, 7))
print("%(a)s-%(b)r-%(a)5s-%(a)-4s|" % {"a": "é", "b": [1, "x"]})
print("%% %c %c %5c|%-3c|" % ("x", 233, "y", 65))
print("ünï %s cödé %d ✓" % ("ñ", 7), "%.3f %e %g %10.2f %-8.1f|" % (3.14159, 1e10, 0.5, 2.5, 1.25))
print("%s" % (1,), "%s" % [1, 2], "%s" % None, "%r" % "q", "%a" % "é", "%s" % 2.5)
print("%*d|%-*d|%.*f|%*s|" % (5, 1, 4, 2, 2, 3.14159, -4, "ab"))
print(repr("%s%s" % ("", "")), repr("" % ()), repr("abc" % {}), repr("%s" % ""))
print("%.0s|%.1s|%3.1s|%s" % ("abc", "é✓", "xyz", "end"))
print("%5s|%-5s|%.1s" % ("日本", "日本", "日本"))


class S(str):
    pass


class T:
    def __str__(self):
        return "T!"

    def __repr__(self):
        return "T?"


print("%s|%5s|%r" % (S("sub"), S("x"), S("r")))
print("%s %r %10s %-4r|" % (T(), T(), T(), T()))
print(len("x" * 1000 % ()), "%s" % ("y" * 50), "%s%%" % 5)
print("a%sb%sc" % ("é" * 3, "✓" * 2), "%s" % ("\u00e9\u0301",))
# Lone surrogates survive, in the text and in the arguments.
print(ascii("a\ud800%sb" % "x"), ascii("%s|%3s" % ("\udc80", "\udc81")), ascii("%s" % ("\ud83d",)))
print(ascii("\ud800 %d \udfff %s" % (5, "é")))
for fmt, args in [("%d", "x"), ("%s %s", ("a",)), ("%s", ("a", "b")), ("%y", 1),
                  ("%(a", {"a": 1}), ("%", ()), ("a%ü", 1), ("%(k)s", {}), ("%c", "ab"),
                  ("%c", 0x110000), ("%x", 1.5), ("%s %(a)s", {"a": 1}), ("%\x01", 1),
                  ("abc", 1), ("%d %d", (1, 2, 3)), ("%.*f", ("x", 1.0))]:
    try:
        print(repr(fmt % args))
    except Exception as e:
        print(type(e).__name__, e)


# A str subclass with its own __rmod__ on the right goes first.
class R(str):
    def __rmod__(self, other):
        return "R.__rmod__"


class N(str):
    def __rmod__(self, other):
        return NotImplemented


class O:
    def __rmod__(self, other):
        return "O.__rmod__"


print("%s" % R("x"), "abc" % R("x"), "%s" % N("n"), "%s|" % S("plain"), R("%s") % 5)
try:
    print("abc" % O())
except TypeError as e:
    print("TypeError", e)
