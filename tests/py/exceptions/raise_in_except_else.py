def check(v):
    try:
        r = 10 // v
    except ZeroDivisionError:
        return "zero"
    else:
        return "ok %d" % r
    finally:
        print("checked", v)
print(check(2), check(0))
log = []
for i in range(3):
    try:
        try:
            if i == 1:
                raise ValueError(i)
            log.append("t%d" % i)
        finally:
            log.append("f%d" % i)
    except ValueError:
        log.append("v%d" % i)
print(log)
