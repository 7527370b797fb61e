"""datetime for capy: dates, times, durations and fixed-offset zones.

Frozen into the binary (modules/frozen.rs), compiled on first import.
Text formats (strftime, isoformat parsing) live in _datetime_text.py.

Covers: date, time, datetime, timedelta, tzinfo, timezone (fixed
offsets, timezone.utc/min/max), MINYEAR, MAXYEAR; arithmetic and
comparisons as CPython 3.11 does them (timedelta normalisation, * and /
by ints and floats, //, %, divmod, naive/aware rules and their errors);
isoformat/fromisoformat (the 3.11 forms, ISO week dates included),
strftime/__format__ (%a %A %w %d %b %B %m %y %Y %H %I %p %M %S %f %z %Z
%j %U %W %G %V %u %c %x %X %%), str and repr as 3.11 prints them,
strptime (common directives), today/now/utcnow,
fromtimestamp/utcfromtimestamp/timestamp, combine,
fromordinal/toordinal, fromisocalendar/isocalendar, weekday,
isoweekday, replace, astimezone, ctime, timetuple/utctimetuple (a
9-tuple that prints as time.struct_time), min/max/resolution.

Local time: capy cannot know the machine's time zone, so local time is
UTC here. A naive datetime's timestamp() reads it as UTC,
fromtimestamp() without tz gives UTC wall time, and astimezone() with
no argument attaches timezone(timedelta(0), 'UTC').

Not covered: pickling; the fold attribute is kept and printed but never
changes a result (there are no local transitions to disambiguate);
operator errors name the types "date", "timedelta" where CPython says
"datetime.date", "datetime.timedelta" (capy's classes have one name).
strptime knows the common directives only (see _datetime_text.py).
"""

import time as _time
import math as _math

MINYEAR = 1
MAXYEAR = 9999

_MODULE = __name__

from _datetime_calendar import (
    _as_int,
    _days_before_month,
    _days_before_year,
    _days_in_month,
    _is_leap,
    _iso_to_ymd,
    _iso_week1_monday,
    _ordinal_to_ymd,
    _ymd_to_iso,
    _ymd_to_ordinal,
)

_MAX_ORDINAL = _ymd_to_ordinal(MAXYEAR, 12, 31)
_EPOCH_ORDINAL = _ymd_to_ordinal(1970, 1, 1)


def _check_date_fields(year, month, day):
    # month and day default to None only to report them missing.
    if month is None:
        raise TypeError("function missing required argument 'month' (pos 2)")
    if day is None:
        raise TypeError("function missing required argument 'day' (pos 3)")
    year, month, day = _as_int(year), _as_int(month), _as_int(day)
    if not MINYEAR <= year <= MAXYEAR:
        raise ValueError("year %d is out of range" % year)
    if not 1 <= month <= 12:
        raise ValueError("month must be in 1..12")
    if not 1 <= day <= _days_in_month(year, month):
        raise ValueError("day is out of range for month")
    return year, month, day


def _check_time_fields(hour, minute, second, microsecond, fold):
    hour, minute = _as_int(hour), _as_int(minute)
    second, microsecond = _as_int(second), _as_int(microsecond)
    if not 0 <= hour <= 23:
        raise ValueError("hour must be in 0..23")
    if not 0 <= minute <= 59:
        raise ValueError("minute must be in 0..59")
    if not 0 <= second <= 59:
        raise ValueError("second must be in 0..59")
    if not 0 <= microsecond <= 999999:
        raise ValueError("microsecond must be in 0..999999")
    if fold not in (0, 1):
        raise ValueError("fold must be either 0 or 1")
    return hour, minute, second, microsecond, fold


def _check_tzinfo(tz):
    if tz is not None and not isinstance(tz, tzinfo):
        raise TypeError(
            "tzinfo argument must be None or of a tzinfo subclass, not type '%s'"
            % type(tz).__name__
        )


def _class_path(obj):
    # "datetime.date" for this module's classes; a subclass by its name
    # alone (CPython prints the type's tp_name).
    cls = type(obj)
    if cls.__module__ == _MODULE:
        return "datetime." + cls.__name__
    return cls.__name__


class _StructTime(tuple):
    """What timetuple() returns: a 9-tuple printed as time.struct_time
    (capy's time module has no struct_time)."""

    _FIELDS = ("tm_year", "tm_mon", "tm_mday", "tm_hour", "tm_min", "tm_sec", "tm_wday", "tm_yday", "tm_isdst")

    def __getattr__(self, name):
        if name in _StructTime._FIELDS:
            return self[_StructTime._FIELDS.index(name)]
        raise AttributeError("'time.struct_time' object has no attribute %r" % name)

    def __repr__(self):
        parts = ["%s=%d" % (k, v) for k, v in zip(_StructTime._FIELDS, self)]
        return "time.struct_time(%s)" % ", ".join(parts)


def _cmp(a, b):
    return 0 if a == b else (1 if a > b else -1)


def _offset_checked(offset, what):
    # What utcoffset()/dst() returned: None or a timedelta under a day.
    if offset is None:
        return None
    if not isinstance(offset, timedelta):
        raise TypeError(
            "tzinfo.%s() must return None or timedelta, not '%s'" % (what, type(offset).__name__)
        )
    if not -timedelta(1) < offset < timedelta(1):
        raise ValueError(
            "offset must be a timedelta strictly between -timedelta(hours=24) and "
            "timedelta(hours=24)."
        )
    return offset


