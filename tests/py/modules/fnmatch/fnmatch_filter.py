# fnmatch.filter: "*" + literal patterns (tested with endswith) agree with
# the general expression match, for every kind of name.
import fnmatch, re


class S(str):
    pass


names = ["a.py", "b.PY", "c.txt", ".d.py", "x/y.py", "py", ".py", "a.pyc", "é.py", "line\n.py", "", S("s.py")]
for pat in ["*.py", "*", "*py", "*.", "*x", "**.py", "*.p?", "*.[pt]*", "a*", "*/y.py", "*\n.py", "*é.py"]:
    got = fnmatch.filter(names, pat)
    want = [n for n in names if fnmatch.fnmatchcase(n, pat)]
    print(repr(pat), got, got == want, [type(n).__name__ for n in got if type(n) is not str])
print(fnmatch.filter([], "*.py"), fnmatch.filter(("t.py", "u"), "*.py"), fnmatch.filter(iter(["v.py"]), "*.py"))
for bad in ([b"a.py"], [1], [None]):
    try:
        print(fnmatch.filter(bad, "*.py"))
    except TypeError as e:
        print("TypeError")
print(fnmatch.fnmatch("A.PY", "*.PY"), fnmatch.translate("*.py"))
