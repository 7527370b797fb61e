# The import statement searches sys.path as the program leaves it: an
# entry added at run time is searched, a removed one is not, and a
# replaced list is used from then on. Non-str entries are skipped.
import sys

import _helper  # beside this test: its folder holds the other helpers

here = _helper.__file__.rsplit("/", 1)[0] if "/" in _helper.__file__ else "."
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
    import _raises
except ImportError as e:
    print(type(e).__name__, e)

sys.path = saved
try:
    import _raises
except ValueError as e:
    print("found again:", e)
