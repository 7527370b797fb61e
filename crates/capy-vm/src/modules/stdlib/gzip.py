"""gzip for capy: reading and writing gzip (RFC 1952) data.

Frozen into the binary (modules/frozen.rs), compiled on first import.

Covers CPython 3.11's gzip: compress(data, compresslevel=9, *, mtime=None),
decompress(data) (several members, zero padding between them),
BadGzipFile, GzipFile over any binary file object (read, read1, peek,
readline, readlines, iteration, seek/tell, rewind in read mode; write,
flush, close in write mode; name, mode, mtime, closed, context manager)
and open() in binary and text modes.

Files: GzipFile(filename) and open(filename) go through the built-in
open(), so they have exactly its reach. capy grants no file system to
programs, so today a file name raises OSError; file objects (io.BytesIO,
or anything with read/write) work. Text mode ('rt', 'wt') is a small
wrapper of this module (capy has no io.TextIOWrapper): it decodes with
the given encoding (UTF-8 by default), translates newlines like
universal newlines on reading and writes '\\n' as it is.

Compressed bytes differ from CPython's (capy's deflate is not zlib's);
any gzip reader accepts them. Deflate itself is the native zlib module.
"""

import builtins
import io
import zlib

__all__ = ["BadGzipFile", "GzipFile", "open", "compress", "decompress"]

FTEXT, FHCRC, FEXTRA, FNAME, FCOMMENT = 1, 2, 4, 8, 16
READ, WRITE = 1, 2
READ_BUFFER_SIZE = 128 * 1024
_COMPRESS_LEVEL_FAST = 1
_COMPRESS_LEVEL_TRADEOFF = 6
_COMPRESS_LEVEL_BEST = 9

_TRUNCATED = "Compressed file ended before the end-of-stream marker was reached"


class BadGzipFile(OSError):
    """Raised for data that is not valid gzip."""


def _le32(n):
    return (n & 0xFFFFFFFF).to_bytes(4, "little")


def _header(mtime, level, fname=b""):
    """The 10 fixed bytes of a member header (and FNAME when given)."""
    if mtime is None:
        import time
        mtime = time.time()
    if level == _COMPRESS_LEVEL_BEST:
        xfl = 2
    elif level == _COMPRESS_LEVEL_FAST:
        xfl = 4
    else:
        xfl = 0
    flags = FNAME if fname else 0
    out = b"\x1f\x8b\x08" + bytes([flags]) + _le32(int(mtime)) + bytes([xfl, 255])
    if fname:
        out += fname + b"\0"
    return out


# ---------------------------------------------------------------- reading

