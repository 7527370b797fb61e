import operator as op

pairs = [(3, 5), (5, 3), (4, 4), (-2, 7)]
for name in ["lt", "le", "eq", "ne", "ge", "gt", "add", "sub", "mul", "floordiv",
             "mod", "truediv", "pow", "and_", "or_", "xor", "lshift", "rshift",
             "is_", "is_not"]:
    f = getattr(op, name)
    print(name, [f(a, b) for a, b in pairs if not (name in ("lshift", "rshift") and b < 0)])
print([op.neg(x) for x in (3, -2, 0.5)], [op.pos(x) for x in (3, -2)], [op.abs(x) for x in (3, -2, -1.5)])
print([op.inv(x) for x in (0, 5, -1)], op.invert(7), op.not_(0), op.not_([1]), op.truth(""), op.truth("a"))
print(op.index(5), op.index(True))
try:
    op.index(1.5)
except TypeError as e:
    print("TypeError:", e)
print(op.add("ab", "cd"), op.add([1], [2]), op.mul("ab", 3), op.mod("%s-%s", (1, 2)))
print(op.truediv(7, 2), op.floordiv(-7, 2), op.mod(-7, 2), op.pow(2, -1), op.pow(3, 4))
print(op.concat("ab", "c"), op.concat([1], [2]), op.concat((1,), (2,)))
try:
    op.concat(1, 2)
except TypeError as e:
    print("TypeError:", e)
print(op.contains([1, 2, 3], 2), op.contains("abc", "d"), op.contains({"k": 1}, "k"))
print(op.countOf([1, 2, 1, 3, 1], 1), op.countOf("banana", "a"), op.countOf([], 0))
print(op.indexOf([5, 6, 7], 7), op.indexOf("abc", "b"))
try:
    op.indexOf([1, 2], 9)
except ValueError as e:
    print("ValueError:", e)
nan = float("nan")
print(op.countOf([nan, nan], nan), op.indexOf([1, nan], nan))

class M:
    def __init__(self, v):
        self.v = v
    def __matmul__(self, other):
        return M(self.v * other.v)
    def __imatmul__(self, other):
        self.v += other.v
        return self
print(op.matmul(M(3), M(4)).v)
m = M(2)
print(op.imatmul(m, M(5)) is m, m.v)

d = {"a": 1}
op.setitem(d, "b", 2)
print(op.getitem(d, "b"), d)
op.delitem(d, "a")
print(d)
lst = list(range(10))
print(op.getitem(lst, slice(2, 5)), op.getitem("hello", -1))
op.setitem(lst, slice(0, 3), ["x"])
op.delitem(lst, slice(-2, None))
print(lst)

# in-place forms: mutable objects change in place, immutable ones do not
a = [1]
b = op.iadd(a, [2])
print(a, b, a is b)
t = (1,)
u = op.iadd(t, (2,))
print(t, u)
s = {1, 2}
print(op.ior(s, {3}), op.iand({1, 2, 3}, {2, 3, 4}), op.ixor({1, 2}, {2, 3}), op.isub({1, 2}, {2}))
print(op.imul([0], 3), op.iconcat([1], (2, 3)), op.isub(10, 3), op.ifloordiv(7, 2), op.imod(7, 4))
print(op.itruediv(1, 4), op.ipow(2, 10), op.ilshift(1, 4), op.irshift(32, 2), op.iand(6, 3), op.ior(4, 1), op.ixor(5, 1))
x = 5
op.iadd(x, 1)
print(x)

print(op.length_hint([1, 2, 3]), op.length_hint(iter([1, 2]), 9) >= 0, op.length_hint(object(), 7))
class Hint:
    def __length_hint__(self):
        return 4
print(op.length_hint(Hint()))
class BadHint:
    def __length_hint__(self):
        return -1
try:
    op.length_hint(BadHint())
except ValueError as e:
    print("ValueError:", e)
class NIHint:
    def __length_hint__(self):
        return NotImplemented
print(op.length_hint(NIHint(), 3))

print(op.call(max, 3, 9, 4), op.call(sorted, [3, 1], reverse=True))
print(op.__add__ is op.add, op.__lt__(1, 2), op.__not__(1), op.__getitem__("ab", 0))

import functools
print(functools.reduce(op.mul, range(1, 8)), sorted([(1, "b"), (0, "c")], key=op.itemgetter(1)))
print(list(map(op.sub, [10, 20], [1, 2])))
