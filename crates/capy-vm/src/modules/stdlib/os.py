# os for capy: the Python surface over the native _os. Every path and
# variable goes through the running instance's host view (the whole
# system for the user's program; grants under --sandbox and in
# compartments), so nothing here checks permissions itself.
import _os
import posixpath as path
from _os import getcwd, chdir, listdir, mkdir, rmdir, remove, rename, urandom, getpid, cpu_count

name = "posix"
sep = "/"
altsep = None
extsep = "."
pathsep = ":"
linesep = "\n"
curdir = "."
pardir = ".."
defpath = "/bin:/usr/bin"
devnull = "/dev/null"
error = OSError
unlink = remove
replace = rename
SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2
F_OK = 0
R_OK = 4
W_OK = 2
X_OK = 1


def fspath(p):
    if isinstance(p, (str, bytes)):
        return p
    f = getattr(type(p), "__fspath__", None)
    if f is None:
        raise TypeError(
            "expected str, bytes or os.PathLike object, not " + type(p).__name__
        )
    r = f(p)
    if not isinstance(r, (str, bytes)):
        raise TypeError(
            "expected {}.__fspath__() to return str or bytes, not {}".format(
                type(p).__name__, type(r).__name__
            )
        )
    return r


def _p(p):
    if type(p) is str:
        return p
    p = fspath(p)
    return p.decode() if isinstance(p, bytes) else p


class PathLike:
    def __fspath__(self):
        raise NotImplementedError

    @classmethod
    def __subclasshook__(cls, C):
        return hasattr(C, "__fspath__") or NotImplemented


class stat_result(tuple):
    n_sequence_fields = 10
    n_fields = 13

    def __new__(cls, fields):
        self = tuple.__new__(cls, fields[:10])
        self._times = tuple(fields[10:13]) if len(fields) > 10 else tuple(fields[7:10])
        return self

    st_mode = property(lambda self: self[0])
    st_ino = property(lambda self: self[1])
    st_dev = property(lambda self: self[2])
    st_nlink = property(lambda self: self[3])
    st_uid = property(lambda self: self[4])
    st_gid = property(lambda self: self[5])
    st_size = property(lambda self: self[6])
    st_atime = property(lambda self: self._times[0])
    st_mtime = property(lambda self: self._times[1])
    st_ctime = property(lambda self: self._times[2])
    st_atime_ns = property(lambda self: int(self._times[0] * 1e9))
    st_mtime_ns = property(lambda self: int(self._times[1] * 1e9))
    st_ctime_ns = property(lambda self: int(self._times[2] * 1e9))

    def __repr__(self):
        names = ("st_mode", "st_ino", "st_dev", "st_nlink", "st_uid", "st_gid",
                 "st_size", "st_atime", "st_mtime", "st_ctime")
        return "os.stat_result(" + ", ".join(
            "{}={}".format(n, v) for n, v in zip(names, self)) + ")"

    def __reduce__(self):
        return (stat_result, (tuple(self) + self._times,))


def stat(p, *, follow_symlinks=True):
    return stat_result(_os.stat(_p(p), follow_symlinks))


def lstat(p):
    return stat_result(_os.stat(_p(p), False))


_S_IFMT = 0o170000
_S_IFDIR = 0o040000
_S_IFREG = 0o100000
_S_IFLNK = 0o120000


class DirEntry:
    __slots__ = ("name", "path", "_kind", "_ino", "_stat")

    def __init__(self, dirpath, name, kind, ino):
        self.name = name
        # path.join(dirpath, name) for a name with no "/" in it.
        if not dirpath or dirpath.endswith("/"):
            self.path = dirpath + name
        else:
            self.path = dirpath + "/" + name
        self._kind = kind
        self._ino = ino
        self._stat = None

    def inode(self):
        return self._ino

    def is_symlink(self):
        return self._kind == _S_IFLNK

    def _target(self, follow_symlinks):
        if self._kind == _S_IFLNK and follow_symlinks:
            try:
                return self.stat().st_mode & _S_IFMT
            except OSError:
                return 0
        return self._kind

    def is_dir(self, *, follow_symlinks=True):
        return self._target(follow_symlinks) == _S_IFDIR

    def is_file(self, *, follow_symlinks=True):
        return self._target(follow_symlinks) == _S_IFREG

    def stat(self, *, follow_symlinks=True):
        if follow_symlinks:
            if self._stat is None:
                self._stat = stat(self.path)
            return self._stat
        return lstat(self.path)

    def __fspath__(self):
        return self.path

    def __repr__(self):
        return "<DirEntry {!r}>".format(self.name)


