import _helper
print(_helper.value, _helper.greet("x"), _helper.calls)
import _helper as h2
print(h2 is _helper, h2.calls)
from _helper import greet, Thing
print(greet("y"), Thing.kind, _helper.calls)
import sys
print("_helper" in sys.modules)
print(_helper.__name__)
