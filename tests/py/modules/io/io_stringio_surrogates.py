# io.StringIO keeps lone surrogates: written, read back, counted as one
# code point each by tell/seek/truncate.
import io

f = io.StringIO('a\ud800')
print(f.tell(), ascii(f.read()), f.tell())
f.write('\udc80b\ufffd')
print(ascii(f.getvalue()), f.tell())
f.seek(1)
print(ascii(f.read(2)), f.tell(), ascii(f.read()))
f.seek(2)
f.write('\udfff')
print(ascii(f.getvalue()))
print(f.truncate(3), ascii(f.getvalue()))

g = io.StringIO('x\ud800\ny\udc00\n\ud83d\ude00')
print(ascii(g.readline()), ascii(g.readline(1)), ascii(g.readlines()))
g.seek(0)
print(ascii(list(g)))
print(ascii(io.StringIO(initial_value='\udbff').getvalue()))

# Two lone halves written apart stay two code points.
h = io.StringIO()
h.write('\ud83d')
h.write('\ude00')
print(ascii(h.getvalue()), len(h.getvalue()), h.tell())
h.seek(0)
print(ascii(h.read(1)), ascii(h.read(1)))
