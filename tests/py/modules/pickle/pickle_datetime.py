# gc-stress: every=10 (it pickles thousands of values: a collection per allocation takes minutes)
# Checks CPython-identical pickles of datetime.date/datetime/time/timedelta/
# timezone (the compact bytes state), and that CPython-made datetime pickles
# load.
import datetime
import pickle

values = [
    datetime.date(1980, 5, 7),
    datetime.date(1, 1, 1),
    datetime.date(9999, 12, 31),
    datetime.datetime(2001, 2, 3, 4, 5, 6, 7),
    datetime.datetime(2001, 2, 3, 4, 5, 6, 999999, fold=1),
    datetime.datetime(2020, 12, 31, 23, 59, 59, 123456, tzinfo=datetime.timezone.utc),
    datetime.time(1, 2, 3, 4),
    datetime.time(23, 59, 59, 654321, fold=1),
    datetime.time(12, 0, tzinfo=datetime.timezone(datetime.timedelta(hours=-5), "EST")),
    datetime.timedelta(1, 2, 3),
    datetime.timedelta(-1),
    datetime.timezone.utc,
    datetime.timezone(datetime.timedelta(hours=1), "X"),
]
for v in values:
    for p in range(6):
        data = pickle.dumps(v, p)
        back = pickle.loads(data)
        print(repr(v), p, data)
        print("  ->", repr(back), back == v, type(back) is type(v), getattr(back, "fold", None))

# The record the pyperformance pickle benchmark uses.
record = {"birthday": datetime.date(1980, 5, 7), "tags": ["a", "b"], "id": 302935349}
print(pickle.dumps(record, 5))

# Pickles made by CPython 3.11.
made_by_cpython = [
    b'\x80\x05\x95 \x00\x00\x00\x00\x00\x00\x00\x8c\x08datetime\x94\x8c\x04date\x94\x93\x94C\x04\x07\xbc\x05\x07\x94\x85\x94R\x94.',
    b'cdatetime\ndate\np0\n(c_codecs\nencode\np1\n(V\x07\xbc\x05\x07\np2\nVlatin1\np3\ntp4\nRp5\ntp6\nRp7\n.',
    b'\x80\x02cdatetime\ndatetime\nq\x00c_codecs\nencode\nq\x01X\x0b\x00\x00\x00\x07\xc3\x91\x02\x03\x04\x05\x06\x00\x00\x07q\x02X\x06\x00\x00\x00latin1q\x03\x86q\x04Rq\x05\x85q\x06Rq\x07.',
    b'\x80\x03cdatetime\ntime\nq\x00C\x06\x01\x02\x03\x00\x00\x04q\x01\x85q\x02Rq\x03.',
    b'\x80\x04\x957\x00\x00\x00\x00\x00\x00\x00\x8c\x08datetime\x94\x8c\x08timezone\x94\x93\x94h\x00\x8c\ttimedelta\x94\x93\x94K\x00K\x00K\x00\x87\x94R\x94\x85\x94R\x94.',
]
for data in made_by_cpython:
    print(repr(pickle.loads(data)))
