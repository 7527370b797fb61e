"""The proleptic Gregorian calendar as datetime counts it: days from
0001-01-01 (ordinals), month lengths, leap years and ISO weeks.

Frozen into the binary (modules/frozen.rs); datetime.py and
_datetime_text.py import it. Plain integer arithmetic, no objects.
"""

MINYEAR = 1
MAXYEAR = 9999


def _as_int(value):
    # Integral arguments: ints, or objects with __index__; floats and
    # strings are refused with CPython's message.
    if isinstance(value, int):
        return int(value)
    index = getattr(type(value), "__index__", None)
    if index is None:
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(value).__name__)
    return index(value)


# Days in each month of a common year; index 0 is unused.
_MONTH_DAYS = (0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _is_leap(year):
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _days_in_month(year, month):
    if month == 2 and _is_leap(year):
        return 29
    return _MONTH_DAYS[month]


def _days_before_year(year):
    # Days in the years 1 .. year-1.
    y = year - 1
    return y * 365 + y // 4 - y // 100 + y // 400


def _days_before_month(year, month):
    n = 0
    for m in range(1, month):
        n += _MONTH_DAYS[m]
    if month > 2 and _is_leap(year):
        n += 1
    return n


def _ymd_to_ordinal(year, month, day):
    return _days_before_year(year) + _days_before_month(year, month) + day


# Days in 400, 100 and 4 years of the Gregorian calendar.
_DAYS_400Y = _days_before_year(401)
_DAYS_100Y = _days_before_year(101)
_DAYS_4Y = _days_before_year(5)


def _ordinal_to_ymd(n):
    # Day 1 is 0001-01-01. Count whole 400-, 100-, 4- and 1-year spans
    # from there; the last year of a 100- or 4-year span that is leap
    # makes the quotient 4, which means "the last day of the span".
    n -= 1
    q400, n = divmod(n, _DAYS_400Y)
    q100, n = divmod(n, _DAYS_100Y)
    q4, n = divmod(n, _DAYS_4Y)
    q1, n = divmod(n, 365)
    year = q400 * 400 + q100 * 100 + q4 * 4 + q1 + 1
    if q1 == 4 or q100 == 4:
        return year - 1, 12, 31
    month = 1
    while True:
        length = _days_in_month(year, month)
        if n < length:
            return year, month, n + 1
        n -= length
        month += 1


def _iso_week1_monday(year):
    # The ordinal of the Monday of ISO week 1 (the week with Jan 4th).
    jan4 = _ymd_to_ordinal(year, 1, 4)
    return jan4 - (jan4 + 6) % 7


def _ymd_to_iso(year, month, day):
    n = _ymd_to_ordinal(year, month, day)
    iso_year = year
    start = _iso_week1_monday(year)
    if n < start:
        iso_year -= 1
        start = _iso_week1_monday(iso_year)
    elif year < MAXYEAR and n >= _iso_week1_monday(year + 1):
        iso_year += 1
        start = _iso_week1_monday(iso_year)
    week, weekday = divmod(n - start, 7)
    return iso_year, week + 1, weekday + 1


def _iso_to_ymd(year, week, day):
    year, week, day = _as_int(year), _as_int(week), _as_int(day)
    if not MINYEAR <= year <= MAXYEAR:
        raise ValueError("Year is out of range: %d" % year)
    if not 0 < week < 53:
        # Week 53 exists in years that start on a Thursday (or a
        # Wednesday in leap years).
        first = (_ymd_to_ordinal(year, 1, 1) + 6) % 7
        if not (week == 53 and (first == 3 or (first == 2 and _is_leap(year)))):
            raise ValueError("Invalid week: %d" % week)
    if not 0 < day < 8:
        raise ValueError("Invalid day: %d (range is [1, 7])" % day)
    n = _iso_week1_monday(year) + (week - 1) * 7 + day - 1
    return _ordinal_to_ymd(n)
