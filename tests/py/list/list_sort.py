words = ["pear", "Apple", "fig", "banana", "kiwi", "apple", "cherry"]
print(sorted(words))
print(sorted(words, key=lambda w: (len(w), w)))
print(sorted(words, key=lambda w: (w.lower(), w), reverse=True))
pairs = [(2, "b"), (1, "z"), (2, "a"), (1, "a")]
pairs.sort()
print(pairs)
import_seed = 12345
vals = []
for i in range(200):
    import_seed = (import_seed * 1103515245 + 12345) % 2147483648
    vals.append(import_seed % 1000)
s = sorted(vals)
print(s[:10], s[-5:], all(s[i] <= s[i + 1] for i in range(len(s) - 1)))
