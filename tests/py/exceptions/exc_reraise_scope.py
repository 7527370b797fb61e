def f():
    try:
        raise ValueError("first")
    except ValueError as e:
        err = e
    return err
e = f()
print(type(e).__name__, e)
try:
    raise e
except ValueError as again:
    print("re-raised", again is e)
x = "kept"
try:
    raise KeyError
except KeyError as x:
    pass
try:
    print(x)
except NameError:
    print("name cleared after except")
def raise_in_gen():
    yield 1
    raise IndexError("gen")
try:
    for v in raise_in_gen():
        print(v)
except IndexError as e:
    print("from gen:", e)
