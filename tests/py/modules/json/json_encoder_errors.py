# Checks json.JSONEncoder errors: unserialisable objects, bad keys, NaN with allow_nan=False, circular references (lists, dicts, via default).
import json


class Thing:
    pass


def show(fn):
    try:
        print(fn())
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)


show(lambda: json.JSONEncoder().encode(Thing()))
show(lambda: json.JSONEncoder().encode([1, {"a": {1, 2}}]))
show(lambda: json.JSONEncoder().encode({(1, 2): 3}))
show(lambda: json.JSONEncoder().encode({Thing(): 3}))
show(lambda: json.JSONEncoder(allow_nan=False).encode([1.0, float("nan")]))
show(lambda: json.JSONEncoder(allow_nan=False).encode({float("inf"): 1}))
show(lambda: json.JSONEncoder(sort_keys=True).encode({1: 1, "a": 2}))
a = [1, 2]
a.append(a)
show(lambda: json.JSONEncoder().encode(a))
d = {"k": 1}
d["self"] = {"inner": d}
show(lambda: json.JSONEncoder().encode(d))
shared = [1]
show(lambda: json.JSONEncoder().encode([shared, shared, {"again": shared}]))


class Loop(json.JSONEncoder):
    def default(self, o):
        return o  # hands the same object back: a cycle through default


show(lambda: Loop().encode([Thing()]))


class Wrap(json.JSONEncoder):
    def default(self, o):
        return [o.__class__.__name__]


show(lambda: Wrap().encode({"t": Thing()}))
show(lambda: json.dumps(Thing(), default=lambda o: "custom"))
show(lambda: json.dumps(Thing(), cls=Wrap, indent=2))
