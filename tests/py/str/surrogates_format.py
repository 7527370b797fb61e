# Lone surrogates through padding and formatting: the str methods that pad,
# %-formatting and str.format with a width or precision, f-strings, and
# surrogates inside a format string itself.
s = '\ud800x\udc80'
show = lambda x: print(ascii(x))

# center / ljust / rjust / zfill / expandtabs.
show(s.center(9))
show(s.center(8, '\udfff'))
show('ab'.center(5, '\ud800'))
show(s.ljust(6, '*'))
show(s.rjust(6))
show('x'.rjust(3, '\udc00'))
show(s.center(2))
show('-\ud8001'.zfill(6))
show('+\ud800'.zfill(4))
show('\ud800'.zfill(3))
show('\ud800\tx\t\udc00\n\t'.expandtabs())
show('\ud800\tx\t\udc00\n\t'.expandtabs(4))
show('a\t\ud800'.expandtabs(tabsize=2))
try:
    'x'.center(4, '\ud800\ud800')
except TypeError as e:
    print('TypeError', e)

# %-formatting: width, precision, '-', '*', and the format string's own.
show('%5s|' % s)
show('%-5s|' % s)
show('%.2s|' % s)
show('%6.2s|' % s)
show('%*s|' % (-6, s))
show('%s\udc80' % 1)
show('\ud800%d\udc80%s' % (7, 'q'))
show('%(k)s\ud800' % {'k': s})
show('%r %a' % (s, s))
show('%%\ud800%5.1s' % '\udc00z')

# str.format: alignment, fill (a surrogate too), precision, nesting.
show('{:>5}|'.format(s))
show('{:<5}|{:^7}|'.format(s, s))
show('{:.1}|{:5.2}|'.format(s, s))
show('{:\ud800>6}'.format('ab'))
show('{:\ud800^7}'.format(s))
show('{:\udc00=+6}'.format(12))
show('{:\udc00<8.3f}'.format(2.5))
show('{0:{1}}|'.format(s, 6))
show('\ud800{}'.format(1))
show('{}\udc80{}'.format('a', s))
show('{{\ud800}}{!r:>9}'.format(s))
show('{k:>4}'.format(k='\udfff'))
show('{0[1]:>4}'.format(['a', '\ud800']))
show('\ud800{x}'.format_map({'x': s}))

# format() and f-strings with a width, precision and fill.
show(format(s, '>6'))
show(format(s, '*^9.2'))
show(format(3, '\ud800>4'))
w = 7
fill = '\ud800'
show(f'{s:>{w}}|{s:.1}|{s!r:^14}|{s:{fill}<5}')
show(f'{1}{s:3}{s:*>4}')
try:
    format(s, 'd')
except ValueError as e:
    print('ValueError', e)
try:
    '{:=5}'.format(s)
except ValueError as e:
    print('ValueError', e)

# %c of a surrogate (a code point or a one-character str).
show('%c|%3c|%-3c|%c' % (0xd800, 0xdc00, '\udfff', 'x'))