class _Reader:
    """Decompresses the gzip members of a binary file object in turn."""

    def __init__(self, fp, detailed=True):
        self._fp = fp
        # GzipFile names both checksums on a mismatch, decompress() not.
        self._detailed = detailed
        self._raw = b""  # compressed bytes read ahead of the decompressor
        self._member = None  # the current member's decompressobj
        self._crc = 0
        self._size = 0
        self._eof = False
        self.last_mtime = None

    def _more(self, n):
        chunk = self._fp.read(n)
        return bytes(chunk) if chunk else b""

    def _take(self, n, required=True):
        """n compressed bytes (fewer only at the end, if not required)."""
        while len(self._raw) < n:
            chunk = self._more(max(n - len(self._raw), READ_BUFFER_SIZE))
            if not chunk:
                break
            self._raw += chunk
        got, self._raw = self._raw[:n], self._raw[n:]
        if required and len(got) < n:
            raise EOFError(_TRUNCATED)
        return got

    def _until_zero(self):
        while True:
            c = self._take(1)
            if c == b"\0":
                return

    def _start_member(self):
        """Reads a member header; False at the end of the data."""
        magic = self._take(2, required=False)
        if magic == b"":
            return False
        if magic != b"\x1f\x8b":
            raise BadGzipFile("Not a gzipped file (%r)" % magic)
        fixed = self._take(8)
        if fixed[0] != 8:
            raise BadGzipFile("Unknown compression method")
        flags = fixed[1]
        self.last_mtime = int.from_bytes(fixed[2:6], "little")
        if flags & FEXTRA:
            n = int.from_bytes(self._take(2), "little")
            self._take(n)
        if flags & FNAME:
            self._until_zero()
        if flags & FCOMMENT:
            self._until_zero()
        if flags & FHCRC:
            self._take(2)
        self._member = zlib.decompressobj(-zlib.MAX_WBITS)
        self._crc = 0
        self._size = 0
        return True

    def _end_member(self):
        trailer = self._take(8)
        crc = int.from_bytes(trailer[:4], "little")
        size = int.from_bytes(trailer[4:], "little")
        if crc != self._crc:
            if not self._detailed:
                raise BadGzipFile("CRC check failed")
            raise BadGzipFile("CRC check failed %s != %s" % (hex(crc), hex(self._crc)))
        if size != self._size & 0xFFFFFFFF:
            raise BadGzipFile("Incorrect length of data produced")
        # Zero bytes may pad the data after a member.
        while True:
            c = self._take(1, required=False)
            if c != b"\0":
                self._raw = c + self._raw
                break
        self._member = None

    def read(self, size=-1):
        """Up to size decompressed bytes (all when size < 0); b"" at the end."""
        if size == 0 or self._eof:
            return b""
        while True:
            if self._member is None:
                if not self._start_member():
                    self._eof = True
                    return b""
            if self._raw:
                chunk, self._raw = self._raw, b""
            else:
                chunk = self._more(READ_BUFFER_SIZE)
            m = self._member
            if size < 0:
                data = m.decompress(chunk)
            else:
                data = m.decompress(chunk, size)
            if m.eof:
                self._raw = m.unused_data + self._raw
            else:
                self._raw = m.unconsumed_tail
                if not chunk and not data and not self._raw:
                    raise EOFError(_TRUNCATED)
            if data:
                self._crc = zlib.crc32(data, self._crc)
                self._size += len(data)
            if m.eof:
                self._end_member()
            if data:
                return data

    def rewind(self):
        self._fp.seek(0)
        self._raw = b""
        self._member = None
        self._eof = False


# ---------------------------------------------------------------- GzipFile

