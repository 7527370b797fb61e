# Checks csv.writer: minimal/all/nonnumeric/none quoting, doubling quotes,
# escapechar, lineterminator, non-string fields, the single empty field
# rule, writerow's return value (what write() returned), writerows, and
# the csv.Error / TypeError messages.
import csv
import io


def wr(rows, **k):
    s = io.StringIO()
    x = None
    try:
        w = csv.writer(s, **k)
        for r in rows:
            x = w.writerow(r)
        print(repr(s.getvalue()), x)
    except Exception as e:
        print(repr(s.getvalue()), type(e).__name__ + ":", e)


wr([['a', 'b,c', 'd"e', 'f\ng', 'h\ri', '', None, 1, 2.5, True, 1 + 2j, 10 ** 20, 1e100, 0.1]])
wr([['a', 'b,c', '', None, 1, 2.5, True]], quoting=csv.QUOTE_ALL)
wr([['a', 'b,c', '', None, 1, 2.5, True, -0.0]], quoting=csv.QUOTE_NONNUMERIC)
wr([['a', 'b,c']], quoting=csv.QUOTE_NONE)
wr([['a', 'b,c']], quoting=csv.QUOTE_NONE, escapechar='\\')
wr([['a"b']], quoting=csv.QUOTE_NONE, escapechar='\\')
wr([['a"b']], quoting=csv.QUOTE_NONE)
wr([['a"b']], doublequote=False)
wr([['a"b', 'c\\d']], doublequote=False, escapechar='\\')
wr([['c\\d']], escapechar='\\')
wr([['']])
wr([[None]])
wr([['', '']])
wr([['']], quoting=csv.QUOTE_NONE)
wr([[]])
wr([1])
wr(['abc'])
wr([('x', 'y')])
wr([(i * i for i in range(4))])
wr([['a b', ' c']], delimiter=' ')
wr([['a!b', 'c\nd', 'e\rf']], lineterminator='!')
wr([['a\tb', 'c']], dialect='excel-tab')
wr([['a', 'b']], dialect='unix')
wr([['a', '#b', 'c d', ' a']])
wr([['a'], ['b']], lineterminator='\n')
wr([['ab']], quotechar="'", quoting=csv.QUOTE_ALL)
wr([["a'b", 'c"d']], quotechar="'")
wr([['a', 'b']], quoting=csv.QUOTE_NONE, quotechar=None)
wr([['a"b']], quoting=csv.QUOTE_NONE, quotechar=None)
wr([['a"b,c']], quotechar=None)
wr([['a\nb']], quoting=csv.QUOTE_NONE, escapechar='\\')
wr([[1.0, -0.0, float('inf'), float('nan')]], quoting=csv.QUOTE_NONNUMERIC)


class Bad:
    def __str__(self):
        raise ValueError("nope")


wr([[Bad()]])

s = io.StringIO()
w = csv.writer(s)
print(w.writerows([[1, 2], [3, 4]]), repr(s.getvalue()))
print(repr(w.dialect.delimiter), repr(w.dialect.lineterminator))
try:
    w.writerows(5)
except Exception as e:
    print(type(e).__name__ + ":", e)
try:
    w.writerow()
except Exception as e:
    print(type(e).__name__ + ":", e)
try:
    csv.writer(5)
except Exception as e:
    print(type(e).__name__ + ":", e)


class Sink:
    # Any object with write() will do; writerow returns write's result.
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)
        return "wrote %d" % len(s)


k = Sink()
print(csv.writer(k, lineterminator=';').writerow(['p', 'q']), k.parts)

with open("csv_writer_tmp.csv", "w", newline="") as f:
    csv.writer(f).writerows([["x", "y\nz"], [1, 2]])
with open("csv_writer_tmp.csv", newline="") as f:
    print(repr(f.read()))
import os
os.remove("csv_writer_tmp.csv")
