# str.encode / bytes.decode with every standard error handler, for each
# codec: results, or the exception with CPython's message and attributes.
HANDLERS = ['strict', 'ignore', 'replace', 'backslashreplace', 'xmlcharrefreplace',
            'namereplace', 'surrogateescape', 'surrogatepass']
CODECS = ['utf-8', 'utf-16', 'utf-16-le', 'utf-16-be', 'utf-32', 'utf-32-le', 'utf-32-be',
          'latin-1', 'ascii']


def show(label, f):
    try:
        r = f()
        print(label, ascii(r))
    except UnicodeError as e:
        print(label, type(e).__name__, e, '|', e.encoding, ascii(e.object), e.start, e.end, e.reason)
    except Exception as e:
        print(label, type(e).__name__, e)


TEXTS = ['é€😀', 'a\ud800\udc80b', '\udcff\udc80x', 'plain']
DATA = [b'a\xff\xfe\x80b', b'\xed\xa0\x80', b'\xed\xb2\x80x', b'\xf0\x90\x80', b'\xc3',
        b'\x00\xd8a\x00', b'\x00\xdc', b'a\x00b', b'\x00\xd8', b'\x00\x00\x11\x00',
        b'\xff\xfe\x00\xd8', b'\xfe\xff\xd8\x00', b'ok']
for h in HANDLERS:
    for enc in CODECS:
        for s in TEXTS:
            show(f'{h} {enc} {ascii(s)}', lambda: s.encode(enc, h))
        for b in DATA:
            show(f'{h} {enc} {b}', lambda: b.decode(enc, h))

# An unknown handler matters only when there is an error to handle.
show('bogus ok', lambda: 'x'.encode('ascii', 'bogus'))
show('bogus enc', lambda: 'é'.encode('ascii', 'bogus'))
show('bogus dec', lambda: b'\xff'.decode('ascii', 'bogus'))
show('unknown codec', lambda: 'x'.encode('nope'))
show('keywords', lambda: 'é'.encode(errors='xmlcharrefreplace', encoding='ascii'))
show('str()', lambda: str(b'a\xffb', 'utf-8', 'replace'))
show('bytes()', lambda: bytes('aé', 'latin-1'))

# The exceptions made by hand.
for e in [UnicodeEncodeError('ascii', 'aé', 1, 2, 'boom'),
          UnicodeEncodeError('ascii', 'aé€', 1, 3, 'boom'),
          UnicodeDecodeError('utf-8', b'a\xff', 1, 2, 'bad'),
          UnicodeDecodeError('utf-8', b'a\xff\xfe', 1, 3, 'bad')]:
    print(type(e).__name__, e, e.args, e.start, e.end, isinstance(e, ValueError))
try:
    UnicodeEncodeError('x')
except TypeError as e:
    print('TypeError', e)
