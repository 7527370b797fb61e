# sys.implementation is an object with attributes that prints them.
import sys

t = sys.implementation
print(str(t).find("version=") > 0, str(t).find("name=") > 0)
print(isinstance(t.name, str), isinstance(t.version, tuple), len(t.version) >= 3)
print(t.name == sys.implementation.name, hasattr(t, "name"))
