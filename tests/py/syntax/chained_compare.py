calls = []
def v(x):
    calls.append(x)
    return x
print(v(1) < v(2) < v(3))
print(calls)
calls.clear()
print(v(3) < v(2) < v(1))
print(calls)
x = 5
print(0 < x <= 5, 0 < x < 5, 1 == 1.0 == True)
print("a" < "b" < "c", [1] < [1, 0] < [2])
