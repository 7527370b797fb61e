s = "abcdefghij"
print(s[0], s[-1], s[3:7], s[:3], s[7:], s[-3:], s[1:-1])
print(s[100:], s[-100:2], len(s))
try:
    s[20]
except IndexError:
    print("IndexError")
u = "añb✓c"
print(u[1], u[3], u[2:], len(u))
print(list("abc"), "b" in s, "xyz" in s)
