data = [1, 5, 8, 12, 3]
if (n := len(data)) > 3:
    print("long", n)
out = []
i = 0
while (i := i + 1) < 5:
    out.append(i)
print(out)
print([y for x in data if (y := x * 2) > 10])
