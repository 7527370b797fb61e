ba = bytearray(b"hello")
ba.append(33)
ba.extend([1, 2])
ba.extend(b"xy")
print(ba, len(ba))
print(ba.pop(), ba.pop(0), ba)
ba.insert(0, 72)
ba.insert(-1, 0)
ba.remove(0)
print(ba)
ba.reverse()
print(ba)
c = ba.copy()
ba.clear()
print(ba, c, c is not ba)
c[0:2] = b"ZZZ"
del c[-1]
c[1] = 66
print(c, c.upper(), type(c.upper()).__name__, c.find(b"Z"))
for bad in (lambda: c.append(256), lambda: c.remove(200), lambda: bytearray().pop()):
    try:
        bad()
    except (ValueError, IndexError) as e:
        print(type(e).__name__, e)
print(bytearray(3), bytearray(b"abc") == b"abc", bytearray(range(3)), bytearray("hé", "utf-8"))
