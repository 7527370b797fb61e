def risky(kind):
    if kind == 1:
        raise ValueError("bad value")
    if kind == 2:
        return {}["nope"]
    if kind == 3:
        return [1][5]
    if kind == 4:
        return 1 + "x"
    if kind == 5:
        return undefined_name
    if kind == 6:
        return int("zz")
    return "ok"
for k in range(7):
    try:
        print(k, risky(k))
    except ValueError as e:
        print(k, "ValueError", e)
    except (KeyError, IndexError) as e:
        print(k, type(e).__name__, e.args)
    except TypeError:
        print(k, "TypeError")
    except NameError as e:
        print(k, "NameError")
