# Checks argparse parsing: actions, nargs, types, defaults, '--', combined
# short flags, -x=1 / --foo=1, negative numbers, abbreviations, Namespace.
import argparse

def show(parse, args):
    # Any parse error would print usage to stderr and exit; report it.
    try:
        print(parse(args))
    except SystemExit as e:
        print('exit', e.code)

p = argparse.ArgumentParser(prog='prog')
p.add_argument('-v', '--verbose', action='count', default=0)
p.add_argument('-q', action='store_true')
p.add_argument('-n', type=int, default=5)
p.add_argument('--name', default='anon')
p.add_argument('--no-cache', dest='cache', action='store_false')
p.add_argument('--mode', choices=['fast', 'slow'], default='fast')
p.add_argument('--tag', action='append')
p.add_argument('--const', action='store_const', const=42)
p.add_argument('--add', action='append_const', const='x', dest='adds')
p.add_argument('--ext', action='extend', nargs='+', type=int)
p.add_argument('--pair', nargs=2, metavar=('A', 'B'))
p.add_argument('--opt', nargs='?', const='C', default='D')
p.add_argument('src')
p.add_argument('rest', nargs='*')
show(p.parse_args, ['a'])
show(p.parse_args, ['-vvq', 'a', 'b', 'c'])
show(p.parse_args, ['-n', '7', '--name=bob', 'a'])
show(p.parse_args, ['-n7', '--na', 'al', '--no-c', 'a'])
show(p.parse_args, ['-n=8', 'a', '--tag', 't1', '--tag', 't2', '--const'])
show(p.parse_args, ['a', '--add', '--add', '--ext', '1', '2', '--ext', '3'])
show(p.parse_args, ['--pair', 'x', 'y', 'a', '--opt'])
show(p.parse_args, ['--opt', 'v', 'a'])
show(p.parse_args, ['a', '--', '-q', '--name'])
show(p.parse_args, ['-n', '-3', 'a', '-5'])
show(p.parse_args, ['--mode', 'slow', 'a'])

ns = p.parse_args(['z'])
print(ns.src, ns.verbose, 'src' in ns, 'zzz' in ns)
print(sorted(vars(ns).items()))
print(ns == argparse.Namespace(**vars(ns)), ns == argparse.Namespace(a=1))
print(argparse.Namespace(b=2, a=1), argparse.Namespace(**{'a-b': 1, 'c': 3}))

ns, extra = p.parse_known_args(['a', '--zzz', 'b', '-k'])
print(ns.src, ns.rest, extra)

# nargs variants for positionals
q = argparse.ArgumentParser(prog='q')
q.add_argument('one')
q.add_argument('maybe', nargs='?', default='dflt')
q.add_argument('many', nargs='+')
q.add_argument('two', nargs=2)
print(q.parse_args(['1', '2', '3', '4', '5']))
print(q.parse_args(['1', '2', '3', '4']))

# set_defaults / get_default, SUPPRESS default, string default through type
r = argparse.ArgumentParser(prog='r', argument_default=None)
r.add_argument('--x', default=argparse.SUPPRESS)
r.add_argument('--n', type=int, default='10')
r.set_defaults(func='handler', n='11')
print(r.parse_args([]), r.get_default('func'), r.get_default('n'))
print(r.parse_args(['--x', '1']))
ns = argparse.Namespace(n=3)
print(r.parse_args([], namespace=ns) is ns, ns)

# parents
base = argparse.ArgumentParser(add_help=False)
base.add_argument('--debug', action='store_true')
child = argparse.ArgumentParser(prog='child', parents=[base])
child.add_argument('file')
print(child.parse_args(['--debug', 'f']))

# prefix_chars and BooleanOptionalAction
s = argparse.ArgumentParser(prog='s', prefix_chars='-+')
s.add_argument('+f', action='store_true')
s.add_argument('--color', action=argparse.BooleanOptionalAction, default=True)
print(s.parse_args(['+f', '--no-color']))

# custom Action
class Upper(argparse.Action):
    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, values.upper())
u = argparse.ArgumentParser(prog='u')
u.add_argument('--word', action=Upper)
print(u.parse_args(['--word', 'hi']))
a = u._actions[1]
print(type(a).__name__, a.dest, a.option_strings)
print(repr(p._actions[2]))
