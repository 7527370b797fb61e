# Lone surrogates in str: made by chr(), literals and the surrogate error
# handlers, and kept exactly by the character-level operations.
s = '\ud800'
print(ascii(s), len(s), ord(s), repr(s), repr(chr(0xDFFF)), repr('a\udc80b'))
print(s == chr(0xD800), s == '\ufffd', s != '\ufffd', '\ufffd' == chr(0xFFFD))
print(repr("it's\udc80"), ascii('é\udc80\U0001F600'))

# Literals: escapes of every width, adjacent literals, raw strings.
print(ascii('\uD800' '\U0000dc00' "x"), len(r'\ud800'), ascii(('\ud800', 1)))
print(ascii('''a\udfff
b'''))

# len, indexing, slicing, iteration.
t = 'x' + s + 'y\udc00é'
print(len(t), ascii(t[1]), ascii(t[-2]), ascii(t[1:3]), ascii(t[::-1]), ascii(t[::2]))
print([ascii(c) for c in t], [ord(c) for c in t])
print(ascii(''.join(reversed(t))), ascii(list(t)[1]))

# Concatenation, join, repetition.
u = 'ab'
u += s
print(ascii(u), ascii(s + s), ascii(s * 3), ascii('-'.join(['a', s, 'b'])), ascii(s.join('xyz')))
print(ascii(f'<{s}>'), ascii('%s|' % s), ascii('{}|'.format(s)), ascii(str(s)), ascii(format(s)))

# Equality, hashing, ordering, dict and set keys.
print(hash(s) == hash(chr(0xD800)), s < '\ue000', s > '\ud7ff', '\ud800' < '\udc00')
print(sorted(['\uffff', '\ue000', s, 'a', '\U00010000']) == ['a', s, '\ue000', '\uffff', '\U00010000'])
d = {s: 1, '\ufffd': 2, '\udc00': 3}
print(len(d), d['\ud800'], d[chr(0xD800)], d['\ufffd'], d['\udc00'], '\udc00' in d, '\udbff' in d)
print(len({s, chr(0xD800), '\ufffd'}), '\ud800\udc00' == '\U00010000')

# Searching.
print(s in t, '\ufffd' in t, t.find('\udc00'), t.find('\ufffd'), t.count(s), t.index('y'))
print(t.rfind(s), t.startswith('x\ud800'), t.startswith('x\ufffd'), t.endswith('\udc00é'))

# Case mappings keep surrogates in place.
print(ascii('a\ud800b'.upper()), ascii('A\udc80B'.lower()), ascii('a\ud800b'.capitalize()),
      ascii('ab\ud800cd ef'.title()), ascii('Ab\ud800'.swapcase()))

# Round trips through the codecs.
for enc in ['utf-8', 'utf-16', 'utf-16-le', 'utf-16-be', 'utf-32', 'utf-32-le', 'utf-32-be']:
    b = t.encode(enc, 'surrogatepass')
    print(enc, b, ascii(b.decode(enc, 'surrogatepass')) == ascii(t), b.decode(enc, 'surrogatepass') == t)
raw = b'ok\xff\xfe\x80\xed\xa0\x80'
esc = raw.decode('utf-8', 'surrogateescape')
print(ascii(esc), len(esc), esc.encode('utf-8', 'surrogateescape') == raw)
print(ascii(b'\xe9\xff'.decode('ascii', 'surrogateescape')), '\udce9'.encode('latin-1', 'surrogateescape'))

# Writing one to a UTF-8 stream is an encode error.
try:
    s.encode()
except UnicodeEncodeError as e:
    print(e, '|', e.encoding, ascii(e.object), e.start, e.end, e.reason)
