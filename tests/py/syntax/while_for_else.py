i = 0
while i < 5:
    i += 1
    if i == 3:
        continue
    print("while", i)
else:
    print("while-else ran")

for k in range(10):
    if k == 4:
        break
    print("for", k)
else:
    print("not printed")

for k in []:
    pass
else:
    print("empty for-else ran")

n = 0
while True:
    n += 1
    if n > 100:
        break
print("n", n)
for a in range(3):
    for b in range(3):
        if b == a:
            continue
        print(a, b, end="; ")
print()
