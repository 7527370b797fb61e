# Checks csv.reader: quoting, escaping, embedded newlines, blank lines,
# skipinitialspace, QUOTE_NONNUMERIC/QUOTE_NONE, strict mode, line_num,
# field_size_limit, reading from io.StringIO and a file opened with
# newline='', and the csv.Error messages for malformed input.
import csv
import io


def rd(lines, **k):
    out = []
    try:
        r = csv.reader(lines, **k)
        for row in r:
            out.append(row)
        print(out, r.line_num)
    except Exception as e:
        print(out, type(e).__name__ + ":", e)


rd(['a,b,c\n', '1,2,3\n'])
rd(['a,b\x00c\n'])
rd(['a,"b\nc"\n'])
rd(['a,"b\n', 'c"\n', 'd\n'])
rd(['a,"b'])
rd(['a,"b'], strict=True)
rd(['a,"b"c,d'])
rd(['a,"b"c,d'], strict=True)
rd(['a\rb\n'])
rd(['a\r\n', '\n', '', 'b'])
rd(['a\\,b,c\n'], escapechar='\\')
rd(['"a\\"b",c\n'], escapechar='\\', doublequote=False)
rd(['"a""b",c\n'])
rd(['a, b,  "c"\n'], skipinitialspace=True)
rd(['1,2.5,"x",,-3\n'], quoting=csv.QUOTE_NONNUMERIC)
rd(['1,2.5,"x",,abc\n'], quoting=csv.QUOTE_NONNUMERIC)
rd(['1,"2",3\n'], quoting=csv.QUOTE_NONE)
rd(['a,"b,c",1'], quotechar=None)
rd(['a\\\n', 'b\n'], escapechar='\\')
rd(['a\\'], escapechar='\\')
rd(['"a\\'], escapechar='\\')
rd([1])
rd([b'a'])
rd(['a\tb\n'], dialect='excel-tab')
rd(['a;b\n'], delimiter=';')
rd(["'a;b';c\n"], delimiter=';', quotechar="'")
rd(['"a",b', '"x\r\ny"'])
rd([' "a" ,b\n'])
rd(['"a" ,b\n'])
rd(['"a" ,b\n'], strict=True)
rd(['a"b,c\n'])
rd(['""\n', '"",""\n', ',\n'])
rd(['a,\n'])
rd(iter(['x,y', 'z']))

print(csv.field_size_limit())
print(csv.field_size_limit(10))
rd(['x' * 10])
rd(['x' * 11])
rd(['"' + 'x' * 20 + '"'])
print(csv.field_size_limit(131072))

r = csv.reader(io.StringIO('h1,h2\r\n"multi\r\nline",2\r\n'))
print(next(r), r.line_num)
print(next(r), r.line_num)
try:
    next(r)
except StopIteration:
    print("StopIteration")
print(iter(r) is r)

with open("csv_reader_tmp.csv", "w", newline="") as f:
    f.write('a,"b\r\nc",d\r\n1,2,3\r\n')
with open("csv_reader_tmp.csv", newline="") as f:
    print(list(csv.reader(f)))
import os
os.remove("csv_reader_tmp.csv")
