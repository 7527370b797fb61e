data = [(1, "a"), (0, "b"), (1, "c"), (0, "d"), (2, "e"), (1, "f")]
print(sorted(data, key=lambda p: p[0]))
print(sorted(data, key=lambda p: p[0], reverse=True))
l = list(data)
l.sort(key=lambda p: -p[0])
print(l)
words = ["banana", "Apple", "cherry", "apple", "Banana"]
print(sorted(words), sorted(words, key=str.lower), sorted(words, key=len, reverse=True))
print(sorted(range(20), key=lambda x: x % 3))
try:
    sorted([1, "a", 2])
except TypeError as e:
    print("TypeError", e)
l = [3, 1, 2]
try:
    l.sort(key=lambda x: 1 / (x - 1))
except ZeroDivisionError:
    print("ZeroDivisionError", sorted(l))
print(max([3, 1, 4], key=lambda x: -x), min([], default="empty"), max("abc", "abd"), min((5, 2), (5, 1)))
