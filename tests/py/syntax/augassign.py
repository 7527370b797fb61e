x = 10
x += 5; print(x)
x -= 3; print(x)
x *= 2; print(x)
x //= 5; print(x)
x %= 3; print(x)
x **= 5; print(x)
x <<= 2; print(x)
x >>= 1; print(x)
x |= 5; print(x)
x &= 6; print(x)
x ^= 3; print(x)
f = 1.0
f /= 4; print(f)
s = "ab"
s += "cd"; s *= 2; print(s)
l = [1]
m = l
l += [2, 3]
print(l, m, l is m)
t = (1,)
u = t
t += (2,)
print(t, u)
d = {"k": 1}
d["k"] += 41
print(d)
class O: pass
o = O(); o.v = 3; o.v *= 7; print(o.v)
