# Comparisons on instances whose methods are plain Python functions run
# in the frame loop: NotImplemented, reflection and `!=` as CPython does.


class E:
    def __init__(self, k):
        self.k = k

    def __eq__(self, o):
        if isinstance(o, E):
            return self.k == o.k
        return NotImplemented


a, b, c = E(1), E(1), E(2)
# `!=` derived from `__eq__`; NotImplemented against other types falls
# back to identity.
print(a == b, a == c, a != b, a != c, a == 1, a != 1, a == a, a != a)


class N:
    def __eq__(self, o):
        return NotImplemented


n = N()
print(n == n, n == N(), n != n, n != N(), n == 3)


class Ne(E):
    def __ne__(self, o):
        return "own ne"


print(Ne(1) != Ne(1), Ne(1) == Ne(1))


class Truthy:
    def __eq__(self, o):
        return [1]


# A non-bool result of __eq__ is the value of `==`; `!=` inverts its truth.
print(Truthy() == 1, Truthy() != 1)


class O:
    def __init__(self, k):
        self.k = k

    def __lt__(self, o):
        if isinstance(o, O):
            return self.k < o.k
        return NotImplemented

    def __gt__(self, o):
        if isinstance(o, O):
            return self.k > o.k
        return NotImplemented

    def __le__(self, o):
        return "le"


print(O(1) < O(2), O(2) < O(1), O(1) > O(2), O(1) <= 0)
print(sorted([O(3), O(1), O(2)], key=lambda o: o)[0].k)
for x, y in ((O(1), 5), (5, O(1))):
    try:
        x < y
    except TypeError as e:
        print("TypeError", e)
try:
    O(1) >= O(2)
except TypeError as e:
    print("TypeError", e)


class G:
    def __gt__(self, o):
        return ("G.gt", type(o).__name__)


# Forward NotImplemented: the reflected method of the other operand.
print(O(1) < G())


class SubO(O):
    def __gt__(self, o):
        return "SubO.gt first"


print(O(1) < SubO(2))


class SubE(E):
    def __eq__(self, o):
        return "SubE.eq first"


print(E(1) == SubE(1), E(1) != SubE(1))
