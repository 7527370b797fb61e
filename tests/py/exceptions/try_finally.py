def f(n):
    try:
        if n == 0:
            return "early"
        if n == 1:
            raise KeyError("k")
        return "normal"
    finally:
        print("finally", n)
for n in range(3):
    try:
        print(f(n))
    except KeyError:
        print("KeyError escaped")
def override():
    try:
        return 1
    finally:
        return 2
print(override())
def loop():
    out = []
    for i in range(5):
        try:
            if i == 1:
                continue
            if i == 3:
                break
            out.append(i)
        finally:
            out.append("f%d" % i)
    return out
print(loop())
try:
    try:
        raise ValueError
    except ValueError:
        print("inner except")
        raise
    else:
        print("no")
    finally:
        print("inner finally")
except ValueError:
    print("outer got it")
try:
    pass
except Exception:
    print("no")
else:
    print("else ran")
