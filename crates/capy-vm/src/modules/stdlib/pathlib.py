# pathlib for capy: PurePath/PurePosixPath and Path/PosixPath for the
# common operations, over os and os.path (so every file operation goes
# through the instance's host view, grants included).
import os
import posixpath
import fnmatch

__all__ = ["PurePath", "PurePosixPath", "Path", "PosixPath"]


class PurePath:
    __slots__ = ("_raw", "_parts_cache")

    def __new__(cls, *args):
        if cls is PurePath:
            cls = PurePosixPath
        self = object.__new__(cls)
        parts = []
        for a in args:
            if isinstance(a, PurePath):
                parts.append(a._raw)
            else:
                a = os.fspath(a)
                if not isinstance(a, str):
                    raise TypeError(
                        "argument should be a str or an os.PathLike object "
                        "returning str, not %r" % type(a))
                parts.append(a)
        self._raw = _normalise(posixpath.join(*parts) if parts else "")
        self._parts_cache = None
        return self

    def _from(self, raw):
        return self._from_normal(_normalise(raw))

    def _from_normal(self, raw):
        p = object.__new__(type(self))
        p._raw = raw
        p._parts_cache = None
        return p

    def _child_prefix(self):
        # What goes before a component from the file system (no "/", not
        # "" or ".") to make the child path: the result is already normal,
        # so it is not normalised again.
        raw = self._raw
        if raw == ".":
            return ""
        if raw.endswith("/"):
            return raw
        return raw + "/"

    def __str__(self):
        return self._raw

    def __fspath__(self):
        return self._raw

    def __repr__(self):
        return "%s(%r)" % (type(self).__name__, self._raw)

    def as_posix(self):
        return self._raw

    def __hash__(self):
        return hash(self._raw)

    def __eq__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._raw == other._raw

    def __lt__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self.parts < other.parts

    def __le__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self.parts <= other.parts

    def __gt__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self.parts > other.parts

    def __ge__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self.parts >= other.parts

    def __truediv__(self, key):
        try:
            return type(self)(self, key)
        except TypeError:
            return NotImplemented

    def __rtruediv__(self, key):
        try:
            return type(self)(key, self)
        except TypeError:
            return NotImplemented

    @property
    def parts(self):
        if self._parts_cache is None:
            raw = self._raw
            if raw == ".":
                parts = ()
            elif raw.startswith("/"):
                parts = ("/",) + tuple(x for x in raw.split("/") if x)
            else:
                parts = tuple(raw.split("/"))
            self._parts_cache = parts
        return self._parts_cache

    @property
    def drive(self):
        return ""

    @property
    def root(self):
        return "/" if self._raw.startswith("/") else ""

    @property
    def anchor(self):
        return self.root

    @property
    def name(self):
        parts = self.parts
        if not parts or parts == ("/",):
            return ""
        return parts[-1]

    @property
    def suffix(self):
        name = self.name
        i = name.rfind(".")
        if 0 < i < len(name) - 1:
            return name[i:]
        return ""

    @property
    def suffixes(self):
        name = self.name
        if name.endswith("."):
            return []
        name = name.lstrip(".")
        return ["." + s for s in name.split(".")[1:]]

    @property
    def stem(self):
        name = self.name
        i = name.rfind(".")
        if 0 < i < len(name) - 1:
            return name[:i]
        return name

    @property
    def parent(self):
        parts = self.parts
        if len(parts) <= 1:
            return self._from("/" if self.root else ".")
        return self._from(posixpath.dirname(self._raw))

    @property
    def parents(self):
        out = []
        p = self
        while True:
            q = p.parent
            if q == p:
                break
            out.append(q)
            p = q
        return tuple(out)

    def joinpath(self, *others):
        return type(self)(self, *others)

    def with_name(self, name):
        if not self.name:
            raise ValueError("%r has an empty name" % (self,))
        if not name or "/" in name or name == ".":
            raise ValueError("Invalid name %r" % (name,))
        return self._from(posixpath.join(posixpath.dirname(self._raw), name))

    def with_stem(self, stem):
        return self.with_name(stem + self.suffix)

    def with_suffix(self, suffix):
        if suffix and (not suffix.startswith(".") or suffix == "." or "/" in suffix):
            raise ValueError("Invalid suffix %r" % (suffix,))
        if not self.name:
            raise ValueError("%r has an empty name" % (self,))
        return self.with_name(self.stem + suffix)

    def is_absolute(self):
        return self._raw.startswith("/")

    def is_relative_to(self, *other):
        try:
            self.relative_to(*other)
            return True
        except ValueError:
            return False

    def relative_to(self, *other):
        base = type(self)(*other)
        n = len(base.parts)
        if self.parts[:n] != base.parts or (n == 0 and self.is_absolute()):
            raise ValueError(
                "%r is not in the subpath of %r OR one path is relative and "
                "the other is absolute." % (str(self), str(base)))
        rest = self.parts[n:]
        return self._from("/".join(rest) if rest else ".")

    def match(self, pattern):
        pat = PurePosixPath(pattern).parts
        parts = self.parts
        if not pat:
            raise ValueError("empty pattern")
        if pattern.startswith("/"):
            if len(pat) != len(parts):
                return False
        elif len(pat) > len(parts):
            return False
        for part, p in zip(reversed(parts), reversed(pat)):
            if not fnmatch.fnmatchcase(part, p):
                return False
        return True


