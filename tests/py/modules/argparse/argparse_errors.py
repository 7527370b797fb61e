# Checks argparse error reporting: the usage + "prog: error: ..." text on
# stderr and exit status 2, for each kind of parse error, plus
# exit_on_error=False, ArgumentTypeError and add_argument's ValueErrors.
import argparse
import io
import sys

def run(parser, args):
    buf = io.StringIO()
    old = sys.stderr
    sys.stderr = buf
    try:
        print('ok', parser.parse_args(args))
    except SystemExit as e:
        sys.stderr = old
        print('exit', e.code)
        print(buf.getvalue(), end='')
    finally:
        sys.stderr = old

def even(s):
    n = int(s)
    if n % 2:
        raise argparse.ArgumentTypeError('%r is not even' % s)
    return n

p = argparse.ArgumentParser(prog='prog')
p.add_argument('-n', type=int)
p.add_argument('--ratio', type=float)
p.add_argument('--even', type=even)
p.add_argument('--color', choices=['red', 'green'])
p.add_argument('--size', type=int, choices=[1, 2, 3])
p.add_argument('--pair', nargs=2)
p.add_argument('--some', nargs='+')
p.add_argument('--flag', action='store_true')
p.add_argument('--verbose', action='store_true')
p.add_argument('--version', action='store_true')
p.add_argument('file')
p.add_argument('count', type=int)
m = p.add_mutually_exclusive_group()
m.add_argument('-x', action='store_true')
m.add_argument('-y', action='store_true')

run(p, [])
run(p, ['f'])
run(p, ['f', 'many'])
run(p, ['f', '1', '-n', 'abc'])
run(p, ['f', '1', '-n'])
run(p, ['f', '1', '--ratio', 'x.5'])
run(p, ['f', '1', '--even', '3'])
run(p, ['f', '1', '--color', 'blue'])
run(p, ['f', '1', '--size', '9'])
run(p, ['f', '1', '--pair', 'a'])
run(p, ['f', '1', '--some'])
run(p, ['f', '1', '--flag=yes'])
run(p, ['f', '1', '--ver'])
run(p, ['f', '1', '-x', '-y'])
run(p, ['f', '1', 'extra', '--bogus'])
run(p, ['f', '1', '-xz'])

q = argparse.ArgumentParser(prog='q')
g = q.add_mutually_exclusive_group(required=True)
g.add_argument('--on', action='store_true')
g.add_argument('--off', action='store_true')
run(q, [])
run(q, ['--on'])

r = argparse.ArgumentParser(prog='r', exit_on_error=False)
r.add_argument('--n', type=int)
try:
    r.parse_args(['--n', 'q'])
except argparse.ArgumentError as e:
    print('ArgumentError:', e, '|', e.argument_name, '|', e.message)

for kwargs in [dict(nargs=0), dict(const=1), dict(action='nope'),
               dict(type='int'), dict(nargs=2, metavar=('A',))]:
    t = argparse.ArgumentParser(prog='t')
    try:
        t.add_argument('--z', **kwargs)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
t = argparse.ArgumentParser(prog='t')
for args, kw in [(('pos',), dict(required=True)), (('x', 'y'), {}),
                 (('-h',), {}), (('--',), {})]:
    try:
        t.add_argument(*args, **kw)
    except (ValueError, TypeError, argparse.ArgumentError) as e:
        print(type(e).__name__, e)

class Quiet(argparse.ArgumentParser):
    def error(self, message):
        raise RuntimeError(message)
k = Quiet(prog='k')
k.add_argument('a')
try:
    k.parse_args([])
except RuntimeError as e:
    print('RuntimeError', e)

buf = io.StringIO()
k.print_usage(file=buf)
k.print_help(file=buf)
print(buf.getvalue(), end='')
