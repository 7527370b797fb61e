# find/rfind/index/count/startswith with start and end, on ASCII and
# non-ASCII text and on bytes/bytearray (these borrow the receiver and
# use its stored length and offset index instead of scanning to `start`).
texts = ['abcabc', 'αβγαβγ', 'aé\nbé\ncé\n' * 40, '', 'é']
needles = ['', 'a', 'β', 'é\n', 'c', 'zz']
bounds = [(), (0,), (2,), (-2,), (100,), (1, 4), (-5, -1), (3, 2), (0, 100), (7, None), (None, 5)]
for t in texts:
    for n in needles:
        for b in bounds:
            r = [t.find(n, *b), t.rfind(n, *b), t.count(n, *b)]
            try:
                r.append(t.index(n, *b))
            except ValueError as e:
                r.append(str(e))
            if len(b) <= 2:
                r.append(t.startswith(n, *b))
                r.append(t.endswith((n, 'x'), *b))
            print(repr(t[:8]), repr(n), b, r)

# A parser's scan: every line found from the previous one.
s = 'héllo\nwörld\n' * 500
pos, lines = 0, 0
while True:
    p = s.find('\n', pos)
    if p < 0:
        break
    lines += 1
    pos = p + 1
print(lines, pos, len(s))

for cls in (bytes, bytearray):
    data = cls(b'ab\ncd\n' * 300)
    pos, lines = 0, 0
    while (p := data.find(b'\n', pos)) >= 0:
        lines += 1
        pos = p + 1
    print(cls.__name__, lines, pos)
    d = cls(b'abcabc')
    for n in [b'', b'a', b'c', b'zz', 99]:
        for b in bounds:
            r = [d.find(n, *b), d.rfind(n, *b), d.count(n, *b)]
            if len(b) <= 2 and not isinstance(n, int):
                r.append(d.startswith(n, *b))
                r.append(d.endswith((n, b'x'), *b))
            print(cls.__name__, n, b, r)
    print(d.isupper(), d.islower(), d.isalpha(), cls(b'AB').isupper(), cls(b'').isdigit())

class B(bytes):
    pass
print(B(b'xyz').find(b'z'), B(b'xyz').startswith(b'x', 0), B(b'xyz').count(b'y', 1, 2))
try:
    b'abc'.find('a')
except TypeError as e:
    print('TypeError', e)
