"""shutil for capy: high-level file operations built on os, os.path and open.

Covers: copyfileobj, copyfile, copymode, copystat, copy, copy2, copytree
(ignore=, dirs_exist_ok=, copy_function=, ignore_patterns), rmtree
(ignore_errors=, onerror=), move, which, get_terminal_size, and the
exceptions Error, SameFileError, SpecialFileError, ExecError, ReadError,
RegistryError.

What it does not do, and why:
- Permission bits and timestamps. capy's os has no chmod and no utime, so
  copymode and copystat check that both files exist (raising what CPython
  raises when one is missing) and then copy nothing; copy2 therefore keeps
  the new file's own mtime. If os grows chmod/utime they are used.
- Symbolic links. capy's os has no readlink and no symlink, so a link is
  always copied as the file or directory it points to; copyfile(...,
  follow_symlinks=False) on a link, and copytree(symlinks=True) meeting a
  link, report an error instead of recreating the link.
- rmtree works by path (os.scandir/os.remove/os.rmdir), not by directory
  descriptor, so it does not resist symlink races:
  rmtree.avoids_symlink_attacks is False.
- which: os.access in capy only checks existence, so the X_OK/W_OK/R_OK
  tests here read the permission bits from os.stat and accept a file when
  any of the user/group/other bits allow the access.
- get_terminal_size reads COLUMNS and LINES; capy cannot ask the terminal,
  so anything missing comes from the fallback.
- No disk_usage (capy's os has no statvfs), no chown, no archives
  (make_archive, unpack_archive and their registries).
"""
import os
import sys
import fnmatch

__all__ = [
    "copyfileobj", "copyfile", "copymode", "copystat", "copy", "copy2",
    "copytree", "move", "rmtree", "Error", "SpecialFileError", "ExecError",
    "ReadError", "RegistryError", "SameFileError", "ignore_patterns", "which",
    "get_terminal_size",
]

# One read per 64 KiB, CPython's size on POSIX.
COPY_BUFSIZE = 64 * 1024

_S_IFMT = 0o170000
_S_IFDIR = 0o040000
_S_IFIFO = 0o010000


class Error(OSError):
    pass


class SameFileError(Error):
    """Raised when source and destination are the same file."""


class SpecialFileError(OSError):
    """Raised when trying to do a kind of operation (e.g. copying) which is
    not supported on a special file (e.g. a named pipe)"""


class ExecError(OSError):
    """Raised when a command could not be executed"""


class ReadError(OSError):
    """Raised when an archive cannot be read"""


class RegistryError(Exception):
    """Raised when a registry operation with the archiving
    and unpacking registries fails"""


def copyfileobj(fsrc, fdst, length=0):
    """copy data from file-like object fsrc to file-like object fdst"""
    if not length:
        length = COPY_BUFSIZE
    while True:
        chunk = fsrc.read(length)
        if not chunk:
            return
        fdst.write(chunk)


def _same(src, dst):
    # Two names for one file: equal (inode, device). A missing file is
    # never "the same" as anything.
    try:
        return os.path.samefile(src, dst)
    except (OSError, ValueError):
        return False


def _is_link(p):
    try:
        return os.path.islink(p)
    except (OSError, ValueError):
        return False


def _no_links(what):
    return NotImplementedError(what + ": capy's os cannot read or create symbolic links")


