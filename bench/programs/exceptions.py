# Exceptions: raising and catching in loops, custom exception classes,
# try/finally, nested handlers, exceptions crossing function frames.
import sys

class AppError(Exception):
    def __init__(self, code):
        super().__init__(code)
        self.code = code

class Retry(AppError):
    pass

def may_fail(i):
    if i % 3 == 0:
        raise Retry(i)
    if i % 5 == 0:
        raise AppError(i)
    if i % 7 == 0:
        return {}["missing"]
    return i

def deep(level, i):
    if level == 0:
        return may_fail(i)
    try:
        return deep(level - 1, i)
    finally:
        pass

def run(n):
    ok = retries = apps = keys = cleanups = 0
    for i in range(n):
        try:
            try:
                ok += deep(3, i)
            except Retry as e:
                retries += 1
                ok += e.code & 1
            finally:
                cleanups += 1
        except AppError as e:
            apps += e.code % 10
        except KeyError:
            keys += 1
    conv = 0
    for s in ("12", "x", "7", "", "3.5", "40") * (n // 60 + 1):
        try:
            conv += int(s)
        except ValueError:
            conv -= 1
    return ok, retries, apps, keys, cleanups, conv

N = int(sys.argv[1]) if len(sys.argv) > 1 else 500000
print("exceptions", N, run(N))
