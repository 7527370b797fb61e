import sys
print(type(sys.argv).__name__, len(sys.argv) >= 1, sys.argv[0].endswith("sys_basic.py"))
print(sys.byteorder in ("little", "big"), sys.maxsize >= 2 ** 31 - 1)
print(type(sys.path).__name__, type(sys.modules).__name__)
print(sys.version_info[0], sys.implementation.name in ("cpython", "micropython", "capy"))
sys.stdout.write("direct\n")
print(hasattr(sys.stderr, "write"), hasattr(sys.stdin, "read"))
print(type(sys.platform).__name__)
