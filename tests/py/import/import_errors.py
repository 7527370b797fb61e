try:
    import _does_not_exist
except ImportError as e:
    print("ImportError", isinstance(e, ImportError))
try:
    from _helper import nothing_here
except ImportError:
    print("ImportError name")
try:
    import _raises
except ValueError as e:
    print("ValueError during import:", e)
import sys
print("_raises" in sys.modules)
