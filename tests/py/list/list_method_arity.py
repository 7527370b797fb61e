# One-argument list methods refuse other argument counts (they used to
# append None, or ignore the extra arguments).
l = [1]
for call in (lambda: l.append(), lambda: l.append(1, 2), lambda: l.extend(),
             lambda: l.extend([1], [2])):
    try:
        call()
        print("no error")
    except TypeError as e:
        print("TypeError", e)
l.append(2)
l.extend([3, 4])
print(l)
class L(list):
    pass
m = L()
m.append(5)
try:
    m.append()
except TypeError as e:
    print("TypeError", e)
print(m)
