# Source given to exec/eval/compile may end lines with \r\n or a lone \r
# (also inside a string literal, which then ends); __debug__ is True.
print(type(__debug__), __debug__)
exec("")
exec("\r")
exec("\r\r\n\t")
exec("\nprint(1)")
exec("\rprint(2)")
exec("\r\nprint(3)")
exec("if 1:\r    x = 4\r    print(x)\r")
print(eval("12\r"), eval("123\r\n"), eval("'123' \\\r '456'"), eval("'123'\\\r\n'456'"))
ns = {}
exec("def f():\r\n    return 5\r\ny = f()", ns)
exec(compile("a = 1\rb = a + 1\r", "<s>", "exec"), ns)
print(ns["y"], ns["b"])
try:
    exec("x = 'a\rb'")
except SyntaxError as e:
    print("SyntaxError")
try:
    exec("1 +\r 2 +\r (")
except SyntaxError as e:
    print("SyntaxError")