def copyfile(src, dst, *, follow_symlinks=True):
    """Copy data from src to dst in the most efficient way possible.

    If follow_symlinks is not set and src is a symbolic link, a new
    symlink will be created instead of copying the file it points to.

    """
    if _same(src, dst):
        raise SameFileError("{!r} and {!r} are the same file".format(src, dst))
    # Copying from or to a named pipe would block for ever.
    for name in (src, dst):
        try:
            mode = os.stat(name).st_mode
        except (OSError, ValueError):
            continue
        if mode & _S_IFMT == _S_IFIFO:
            raise SpecialFileError("`%s` is a named pipe" % (name,))
    if not follow_symlinks and _is_link(src):
        if hasattr(os, "symlink") and hasattr(os, "readlink"):
            os.symlink(os.readlink(src), dst)
            return dst
        raise _no_links("copyfile(follow_symlinks=False)")
    with open(src, "rb") as fsrc:
        try:
            with open(dst, "wb") as fdst:
                copyfileobj(fsrc, fdst)
        except IsADirectoryError as e:
            # open() says "Is a directory" also when dst ends in '/' and
            # does not exist; say what is really wrong.
            if not os.path.exists(dst):
                raise FileNotFoundError("Directory does not exist: " + str(dst)) from e
            raise
    return dst


def _stat_for(p, follow_symlinks):
    if follow_symlinks:
        return os.stat(p)
    return os.lstat(p)


def copymode(src, dst, *, follow_symlinks=True):
    """Copy mode bits from src to dst (only where capy's os has chmod)."""
    st = _stat_for(src, follow_symlinks)
    chmod = getattr(os, "chmod", None)
    if chmod is None:
        # Nothing can be changed, but a missing dst is still an error.
        _stat_for(dst, follow_symlinks)
        return
    chmod(dst, st.st_mode & 0o7777)


def copystat(src, dst, *, follow_symlinks=True):
    """Copy permission bits and times from src to dst, as far as capy's
    os allows (without chmod and utime: nothing, after checking both)."""
    st = _stat_for(src, follow_symlinks)
    utime = getattr(os, "utime", None)
    if utime is not None:
        utime(dst, (st.st_atime, st.st_mtime))
    else:
        _stat_for(dst, follow_symlinks)
    chmod = getattr(os, "chmod", None)
    if chmod is not None:
        chmod(dst, st.st_mode & 0o7777)


def _into_dir(src, dst):
    if os.path.isdir(dst):
        return os.path.join(dst, os.path.basename(src))
    return dst


def copy(src, dst, *, follow_symlinks=True):
    """Copy data and mode bits ("cp src dst"). Return the file's destination.

    The destination may be a directory.
    """
    dst = _into_dir(src, dst)
    copyfile(src, dst, follow_symlinks=follow_symlinks)
    copymode(src, dst, follow_symlinks=follow_symlinks)
    return dst


def copy2(src, dst, *, follow_symlinks=True):
    """Copy data and metadata. Return the file's destination.

    The destination may be a directory.
    """
    dst = _into_dir(src, dst)
    copyfile(src, dst, follow_symlinks=follow_symlinks)
    copystat(src, dst, follow_symlinks=follow_symlinks)
    return dst


def ignore_patterns(*patterns):
    """Function that can be used as copytree() ignore parameter.

    Patterns is a sequence of glob-style patterns
    that are used to exclude files"""
    def _ignore(path, names):
        hits = set()
        for pat in patterns:
            hits.update(fnmatch.filter(names, pat))
        return hits
    return _ignore


def copytree(src, dst, symlinks=False, ignore=None, copy_function=copy2,
             ignore_dangling_symlinks=False, dirs_exist_ok=False):
    """Recursively copy a directory tree and return the destination directory.

    Every failure below the top is collected and raised at the end as one
    Error whose argument is a list of (srcname, dstname, reason) tuples.
    """
    # Listed first so that a missing src fails before dst is created.
    with os.scandir(src) as it:
        entries = list(it)
    names = [e.name for e in entries]
    skip = ignore(os.fspath(src), names) if ignore is not None else ()
    os.makedirs(dst, exist_ok=dirs_exist_ok)
    errors = []
    for entry in entries:
        if entry.name in skip:
            continue
        srcname = os.path.join(src, entry.name)
        dstname = os.path.join(dst, entry.name)
        try:
            if entry.is_symlink():
                if symlinks:
                    if not (hasattr(os, "symlink") and hasattr(os, "readlink")):
                        raise _no_links("copytree(symlinks=True)")
                    os.symlink(os.readlink(srcname), dstname)
                    continue
                # A dangling link: the target is gone.
                if not os.path.exists(srcname):
                    if ignore_dangling_symlinks:
                        continue
            if entry.is_dir():
                copytree(srcname, dstname, symlinks, ignore, copy_function,
                         ignore_dangling_symlinks, dirs_exist_ok)
            else:
                copy_function(srcname, dstname)
        except Error as err:
            # A subtree's own list of failures joins ours.
            errors.extend(err.args[0])
        except (OSError, NotImplementedError) as why:
            errors.append((srcname, dstname, str(why)))
    try:
        copystat(src, dst)
    except OSError as why:
        errors.append((src, dst, str(why)))
    if errors:
        raise Error(errors)
    return dst


