import builtins
print(builtins.len("abc"), builtins.max(1, 2), builtins.print is print)
print(hasattr(builtins, "range"), hasattr(builtins, "no_such_builtin"))
