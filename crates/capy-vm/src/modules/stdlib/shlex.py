"""shlex for capy: a lexer for shell-like syntax.

Covers CPython 3.11's shlex: split (POSIX and non-POSIX rules, with or
without comments), quote, join, and the shlex class with its usual
attributes (commenters, wordchars, whitespace, escape, quotes,
escapedquotes, whitespace_split, punctuation_chars, posix, eof, lineno,
token, infile, instream) and methods (get_token, push_token, read_token,
push_source, pop_source, error_leader, iteration).

Not covered: the `source` keyword (file inclusion through sourcehook is
available as a method, but get_token never triggers it), debug output,
and reading from sys.stdin when no input stream is given (an empty input
is used instead).
"""

import io
import re

__all__ = ["shlex", "split", "quote", "join"]

# Latin-1 letters that POSIX mode also counts as word characters.
_LATIN1_WORD = ("".join(chr(c) for c in range(0xDF, 0x100) if c != 0xF7)
                + "".join(chr(c) for c in range(0xC0, 0xDF) if c != 0xD7))

# States of the tokenizer besides "inside quote X" / "after escape X",
# which use the quote or escape character itself as the state.
_BETWEEN = " "
_WORD = "a"
_PUNCT = "c"
_DONE = None


class shlex:
    """A lexical analyzer for simple shell-like syntax."""

    def __init__(self, instream=None, infile=None, posix=False,
                 punctuation_chars=False):
        if isinstance(instream, str):
            instream = io.StringIO(instream)
        if instream is None:
            instream = io.StringIO("")
        self.instream = instream
        self.infile = infile
        self.posix = posix
        self.eof = None if posix else ""
        self.commenters = "#"
        # The e/f order matches CPython's attribute value.
        self.wordchars = ("abcdfeghijklmnopqrstuvwxyz"
                          "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
        if posix:
            self.wordchars += _LATIN1_WORD
        self.whitespace = " \t\r\n"
        self.whitespace_split = False
        self.quotes = "'\""
        self.escape = "\\"
        self.escapedquotes = '"'
        self.state = _BETWEEN
        self.pushback = []          # tokens pushed back, next one first
        self.lineno = 1
        self.debug = 0
        self.token = ""
        self.filestack = []
        self.source = None
        if not punctuation_chars:
            punctuation_chars = ""
        elif punctuation_chars is True:
            punctuation_chars = "();<>|&"
        self._punctuation_chars = punctuation_chars
        if punctuation_chars:
            self._pushback_chars = []
            # Characters that may appear in file names become word
            # characters, punctuation ones never are.
            self.wordchars += "~-./*?="
            self.wordchars = "".join(c for c in self.wordchars
                                     if c not in punctuation_chars)

    @property
    def punctuation_chars(self):
        return self._punctuation_chars

    def push_token(self, tok):
        """Push a token back; get_token returns it next."""
        self.pushback.insert(0, tok)

    def push_source(self, newstream, newfile=None):
        """Read from newstream until it ends, then resume the current one."""
        if isinstance(newstream, str):
            newstream = io.StringIO(newstream)
        self.filestack.insert(0, (self.infile, self.instream, self.lineno))
        self.infile = newfile
        self.instream = newstream
        self.lineno = 1

    def pop_source(self):
        """Go back to the stream that was active before push_source."""
        self.instream.close()
        (self.infile, self.instream, self.lineno) = self.filestack.pop(0)
        self.state = _BETWEEN

    def get_token(self):
        """The next token: a pushed-back one, else one read from the input.
        Returns self.eof at the end of the input."""
        if self.pushback:
            return self.pushback.pop(0)
        raw = self.read_token()
        while raw == self.eof:
            if not self.filestack:
                return self.eof
            self.pop_source()
            raw = self.get_token()
        return raw

    def _next_char(self):
        if self._punctuation_chars and self._pushback_chars:
            return self._pushback_chars.pop()
        return self.instream.read(1)

    def _skip_comment(self):
        self.instream.readline()
        self.lineno += 1

    def read_token(self):
        """Read one token from the input stream, ignoring pushback."""
        quoted = False
        escapedstate = _BETWEEN
        posix = self.posix
        while True:
            c = self._next_char()
            if c == "\n":
                self.lineno += 1
            st = self.state
            if st is _DONE:
                self.token = ""
                break
            if st == _BETWEEN:
                if not c:
                    self.state = _DONE
                    break
                if c in self.whitespace:
                    if self.token or (posix and quoted):
                        break
                elif c in self.commenters:
                    self._skip_comment()
                elif posix and c in self.escape:
                    escapedstate = _WORD
                    self.state = c
                elif c in self.wordchars:
                    self.token = c
                    self.state = _WORD
                elif c in self._punctuation_chars:
                    self.token = c
                    self.state = _PUNCT
                elif c in self.quotes:
                    if not posix:
                        self.token = c
                    self.state = c
                elif self.whitespace_split:
                    self.token = c
                    self.state = _WORD
                else:
                    # Any other character is a token of its own.
                    self.token = c
                    if self.token or (posix and quoted):
                        break
            elif st in self.quotes:
                quoted = True
                if not c:
                    raise ValueError("No closing quotation")
                if c == st:
                    if not posix:
                        self.token += c
                        self.state = _BETWEEN
                        break
                    self.state = _WORD
                elif posix and c in self.escape and st in self.escapedquotes:
                    escapedstate = st
                    self.state = c
                else:
                    self.token += c
            elif st in self.escape:
                if not c:
                    raise ValueError("No escaped character")
                # Inside double quotes a backslash only escapes the quote
                # and itself; otherwise it stays in the word.
                if escapedstate in self.quotes and c != st and c != escapedstate:
                    self.token += st
                self.token += c
                self.state = escapedstate
            elif st == _WORD or st == _PUNCT:
                if not c:
                    self.state = _DONE
                    break
                if c in self.whitespace:
                    self.state = _BETWEEN
                    if self.token or (posix and quoted):
                        break
                elif c in self.commenters:
                    self._skip_comment()
                    if posix:
                        self.state = _BETWEEN
                        if self.token or (posix and quoted):
                            break
                elif st == _PUNCT:
                    if c in self._punctuation_chars:
                        self.token += c
                    else:
                        if c not in self.whitespace:
                            self._pushback_chars.append(c)
                        self.state = _BETWEEN
                        break
                elif posix and c in self.quotes:
                    self.state = c
                elif posix and c in self.escape:
                    escapedstate = _WORD
                    self.state = c
                elif (c in self.wordchars or c in self.quotes
                      or (self.whitespace_split
                          and c not in self._punctuation_chars)):
                    self.token += c
                else:
                    # The word ends here; the character is read again
                    # (as a character, or as a one-character token).
                    if self._punctuation_chars:
                        self._pushback_chars.append(c)
                    else:
                        self.pushback.insert(0, c)
                    self.state = _BETWEEN
                    if self.token or (posix and quoted):
                        break
        result = self.token
        self.token = ""
        if posix and not quoted and result == "":
            result = None
        return result

    def sourcehook(self, newfile):
        """Open the file named by a `source` token (quotes stripped)."""
        if newfile[0] == '"':
            newfile = newfile[1:-1]
        return (newfile, open(newfile, "r"))

    def error_leader(self, infile=None, lineno=None):
        """A message prefix in the style of Emacs/C compilers."""
        if infile is None:
            infile = self.infile
        if lineno is None:
            lineno = self.lineno
        return '"%s", line %d: ' % (infile, lineno)

    def __iter__(self):
        return self

    def __next__(self):
        token = self.get_token()
        if token == self.eof:
            raise StopIteration
        return token


def split(s, comments=False, posix=True):
    """Split s into words as a shell would (POSIX rules by default);
    '#' starts a comment only when comments is true."""
    if s is None:
        raise ValueError("s argument must not be None")
    lex = shlex(s, posix=posix)
    lex.whitespace_split = True
    if not comments:
        lex.commenters = ""
    return list(lex)


# Anything outside these characters needs quoting for a POSIX shell.
_unsafe = re.compile(r"[^a-zA-Z0-9_@%+=:,./-]")


def quote(s):
    """Quote s so that a POSIX shell reads it back as a single word."""
    if not s:
        return "''"
    if _unsafe.search(s) is None:
        return s
    # Single quotes protect everything; a ' inside becomes '"'"'.
    return "'" + s.replace("'", "'\"'\"'") + "'"


def join(split_command):
    """The inverse of split(): quote each word and join with spaces."""
    return " ".join(quote(arg) for arg in split_command)
