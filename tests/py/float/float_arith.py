a, b = 7.5, 2.0
print(a + b, a - b, a * b, a / b, a // b, a % b, a ** b)
print(-a // b, -a % b, a % -b, divmod(a, b), divmod(-a, b))
print(2 ** 0.5, 10 ** -2, 0.1 * 3, 1 - 0.9)
print(1 / 7 * 7, 3 * 1.1)
print(abs(-2.5), -2.5 + 0, round(2.675, 2))
try:
    1.0 / 0
except ZeroDivisionError:
    print("ZeroDivisionError")
try:
    1.0 // 0.0
except ZeroDivisionError:
    print("ZeroDivisionError //")