# ---- timedelta

_US_PER_SECOND = 1000000
_US_PER_DAY = 86400 * _US_PER_SECOND


def _round_half_even(x):
    return int(round(x))


class timedelta:
    """A duration: days, seconds (0..86399) and microseconds (0..999999),
    the other units folded into those."""

    __slots__ = ("_days", "_seconds", "_microseconds", "_hashcode")

    def __new__(cls, days=0, seconds=0, microseconds=0, milliseconds=0, minutes=0, hours=0, weeks=0):
        exact = 0
        inexact = 0.0
        for value, factor in (
            (days, _US_PER_DAY),
            (seconds, _US_PER_SECOND),
            (microseconds, 1),
            (milliseconds, 1000),
            (minutes, 60 * _US_PER_SECOND),
            (hours, 3600 * _US_PER_SECOND),
            (weeks, 7 * _US_PER_DAY),
        ):
            if isinstance(value, int):
                exact += value * factor
            elif isinstance(value, float):
                whole = _math.floor(value)
                exact += int(whole) * factor
                inexact += (value - whole) * factor
            else:
                raise TypeError(
                    "unsupported type for timedelta %s component: %s"
                    % (_COMPONENT_NAMES[factor], type(value).__name__)
                )
        # The fractions add up to `inexact` microseconds: round the total
        # half to even.
        whole = _math.floor(inexact)
        exact += int(whole)
        rest = inexact - whole
        if rest > 0.5 or (rest == 0.5 and exact % 2 == 1):
            exact += 1
        return cls._from_microseconds(exact)

    @classmethod
    def _from_microseconds(cls, total):
        days, rest = divmod(total, _US_PER_DAY)
        seconds, us = divmod(rest, _US_PER_SECOND)
        if not -999999999 <= days <= 999999999:
            raise OverflowError("days=%d; must have magnitude <= 999999999" % days)
        self = object.__new__(cls)
        self._days = days
        self._seconds = seconds
        self._microseconds = us
        self._hashcode = -1
        return self

    def _to_microseconds(self):
        return (self._days * 86400 + self._seconds) * _US_PER_SECOND + self._microseconds

    @property
    def days(self):
        return self._days

    @property
    def seconds(self):
        return self._seconds

    @property
    def microseconds(self):
        return self._microseconds

    def total_seconds(self):
        return self._to_microseconds() / _US_PER_SECOND

    def __repr__(self):
        parts = []
        if self._days:
            parts.append("days=%d" % self._days)
        if self._seconds:
            parts.append("seconds=%d" % self._seconds)
        if self._microseconds:
            parts.append("microseconds=%d" % self._microseconds)
        return "%s(%s)" % (_class_path(self), ", ".join(parts) or "0")

    def __str__(self):
        minutes, s = divmod(self._seconds, 60)
        h, m = divmod(minutes, 60)
        text = "%d:%02d:%02d" % (h, m, s)
        if self._microseconds:
            text += ".%06d" % self._microseconds
        if self._days:
            plural = "s" if abs(self._days) != 1 else ""
            text = "%d day%s, %s" % (self._days, plural, text)
        return text

    def __add__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_microseconds(self._to_microseconds() + other._to_microseconds())
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_microseconds(self._to_microseconds() - other._to_microseconds())
        return NotImplemented

    def __rsub__(self, other):
        if isinstance(other, timedelta):
            return other - self
        return NotImplemented

    def __neg__(self):
        return timedelta._from_microseconds(-self._to_microseconds())

    def __pos__(self):
        return self

    def __abs__(self):
        return -self if self._days < 0 else self

    def __mul__(self, other):
        if isinstance(other, int):
            return timedelta._from_microseconds(self._to_microseconds() * other)
        if isinstance(other, float):
            num, den = other.as_integer_ratio()
            return timedelta._from_microseconds(_div_half_even(self._to_microseconds() * num, den))
        return NotImplemented

    __rmul__ = __mul__

    def __truediv__(self, other):
        us = self._to_microseconds()
        if isinstance(other, timedelta):
            return us / other._to_microseconds()
        if isinstance(other, int):
            return timedelta._from_microseconds(_div_half_even(us, other))
        if isinstance(other, float):
            num, den = other.as_integer_ratio()
            return timedelta._from_microseconds(_div_half_even(us * den, num))
        return NotImplemented

    def __floordiv__(self, other):
        us = self._to_microseconds()
        if isinstance(other, timedelta):
            return us // other._to_microseconds()
        if isinstance(other, int):
            return timedelta._from_microseconds(us // other)
        return NotImplemented

    def __mod__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_microseconds(self._to_microseconds() % other._to_microseconds())
        return NotImplemented

    def __divmod__(self, other):
        if isinstance(other, timedelta):
            q, r = divmod(self._to_microseconds(), other._to_microseconds())
            return q, timedelta._from_microseconds(r)
        return NotImplemented

    def _key(self):
        return (self._days, self._seconds, self._microseconds)

    def __eq__(self, other):
        if isinstance(other, timedelta):
            return self._key() == other._key()
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, timedelta):
            return self._key() < other._key()
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, timedelta):
            return self._key() <= other._key()
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, timedelta):
            return self._key() > other._key()
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, timedelta):
            return self._key() >= other._key()
        return NotImplemented

    def __hash__(self):
        if self._hashcode == -1:
            self._hashcode = hash(self._key())
        return self._hashcode

    def __bool__(self):
        return bool(self._days or self._seconds or self._microseconds)

    def __reduce__(self):
        return (type(self), self._key())


