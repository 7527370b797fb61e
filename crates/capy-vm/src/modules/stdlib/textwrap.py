"""textwrap for capy: wrapping and filling text.

Frozen into the binary (modules/frozen.rs), compiled on first import.

Covers CPython 3.11's textwrap: TextWrapper (width, initial_indent,
subsequent_indent, expand_tabs, tabsize, replace_whitespace,
fix_sentence_endings, break_long_words, drop_whitespace, break_on_hyphens,
max_lines, placeholder), wrap, fill, shorten, dedent, indent.

Words are split by a hand-written scanner that follows the rules of
CPython's word-splitting regular expression (whitespace runs, em-dashes
between words, breaks after hyphens inside words of letters), since
capy's re has no look-behind. "Letter" and "word character" use
str.isalpha/isalnum, as CPython's Unicode classes do for ordinary text.
"""

_WHITESPACE = "\t\n\x0b\x0c\r "
# Each whitespace character becomes a space (replace_whitespace).
_TO_SPACE = {ord(c): " " for c in _WHITESPACE}


def _is_word(c):
    return c.isalnum() or c == "_"


def _is_letter(c):
    # A word character that is not a decimal digit.
    return _is_word(c) and not c.isdecimal()


def _is_word_punct(c):
    return _is_word(c) or c in "!\"'&.,?"


def _split_hyphenated(text):
    """Chunks of `text`: runs of whitespace, em-dashes ("--" or longer
    between a word and a word character) and words, each word also broken
    after a hyphen that joins two runs of letters (the hyphen stays on
    the left part)."""
    chunks = []
    n = len(text)
    i = 0
    while i < n:
        c = text[i]
        if c in _WHITESPACE:
            j = i + 1
            while j < n and text[j] in _WHITESPACE:
                j += 1
            chunks.append(text[i:j])
            i = j
            continue
        if c == "-" and i > 0 and _is_word_punct(text[i - 1]):
            j = i
            while j < n and text[j] == "-":
                j += 1
            if j - i >= 2 and j < n and _is_word(text[j]):
                chunks.append(text[i:j])
                i = j
                continue
        j = _word_end(text, i)
        chunks.append(text[i:j])
        i = j
    return chunks


def _word_end(text, i):
    # The shortest chunk from i (at least one character) that ends at one
    # of the break points of a word; checked in this order at each end.
    n = len(text)
    j = i + 1
    while True:
        # A hyphen right after `j-1`... i.e. text[j] is '-' ending a part of
        # letters: break after it.
        if j < n and text[j] == "-" and _hyphen_break(text, j):
            return j + 1
        # End of the word.
        if j >= n or text[j] in _WHITESPACE:
            return j
        # Just before an em-dash that follows a word.
        if _is_word_punct(text[j - 1]) and _em_dash_at(text, j):
            return j
        j += 1


def _hyphen_break(text, h):
    # Before the hyphen at h: two letters, or letter-hyphen-letter (a word
    # already broken once); after it: letter, optional hyphen, letter.
    def letter(k):
        return 0 <= k < len(text) and _is_letter(text[k])

    before = (letter(h - 2) and letter(h - 1)) or (
        letter(h - 3) and h >= 2 and text[h - 2] == "-" and letter(h - 1)
    )
    if not before:
        return False
    if not letter(h + 1):
        return False
    return letter(h + 2) or (h + 2 < len(text) and text[h + 2] == "-" and letter(h + 3))


def _em_dash_at(text, j):
    n = len(text)
    k = j
    while k < n and text[k] == "-":
        k += 1
    return k - j >= 2 and k < n and _is_word(text[k])


def _split_simple(text):
    # Runs of whitespace and runs of anything else.
    chunks = []
    n = len(text)
    i = 0
    while i < n:
        ws = text[i] in _WHITESPACE
        j = i + 1
        while j < n and (text[j] in _WHITESPACE) == ws:
            j += 1
        chunks.append(text[i:j])
        i = j
    return chunks


def _ends_sentence(chunk):
    # A lowercase ASCII letter, then . ! or ?, then maybe a quote, at the end.
    if chunk and chunk[-1] in "\"'":
        chunk = chunk[:-1]
    return (
        len(chunk) >= 2
        and chunk[-1] in ".!?"
        and "a" <= chunk[-2] <= "z"
    )


