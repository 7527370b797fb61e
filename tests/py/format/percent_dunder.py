# %-formatting converts objects as CPython: __int__/__index__ for %d,
# __index__ only for %x/%o, __float__/__index__ for %e/%f/%g; %c wants
# an int or one character.
class A:
    def __int__(self): return 123
class I:
    def __index__(self): return 10
class F:
    def __float__(self): return 2.5
class S:
    def __float__(self): return 'a'
class T: pass
class FS(float): pass
class IS(int): pass
for fmt in ['%d','%x','%o','%f','%c','%e','%i','%X']:
    for v in [A(), I(), F(), S(), T(), 1.5, 1+2j, FS(2.5), IS(7), True, 'ab', 'a', 2**70, 0x110000, -1, 1e300]:
        try: print(fmt, type(v).__name__, repr(fmt % v))
        except Exception as e: print(fmt, type(v).__name__, type(e).__name__, e)


class BadIdx:
    def __index__(self):
        raise ValueError("no index")


for fmt in ["%d", "%x", "%f", "%c"]:
    try:
        print(fmt % BadIdx())
    except Exception as e:
        print(fmt, type(e).__name__, e)

print("%5.1f|%-6d|%#x|%c%c" % (F(), A(), I(), I(), 65))
# Once a key is used, the mapping is consumed: a later positional fails.
print("%s %(foo)s %(foo)s" % {"foo": 1})
try:
    print("%(foo)s %s" % {"foo": 1})
except TypeError as e:
    print("TypeError", e)
