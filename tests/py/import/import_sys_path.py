# The import statement searches sys.path as the program leaves it: an
# entry added at run time is searched, a removed one is not, and a
# replaced list is used from then on. Non-str entries are skipped.
import sys

here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path.append(42)
try:
    import _on_path
except ImportError as e:
    print(type(e).__name__, e)
sys.path.append(here + "/_extra")
import _on_path

print(_on_path.where)

saved = list(sys.path)
sys.path[:] = []
try:
    import _helper
except ImportError as e:
    print(type(e).__name__, e)

sys.path = saved
import _helper

print(_helper.value)
