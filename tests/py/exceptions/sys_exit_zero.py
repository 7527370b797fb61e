import sys
print("ok")
try:
    sys.exit(0)
except SystemExit as e:
    print("SystemExit", e.args)
sys.exit()
print("unreachable")
