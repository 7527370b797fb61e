print("%d %i %s %r %%" % (42, -7, "str", "rep"))
print("%5d|%-5d|%05d|%+d|% d" % (42, 42, 42, 42, 42))
print("%x %X %o %#x %#o" % (255, 255, 8, 255, 8))
print("%s and %s" % ("a", [1, 2]), "%s" % (("tuple",),), "%c%c" % (72, "i"))
print("%(name)s is %(age)d" % {"name": "Al", "age": 30})
print("%.3s|%10s|%-10s|" % ("abcdef", "right", "left"))
print("%.2f%%" % 99.5, "%5.1f" % 3.14159, "%e" % 12345.678)
try:
    "%d" % "x"
except TypeError:
    print("TypeError")
try:
    "%d %d" % (1,)
except TypeError:
    print("TypeError not enough")
