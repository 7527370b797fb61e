# fnmatch for capy: shell-style wildcards (*, ?, [seq], [!seq]) matched
# by translating them to a regular expression, as CPython's does.
import re
import posixpath

__all__ = ["filter", "fnmatch", "fnmatchcase", "translate"]

_cache = {}


def _compile(pat):
    r = _cache.get(pat)
    if r is None:
        if len(_cache) >= 256:
            _cache.clear()
        r = _cache[pat] = re.compile(translate(pat))
    return r


def fnmatch(name, pat):
    return fnmatchcase(posixpath.normcase(name), posixpath.normcase(pat))


def fnmatchcase(name, pat):
    return _compile(pat).match(name) is not None


def filter(names, pat):
    # normcase changes nothing on POSIX, so names are matched as given
    # (as CPython does there).
    m = _compile(posixpath.normcase(pat)).match
    return [n for n in names if m(n)]


def translate(pat):
    i, n = 0, len(pat)
    res = []
    while i < n:
        c = pat[i]
        i += 1
        if c == "*":
            if not res or res[-1] != ".*":
                res.append(".*")
        elif c == "?":
            res.append(".")
        elif c == "[":
            j = i
            if j < n and pat[j] == "!":
                j += 1
            if j < n and pat[j] == "]":
                j += 1
            while j < n and pat[j] != "]":
                j += 1
            if j >= n:
                res.append("\\[")
            else:
                stuff = pat[i:j]
                i = j + 1
                if not stuff:
                    res.append("(?!)")
                elif stuff == "!":
                    res.append(".")
                else:
                    stuff = stuff.replace("\\", "\\\\")
                    if stuff[0] == "!":
                        stuff = "^" + stuff[1:]
                    elif stuff[0] in ("^", "["):
                        stuff = "\\" + stuff
                    res.append("[" + stuff + "]")
        else:
            res.append(re.escape(c))
    return "(?s:" + "".join(res) + ")\\Z"
