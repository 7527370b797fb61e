# datetime: construction, reprs, arithmetic, time zones, timestamps,
# combine, comparisons.
from datetime import datetime, date, time, timedelta, timezone

for dt in [
    datetime(2020, 1, 2),
    datetime(2020, 1, 2, 3, 4),
    datetime(2020, 1, 2, 3, 4, 5),
    datetime(2020, 1, 2, 3, 4, 0, 6),
    datetime(2020, 1, 2, 3, 4, 5, 6, tzinfo=timezone.utc),
    datetime(1, 1, 1, fold=1),
    datetime(9999, 12, 31, 23, 59, 59, 999999, timezone(timedelta(hours=-5))),
]:
    print(repr(dt), "|", dt, "|", dt.isoformat(), "|", dt.date(), dt.time(), repr(dt.timetz()))

dt = datetime(2021, 3, 14, 15, 9, 26, 535897)
print(dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second, dt.microsecond, dt.tzinfo, dt.fold)
print(dt.weekday(), dt.isoweekday(), dt.isocalendar(), dt.toordinal(), dt.ctime())
print(dt.timetuple(), dt.timetuple().tm_yday, dt.utctimetuple())
print(dt.isoformat(" "), dt.isoformat(timespec="milliseconds"), dt.isoformat("T", "hours"), dt.isoformat(sep="_", timespec="seconds"))
print(dt + timedelta(days=1, hours=10), dt - timedelta(weeks=1, microseconds=535898), timedelta(seconds=34) + dt)
print(dt - datetime(2021, 1, 1), datetime(2021, 1, 1) - dt, dt - dt)
print(dt.replace(year=2022, microsecond=0), dt.replace(tzinfo=timezone.utc), dt.replace(hour=0, minute=0).replace(fold=1).fold)
print(datetime.min, datetime.max, datetime.resolution)
print(datetime(2020, 12, 31, 23, 59, 59) + timedelta(seconds=1), datetime(2021, 1, 1) - timedelta(microseconds=1))
print(datetime(2020, 2, 28, 12) + timedelta(days=1), datetime(2019, 2, 28, 12) + timedelta(days=1))

# combine, date()/time(), fromordinal and friends.
d, t = date(2020, 5, 17), time(8, 30, tzinfo=timezone.utc)
print(datetime.combine(d, t), datetime.combine(d, time(1)), datetime.combine(d, t, tzinfo=None), datetime.combine(d, t, timezone(timedelta(hours=2))))
print(datetime.fromordinal(737000), datetime.fromisocalendar(2020, 10, 3), datetime(2020, 1, 1).date() == date(2020, 1, 1))

# Time zones.
utc = timezone.utc
ist = timezone(timedelta(hours=5, minutes=30), "IST")
est = timezone(-timedelta(hours=5))
a = datetime(2020, 6, 1, 12, 0, tzinfo=utc)
b = a.astimezone(ist)
c = a.astimezone(est)
print(a, b, c, repr(b), b.tzname(), c.tzname(), b.utcoffset(), c.utcoffset(), b.dst())
print(a == b, a == c, b == c, hash(a) == hash(b) == hash(c), b - c, a - b, b.astimezone(utc) == a)
print(b < datetime(2020, 6, 1, 12, 1, tzinfo=est), sorted([c, datetime(2020, 1, 1, tzinfo=utc), b])[0])
# (astimezone() of a naive datetime or to the local zone depends on the
# machine's zone in CPython, so only aware conversions are printed.)
print(a.astimezone().utcoffset() is not None, a.astimezone(utc) is a, a.astimezone(ist).astimezone(utc) == a)
print(a + timedelta(hours=1), (b + timedelta(days=200)).tzinfo is ist, {a: 1, b: 2, c: 3})

# Timestamps, converted to aware datetimes or UTC (naive local time would
# depend on the machine's zone).
for ts in (0, 1, 86399.5, 1600000000.123456, -1.5, 1e9, 2**31, 1234567890.0000005):
    print(ts, datetime.fromtimestamp(ts, utc), datetime.utcfromtimestamp(ts), datetime.fromtimestamp(ts, ist))
print(datetime(2020, 1, 1, tzinfo=utc).timestamp(), datetime(1970, 1, 1, tzinfo=ist).timestamp(), datetime(2001, 9, 9, 1, 46, 40, tzinfo=utc).timestamp())
print(datetime(1969, 12, 31, 23, 59, 59, 500000, tzinfo=utc).timestamp(), datetime(2038, 1, 19, 3, 14, 8, tzinfo=est).timestamp())
x = datetime(2015, 10, 21, 16, 29, 0, 123456, tzinfo=utc)
print(datetime.fromtimestamp(x.timestamp(), utc) == x, datetime.fromtimestamp(x.timestamp(), est) == x)

# now() and utcnow() (only their types and relations are stable).
n1 = datetime.now(utc)
n2 = datetime.utcnow()
print(type(n1).__name__, n1.tzinfo is utc, n2.tzinfo, abs(n1.replace(tzinfo=None) - n2) < timedelta(seconds=5))
print(datetime.today().tzinfo, type(datetime.now()).__name__, datetime.now(ist).tzinfo is ist)

# Comparing with dates and naive/aware mixes.
naive = datetime(2020, 6, 1, 12)
print(naive == a, naive != a, naive == date(2020, 6, 1), date(2020, 6, 1) == naive, naive > datetime(2020, 1, 1))


def attempt(label, fn):
    try:
        print(label, repr(fn()))
    except Exception as e:
        print(label, type(e).__name__, e)


attempt("naive < aware", lambda: naive < a)
attempt("naive - aware", lambda: naive - a)
attempt("datetime < date", lambda: naive < date(2020, 1, 1))
attempt("date < datetime", lambda: date(2020, 1, 1) < naive)
attempt("overflow", lambda: datetime.max + timedelta(1))
attempt("underflow", lambda: datetime.min - timedelta(microseconds=1))
attempt("bad day", lambda: datetime(2021, 2, 29))
attempt("bad hour", lambda: datetime(2021, 2, 1, 25))
attempt("bad tz", lambda: datetime(2021, 2, 1, tzinfo="UTC"))
attempt("combine args", lambda: datetime.combine(5, time()))
attempt("combine time", lambda: datetime.combine(date(2020, 1, 1), 5))
attempt("astimezone arg", lambda: a.astimezone(5))
attempt("year 10000", lambda: datetime(10000, 1, 1))
attempt("fromtimestamp str", lambda: datetime.fromtimestamp("0"))


class Stamp(datetime):
    def label(self):
        return "stamp " + self.isoformat()


s = Stamp(2020, 1, 1, 10)
print(s.label(), repr(s), type(s + timedelta(1)).__name__, type(s.replace(hour=1)).__name__, type(Stamp.fromtimestamp(0, utc)).__name__)
print(type(Stamp.now()).__name__, type(Stamp.combine(date(2020, 1, 1), time(1))).__name__, type(s.astimezone(utc)).__name__)
