data = [("b", 2), ("a", 3), ("c", 1)]
print(min(data), max(data), min(data, key=lambda t: t[1]), max(data, key=lambda t: t[1]))
print(sorted(data, key=lambda t: t[1], reverse=True))
print(max(1, 2.5, -3), min("b", "a"), max([[1], [0, 9]]))
try:
    max([])
except ValueError:
    print("ValueError empty")
print(sum([0.5, 0.25]), sum([[1], [2]], []), sum(range(5), 100))
