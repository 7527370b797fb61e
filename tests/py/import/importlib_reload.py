# importlib.reload runs a module's source again in the same module object:
# rebound names take their new values, state the module keeps resets, and
# names the new source no longer defines stay.
import importlib
import sys


import _helper

_helper.greet("a")
_helper.greet("b")
_helper.extra = "kept"
print(_helper.calls, _helper.value)
same = importlib.reload(_helper)
print(same is _helper, _helper.calls, _helper.extra)
print(importlib.reload(sys) is sys)

for bad in (42, "json"):
    try:
        importlib.reload(bad)
    except (TypeError, ImportError) as e:
        print(type(e).__name__, e)

import types

orphan = types.ModuleType("orphan_xyz")
try:
    importlib.reload(orphan)
except ImportError as e:
    print("ImportError", e)