_COMPONENT_NAMES = {
    _US_PER_DAY: "days",
    _US_PER_SECOND: "seconds",
    1: "microseconds",
    1000: "milliseconds",
    60 * _US_PER_SECOND: "minutes",
    3600 * _US_PER_SECOND: "hours",
    7 * _US_PER_DAY: "weeks",
}


def _div_half_even(a, b):
    # a / b rounded to the nearest int, ties to even (exact, for ints).
    if b < 0:
        a, b = -a, -b
    q, r = divmod(a, b)
    twice = 2 * r
    if twice > b or (twice == b and q % 2 == 1):
        q += 1
    return q


timedelta.min = timedelta(-999999999)
timedelta.max = timedelta(days=999999999, hours=23, minutes=59, seconds=59, microseconds=999999)
timedelta.resolution = timedelta(microseconds=1)


# ---- date


class date:
    """A day of the proleptic Gregorian calendar."""

    __slots__ = ("_year", "_month", "_day", "_hashcode")

    def __new__(cls, year, month=None, day=None):
        if month is None and isinstance(year, (bytes, bytearray)) and len(year) == 4 and 1 <= year[2] <= 12:
            # The compact state a pickle holds (see __reduce__).
            self = object.__new__(cls)
            self._year, self._month, self._day = year[0] * 256 + year[1], year[2], year[3]
            self._hashcode = -1
            return self
        year, month, day = _check_date_fields(year, month, day)
        self = object.__new__(cls)
        self._year = year
        self._month = month
        self._day = day
        self._hashcode = -1
        return self

    @classmethod
    def fromtimestamp(cls, t):
        y, m, d, hh, mm, ss, us = _utc_fields(t)
        return cls(y, m, d)

    @classmethod
    def today(cls):
        return cls.fromtimestamp(_time.time())

    @classmethod
    def fromordinal(cls, n):
        n = _as_int(n)
        if n < 1:
            raise ValueError("ordinal must be >= 1")
        if n > _MAX_ORDINAL:
            raise ValueError("year %d is out of range" % (MAXYEAR + 1))
        return cls(*_ordinal_to_ymd(n))

    @classmethod
    def fromisoformat(cls, date_string):
        if not isinstance(date_string, str):
            raise TypeError("fromisoformat: argument must be str")
        from _datetime_text import parse_iso_date

        fields = parse_iso_date(date_string)
        if fields is None:
            raise ValueError("Invalid isoformat string: %r" % (date_string,))
        return cls(*fields)

    @classmethod
    def fromisocalendar(cls, year, week, day):
        return cls(*_iso_to_ymd(year, week, day))

    @property
    def year(self):
        return self._year

    @property
    def month(self):
        return self._month

    @property
    def day(self):
        return self._day

    def __repr__(self):
        return "%s(%d, %d, %d)" % (_class_path(self), self._year, self._month, self._day)

    def isoformat(self):
        return "%04d-%02d-%02d" % (self._year, self._month, self._day)

    __str__ = isoformat

    def ctime(self):
        from _datetime_text import ctime_text

        return ctime_text(self._year, self._month, self._day, 0, 0, 0, self.weekday())

    def strftime(self, fmt):
        from _datetime_text import strftime

        return strftime(fmt, _text_fields(self._year, self._month, self._day, None, None, None))

    def __format__(self, fmt):
        if not isinstance(fmt, str):
            raise TypeError("must be str, not %s" % type(fmt).__name__)
        if fmt:
            return self.strftime(fmt)
        return str(self)

    def timetuple(self):
        return _StructTime((self._year, self._month, self._day, 0, 0, 0, self.weekday(), self._yday(), -1))

    def _yday(self):
        return _days_before_month(self._year, self._month) + self._day

    def toordinal(self):
        return _ymd_to_ordinal(self._year, self._month, self._day)

    def replace(self, year=None, month=None, day=None):
        return type(self)(
            self._year if year is None else year,
            self._month if month is None else month,
            self._day if day is None else day,
        )

    def weekday(self):
        return (self.toordinal() + 6) % 7

    def isoweekday(self):
        return self.toordinal() % 7 or 7

    def isocalendar(self):
        return IsoCalendarDate(*_ymd_to_iso(self._year, self._month, self._day))

    # Comparisons: a date and a datetime are never equal, and do not
    # order (the datetime side raises).
    def _date_key(self, other):
        if isinstance(other, date) and not isinstance(other, datetime) and not isinstance(self, datetime):
            return (self._year, self._month, self._day), (other._year, other._month, other._day)
        return None

    def __eq__(self, other):
        keys = self._date_key(other)
        if keys is None:
            return NotImplemented
        return keys[0] == keys[1]

    def __lt__(self, other):
        keys = self._date_key(other)
        if keys is None:
            return NotImplemented
        return keys[0] < keys[1]

    def __le__(self, other):
        keys = self._date_key(other)
        if keys is None:
            return NotImplemented
        return keys[0] <= keys[1]

    def __gt__(self, other):
        keys = self._date_key(other)
        if keys is None:
            return NotImplemented
        return keys[0] > keys[1]

    def __ge__(self, other):
        keys = self._date_key(other)
        if keys is None:
            return NotImplemented
        return keys[0] >= keys[1]

    def __hash__(self):
        if self._hashcode == -1:
            self._hashcode = hash((self._year, self._month, self._day))
        return self._hashcode

    def __add__(self, other):
        if isinstance(other, timedelta):
            n = self.toordinal() + other.days
            if not 1 <= n <= _MAX_ORDINAL:
                raise OverflowError("date value out of range")
            return type(self).fromordinal(n)
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return self + timedelta(-other.days)
        if isinstance(other, date) and not isinstance(other, datetime):
            return timedelta(self.toordinal() - other.toordinal())
        return NotImplemented

    def __reduce__(self):
        # As CPython's: the fields packed into bytes (year big-endian in
        # two), so pickles read the same in both.
        return (type(self), (bytes([self._year >> 8, self._year & 0xFF, self._month, self._day]),))


