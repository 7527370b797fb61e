def countdown(n):
    while n > 0:
        yield n
        n -= 1
print(list(countdown(5)))
g = countdown(2)
print(next(g), next(g))
try:
    next(g)
except StopIteration:
    print("StopIteration")
print(next(countdown(0), "default"))
def fibs():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
out = []
for v in fibs():
    if v > 100:
        break
    out.append(v)
print(out)
print(sum(x * x for x in range(10)), max(len(w) for w in ["a", "abc", "ab"]))
