l = list(range(10))
for a in (None, -20, -3, 0, 4, 20):
    for b in (None, -20, -3, 0, 6, 20):
        for c in (None, 1, 2, -1, -3):
            print(a, b, c, l[a:b:c])
try:
    l[::0]
except ValueError:
    print("ValueError step 0")
