"""tempfile for capy: temporary files and directories.

Frozen into the binary (modules/frozen.rs), compiled on first import.

Covers CPython 3.11's tempfile: gettempdir/gettempdirb (TMPDIR, TEMP,
TMP, then /tmp, /var/tmp, /usr/tmp, the current directory; the first one
a file can be created in), gettempprefix/gettempprefixb, the module
variables tempdir, template and TMP_MAX; mkdtemp; mkstemp; mktemp;
NamedTemporaryFile (the wrapper with .name, .file, .delete, context
manager, iteration, other attributes passed to the file, the file
removed on close when delete is true); TemporaryFile (a file whose name
is unlinked at once); TemporaryDirectory (.name, cleanup(), context
manager giving the name, ignore_cleanup_errors); SpooledTemporaryFile
(kept in io.BytesIO/io.StringIO until it grows past max_size or
fileno() is called, then rolled over to a TemporaryFile).

Names are the prefix, six hex digits from os.urandom and a counter, then
the suffix; files are made with open(..., "x") so an existing name is
never reused (the next name is tried, up to TMP_MAX times). str and
bytes arguments are accepted (bytes give bytes paths).

Not covered, because capy's os has no open/close/fdopen/chmod:
- mkstemp returns the descriptor of a file object this module keeps
  open (so the number is real and stays valid), but os.close(fd) and
  os.fdopen(fd) do not exist in capy; tempfile._close_fd(fd) closes it.
- mkdtemp/mkstemp modes (0o700/0o600) are not enforced: capy's os.mkdir
  ignores its mode argument and open() cannot take one.
- TemporaryFile's .name is the (unlinked) path, not the integer
  descriptor CPython reports on Linux.
- In text mode, an unrolled SpooledTemporaryFile is an io.StringIO (no
  encoding attribute, no newline translation on write).
- Nothing is removed at interpreter exit or when an object is garbage
  collected (capy gives no __del__/weakref.finalize guarantees): call
  close()/cleanup() or use `with`.
"""

import io as _io
import os as _os

__all__ = [
    "NamedTemporaryFile", "TemporaryFile", "SpooledTemporaryFile",
    "TemporaryDirectory", "mkstemp", "mkdtemp", "mktemp", "TMP_MAX",
    "gettempprefix", "tempdir", "gettempdir", "gettempprefixb", "gettempdirb",
]

# CPython takes os.TMP_MAX, 238328 on Linux; capy's os has none.
TMP_MAX = 238328
template = "tmp"
tempdir = None

_counter = 0
# Files kept open for mkstemp, by descriptor (see the module docstring).
_kept = {}


def _next_name():
    global _counter
    _counter += 1
    return _os.urandom(3).hex() + "%x" % _counter


def _candidate_dirs():
    dirs = []
    for env in ("TMPDIR", "TEMP", "TMP"):
        value = _os.environ.get(env)
        if value:
            dirs.append(value)
    dirs.extend(["/tmp", "/var/tmp", "/usr/tmp"])
    try:
        dirs.append(_os.getcwd())
    except OSError:
        dirs.append(_os.curdir)
    return dirs


def _find_tempdir():
    # The first candidate where a file can really be created and removed.
    dirlist = _candidate_dirs()
    for d in dirlist:
        if d != _os.curdir:
            d = _os.path.abspath(d)
        for _ in range(100):
            probe = _os.path.join(d, template + _next_name())
            try:
                f = open(probe, "xb")
            except FileExistsError:
                continue
            except OSError:
                break
            try:
                f.write(b"blat")
                f.close()
                _os.unlink(probe)
                return d
            except OSError:
                break
    raise FileNotFoundError(2, "No usable temporary directory found in %s" % dirlist)


def gettempdir():
    """The directory temporary files go to (computed once, then tempdir)."""
    global tempdir
    if tempdir is None:
        tempdir = _find_tempdir()
    return tempdir


def gettempdirb():
    return gettempdir().encode()


def gettempprefix():
    return template


def gettempprefixb():
    return template.encode()


def _params(prefix, suffix, dir):
    # Returns (prefix, suffix, dir, as_bytes) as strings; as_bytes says the
    # caller gave bytes and wants a bytes path back.
    given = [x for x in (prefix, suffix, dir) if x is not None]
    kinds = set(isinstance(x, bytes) for x in given)
    if len(kinds) > 1:
        raise TypeError("Can't mix bytes and non-bytes in path components.")
    as_bytes = kinds == {True}

    def text(x, default):
        if x is None:
            return default
        if isinstance(x, bytes):
            return x.decode()
        return _os.fspath(x)

    prefix = text(prefix, template)
    suffix = text(suffix, "")
    dir = text(dir, None)
    if dir is None:
        dir = gettempdir()
    return prefix, suffix, dir, as_bytes