def _reraise(*args):
    # The default onerror: let the exception being handled propagate.
    raise


def _ignore_all(*args):
    pass


def _rm_contents(top, onerror):
    try:
        with os.scandir(top) as it:
            entries = list(it)
    except OSError:
        onerror(os.scandir, top, sys.exc_info())
        return
    for entry in entries:
        full = os.path.join(top, entry.name)
        try:
            # A link to a directory is removed as a link, never followed.
            is_dir = entry.is_dir(follow_symlinks=False)
        except OSError:
            is_dir = False
        if is_dir:
            _rm_contents(full, onerror)
            try:
                os.rmdir(full)
            except OSError:
                onerror(os.rmdir, full, sys.exc_info())
        else:
            try:
                os.unlink(full)
            except OSError:
                onerror(os.unlink, full, sys.exc_info())


def rmtree(path, ignore_errors=False, onerror=None, *, dir_fd=None):
    """Recursively delete a directory tree.

    If ignore_errors is set, errors are ignored; otherwise, if onerror
    is set, it is called to handle the error with arguments (func,
    path, exc_info) where func is os.lstat, os.scandir, os.unlink,
    os.rmdir or os.path.islink; path is the argument to that function
    that caused it to fail; and exc_info is a tuple returned by
    sys.exc_info().  If ignore_errors is false and onerror is None,
    an exception is raised.
    """
    if dir_fd is not None:
        raise NotImplementedError("rmtree: dir_fd is not supported by capy")
    if ignore_errors:
        onerror = _ignore_all
    elif onerror is None:
        onerror = _reraise
    try:
        st = os.lstat(path)
    except Exception:
        onerror(os.lstat, path, sys.exc_info())
        return
    if st.st_mode & _S_IFMT == 0o120000:
        try:
            raise OSError("Cannot call rmtree on a symbolic link")
        except OSError:
            onerror(os.path.islink, path, sys.exc_info())
        return
    # A plain file fails in scandir (and again in rmdir), as in CPython.
    _rm_contents(path, onerror)
    try:
        os.rmdir(path)
    except OSError:
        onerror(os.rmdir, path, sys.exc_info())


rmtree.avoids_symlink_attacks = False


def _strip_base(p):
    # basename that ignores trailing slashes: "a/b/" -> "b".
    return os.path.basename(os.fspath(p).rstrip(os.sep))


def _dest_in_src(src, dst):
    src = os.path.abspath(src)
    dst = os.path.abspath(dst)
    if not src.endswith(os.sep):
        src += os.sep
    if not dst.endswith(os.sep):
        dst += os.sep
    return dst.startswith(src)


