# Checks argparse help and usage text: column layout, wrapping, groups,
# mutually exclusive groups, metavars, %(default)s/%(prog)s, the four
# formatter classes, long usage wrapping and version output.
import argparse

p = argparse.ArgumentParser(prog='tool', description='A tool that does '
                            'things.   It has a long description that will '
                            'need to be wrapped onto several lines of text.',
                            epilog='See the manual for %(prog)s.')
p.add_argument('infile', help='input file')
p.add_argument('outfile', nargs='?', default='out.txt',
               help='output file (default: %(default)s)')
p.add_argument('-v', '--verbose', action='count', help='more output')
p.add_argument('-n', '--number', type=int, default=3, metavar='N',
               help='how many times to repeat the operation; this help is '
                    'long enough to wrap onto the following line')
p.add_argument('--mode', choices=['a', 'b', 'c'], help='one of %(choices)s')
p.add_argument('--point', nargs=2, metavar=('X', 'Y'))
p.add_argument('--items', nargs='*')
p.add_argument('--more', nargs='+', help='one or more')
p.add_argument('--hidden', help=argparse.SUPPRESS)
p.add_argument('--a-very-long-option-name', help='help on the next line')
g = p.add_argument_group('extra', 'Extra options for experts.')
g.add_argument('--level', type=float, help='a level')
m = p.add_mutually_exclusive_group()
m.add_argument('--fast', action='store_true', help='go fast')
m.add_argument('--slow', action='store_true', help='go slow')
print(p.format_usage(), end='')
print('---')
print(p.format_help(), end='')
print('---')

q = argparse.ArgumentParser(prog='q', add_help=False)
q.add_argument('x')
mx = q.add_mutually_exclusive_group(required=True)
mx.add_argument('-a', action='store_true')
mx.add_argument('-b', action='store_true')
print(q.format_help(), end='')
print('---')

text = 'first line\n    indented line\n\nlast'
for cls in (argparse.RawDescriptionHelpFormatter,
            argparse.RawTextHelpFormatter,
            argparse.ArgumentDefaultsHelpFormatter):
    r = argparse.ArgumentParser(prog='r', description=text, formatter_class=cls)
    r.add_argument('--foo', default=7, help='foo\n  keeps  spacing')
    r.add_argument('bar', nargs='*', default=[1], help='bars')
    r.add_argument('baz', help='baz')
    print(r.format_help(), end='')
    print('---')

# a usage long enough to wrap
w = argparse.ArgumentParser(prog='wrapper')
for name in ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta']:
    w.add_argument('--' + name, metavar=name.upper())
w.add_argument('source')
w.add_argument('destination', nargs='+')
print(w.format_usage(), end='')
print('---')
ww = argparse.ArgumentParser(prog='a-very-long-program-name-that-takes-most-of-the-line-by-itself')
ww.add_argument('--one', metavar='ONE_VALUE')
ww.add_argument('--two', metavar='TWO_VALUE')
ww.add_argument('--three', metavar='THREE_VALUE')
ww.add_argument('target')
print(ww.format_usage(), end='')
print('---')

e = argparse.ArgumentParser(prog='e', usage='%(prog)s [options] FILE')
e.add_argument('file')
print(e.format_help(), end='')
print('---')
n = argparse.ArgumentParser(prog='n', add_help=False)
print(repr(n.format_usage()), repr(n.format_help()))

v = argparse.ArgumentParser(prog='ver')
v.add_argument('--version', action='version', version='%(prog)s 1.2.3')
print(v.format_help(), end='')
try:
    v.parse_args(['--version'])
except SystemExit as ex:
    print('exit', ex.code)
try:
    v.parse_args(['-h'])
except SystemExit as ex:
    print('exit', ex.code)
