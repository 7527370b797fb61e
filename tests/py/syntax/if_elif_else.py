def classify(n):
    if n < 0:
        return "neg"
    elif n == 0:
        return "zero"
    elif n < 10:
        return "small"
    else:
        return "big"

for v in (-5, 0, 3, 10, 99):
    print(v, classify(v))
x = 5
print("yes" if x > 3 else "no", "yes" if x > 7 else "no")
if not []:
    print("empty list is falsy")
if 0 or None or "":
    print("wrong")
else:
    print("all falsy")
