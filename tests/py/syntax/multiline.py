total = (1 +
         2 +
         3)
print(total)
values = [
    1,
    2,
    3,
]
print(values)
s = "a" \
    "b"
print(s)
def f(a,
      b,
      c=3):
    return a + b + c
print(f(1,
        2))
x = 1; y = 2; print(x + y)
if x: print("one-line if")
for i in range(2): print("one-line for", i)
