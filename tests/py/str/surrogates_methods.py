# Lone surrogates through the splitting, stripping, searching and
# replacing str methods: kept exactly, never turned into U+FFFD.
s = 'a\ud800 b\udc80\t\ud800c\n\udfffd'
show = lambda x: print(ascii(x))

# split / rsplit, by whitespace and by a separator, with maxsplit.
show(s.split())
show(s.split(None, 1))
show(s.rsplit())
show(s.rsplit(None, 1))
show(s.split('\ud800'))
show(s.split('\ud800', 1))
show(s.rsplit('\ud800', 1))
show(s.split(sep='\udc80'))
show(s.rsplit(maxsplit=2))
show('x\ufffdy\ud800z'.split('\ufffd'))
show('x\ufffdy\ud800z'.split('\ud800'))
show('plain text'.split('\ud800'))
show(' \ud800 '.split())
try:
    s.split('')
except ValueError as e:
    print('ValueError', e)

# splitlines: a surrogate is not a line break.
show(s.splitlines())
show(s.splitlines(True))
show('\ud800\r\n\udc00\x0b\u2028x'.splitlines(keepends=True))

# strip / lstrip / rstrip, with and without chars holding surrogates.
t = ' \ud800\udc80 mid \udc80\ud800 '
show(t.strip())
show(t.lstrip())
show(t.rstrip())
show(t.strip(' \ud800'))
show(t.strip(' \ud800\udc80'))
show(t.lstrip(' \ud800'))
show(t.rstrip('\ud800 '))
show('\ufffdx\ufffd'.strip('\ud800'))
show('\ud800x\ud800'.strip('\ufffd'))
show('abcba'.strip('\ud800a'))

# partition / rpartition.
show(s.partition('\ud800'))
show(s.rpartition('\ud800'))
show(s.partition('\ud801'))
show(s.rpartition('\ud801'))
show('plain'.partition('\ud800'))
show(s.partition(' '))
show('a\ufffdb'.partition('\ud800'))

# replace: old and new with or without surrogates, and a count.
show(s.replace('\ud800', '<>'))
show(s.replace('\ud800', '<>', 1))
show(s.replace('b', '\udbff'))
show('abcb'.replace('b', '\udbff'))
show('abcb'.replace('b', '\udbff', 1))
show(s.replace('', '|'))
show('\ud800\ud800'.replace('', '\udc00', 2))
show(s.replace('\udc80', ''))
show('a\ufffd\ud800'.replace('\ufffd', 'F'))
show('a\ufffd\ud800'.replace('\ud800', 'S'))
show(s.replace('zz', 'q') == s)

# removeprefix / removesuffix.
show('\ud800abc\udc00'.removeprefix('\ud800a'))
show('\ud800abc\udc00'.removeprefix('\ufffda'))
show('\ud800abc\udc00'.removesuffix('c\udc00'))

# join results (already exact).
show('\ud800'.join(['a', 'b\udc00', '']))
show(''.join(s.split('\ud800')) == s.replace('\ud800', ''))
