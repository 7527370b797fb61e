l = list(range(10))
l[2:4] = ["a", "b", "c"]
print(l)
l[5:] = []
print(l)
l[:0] = [-1]
print(l)
l[1:1] = [7, 8]
print(l)
m = list(range(6))
print(m[::-2], m[4:1:-1], m[-2:], m[:-2])
