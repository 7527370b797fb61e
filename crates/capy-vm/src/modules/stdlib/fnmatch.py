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


def _suffix(pat):
    # For a str pattern "*" + literal text (no *, ? or [ after the star):
    # the text. Such a pattern matches exactly the names ending with it.
    if type(pat) is not str or pat[:1] != "*":
        return None
    rest = pat[1:]
    if "*" in rest or "?" in rest or "[" in rest:
        return None
    return rest


def filter(names, pat):
    # normcase changes nothing on POSIX, so names are matched as given
    # (as CPython does there).
    pat = posixpath.normcase(pat)
    m = _compile(pat).match
    suffix = _suffix(pat)
    if suffix is not None:
        # ("*.py"-style: a str test per name, not a regular expression
        # match; names that are not str still go to the expression.)
        return [n for n in names
                if (n.endswith(suffix) if type(n) is str else m(n))]
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
