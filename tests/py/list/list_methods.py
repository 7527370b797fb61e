l = [3, 1, 4]
l.append(1); l.extend([5, 9]); l.insert(0, 2); l.insert(-1, 6); l.insert(100, 7)
print(l)
print(l.pop(), l.pop(0), l)
l.remove(1)
print(l, l.index(4), l.count(1))
l.reverse(); print(l)
l.sort(); print(l)
l.sort(reverse=True); print(l)
c = l.copy(); c.clear(); print(c, l)
try:
    l.remove(42)
except ValueError:
    print("ValueError")
try:
    [].pop()
except IndexError:
    print("IndexError")
