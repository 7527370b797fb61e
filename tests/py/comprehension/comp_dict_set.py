words = ["apple", "bob", "cat", "apple", "dog", "bob"]
print(sorted({w: len(w) for w in words}.items()))
print(sorted({len(w) for w in words}))
print(sorted((i, sorted(v.items())) for i, v in {i: {j: i * j for j in range(3)} for i in range(3)}.items()))
inv = {v: k for k, v in {"a": 1, "b": 2}.items()}
print(inv)
counts = {}
for w in words:
    counts[w] = counts.get(w, 0) + 1
print({k: v for k, v in sorted(counts.items()) if v > 1})