def _out(path, as_bytes):
    return path.encode() if as_bytes else path


def _create_file(prefix, suffix, dir):
    # Makes a new empty file with a fresh name; returns (file object, path).
    for _ in range(TMP_MAX):
        path = _os.path.join(dir, prefix + _next_name() + suffix)
        try:
            return open(path, "xb"), path
        except FileExistsError:
            continue
    raise FileExistsError(17, "No usable temporary file name found")


def mkstemp(suffix=None, prefix=None, dir=None, text=False):
    """Creates a new file; returns (descriptor, absolute path). The file is
    not removed automatically."""
    prefix, suffix, dir, as_bytes = _params(prefix, suffix, dir)
    f, path = _create_file(prefix, suffix, dir)
    fd = f.fileno()
    _kept[fd] = f
    return fd, _out(_os.path.abspath(path), as_bytes)


def _close_fd(fd):
    """Closes a descriptor mkstemp returned (capy's os has no close())."""
    f = _kept.pop(fd, None)
    if f is None:
        raise OSError(9, "Bad file descriptor")
    f.close()


def mkdtemp(suffix=None, prefix=None, dir=None):
    """Creates a new directory and returns its path; removing it is up to
    the caller."""
    prefix, suffix, dir, as_bytes = _params(prefix, suffix, dir)
    for _ in range(TMP_MAX):
        path = _os.path.join(dir, prefix + _next_name() + suffix)
        try:
            _os.mkdir(path, 0o700)
        except FileExistsError:
            continue
        return _out(path, as_bytes)
    raise FileExistsError(17, "No usable temporary directory name found")


def mktemp(suffix="", prefix=template, dir=None):
    """A name that did not exist when asked (unsafe: deprecated in CPython)."""
    if dir is None:
        dir = gettempdir()
    for _ in range(TMP_MAX):
        path = _os.path.join(dir, prefix + _next_name() + suffix)
        if not _os.path.lexists(path):
            return path
    raise FileExistsError(17, "No usable temporary filename found")


def _open_new(mode, buffering, encoding, newline, errors, prefix, suffix, dir):
    # Creates the file exclusively, then opens it again with the caller's
    # mode ('x' in it would now fail, so it means 'w').
    prefix, suffix, dir, as_bytes = _params(prefix, suffix, dir)
    f, path = _create_file(prefix, suffix, dir)
    f.close()
    kw = {}
    if buffering != -1:
        kw["buffering"] = buffering
    if encoding is not None:
        kw["encoding"] = encoding
    if newline is not None:
        kw["newline"] = newline
    if errors is not None:
        kw["errors"] = errors
    try:
        return open(path, mode.replace("x", "w"), **kw), _out(_os.path.abspath(path), as_bytes)
    except BaseException:
        _os.unlink(path)
        raise


class _TemporaryFileWrapper:
    """What NamedTemporaryFile returns: the file plus its name, and the
    removal of the file when it is closed (if delete is true)."""

    def __init__(self, file, name, delete=True):
        self.file = file
        self.name = name
        self.delete = delete
        self._removed = False

    def __getattr__(self, name):
        # Everything else (read, write, seek, closed, mode...) is the file's.
        return getattr(self.__dict__["file"], name)

    def _remove(self):
        # A file someone else removed is an error here, as in CPython.
        if self.delete and not self._removed:
            self._removed = True
            _os.unlink(self.name)

    def __enter__(self):
        self.file.__enter__()
        return self

    def __exit__(self, exc, value, tb):
        result = self.file.__exit__(exc, value, tb)
        self._remove()
        return result

    def close(self):
        try:
            self.file.close()
        finally:
            self._remove()

    def __iter__(self):
        for line in self.file:
            yield line


def NamedTemporaryFile(mode="w+b", buffering=-1, encoding=None, newline=None,
                       suffix=None, prefix=None, dir=None, delete=True, *,
                       errors=None):
    """A temporary file with a visible name (.name), removed on close when
    delete is true."""
    file, name = _open_new(mode, buffering, encoding, newline, errors, prefix, suffix, dir)
    return _TemporaryFileWrapper(file, name, delete)


