try:
    x = [0] * (2 ** 62)
    print("allocated?", len(x))
except (MemoryError, OverflowError) as e:
    print("refused huge allocation")
try:
    s = "ab" * (2 ** 62)
except (MemoryError, OverflowError):
    print("refused huge string")
print("still alive")
