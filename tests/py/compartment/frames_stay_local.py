# sys._getframe inside a compartment sees only the compartment's own frames:
# the chain ends at the crossing, never reaching the caller's globals or locals.
import compartment
secret = "host secret"
c = compartment.Compartment("c", heap="8M")
c.exec("""
import sys
def probe():
    f = sys._getframe()
    names = []
    while f is not None:
        names.append((f.f_code.co_name, 'secret' in f.f_globals, 'secret' in f.f_locals))
        f = f.f_back
    return repr(names)
""")
print(c.get("probe")())
def host_side():
    local_secret = 1
    return c.get("probe")()
print(host_side())
