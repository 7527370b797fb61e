print(eval("1 + 2 * 3"), eval("[x * 2 for x in range(3)]"), eval("a + b", {"a": 1, "b": 2}))
ns = {}
exec("def sq(x):\n    return x * x\nresult = sq(9)", ns)
print(ns["result"], ns["sq"](3))
exec("y = 5")
print(y)
code = compile("3 + 4", "<s>", "eval")
print(eval(code))
try:
    eval("1 +")
except SyntaxError:
    print("SyntaxError")
