# The errors date, datetime and friends raise for bad input.
from datetime import date, datetime, time, timedelta, timezone


def attempt(label, fn):
    try:
        print(label, repr(fn()))
    except Exception as e:
        print(label, type(e).__name__, e)


attempt("year 0", lambda: date(0, 1, 1))
attempt("year 10000", lambda: date(10000, 1, 1))
attempt("month 0", lambda: date(2020, 0, 1))
attempt("month 13", lambda: date(2020, 13, 1))
attempt("day 0", lambda: date(2020, 1, 0))
attempt("feb 29", lambda: date(2021, 2, 29))
attempt("apr 31", lambda: date(2021, 4, 31))
attempt("float year", lambda: date(2020.0, 1, 1))
attempt("str month", lambda: date(2020, "1", 1))
attempt("missing", lambda: date(2020, 1))
attempt("ordinal 0", lambda: date.fromordinal(0))
attempt("ordinal max", lambda: date.fromordinal(date.max.toordinal() + 1))
attempt("isocal week", lambda: date.fromisocalendar(2021, 53, 1))
attempt("isocal week 0", lambda: date.fromisocalendar(2021, 0, 1))
attempt("isocal day", lambda: date.fromisocalendar(2020, 1, 0))
attempt("isocal year", lambda: date.fromisocalendar(0, 1, 1))
attempt("date overflow", lambda: date.max + timedelta(1))
attempt("date underflow", lambda: date.min - timedelta(1))
attempt("replace", lambda: date(2020, 1, 31).replace(month=2))
attempt("ts nan", lambda: datetime.fromtimestamp(float("nan")))
attempt("ts huge", lambda: datetime.fromtimestamp(1e20))
attempt("microsecond", lambda: datetime(2020, 1, 1, 0, 0, 0, -1))
attempt("fold", lambda: datetime(2020, 1, 1, fold=-1))
attempt("timespec", lambda: datetime(2020, 1, 1).isoformat(timespec="nanoseconds"))
attempt("sub date", lambda: type(date(2020, 1, 2) - date(2020, 1, 1)).__name__)
attempt("timezone utc offset", lambda: timezone(timedelta(hours=24)))
attempt("timezone us", lambda: timezone(timedelta(microseconds=1)).tzname(None))
# Values that are fine at the edges.
attempt("min", lambda: (date(1, 1, 1), datetime(1, 1, 1), time(0)))
attempt("max", lambda: (date(9999, 12, 31), datetime(9999, 12, 31, 23, 59, 59, 999999)))
attempt("bool", lambda: (date(2020, 1, 1, ) == True, bool(date(1, 1, 1)), bool(datetime.min)))
