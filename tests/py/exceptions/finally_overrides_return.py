# A break, continue or return inside a finally body that runs because of a
# `return` discards the pending return value.
def cont(n):
    out = []
    for i in range(n):
        try:
            return "never"
        finally:
            out.append(i)
            continue
    return out

def brk():
    for i in range(5):
        try:
            return "never"
        finally:
            break
    return "after loop", i

def ret():
    try:
        return "first"
    finally:
        return "second"

def nested(x):
    for i in range(x):
        try:
            pass
        finally:
            try:
                try:
                    print(x, i)
                finally:
                    try:
                        1 / 0
                    finally:
                        return 42
            finally:
                print("continue")
                continue
    return "done"

def while_loop():
    i = 0
    while i < 3:
        i += 1
        try:
            return i
        finally:
            if i < 3:
                continue
    return "end"

def in_with():
    class CM:
        def __enter__(self): return self
        def __exit__(self, *a): print("exit"); return False
    for i in range(2):
        with CM():
            try:
                return "x"
            finally:
                continue
    return "with done"

print(cont(3))
print(brk())
print(ret())
print(nested(2))
print(while_loop())
print(in_with())
