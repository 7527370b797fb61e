# Checks argparse sub-commands: add_subparsers (dest, title, description,
# help, metavar, required), add_parser (help, aliases), their help and
# usage text, parse results, defaults per sub-command and errors.
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

p = argparse.ArgumentParser(prog='git')
p.add_argument('--debug', action='store_true')
sub = p.add_subparsers(dest='command', help='sub-command help')
c = sub.add_parser('commit', help='record changes', aliases=['ci'])
c.add_argument('-m', '--message', required=True)
c.add_argument('--amend', action='store_true')
c.set_defaults(func='do_commit')
s = sub.add_parser('status', help='show status')
s.add_argument('paths', nargs='*')
s.set_defaults(func='do_status')
print(p.format_help(), end='')
print('---')
print(c.format_help(), end='')
print('---')
run(p, ['commit', '-m', 'msg'])
run(p, ['--debug', 'ci', '--amend', '-m', 'x'])
run(p, ['status', 'a', 'b'])
run(p, [])
run(p, ['push'])
run(p, ['commit'])
run(p, ['status', '--bogus'])
print(p.parse_known_args(['status', '--bogus', 'x']))

q = argparse.ArgumentParser(prog='tool')
q.add_argument('config')
subs = q.add_subparsers(title='commands', description='valid commands',
                        dest='cmd', required=True, metavar='COMMAND')
subs.add_parser('run', help='run it')
subs.add_parser('stop')
print(q.format_help(), end='')
print('---')
print(subs._name_parser_map['run'].prog)
run(q, ['cfg'])
run(q, ['cfg', 'run'])

r = argparse.ArgumentParser(prog='r')
rs = r.add_subparsers()
rs.add_parser('a')
rs.add_parser('b')
print(r.format_usage(), end='')
run(r, ['a'])
try:
    rs.add_parser('a')
except argparse.ArgumentError as e:
    print('ArgumentError', e)
run(r, ['zz'])
