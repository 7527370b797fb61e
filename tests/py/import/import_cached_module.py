# `import m` of a module already in sys.modules takes one probe
# (import.rs); what it gives must not change: the module itself, any
# object a program put there, and ModuleNotFoundError for a None entry.
import sys


def f():
    import os
    return os.sep


print([f() for i in range(3)])
sys.modules['fakemod'] = 42
import fakemod
print(fakemod)
sys.modules['fakemod'] = 'replaced'
import fakemod
print(fakemod)
sys.modules['blocked'] = None
for i in range(2):
    try:
        import blocked
        print("imported", blocked)
    except ImportError as e:
        print(type(e).__name__, e)
try:
    from blocked import x
except ImportError as e:
    print(type(e).__name__, e)
del sys.modules['fakemod']
try:
    import fakemod
except ImportError as e:
    print(type(e).__name__, e)
import os.path
print(os.path.basename('/a/b'))
