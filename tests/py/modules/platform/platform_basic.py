# platform: the types and shapes of what it reports (the values name the
# implementation, so they differ from CPython's and are not printed).
import platform
import sys

print(type(platform.platform()), type(platform.python_compiler()))
lib = platform.libc_ver()
print(type(lib), len(lib), [type(x) for x in lib])
print(platform.system() in ("Linux", "Darwin", "Windows", "FreeBSD"))
print(platform.platform().startswith(platform.system() + "-"))
print(platform.machine() in platform.platform())
print(type(platform.python_implementation()))
v = platform.python_version_tuple()
print(len(v), all(p.isdigit() for p in v))
print(platform.python_version() == ".".join(v))
print(v[0] == str(sys.version_info[0]))
