# expect: stderr
import sys
print("out")
sys.stderr.write("this goes to stderr\n")
print("out again")
