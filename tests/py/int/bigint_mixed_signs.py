# + - * // % with at least one big operand, every sign combination, mixed
# with small ints and bools (computed on the heap objects in place).
big = [10**30, -(10**30), 2**64 + 1, -(2**64) - 1, 3**50, 2**63, -(2**63) - 1]
small = [0, 1, -1, 7, -7, 2**62, -(2**62), True, False]

for a in big:
    for b in big + small:
        for x, y in ((a, b), (b, a)):
            print(x + y, x - y, x * y)
            if y:
                print(x // y, x % y, divmod(x, y) == (x // y, x % y))
            else:
                for op in (lambda: x // y, lambda: x % y):
                    try:
                        op()
                    except ZeroDivisionError as e:
                        print("ZeroDivisionError", e)

# Results that fit a small int again are plain ints.
x = 2**64
print(x - x, type(x - x), (x + 1) - x, x // x, x % 3, -x // x)
print((10**20) * 0, (-(10**20)) % 10**20, 10**20 // -(10**20 + 1))

# An int subclass keeps its own methods.
class I(int):
    def __add__(self, o):
        return "I.add"
    def __radd__(self, o):
        return "I.radd"

print(I(5) + 10**30, 10**30 + I(5), I(2**70) * 2)
print(type(I(2**70) * 2).__name__)
# Floats and complex numbers with big ints still take the float paths.
print(10**30 + 0.5, 10**30 * 1j, 2**70 // 2.0, 2**70 % 3.0)