class TextWrapper:
    def __init__(
        self,
        width=70,
        initial_indent="",
        subsequent_indent="",
        expand_tabs=True,
        replace_whitespace=True,
        fix_sentence_endings=False,
        break_long_words=True,
        drop_whitespace=True,
        break_on_hyphens=True,
        tabsize=8,
        *,
        max_lines=None,
        placeholder=" [...]"
    ):
        self.width = width
        self.initial_indent = initial_indent
        self.subsequent_indent = subsequent_indent
        self.expand_tabs = expand_tabs
        self.replace_whitespace = replace_whitespace
        self.fix_sentence_endings = fix_sentence_endings
        self.break_long_words = break_long_words
        self.drop_whitespace = drop_whitespace
        self.break_on_hyphens = break_on_hyphens
        self.tabsize = tabsize
        self.max_lines = max_lines
        self.placeholder = placeholder

    def _munge_whitespace(self, text):
        if self.expand_tabs:
            text = text.expandtabs(self.tabsize)
        if self.replace_whitespace:
            text = text.translate(_TO_SPACE)
        return text

    def _split(self, text):
        if self.break_on_hyphens:
            return _split_hyphenated(text)
        return _split_simple(text)

    def _split_chunks(self, text):
        return self._split(self._munge_whitespace(text))

    def _fix_sentence_endings(self, chunks):
        # One space after a sentence end becomes two.
        i = 0
        while i < len(chunks) - 1:
            if chunks[i + 1] == " " and _ends_sentence(chunks[i]):
                chunks[i + 1] = "  "
                i += 2
            else:
                i += 1

    def _break_long_word(self, chunks, pos, line, line_len, width):
        """chunks[pos] does not fit on an empty line: put as much of it as
        fits on `line` (at a hyphen if one is in reach), leave the rest
        in chunks[pos]. Returns the new position."""
        space_left = width - line_len if width >= 1 else 1
        chunk = chunks[pos]
        if self.break_long_words:
            end = space_left
            if self.break_on_hyphens and len(chunk) > space_left:
                h = chunk.rfind("-", 0, space_left)
                if h > 0 and chunk[:h].strip("-"):
                    end = h + 1
            line.append(chunk[:end])
            chunks[pos] = chunk[end:]
            return pos
        if not line:
            # Cannot break it: the word gets a line of its own.
            line.append(chunk)
            return pos + 1
        return pos

    def _wrap_chunks(self, chunks):
        if self.width <= 0:
            raise ValueError("invalid width %r (must be > 0)" % self.width)
        if self.max_lines is not None:
            indent = self.subsequent_indent if self.max_lines > 1 else self.initial_indent
            if len(indent) + len(self.placeholder.lstrip()) > self.width:
                raise ValueError("placeholder too large for max width")
        lines = []
        pos = 0
        n = len(chunks)
        while pos < n:
            indent = self.subsequent_indent if lines else self.initial_indent
            width = self.width - len(indent)
            # Whitespace at the start of a line (except the first) goes.
            if self.drop_whitespace and lines and not chunks[pos].strip():
                pos += 1
                if pos >= n:
                    break
            line = []
            line_len = 0
            while pos < n and line_len + len(chunks[pos]) <= width:
                line.append(chunks[pos])
                line_len += len(chunks[pos])
                pos += 1
            if pos < n and len(chunks[pos]) > width:
                pos = self._break_long_word(chunks, pos, line, line_len, width)
                line_len = sum(len(c) for c in line)
            # Whitespace at the end of a line goes too.
            if self.drop_whitespace and line and not line[-1].strip():
                line_len -= len(line[-1])
                line.pop()
            if not line:
                continue
            rest_empty = pos >= n or (
                self.drop_whitespace and pos == n - 1 and not chunks[pos].strip()
            )
            if (
                self.max_lines is None
                or len(lines) + 1 < self.max_lines
                or (rest_empty and line_len <= width)
            ):
                lines.append(indent + "".join(line))
                continue
            # The last allowed line: end it with the placeholder, dropping
            # chunks until it fits after a non-blank one.
            while line:
                if line[-1].strip() and line_len + len(self.placeholder) <= width:
                    line.append(self.placeholder)
                    lines.append(indent + "".join(line))
                    break
                line_len -= len(line[-1])
                line.pop()
            else:
                if lines:
                    prev = lines[-1].rstrip()
                    if len(prev) + len(self.placeholder) <= self.width:
                        lines[-1] = prev + self.placeholder
                        break
                lines.append(indent + self.placeholder.lstrip())
            break
        return lines

    def wrap(self, text):
        chunks = self._split_chunks(text)
        if self.fix_sentence_endings:
            self._fix_sentence_endings(chunks)
        # Empty chunks (left by a broken long word) are never kept.
        return self._wrap_chunks([c for c in chunks if c])

    def fill(self, text):
        return "\n".join(self.wrap(text))


def wrap(text, width=70, **kwargs):
    return TextWrapper(width=width, **kwargs).wrap(text)


def fill(text, width=70, **kwargs):
    return TextWrapper(width=width, **kwargs).fill(text)


def shorten(text, width, **kwargs):
    w = TextWrapper(width=width, max_lines=1, **kwargs)
    return w.fill(" ".join(text.strip().split()))


def dedent(text):
    """Removes the whitespace prefix common to every non-blank line; lines
    of only spaces and tabs become empty. Tabs and spaces are not
    equivalent: "  x" and "\\tx" have no common prefix."""
    lines = text.split("\n")
    margin = None
    for k, line in enumerate(lines):
        stripped = line.lstrip(" \t")
        if not stripped:
            lines[k] = ""
            continue
        ind = line[: len(line) - len(stripped)]
        if margin is None:
            margin = ind
        elif ind.startswith(margin):
            pass
        elif margin.startswith(ind):
            margin = ind
        else:
            common = 0
            while common < len(margin) and common < len(ind) and margin[common] == ind[common]:
                common += 1
            margin = margin[:common]
    if margin:
        cut = len(margin)
        lines = [l[cut:] if l else l for l in lines]
    return "\n".join(lines)


def indent(text, prefix, predicate=None):
    """Adds prefix to the lines for which predicate(line) is true (by
    default: lines that are not only whitespace)."""
    out = []
    for line in text.splitlines(True):
        if (predicate(line) if predicate is not None else line.strip()):
            out.append(prefix + line)
        else:
            out.append(line)
    return "".join(out)
