# Bound methods compare equal (and hash equally) when they bind the same
# object to the same function, although each attribute access makes a new
# bound method.
class A:
    def f(self):
        return 0

    def g(self):
        return 1


a, b = A(), A()
m1, m2 = a.f, a.f
print(m1 == a.f, m1 == m2, m1 != m2, m1 is m2, a.f == a.g, a.f == b.f, a.f != b.f)
print(a.f == None, None == a.f, a.f == A.f, hash(m1) == hash(m2), hash(a.f) == hash(a.f))
print(len({a.f, a.f, a.g, b.f}), {a.f: 1}[a.f])
l = []
print(l.append == l.append, l.append == [].append, hash(l.append) == hash(l.append))
print((1).bit_length == (1).bit_length, "x".upper == "x".upper)