class _ScandirIterator:
    def __init__(self, entries):
        self._it = iter(entries)

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._it)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        self._it = iter(())


def scandir(p="."):
    p = _p(p)
    return _ScandirIterator([DirEntry(p, n, k, i) for n, k, i in _os.scandir(p)])


def ilistdir(p="."):
    # MicroPython's: (name, type, inode) with type 0x4000 or 0x8000.
    for n, k, i in _os.scandir(_p(p)):
        yield (n, k & _S_IFMT, i)


def walk(top, topdown=True, onerror=None, followlinks=False):
    top = _p(top)
    try:
        entries = list(scandir(top))
    except OSError as e:
        if onerror is not None:
            onerror(e)
        return
    dirs = []
    files = []
    for e in entries:
        (dirs if e.is_dir() else files).append(e.name)
    if topdown:
        yield top, dirs, files
    for d in dirs:
        sub = path.join(top, d)
        if followlinks or not path.islink(sub):
            yield from walk(sub, topdown, onerror, followlinks)
    if not topdown:
        yield top, dirs, files


def makedirs(name, mode=0o777, exist_ok=False):
    name = _p(name)
    head, tail = path.split(name)
    if not tail:
        head, tail = path.split(head)
    if head and tail and not path.exists(head):
        try:
            makedirs(head, exist_ok=exist_ok)
        except FileExistsError:
            pass
    try:
        mkdir(name, mode)
    except OSError:
        if not exist_ok or not path.isdir(name):
            raise


def removedirs(name):
    rmdir(name)
    head, tail = path.split(name)
    if not tail:
        head, tail = path.split(head)
    while head and tail:
        try:
            rmdir(head)
        except OSError:
            break
        head, tail = path.split(head)


def access(p, mode):
    try:
        stat(p)
    except OSError:
        return False
    return True


class _Environ:
    # The variables the instance may see. Reading one out of reach raises
    # the PermissionError that says how to allow it, not KeyError.
    def __init__(self):
        self._data = _os.environ()

    def __getitem__(self, key):
        if key in self._data:
            return self._data[key]
        v = _os.getenv(key)
        if v is None:
            raise KeyError(key)
        self._data[key] = v
        return v

    def __setitem__(self, key, value):
        if not isinstance(key, str) or not isinstance(value, str):
            raise TypeError("str expected, not " + type(value).__name__)
        _os.putenv(key, value)
        self._data[key] = value

    def __delitem__(self, key):
        if key not in self._data and _os.getenv(key) is None:
            raise KeyError(key)
        _os.unsetenv(key)
        self._data.pop(key, None)

    def __contains__(self, key):
        if key in self._data:
            return True
        return _os.env_open() and _os.getenv(key) is not None

    def __iter__(self):
        return iter(list(self._data))

    def __len__(self):
        return len(self._data)

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def keys(self):
        return self._data.keys()

    def items(self):
        return self._data.items()

    def values(self):
        return self._data.values()

    def copy(self):
        return dict(self._data)

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def pop(self, key, *default):
        if key in self:
            v = self[key]
            del self[key]
            return v
        if default:
            return default[0]
        raise KeyError(key)

    def update(self, other=(), **kw):
        for k, v in dict(other, **kw).items():
            self[k] = v

    def __eq__(self, other):
        return dict(self._data) == other

    def __repr__(self):
        return "environ(" + repr(self._data) + ")"


environ = _Environ()


def getenv(key, default=None):
    v = _os.getenv(key)
    return default if v is None else v


def putenv(key, value):
    _os.putenv(key, value)


def unsetenv(key):
    _os.unsetenv(key)