def move(src, dst, copy_function=copy2):
    """Recursively move a file or directory to another location, like
    "mv". Return the file or directory's destination.

    If dst is an existing directory, src goes inside it. A rename is tried
    first; when it fails (e.g. across file systems) src is copied with
    copy_function (or copytree) and then removed.
    """
    real_dst = dst
    if os.path.isdir(dst):
        if _same(src, dst):
            # Only the case of the name changes (case-insensitive systems).
            os.rename(src, dst)
            return
        real_dst = os.path.join(dst, _strip_base(src))
        if os.path.exists(real_dst):
            raise Error("Destination path '%s' already exists" % real_dst)
    try:
        os.rename(src, real_dst)
    except OSError:
        if _is_link(src):
            if not (hasattr(os, "symlink") and hasattr(os, "readlink")):
                raise _no_links("move")
            os.symlink(os.readlink(src), real_dst)
            os.unlink(src)
        elif os.path.isdir(src):
            if _dest_in_src(src, dst):
                raise Error("Cannot move a directory '%s' into itself '%s'." % (src, dst))
            copytree(src, real_dst, copy_function=copy_function, symlinks=True)
            rmtree(src)
        else:
            copy_function(src, real_dst)
            os.unlink(src)
    return real_dst


def _allowed(name, mode):
    # os.access in capy only checks existence; read the permission bits
    # instead (any of user/group/other granting the access counts).
    try:
        st = os.stat(name)
    except (OSError, ValueError):
        return False
    if st.st_mode & _S_IFMT == _S_IFDIR:
        return False
    bits = st.st_mode & 0o777
    for flag, mask in ((os.R_OK, 0o444), (os.W_OK, 0o222), (os.X_OK, 0o111)):
        if mode & flag and not bits & mask:
            return False
    return True


def which(cmd, mode=os.F_OK | os.X_OK, path=None):
    """Given a command, mode, and a PATH string, return the path which
    conforms to the given mode on the PATH, or None if there is no such
    file.

    `mode` defaults to os.F_OK | os.X_OK. `path` defaults to the result
    of os.environ.get("PATH"), or can be overridden with a custom search
    path.

    """
    as_bytes = isinstance(cmd, bytes)
    # A command with a directory part is checked as it is, PATH unused.
    if os.path.dirname(cmd):
        return cmd if _allowed(cmd, mode) else None
    if path is None:
        try:
            path = os.environ.get("PATH", None)
        except PermissionError:
            path = None
        if path is None:
            path = os.defpath
    if not path:
        return None
    if as_bytes:
        if isinstance(path, str):
            path = path.encode()
        dirs = path.split(os.pathsep.encode())
    else:
        if isinstance(path, bytes):
            path = path.decode()
        dirs = path.split(os.pathsep)
    seen = set()
    for d in dirs:
        if d in seen:
            continue
        seen.add(d)
        if as_bytes:
            # capy's os.path answers str for bytes; join by hand.
            if not d or d.endswith(b"/"):
                name = d + cmd
            else:
                name = d + b"/" + cmd
        else:
            name = os.path.join(d, cmd)
        if _allowed(name, mode):
            return name
    return None


class terminal_size(tuple):
    # Stands in for os.terminal_size, which capy's os lacks.
    def __new__(cls, size):
        size = tuple(size)
        if len(size) != 2:
            raise TypeError("os.terminal_size() takes a 2-sequence (%d-sequence given)" % len(size))
        return tuple.__new__(cls, size)

    columns = property(lambda self: self[0])
    lines = property(lambda self: self[1])

    def __repr__(self):
        return "os.terminal_size(columns=%r, lines=%r)" % (self[0], self[1])


def _env_int(key):
    try:
        return int(os.environ[key])
    except (KeyError, ValueError, PermissionError):
        return 0


def get_terminal_size(fallback=(80, 24)):
    """Get the size of the terminal window.

    For each of the two dimensions, the environment variable, COLUMNS
    and LINES respectively, is checked. If the variable is defined and
    the value is a positive integer, it is used. Otherwise the fallback
    value is used (capy cannot query the terminal itself).
    """
    columns = _env_int("COLUMNS")
    lines = _env_int("LINES")
    if columns <= 0:
        columns = fallback[0]
    if lines <= 0:
        lines = fallback[1]
    return terminal_size((columns, lines))
