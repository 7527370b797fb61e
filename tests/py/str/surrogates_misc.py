# Lone surrogates through translate/maketrans, the is* predicates and the
# number constructors' errors.
show = lambda x: print(ascii(x))

# translate: surrogates looked up, kept, and made by the table.
s = 'a\ud800b\udc80'
show(s.translate({0xd800: 'X'}))
show(s.translate({0xd800: None, ord('a'): 0xdfff}))
show('abc'.translate({ord('b'): '\ud800\udc00', ord('c'): 0xdc00}))
show(s.translate({}))
show(s.translate(str.maketrans('\ud800b', 'Y\udbff', '\udc80')))
show(sorted(str.maketrans('\ud800\udc00', 'ab', '\udfff').items()))
show(sorted(str.maketrans({'\ud800': '\udc00', 'q': 1}).items()))
try:
    'a'.translate({97: 0x110000})
except ValueError as e:
    print('ValueError', e)
try:
    str.maketrans({'\ud800\udc00': 1})
except ValueError as e:
    print('ValueError', e)

# The predicates: a lone surrogate is no letter, digit, space or
# printable character, and is uncased.
for t in ['\ud800', 'a\ud800', 'A\udc00', '1\ud800', ' \udfff', 'Ab\ud800Cd', '\ufffd']:
    print(ascii(t), t.isalpha(), t.isalnum(), t.isdigit(), t.isdecimal(), t.isnumeric(),
          t.isspace(), t.isprintable(), t.isidentifier(), t.isascii(), t.isupper(),
          t.islower(), t.istitle())

# str() of a str keeps it; int() and float() name it in their errors.
show(str('\ud800x'))
for f in [int, float, complex]:
    for t in ['\ud800', '1\udc80', ' 2\ud800 ']:
        try:
            f(t)
        except ValueError as e:
            print(f.__name__, ascii(str(e)))
try:
    int('\ud800', 16)
except ValueError as e:
    print(ascii(str(e)))
