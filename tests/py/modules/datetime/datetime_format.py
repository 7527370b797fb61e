# strftime, __format__, isoformat/fromisoformat round trips, strptime.
from datetime import datetime, date, time, timedelta, timezone

dt = datetime(2009, 7, 4, 21, 5, 9, 42, tzinfo=timezone(timedelta(hours=-4), "EDT"))
for fmt in (
    "%Y-%m-%d %H:%M:%S.%f",
    "%y %b %B %a %A",
    "%j %p %I %z %Z %%",
    "%U %W %V %G %u %w",
    "%c|%x|%X",
    "%e|%k|%l|%C|%D|%F|%T|%R|%h",
    "%-d %-m %-H %-I %-j",
    "%Ey %Od %Q %",
    "no directives",
    "",
):
    print(repr(fmt), repr(dt.strftime(fmt)))
print(f"{dt:%d/%m/%Y}", "{:%H:%M}".format(dt), format(dt, ""), f"{dt}")
naive = datetime(2024, 12, 30, 0, 0, 0)
print(naive.strftime("%z|%Z|%I %p|%G-W%V-%u|%U|%W|%j"), datetime(2024, 12, 30, 12).strftime("%I %p"), datetime(2024, 1, 1, 13).strftime("%I %p"))
print(date(2021, 1, 3).strftime("%Y %m %d %H %M %S %f %a %j %U %W"), f"{date(2021, 1, 3):%A %d %B %Y}")
print(time(14, 5, 7, 8).strftime("%H:%M:%S.%f %I%p %Y-%m-%d"), f"{time(9, 30):%H.%M}", time(1, tzinfo=timezone.utc).strftime("%z %Z"))
print(datetime(5, 1, 1).strftime("%Y|%y|%G|%C"), datetime(1, 1, 1).strftime("%c"), datetime(2000, 2, 29).strftime("%s"))
for month in range(1, 13):
    d = date(2023, month, 1)
    print(d.strftime("%b %B %a %A %U %W %V"), end="; ")
print()

# isoformat and fromisoformat round trips.
values = [
    date(2020, 1, 2),
    time(1, 2),
    time(1, 2, 3, 4),
    time(23, 59, tzinfo=timezone(timedelta(hours=5, minutes=45))),
    datetime(2020, 1, 2, 3, 4, 5, 6),
    datetime(2020, 1, 2, 3, 4, 5, tzinfo=timezone.utc),
    datetime(2020, 1, 2, tzinfo=timezone(-timedelta(hours=9, minutes=30, seconds=15))),
]
for v in values:
    text = v.isoformat()
    back = type(v).fromisoformat(text)
    print(text, back == v, repr(back))

for s in ["2020-01-02", "20200102", "2020-W01", "2020W01", "2020-W01-3", "2020W013", "2020-W53-7", "2021-02-28"]:
    print(s, date.fromisoformat(s))
for s in ["12", "12:30", "1230", "12:30:15", "123015", "12:30:15.1", "12:30:15.1234567", "12:30:15,5", "12:30:15.123Z", "12:30+01:00", "12:30-0130", "12:30+01", "12:30:15+01:00:30.5", "T12:30"]:
    print(s, repr(time.fromisoformat(s)))
for s in ["2020-01-02T12:30", "2020-01-02 12:30:15.5+05:30", "20200102T123015Z", "2020-01-02x12", "2020-W01-3T10", "2020-01-02", "2020W013T1030", "2011-11-04T00:05:23+04:00"]:
    print(s, repr(datetime.fromisoformat(s)))

# strptime
for text, fmt in [
    ("2021-03-04 05:06", "%Y-%m-%d %H:%M"),
    ("04/03/21 11:59:01 PM", "%d/%m/%y %I:%M:%S %p"),
    ("Mar 4 2021", "%b %d %Y"),
    ("Thursday, 4 March 2021", "%A, %d %B %Y"),
    ("2021-063", "%Y-%j"),
    ("12:00:00.5 +0130", "%H:%M:%S.%f %z"),
    ("2021-03-04T05:06:07Z", "%Y-%m-%dT%H:%M:%S%z"),
    ("100%", "100%%"),
    ("1999 UTC", "%Y %Z"),
    ("  2021   7 ", " %Y %m "),
]:
    print(repr(text), repr(datetime.strptime(text, fmt)))


def attempt(label, fn):
    try:
        print(label, repr(fn()))
    except Exception as e:
        print(label, type(e).__name__, e)


for s in ["2020-01", "2020-1-2", "2020-01-02T", "2020-13-01", " 2020-01-02", "", "2020-02-30", "2020-W54", "2020-W01-8", "20200102T", "2020-01-02T25:00"]:
    attempt("date/datetime " + repr(s), lambda: datetime.fromisoformat(s))
for s in ["24:00", "12:30:", "12:30:15.", "1", "12:3", "12:30+1", "12:60"]:
    attempt("time " + repr(s), lambda: time.fromisoformat(s))
attempt("date not str", lambda: date.fromisoformat(20200102))
attempt("time not str", lambda: time.fromisoformat(None))
attempt("strftime not str", lambda: date(2020, 1, 1).strftime(5))
attempt("format not str", lambda: format(date(2020, 1, 1), 5))
attempt("strptime mismatch", lambda: datetime.strptime("2021-03", "%Y/%m"))
attempt("strptime extra", lambda: datetime.strptime("2021-03-04x", "%Y-%m-%d"))
attempt("strptime range", lambda: datetime.strptime("2021-13-04", "%Y-%m-%d"))
