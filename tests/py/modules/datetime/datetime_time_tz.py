# time and timezone/tzinfo: reprs, isoformat, offsets, comparisons.
from datetime import time, timezone, timedelta, tzinfo, datetime

for t in [time(), time(12), time(12, 30), time(12, 30, 15), time(12, 30, 0, 5), time(23, 59, 59, 999999), time(1, 2, 3, fold=1)]:
    print(repr(t), str(t), t.isoformat(), t.hour, t.minute, t.second, t.microsecond, t.fold, t.tzinfo)
t = time(7, 8, 9, 123456)
for spec in ("auto", "hours", "minutes", "seconds", "milliseconds", "microseconds"):
    print(spec, t.isoformat(spec), t.isoformat(timespec=spec))
print(t.replace(hour=8), t.replace(microsecond=0), t.replace(tzinfo=timezone.utc), bool(time()), bool(t))
print(time.min, time.max, time.resolution, repr(time.max))

utc = timezone.utc
plus = timezone(timedelta(hours=5, minutes=30))
minus = timezone(-timedelta(hours=3, minutes=15), "Somewhere")
odd = timezone(timedelta(hours=1, seconds=15, microseconds=5))
for tz in (utc, plus, minus, odd, timezone(timedelta(0)), timezone(timedelta(0), "Z0"), timezone.min, timezone.max):
    print(repr(tz), str(tz), tz.utcoffset(None), tz.tzname(None), tz.dst(None))
print(timezone(timedelta(0)) is utc, timezone(timedelta(hours=1)) == timezone(timedelta(hours=1), "x"), utc == plus)
print(hash(timezone(timedelta(hours=1))) == hash(timezone(timedelta(hours=1), "y")), isinstance(utc, tzinfo))

ta = time(12, 0, tzinfo=plus)
print(repr(ta), ta, ta.utcoffset(), ta.tzname(), ta.dst(), ta.isoformat("minutes"))
print(time(10, tzinfo=minus), time(10, tzinfo=odd))
# Aware times compare by their UTC moment.
print(time(12, 0, tzinfo=plus) == time(6, 30, tzinfo=utc), time(12, tzinfo=plus) < time(7, tzinfo=utc))
print(hash(time(12, 0, tzinfo=plus)) == hash(time(6, 30, tzinfo=utc)), time(1) < time(2), time(1) == time(1, 0))
print(time(5) == time(5, tzinfo=utc), time(5) != time(5, tzinfo=utc))


# A tzinfo subclass of our own.
class Fixed(tzinfo):
    def __init__(self, hours, name):
        self.offset = timedelta(hours=hours)
        self.name = name

    def utcoffset(self, dt):
        return self.offset

    def tzname(self, dt):
        return self.name

    def dst(self, dt):
        return timedelta(0)

    def __repr__(self):
        return "Fixed(%s)" % self.name


f = Fixed(-8, "PST")
print(repr(time(9, tzinfo=f)), time(9, tzinfo=f), time(9, tzinfo=f).tzname())
dt = datetime(2020, 6, 1, 12, tzinfo=f)
print(dt, dt.utcoffset(), dt.dst(), dt.tzname(), dt.astimezone(utc), dt.astimezone(plus))
print(datetime(2020, 6, 1, 20, tzinfo=utc).astimezone(f), f.fromutc(datetime(2020, 6, 1, 20, tzinfo=f)))


def attempt(label, fn):
    try:
        print(label, repr(fn()))
    except Exception as e:
        print(label, type(e).__name__, e)


class Broken(tzinfo):
    def utcoffset(self, dt):
        return 5

    def tzname(self, dt):
        return 7


class Big(tzinfo):
    def utcoffset(self, dt):
        return timedelta(hours=30)


attempt("bad hour", lambda: time(24))
attempt("bad minute", lambda: time(1, 60))
attempt("bad second", lambda: time(1, 1, 60))
attempt("bad us", lambda: time(1, 1, 1, 1000000))
attempt("float", lambda: time(1.5))
attempt("fold", lambda: time(fold=2))
attempt("tzinfo int", lambda: time(tzinfo=1))
attempt("timespec", lambda: time().isoformat("days"))
attempt("naive vs aware", lambda: time(1) < time(1, tzinfo=utc))
attempt("timezone int", lambda: timezone(5))
attempt("timezone day", lambda: timezone(timedelta(days=1)))
attempt("timezone -day", lambda: timezone(-timedelta(hours=24)))
attempt("timezone name", lambda: timezone(timedelta(0), 5))
attempt("broken offset", lambda: time(1, tzinfo=Broken()).utcoffset())
attempt("broken name", lambda: time(1, tzinfo=Broken()).tzname())
attempt("big offset", lambda: time(1, tzinfo=Big()).utcoffset())
attempt("abstract", lambda: tzinfo().utcoffset(None))
attempt("abstract name", lambda: tzinfo().tzname(None))
attempt("utcoffset arg", lambda: utc.utcoffset(5))
attempt("fromutc other", lambda: utc.fromutc(datetime(2020, 1, 1, tzinfo=plus)))
