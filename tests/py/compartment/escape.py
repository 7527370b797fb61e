# The escape suite: code in a compartment tries to reach what it was not
# granted. Every attempt must fail (or reach only its own, local things),
# and the host and the other compartments must be unchanged afterwards.
import compartment

secret = "host secret"
host_list = [1, 2, 3]

def log(msg):
    return "logged"

def fail():
    raise ValueError(host_list, account)

class Account:
    def __init__(self):
        self.balance = 100
    def show(self):
        return self.balance

account = Account()
bystander = compartment.Compartment("bystander")
bystander.exec("treasure = ['gold']")

evil = compartment.Compartment(
    "evil", heap="2M", timeout=2.0, steps=2000000,
    grants={"log": log, "show": account.show, "fail": fail, "limit": 10},
)
evil.exec("""
def catch(f):
    try:
        f()
    except Exception as e:
        return e
""")

def attempt(n, label, src):
    try:
        got = evil.eval(src)
        print(n, label, "-> got", got)
    except compartment.CompartmentError as e:
        print(n, label, "-> blocked", e.kind)

tries = [
    # Ambient authority
    ("stdin via input", "input()"),
    ("stdin via sys", "__import__('sys').stdin.read()"),
    ("stdin readline", "__import__('sys').stdin.readline()"),
    ("open a file", "open('/etc/passwd').read()"),
    ("list / through os", "__import__('os').listdir('/')"),
    ("import uctypes", "__import__('uctypes')"),
    ("cheri.Memory", "__import__('cheri').Memory(64)"),
    ("cheri.sealing_root", "__import__('cheri').sealing_root()"),
    ("make compartments", "__import__('compartment').Compartment('x')"),
    ("load a module", "__import__('compartment').load('escape')"),
    ("import from the file system", "__import__('_shapes')"),
    ("sys.path", "len(__import__('sys').path)"),
    ("sys.argv", "len(__import__('sys').argv)"),
    ("high-resolution clock", "__import__('time').perf_counter_ns() % 1000000"),
    ("raise the recursion limit", "(__import__('sys').setrecursionlimit(20000), __import__('sys').getrecursionlimit())[1] <= 200"),
    # Other compartments and the host's namespaces
    ("host main module", "__import__('__main__').secret"),
    ("sys.modules of the host", "'escape' in __import__('sys').modules or 'compartment' in str(__import__('sys').modules.get('__main__'))"),
    ("another compartment's globals", "treasure"),
    ("gc.get_objects", "__import__('gc').get_objects()"),
    ("builtins are local", "__import__('builtins').secret"),
    # Through the granted function
    ("__globals__ of a grant", "log.__globals__"),
    ("__closure__ of a grant", "log.__closure__"),
    ("__code__ of a grant", "log.__code__"),
    ("__defaults__ of a grant", "log.__defaults__"),
    ("__builtins__ of a grant", "log.__builtins__"),
    ("getattr with a dunder", "getattr(log, '__glob' + 'als__')"),
    ("the forwarding method itself", "type(log).__getattr__(log, '__globals__')"),
    ("__self__ of a granted method", "show.__self__"),
    ("__func__ of a granted method", "show.__func__"),
    ("__dict__ of the handle is local", "show.__dict__"),
    ("__class__ of the handle is local", "show.__class__.__name__"),
    ("set an attribute of the grant", "setattr(log, '__globals__', {})"),
    ("delete an attribute of the grant", "delattr(log, '__code__')"),
    # Forging and confusing handles
    ("forge a handle", "type(log)()"),
    ("forge via object.__new__", "object.__new__(type(log))('x')"),
    ("call the forwarder on a non-handle", "type(log).__call__([1, 2])"),
    ("forwarders on a bare object", "type(log).__len__(object())"),
    # Exceptions and tracebacks
    ("a host exception's arguments", "[type(a).__name__ for a in catch(fail).args]"),
    ("a host exception object", "(type(catch(fail)).__name__, catch(fail).kind)"),
    ("fault carries strings only", "(lambda: [type(v).__name__ for v in __import__('compartment').CompartmentError('x').args])()"),
    ("a deep exception hierarchy", "exec('C = Exception\\nfor i in range(100): C = type(\\'E%d\\' % i, (C,), {})') or C"),
    ("import through a forged __path__", "exec(\"import sys\\nm = type(sys)('pkg')\\nm.__path__ = ['.', 'tests/py/compartment']\\nsys.modules['pkg'] = m\\nimport pkg._shapes\")"),
    ("operator ping-pong between compartments", "[] + show"),
    # Limits
    ("heap bomb", "[bytearray(1 << 16) for _ in range(1000)]"),
    ("recursion bomb", "(lambda f: f(f))(lambda f: f(f))"),
    ("endless loop", "[0 for _ in iter(int, 1) if False]"),
    ("huge int work", "10 ** (10 ** 9)"),
    ("exit the process", "__import__('sys').exit(0)"),
    ("stop the host with KeyboardInterrupt", "(_ for _ in ()).throw(KeyboardInterrupt)"),
    ("mutate shared types", "setattr(int, 'evil', 1)"),
    # Last: these try to change the compartment's own classes and builtins.
    ("patch the local handle class", "setattr(type(log), '__call__', lambda *a: 'patched') or log('x')"),
    ("mutate the builtins of others", "exec('import builtins; builtins.len = None') or len"),
]
for n, (label, src) in enumerate(tries, 1):
    attempt(n, label, src)
print(len(tries), "attempts")

# Nothing changed outside the compartment.
print(secret, host_list, account.balance, len([1, 2]), hasattr(int, "evil"))
print(bystander.eval("treasure"), bystander.eval("len([1])"))
print(evil.eval("limit"), evil.eval("show()"))
# An exception class crosses as a mirror without the owner's methods.
evil.exec("class Hostile(Exception):\n    def steal(self): return 'stolen'")
print(hasattr(evil.get("Hostile"), "steal"), evil.get("Hostile").__name__)
# The host's own handle class was not patched.
print(len(bystander.get("treasure")))
