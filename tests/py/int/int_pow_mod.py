print(pow(2, 10), pow(2, 100, 1000007), pow(3, 200, 17))
print(pow(7, -1) if False else "skip", pow(-2, 3), pow(2, 0))
print(10 ** 30 % 97, (10 ** 30) // (10 ** 15))
x = 1
for i in range(60):
    x = (x * 31 + 7) % (1 << 61)
print(x)
