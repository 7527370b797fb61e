# os.path for capy (POSIX paths). Pure string work, plus the queries that
# ask the file system through os.stat (and so through the instance's
# host view).
#
# Every function takes str, bytes or an os.PathLike and answers in the
# type it was given, as CPython does: bytes in, bytes out. Giving one call
# both str and bytes raises TypeError("Can't mix strings and bytes in path
# components"). The file system queries (exists, isdir, getsize, ...)
# decode bytes to str for _os, which only takes str.
#
# Not covered: realpath does not resolve symbolic links (capy's os cannot
# read them); expanduser does not look up "~user" (no pwd module), only
# "~" from HOME; exists() and friends do not accept a file descriptor.
import _os

sep = "/"
curdir = "."
pardir = ".."
extsep = "."
altsep = None
pathsep = ":"
devnull = "/dev/null"


_fspath = None


def _fs(p):
    # str or bytes, from a path-like; TypeError for anything else. A str
    # (nearly every call) is answered at once: importing os inside every
    # call cost more than the path work of basename or join.
    if type(p) is str:
        return p
    global _fspath
    if _fspath is None:
        import os
        _fspath = os.fspath
    return _fspath(p)


def _s(p):
    # A str for _os, which has no bytes interface.
    p = _fs(p)
    return p.decode() if isinstance(p, bytes) else p


def _sep(p):
    return b"/" if isinstance(p, bytes) else "/"


def _check_types(fname, *args):
    # Called when str/bytes work failed with TypeError: say which rule was
    # broken, in CPython's words, instead of the low-level message.
    has_str = has_bytes = False
    for a in args:
        if isinstance(a, str):
            has_str = True
        elif isinstance(a, bytes):
            has_bytes = True
        else:
            raise TypeError("%s() argument must be str, bytes, or os.PathLike object, not %r"
                            % (fname, type(a).__name__)) from None
    if has_str and has_bytes:
        raise TypeError("Can't mix strings and bytes in path components") from None


def normcase(s):
    return _fs(s)


def isabs(s):
    s = _fs(s)
    return s.startswith(_sep(s))


def join(a, *p):
    a = _fs(a)
    s = _sep(a)
    path = a
    try:
        for b in p:
            b = _fs(b)
            if b.startswith(s):
                path = b
            elif not path or path.endswith(s):
                path += b
            else:
                path += s + b
    except (TypeError, AttributeError):
        _check_types("join", a, *p)
        raise
    return path


def split(p):
    p = _fs(p)
    s = _sep(p)
    i = p.rfind(s) + 1
    head, tail = p[:i], p[i:]
    if head and head != s * len(head):
        head = head.rstrip(s)
    return head, tail


def splitext(p):
    p = _fs(p)
    if isinstance(p, bytes):
        s, dot = b"/", b"."
    else:
        s, dot = "/", "."
    sep_i = p.rfind(s)
    dot_i = p.rfind(dot)
    if dot_i > sep_i:
        # Leading dots belong to the name (".bashrc" has no extension).
        # Slices, not indexing: a byte string indexes to ints.
        f = sep_i + 1
        while f < dot_i:
            if p[f:f + 1] != dot:
                return p[:dot_i], p[dot_i:]
            f += 1
    return p, p[:0]


def splitdrive(p):
    p = _fs(p)
    return p[:0], p


def basename(p):
    # What split(p)[1] is, without making the head.
    p = _fs(p)
    return p[p.rfind(_sep(p)) + 1:]


def dirname(p):
    return split(p)[0]


def normpath(path):
    path = _fs(path)
    if isinstance(path, bytes):
        s, dot, dotdot = b"/", b".", b".."
    else:
        s, dot, dotdot = "/", ".", ".."
    if not path:
        return dot
    initial = 1 if path.startswith(s) else 0
    # POSIX leaves exactly two leading slashes to the implementation.
    if initial and path.startswith(s * 2) and not path.startswith(s * 3):
        initial = 2
    new = []
    for comp in path.split(s):
        if not comp or comp == dot:
            continue
        if comp != dotdot or (not initial and not new) or (new and new[-1] == dotdot):
            new.append(comp)
        elif new:
            new.pop()
    path = s.join(new)
    if initial:
        path = s * initial + path
    return path or dot


def _getcwd_like(p):
    cwd = _os.getcwd()
    return cwd.encode() if isinstance(p, bytes) else cwd


