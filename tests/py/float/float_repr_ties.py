# Float repr when the value lies exactly halfway between the two shortest
# digit strings that read back as it: CPython picks the even one.
print(1e15 + 0.3, 208175579169765.125, round(1000000000000000.25, 1))
out = []
for i in range(1, 400):
    out.append(repr(10.0**15 + i / 4))
    out.append(repr((2**53 - i) / 2 ** (i % 12)))
    out.append(repr(i * 1e16 + 2 ** (i % 5)))
    out.append(repr(float(i * 123456789) * 2.0 ** (i % 40)))
    out.append(repr(i / 8 + 10.0 ** (i % 17)))
print(len(out))
for k in range(0, len(out), 40):
    print(" ".join(out[k:k + 40]))
