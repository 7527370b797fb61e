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
# CPython's tokenizer allows 200 nested brackets and rejects 201.
for depth in (200, 201):
    try:
        eval("(" * depth + "1" + ")" * depth)
        print(depth, "accepted")
    except SyntaxError as e:
        print(depth, "SyntaxError", e.msg)