def abspath(path):
    path = _fs(path)
    if not isabs(path):
        path = join(_getcwd_like(path), path)
    return normpath(path)


def realpath(path, *, strict=False):
    return abspath(path)


def relpath(path, start=None):
    if not path:
        raise ValueError("no path specified")
    path = _fs(path)
    if isinstance(path, bytes):
        s, cur, par = b"/", b".", b".."
    else:
        s, cur, par = "/", ".", ".."
    start = cur if start is None else _fs(start)
    try:
        start_list = [x for x in abspath(start).split(s) if x]
        path_list = [x for x in abspath(path).split(s) if x]
        i = len(commonprefix([start_list, path_list]))
        rel_list = [par] * (len(start_list) - i) + path_list[i:]
        if not rel_list:
            return cur
        return join(*rel_list)
    except (TypeError, AttributeError):
        _check_types("relpath", path, start)
        raise


def commonprefix(m):
    if not m:
        return ""
    # Lists of components are compared as they are; paths go via fspath.
    if not isinstance(m[0], (list, tuple)):
        m = tuple(_fs(x) for x in m)
    s1 = min(m)
    s2 = max(m)
    for i in range(len(s1)):
        if s1[i] != s2[i]:
            return s1[:i]
    return s1


def commonpath(paths):
    if not paths:
        raise ValueError("commonpath() arg is an empty sequence")
    paths = tuple(_fs(p) for p in paths)
    if isinstance(paths[0], bytes):
        s, cur = b"/", b"."
    else:
        s, cur = "/", "."
    try:
        split_paths = [p.split(s) for p in paths]
        absolute = {p[:1] == s for p in paths}
        if len(absolute) > 1:
            raise ValueError("Can't mix absolute and relative paths")
        split_paths = [[c for c in sp if c and c != cur] for sp in split_paths]
        common = split_paths[0]
        for sp in split_paths[1:]:
            n = 0
            while n < len(common) and n < len(sp) and common[n] == sp[n]:
                n += 1
            common = common[:n]
        prefix = s if absolute.pop() else s[:0]
        return prefix + s.join(common)
    except (TypeError, AttributeError):
        _check_types("commonpath", *paths)
        raise


def expanduser(path):
    path = _fs(path)
    is_bytes = isinstance(path, bytes)
    s = b"/" if is_bytes else "/"
    if not path.startswith(b"~" if is_bytes else "~"):
        return path
    i = path.find(s, 1)
    if i < 0:
        i = len(path)
    if i != 1:
        # "~user": no password database in capy.
        return path
    try:
        home = _os.getenv("HOME")
    except PermissionError:
        return path
    if home is None:
        return path
    if is_bytes:
        home = home.encode()
    # HOME="/" and "~/x" give "/x", not "//x".
    return (home.rstrip(s) + path[i:]) or s


def _is_name_char(c):
    return c == "_" or ("a" <= c <= "z") or ("A" <= c <= "Z") or ("0" <= c <= "9")


def expandvars(path):
    """Replace $name and ${name} by the environment variable's value;
    unknown variables (and a lone or unclosed '$') are left as written.
    Names are ASCII letters, digits and '_'."""
    path = _fs(path)
    is_bytes = isinstance(path, bytes)
    # Work on str; bytes go through latin-1 so every byte is one char.
    text = path.decode("latin-1") if is_bytes else path
    if "$" not in text:
        return path
    import os
    out = []
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c != "$":
            out.append(c)
            i += 1
            continue
        j = i + 1
        name = None
        if j < n and text[j] == "{":
            k = text.find("}", j + 1)
            if k >= 0:
                name = text[j + 1:k]
                end = k + 1
        else:
            k = j
            while k < n and _is_name_char(text[k]):
                k += 1
            if k > j:
                name = text[j:k]
                end = k
        if name is None:
            out.append(c)
            i += 1
            continue
        key = name.encode("latin-1").decode() if is_bytes else name
        try:
            value = os.environ[key]
        except KeyError:
            value = None
        if value is None:
            out.append(text[i:end])
        else:
            out.append(value.encode().decode("latin-1") if is_bytes else value)
        i = end
    result = "".join(out)
    return result.encode("latin-1") if is_bytes else result


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
    return _s(abspath(path)) == "/"


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


def samestat(s1, s2):
    return s1.st_ino == s2.st_ino and s1.st_dev == s2.st_dev
