# os.path for capy (POSIX paths). Pure string work, plus the queries that
# ask the file system through os.stat (and so through the instance's
# host view).
import _os

sep = "/"
curdir = "."
pardir = ".."
extsep = "."
altsep = None
pathsep = ":"
devnull = "/dev/null"


def _s(p):
    import os
    p = os.fspath(p)
    return p.decode() if isinstance(p, bytes) else p


def normcase(s):
    return _s(s)


def isabs(s):
    return _s(s).startswith("/")


def join(a, *p):
    path = _s(a)
    for b in p:
        b = _s(b)
        if b.startswith("/"):
            path = b
        elif not path or path.endswith("/"):
            path += b
        else:
            path += "/" + b
    return path


def split(p):
    p = _s(p)
    i = p.rfind("/") + 1
    head, tail = p[:i], p[i:]
    if head and head != "/" * len(head):
        head = head.rstrip("/")
    return head, tail


def splitext(p):
    p = _s(p)
    sep_i = p.rfind("/")
    dot_i = p.rfind(".")
    if dot_i > sep_i:
        f = sep_i + 1
        while f < dot_i:
            if p[f] != ".":
                return p[:dot_i], p[dot_i:]
            f += 1
    return p, p[:0]


def splitdrive(p):
    return _s(p)[:0], _s(p)


def basename(p):
    return split(p)[1]


def dirname(p):
    return split(p)[0]


def normpath(path):
    path = _s(path)
    if path == "":
        return "."
    initial = 1 if path.startswith("/") else 0
    if initial and path.startswith("//") and not path.startswith("///"):
        initial = 2
    comps = path.split("/")
    new = []
    for comp in comps:
        if comp in ("", "."):
            continue
        if comp != ".." or (not initial and not new) or (new and new[-1] == ".."):
            new.append(comp)
        elif new:
            new.pop()
    path = "/".join(new)
    if initial:
        path = "/" * initial + path
    return path or "."


def abspath(path):
    path = _s(path)
    if not isabs(path):
        path = join(_os.getcwd(), path)
    return normpath(path)


def realpath(path, *, strict=False):
    return abspath(path)


def relpath(path, start=None):
    if not path:
        raise ValueError("no path specified")
    start = curdir if start is None else _s(start)
    start_list = [x for x in abspath(start).split("/") if x]
    path_list = [x for x in abspath(path).split("/") if x]
    i = len(commonprefix([start_list, path_list]))
    rel_list = [pardir] * (len(start_list) - i) + path_list[i:]
    if not rel_list:
        return curdir
    return join(*rel_list)


def commonprefix(m):
    if not m:
        return ""
    s1 = min(m)
    s2 = max(m)
    for i, c in enumerate(s1):
        if c != s2[i]:
            return s1[:i]
    return s1


def commonpath(paths):
    if not paths:
        raise ValueError("commonpath() arg is an empty sequence")
    paths = [_s(p) for p in paths]
    absolute = {p.startswith("/") for p in paths}
    if len(absolute) > 1:
        raise ValueError("Can't mix absolute and relative paths")
    split_paths = [[c for c in p.split("/") if c and c != "."] for p in paths]
    common = split_paths[0]
    for sp in split_paths[1:]:
        n = 0
        while n < len(common) and n < len(sp) and common[n] == sp[n]:
            n += 1
        common = common[:n]
    prefix = "/" if absolute.pop() else ""
    return prefix + "/".join(common)


def expanduser(path):
    path = _s(path)
    if not path.startswith("~"):
        return path
    i = path.find("/", 1)
    if i < 0:
        i = len(path)
    if i != 1:
        return path
    try:
        home = _os.getenv("HOME")
    except PermissionError:
        return path
    if home is None:
        return path
    return (home.rstrip("/") or "/") + path[i:]


def expandvars(path):
    return _s(path)


def _mode(path, follow=True):
    try:
        return _os.stat(_s(path), follow)[0]
    except (OSError, ValueError):
        return None


def exists(path):
    return _mode(path) is not None


def lexists(path):
    return _mode(path, False) is not None


def isdir(path):
    m = _mode(path)
    return m is not None and m & 0o170000 == 0o040000


def isfile(path):
    m = _mode(path)
    return m is not None and m & 0o170000 == 0o100000


def islink(path):
    m = _mode(path, False)
    return m is not None and m & 0o170000 == 0o120000


def ismount(path):
    return abspath(path) == "/"


def getsize(path):
    return _os.stat(_s(path), True)[6]


def getmtime(path):
    return _os.stat(_s(path), True)[11]


def getatime(path):
    return _os.stat(_s(path), True)[10]


def getctime(path):
    return _os.stat(_s(path), True)[12]


def samefile(a, b):
    sa = _os.stat(_s(a), True)
    sb = _os.stat(_s(b), True)
    return sa[1] == sb[1] and sa[2] == sb[2]
