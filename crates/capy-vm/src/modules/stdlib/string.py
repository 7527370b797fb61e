"""string for capy: character-class constants, capwords and Template.

Frozen into the binary (modules/frozen.rs), compiled on first import.

Covers: ascii_letters, ascii_lowercase, ascii_uppercase, digits,
hexdigits, octdigits, punctuation, printable, whitespace; capwords;
Template (substitute, safe_substitute, get_identifiers, is_valid, and
subclasses that change `delimiter` or `idpattern`).

Not covered: string.Formatter, Template subclasses that replace the whole
`pattern` regular expression (the placeholders are found by a scanner
here, not by a regex), `braceidpattern`, and `flags` other than the
default re.IGNORECASE.
"""

whitespace = " \t\n\r\x0b\x0c"
ascii_lowercase = "abcdefghijklmnopqrstuvwxyz"
ascii_uppercase = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ascii_letters = ascii_lowercase + ascii_uppercase
digits = "0123456789"
hexdigits = digits + "abcdef" + "ABCDEF"
octdigits = "01234567"
punctuation = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
printable = digits + ascii_letters + punctuation + whitespace


def capwords(s, sep=None):
    """Capitalizes each word of s; words are split (and joined) by sep, or
    by runs of whitespace joined with one space when sep is None."""
    return (sep or " ").join(w.capitalize() for w in s.split(sep))


def _merged(mapping, kws):
    # The names a substitution looks up: keywords win over the mapping.
    if mapping is None:
        return kws
    if kws:
        return _ChainMap(kws, mapping)
    return mapping


class _ChainMap:
    # Keyword arguments first, then the mapping (what substitute(m, **kw)
    # looks names up in).
    def __init__(self, first, second):
        self.first = first
        self.second = second

    def __getitem__(self, key):
        if key in self.first:
            return self.first[key]
        return self.second[key]


class Template:
    """$-substitution: `$name` or `${name}` is replaced by the mapping's
    value for name, `$$` is a literal `$`."""

    delimiter = "$"
    # The default identifier: ASCII letters, digits, underscore, not
    # starting with a digit (matched ignoring case, as CPython does).
    idpattern = r"(?a:[_a-z][_a-z0-9]*)"
    braceidpattern = None

    def __init__(self, template):
        self.template = template

    def _id_matcher(self):
        cls = type(self)
        if cls.idpattern == Template.idpattern:
            return None
        import re

        return re.compile(cls.idpattern, re.IGNORECASE)

    def _scan(self):
        """Yields the template's pieces: ("text", s), ("escaped", None),
        ("named", name), ("braced", name), ("invalid", position) where the
        position is just after the bad delimiter (what CPython reports)."""
        s = self.template
        delim = self.delimiter
        dlen = len(delim)
        matcher = self._id_matcher()
        i = 0
        n = len(s)
        while i < n:
            j = s.find(delim, i)
            if j < 0:
                yield ("text", s[i:])
                return
            if j > i:
                yield ("text", s[i:j])
            k = j + dlen
            if s.startswith(delim, k):
                yield ("escaped", None)
                i = k + dlen
                continue
            if k < n and s[k] == "{":
                end = self._match_id(s, k + 1, matcher)
                if end > k + 1 and end < n and s[end] == "}":
                    yield ("braced", s[k + 1 : end])
                    i = end + 1
                    continue
                yield ("invalid", k)
                i = k
                continue
            end = self._match_id(s, k, matcher)
            if end > k:
                yield ("named", s[k:end])
                i = end
                continue
            yield ("invalid", k)
            i = k
        return

    def _match_id(self, s, start, matcher):
        # The end of the identifier starting at `start` (start if none).
        if matcher is not None:
            m = matcher.match(s[start:])
            return start + (m.end() if m else 0)
        i = start
        n = len(s)
        if i < n and (s[i] == "_" or s[i] in ascii_letters):
            i += 1
            while i < n and (s[i] == "_" or s[i] in ascii_letters or s[i] in digits):
                i += 1
        return i

    def _invalid(self, pos):
        # CPython's numbering: the line count of the text up to the bad
        # delimiter, and the length of its last (partial) line.
        lines = self.template[:pos].splitlines(True)
        lineno = len(lines) if lines else 1
        colno = len(lines[-1]) if lines else 1
        raise ValueError(
            "Invalid placeholder in string: line %d, col %d" % (lineno, colno)
        )

    def substitute(self, mapping=None, /, **kws):
        return self._render(_merged(mapping, kws), False)

    def safe_substitute(self, mapping=None, /, **kws):
        return self._render(_merged(mapping, kws), True)

    def _render(self, mapping, safe):
        # safe: a missing name or a bad delimiter stays as written
        # instead of raising KeyError or ValueError.
        out = []
        for kind, val in self._scan():
            if kind == "text":
                out.append(val)
            elif kind == "escaped":
                out.append(self.delimiter)
            elif kind in ("named", "braced"):
                try:
                    out.append(str(mapping[val]))
                except KeyError:
                    if not safe:
                        raise
                    out.append(self.delimiter + (val if kind == "named" else "{" + val + "}"))
            elif safe:
                out.append(self.delimiter)
            else:
                self._invalid(val)
        return "".join(out)

    def is_valid(self):
        for kind, val in self._scan():
            if kind == "invalid":
                return False
        return True

    def get_identifiers(self):
        ids = []
        for kind, val in self._scan():
            if kind in ("named", "braced") and val not in ids:
                ids.append(val)
        return ids


# The format-string engine as a class (written in _string_formatter.py).
from _string_formatter import Formatter
