# glob for capy: pathname patterns over os.scandir, through the
# instance's host view. Results come in the order os.listdir gives
# (capy's: sorted by name).
import os
import fnmatch

__all__ = ["glob", "iglob", "escape", "has_magic"]


def has_magic(s):
    return any(c in s for c in "*?[")


def escape(pathname):
    drive, path = "", pathname
    out = []
    for c in path:
        out.append("[" + c + "]" if c in "*?[" else c)
    return drive + "".join(out)


def glob(pathname, *, root_dir=None, recursive=False, include_hidden=False):
    return list(iglob(pathname, root_dir=root_dir, recursive=recursive,
                      include_hidden=include_hidden))


def iglob(pathname, *, root_dir=None, recursive=False, include_hidden=False):
    pathname = os.fspath(pathname)
    if root_dir is not None:
        root_dir = os.fspath(root_dir)
    it = _iglob(pathname, root_dir, recursive, include_hidden)
    if recursive and pathname == "**":
        # "**" also matches no folder at all: internally that is "".
        next(it, None)
    for p in it:
        yield p


def _join(root, p):
    return os.path.join(root, p) if root and p else (p or root)


def _exists(root, p):
    return os.path.lexists(_join(root, p)) if p else True


def _isdir(root, p):
    return os.path.isdir(_join(root, p)) if p else True


def _iglob(pathname, root, recursive, hidden):
    dirname, basename = os.path.split(pathname)
    if not has_magic(pathname):
        if basename:
            if _exists(root, pathname):
                yield pathname
        elif _isdir(root, dirname):
            yield pathname
        return
    if not dirname:
        if recursive and basename == "**":
            yield ""
            yield from _rlistdir(root, "", hidden)
        else:
            yield from _glob1(root, "", basename, hidden)
        return
    if dirname != pathname and has_magic(dirname):
        dirs = _iglob(dirname, root, recursive, hidden)
    else:
        dirs = [dirname]
    for d in dirs:
        if recursive and basename == "**":
            if _isdir(root, d):
                yield os.path.join(d, "")
            for name in _rlistdir(root, d, hidden):
                yield os.path.join(d, name)
        elif has_magic(basename):
            for name in _glob1(root, d, basename, hidden):
                yield os.path.join(d, name)
        elif _exists(root, os.path.join(d, basename)) if basename else _isdir(root, d):
            yield os.path.join(d, basename)


def _listdir(root, d, dirs_only=False):
    try:
        if not dirs_only:
            # Names alone: no DirEntry made per name (same order).
            return os.listdir(_join(root, d) or ".")
        with os.scandir(_join(root, d) or ".") as it:
            return [e.name for e in it if e.is_dir()]
    except OSError:
        return []


def _glob1(root, d, pattern, hidden):
    names = _listdir(root, d)
    if not (hidden or pattern.startswith(".")):
        names = [n for n in names if not n.startswith(".")]
    return fnmatch.filter(names, pattern)


def _rlistdir(root, d, hidden):
    for name in _listdir(root, d):
        if not hidden and name.startswith("."):
            continue
        yield name
        p = os.path.join(d, name) if d else name
        if _isdir(root, p) and not os.path.islink(_join(root, p)):
            for sub in _rlistdir(root, p, hidden):
                yield os.path.join(name, sub)
