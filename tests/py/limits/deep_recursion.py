def down(n):
    return down(n + 1)
try:
    down(0)
except RecursionError:
    print("RecursionError caught")
def mutual_a(n):
    return mutual_b(n + 1)
def mutual_b(n):
    return mutual_a(n + 1)
try:
    mutual_a(0)
except RecursionError:
    print("RecursionError mutual")
def ok(n):
    return 0 if n == 0 else 1 + ok(n - 1)
print(ok(500))