date.min = date(1, 1, 1)
date.max = date(9999, 12, 31)
date.resolution = timedelta(days=1)


class IsoCalendarDate(tuple):
    """The (year, week, weekday) of date.isocalendar()."""

    def __new__(cls, year, week, weekday):
        return tuple.__new__(cls, (year, week, weekday))

    @property
    def year(self):
        return self[0]

    @property
    def week(self):
        return self[1]

    @property
    def weekday(self):
        return self[2]

    def __repr__(self):
        return "%s(year=%d, week=%d, weekday=%d)" % (
            "datetime.IsoCalendarDate",
            self[0],
            self[1],
            self[2],
        )

    def __reduce__(self):
        return (tuple, (tuple(self),))


# ---- time zones


class tzinfo:
    """The base of time zone classes: utcoffset, dst and tzname say what
    a zone is at a given datetime."""

    __slots__ = ()

    def tzname(self, dt):
        raise NotImplementedError("a tzinfo subclass must implement tzname()")

    def utcoffset(self, dt):
        raise NotImplementedError("a tzinfo subclass must implement utcoffset()")

    def dst(self, dt):
        raise NotImplementedError("a tzinfo subclass must implement dst()")

    def fromutc(self, dt):
        if not isinstance(dt, datetime):
            raise TypeError("fromutc() requires a datetime argument")
        if dt.tzinfo is not self:
            raise ValueError("dt.tzinfo is not self")
        offset = dt.utcoffset()
        if offset is None:
            raise ValueError("fromutc() requires a non-None utcoffset() result")
        dst = dt.dst()
        if dst is None:
            raise ValueError("fromutc() requires a non-None dst() result")
        std = offset - dst
        if std:
            dt += std
            dst = dt.dst()
            if dst is None:
                raise ValueError("fromutc(): dt.dst gave inconsistent results; cannot convert")
        return dt + dst


# The class under another name, for methods whose argument is called tzinfo.
_tzinfo_type = tzinfo


def _offset_text(offset, sep=":"):
    # "+05:30", "-01:00:15", "+00:00:00.000123".
    sign = "+"
    if offset.days < 0:
        sign = "-"
        offset = -offset
    minutes, seconds = divmod(offset.days * 86400 + offset.seconds, 60)
    hours, minutes = divmod(minutes, 60)
    text = "%s%02d%s%02d" % (sign, hours, sep, minutes)
    if seconds or offset.microseconds:
        text += "%s%02d" % (sep, seconds)
        if offset.microseconds:
            text += ".%06d" % offset.microseconds
    return text


class timezone(tzinfo):
    """A fixed offset from UTC, with an optional name."""

    __slots__ = ("_offset", "_name")

    _Omitted = object()

    def __new__(cls, offset, name=_Omitted):
        if not isinstance(offset, timedelta):
            raise TypeError(
                "timezone() argument 1 must be datetime.timedelta, not %s" % type(offset).__name__
            )
        if name is cls._Omitted:
            if not offset and cls is timezone and _UTC is not None:
                return _UTC
            name = None
        elif not isinstance(name, str):
            raise TypeError("timezone() argument 2 must be str, not %s" % type(name).__name__)
        if not -_MAX_OFFSET <= offset <= _MAX_OFFSET:
            raise ValueError(
                "offset must be a timedelta strictly between -timedelta(hours=24) and "
                "timedelta(hours=24), not %r." % (offset,)
            )
        self = tzinfo.__new__(cls)
        self._offset = offset
        self._name = name
        return self

    def __eq__(self, other):
        if isinstance(other, timezone):
            return self._offset == other._offset
        return NotImplemented

    def __hash__(self):
        return hash(self._offset)

    def __repr__(self):
        if self is _UTC:
            return "datetime.timezone.utc"
        if self._name is None:
            return "%s(%r)" % (_class_path(self), self._offset)
        return "%s(%r, %r)" % (_class_path(self), self._offset, self._name)

    def __str__(self):
        return self.tzname(None)

    def utcoffset(self, dt):
        _check_zone_arg("utcoffset", dt)
        return self._offset

    def tzname(self, dt):
        _check_zone_arg("tzname", dt)
        if self._name is not None:
            return self._name
        if not self._offset:
            return "UTC"
        return "UTC" + _offset_text(self._offset)

    def dst(self, dt):
        _check_zone_arg("dst", dt)
        return None

    def fromutc(self, dt):
        if isinstance(dt, datetime):
            if dt.tzinfo is not self:
                raise ValueError("fromutc: dt.tzinfo is not self")
            return dt + self._offset
        raise TypeError("fromutc() argument must be a datetime instance or None")

    def __getinitargs__(self):
        if self._name is None:
            return (self._offset,)
        return (self._offset, self._name)

    def __reduce__(self):
        return (type(self), self.__getinitargs__())