def _normalise(raw):
    if raw == "":
        return "."
    absolute = raw.startswith("/")
    parts = [p for p in raw.split("/") if p and p != "."]
    s = "/".join(parts)
    if absolute:
        s = ("//" if raw.startswith("//") and not raw.startswith("///") else "/") + s
    return s or "."


class PurePosixPath(PurePath):
    __slots__ = ()


class Path(PurePath):
    __slots__ = ()

    def __new__(cls, *args, **kwargs):
        if cls is Path:
            cls = PosixPath
        return PurePath.__new__(cls, *args)

    @classmethod
    def cwd(cls):
        return cls(os.getcwd())

    @classmethod
    def home(cls):
        return cls(os.path.expanduser("~"))

    def absolute(self):
        if self.is_absolute():
            return self
        return self._from(posixpath.join(os.getcwd(), self._raw))

    def resolve(self, strict=False):
        p = self._from(posixpath.abspath(self._raw))
        if strict:
            p.stat()
        return p

    def expanduser(self):
        return self._from(posixpath.expanduser(self._raw))

    def stat(self, *, follow_symlinks=True):
        return os.stat(self._raw, follow_symlinks=follow_symlinks)

    def lstat(self):
        return os.lstat(self._raw)

    def exists(self):
        return posixpath.exists(self._raw)

    def is_file(self):
        return posixpath.isfile(self._raw)

    def is_dir(self):
        return posixpath.isdir(self._raw)

    def is_symlink(self):
        return posixpath.islink(self._raw)

    def open(self, mode="r", buffering=-1, encoding=None, errors=None, newline=None):
        return open(self._raw, mode, buffering, encoding, errors, newline)

    def read_text(self, encoding=None, errors=None):
        with self.open("r", encoding=encoding, errors=errors) as f:
            return f.read()

    def read_bytes(self):
        with self.open("rb") as f:
            return f.read()

    def write_text(self, data, encoding=None, errors=None, newline=None):
        if not isinstance(data, str):
            raise TypeError("data must be str, not %s" % type(data).__name__)
        with self.open("w", encoding=encoding, errors=errors, newline=newline) as f:
            return f.write(data)

    def write_bytes(self, data):
        view = memoryview(data)
        with self.open("wb") as f:
            return f.write(view)

    def iterdir(self):
        prefix = self._child_prefix()
        cls = type(self)
        for name in os.listdir(self._raw):
            p = object.__new__(cls)
            p._raw = prefix + name
            p._parts_cache = None
            yield p

    def glob(self, pattern):
        import glob as _glob
        if not pattern:
            raise ValueError("Unacceptable pattern: %r" % (pattern,))
        recursive = "**" in pattern
        prefix = self._child_prefix()
        for p in _glob.glob(pattern, root_dir=self._raw, recursive=recursive):
            p = p.rstrip("/") or p
            if not p or "/" in p or p == ".":
                yield self._from(posixpath.join(self._raw, p))
            else:
                yield self._from_normal(prefix + p)

    def rglob(self, pattern):
        return self.glob("**/" + pattern)

    def mkdir(self, mode=0o777, parents=False, exist_ok=False):
        try:
            os.mkdir(self._raw, mode)
        except FileNotFoundError:
            if not parents or self.parent == self:
                raise
            self.parent.mkdir(parents=True, exist_ok=True)
            self.mkdir(mode, parents=False, exist_ok=exist_ok)
        except OSError:
            if not exist_ok or not self.is_dir():
                raise

    def touch(self, mode=0o666, exist_ok=True):
        if self.exists():
            if not exist_ok:
                raise FileExistsError(17, "File exists", self._raw)
            return
        open(self._raw, "a").close()

    def unlink(self, missing_ok=False):
        try:
            os.remove(self._raw)
        except FileNotFoundError:
            if not missing_ok:
                raise

    def rmdir(self):
        os.rmdir(self._raw)

    def rename(self, target):
        os.rename(self._raw, os.fspath(target))
        return type(self)(target)

    def replace(self, target):
        return self.rename(target)

    def samefile(self, other):
        return posixpath.samefile(self._raw, os.fspath(other))


class PosixPath(Path, PurePosixPath):
    __slots__ = ()
