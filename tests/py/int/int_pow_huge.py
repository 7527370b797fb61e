# 0, 1 and -1 to powers too large for any machine word
big = 1 << 65
print(0 ** big, 1 ** big, (-1) ** big, (-1) ** (big + 1), big ** 0, 0 ** 0)
print(pow(0.0, float("-inf")), pow(0.0, float("inf")), 0.0 ** float("nan"))