_MAX_OFFSET = timedelta(hours=24, microseconds=-1)


def _check_zone_arg(what, dt):
    if dt is not None and not isinstance(dt, datetime):
        raise TypeError(
            "%s(dt) argument must be a datetime instance or None, not %s"
            % (what, type(dt).__name__)
        )
_UTC = None
_UTC = timezone(timedelta(0))
timezone.utc = _UTC
# The extreme offsets are whole minutes.
timezone.min = timezone(-timedelta(hours=23, minutes=59))
timezone.max = timezone(timedelta(hours=23, minutes=59))


def _utc_fields(t):
    # A POSIX timestamp as UTC (year, month, day, hour, minute, second,
    # microsecond), microseconds rounded half to even.
    if isinstance(t, float):
        if t != t:
            raise ValueError("Invalid value NaN (not a number)")
        if t in (float("inf"), float("-inf")):
            raise OverflowError("cannot convert float infinity to integer")
        frac, whole = _math.modf(t)
        us = _round_half_even(frac * 1e6)
        seconds = int(whole)
        if us >= 1000000:
            seconds += 1
            us -= 1000000
        elif us < 0:
            seconds -= 1
            us += 1000000
    else:
        seconds, us = _as_int(t), 0
    days, rest = divmod(seconds, 86400)
    n = _EPOCH_ORDINAL + days
    if not 1 <= n <= _MAX_ORDINAL:
        raise ValueError("year is out of range")
    y, m, d = _ordinal_to_ymd(n)
    hh, rest = divmod(rest, 3600)
    mm, ss = divmod(rest, 60)
    return y, m, d, hh, mm, ss, us

# ---- time


def _utcoffset_of(tz, dt):
    if tz is None:
        return None
    return _offset_checked(tz.utcoffset(dt), "utcoffset")


def _tzname_of(tz, dt):
    if tz is None:
        return None
    name = tz.tzname(dt)
    if name is not None and not isinstance(name, str):
        raise TypeError(
            "tzinfo.tzname() must return None or a string, not '%s'" % type(name).__name__
        )
    return name


def _time_repr(path, h, m, s, us, tz, fold, head):
    # "...(12, 30)", "...(12, 30, 15, 5, tzinfo=..., fold=1)": seconds and
    # microseconds only when set.
    text = "%s(%s%d, %d" % (path, head, h, m)
    if us:
        text += ", %d, %d" % (s, us)
    elif s:
        text += ", %d" % s
    if tz is not None:
        text += ", tzinfo=%r" % (tz,)
    if fold:
        text += ", fold=1"
    return text + ")"


