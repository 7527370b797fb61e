# expect: exit=3
import sys
print("exiting")
sys.exit(3)
