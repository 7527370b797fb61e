print({"a": 1, "b": 2} == {"b": 2, "a": 1}, {1: 2} != {1: 3}, {} == dict())
d = {i: i * i for i in range(10)}
print(sum(d.values()), max(d), min(d, key=lambda k: -d[k]))
big = {}
for i in range(1000):
    big[str(i)] = i
for i in range(0, 1000, 2):
    del big[str(i)]
print(len(big), big["999"], "998" in big, list(big)[:5])
