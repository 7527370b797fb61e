a = 2 ** 100
b = 3 ** 70
print(a)
print(b)
print(a + b, a - b, b - a)
print(a * b)
print(a // 12345, a % 12345)
print(-a // 7, -a % 7)
print(b // a, b % a)
print(a ** 3)
print(divmod(b, -a))
print(abs(-a), -(-a))
print(a == 2 ** 100, a > b, a < b, a != b)
x = 1
for i in range(1, 40):
    x *= i
print("39!", x)
print(int("123456789012345678901234567890") * 10)
