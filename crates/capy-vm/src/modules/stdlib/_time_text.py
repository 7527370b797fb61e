# The Python half of time: struct_time, strftime, asctime and ctime.
# capy's local time is UTC (as datetime's), so localtime is gmtime and
# %Z reads "UTC".
from _datetime_text import ctime_text

_NAMES = ("tm_year", "tm_mon", "tm_mday", "tm_hour", "tm_min", "tm_sec",
          "tm_wday", "tm_yday", "tm_isdst")


class struct_time(tuple):
    n_sequence_fields = 9
    n_fields = 11
    n_unnamed_fields = 0

    def __new__(cls, seq):
        t = tuple(seq)
        if len(t) != 9:
            raise TypeError(
                "time.struct_time() takes a 9-sequence (%d-sequence given)" % len(t))
        return tuple.__new__(cls, t)

    tm_year = property(lambda self: self[0])
    tm_mon = property(lambda self: self[1])
    tm_mday = property(lambda self: self[2])
    tm_hour = property(lambda self: self[3])
    tm_min = property(lambda self: self[4])
    tm_sec = property(lambda self: self[5])
    tm_wday = property(lambda self: self[6])
    tm_yday = property(lambda self: self[7])
    tm_isdst = property(lambda self: self[8])
    tm_zone = property(lambda self: "UTC")
    tm_gmtoff = property(lambda self: 0)

    def __repr__(self):
        return "time.struct_time(" + ", ".join(
            "%s=%r" % (n, v) for n, v in zip(_NAMES, self)) + ")"

    def __reduce__(self):
        return (struct_time, (tuple(self),))


def _fields(t):
    if not isinstance(t, tuple) or len(t) != 9:
        raise TypeError("Tuple or struct_time argument required")
    for v in t:
        if not isinstance(v, int):
            raise TypeError("an integer is required")
    y, mo, d, h, mi, s, wd, yd, dst = t
    if not 1 <= mo <= 12:
        raise ValueError("month out of range")
    if not 1 <= d <= 31:
        raise ValueError("day of month out of range")
    if not 0 <= h <= 23:
        raise ValueError("hour out of range")
    if not 0 <= mi <= 59:
        raise ValueError("minute out of range")
    if not 0 <= s <= 61:
        raise ValueError("seconds out of range")
    if not 0 <= wd <= 6 and wd != -1:
        raise ValueError("day of week out of range")
    return y, mo, d, h, mi, s, wd % 7


def strftime(fmt, t):
    y, mo, d, h, mi, s, wd = _fields(t)
    import datetime
    dt = datetime.datetime(y, mo, d, h, mi, min(s, 59), tzinfo=datetime.timezone.utc)
    return dt.strftime(fmt)


def asctime(t):
    y, mo, d, h, mi, s, wd = _fields(t)
    return ctime_text(y, mo, d, h, mi, s, wd)
