# Deeply nested source must be rejected with an exception, never a crash.
for depth in (50, 100000):
    src = "(" * depth + "1" + ")" * depth
    try:
        v = eval(src)
        print(depth, "value", v)
    except (SyntaxError, RecursionError, MemoryError):
        print(depth, "rejected")
src = "[" * 100000 + "]" * 100000
try:
    eval(src)
    print("list accepted")
except (SyntaxError, RecursionError, MemoryError):
    print("list rejected")
print("alive")
