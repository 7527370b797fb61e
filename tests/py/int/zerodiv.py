for op in ("//", "%", "/"):
    try:
        eval("1 " + op + " 0")
    except ZeroDivisionError:
        print("ZeroDivisionError for", op)
try:
    divmod(5, 0)
except ZeroDivisionError:
    print("divmod ZeroDivisionError")
try:
    (2 ** 100) // 0
except ZeroDivisionError:
    print("big ZeroDivisionError")
