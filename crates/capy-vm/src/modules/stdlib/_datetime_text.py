"""The text side of capy's datetime: strftime, strptime, isoformat
pieces and ISO 8601 parsing.

Frozen into the binary (modules/frozen.rs); datetime.py imports it on
first use. It works on plain values (fields dicts and tuples), never on
datetime objects; it borrows only the calendar arithmetic (_datetime_calendar.py).

strftime follows glibc in the C locale, as CPython on Linux does: the
directives of the datetime docs, plus %e %k %l %C %D %F %T %R %h %n %t
%s; the E and O modifiers and the "-" (no padding) flag; anything else
is copied as it is. strptime knows %Y %m %d %H %M %S %f %y %b %B %a %A
%j %p %I %z %Z (UTC and GMT only) %%, and whitespace matches any run of
whitespace.
"""

_DAY_ABBR = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTH_ABBR = ("", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_MONTH_NAMES = (
    "",
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def ctime_text(year, month, day, hour, minute, second, weekday):
    return "%s %s %2d %02d:%02d:%02d %04d" % (
        _DAY_ABBR[weekday],
        _MONTH_ABBR[month],
        day,
        hour,
        minute,
        second,
        year,
    )


def time_text(hh, mm, ss, us, timespec):
    if timespec == "auto":
        timespec = "microseconds" if us else "seconds"
    if timespec == "hours":
        return "%02d" % hh
    if timespec == "minutes":
        return "%02d:%02d" % (hh, mm)
    if timespec == "seconds":
        return "%02d:%02d:%02d" % (hh, mm, ss)
    if timespec == "milliseconds":
        return "%02d:%02d:%02d.%03d" % (hh, mm, ss, us // 1000)
    if timespec == "microseconds":
        return "%02d:%02d:%02d.%06d" % (hh, mm, ss, us)
    raise ValueError("Unknown timespec value")


# ---- strftime


def _directive(c, f, pad):
    # The text of one directive, or None for one glibc does not know.
    # `pad` is False under the "-" flag.
    def num(value, width, fill="0"):
        if not pad:
            return str(value)
        return str(value).rjust(width, fill)

    hour12 = f["hour"] % 12 or 12
    yday0 = f["yday"] - 1
    sunday0 = (f["weekday"] + 1) % 7
    if c == "a":
        return _DAY_ABBR[f["weekday"]]
    if c == "A":
        return _DAY_NAMES[f["weekday"]]
    if c == "w":
        return str(sunday0)
    if c == "u":
        return str(f["weekday"] + 1)
    if c == "d":
        return num(f["day"], 2)
    if c == "e":
        return num(f["day"], 2, " ")
    if c in "bh":
        return _MONTH_ABBR[f["month"]]
    if c == "B":
        return _MONTH_NAMES[f["month"]]
    if c == "m":
        return num(f["month"], 2)
    if c == "y":
        return num(f["year"] % 100, 2)
    if c == "Y":
        return str(f["year"])
    if c == "C":
        return str(f["year"] // 100)
    if c == "G":
        return str(f["iso"][0])
    if c == "g":
        return num(f["iso"][0] % 100, 2)
    if c == "V":
        return num(f["iso"][1], 2)
    if c == "H":
        return num(f["hour"], 2)
    if c == "k":
        return num(f["hour"], 2, " ")
    if c == "I":
        return num(hour12, 2)
    if c == "l":
        return num(hour12, 2, " ")
    if c == "p":
        return "AM" if f["hour"] < 12 else "PM"
    if c == "M":
        return num(f["minute"], 2)
    if c == "S":
        return num(f["second"], 2)
    if c == "f":
        return "%06d" % f["microsecond"]
    if c == "z":
        return f["zone"] or ""
    if c == "Z":
        return f["tzname"] or ""
    if c == "j":
        return num(f["yday"], 3)
    if c == "U":
        return num((yday0 + 7 - sunday0) // 7, 2)
    if c == "W":
        return num((yday0 + 7 - f["weekday"]) // 7, 2)
    if c == "s":
        return str(f["epoch"])
    if c == "n":
        return "\n"
    if c == "t":
        return "\t"
    if c == "%":
        return "%"
    # Directives made of others.
    composite = {
        "c": "%a %b %e %H:%M:%S %Y",
        "x": "%m/%d/%y",
        "X": "%H:%M:%S",
        "D": "%m/%d/%y",
        "F": "%Y-%m-%d",
        "T": "%H:%M:%S",
        "R": "%H:%M",
        "r": "%I:%M:%S %p",
    }.get(c)
    if composite is not None:
        return strftime(composite, f)
    return None


def strftime(fmt, fields):
    if not isinstance(fmt, str):
        raise TypeError("strftime() argument 1 must be str, not %s" % type(fmt).__name__)
    out = []
    i, n = 0, len(fmt)
    while i < n:
        c = fmt[i]
        if c != "%" or i + 1 >= n:
            out.append(c)
            i += 1
            continue
        j = i + 1
        pad = True
        if fmt[j] == "-" and j + 1 < n:
            pad = False
            j += 1
        if fmt[j] in "EO" and j + 1 < n:
            j += 1
        text = _directive(fmt[j], fields, pad)
        if text is None:
            out.append(fmt[i : j + 1])
        else:
            out.append(text)
        i = j + 1
    return "".join(out)


# ---- ISO 8601 parsing: each returns a tuple of fields, or None when the
# text is not in a form fromisoformat accepts.


def _digits(s, start, count):
    part = s[start : start + count]
    if len(part) != count or not part.isdigit() or not part.isascii():
        return None
    return int(part)


def parse_iso_date(s):
    """(year, month, day) of YYYY-MM-DD, YYYYMMDD, YYYY-Www[-D], YYYYWww[D]."""
    year = _digits(s, 0, 4)
    if year is None:
        return None
    extended = s[4:5] == "-"
    rest = s[5:] if extended else s[4:]
    if rest[:1] == "W":
        week = _digits(rest, 1, 2)
        if week is None:
            return None
        tail = rest[3:]
        day = 1
        if tail:
            if extended:
                if tail[:1] != "-":
                    return None
                tail = tail[1:]
            day = _digits(tail, 0, 1)
            if day is None or len(tail) != 1:
                return None
        from _datetime_calendar import _iso_to_ymd

        try:
            return _iso_to_ymd(year, week, day)
        except ValueError:
            # A week or weekday out of range: not an ISO date at all.
            return None
    if extended:
        month, day = _digits(rest, 0, 2), _digits(rest, 3, 2)
        if rest[2:3] != "-" or len(rest) != 5:
            return None
    else:
        month, day = _digits(rest, 0, 2), _digits(rest, 2, 2)
        if len(rest) != 4:
            return None
    if month is None or day is None:
        return None
    return year, month, day


def _parse_clock(s):
    # (hour, minute, second, microsecond) of HH[:MM[:SS[.f+]]] or the
    # basic HH[MM[SS[.f+]]]; None if malformed.
    hour = _digits(s, 0, 2)
    if hour is None:
        return None
    minute = second = us = 0
    pos = 2
    extended = s[2:3] == ":"
    parts = [hour]
    while pos < len(s) and len(parts) < 3:
        if extended:
            if s[pos] != ":":
                break
            pos += 1
        value = _digits(s, pos, 2)
        if value is None:
            return None
        parts.append(value)
        pos += 2
    if len(parts) > 1:
        minute = parts[1]
    if len(parts) > 2:
        second = parts[2]
    if pos < len(s):
        if len(parts) < 3 or s[pos] not in ".,":
            return None
        digits = s[pos + 1 :]
        if not digits or not digits.isdigit() or not digits.isascii():
            return None
        # Beyond microseconds the digits are dropped.
        us = int((digits + "00000")[:6])
    return hour, minute, second, us


def _parse_zone(s):
    # "Z", or +HH[:MM[:SS[.ffffff]]] (also without colons), as
    # (sign, hours, minutes, seconds, microseconds).
    if s == "Z":
        return (1, 0, 0, 0, 0)
    sign = 1 if s[0] == "+" else -1
    clock = _parse_clock(s[1:])
    if clock is None:
        return None
    return (sign,) + clock


def parse_iso_time(s):
    """(hour, minute, second, microsecond, zone) of a time, zone None or
    the tuple _parse_zone gives."""
    if s[:1] == "T":
        s = s[1:]
    zone = None
    for i in range(len(s)):
        if s[i] in "+-Z":
            zone = _parse_zone(s[i:])
            if zone is None:
                return None
            s = s[:i]
            break
    clock = _parse_clock(s)
    if clock is None:
        return None
    return clock + (zone,)


def parse_iso_datetime(s):
    """(year, month, day, hour, minute, second, microsecond, zone)."""
    # The date part is as long as its form says: try the lengths that
    # forms of the date can have, longest first.
    for length in (10, 8, 7):
        head = s[:length]
        if len(head) < length:
            continue
        try:
            ymd = parse_iso_date(head)
        except ValueError:
            raise
        if ymd is None:
            continue
        rest = s[length:]
        if not rest:
            return ymd + (0, 0, 0, 0, None)
        # One separator character, then the time.
        clock = parse_iso_time(rest[1:]) if len(rest) > 1 else None
        if clock is None:
            return None
        return ymd + clock
    return None


# ---- strptime


# The values each numeric directive matches (%S allows leap seconds).
_FIELD_RANGES = {"m": (1, 12), "d": (1, 31), "H": (0, 23), "M": (0, 59), "S": (0, 61), "I": (1, 12), "j": (1, 366)}


def _strptime_error(text, fmt):
    return ValueError("time data %r does not match format %r" % (text, fmt))


def strptime(text, fmt):
    """(year, month, day, hour, minute, second, microsecond, zone)."""
    if not isinstance(text, str):
        raise TypeError("strptime() argument 1 must be str, not %s" % type(text).__name__)
    if not isinstance(fmt, str):
        raise TypeError("strptime() argument 2 must be str, not %s" % type(fmt).__name__)
    year, month, day, hour, minute, second, us = 1900, 1, 1, 0, 0, 0, 0
    hour12 = None
    pm = None
    yday = None
    zone = None
    i = pos = 0
    while i < len(fmt):
        c = fmt[i]
        if c.isspace():
            while pos < len(text) and text[pos].isspace():
                pos += 1
            i += 1
            continue
        if c != "%":
            if pos >= len(text) or text[pos] != c:
                raise _strptime_error(text, fmt)
            pos += 1
            i += 1
            continue
        if i + 1 >= len(fmt):
            raise ValueError("stray %% in format %r" % (fmt,))
        d = fmt[i + 1]
        i += 2
        if d == "%":
            if text[pos : pos + 1] != "%":
                raise _strptime_error(text, fmt)
            pos += 1
            continue
        if d in "YmdHMSfyjI":
            width = {"Y": 4, "f": 6, "j": 3}.get(d, 2)
            end = pos
            while end < len(text) and end - pos < width and text[end].isdigit():
                end += 1
            if end == pos:
                raise _strptime_error(text, fmt)
            value = int(text[pos:end])
            if d == "f":
                value = int(text[pos:end].ljust(6, "0"))
            low, high = _FIELD_RANGES.get(d, (0, value))
            if not low <= value <= high:
                # The number does not fit the directive: no match.
                raise _strptime_error(text, fmt)
            pos = end
            if d == "Y":
                year = value
            elif d == "y":
                year = value + (2000 if value < 69 else 1900)
            elif d == "m":
                month = value
            elif d == "d":
                day = value
            elif d == "H":
                hour = value
            elif d == "I":
                hour12 = value
            elif d == "M":
                minute = value
            elif d == "S":
                second = value
            elif d == "f":
                us = value
            elif d == "j":
                yday = value
            continue
        if d in "bBaAp":
            if d in "bB":
                names = _MONTH_NAMES[1:] if d == "B" else _MONTH_ABBR[1:]
            elif d in "aA":
                names = _DAY_NAMES if d == "A" else _DAY_ABBR
            else:
                names = ("AM", "PM")
            found = None
            # Longest names first, so "May" does not stop "Mayday" short.
            for k, name in sorted(enumerate(names), key=lambda kn: -len(kn[1])):
                if text[pos : pos + len(name)].lower() == name.lower():
                    found = k
                    pos += len(name)
                    break
            if found is None:
                raise _strptime_error(text, fmt)
            if d in "bB":
                month = found + 1
            elif d == "p":
                pm = found == 1
            continue
        if d == "z":
            end = pos
            while end < len(text) and (text[end].isdigit() or text[end] in "+-:.Z"):
                end += 1
            zone = _parse_zone(text[pos:end]) if end > pos else None
            if zone is None:
                raise _strptime_error(text, fmt)
            pos = end
            continue
        if d == "Z":
            for name in ("UTC", "GMT"):
                if text[pos : pos + 3].upper() == name:
                    pos += 3
                    break
            else:
                raise _strptime_error(text, fmt)
            continue
        raise ValueError("%r is a bad directive in format %r" % (d, "%" + d))
    if pos != len(text):
        raise ValueError("unconverted data remains: %s" % text[pos:])
    if hour12 is not None:
        hour = hour12 % 12 + (12 if pm else 0)
    if yday is not None:
        from _datetime_calendar import _ordinal_to_ymd, _ymd_to_ordinal

        year, month, day = _ordinal_to_ymd(_ymd_to_ordinal(year, 1, 1) + yday - 1)
    return year, month, day, hour, minute, second, us, zone
