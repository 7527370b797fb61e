# Keys equal by content but distinct objects (words from split, big ints
# made twice, mixed numeric types) find one another.
text = "the cat and the hat and the bat " * 3
words = text.split(" ")
counts = {}
for w in words:
    counts[w] = counts.get(w, 0) + 1
print(sorted(counts.items()))
print("".join(["t", "he"]) in counts, "th" + "e" in set(words))

big = {}
for i in range(3):
    k = 2**70 + i
    big[k] = big.get(k, 0) + 1
    big[2**70 + i] = big[k] + 10
print(sorted(big.items()), (10**20) in {10**20: 1}, 10**20 == 10**20 + 0)
print({1: "a", 1.0: "b", True: "c"}, {2**64: 1}.get(float(2**64)))
print({"é": 1}.get("e\u0301"), {"\ud800x": 1}.get("\ud800" + "x"))
