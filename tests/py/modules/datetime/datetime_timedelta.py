# timedelta: normalisation, str/repr, arithmetic, comparisons.
from datetime import timedelta

cases = [
    timedelta(),
    timedelta(1),
    timedelta(days=-1),
    timedelta(seconds=-1),
    timedelta(hours=25, minutes=61, seconds=61),
    timedelta(weeks=2, days=3, milliseconds=1500, microseconds=7),
    timedelta(microseconds=-1),
    timedelta(days=1.5, seconds=0.25),
    timedelta(minutes=0.5),
    timedelta(hours=-1.75),
    timedelta(microseconds=1.5),
    timedelta(microseconds=2.5),
    timedelta(microseconds=-0.5),
    timedelta(seconds=1e-7),
    timedelta(days=2, hours=-48),
]
for td in cases:
    print(repr(td), "|", str(td), "|", td.days, td.seconds, td.microseconds, td.total_seconds())

a = timedelta(days=1, hours=2)
b = timedelta(hours=3, microseconds=10)
print(a + b, a - b, b - a, -a, +a, abs(-a), abs(b))
print(a * 2, 2 * a, a * -1, a * 0.5, 0.1 * b, a * 1.1)
print(a / 2, a / 3, b / 7, a / 0.5, a / timedelta(hours=1), a // timedelta(hours=5), a // 7)
print(a % timedelta(hours=5), divmod(a, timedelta(hours=5)), timedelta(seconds=-7) // 2)
print(a > b, a < b, a == timedelta(hours=26), a != b, a >= a, b <= a, a == 1, a != "x")
print(sorted([a, b, timedelta(0), -b]), max(a, b), min(a, b))
print(bool(timedelta()), bool(timedelta(microseconds=1)), hash(a) == hash(timedelta(hours=26)))
print({a: 1, timedelta(hours=26): 2})
print(timedelta.min, timedelta.max, timedelta.resolution)
print(repr(timedelta.min), repr(timedelta.max))
print(sum([timedelta(hours=1)] * 30, timedelta()))
print(timedelta(seconds=86399, microseconds=999999) + timedelta(microseconds=1))
print(timedelta(days=999999999).days, (timedelta(days=-999999999) - timedelta(0)).days)


def attempt(label, fn):
    try:
        print(label, repr(fn()))
    except Exception as e:
        print(label, type(e).__name__, e)


attempt("too big", lambda: timedelta(days=1000000000))
attempt("overflow add", lambda: timedelta.max + timedelta(microseconds=1))
attempt("overflow mul", lambda: timedelta.max * 2)
attempt("str arg", lambda: timedelta("1"))
attempt("str hours", lambda: timedelta(hours="1"))
attempt("div zero", lambda: timedelta(1) / 0)
attempt("floordiv zero", lambda: timedelta(1) // timedelta(0))
# (The operator errors name the type "datetime.timedelta" in CPython and
# "timedelta" in capy: only the exception type is compared.)
for label, fn in (("add int", lambda: timedelta(1) + 1), ("compare", lambda: timedelta(1) < 1)):
    try:
        fn()
    except TypeError:
        print(label, "TypeError")
