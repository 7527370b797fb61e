# Checks the shlex class: get_token/push_token, iteration, eof, lineno,
# commenters, wordchars, whitespace_split, quotes, punctuation_chars,
# error_leader and the default attribute values.
import shlex
import io

lex = shlex.shlex('foo = bar(1, "two")  # comment\nnext_line x.y')
toks = []
while True:
    t = lex.get_token()
    if t == lex.eof:
        break
    toks.append((t, lex.lineno))
print(toks)
print(repr(lex.eof), repr(lex.get_token()))

lex = shlex.shlex('a b c', posix=True)
print(lex.get_token())
lex.push_token('pushed')
print(lex.get_token(), lex.get_token(), list(lex), repr(lex.get_token()))

print(list(shlex.shlex('a;b&&c||d', punctuation_chars=True)))
print(list(shlex.shlex('a;b&&c||d (x) >out 2>&1', posix=True, punctuation_chars=True)))
print(list(shlex.shlex('a;b&&c', punctuation_chars=';')))
lex = shlex.shlex('ls ~/dir/*.py;echo x=y', posix=True, punctuation_chars=True)
lex.whitespace_split = True
print(list(lex))
print(shlex.shlex(punctuation_chars=True).punctuation_chars)
print(repr(shlex.shlex().punctuation_chars))

lex = shlex.shlex('a-b c.d e/f', posix=True)
print(list(lex))
lex = shlex.shlex('a-b c.d e/f', posix=True)
lex.wordchars += '-./'
print(list(lex))
lex = shlex.shlex('a-b c.d', posix=True)
lex.whitespace_split = True
print(list(lex))

lex = shlex.shlex('x % y\n% gone\nz', posix=True)
lex.commenters = '%'
print(list(lex), lex.lineno)

lex = shlex.shlex('a,b,,c')
lex.whitespace = ','
lex.whitespace_split = True
print(list(lex))

lex = shlex.shlex(io.StringIO('"quoted str" \'other\' plain'))
print(list(lex))
lex = shlex.shlex(io.StringIO('"quoted str" \'other\' plain'), posix=True)
print(list(lex))
lex = shlex.shlex("|a| 'b'", posix=True)
lex.quotes = '|'
print(list(lex))

lex = shlex.shlex('first\nsecond', infile='cfg.txt')
lex.get_token()
lex.get_token()
print(lex.error_leader(), lex.error_leader('other', 7), lex.infile)

lex = shlex.shlex('"open')
try:
    lex.get_token()
except ValueError as e:
    print("ValueError:", e)
lex = shlex.shlex('esc\\', posix=True)
try:
    list(lex)
except ValueError as e:
    print("ValueError:", e)

d = shlex.shlex('x')
print(repr(d.commenters), repr(d.whitespace), repr(d.quotes), repr(d.escape),
      repr(d.escapedquotes), d.whitespace_split, d.posix, repr(d.eof), d.lineno,
      repr(d.token), d.infile, d.debug)
print(repr(d.wordchars))
print(repr(shlex.shlex('x', posix=True).wordchars))
print(repr(shlex.shlex('x', punctuation_chars=True).wordchars))
