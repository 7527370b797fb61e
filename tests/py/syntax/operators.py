a, b = 17, 5
print(a + b, a - b, a * b, a / b, a // b, a % b, a ** 2)
print(-a // b, -a % b, a // -b, a % -b)
print(a & b, a | b, a ^ b, ~a, a << 3, a >> 2)
print(a < b, a <= b, a > b, a >= b, a == b, a != b)
print(1 < 2 < 3, 1 < 3 < 2, 3 > 2 == 2)
print(not a, not 0, a and b, 0 and b, a or b, 0 or b)
print(2 ** 10, 2 ** -1, (-2) ** 3, -2 ** 2)
print(7 in [1, 7], 8 not in [1, 7])
x = [1]
y = x
print(x is y, x is not y, x is [1])
print(True + True, True * 3, False - 1)
print(divmod(17, 5), divmod(-17, 5))