def TemporaryFile(mode="w+b", buffering=-1, encoding=None, newline=None,
                  suffix=None, prefix=None, dir=None, *, errors=None):
    """A temporary file with no name left in the file system."""
    file, name = _open_new(mode, buffering, encoding, newline, errors, prefix, suffix, dir)
    try:
        _os.unlink(name)
    except BaseException:
        file.close()
        raise
    return file


class SpooledTemporaryFile:
    """A temporary file kept in memory until it is larger than max_size
    (0: no limit) or its fileno() is asked for."""

    _rolled = False

    def __init__(self, max_size=0, mode="w+b", buffering=-1, encoding=None,
                 newline=None, suffix=None, prefix=None, dir=None, *, errors=None):
        if "b" in mode:
            self._file = _io.BytesIO()
        else:
            self._file = _io.StringIO()
        self._max_size = max_size
        self._rolled = False
        self._TemporaryFileArgs = {
            "mode": mode, "buffering": buffering, "suffix": suffix,
            "prefix": prefix, "encoding": encoding, "newline": newline,
            "dir": dir, "errors": errors,
        }

    def _check(self, file):
        if self._rolled:
            return
        max_size = self._max_size
        if max_size and file.tell() > max_size:
            self.rollover()

    def rollover(self):
        """Moves the data to a real TemporaryFile (once)."""
        if self._rolled:
            return
        old = self._file
        new = TemporaryFile(**self._TemporaryFileArgs)
        del self._TemporaryFileArgs
        pos = old.tell()
        new.write(old.getvalue())
        new.seek(pos, 0)
        self._file = new
        self._rolled = True

    def __enter__(self):
        if self._file.closed:
            raise ValueError("Cannot enter context with closed file")
        return self

    def __exit__(self, exc, value, tb):
        self._file.close()

    def __iter__(self):
        return self._file.__iter__()

    def close(self):
        self._file.close()

    @property
    def closed(self):
        return self._file.closed

    @property
    def encoding(self):
        return self._file.encoding

    @property
    def errors(self):
        return self._file.errors

    @property
    def mode(self):
        if self._rolled:
            return self._file.mode
        return self._TemporaryFileArgs["mode"]

    @property
    def name(self):
        if self._rolled:
            return self._file.name
        return None

    @property
    def newlines(self):
        return self._file.newlines

    def fileno(self):
        self.rollover()
        return self._file.fileno()

    def flush(self):
        self._file.flush()

    def isatty(self):
        return self._file.isatty()

    def read(self, *args):
        return self._file.read(*args)

    def readline(self, *args):
        return self._file.readline(*args)

    def readlines(self, *args):
        return self._file.readlines(*args)

    def readable(self):
        return self._file.readable()

    def seek(self, *args):
        return self._file.seek(*args)

    def seekable(self):
        return self._file.seekable()

    def tell(self):
        return self._file.tell()

    def truncate(self, size=None):
        if size is None:
            return self._file.truncate()
        if size > self._max_size:
            self.rollover()
        return self._file.truncate(size)

    def writable(self):
        return self._file.writable()

    def write(self, s):
        file = self._file
        rv = file.write(s)
        self._check(file)
        return rv

    def writelines(self, iterable):
        file = self._file
        rv = file.writelines(iterable)
        self._check(file)
        return rv


def _rmtree(path, ignore_errors):
    # Removes a directory tree (capy has no shutil); symbolic links are
    # removed, never followed.
    def attempt(fn, p):
        try:
            fn(p)
        except OSError:
            if not ignore_errors:
                raise

    try:
        names = _os.listdir(path)
    except OSError:
        if ignore_errors:
            return
        raise
    for name in names:
        full = _os.path.join(path, name)
        if _os.path.isdir(full) and not _os.path.islink(full):
            _rmtree(full, ignore_errors)
        else:
            attempt(_os.unlink, full)
    attempt(_os.rmdir, path)


class TemporaryDirectory:
    """A temporary directory, removed with all its contents by cleanup()
    or at the end of a `with` block (which gives its name)."""

    def __init__(self, suffix=None, prefix=None, dir=None, ignore_cleanup_errors=False):
        self.name = mkdtemp(suffix, prefix, dir)
        self._ignore_cleanup_errors = ignore_cleanup_errors

    def __repr__(self):
        return "<{} {!r}>".format(self.__class__.__name__, self.name)

    def __enter__(self):
        return self.name

    def __exit__(self, exc, value, tb):
        self.cleanup()

    def cleanup(self):
        if _os.path.exists(self.name):
            _rmtree(self.name, self._ignore_cleanup_errors)
