"""_iowrap for capy: io.BufferedReader/BufferedWriter/BufferedRandom and
io.TextIOWrapper over a stream that is not one of capy's files (a
BytesIO, a class of the program's own with read/write methods).

io's native classes wrap capy's own files; for any other stream their
constructor hands over to these, which work through the stream's methods.
The writer keeps MicroPython's policy: bytes wait in the buffer until it
is full, then whole buffers go out; a raw write that returns None
(nothing written) raises BlockingIOError, an OSError. The text wrapper
reads the rest of its stream at its first read and decodes it whole.
"""

DEFAULT_BUFFER_SIZE = 8192


class _Lines:
    """Iteration by lines, through the class's own readline."""

    def __iter__(self):
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line


class _Wrapper(_Lines):
    def __init__(self, raw, buffer_size=DEFAULT_BUFFER_SIZE):
        if buffer_size <= 0:
            raise ValueError("buffer size must be strictly positive")
        self.raw = raw
        self._size = buffer_size
        self._out = bytearray()
        self._in = b""

    @property
    def closed(self):
        return getattr(self.raw, "closed", False)

    @property
    def name(self):
        return self.raw.name

    def readable(self):
        return self.raw.readable() if hasattr(self.raw, "readable") else hasattr(self.raw, "read")

    def writable(self):
        return self.raw.writable() if hasattr(self.raw, "writable") else hasattr(self.raw, "write")

    def seekable(self):
        return self.raw.seekable() if hasattr(self.raw, "seekable") else False

    def fileno(self):
        return self.raw.fileno()

    def isatty(self):
        return False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __hash__(self):
        return id(self) >> 4

    # ---- writing

    def _write_out(self, data):
        n = self.raw.write(data)
        if n is None:
            raise BlockingIOError(11, "write could not complete without blocking")
        return n

    def write(self, b):
        if self.closed:
            raise ValueError("write to closed file")
        n = len(b)
        self._out += b
        while len(self._out) >= self._size:
            done = self._write_out(self._out[: self._size])
            del self._out[:done]
        return n

    def flush(self):
        while self._out:
            done = self._write_out(self._out)
            del self._out[:done]
        if hasattr(self.raw, "flush"):
            self.raw.flush()

    # ---- reading

    def read(self, size=-1):
        if size is None or size < 0:
            rest = self.raw.read()
            data = self._in + (rest or b"")
            self._in = b""
            return data
        while len(self._in) < size:
            more = self.raw.read(max(self._size, size - len(self._in)))
            if not more:
                break
            self._in += more
        data, self._in = self._in[:size], self._in[size:]
        return data

    def read1(self, size=-1):
        return self.read(size)

    def peek(self, size=0):
        if not self._in:
            self._in = self.raw.read(self._size) or b""
        return self._in

    def readinto(self, buf):
        data = self.read(len(buf))
        buf[: len(data)] = data
        return len(data)

    def readline(self, size=-1):
        out = bytearray()
        while size is None or size < 0 or len(out) < size:
            c = self.read(1)
            if not c:
                break
            out += c
            if c == b"\n":
                break
        return bytes(out)

    def readlines(self):
        return list(self)

    def seek(self, pos, whence=0):
        self.flush()
        if whence == 1:
            pos -= len(self._in)
        self._in = b""
        return self.raw.seek(pos, whence)

    def tell(self):
        return self.raw.tell() - len(self._in) + len(self._out)

    def detach(self):
        self.flush()
        raw, self.raw = self.raw, None
        return raw

    def close(self):
        if self.raw is None or self.closed:
            return
        try:
            self.flush()
        finally:
            if hasattr(self.raw, "close"):
                self.raw.close()


class BufferedWriter(_Wrapper):
    pass


class BufferedReader(_Wrapper):
    pass


class BufferedRandom(_Wrapper):
    pass


class TextIOWrapper(_Lines):
    """Text over a binary stream: str in and out, encoded with
    `encoding`, newlines translated as `newline` says."""

    def __init__(self, buffer, encoding=None, errors=None, newline=None, line_buffering=False):
        if newline not in (None, "", "\n", "\r", "\r\n"):
            raise ValueError("illegal newline value: %r" % (newline,))
        self.buffer = buffer
        self.encoding = "utf-8" if encoding in (None, "locale") else encoding
        "".encode(self.encoding)  # LookupError for an unknown codec
        self.errors = errors or "strict"
        self._newline = newline
        self.line_buffering = line_buffering
        self._pending = ""
        self._eof = False

    @property
    def closed(self):
        return getattr(self.buffer, "closed", False)

    @property
    def name(self):
        return self.buffer.name

    @property
    def newlines(self):
        return None

    def _decode(self, data):
        text = data.decode(self.encoding, self.errors)
        if self._newline is None:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        return text

    def _fill(self):
        # The rest of the stream, decoded at once: no multi-byte character
        # or "\r\n" is cut between two reads.
        if not self._eof:
            self._pending += self._decode(self.buffer.read() or b"")
            self._eof = True

    def read(self, size=-1):
        self._fill()
        if size is None or size < 0:
            size = len(self._pending)
        text, self._pending = self._pending[:size], self._pending[size:]
        return text

    def readline(self, size=-1):
        self._fill()
        ends = "\n" if self._newline in (None, "", "\n") else self._newline
        i = self._pending.find(ends)
        cut = len(self._pending) if i < 0 else i + len(ends)
        if size is not None and 0 <= size < cut:
            cut = size
        line, self._pending = self._pending[:cut], self._pending[cut:]
        return line

    def readlines(self):
        return list(self)

    def write(self, s):
        if not isinstance(s, str):
            raise TypeError("write() argument must be str, not " + type(s).__name__)
        text = s
        if self._newline not in (None, "", "\n"):
            text = text.replace("\n", self._newline)
        self.buffer.write(text.encode(self.encoding, self.errors))
        if self.line_buffering and ("\n" in s or "\r" in s):
            self.flush()
        return len(s)

    def flush(self):
        if hasattr(self.buffer, "flush"):
            self.buffer.flush()

    def readable(self):
        return self.buffer.readable()

    def writable(self):
        return self.buffer.writable()

    def seekable(self):
        return self.buffer.seekable()

    def seek(self, pos, whence=0):
        self._pending = ""
        self._eof = False
        return self.buffer.seek(pos, whence)

    def tell(self):
        return self.buffer.tell() - len(self._pending.encode(self.encoding, self.errors))

    def detach(self):
        b, self.buffer = self.buffer, None
        return b

    def close(self):
        if self.buffer is not None and not self.closed:
            self.flush()
            self.buffer.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
