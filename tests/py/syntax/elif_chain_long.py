# An if/elif chain of many branches compiles (CPython compiles thousands);
# each branch still sees its own line in a traceback.
from __future__ import annotations

import __future__


def f(x: Undefined) -> AlsoUndefined:
    return x


print(f(1), f.__annotations__ if hasattr(f, "__annotations__") else "")
print(__future__.annotations.getOptionalRelease(), "annotations" in __future__.all_feature_names)

src = "def pick(x):\n    if x == 0:\n        return 'zero'\n"
src += "".join("    elif x == %d:\n        return %d\n" % (i, i * i) for i in range(1, 300))
src += "    else:\n        return 1 // (x - x)\n"
ns = {}
exec(src, ns)
print([ns["pick"](i) for i in (0, 1, 150, 299)])
try:
    ns["pick"](1000)
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)

total = eval("+".join(str(i) for i in range(400)))
print(total)
