# Checks DictReader (fieldnames from the first row or given, restkey,
# restval, blank lines skipped, line_num) and DictWriter (writeheader,
# restval, extrasaction 'raise'/'ignore', the ValueError messages,
# dialect keyword arguments passed through).
import csv
import io

s = io.StringIO("name,age\nbob,3\n\namy,4,extra,more\ncat\n")
r = csv.DictReader(s)
print(r.fieldnames, r.line_num)
for row in r:
    print(row, r.line_num)

r = csv.DictReader(io.StringIO("a;b\n1;2;3\n4\n"), delimiter=';',
                   restkey='R', restval='V')
print(list(r))
r = csv.DictReader(["1,2", "3,4"], fieldnames=['x', 'y'])
print(list(r), r.fieldnames)
r = csv.DictReader(["1,2"], fieldnames=('p', 'q'))
print(r.fieldnames, list(r))
r = csv.DictReader([])
print(r.fieldnames, list(r))
r = csv.DictReader(["", "", "a,b", "1,2"])
print(r.fieldnames, list(r))
r = csv.DictReader(['a,b', '1,2'])
print(r.restkey, r.restval, r.dialect, r.reader.dialect.delimiter)
print(next(r))
try:
    next(r)
except StopIteration:
    print("StopIteration")
r = csv.DictReader(['a,b', '1,2'])
r.fieldnames = ['X', 'Y']
print(list(r))

s = io.StringIO()
w = csv.DictWriter(s, ['a', 'b', 'c'], restval='?')
print(w.writeheader())
print(w.writerow({'a': 1, 'c': 'x,y'}))
print(w.writerows([{'b': 2}, {}]))
try:
    w.writerow({'a': 1, 'zz': 2})
except ValueError as e:
    print("ValueError:", e)
print(repr(s.getvalue()))

s = io.StringIO()
w = csv.DictWriter(s, ['a'], extrasaction='ignore')
w.writerow({'a': 1, 'q': 2})
w = csv.DictWriter(s, ['a'], extrasaction='IGNORE')
print(repr(s.getvalue()))
try:
    csv.DictWriter(s, ['a'], extrasaction='foo')
except ValueError as e:
    print("ValueError:", e)

s = io.StringIO()
w = csv.DictWriter(s, ('k', 'l'), delimiter='|', quoting=csv.QUOTE_ALL)
w.writeheader()
w.writerow({'k': 'v'})
print(repr(s.getvalue()))
print(w.fieldnames, repr(w.restval), w.extrasaction)

# Round trip through a file.
rows = [{'id': 1, 'text': 'plain'}, {'id': 2, 'text': 'has "quotes", commas\nand a newline'}]
with open("csv_dict_tmp.csv", "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=['id', 'text'])
    w.writeheader()
    w.writerows(rows)
with open("csv_dict_tmp.csv", newline="") as f:
    for row in csv.DictReader(f):
        print(row)
import os
os.remove("csv_dict_tmp.csv")
