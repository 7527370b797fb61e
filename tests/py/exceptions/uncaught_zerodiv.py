# expect: exit=1
x = 10
y = 0
print(x)
print(x // y)