class GzipFile:
    """A gzip file read or written through a binary file object.

    Pass a file object as fileobj (or a name, opened with the built-in
    open(): capy grants programs no file system, so a name fails today).
    """

    myfileobj = None

    def __init__(self, filename=None, mode=None, compresslevel=_COMPRESS_LEVEL_BEST,
                 fileobj=None, mtime=None):
        if mode and ("t" in mode or "U" in mode):
            raise ValueError("Invalid mode: {!r}".format(mode))
        if mode and "b" not in mode:
            mode += "b"
        if fileobj is None:
            fileobj = self.myfileobj = builtins.open(filename, mode or "rb")
        if filename is None:
            filename = getattr(fileobj, "name", "")
            if not isinstance(filename, (str, bytes)):
                filename = ""
        if mode is None:
            mode = getattr(fileobj, "mode", "rb")
        self.name = filename
        self.fileobj = fileobj
        self._buffer = b""  # decompressed bytes not yet handed out
        self._pos = 0  # offset of the next byte, in the decompressed data
        if mode.startswith("r"):
            self.mode = READ
            self._reader = _Reader(fileobj)
        elif mode.startswith(("w", "a", "x")):
            if not 0 <= compresslevel <= 9 and compresslevel != -1:
                raise ValueError("Invalid compression level: %r" % (compresslevel,))
            self.mode = WRITE
            self._crc = 0
            self._size = 0
            self._compressor = zlib.compressobj(compresslevel, zlib.DEFLATED,
                                                -zlib.MAX_WBITS, zlib.DEF_MEM_LEVEL, 0)
            self._write_mtime = mtime
            fileobj.write(_header(mtime, compresslevel, self._fname()))
        else:
            raise ValueError("Invalid mode: {!r}".format(mode))

    def _fname(self):
        name = self.name
        if not name:
            return b""
        if isinstance(name, str):
            name = name.encode("latin-1")
        name = name.rsplit(b"/", 1)[-1]
        if name.endswith(b".gz"):
            name = name[:-3]
        return name

    @property
    def mtime(self):
        if self.mode == READ:
            return self._reader.last_mtime
        return self._write_mtime

    @property
    def closed(self):
        return self.fileobj is None

    def __repr__(self):
        return "<gzip " + repr(self.fileobj)[1:-1] + " " + hex(id(self)) + ">"

    def _check_open(self):
        if self.fileobj is None:
            raise ValueError("I/O operation on closed file")

    def _check_read(self):
        self._check_open()
        if self.mode != READ:
            import errno
            raise OSError(errno.EBADF, "read() on write-only GzipFile object")

    # -- writing

    def write(self, data):
        self._check_open()
        if self.mode != WRITE:
            import errno
            raise OSError(errno.EBADF, "write() on read-only GzipFile object")
        if isinstance(data, (bytes, bytearray)):
            length = len(data)
        else:
            data = memoryview(data)
            length = data.nbytes
        if length > 0:
            self.fileobj.write(self._compressor.compress(data))
            self._size += length
            self._crc = zlib.crc32(data, self._crc)
            self._pos += length
        return length

    def flush(self, zlib_mode=zlib.Z_SYNC_FLUSH):
        self._check_open()
        if self.mode == WRITE:
            self.fileobj.write(self._compressor.flush(zlib_mode))
            if hasattr(self.fileobj, "flush"):
                self.fileobj.flush()

    def close(self):
        fileobj = self.fileobj
        if fileobj is None:
            return
        self.fileobj = None
        try:
            if self.mode == WRITE:
                fileobj.write(self._compressor.flush())
                fileobj.write(_le32(self._crc))
                fileobj.write(_le32(self._size))
        finally:
            own = self.myfileobj
            if own is not None:
                self.myfileobj = None
                own.close()

    # -- reading

    def _fill(self, n):
        """Decompresses until n bytes are buffered (or the data ends)."""
        while len(self._buffer) < n:
            more = self._reader.read(max(n - len(self._buffer), READ_BUFFER_SIZE))
            if not more:
                return False
            self._buffer += more
        return True

    def _hand_out(self, n):
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        self._pos += len(out)
        return out

    def read(self, size=-1):
        self._check_read()
        if size is None or size < 0:
            pieces = [self._buffer]
            self._buffer = b""
            while True:
                more = self._reader.read()
                if not more:
                    break
                pieces.append(more)
            out = b"".join(pieces)
            self._pos += len(out)
            return out
        self._fill(size)
        return self._hand_out(size)

    def read1(self, size=-1):
        self._check_read()
        if size < 0:
            size = READ_BUFFER_SIZE
        if not self._buffer:
            self._fill(1)
        return self._hand_out(size)

    def peek(self, n):
        self._check_read()
        if not self._buffer:
            self._fill(max(n, 1))
        return self._buffer

    def readline(self, size=-1):
        self._check_read()
        if size is None:
            size = -1
        start = 0
        while True:
            i = self._buffer.find(b"\n", start)
            if i >= 0:
                end = i + 1
                break
            if 0 <= size <= len(self._buffer):
                end = size
                break
            start = len(self._buffer)
            if not self._fill(len(self._buffer) + 1):
                end = len(self._buffer)
                break
        if 0 <= size < end:
            end = size
        return self._hand_out(end)

    def readlines(self, hint=-1):
        lines = []
        total = 0
        for line in self:
            lines.append(line)
            total += len(line)
            if 0 < hint <= total:
                break
        return lines

    def __iter__(self):
        self._check_open()
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def readable(self):
        self._check_open()
        return self.mode == READ

    def writable(self):
        self._check_open()
        return self.mode == WRITE

    def seekable(self):
        return True

    def fileno(self):
        return self.fileobj.fileno()

    def rewind(self):
        """Back to the start of the decompressed data (read mode)."""
        if self.mode != READ:
            raise OSError("Can't rewind in write mode")
        self._reader.rewind()
        self._buffer = b""
        self._pos = 0

    def tell(self):
        self._check_open()
        return self._pos

    def seek(self, offset, whence=0):
        self._check_open()
        if self.mode == WRITE:
            if whence == 1:
                offset = self._pos + offset
            elif whence != 0:
                raise ValueError("Seek from end not supported")
            if offset < self._pos:
                raise OSError("Negative seek in write mode")
            self.write(bytes(offset - self._pos))
            return self._pos
        if whence == 1:
            offset = self._pos + offset
        elif whence == 2:
            self.read()
            offset = self._pos + offset
        elif whence != 0:
            raise ValueError("Invalid whence (%r, should be 0, 1 or 2)" % (whence,))
        if offset < self._pos:
            self.rewind()
        while self._pos < offset:
            if not self.read(min(offset - self._pos, READ_BUFFER_SIZE)):
                break
        return self._pos

    def __enter__(self):
        self._check_open()
        return self

    def __exit__(self, *exc):
        self.close()


