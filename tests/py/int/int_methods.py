print(int.__name__, type(5).__name__, isinstance(True, int))
print(round(1234, -2), round(1250, -2), round(1350, -2))
print(abs(-9), -abs(9))
print(sum(range(101)), sum([10 ** 20] * 3))
