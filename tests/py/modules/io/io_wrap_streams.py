# io.TextIOWrapper and io.Buffered* over streams that are not files: a
# BytesIO, or a class of the program's own (written in Python by capy).
import io

t = io.TextIOWrapper(io.BytesIO(b"one\r\ntwo\nthr\xc3\xa9e"), encoding="utf-8")
print(t.readline(), t.readlines(), t.encoding)
t = io.TextIOWrapper(io.BytesIO(b"a\r\nb"), encoding="utf-8", newline="")
print(repr(t.read()))
print(list(io.TextIOWrapper(io.BytesIO(b"x\ny\n"), encoding="ascii")))

raw = io.BytesIO()
w = io.TextIOWrapper(raw, encoding="latin-1")
print(w.write("caf\xe9\n"), end=" ")
w.flush()
print(raw.getvalue())

r = io.BufferedReader(io.BytesIO(b"line1\nline2\nrest"))
print(r.read(3), r.readline(), r.read(), r.read())

bw = io.BufferedWriter(io.BytesIO(), 4)
print(bw.write(b"abcdefghij"))
bw.flush()
print(bw.raw.getvalue())


class Sink(io.RawIOBase):
    def __init__(self):
        self.chunks = []

    def writable(self):
        return True

    def write(self, b):
        self.chunks.append(bytes(b))
        return len(b)


s = Sink()
out = io.BufferedWriter(s, 16)
out.write(b"hello ")
out.write(b"world")
out.flush()
print(b"".join(s.chunks))
