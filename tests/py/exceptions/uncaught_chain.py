# expect: exit=1
try:
    [][0]
except IndexError:
    raise RuntimeError("while handling")