class time:
    """A time of day, optionally in a time zone."""

    __slots__ = ("_hour", "_minute", "_second", "_microsecond", "_tzinfo", "_fold", "_hashcode")

    def __new__(cls, hour=0, minute=0, second=0, microsecond=0, tzinfo=None, *, fold=0):
        if isinstance(hour, (bytes, bytearray)) and len(hour) == 6 and (hour[0] & 0x7F) < 24:
            # The compact state a pickle holds (see __reduce_ex__); the
            # time zone comes second.
            return cls._from_state(hour, minute if isinstance(minute, _tzinfo_type) else None)
        fields = _check_time_fields(hour, minute, second, microsecond, fold)
        _check_tzinfo(tzinfo)
        self = object.__new__(cls)
        self._hour, self._minute, self._second, self._microsecond, self._fold = fields
        self._tzinfo = tzinfo
        self._hashcode = -1
        return self

    @classmethod
    def fromisoformat(cls, time_string):
        if not isinstance(time_string, str):
            raise TypeError("fromisoformat: argument must be str")
        from _datetime_text import parse_iso_time

        fields = parse_iso_time(time_string)
        if fields is None:
            raise ValueError("Invalid isoformat string: %r" % (time_string,))
        return cls(*fields[:4], tzinfo=_zone_from_fields(fields[4]))

    @property
    def hour(self):
        return self._hour

    @property
    def minute(self):
        return self._minute

    @property
    def second(self):
        return self._second

    @property
    def microsecond(self):
        return self._microsecond

    @property
    def tzinfo(self):
        return self._tzinfo

    @property
    def fold(self):
        return self._fold

    def utcoffset(self):
        return _utcoffset_of(self._tzinfo, None)

    def tzname(self):
        return _tzname_of(self._tzinfo, None)

    def dst(self):
        if self._tzinfo is None:
            return None
        return _offset_checked(self._tzinfo.dst(None), "dst")

    def isoformat(self, timespec="auto"):
        from _datetime_text import time_text

        text = time_text(self._hour, self._minute, self._second, self._microsecond, timespec)
        offset = self.utcoffset()
        if offset is not None:
            text += _offset_text(offset)
        return text

    __str__ = isoformat

    def __repr__(self):
        return _time_repr(
            _class_path(self),
            self._hour,
            self._minute,
            self._second,
            self._microsecond,
            self._tzinfo,
            self._fold,
            "",
        )

    def strftime(self, fmt):
        from _datetime_text import strftime

        return strftime(fmt, _text_fields(1900, 1, 1, self, self.utcoffset(), self.tzname()))

    def __format__(self, fmt):
        if not isinstance(fmt, str):
            raise TypeError("must be str, not %s" % type(fmt).__name__)
        if fmt:
            return self.strftime(fmt)
        return str(self)

    def replace(self, hour=None, minute=None, second=None, microsecond=None, tzinfo=True, *, fold=None):
        return type(self)(
            self._hour if hour is None else hour,
            self._minute if minute is None else minute,
            self._second if second is None else second,
            self._microsecond if microsecond is None else microsecond,
            self._tzinfo if tzinfo is True else tzinfo,
            fold=self._fold if fold is None else fold,
        )

    def _us(self):
        return ((self._hour * 60 + self._minute) * 60 + self._second) * _US_PER_SECOND + self._microsecond

    def _compare(self, other, ordering):
        # -1, 0, 1; None when one is naive and the other aware (== is then
        # False, an ordering a TypeError).
        if self._tzinfo is other._tzinfo:
            return _cmp(self._us(), other._us())
        a, b = self.utcoffset(), other.utcoffset()
        if (a is None) != (b is None):
            if ordering:
                raise TypeError("can't compare offset-naive and offset-aware times")
            return None
        if a is not None:
            return _cmp(self._us() - a._to_microseconds(), other._us() - b._to_microseconds())
        return _cmp(self._us(), other._us())

    def __eq__(self, other):
        if isinstance(other, time):
            return self._compare(other, False) == 0
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, time):
            return self._compare(other, True) < 0
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, time):
            return self._compare(other, True) <= 0
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, time):
            return self._compare(other, True) > 0
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, time):
            return self._compare(other, True) >= 0
        return NotImplemented

    def __hash__(self):
        if self._hashcode == -1:
            offset = self.utcoffset()
            if offset is None:
                self._hashcode = hash(self._us())
            else:
                self._hashcode = hash(self._us() - offset._to_microseconds())
        return self._hashcode

    def __bool__(self):
        return True

    @classmethod
    def _from_state(cls, state, tzinfo):
        _check_tzinfo(tzinfo)
        self = object.__new__(cls)
        self._hour, self._fold = state[0] & 0x7F, 1 if state[0] & 0x80 else 0
        self._minute, self._second = state[1], state[2]
        self._microsecond = (state[3] << 16) | (state[4] << 8) | state[5]
        self._tzinfo = tzinfo
        self._hashcode = -1
        return self

    def __reduce_ex__(self, protocol):
        # As CPython's: the fields packed into bytes; from protocol 4 a
        # fold of 1 adds 128 to the hour byte.
        hour = self._hour + (128 if self._fold and protocol > 3 else 0)
        us = self._microsecond
        state = bytes([hour, self._minute, self._second, us >> 16, (us >> 8) & 0xFF, us & 0xFF])
        return (type(self), (state,) if self._tzinfo is None else (state, self._tzinfo))

    def __reduce__(self):
        return self.__reduce_ex__(2)


time.min = time(0, 0, 0)
time.max = time(23, 59, 59, 999999)
time.resolution = timedelta(microseconds=1)


def _zone_from_fields(parts):
    # The tzinfo of a parsed ISO string: None, or (sign, h, m, s, us).
    if parts is None:
        return None
    sign, h, m, s, us = parts
    offset = timedelta(hours=h, minutes=m, seconds=s, microseconds=us)
    return timezone(-offset if sign < 0 else offset)


def _text_fields(year, month, day, t, offset, tzname):
    # What strftime needs, as plain values.
    n = _ymd_to_ordinal(year, month, day)
    iso = _ymd_to_iso(year, month, day)
    if t is None:
        clock = (0, 0, 0, 0)
    else:
        clock = (t._hour, t._minute, t._second, t._microsecond)
    zone = None
    if offset is not None:
        zone = _offset_text(offset, "")
    epoch = (n - _EPOCH_ORDINAL) * 86400 + clock[0] * 3600 + clock[1] * 60 + clock[2]
    if offset is not None:
        epoch -= offset.days * 86400 + offset.seconds
    return {
        "year": year,
        "month": month,
        "day": day,
        "hour": clock[0],
        "minute": clock[1],
        "second": clock[2],
        "microsecond": clock[3],
        "weekday": (n + 6) % 7,
        "yday": _days_before_month(year, month) + day,
        "iso": iso,
        "zone": zone,
        "tzname": tzname,
        "epoch": epoch,
    }


# ---- datetime


