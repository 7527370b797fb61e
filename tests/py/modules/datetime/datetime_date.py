# date: construction, calendar arithmetic, ordinals, ISO calendar,
# comparisons, replace, today().
from datetime import date, datetime, timedelta, timezone, MINYEAR, MAXYEAR

d = date(2024, 2, 29)
print(d, repr(d), d.year, d.month, d.day, str(d), d.isoformat(), f"{d}", format(d, ""))
print(d.weekday(), d.isoweekday(), d.isocalendar(), tuple(d.isocalendar()), d.isocalendar().week)
print(d.toordinal(), date.fromordinal(d.toordinal()) == d, d.timetuple(), d.ctime())
print(d + timedelta(days=1), d - timedelta(days=365), d + timedelta(hours=47), timedelta(1) + d)
print(d - date(2000, 1, 1), date(2000, 1, 1) - d, d - d)
print(d.replace(day=1), d.replace(year=2023, day=28), d.replace(month=3))
print(MINYEAR, MAXYEAR, date.min, date.max, date.resolution, repr(date.min))

for y, m, dd in [(1, 1, 1), (1970, 1, 1), (1999, 12, 31), (2000, 2, 29), (2000, 12, 31), (2100, 3, 1), (9999, 12, 31), (1600, 12, 31), (2004, 12, 31), (1900, 3, 1)]:
    x = date(y, m, dd)
    n = x.toordinal()
    print(x, n, date.fromordinal(n), x.weekday(), x.isocalendar(), x.timetuple()[7])

# Every ordinal of a few years round-trips.
bad = 0
for n in range(date(1999, 12, 1).toordinal(), date(2001, 2, 1).toordinal()):
    x = date.fromordinal(n)
    if x.toordinal() != n:
        bad += 1
print("round trip errors:", bad)

# ISO calendar edges: years starting on different days.
for y in (2004, 2005, 2008, 2009, 2010, 2015, 2020, 2021, 2026):
    first, last = date(y, 1, 1), date(y, 12, 31)
    print(y, first.isocalendar(), last.isocalendar(), date.fromisocalendar(*first.isocalendar()) == first)
print(date.fromisocalendar(2020, 53, 7), date.fromisocalendar(2021, 1, 1), date.fromisocalendar(2004, 53, 5))

# Comparisons and hashing.
a, b = date(2020, 5, 17), date(2021, 1, 1)
print(a < b, a <= b, a > b, a >= b, a == date(2020, 5, 17), a != b, a == "2020-05-17", a != 5)
print(sorted([b, a, date(2019, 1, 1)]), max(a, b), hash(a) == hash(date(2020, 5, 17)))
print({a: "x", date(2020, 5, 17): "y"}, len({a, b, date(2020, 5, 17)}))
print(date(2020, 1, 1) == datetime(2020, 1, 1), datetime(2020, 1, 1) == date(2020, 1, 1))
print(isinstance(datetime(2020, 1, 1), date), isinstance(date(2020, 1, 1), datetime))

# today() agrees with now() in UTC (capy's local time is UTC; compared in
# UTC so the test does not depend on the machine's zone).
t = date.today()
print(type(t).__name__, t.year >= 2024)
print(abs(datetime.now(timezone.utc).date() - datetime.utcnow().date()) <= timedelta(1))
# (Local dates: noon UTC is the same date in any zone within 12 hours.)
print(date.fromtimestamp(43200), date.fromtimestamp(86400 * 365.25 * 30), date.fromtimestamp(-43200))


# Subclasses keep their type.
class MyDate(date):
    def label(self):
        return "my " + str(self)


m = MyDate(2020, 1, 31)
print(m.label(), type(m + timedelta(1)).__name__, type(m.replace(day=1)).__name__, type(MyDate.fromordinal(1)).__name__)
print(repr(m))
