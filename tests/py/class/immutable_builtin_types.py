# Built-in types and built-in exception classes cannot be modified; a
# function's __globals__ is read-only; user classes stay open.
for action in ("set", "del"):
    for t in (int, str, list, ValueError):
        try:
            if action == "set":
                setattr(t, "to_bytes", 1)
            else:
                delattr(t, "to_bytes")
        except TypeError as e:
            print(action, t.__name__, "TypeError", e)
        except AttributeError as e:
            print(action, t.__name__, "AttributeError", e)

def f():
    pass
try:
    f.__globals__ = None
except AttributeError as e:
    print("AttributeError", e)
f.extra = 5
print(f.extra)

class E(ValueError):
    pass
E.note = "ok"
print(E.note, int.to_bytes is not None)