# ---------------------------------------------------------------- text mode

class _TextFile:
    """str over a binary GzipFile (what open() returns in 't' modes)."""

    def __init__(self, binary, encoding, errors, newline):
        self.buffer = binary
        self.encoding = encoding or "utf-8"
        self.errors = errors or "strict"
        self.newlines_mode = newline
        self._text = None  # decoded text not yet handed out

    def _load(self):
        if self._text is None:
            text = self.buffer.read().decode(self.encoding, self.errors)
            if self.newlines_mode is None:
                text = text.replace("\r\n", "\n").replace("\r", "\n")
            self._text = text

    def read(self, size=-1):
        self._load()
        if size is None or size < 0:
            out, self._text = self._text, ""
        else:
            out, self._text = self._text[:size], self._text[size:]
        return out

    def readline(self, size=-1):
        self._load()
        ends = "\n" if self.newlines_mode in (None, "", "\n") else self.newlines_mode
        i = self._text.find(ends)
        end = len(self._text) if i < 0 else i + len(ends)
        if self.newlines_mode == "":
            for j, c in enumerate(self._text):
                if c in "\r\n":
                    end = j + 1
                    if c == "\r" and self._text[j + 1:j + 2] == "\n":
                        end += 1
                    break
        if size is not None and 0 <= size < end:
            end = size
        out, self._text = self._text[:end], self._text[end:]
        return out

    def readlines(self, hint=-1):
        return list(self)

    def __iter__(self):
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def write(self, s):
        if not isinstance(s, str):
            raise TypeError("write() argument must be str, not %s" % type(s).__name__)
        text = s
        if self.newlines_mode not in (None, "", "\n"):
            text = text.replace("\n", self.newlines_mode)
        self.buffer.write(text.encode(self.encoding, self.errors))
        return len(s)

    def flush(self):
        self.buffer.flush()

    def close(self):
        self.buffer.close()

    @property
    def closed(self):
        return self.buffer.closed

    @property
    def name(self):
        return self.buffer.name

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def open(filename, mode="rb", compresslevel=_COMPRESS_LEVEL_BEST,
         encoding=None, errors=None, newline=None):
    """A GzipFile (binary modes) or a text file over one ('t' modes) for a
    file name (through the built-in open()) or a binary file object."""
    if "t" in mode:
        if "b" in mode:
            raise ValueError("Invalid mode: %r" % (mode,))
    else:
        if encoding is not None:
            raise ValueError("Argument 'encoding' not supported in binary mode")
        if errors is not None:
            raise ValueError("Argument 'errors' not supported in binary mode")
        if newline is not None:
            raise ValueError("Argument 'newline' not supported in binary mode")
    gz_mode = mode.replace("t", "")
    if isinstance(filename, (str, bytes)):
        binary = GzipFile(filename, gz_mode, compresslevel)
    elif hasattr(filename, "read") or hasattr(filename, "write"):
        binary = GzipFile(None, gz_mode, compresslevel, filename)
    else:
        raise TypeError("filename must be a str or bytes object, or a file")
    if "t" in mode:
        return _TextFile(binary, encoding, errors, newline)
    return binary


# ---------------------------------------------------------------- one-shot

def compress(data, compresslevel=_COMPRESS_LEVEL_BEST, *, mtime=None):
    """data as one gzip member (mtime: the header's time stamp, now if None)."""
    if isinstance(data, (bytes, bytearray)):
        body = data
    else:
        body = memoryview(data)
    deflated = zlib.compress(body, compresslevel, -zlib.MAX_WBITS)
    return (_header(mtime, compresslevel) + deflated
            + _le32(zlib.crc32(body)) + _le32(len(body)))


def decompress(data):
    """The data of every gzip member in data, joined."""
    reader = _Reader(io.BytesIO(bytes(data)), detailed=False)
    pieces = []
    while True:
        piece = reader.read()
        if not piece:
            return b"".join(pieces)
        pieces.append(piece)