class datetime(date):
    """A date and a time of day, optionally in a time zone."""

    __slots__ = ("_hour", "_minute", "_second", "_microsecond", "_tzinfo", "_fold")

    def __new__(
        cls,
        year,
        month=None,
        day=None,
        hour=0,
        minute=0,
        second=0,
        microsecond=0,
        tzinfo=None,
        *,
        fold=0,
    ):
        if isinstance(year, (bytes, bytearray)) and len(year) == 10 and 1 <= (year[2] & 0x7F) <= 12:
            # The compact state a pickle holds (see __reduce_ex__); the
            # time zone comes second.
            return cls._from_state(year, month if isinstance(month, _tzinfo_type) else None)
        year, month, day = _check_date_fields(year, month, day)
        clock = _check_time_fields(hour, minute, second, microsecond, fold)
        _check_tzinfo(tzinfo)
        self = object.__new__(cls)
        self._year, self._month, self._day = year, month, day
        self._hour, self._minute, self._second, self._microsecond, self._fold = clock
        self._tzinfo = tzinfo
        self._hashcode = -1
        return self

    @classmethod
    def _from_us(cls, total, tzinfo=None):
        # From microseconds since 0001-01-01T00:00 less one day.
        days, rest = divmod(total, _US_PER_DAY)
        if not 1 <= days <= _MAX_ORDINAL:
            raise OverflowError("date value out of range")
        y, m, d = _ordinal_to_ymd(days)
        seconds, us = divmod(rest, _US_PER_SECOND)
        hh, rest = divmod(seconds, 3600)
        mm, ss = divmod(rest, 60)
        return cls(y, m, d, hh, mm, ss, us, tzinfo)

    def _us(self):
        seconds = (self.toordinal() * 24 + self._hour) * 3600 + self._minute * 60 + self._second
        return seconds * _US_PER_SECOND + self._microsecond

    @classmethod
    def fromtimestamp(cls, t, tz=None):
        _check_tzinfo(tz)
        try:
            fields = _utc_fields(t)
        except ValueError:
            if isinstance(t, float) and t == t and abs(t) != float("inf"):
                raise OverflowError("timestamp out of range for platform time_t") from None
            raise
        result = cls(*fields)
        if tz is None:
            # Local time is UTC in capy.
            return result
        return tz.fromutc(result.replace(tzinfo=tz))

    @classmethod
    def utcfromtimestamp(cls, t):
        return cls(*_utc_fields(t))

    @classmethod
    def now(cls, tz=None):
        return cls.fromtimestamp(_time.time(), tz)

    @classmethod
    def today(cls):
        return cls.fromtimestamp(_time.time())

    @classmethod
    def utcnow(cls):
        return cls.utcfromtimestamp(_time.time())

    @classmethod
    def combine(cls, date, time, tzinfo=True):
        if not isinstance(date, _date_class):
            raise TypeError(
                "combine() argument 1 must be datetime.date, not %s" % type(date).__name__
            )
        if not isinstance(time, _time_class):
            raise TypeError(
                "combine() argument 2 must be datetime.time, not %s" % type(time).__name__
            )
        if tzinfo is True:
            tzinfo = time.tzinfo
        return cls(
            date.year,
            date.month,
            date.day,
            time.hour,
            time.minute,
            time.second,
            time.microsecond,
            tzinfo,
            fold=time.fold,
        )

    @classmethod
    def fromisoformat(cls, date_string):
        if not isinstance(date_string, str):
            raise TypeError("fromisoformat: argument must be str")
        from _datetime_text import parse_iso_datetime

        fields = parse_iso_datetime(date_string)
        if fields is None:
            raise ValueError("Invalid isoformat string: %r" % (date_string,))
        return cls(*fields[:7], tzinfo=_zone_from_fields(fields[7]))

    @classmethod
    def strptime(cls, date_string, format):
        from _datetime_text import strptime

        fields = strptime(date_string, format)
        return cls(*fields[:7], tzinfo=_zone_from_fields(fields[7]))

    @property
    def hour(self):
        return self._hour

    @property
    def minute(self):
        return self._minute

    @property
    def second(self):
        return self._second

    @property
    def microsecond(self):
        return self._microsecond

    @property
    def tzinfo(self):
        return self._tzinfo

    @property
    def fold(self):
        return self._fold

    def date(self):
        return _date_class(self._year, self._month, self._day)

    def time(self):
        return _time_class(self._hour, self._minute, self._second, self._microsecond, fold=self._fold)

    def timetz(self):
        return _time_class(
            self._hour, self._minute, self._second, self._microsecond, self._tzinfo, fold=self._fold
        )

    def replace(
        self,
        year=None,
        month=None,
        day=None,
        hour=None,
        minute=None,
        second=None,
        microsecond=None,
        tzinfo=True,
        *,
        fold=None,
    ):
        return type(self)(
            self._year if year is None else year,
            self._month if month is None else month,
            self._day if day is None else day,
            self._hour if hour is None else hour,
            self._minute if minute is None else minute,
            self._second if second is None else second,
            self._microsecond if microsecond is None else microsecond,
            self._tzinfo if tzinfo is True else tzinfo,
            fold=self._fold if fold is None else fold,
        )

    def utcoffset(self):
        return _utcoffset_of(self._tzinfo, self)

    def tzname(self):
        return _tzname_of(self._tzinfo, self)

    def dst(self):
        if self._tzinfo is None:
            return None
        return _offset_checked(self._tzinfo.dst(self), "dst")

    def astimezone(self, tz=None):
        if tz is None:
            tz = _LOCAL
        else:
            _check_tzinfo(tz)
        if self._tzinfo is tz:
            return self
        offset = self.utcoffset()
        # A naive datetime is local time, which is UTC here.
        utc_us = self._us() - (offset._to_microseconds() if offset is not None else 0)
        utc = datetime._from_us(utc_us, tz)
        result = tz.fromutc(utc)
        if type(result) is not type(self) and isinstance(result, datetime):
            result = type(self).combine(result.date(), result.timetz())
        return result

    def timestamp(self):
        offset = self.utcoffset()
        us = self._us() - _EPOCH_ORDINAL * _US_PER_DAY
        if offset is not None:
            us -= offset._to_microseconds()
        return us / _US_PER_SECOND

    def timetuple(self):
        dst = self.dst()
        flag = -1 if dst is None else (1 if dst else 0)
        return _StructTime(
            (
                self._year,
                self._month,
                self._day,
                self._hour,
                self._minute,
                self._second,
                self.weekday(),
                self._yday(),
                flag,
            )
        )

    def utctimetuple(self):
        offset = self.utcoffset()
        moment = self
        if offset:
            moment = datetime._from_us(self._us() - offset._to_microseconds())
        return _StructTime(moment.replace(tzinfo=None).timetuple()[:8] + (0,))

    def isoformat(self, sep="T", timespec="auto"):
        from _datetime_text import time_text

        text = "%04d-%02d-%02d%s%s" % (
            self._year,
            self._month,
            self._day,
            sep,
            time_text(self._hour, self._minute, self._second, self._microsecond, timespec),
        )
        offset = self.utcoffset()
        if offset is not None:
            text += _offset_text(offset)
        return text

    def __str__(self):
        return self.isoformat(sep=" ")

    def __repr__(self):
        head = "%d, %d, %d, " % (self._year, self._month, self._day)
        return _time_repr(
            _class_path(self),
            self._hour,
            self._minute,
            self._second,
            self._microsecond,
            self._tzinfo,
            self._fold,
            head,
        )

    def ctime(self):
        from _datetime_text import ctime_text

        return ctime_text(
            self._year,
            self._month,
            self._day,
            self._hour,
            self._minute,
            self._second,
            self.weekday(),
        )

    def strftime(self, fmt):
        from _datetime_text import strftime

        fields = _text_fields(self._year, self._month, self._day, self, self.utcoffset(), self.tzname())
        return strftime(fmt, fields)

    def _compare(self, other, ordering):
        # Like time._compare; a plain date never orders with a datetime.
        if not isinstance(other, datetime):
            if ordering:
                raise TypeError("can't compare %s to %s" % (_class_path(self), _class_path(other)))
            return None
        if self._tzinfo is other._tzinfo:
            return _cmp(self._us(), other._us())
        a, b = self.utcoffset(), other.utcoffset()
        if (a is None) != (b is None):
            if ordering:
                raise TypeError("can't compare offset-naive and offset-aware datetimes")
            return None
        if a is None:
            return _cmp(self._us(), other._us())
        return _cmp(self._us() - a._to_microseconds(), other._us() - b._to_microseconds())

    def __eq__(self, other):
        if isinstance(other, _date_class):
            return self._compare(other, False) == 0
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, _date_class):
            return self._compare(other, True) < 0
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, _date_class):
            return self._compare(other, True) <= 0
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, _date_class):
            return self._compare(other, True) > 0
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, _date_class):
            return self._compare(other, True) >= 0
        return NotImplemented

    def __hash__(self):
        if self._hashcode == -1:
            offset = self.utcoffset()
            us = self._us()
            if offset is not None:
                us -= offset._to_microseconds()
            self._hashcode = hash(us)
        return self._hashcode

    def __add__(self, other):
        if isinstance(other, timedelta):
            return type(self)._from_us(self._us() + other._to_microseconds(), self._tzinfo)
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return type(self)._from_us(self._us() - other._to_microseconds(), self._tzinfo)
        if isinstance(other, datetime):
            a, b = self._us(), other._us()
            if self._tzinfo is not other._tzinfo:
                oa, ob = self.utcoffset(), other.utcoffset()
                if (oa is None) != (ob is None):
                    raise TypeError("can't subtract offset-naive and offset-aware datetimes")
                if oa is not None:
                    a -= oa._to_microseconds()
                    b -= ob._to_microseconds()
            return timedelta._from_microseconds(a - b)
        return NotImplemented

    @classmethod
    def _from_state(cls, state, tzinfo):
        _check_tzinfo(tzinfo)
        self = object.__new__(cls)
        self._year, self._day = state[0] * 256 + state[1], state[3]
        self._month, self._fold = state[2] & 0x7F, 1 if state[2] & 0x80 else 0
        self._hour, self._minute, self._second = state[4], state[5], state[6]
        self._microsecond = (state[7] << 16) | (state[8] << 8) | state[9]
        self._tzinfo = tzinfo
        self._hashcode = -1
        return self

    def __reduce_ex__(self, protocol):
        # As CPython's: the fields packed into bytes; from protocol 4 a
        # fold of 1 adds 128 to the month byte.
        us = self._microsecond
        state = bytes([self._year >> 8, self._year & 0xFF,
                       self._month + (128 if self._fold and protocol > 3 else 0), self._day,
                       self._hour, self._minute, self._second, us >> 16, (us >> 8) & 0xFF, us & 0xFF])
        return (type(self), (state,) if self._tzinfo is None else (state, self._tzinfo))

    def __reduce__(self):
        return self.__reduce_ex__(2)


_date_class = date
_time_class = time
_LOCAL = timezone(timedelta(0), "UTC")

datetime.min = datetime(1, 1, 1)
datetime.max = datetime(9999, 12, 31, 23, 59, 59, 999999)
datetime.resolution = timedelta(microseconds=1)
