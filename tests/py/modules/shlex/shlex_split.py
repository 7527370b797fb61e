# Checks shlex.split in POSIX and non-POSIX mode: quotes, escapes inside
# and outside quotes, comments on/off, empty strings, and the ValueError
# messages for unclosed quotes and a trailing backslash.
import shlex

cases = [
    'a b  c',
    '  leading and trailing  ',
    '',
    'echo "hello world" \'single quoted\'',
    'a"b c"d',
    "it's \"a test\"",
    r'a\ b c\\d',
    r'"a\"b" "c\\d" "e\f"',
    r"'a\b' 'c\'",
    'x=1 y="2 3" # a comment',
    'ls -la /tmp/*.txt | grep foo > out.txt',
    'a\tb\nc\rd',
    '""',
    "'' x ''",
    'one"two"three',
    'caf\xe9 na\xefve',
    '--opt=val --flag',
    'a#b #c',
]
for s in cases:
    print(repr(s))
    for posix in (True, False):
        for comments in (False, True):
            try:
                print("  ", posix, comments, shlex.split(s, comments=comments, posix=posix))
            except ValueError as e:
                print("  ", posix, comments, "ValueError:", e)

for bad in ['"unclosed', "'unclosed", 'trailing\\', '"esc\\']:
    for posix in (True, False):
        try:
            print(shlex.split(bad, posix=posix))
        except ValueError as e:
            print(repr(bad), posix, "ValueError:", e)
