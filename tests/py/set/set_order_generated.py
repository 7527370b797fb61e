# A generated program (bench of random set operations on ints, floats and
# tuples, seed 4242 of the generator used to check capy's set order
# against CPython's): every intermediate set printed.
vs = []
vs.append(set(dict.fromkeys([58, 21, 45, 40, 53, -855, -4, 40, 10, 1099511627776, 40, 15, 20])))
vs.append(set(dict.fromkeys([25, 56, 649428, 56, 48, 41, 58, 16, -10, 18446744073709551619, 1e100, 43, 59, 49, 2305843009213693952, -2305843009213693952])))
vs.append({x * 34 for x in range(12)})
vs.append({2305843009213693951, 32, -17, -100101, 32})
a, b, c = vs[2], vs[3], vs[3]
s = set(a); s ^= b; print(0, s); vs[2] = s
a, b, c = vs[1], vs[1], vs[3]
s = set(a); r_ = s.add(24); print(1, s, r_); vs[3] = s
a, b, c = vs[1], vs[3], vs[2]
s = set(a); r_ = s.discard(40); print(2, s, r_); vs[0] = s
a, b, c = vs[0], vs[1], vs[0]
s = set(a); r_ = s.update(b); print(3, s, r_); vs[1] = s
a, b, c = vs[1], vs[2], vs[2]
s = set(a); s -= b; print(4, s); vs[0] = s
a, b, c = vs[1], vs[3], vs[3]
s = set(a); r_ = s.symmetric_difference_update(b); print(5, s, r_); vs[0] = s
a, b, c = vs[2], vs[2], vs[1]
s = set(a); s -= b; print(6, s); vs[0] = s
a, b, c = vs[1], vs[1], vs[1]
s = set(a); r_ = s.update(b); print(7, s, r_); vs[0] = s
a, b, c = vs[2], vs[0], vs[0]
s = set(a); r_ = s.update(b); print(8, s, r_); vs[2] = s
a, b, c = vs[3], vs[1], vs[1]
x = {*a, *b}; print(9, x); vs[3] = x
a, b, c = vs[3], vs[1], vs[3]
x = a & b; print(10, x); vs[1] = x
a, b, c = vs[2], vs[3], vs[0]
s = set(a); s ^= b; print(11, s); vs[3] = s
a, b, c = vs[1], vs[2], vs[1]
x = {*a, *b}; print(12, x); vs[3] = x
a, b, c = vs[0], vs[2], vs[3]
s = set(a); r_ = s.update(b); print(13, s, r_); vs[1] = s
a, b, c = vs[1], vs[2], vs[3]
s = set(a); s |= b; print(14, s); vs[1] = s
a, b, c = vs[2], vs[3], vs[0]
x = a.difference(list(b)); print(15, x); vs[1] = x
a, b, c = vs[1], vs[2], vs[2]
x = a - b; print(16, x); vs[3] = x
a, b, c = vs[0], vs[3], vs[3]
s = set(a); r_ = s.pop() if s else None; print(17, s, r_); vs[2] = s
a, b, c = vs[0], vs[0], vs[1]
s = set(a); s |= b; print(18, s); vs[1] = s
a, b, c = vs[1], vs[0], vs[2]
s = set(a); r_ = s.clear() if len(s) > 20 else None; print(19, s, r_); vs[3] = s
a, b, c = vs[0], vs[3], vs[3]
x = frozenset(a); print(20, x); vs[2] = x
a, b, c = vs[0], vs[3], vs[3]
s = set(a); r_ = s.add(1e100); print(21, s, r_); vs[1] = s
a, b, c = vs[2], vs[2], vs[2]
x = a.difference(b, c); print(22, x); vs[3] = x
a, b, c = vs[2], vs[0], vs[1]
x = a.difference(list(b)); print(23, x); vs[0] = x
a, b, c = vs[3], vs[3], vs[0]
x = a.difference(list(b)); print(24, x); vs[2] = x
a, b, c = vs[2], vs[1], vs[2]
x = a | b; print(25, x); vs[2] = x
a, b, c = vs[3], vs[2], vs[3]
x = a - b; print(26, x); vs[1] = x
a, b, c = vs[0], vs[2], vs[2]
x = frozenset(a); print(27, x); vs[0] = x
a, b, c = vs[2], vs[0], vs[3]
x = a.union(b, c); print(28, x); vs[1] = x
a, b, c = vs[1], vs[0], vs[0]
x = a.union(list(b)); print(29, x); vs[2] = x
a, b, c = vs[0], vs[0], vs[3]
s = set(a); r_ = s.discard((-1, 7)); print(30, s, r_); vs[0] = s
a, b, c = vs[1], vs[1], vs[3]
x = a.union(list(b)); print(31, x); vs[3] = x
a, b, c = vs[2], vs[3], vs[2]
s = set(a); r_ = s.intersection_update(b); print(32, s, r_); vs[1] = s
a, b, c = vs[0], vs[1], vs[3]
s = set(a); s |= b; print(33, s); vs[1] = s
a, b, c = vs[2], vs[1], vs[2]
x = a | b; print(34, x); vs[2] = x
a, b, c = vs[1], vs[1], vs[3]
x = a - b; print(35, x); vs[2] = x
a, b, c = vs[2], vs[0], vs[1]
s = set(a); r_ = s.difference_update(b, c); print(36, s, r_); vs[0] = s
a, b, c = vs[3], vs[0], vs[0]
s = set(a); s ^= b; print(37, s); vs[2] = s
a, b, c = vs[0], vs[3], vs[1]
x = a.intersection(b, c); print(38, x); vs[2] = x
a, b, c = vs[3], vs[1], vs[3]
s = set(a); r_ = s.discard(40); print(39, s, r_); vs[3] = s
